// `outbox:releaseMany`: the Outbox's bulk "Send held now" for a ticked selection, through the kernel's bulk release.
import { afterEach, expect, it } from 'vitest'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { createSendingCommands, type SendingCommandsDeps } from './commands'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const HOUR = 3_600_000

it('sends the held among the ids now, and refuses the rest with what they are now', async () => {
  fx = makeFixture()
  const hold = { timezone: 'Asia/Jakarta', mode: 'local', overduePolicy: 'hold' } as const
  // FakeClock starts at 10:00 in Jakarta: the first three fall due while Sender Desk is closed, the last later.
  const { itemIds: held } = await fx.outbox.enqueue({
    deviceId: 'd1',
    recipients: ['6281234567051', '6281234567052', '6281234567053'],
    entries: [{ kind: 'text', text: 'Promo starts at 18:00' }],
    schedule: { localTime: '2026-01-15T11:00', ...hold }
  })
  const {
    itemIds: [later]
  } = await fx.outbox.enqueue({
    deviceId: 'd1',
    recipients: ['6281234567054'],
    entries: [{ kind: 'text', text: 'Next week' }],
    schedule: { localTime: '2026-01-20T11:00', ...hold }
  })
  await fx.outbox.start()
  await fx.outbox.stop()
  fx.clock.jump(5 * HOUR)
  fx.reopen()
  await fx.outbox.start()
  expect(fx.outbox.heldIds()).toEqual(held)

  // Only what the bulk release reads is given: the rest of the deps are for other channels.
  const commands = createSendingCommands({ outbox: fx.outbox } as unknown as SendingCommandsDeps)
  const reply = await commands['outbox:releaseMany']({ ids: [held[0]!, held[2]!, later!, 'gone'] })
  expect(reply).toEqual({
    done: [held[0], held[2]],
    refused: [
      { id: later, reason: 'not_applicable', status: 'scheduled' },
      { id: 'gone', reason: 'not_found', status: null }
    ]
  })
  expect(fx.outbox.heldIds()).toEqual([held[1]])
  await fx.clock.advance(HOUR)
  expect(held.map((id) => fx.outbox.get(id).item.status)).toEqual(['accepted', 'scheduled', 'accepted'])
})
