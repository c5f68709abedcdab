// QA65 (issue 29 point 2): "sent today" counts what was sent, not what the outbox still holds. The operator's Delete
// of a sent message, or retention purging it, took it out of the Overview's "sent today" (18 while the gateway's
// quota had gone down by 19); the device's "sent today", which its daily cap holds to, must not fall either.
import { afterEach, describe, expect, it } from 'vitest'
import { newTextItem } from '../store/testing/new-item'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

let fx: OutboxFixture | undefined
afterEach(async () => {
  await fx?.outbox.stop()
  fx?.close()
  fx = undefined
})

/** A fixture whose device has sent `count` messages, each reported delivered by the gateway. */
async function sentAndDelivered(fixture: OutboxFixture, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, n) => `m${n}`)
  await fixture.outbox.add(ids.map((id, n) => newTextItem(id, { recipient: `62812000000${n}` })))
  await fixture.outbox.start()
  await fixture.runUntil(() => fixture.gateway.messages.length === count)
  await fixture.runUntil(() => fixture.outbox.counts().accepted === count)
  for (const id of ids) fixture.outbox.applyGatewayStatus(fixture.outbox.get(id).item.gatewayId!, 'delivered')
  return ids
}

describe('sent today, once the message has left the outbox (QA65)', () => {
  it("keeps a deleted sent message in the Overview's sent today and the device's", async () => {
    const fixture = makeFixture({ pacingMs: 0, dayZoneOf: () => 'UTC' })
    fx = fixture
    const dayStart = Date.UTC(2026, 0, 15)
    const ids = await sentAndDelivered(fixture, 3)
    const overview = (): number => fixture.outbox.since(dayStart).sent.total
    const device = (): number => fixture.outbox.budgetOf('d1', () => null).sentToday
    expect([overview(), device()]).toEqual([3, 3])
    fixture.outbox.delete(ids[0]!)
    fixture.outbox.deleteMany([ids[1]!])
    expect([overview(), device()]).toEqual([3, 3])
    // Still where each stood when it left: delivered.
    expect(fixture.outbox.since(dayStart).sent.delivered).toBe(3)
  })

  it('keeps the sent messages a retention purge took today', async () => {
    const fixture = makeFixture({ pacingMs: 0, dayZoneOf: () => 'UTC', retentionMs: MINUTE })
    fx = fixture
    const dayStart = Date.UTC(2026, 0, 15)
    const ids = await sentAndDelivered(fixture, 2)
    for (const id of ids) fixture.outbox.applyGatewayStatus(fixture.outbox.get(id).item.gatewayId!, 'read')
    fixture.clock.jump(HOUR)
    expect((await fixture.outbox.sweepRetention()).items).toBe(2)
    expect(fixture.outbox.counts().total).toBe(0)
    expect(fixture.outbox.since(dayStart).sent).toMatchObject({ read: 2, total: 2 })
    expect(fixture.outbox.budgetOf('d1', () => null).sentToday).toBe(2)
  })

  it('holds the daily cap after the day’s sent messages were deleted', async () => {
    const fixture = makeFixture({ pacingMs: 0, dayZoneOf: () => 'UTC' })
    fx = fixture
    fixture.outbox.addDeviceBudget(() => 2)
    const ids = await sentAndDelivered(fixture, 2)
    fixture.outbox.deleteMany(ids)
    await fixture.outbox.add([newTextItem('after', { recipient: '628120000009' })])
    await fixture.clock.advance(HOUR)
    expect(fixture.gateway.messages).toHaveLength(2)
    expect(fixture.outbox.deviceWait('d1')).not.toBeNull()
  })
})

// QA sentdeleted (issue 29 point 2): after deleting 2 of 12 sent today the Overview said 12 and the list it opens
// held 10, with no word why. The core says how many of today's sent are no longer in this computer's outbox.
describe('sent today, of which since deleted from this computer', () => {
  it('counts the sent today whose message was deleted or purged since, by their status when they left', async () => {
    const fixture = makeFixture({ pacingMs: 0, dayZoneOf: () => 'UTC' })
    fx = fixture
    const dayStart = Date.UTC(2026, 0, 15)
    const ids = await sentAndDelivered(fixture, 12)
    expect(fixture.outbox.since(dayStart).sentDeleted.total).toBe(0)
    fixture.outbox.delete(ids[0]!)
    fixture.outbox.deleteMany([ids[1]!])
    const since = fixture.outbox.since(dayStart)
    expect(since.sent.total).toBe(12)
    expect(since.sentDeleted).toMatchObject({ delivered: 2, total: 2 })
    // What the list it opens holds: the other ten.
    expect(since.sent.total - since.sentDeleted.total).toBe(fixture.outbox.counts().delivered)
  })
})

describe('the ledger of what was sent, pruned after a few days', () => {
  it('forgets the sends of days long past at the retention sweep, and keeps the last days’', async () => {
    const fixture = makeFixture({ pacingMs: 0, dayZoneOf: () => 'UTC' })
    fx = fixture
    const ledgerRows = (): number[] => [
      fixture.db.prepare('SELECT COUNT(*) FROM outbox_sent_ledger').pluck().get() as number,
      fixture.db.prepare('SELECT COUNT(*) FROM device_send_quarters').pluck().get() as number
    ]
    const ids = await sentAndDelivered(fixture, 2)
    fixture.outbox.deleteMany(ids)
    fixture.clock.jump(2 * DAY)
    await fixture.outbox.sweepRetention()
    expect(ledgerRows()).toEqual([2, 1])
    fixture.clock.jump(3 * DAY)
    await fixture.outbox.sweepRetention()
    expect(ledgerRows()).toEqual([0, 0])
  })
})
