// A terminal command on a data folder an older version wrote: the update it runs first is said on stderr, step by
// step and then done with its time, while stdout keeps only the command's result; a folder up to date says nothing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LATEST_SCHEMA_VERSION, migrations, openDatabase, schemaVersion } from '../core/store'
import { jsonLineOf, runCli } from './testing/in-process'

const scratch: string[] = []
afterEach(() => scratch.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sd-cli-update-'))
  scratch.push(dir)
  return dir
}

/** A data folder as the previous version left it: every step but the newest applied. */
function folderAtPreviousVersion(): string {
  const dir = dataFolder()
  openDatabase({ dataDir: dir, migrations: migrations.slice(0, -1) }).close()
  return dir
}

const updateLines = (stderr: string): string[] =>
  stderr.split('\n').filter((line) => line.includes('Updating the data folder'))

describe('sender-desk on a data folder that needs an update', () => {
  it('says each step and the time it took on stderr; stdout has the result alone', async () => {
    const dataDir = folderAtPreviousVersion()
    const run = await runCli(['outbox', 'list', '--json'], { SENDER_DESK_DATA_DIR: dataDir })
    expect(run.code, run.stderr).toBe(0)
    expect(jsonLineOf(run)).toMatchObject({ items: [] })
    const newest = migrations.at(-1)!.name
    expect(updateLines(run.stderr)).toEqual([
      // The copy of the folder as it was (kept once per version, to go back to the older version), then the steps.
      'sender-desk: Updating the data folder: keeping a copy as it was first…',
      `sender-desk: Updating the data folder: step 1 of 1 (${newest})…`,
      expect.stringMatching(/^sender-desk: Updating the data folder: done in \d+(\.\d)? s$/)
    ])
    const db = openDatabase({ dataDir })
    expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION)
    db.close()
  })

  it('says nothing when the folder is up to date, nor when it is new', async () => {
    const dataDir = folderAtPreviousVersion()
    await runCli(['outbox', 'list', '--json'], { SENDER_DESK_DATA_DIR: dataDir })
    const again = await runCli(['outbox', 'list', '--json'], { SENDER_DESK_DATA_DIR: dataDir })
    expect(again.code).toBe(0)
    expect(again.stderr).toBe('')
    const fresh = await runCli(['outbox', 'list', '--json'], { SENDER_DESK_DATA_DIR: dataFolder() })
    expect(fresh.code).toBe(0)
    expect(fresh.stderr).toBe('')
  })

  it('the inbox and contacts commands say it too', async () => {
    const dataDir = folderAtPreviousVersion()
    const run = await runCli(['contacts', 'list', '--json'], { SENDER_DESK_DATA_DIR: dataDir })
    expect(run.code, run.stderr).toBe(0)
    expect(updateLines(run.stderr)).toHaveLength(3)
  })
})
