/**
 * The terminal writes to the app's data folder while the app runs (QA24 Q24-03): the app's core notices another
 * process's commits within about a second and announces them as the change events the window already follows, once
 * per change, and says nothing while nobody else writes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { EventChannel } from '../../src/shared/contract'
import { FakeClock } from '../../src/main/core/clock'
import { composeCore, dispatchInvoke, type Core } from '../../src/main/core/compose'
import { createOutbox } from '../../src/main/core/sending'
import { ContactsStore, openDatabase } from '../../src/main/core/store'
import { newTextItem } from '../../src/main/core/store/testing/new-item'
import { MemoryVault } from '../../src/main/core/vault'
import { writeFileAtomic } from '../../src/main/core/private-files'
import { conversationWithACustomer } from './testing/inbox-conversation'

let dataDir: string
let core: Core | null = null
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sd-other-process-'))
})
afterEach(async () => {
  await core?.stop()
  core = null
  rmSync(dataDir, { recursive: true, force: true })
})

const CHANGE_EVENTS: readonly EventChannel[] = [
  'outbox:countsChanged',
  'outbox:bulkChanged',
  'inbox:changed',
  'contacts:changed'
]

it('announces what another process committed as change events, once per change, and nothing while nobody writes', async () => {
  const clock = new FakeClock()
  core = await composeCore({
    dataDir,
    clock,
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    pollIntervals: { idleMs: 10 * 60_000, linkingMs: 60_000, settlingMs: 60_000 }
  })
  await core.start()
  const heard: { event: EventChannel; payload: unknown }[] = []
  core.events.subscribe((event, payload) => {
    if (CHANGE_EVENTS.includes(event)) heard.push({ event, payload })
  })
  // What the start itself says (the inbox's first status) is over by then; after it, nobody writes.
  await clock.advance(5_000)
  heard.length = 0
  await clock.advance(5_000)
  expect(heard).toEqual([])
  // Its own writes are not another process's: they say what they changed themselves, nothing more.
  await dispatchInvoke(core.handlers, 'settings:update', { pacingMs: 2_000 })
  await clock.advance(3_000)
  expect(heard).toEqual([])

  // The terminal queues a message through a connection of its own (`send --queue`).
  const terminalDb = openDatabase({ dataDir })
  try {
    const terminal = createOutbox({ db: terminalDb, dataDir, clock, clientFor: () => undefined })
    await terminal.add([newTextItem('from-terminal', { deviceId: 'cli-d1', recipient: '6281234567890' })])
  } finally {
    terminalDb.close()
  }
  await clock.advance(1_000)
  expect(heard.map((h) => h.event).sort()).toEqual([...CHANGE_EVENTS].sort())
  expect(heard.find((h) => h.event === 'outbox:countsChanged')?.payload).toMatchObject({
    counts: { queued: 1, total: 1 }
  })
  // Once for that commit: the next seconds are quiet again.
  heard.length = 0
  await clock.advance(5_000)
  expect(heard).toEqual([])

  // A customer's conversation written elsewhere (the terminal's `inbox sync`, or its delete) moves the inbox too.
  conversationWithACustomer(dataDir, '6281234567890')
  await clock.advance(1_000)
  expect(heard.map((h) => h.event)).toContain('inbox:changed')

  // A customer the terminal names (`contacts set`): the window's names of that number are asked again (they showed
  // only once something else moved).
  heard.length = 0
  const namingDb = openDatabase({ dataDir })
  try {
    new ContactsStore(namingDb).learn('6281234567890', 'Bu Dewi', 'operator', clock.now())
  } finally {
    namingDb.close()
  }
  await clock.advance(1_000)
  expect(heard.map((h) => h.event)).toContain('contacts:changed')
})

/** A device on a real gateway, not the built-in sandbox one. */
const ON_SANDBOX_GATEWAY = false

/** A device record as the devices file keeps it (no token: that is in the vault). */
const deviceRecord = (id: string, label: string, order: number): Record<string, unknown> => ({
  id,
  label,
  baseUrl: 'https://gateway.example',
  order,
  sandbox: ON_SANDBOX_GATEWAY,
  createdAt: '2026-01-01T00:00:00.000Z',
  tokenHint: '••••',
  hasSecret: false,
  serial: null,
  maxFileBytes: null,
  dailyCap: null,
  terminalIds: []
})

it('follows the devices file another process writes (added, renamed, removed), and its own writes do not come back', async () => {
  const devicesFile = join(dataDir, 'devices.json')
  const written = (...devices: Record<string, unknown>[]): string =>
    `${JSON.stringify({ version: 1, devices }, null, 2)}\n`
  writeFileSync(devicesFile, written(deviceRecord('d1', 'Front office', 0)))
  const clock = new FakeClock()
  core = await composeCore({
    dataDir,
    clock,
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    pollIntervals: { idleMs: 10 * 60_000, linkingMs: 10 * 60_000, settlingMs: 10 * 60_000 }
  })
  await core.start()
  const shown: string[][] = []
  core.events.subscribe((event, payload) => {
    if (event !== 'devices:changed') return
    shown.push((payload as { devices: { label: string }[] }).devices.map((d) => d.label))
  })
  await clock.advance(5_000)
  shown.length = 0
  await clock.advance(5_000)
  expect(shown).toEqual([])

  // Another process replaces the file as every writer of the folder does (a temp file renamed over it).
  const replace = async (text: string): Promise<void> => {
    await writeFileAtomic(devicesFile, text)
    await clock.advance(1_000)
  }
  await replace(written(deviceRecord('d1', 'Front office', 0), deviceRecord('d2', 'Branch', 1)))
  expect(shown.at(-1)).toEqual(['Front office', 'Branch'])
  expect(core.registry.get('d2')?.label).toBe('Branch')

  shown.length = 0
  await replace(written(deviceRecord('d1', 'Reception', 0), deviceRecord('d2', 'Branch', 1)))
  expect(shown.at(-1)).toEqual(['Reception', 'Branch'])

  shown.length = 0
  await replace(written(deviceRecord('d2', 'Branch', 1)))
  expect(shown.at(-1)).toEqual(['Branch'])
  expect(core.registry.get('d1')).toBeUndefined()

  // Edited in place (an editor that writes over the file): followed too.
  shown.length = 0
  writeFileSync(devicesFile, written(deviceRecord('d2', 'Branch office', 1)))
  await clock.advance(1_000)
  expect(shown.at(-1)).toEqual(['Branch office'])

  // The app's own rename says so once, by itself; the file it wrote is not taken for another process's.
  shown.length = 0
  await dispatchInvoke(core.handlers, 'devices:rename', { id: 'd2', label: 'Main branch' })
  expect(shown).toEqual([['Main branch']])
  await clock.advance(5_000)
  expect(shown).toEqual([['Main branch']])
  // A file written again with the same list changes nothing the window shows.
  await replace(written({ ...deviceRecord('d2', 'Main branch', 1), terminalIds: [] }))
  await clock.advance(3_000)
  expect(shown).toEqual([['Main branch']])
})
