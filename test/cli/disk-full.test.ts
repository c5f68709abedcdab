/**
 * Attack: the data folder's disk is full when a terminal command starts, or fills while `outbox flush` sends.
 * Outcome: the real `sender-desk` binary exits with code 1 and one line saying the disk is full (never "disk I/O
 * error", never a hang), holding no timer and no lease a second flush would be refused by; once there is room again,
 * a flush sends what is left, each message once. Runs on a 16 MB tmpfs, which only root may mount.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { canMountDisk, mountSmallDisk, type SmallDisk } from '../../src/main/core/testing/small-disk'

const root = join(import.meta.dirname, '..', '..')
const BIN = join(root, 'bin/sender-desk.js')
const DISK_FULL_LINE = 'sender-desk: The disk is full: free some space and try again (nothing was lost).'

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

let work: string
let smallDisk: SmallDisk | undefined
let disk: string
let sandbox: Sandbox
let sandboxControl: SandboxControl
let env: NodeJS.ProcessEnv

/** Runs the binary; `onStderr` sees each chunk (to fill the disk once sending has begun). A hang fails the test. */
function run(args: string[], onStderr?: (chunk: string) => void): Promise<Run> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
    onStderr?.(chunk)
  })
  const guard = setTimeout(() => child.kill('SIGKILL'), 40_000)
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => {
      clearTimeout(guard)
      resolve({ code, stdout, stderr })
    })
  })
}

function emptyDisk(): void {
  for (const name of ['ballast', 'ballast-2', 'data'])
    rmSync(join(disk, name), { recursive: true, force: true })
}

const recipients = (count: number): string =>
  Array.from({ length: count }, (_, i) => `0812${String(i + 1).padStart(8, '0')}`).join(',')

/** The failure lines: everything on stderr but flush's progress lines. */
const failureLines = (result: Run): string[] =>
  result.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('sent '))

beforeAll(async () => {
  if (!canMountDisk) return
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore', timeout: 180_000 })
  work = mkdtempSync(join(tmpdir(), 'sender-desk-disk-full-'))
  smallDisk = mountSmallDisk(work)
  disk = smallDisk.path
  sandbox = await startSandbox({
    seed: 5,
    timings: { sentAfterMs: 50, deliveredAfterMs: 50, readAfterMs: 50 }
  })
  sandboxControl = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  const { token } = await sandboxControl.createDevice({ linked: true })
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('SENDER_DESK_'))
  )
  env = { ...inherited, HOME: work, SENDER_DESK_BASE_URL: sandbox.baseUrl, SENDER_DESK_TOKEN: token }
}, 200_000)

afterAll(async () => {
  smallDisk?.unmount()
  await sandbox?.close()
  if (work && existsSync(work)) rmSync(work, { recursive: true, force: true })
})

describe.skipIf(!canMountDisk)(
  'a full disk under the terminal (a 16 MB tmpfs; mounting one needs root)',
  () => {
    it('full before the command starts: `send --queue` and `outbox flush` exit 1 with the one disk-full line', async () => {
      emptyDisk()
      const data = join(disk, 'data')
      expect(
        (await run(['send', 'text', '--to', recipients(2), '--message', 'hi', '--queue', '--data-dir', data]))
          .code
      ).toBe(0)
      smallDisk!.fill('ballast')
      for (const args of [
        ['send', 'text', '--to', recipients(3), '--message', 'more', '--queue', '--data-dir', data],
        ['outbox', 'flush', '--data-dir', data, '--timeout', '20']
      ]) {
        const result = await run(args)
        expect([result.code, failureLines(result)]).toEqual([1, [DISK_FULL_LINE]])
      }
    })

    it('filling while `outbox flush` sends: it exits 1 with one line, and the next flush sends the rest once', async () => {
      emptyDisk()
      const data = join(disk, 'data')
      const queued = await run([
        'send',
        'text',
        '--to',
        recipients(12),
        '--message',
        'hello',
        '--queue',
        '--data-dir',
        data
      ])
      expect(queued.code).toBe(0)
      smallDisk!.fill('ballast', 2 * 1024 * 1024)
      let filled = false
      const flushed = await run(['outbox', 'flush', '--data-dir', data, '--timeout', '30'], (chunk) => {
        if (filled || !chunk.startsWith('sent ')) return
        filled = true
        smallDisk!.fill('ballast-2')
      })
      expect(filled).toBe(true)
      expect([flushed.code, failureLines(flushed)]).toEqual([1, [DISK_FULL_LINE]])

      rmSync(join(disk, 'ballast'))
      rmSync(join(disk, 'ballast-2'))
      const again = await run(['outbox', 'flush', '--data-dir', data, '--timeout', '30', '--json'])
      expect(again.code).toBe(0)
      expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, remaining: { queued: 0, sending: 0 } })
      // Every queued message reached the gateway exactly once, across both runs (the first test sent nothing).
      const refIds = (await sandboxControl.messages()).map((m) => m.refId)
      expect(new Set(refIds).size).toBe(12)
      expect(refIds).toHaveLength(12)
    })
  }
)
