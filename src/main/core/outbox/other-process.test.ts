// Another process on the same data folder (the terminal) writes to the queue while the app's kernel runs: once told,
// the kernel sends what it queued (QA24 Q24-03), although no event of its own named that device.
import { afterEach, expect, it } from 'vitest'
import { newTextItem } from '../store/testing/new-item'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'
import { historyNote } from '../../../shared/i18n/notes'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

it('sends what another process queued once told that it committed, on a device that had no work', async () => {
  fx = makeFixture({ pacingMs: 0 })
  await fx.outbox.start()
  const terminal = fx.otherProcess()
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

it('takes over what a terminal left mid-send under its id for a listed device, and settles it by the reports, each once', async () => {
  // The terminal sends for its own id; the app, once it runs, only for its device (the same credentials).
  let appRuns = false
  fx = makeFixture(
    { pacingMs: 0, concurrency: 2, visibilityWindowMs: 2_000 },
    (gateway) => (deviceId) =>
      // The terminal's id names the same gateway device as the app's d1 (one address and token).
      deviceId === (appRuns ? 'd1' : 'cli-x') ? gateway.clientFor('d1') : undefined
  )
  await fx.outbox.start()
  // One reached the gateway before the terminal was killed (its answer never came back), one never left.
  fx.gateway.holdAnswers = true
  await fx.outbox.enqueue({
    deviceId: 'cli-x',
    recipients: ['6281234567001'],
    entries: [{ kind: 'text', text: 'took' }],
    itemIds: ['took']
  })
  await fx.runUntil(() => fx.gateway.heldCount === 1)
  fx.gateway.holdAnswers = false
  fx.gateway.holdSends = true
  await fx.outbox.enqueue({
    deviceId: 'cli-x',
    recipients: ['6281234567002'],
    entries: [{ kind: 'text', text: 'never' }],
    itemIds: ['never']
  })
  await fx.runUntil(() => fx.gateway.heldCount === 2)
  expect(fx.outbox.get('took').item.status).toBe('sending')
  expect(fx.outbox.get('never').item.status).toBe('sending')
  fx.crash()

  // The app runs (it holds the dispatcher lease: the terminal is gone) and adopts the terminal's id for its device.
  appRuns = true
  fx.gateway.holdSends = false
  fx.reopen()
  await fx.outbox.start()
  expect(fx.outbox.adoptTerminalItems(['cli-x'], 'd1')).toBe(2)
  await fx.runUntil(
    () =>
      fx.outbox.get('took').item.status === 'accepted' && fx.outbox.get('never').item.status === 'accepted'
  )
  // Found in the reports, not sent again; the other sent once, after the reports showed it never arrived.
  expect(fx.gateway.accepted('took')).toHaveLength(1)
  expect(fx.gateway.accepted('never')).toHaveLength(1)
  expect(fx.outbox.get('took').item.deviceId).toBe('d1')
  // The operator sees what happened in the message's timeline.
  const notes = fx.outbox.get('took').history.map((entry) => historyNote('en', entry))
  expect(notes.join('\n')).toContain('left it mid-send')
})

it('takes over a reply the terminal left mid-send, settled by the reports, sent once', async () => {
  let appRuns = false
  fx = makeFixture(
    { pacingMs: 0, visibilityWindowMs: 2_000 },
    (gateway) => (deviceId) => (deviceId === (appRuns ? 'd1' : 'cli-x') ? gateway.clientFor('d1') : undefined)
  )
  await fx.outbox.start()
  fx.gateway.holdAnswers = true
  await fx.outbox.enqueue({
    deviceId: 'cli-x',
    recipients: ['6281234567001'],
    entries: [{ kind: 'text', text: 'thanks' }],
    producerTag: 'reply:6281234567001',
    itemIds: ['reply-took']
  })
  await fx.runUntil(() => fx.gateway.heldCount === 1)
  fx.crash()

  appRuns = true
  fx.gateway.holdAnswers = false
  fx.reopen()
  await fx.outbox.start()
  expect(fx.outbox.adoptTerminalItems(['cli-x'], 'd1')).toBe(1)
  await fx.runUntil(() => fx.outbox.get('reply-took').item.status === 'accepted')
  expect(fx.gateway.accepted('reply-took')).toHaveLength(1)
  expect(fx.outbox.get('reply-took').item.deviceId).toBe('d1')
})
