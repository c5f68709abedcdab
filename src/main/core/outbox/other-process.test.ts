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

it('writes nothing of a send whose producer check fails in the transaction that would queue it', async () => {
  // A reply's conversation deleted by another process after the reply was asked for (QA24 Q24-06).
  fx = makeFixture({ pacingMs: 0 })
  const refused = new Error('the conversation is gone')
  await expect(
    fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281234567890'],
      entries: [{ kind: 'text', text: 'Rp 45.000 per lusin.' }],
      producerTag: 'reply:6281234567890',
      itemIds: ['reply-1'],
      atCommit: () => {
        throw refused
      }
    })
  ).rejects.toBe(refused)
  expect(fx.outbox.counts().total).toBe(0)
  expect(() => fx.outbox.get('reply-1')).toThrow(expect.objectContaining({ code: 'not_found' }))
})
