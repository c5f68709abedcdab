/**
 * The `sender-desk` command on a Node.js too old for it (before 22.14 better-sqlite3 13's binary crashes with a bare
 * SIGSEGV, and Node 20 lacks what the CLI loads): one sentence naming the version needed, exit 2, nothing loaded.
 * It runs where an older Node is installed beside the project's (these machines keep Debian's Node 20 as /usr/bin/node).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const bin = join(import.meta.dirname, '..', '..', 'bin', 'sender-desk.js')

function olderNode(): { path: string; version: string } | null {
  for (const path of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(path)) continue
    const version = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
    const [major = 0, minor = 0] = version.split('.').map(Number)
    if (major < 22 || (major === 22 && minor < 14)) return { path, version }
  }
  return null
}

const older = olderNode()

describe('sender-desk on an older Node.js', () => {
  it.skipIf(older === null)(
    'refuses with the version it needs (skipped when no Node older than 22.14 is installed here)',
    () => {
      const run = spawnSync(older!.path, [bin, 'help'], { encoding: 'utf8' })
      expect({ status: run.status, stdout: run.stdout, stderr: run.stderr.trim() }).toEqual({
        status: 2,
        stdout: '',
        stderr: `sender-desk: needs Node.js 22.14 or newer; this is Node ${older!.version}. Install a current Node (.nvmrc says 24).`
      })
    }
  )
})
