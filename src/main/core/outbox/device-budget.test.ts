// A device's daily budget on its own days: the cap starts again at each midnight in the device's zone, whatever the
// day's length (the campaign's finish estimate and the direct send's plan run the same table: all must agree).
import { afterEach, describe, expect, it } from 'vitest'
import { dayIn } from '../../../shared/domain'
import type { ItemRecord } from '../store/outbox-records'
import { newTextItem } from '../store/testing/new-item'
import { DEVICE_DAY_CASES } from '../../../shared/domain/device-day.cases'
import { deviceBudget, deviceBudgetPolicy, type DeviceBudgetDeps } from './device-budget'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'

const HOUR = 3_600_000

const item: ItemRecord = {
  ...newTextItem('row-1'),
  seq: 1,
  updatedAt: 0,
  producerTag: null,
  producerRef: null,
  waitReason: null
}

describe('device budget days', () => {
  it.each(DEVICE_DAY_CASES)(
    'ends each day at its midnight in the device zone: $zone, $why',
    ({ zone, now, midnights }) => {
      const sends = new Map<string, number>()
      const deps: DeviceBudgetDeps = {
        capOf: () => 1,
        zoneOf: () => zone,
        sendsOn: (_, { day }) => sends.get(day) ?? 0
      }
      const policy = deviceBudgetPolicy(deps)
      // One send at the start of each day uses its cap of 1: the device waits until that day's end, the next midnight.
      let at = Date.parse(now)
      for (const midnight of midnights.map(Date.parse)) {
        expect(deviceBudget(deps, 'd1', at).resetsAt).toBe(midnight)
        sends.set(dayIn(at, zone), 1)
        expect(policy.check(item, at)).toMatchObject({ wait: { until: midnight, scope: 'device' } })
        expect(policy.check(item, midnight)).toBeNull()
        at = midnight
      }
    }
  )
})

describe('a daily cap changed while its device waits', () => {
  let fx: OutboxFixture | undefined
  afterEach(() => fx?.close())

  const queuedWaitParams = (): unknown[] =>
    (fx?.outbox.list({ status: ['queued'] }).items ?? []).map((i) => i.waitReason?.messageParams?.['cap'])

  it('sends at once within a raised cap, holds again at a lowered one and says the cap it holds to', async () => {
    const fixture = makeFixture({ pacingMs: 0 })
    fx = fixture
    let cap: number | null = 3
    fixture.outbox.addDeviceBudget(() => cap)
    await fixture.outbox.add(
      Array.from({ length: 9 }, (_, i) => newTextItem(`m${i}`, { recipient: `62812000000${i}` }))
    )
    await fixture.outbox.start()
    await fixture.runUntil(() => fixture.gateway.messages.length === 3)
    await fixture.clock.advance(HOUR)
    expect(fixture.gateway.messages).toHaveLength(3)
    expect(fixture.outbox.deviceWait('d1')).not.toBeNull()
    // Raised mid-day: the held messages go now (not at midnight), up to the new cap.
    cap = 5
    fixture.outbox.dailyCapChanged('d1')
    await fixture.runUntil(() => fixture.gateway.messages.length === 5, { stepMs: 10, maxSteps: 50 })
    await fixture.clock.advance(HOUR)
    expect(fixture.gateway.messages).toHaveLength(5)
    expect(queuedWaitParams()).toEqual([5, 5, 5, 5])
    // Lowered below what was sent today: still held until midnight, the stored wait naming the new cap.
    cap = 4
    fixture.outbox.dailyCapChanged('d1')
    await fixture.clock.advance(HOUR)
    expect(fixture.gateway.messages).toHaveLength(5)
    expect(fixture.outbox.deviceWait('d1')?.reason).toContain('"cap":4')
    expect(queuedWaitParams()).toEqual([4, 4, 4, 4])
    // No cap at all: the rest go at once, and nothing says they wait.
    cap = null
    fixture.outbox.dailyCapChanged('d1')
    await fixture.runUntil(() => fixture.gateway.messages.length === 9, { stepMs: 10, maxSteps: 50 })
    expect(fixture.outbox.deviceWait('d1')).toBeNull()
  })
})

describe('sends counted on the day their zone says now (QA59)', () => {
  let fx: OutboxFixture | undefined
  afterEach(async () => {
    await fx?.outbox.stop()
    fx?.close()
  })

  // Counted under the day string of the zone set when they went: after the operator's zone changed, a device said 39
  // of 202 sent that day, and past a midnight it went on counting the day before's.
  it('counts the sends of the current day in the zone set now, however the zone read when they went', async () => {
    let zone = 'UTC'
    const fixture = makeFixture({ pacingMs: 0, dayZoneOf: () => zone })
    fx = fixture
    await fixture.outbox.start()
    // 15 Jan, 03:00 UTC: in Anchorage (UTC-9) still 14 Jan, 18:00.
    await fixture.outbox.add(
      Array.from({ length: 3 }, (_, i) => newTextItem(`m${i}`, { recipient: `62812000000${i}` }))
    )
    await fixture.runUntil(() => fixture.gateway.messages.length === 3)
    const sentToday = (): number => fixture.outbox.budgetOf('d1', () => 10).sentToday
    expect(sentToday()).toBe(3)
    zone = 'America/Anchorage'
    expect(sentToday()).toBe(3)
    // Anchorage's midnight (09:00 UTC): a new day there, none of its sends yet.
    fixture.clock.jump(Date.UTC(2026, 0, 15, 9, 0) - fixture.clock.now())
    expect(sentToday()).toBe(0)
    // Back on UTC's clock, the three are today's again: 15 Jan in UTC.
    zone = 'UTC'
    expect(sentToday()).toBe(3)
  })

  it('still counts what a build that counted by day string kept for today', async () => {
    const fixture = makeFixture({ pacingMs: 0, dayZoneOf: () => 'UTC' })
    fx = fixture
    fixture.db
      .prepare('INSERT INTO device_send_days (device_id, day, sends) VALUES (?, ?, ?)')
      .run('d1', '2026-01-15', 7)
    await fixture.outbox.start()
    await fixture.outbox.add([newTextItem('m0', { recipient: '628120000000' })])
    await fixture.runUntil(() => fixture.gateway.messages.length === 1)
    expect(fixture.outbox.budgetOf('d1', () => 10).sentToday).toBe(8)
  })
})

describe('a daily cap that starts to hold a device (QA26 Q26-02)', () => {
  let fx: OutboxFixture | undefined
  afterEach(() => fx?.close())

  it('tells whoever follows its messages once, so a send\'s card says the cap instead of only "queued"', async () => {
    const fixture = makeFixture({ pacingMs: 0 })
    fx = fixture
    fixture.outbox.addDeviceBudget(() => 1)
    await fixture.outbox.start()
    await fixture.outbox.add([newTextItem('m0', { recipient: '628120000000' })])
    await fixture.runUntil(() => fixture.gateway.messages.length === 1)
    // Queued as any message is (its view then says nothing of the cap: the cap is asked when its turn comes).
    const bulkBefore = fixture.bulk.length
    await fixture.outbox.add([newTextItem('m1', { recipient: '628120000001' })])
    await fixture.clock.advance(HOUR)
    expect(fixture.outbox.deviceWait('d1')).not.toBeNull()
    // The wait is written on no row: the change is announced, and what is read after it names the cap.
    expect(fixture.bulk.length).toBe(bulkBefore + 1)
    const held = fixture.outbox.list({ status: ['queued'] }).items
    expect(held.map((i) => [i.id, i.waitReason?.messageKey])).toEqual([['m1', 'desktop.wait.deviceDailyCap']])
    // A device held for the same reason is not announced again at each look (a campaign's rows would refetch the
    // outbox's pages at every event).
    await fixture.outbox.add([newTextItem('m2', { recipient: '628120000002' })])
    await fixture.clock.advance(HOUR)
    expect(fixture.bulk.length).toBe(bulkBefore + 1)
  })
})

// QA: the Overview said "5 waiting (5 due later today)" of scheduled messages the device's daily cap holds past today.
describe('the scheduled a daily cap holds past today', () => {
  let fx: OutboxFixture | undefined
  afterEach(async () => {
    await fx?.outbox.stop()
    fx?.close()
  })

  it('counts those due today beyond what the cap leaves, after what is already in line, apart', async () => {
    // FakeClock starts at 2026-01-15T03:00Z = 10:00 in Jakarta.
    const fixture = makeFixture({ pacingMs: 0, dayZoneOf: () => 'Asia/Jakarta' })
    fx = fixture
    let cap: number | null = 4
    fixture.outbox.addDeviceBudget(() => cap)
    await fixture.outbox.start()
    await fixture.outbox.add([newTextItem('sent', { recipient: '628120000001' })])
    await fixture.runUntil(() => fixture.gateway.messages.length === 1)
    await fixture.outbox.setPaused(true)
    // In line before them: one queued now. The cap of 4 leaves two today for the four scheduled at 18:00.
    await fixture.outbox.add([newTextItem('queued', { recipient: '628120000002' })])
    const schedule = (localTime: string) =>
      fixture.outbox.enqueue({
        deviceId: 'd1',
        recipients: ['628120000003', '628120000004'],
        entries: [{ kind: 'text', text: localTime }],
        schedule: { localTime, timezone: 'Asia/Jakarta', mode: 'local' }
      })
    await schedule('2026-01-15T18:00')
    await schedule('2026-01-15T19:00')
    await schedule('2026-01-16T09:00')
    const dayStart = Date.parse('2026-01-14T17:00:00.000Z')
    const dayEnd = Date.parse('2026-01-15T17:00:00.000Z')
    expect(fixture.outbox.since(dayStart, dayEnd)).toMatchObject({ scheduledAfter: 2, scheduledCapHeld: 2 })
    // Without a cap, none is held.
    cap = null
    expect(fixture.outbox.since(dayStart, dayEnd)).toMatchObject({ scheduledCapHeld: 0 })
  })
})
