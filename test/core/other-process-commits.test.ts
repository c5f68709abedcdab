/**
 * The terminal writes to the app's data folder while the app runs (QA24 Q24-03): the app's core notices another
 * process's commits within about a second and announces them as the change events the window already follows, once
 * per change, and says nothing while nobody else writes.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { EventChannel } from '../../src/shared/contract'
import { FakeClock } from '../../src/main/core/clock'
import { composeCore, dispatchInvoke, type Core } from '../../src/main/core/compose'
import { createOutbox } from '../../src/main/core/sending'
import { openDatabase } from '../../src/main/core/store'
import { newTextItem } from '../../src/main/core/store/testing/new-item'
import { MemoryVault } from '../../src/main/core/vault'
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

const CHANGE_EVENTS: readonly EventChannel[] = ['outbox:countsChanged', 'outbox:bulkChanged', 'inbox:changed']

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
})
