/**
 * No crash under load (issue 28, point 7): the outbox's FTS5 search read by two connections while a third writes,
 * with a busy loop on every core, the workers ended abruptly at the end (bench/fts-stress.ts), in a child process so
 * a native fault shows as a signal instead of taking the test runner down. Bounded: 20 s of load.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

describe('FTS5 queries and writes under CPU load', () => {
  it('end normally (no signal, no uncaught error) and leave the search index consistent', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/fts-stress.ts', '20'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const guard = setTimeout(() => child.kill('SIGKILL'), 50_000)
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]))
    )
    clearTimeout(guard)
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' })
    const summary = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>
    expect(summary).toMatchObject({ indexConsistent: true })
    expect(summary['writes']).toBeGreaterThan(0)
    expect(summary['searches']).toBeGreaterThan(0)
  }, 55_000)
})
