// Vitest's global setup: the whole run (every worker, the harness it starts, Chromium's profiles, Miniflare's files)
// writes its temporary files into one folder of its own, removed when the run ends. Tests still clean up what they
// can; this catches what they do not, and what child processes leave.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const PREFIX = 'sender-desk-test-run-'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** A run that was killed never reached its teardown: its folder goes at the next run's start. */
function removeFoldersOfEndedRuns(parent: string): void {
  for (const name of readdirSync(parent)) {
    const pid = name.startsWith(PREFIX) ? Number(name.slice(PREFIX.length).split('-')[0]) : NaN
    if (Number.isInteger(pid) && pid > 0 && !isAlive(pid)) {
      rmSync(join(parent, name), { recursive: true, force: true })
    }
  }
}

export default function setup(): () => void {
  const parent = tmpdir()
  removeFoldersOfEndedRuns(parent)
  const runFolder = mkdtempSync(join(parent, `${PREFIX}${process.pid}-`))
  // Workers start after the global setup and inherit this environment; os.tmpdir() reads TMPDIR on POSIX and
  // TEMP/TMP on Windows.
  const before = { TMPDIR: process.env['TMPDIR'], TMP: process.env['TMP'], TEMP: process.env['TEMP'] }
  process.env['TMPDIR'] = runFolder
  process.env['TMP'] = runFolder
  process.env['TEMP'] = runFolder
  return () => {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
    rmSync(runFolder, { recursive: true, force: true, maxRetries: 3 })
  }
}
