// Checkpoints from a worker thread: the main connection stops copying the log in its commits, the worker copies it,
// and the main connection takes the work back when the worker stops or cannot start.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTOCHECKPOINT_PAGES, checkpointInBackground, emptyLog } from './background-checkpoints'
import { DATABASE_FILE, openDatabase, type SqliteDatabase } from './database'
import { canMountDisk, mountSmallDisk, type SmallDisk } from '../testing/small-disk'

let dir: string
let db: SqliteDatabase
let path: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'checkpoints-test-'))
  db = openDatabase({ dataDir: dir })
  path = join(dir, DATABASE_FILE)
  db.exec('CREATE TABLE filler (bytes BLOB)')
  db.pragma('wal_checkpoint(TRUNCATE)')
})
afterEach(() => {
  if (db.open) db.close()
  rmSync(dir, { recursive: true, force: true })
})

const fileBytes = (): number => statSync(path).size
const logBytes = (): number => statSync(`${path}-wal`).size
/** One commit of about twice SQLite's threshold of log pages (4 kB each). */
const commitPastThreshold = (): void => {
  const insert = db.prepare('INSERT INTO filler (bytes) VALUES (randomblob(3000))')
  db.transaction(() => {
    for (let i = 0; i < AUTOCHECKPOINT_PAGES * 2; i++) insert.run()
  })()
}

describe('checkpointInBackground', () => {
  it('leaves the log to the worker: a commit past the threshold copies nothing into the file on the main thread', async () => {
    const checkpoints = checkpointInBackground(db, path, { everyMs: 60_000 })
    expect(await checkpoints.ready).toBe(true)
    const before = fileBytes()
    commitPastThreshold()
    expect(fileBytes()).toBe(before)
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0)
    await checkpoints.stop()
  })

  it('copies the log into the file from the worker once it was written', async () => {
    const checkpoints = checkpointInBackground(db, path, { everyMs: 10 })
    await checkpoints.ready
    const before = fileBytes()
    commitPastThreshold()
    await vi.waitFor(() => expect(checkpoints.copies()).toBeGreaterThan(0), { timeout: 10_000 })
    expect(fileBytes()).toBeGreaterThan(before)
    // Nothing left for the main connection to copy.
    const [left] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[]
    expect(left!.checkpointed).toBe(left!.log)
    await checkpoints.stop()
  })

  it('hands checkpointing back to the main connection when stopped', async () => {
    const checkpoints = checkpointInBackground(db, path, { everyMs: 60_000 })
    await checkpoints.ready
    await checkpoints.stop()
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(AUTOCHECKPOINT_PAGES)
    const before = fileBytes()
    commitPastThreshold()
    expect(fileBytes()).toBeGreaterThan(before)
  })

  it('empties the log on the main connection when stopped before the worker could', async () => {
    const checkpoints = checkpointInBackground(db, path, { everyMs: 60_000 })
    await checkpoints.ready
    commitPastThreshold()
    const before = fileBytes()
    // A writer keeps the worker's TRUNCATE busy; it still copies what was committed, which shows it has tried.
    db.exec('BEGIN IMMEDIATE')
    emptyLog(db)
    await vi.waitFor(() => expect(fileBytes()).toBeGreaterThan(before), { timeout: 10_000 })
    db.exec('COMMIT')
    expect(logBytes()).toBeGreaterThan(0)

    await checkpoints.stop()
    expect(logBytes()).toBe(0)
  })

  it('reports a worker that cannot open the database, and the main connection keeps checkpointing', async () => {
    const failures: unknown[] = []
    // A folder where the file should be: the worker's connection cannot open it.
    const checkpoints = checkpointInBackground(db, dir, { onFailure: (error) => failures.push(error) })
    expect(await checkpoints.ready).toBe(false)
    expect(failures).toHaveLength(1)
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(AUTOCHECKPOINT_PAGES)
    await checkpoints.stop()
  })

  // The core stops the checkpoints before it closes the database; a connection closed another way (a crash path, a
  // test) must not get a worker started on its file after it, which nothing would stop.
  it('starts no other worker for a connection closed while one was waiting to start', async () => {
    const failures: unknown[] = []
    const checkpoints = checkpointInBackground(db, dir, {
      restartAfterMs: 20,
      onFailure: (error) => failures.push(error)
    })
    expect(await checkpoints.ready).toBe(false)
    expect(failures).toHaveLength(1)
    db.close()
    await new Promise((resolve) => setTimeout(resolve, 200))
    // A worker started on the closed connection's folder would have failed again and said so.
    expect(failures).toHaveLength(1)
    await checkpoints.stop()
  })
})

describe.skipIf(!canMountDisk)(
  'checkpointInBackground on a disk that fills (a 16 MB tmpfs; mounting one needs root)',
  () => {
    let disk: SmallDisk
    let onDisk: SqliteDatabase
    beforeEach(() => {
      disk = mountSmallDisk()
      onDisk = openDatabase({ dataDir: join(disk.path, 'data') })
      onDisk.exec('CREATE TABLE filler (bytes BLOB)')
    })
    afterEach(() => {
      if (onDisk.open) onDisk.close()
      disk.unmount()
    })

    it('starts another worker once a failed one is reported, when there is room again', async () => {
      const failures: unknown[] = []
      const checkpoints = checkpointInBackground(onDisk, join(disk.path, 'data', DATABASE_FILE), {
        everyMs: 60_000,
        restartAfterMs: 50,
        onFailure: (error) => failures.push(error)
      })
      expect(await checkpoints.ready).toBe(true)
      // Written to the log only: copying it grows the database file, which a full disk refuses.
      const insert = onDisk.prepare('INSERT INTO filler (bytes) VALUES (randomblob(3000))')
      onDisk.transaction(() => {
        for (let i = 0; i < 500; i++) insert.run()
      })()
      disk.fill('ballast')
      emptyLog(onDisk)
      await vi.waitFor(() => expect(failures).toHaveLength(1), { timeout: 10_000 })
      expect(onDisk.pragma('wal_autocheckpoint', { simple: true })).toBe(AUTOCHECKPOINT_PAGES)

      rmSync(join(disk.path, 'ballast'))
      await vi.waitFor(() => expect(onDisk.pragma('wal_autocheckpoint', { simple: true })).toBe(0), {
        timeout: 10_000
      })
      emptyLog(onDisk)
      await vi.waitFor(() => expect(statSync(join(disk.path, 'data', `${DATABASE_FILE}-wal`)).size).toBe(0), {
        timeout: 10_000
      })
      expect(failures).toHaveLength(1)
      await checkpoints.stop()
    })
  }
)
