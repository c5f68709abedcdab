// Opening the database: private file modes, WAL, migrations from every earlier version, refusal of newer or damaged files.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DATABASE_FILE, LATEST_SCHEMA_VERSION, openDatabase } from './database'
import { StoreError } from './errors'
import { migrate, migrations, schemaVersion } from './migrations'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'store-test-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const mode = (path: string) => statSync(path).mode & 0o777
/** The copies kept before updates in the test's folder, in order. */
const backups = (): string[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.bak'))
    .sort()

function schemaOf(db: Database.Database): string[] {
  return (
    db
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as {
      type: string
      name: string
      sql: string | null
    }[]
  ).map((r) => `${r.type} ${r.name}: ${r.sql ?? ''}`)
}

describe('openDatabase', () => {
  it('creates a WAL database whose files (and folder) are private to the user', () => {
    const dataDir = join(dir, 'data')
    const db = openDatabase({ dataDir })
    db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('k', '"v"')
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('synchronous', { simple: true })).toBe(2)
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    const path = join(dataDir, DATABASE_FILE)
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(mode(file), file).toBe(0o600)
    expect(mode(dataDir)).toBe(0o700)
    db.close()
  })

  it('tightens the modes of files an older install left readable', () => {
    const path = join(dir, DATABASE_FILE)
    const old = new Database(path)
    old.pragma('journal_mode = WAL')
    old.close()
    chmodSync(path, 0o644)
    openDatabase({ dataDir: dir }).close()
    expect(mode(path)).toBe(0o600)
  })

  it('brings a new database to the latest schema version', () => {
    const db = openDatabase({ dataDir: dir })
    expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION)
    expect(LATEST_SCHEMA_VERSION).toBe(migrations.length)
    db.close()
  })

  it('refuses a database written by a newer version, leaving it untouched', () => {
    const db = openDatabase({ dataDir: dir })
    db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`)
    db.close()
    let error: unknown
    try {
      openDatabase({ dataDir: dir })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(StoreError)
    expect(error).toMatchObject({
      code: 'newer-version',
      foundVersion: LATEST_SCHEMA_VERSION + 1,
      supportedVersion: LATEST_SCHEMA_VERSION
    })
    const raw = new Database(join(dir, DATABASE_FILE))
    expect(raw.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION + 1)
    raw.close()
  })

  it('keeps a copy of an older database before migrating it, once, private, at the version it had', () => {
    const older = openDatabase({ dataDir: dir, migrations: migrations.slice(0, 1) })
    older.prepare("INSERT INTO settings (key, value) VALUES ('probe', '1')").run()
    older.close()
    const backup = join(dir, `${DATABASE_FILE}.schema-1.bak`)
    openDatabase({ dataDir: dir }).close()
    expect(mode(backup)).toBe(0o600)
    const copy = new Database(backup, { readonly: true })
    expect(copy.pragma('user_version', { simple: true })).toBe(1)
    expect(copy.prepare("SELECT value FROM settings WHERE key = 'probe'").get()).toEqual({ value: '1' })
    copy.close()
    // Already at the latest version: nothing more to keep.
    openDatabase({ dataDir: dir }).close()
    expect(backups()).toEqual([`${DATABASE_FILE}.schema-1.bak`])
  })

  it('keeps only the copy made before the newest update: older ones go once a newer one is made and migrated', () => {
    openDatabase({ dataDir: dir, migrations: migrations.slice(0, 1) }).close()
    openDatabase({ dataDir: dir, migrations: migrations.slice(0, 2) }).close()
    expect(backups()).toEqual([`${DATABASE_FILE}.schema-1.bak`])
    // A copy left by a build that kept every one (before this rule) goes too.
    writeFileSync(join(dir, `${DATABASE_FILE}.schema-0.bak`), 'stale')
    openDatabase({ dataDir: dir }).close()
    expect(backups()).toEqual([`${DATABASE_FILE}.schema-2.bak`])
    // Other files of the folder are not the rule's: a name that only looks alike stays.
    writeFileSync(join(dir, `other.db.schema-1.bak`), 'not ours')
    openDatabase({ dataDir: dir }).close()
    expect(backups()).toEqual(['other.db.schema-1.bak', `${DATABASE_FILE}.schema-2.bak`])
  })

  it('starts even when an older copy cannot be removed: it is tried again at the next start', () => {
    openDatabase({ dataDir: dir, migrations: migrations.slice(0, 1) }).close()
    // A folder by a copy's name stands for a file another program holds open (Windows refuses to delete it).
    mkdirSync(join(dir, `${DATABASE_FILE}.schema-0.bak`))
    const db = openDatabase({ dataDir: dir })
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION)
    db.close()
    expect(backups()).toEqual([`${DATABASE_FILE}.schema-0.bak`, `${DATABASE_FILE}.schema-1.bak`])
  })

  it('keeps every copy when the migration fails: the older ones are the way back', () => {
    openDatabase({ dataDir: dir, migrations: migrations.slice(0, 1) }).close()
    openDatabase({ dataDir: dir, migrations: migrations.slice(0, 2) }).close()
    const failing = [...migrations.slice(0, 2), { name: 'fails', sql: 'CREATE TABLE settings (key TEXT)' }]
    expect(() => openDatabase({ dataDir: dir, migrations: failing })).toThrow()
    expect(backups()).toEqual([`${DATABASE_FILE}.schema-1.bak`, `${DATABASE_FILE}.schema-2.bak`])
  })

  it('opens an up-to-date database while another connection holds its write lock, without waiting for it', () => {
    openDatabase({ dataDir: dir }).close()
    // The terminal's `outbox flush` (or another worker) in the middle of a write when the app starts: only a pending
    // migration needs the write lock, and waiting for a busy writer timed out as "locked by another process".
    const writer = new Database(join(dir, DATABASE_FILE))
    writer.exec('BEGIN IMMEDIATE')
    try {
      const db = openDatabase({ dataDir: dir })
      expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION)
      db.close()
    } finally {
      writer.exec('ROLLBACK')
      writer.close()
    }
  })

  it('reports a damaged file as corrupt', () => {
    writeFileSync(join(dir, DATABASE_FILE), Buffer.alloc(8192, 0x42))
    expect(() => openDatabase({ dataDir: dir })).toThrow(expect.objectContaining({ code: 'corrupt' }))
  })
})

describe('migrations', () => {
  /** Data as each version could have written it, to prove every upgrade keeps it. */
  function seed(db: Database.Database, version: number): void {
    if (version >= 1) {
      const insert = db.prepare(
        `INSERT INTO outbox_items (id, seq, device_id, recipient, kind, text, status, gateway_id, created_at, updated_at)
         VALUES (?, ?, 'd1', '6281', 'text', ?, ?, ?, 1000, 2000)`
      )
      insert.run('queued-item', 1, 'hello', 'queued', null)
      insert.run('accepted-item', 2, 'hi', 'accepted', 'gw-1')
      db.prepare('INSERT INTO outbox_history (item_id, at, status, note) VALUES (?, 1000, ?, NULL)').run(
        'queued-item',
        'queued'
      )
      db.prepare(`INSERT INTO settings (key, value) VALUES ('language', '"id"')`).run()
    }
    if (version >= 2) {
      db.prepare(
        `INSERT INTO gateway_schedules (item_id, device_id, schedule_id, pending_op, updated_at) VALUES ('queued-item', 'd1', 's-1', NULL, 3000)`
      ).run()
    }
  }

  for (let from = 0; from < LATEST_SCHEMA_VERSION; from++) {
    it(`upgrades a version ${from} database to version ${LATEST_SCHEMA_VERSION}, keeping its data`, () => {
      const path = join(dir, DATABASE_FILE)
      const old = new Database(path)
      migrate(old, migrations.slice(0, from))
      expect(schemaVersion(old)).toBe(from)
      seed(old, from)
      old.close()

      const db = openDatabase({ dataDir: dir })
      expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION)
      const fresh = openDatabase({ dataDir: join(dir, 'fresh') })
      expect(schemaOf(db)).toEqual(schemaOf(fresh))
      fresh.close()
      if (from >= 1) {
        const items = db
          .prepare('SELECT id, status, held, track_next_at AS trackNextAt FROM outbox_items ORDER BY seq')
          .all()
        expect(items).toEqual([
          { id: 'queued-item', status: 'queued', held: 0, trackNextAt: null },
          // Items a version before tracking (3) had handed to the gateway start being tracked.
          { id: 'accepted-item', status: 'accepted', held: 0, trackNextAt: from < 3 ? 2000 : null }
        ])
        expect(db.prepare('SELECT COUNT(*) AS n FROM outbox_history').get()).toEqual({ n: 1 })
        expect(db.prepare(`SELECT value FROM settings WHERE key = 'language'`).get()).toEqual({
          value: '"id"'
        })
      }
      if (from >= 2) {
        expect(db.prepare('SELECT schedule_id AS id FROM gateway_schedules').all()).toEqual([{ id: 's-1' }])
      }
      db.close()
    })
  }

  it('runs all pending steps in one transaction: a failing step leaves the database as it was', () => {
    const db = openDatabase({ dataDir: dir })
    const broken = [
      ...migrations,
      { name: 'adds a table', sql: 'CREATE TABLE extra (a INTEGER)' },
      { name: 'fails', sql: 'SELECT nope FROM nowhere' }
    ]
    expect(() => migrate(db, broken)).toThrow(expect.objectContaining({ code: 'migration-failed' }))
    expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION)
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'extra'`).get()).toBeUndefined()
    db.close()
  })

  it('is a no-op when already at the latest version', () => {
    const db = openDatabase({ dataDir: dir })
    const before = schemaOf(db)
    migrate(db)
    expect(schemaOf(db)).toEqual(before)
    db.close()
  })
})
