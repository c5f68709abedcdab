// One sandbox per state: a second one on the same data folder or state file gets a typed error naming the holder;
// the lock of a process that died (SIGKILL, no clean-up) is taken over.

import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SandboxStateLockedError, startSandbox } from './index'
import { TestClock } from './test-clock'
import { startSandboxInProcess } from './in-process'

const REPO_ROOT = resolve(__dirname, '../../..')
const PACKAGE_ENTRY = resolve(__dirname, 'index.ts')

let dir: string
let child: ChildProcess | null = null
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-lock-'))
})
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  child = null
  rmSync(dir, { recursive: true, force: true })
})

/** A sandbox in another process on these options; resolves once it is serving. */
async function sandboxInChild(options: object): Promise<ChildProcess> {
  const script = join(dir, 'holder.mts')
  writeFileSync(
    script,
    `import { startSandbox } from ${JSON.stringify(PACKAGE_ENTRY)}\n` +
      `await startSandbox(${JSON.stringify(options)})\n` +
      `process.stdout.write('ready\\n')\n` +
      `setInterval(() => undefined, 60_000)\n`
  )
  const started = spawn(process.execPath, ['--import', 'tsx', script], { cwd: REPO_ROOT, stdio: 'pipe' })
  let stderr = ''
  started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  await new Promise<void>((ready, failed) => {
    started.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) ready()
    })
    started.on('exit', (code) => failed(new Error(`the holder exited (${code}): ${stderr}`)))
  })
  return started
}

describe.each([
  ['a data folder', () => ({ dataDir: join(dir, 'data') })],
  ['a state file', () => ({ stateFile: join(dir, 'world.json') })]
])('exclusive use of %s', (_name, optionsOf) => {
  it('refuses a second sandbox in this process, naming the holder; free again once the first is closed', async () => {
    const first = await startSandboxInProcess({ ...optionsOf(), clock: new TestClock() })
    first.world.createDevice({ linked: true })
    const refused = await startSandbox(optionsOf()).then(
      () => null,
      (error: unknown) => error
    )
    expect(refused).toBeInstanceOf(SandboxStateLockedError)
    expect(refused).toMatchObject({
      code: 'SANDBOX_STATE_LOCKED',
      holder: { pid: process.pid, startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }
    })
    expect((refused as Error).message).toContain(`process ${process.pid}`)
    await first.close()
    // The first one's device was saved, not lost to a second world.
    const second = await startSandboxInProcess({ ...optionsOf(), clock: new TestClock() })
    try {
      expect(second.world.devices()).toHaveLength(1)
    } finally {
      await second.close()
    }
  })

  it('names a live holder in another process, and takes over its lock once that process is SIGKILLed', async () => {
    child = await sandboxInChild(optionsOf())
    const refused = await startSandbox(optionsOf()).then(
      () => null,
      (error: unknown) => error
    )
    expect(refused).toBeInstanceOf(SandboxStateLockedError)
    expect((refused as SandboxStateLockedError).holder.pid).toBe(child.pid)

    const exited = new Promise((done) => child!.once('exit', done))
    child.kill('SIGKILL')
    await exited
    const taken = await startSandbox(optionsOf())
    await taken.close()
  }, 30_000)

  it('takes over a lock that names this pid but was left by an earlier process (a pid reused after a crash)', async () => {
    const options = optionsOf()
    const statePath = 'stateFile' in options ? options.stateFile : join(options.dataDir, 'world.sqlite')
    mkdirSync(join(statePath, '..'), { recursive: true })
    writeFileSync(
      `${statePath}.lock`,
      JSON.stringify({ pid: process.pid, startedAt: '2026-01-01T00:00:00.000Z', host: hostname() })
    )
    const sandbox = await startSandbox(options)
    await sandbox.close()
  })
})
