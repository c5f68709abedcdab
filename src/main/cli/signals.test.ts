// Which commands listen for SIGINT/SIGTERM: only those that wait for them (a listener turns off Node's default exit).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { main } from './index'

const dir = mkdtempSync(join(tmpdir(), 'sd-cli-signals-'))
afterEach(() => {
  vi.restoreAllMocks()
  rmSync(dir, { recursive: true, force: true })
})

describe('signals and the CLI', () => {
  it('a command that does not wait for a stop leaves Ctrl+C and SIGTERM ending the process', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]
    expect(await main(['outbox', 'list', '--data-dir', dir, '--json'], {})).toBe(0)
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before)
  })
})
