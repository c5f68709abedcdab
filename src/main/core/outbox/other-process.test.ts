// Another process on the same data folder (the terminal) writes to the queue while the app's kernel runs: once told,
// the kernel sends what it queued (QA24 Q24-03), although no event of its own named that device.
import { afterEach, expect, it } from 'vitest'
import { createOutbox } from '../sending'
import { openDatabase, type SqliteDatabase } from '../store'
import { newTextItem } from '../store/testing/new-item'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'

let fx: OutboxFixture
let terminalDb: SqliteDatabase | null = null
afterEach(async () => {
  terminalDb?.close()
  terminalDb = null
  await fx.outbox.stop()
  fx.close()
})

it('sends what another process queued once told that it committed, on a device that had no work', async () => {
  fx = makeFixture({ pacingMs: 0 })
  await fx.outbox.start()
  terminalDb = openDatabase({ dataDir: fx.dir })
  const terminal = createOutbox({
    db: terminalDb,
    dataDir: fx.dir,
    clock: fx.clock,
    clientFor: () => undefined
  })
  await terminal.add([newTextItem('from-terminal', { recipient: '6281234567890' })])
  // Nothing of this process moved: its rounds do not know the device has work.
  await fx.clock.advance(5_000)
  expect(fx.gateway.messages).toHaveLength(0)

  fx.outbox.otherProcessCommitted()
  await fx.runUntil(() => fx.outbox.get('from-terminal').item.status === 'accepted')
  expect(fx.gateway.messages.map((m) => m.phone)).toEqual(['6281234567890'])
})
