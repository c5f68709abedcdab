import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

// A full `npm test` once left about 540 folders (homes, databases, harness data, Chromium profiles) in the
// machine's temporary folder on every run: over a gigabyte in a day's runs on a CI machine or a contributor's PC.
describe('a test run’s temporary files', () => {
  let parent: string | undefined
  afterEach(() => {
    if (parent) rmSync(parent, { recursive: true, force: true })
  })

  it('are all gone when the run ends', () => {
    parent = mkdtempSync(join(tmpdir(), 'sd-run-parent-'))
    // The nested run must not think it is a worker of this one.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_OPTIONS')
    )
    const run = spawnSync(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--project', 'node', 'test/setup/isolated-home.test.ts'],
      { env: { ...env, TMPDIR: parent, TMP: parent, TEMP: parent }, encoding: 'utf8', timeout: 60_000 }
    )
    expect(run.status, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toMatch(/1 passed/)
    expect(readdirSync(parent)).toEqual([])
  })
})
