// QA64 follow-up (carried): deleting many messages the gateway keeps waited for one cancel call at a time (a send of
// 200 numbers: 200 calls in a row), the button busy and no count shown. The cancels now go a few at a time, each
// counted as it ends ("Cancelling at the gateway: 12 of 200"), and a 429 stops new calls: the rest stay owed.
import { afterEach, expect, it, vi } from 'vitest'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { createSendingCommands, type SendingCommandsDeps } from './commands'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

/** `count` messages the gateway keeps, saved there, and the progress the delete tells the window. */
async function keptAtGateway(count: number): Promise<{ ids: string[]; progress: unknown[] }> {
  fx = makeFixture()
  const { itemIds } = await fx.outbox.enqueue({
    deviceId: 'd1',
    recipients: Array.from({ length: count }, (_, i) => `628120000${String(i).padStart(4, '0')}`),
    entries: [{ kind: 'text', text: 'Promo at 18:00' }],
    schedule: { localTime: '2099-01-15T18:00', timezone: 'Asia/Jakarta', mode: 'gateway' }
  })
  await fx.outbox.start()
  await fx.runUntil(() => itemIds.every((id) => fx.outbox.get(id).item.savedAtGateway === true))
  return { ids: itemIds, progress: [] }
}

const commands = (progress: unknown[]): ReturnType<typeof createSendingCommands> =>
  createSendingCommands({
    outbox: fx.outbox,
    events: {
      emit: (channel: string, payload: unknown) => progress.push({ channel, ...(payload as object) })
    }
  } as unknown as SendingCommandsDeps)

it('cancels them at the gateway a few at a time, and tells the window how many of how many are done', async () => {
  const { ids, progress } = await keptAtGateway(7)
  fx.gateway.holdScheduleRemovals = true
  const deleting = commands(progress)['outbox:deleteMany']({ ids })
  await fx.runUntil(() => fx.gateway.heldCount > 0)
  // A few on the wire at once, never more (the gateway publishes no rate: a small bound, not all 7).
  expect(fx.gateway.heldCount).toBe(3)
  const told = progress as { channel: string; done: number; total: number }[]
  for (let released = 1; fx.gateway.heldCount > 0; released++) {
    fx.gateway.releaseFirst()
    await fx.clock.advance(0)
    // Each call that ends is counted: waited for, not raced (a round already under way is watched every 10 ms).
    await vi.waitFor(() => expect(told.at(-1)?.done).toBe(released))
  }
  fx.gateway.holdScheduleRemovals = false
  const reply = await deleting
  expect(reply.done).toHaveLength(7)
  expect(fx.gateway.schedules.every((s) => s.state === 'cancelled')).toBe(true)
  // From none to all of the 7, each count told once and in order (the window reads them out as they come).
  expect(told.every((p) => p.channel === 'outbox:gatewayCancelProgress' && p.total === 7)).toBe(true)
  expect(told[0]?.done).toBe(0)
  expect(told.at(-1)?.done).toBe(7)
  expect(told.every((p, i) => i === 0 || p.done > told[i - 1]!.done)).toBe(true)
  expect(told.length).toBeGreaterThan(2)
})

it('starts no new cancel once the gateway asks to slow down: those left stay owed and are kept', async () => {
  const { ids, progress } = await keptAtGateway(6)
  fx.gateway.holdScheduleRemovals = true
  fx.gateway.fail({ op: 'cancelSchedule', code: 'rate_limited', retryAfterMs: 60_000 })
  const deleting = commands(progress)['outbox:deleteMany']({ ids })
  await fx.runUntil(() => fx.gateway.heldCount === 3)
  // The first of the three on the wire is answered 429; the two others end as they were asked.
  fx.gateway.releaseFirst()
  await fx.clock.advance(0)
  fx.gateway.releaseHeld()
  await fx.runUntil(() => fx.gateway.heldCount === 0)
  fx.gateway.holdScheduleRemovals = false
  const reply = await deleting
  expect(fx.gateway.calls.filter((call) => call.op === 'cancelSchedule')).toHaveLength(3)
  expect(reply.done).toHaveLength(2)
  expect(reply.refused.map((r) => r.reason)).toEqual(Array(4).fill('gateway_still_holds'))
})
