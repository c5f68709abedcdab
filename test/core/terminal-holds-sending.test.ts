/**
 * A terminal command holds the dispatcher lease when the app opens (a long `campaign start` or `outbox flush`): the
 * app still starts, every view usable and queueing working, and says sending is held by that terminal; once the
 * terminal lets go (it ended, or it died and left its lease behind), the app takes over by itself and sends what was
 * queued, each message once.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { composeCore, type Core } from '../../src/main/core/compose'
import { OutboxStore, openDatabase, type SqliteDatabase } from '../../src/main/core/store'
import { MemoryVault } from '../../src/main/core/vault'
import { linkSandboxDevice } from './testing/sandbox-core'

/** The kernel's lease name (outbox/kernel.ts), as the terminal's flush takes it. */
const DISPATCHER_LEASE = 'dispatcher'
let dataDir: string
let core: Core | null = null
let terminalDb: SqliteDatabase | null = null
let terminal: ChildProcess | null = null
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sd-terminal-holds-'))
})
afterEach(async () => {
  await core?.stop()
  core = null
  terminalDb?.close()
  terminalDb = null
  terminal?.kill()
  terminal = null
  rmSync(dataDir, { recursive: true, force: true })
})

async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, tries = 200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('timed out')
}

/** A live process standing for the terminal command, and its lease taken on its own connection as the CLI does. */
function terminalHoldsTheLease(): { pid: number; store: OutboxStore } {
  terminal = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' })
  const pid = terminal.pid!
  terminalDb = openDatabase({ dataDir })
  const store = new OutboxStore(terminalDb)
  expect(store.claimLease(DISPATCHER_LEASE, pid, () => true, Date.now())).toEqual({ ok: true })
  return { pid, store }
}

async function composeApp(): Promise<Core> {
  return composeCore({
    dataDir,
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    sandbox: { timings: { sentAfterMs: 50, deliveredAfterMs: 100, readAfterMs: 150 } },
    outbox: { pacingMs: 0, trackingIntervalMs: 100, trackingCapMs: 200 },
    pollIntervals: { idleMs: 1_000, linkingMs: 200, settlingMs: 200 }
  })
}

async function queueOne(app: Core, deviceId: string): Promise<string> {
  const { itemIds } = await app.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['6281234567890'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Pesanan Anda sudah dikirim.' }]
  })
  return itemIds[0]!
}

it('opens while a terminal command sends, says so, and takes over once the terminal ends, sending each message once', async () => {
  const held = terminalHoldsTheLease()
  core = await composeApp()
  await core.start()
  const app = core
  const heard: unknown[] = []
  app.events.subscribe((event, payload) => {
    if (event === 'outbox:countsChanged') heard.push(payload)
  })
  expect(await app.handlers['app:bootstrap']({})).toMatchObject({ sendingHeldBy: held.pid })

  // Queueing works, and nothing goes while the terminal holds sending.
  const deviceId = await linkSandboxDevice(app)
  const itemId = await queueOne(app, deviceId)
  await new Promise((resolve) => setTimeout(resolve, 2_500))
  expect((await app.handlers['outbox:get']({ id: itemId })).item.status).toBe('queued')
  expect((await app.handlers['sandbox:sent']({ deviceId, limit: 10 })).messages).toHaveLength(0)

  // The terminal command ends: it lets go of the lease, and the app takes over by itself.
  held.store.releaseLease(DISPATCHER_LEASE, held.pid)
  await waitFor(
    () => app.handlers['outbox:get']({ id: itemId }),
    (got) => got.item.status !== 'queued' && got.item.status !== 'sending'
  )
  expect((await app.handlers['app:bootstrap']({})).sendingHeldBy).toBeNull()
  expect(heard).toContainEqual(expect.objectContaining({ sendingHeldBy: null }))
  expect(held.store.leaseHolder(DISPATCHER_LEASE)).toBe(process.pid)
  // A while later still one message at the gateway: nothing sent twice.
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const { messages } = await app.handlers['sandbox:sent']({ deviceId, limit: 10 })
  expect(messages.map((m) => m.phone)).toEqual(['6281234567890'])
}, 30_000)

it('takes over the lease a terminal command left behind when it died, without waiting for a release', async () => {
  const held = terminalHoldsTheLease()
  core = await composeApp()
  await core.start()
  const app = core
  expect((await app.handlers['app:bootstrap']({})).sendingHeldBy).toBe(held.pid)
  const deviceId = await linkSandboxDevice(app)
  const itemId = await queueOne(app, deviceId)

  // Killed: its lease row stays, naming a process that no longer runs.
  const ended = new Promise((resolve) => terminal!.once('exit', resolve))
  terminal!.kill('SIGKILL')
  await ended
  await waitFor(
    () => app.handlers['outbox:get']({ id: itemId }),
    (got) => got.item.status !== 'queued' && got.item.status !== 'sending'
  )
  expect((await app.handlers['app:bootstrap']({})).sendingHeldBy).toBeNull()
  const { messages } = await app.handlers['sandbox:sent']({ deviceId, limit: 10 })
  expect(messages).toHaveLength(1)
}, 30_000)
