// Scheduler with a FakeClock: due times, overdue after sleep or restart (send/hold), DST and zones, gateway-schedule sync.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { coreText, historyNote } from '../../../shared/i18n/notes'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'
import type { ScheduleSpec } from './types'
import { OutboxStore } from '../store'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const HOUR = 3_600_000
// FakeClock starts at 2026-01-15T03:00Z = 10:00 in Jakarta.
const jakarta = (localTime: string, extra: Partial<ScheduleSpec> = {}): ScheduleSpec => ({
  localTime,
  timezone: 'Asia/Jakarta',
  mode: 'local',
  ...extra
})

async function scheduleText(schedule: ScheduleSpec, text = 'hello'): Promise<string> {
  const { itemIds } = await fx.outbox.enqueue({
    deviceId: 'd1',
    recipients: ['6281'],
    entries: [{ kind: 'text', text }],
    schedule
  })
  return itemIds[0]!
}

/** Sender Desk started, then closed for `closedMs` and opened again (the app quit over a due time); `settleMs` after. */
async function quitAndReopenAfter(closedMs: number, settleMs = 0): Promise<void> {
  await fx.outbox.start()
  await fx.outbox.stop()
  fx.clock.jump(closedMs)
  fx.reopen()
  await fx.outbox.start()
  await fx.clock.advance(settleMs)
}

describe('local schedules', () => {
  // QA70: "Schedule again" on a cancelled schedule still ahead was written "retried by the operator" in its history.
  it('a cancelled schedule still ahead, retried, is scheduled again, and its history says so', async () => {
    fx = makeFixture()
    const id = await scheduleText(jakarta('2026-01-15T11:00'))
    await fx.outbox.start()
    fx.outbox.cancel(id)
    fx.outbox.retry(id)
    const { item, history } = fx.outbox.get(id)
    expect(item.status).toBe('scheduled')
    expect(history.at(-1)).toMatchObject({ status: 'scheduled', note: 'scheduled again by the operator' })
  })

  it('holds an item until its due time, then sends it', async () => {
    fx = makeFixture()
    const id = await scheduleText(jakarta('2026-01-15T11:00'))
    await fx.outbox.start()
    const { item } = fx.outbox.get(id)
    expect(item).toMatchObject({
      status: 'scheduled',
      scheduledAt: '2026-01-15T04:00:00.000Z',
      timezone: 'Asia/Jakarta'
    })
    expect(item.scheduleMode).toBe('local')
    await fx.clock.advance(HOUR - 1)
    expect(fx.gateway.sends()).toHaveLength(0)
    await fx.clock.advance(1)
    expect(fx.gateway.sends().map((c) => new Date(c.at).toISOString())).toEqual(['2026-01-15T04:00:00.000Z'])
    expect(fx.outbox.get(id).history.map((h) => [h.status, h.note])).toEqual([
      ['scheduled', null],
      ['queued', 'due'],
      ['sending', null],
      ['accepted', expect.stringMatching(/gateway id/)]
    ])
  })

  it('refuses an unknown time zone with a key the window words in the operator language', async () => {
    fx = makeFixture()
    const refused = scheduleText(jakarta('2026-01-15T12:00', { timezone: 'Mars/Base' }))
    await expect(refused).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'schedule.timezone',
      message: 'Unknown time zone: “Mars/Base”.',
      text: { key: 'desktop.error.unknownTimezone', params: { timezone: 'Mars/Base' } }
    })
  })

  it('refuses a day that is no day (a year typed short) in words the window can translate', async () => {
    fx = makeFixture()
    const refused = scheduleText(jakarta('0026-12-06T20:30'))
    await expect(refused).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'schedule.localTime',
      message:
        'There is no 0026-12-06 20:30 to send at: check the day, the month and the year (four digits).',
      text: { key: 'desktop.error.noSuchTime', params: { time: '0026-12-06 20:30' } }
    })
  })

  it('queues at once an item whose time has already passed', async () => {
    fx = makeFixture()
    const id = await scheduleText(jakarta('2026-01-15T09:00'))
    expect(fx.outbox.get(id).item.status).toBe('queued')
  })

  it('sends an overdue item at once after a restart when its policy is "send"', async () => {
    fx = makeFixture()
    const id = await scheduleText(jakarta('2026-01-15T11:00', { overduePolicy: 'send' }))
    await quitAndReopenAfter(5 * HOUR)
    const { item, history } = fx.outbox.get(id)
    expect(item.status).toBe('accepted')
    expect(history.find((h) => h.status === 'queued')?.note).toBe('overdue by 4 h: sending now')
  })

  it.each([
    [3 * 60_000, 'overdue by 3 min: sending now', 'terlambat 3 menit: dikirim sekarang'],
    [3.5 * HOUR, 'overdue by 3.5 h: sending now', 'terlambat 3,5 jam: dikirim sekarang'],
    [73 * HOUR, 'overdue by 3 days: sending now', 'terlambat 3 hari: dikirim sekarang'],
    [49 * HOUR, 'overdue by 2 days: sending now', 'terlambat 2 hari: dikirim sekarang']
  ])(
    "words the overdue delay in the window's language, not English alone (closed %i ms; QA13 Q13-02)",
    async (closedFor, english, indonesian) => {
      fx = makeFixture()
      const id = await scheduleText(jakarta('2026-01-15T11:00', { overduePolicy: 'send' }))
      await quitAndReopenAfter(HOUR + closedFor)
      const queued = fx.outbox.get(id).history.find((h) => h.status === 'queued')!
      expect(queued.note).toBe(english)
      expect(historyNote('id', queued)).toBe(indonesian)
    }
  )

  it('holds an overdue item for the operator after a restart when its policy is "hold"; release sends it', async () => {
    fx = makeFixture()
    const id = await scheduleText(jakarta('2026-01-15T11:00', { overduePolicy: 'hold' }))
    await quitAndReopenAfter(5 * HOUR, HOUR)
    expect(fx.outbox.get(id).item).toMatchObject({ status: 'scheduled', held: true, overduePolicy: 'hold' })
    expect(fx.gateway.sends()).toHaveLength(0)
    // Counted apart from the scheduled that go by themselves (QA13 Q13-01: the window asks the operator about it).
    expect(fx.outbox.heldOverdue()).toBe(1)
    expect(fx.outbox.release(id).status).toBe('queued')
    expect(fx.outbox.heldOverdue()).toBe(0)
    await fx.clock.advance(0)
    expect(fx.outbox.get(id).item.status).toBe('accepted')
  })

  it('sends or cancels every held item at once, in line order, the rest left as they are (probe 4 P5)', async () => {
    fx = makeFixture()
    const { itemIds: held } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281234567031', '6281234567032', '6281234567033'],
      entries: [{ kind: 'text', text: 'Promo starts at 18:00' }],
      schedule: jakarta('2026-01-15T11:00', { overduePolicy: 'hold' })
    })
    const later = await scheduleText(jakarta('2026-01-20T11:00', { overduePolicy: 'hold' }), 'later')
    await quitAndReopenAfter(5 * HOUR, HOUR)
    expect(fx.outbox.heldIds()).toEqual(held)
    // One sent on its own meanwhile is no longer held: refused by the bulk, as by its own button.
    fx.outbox.release(held[1]!)
    const result = fx.outbox.releaseMany(held)
    expect(result.done).toEqual([held[0], held[2]])
    expect(result.refused.map((r) => r.id)).toEqual([held[1]])
    expect(fx.outbox.heldIds()).toEqual([])
    await fx.clock.advance(0)
    expect(held.map((id) => fx.outbox.get(id).item.status)).toEqual(['accepted', 'accepted', 'accepted'])
    // The one due later was never held, and stays scheduled.
    expect(fx.outbox.get(later).item).toMatchObject({ status: 'scheduled', held: false })
  })

  it('cancels every held item at once, none sent, the one due later left scheduled (probe 4 P5)', async () => {
    fx = makeFixture()
    const { itemIds: held } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281234567041', '6281234567042'],
      entries: [{ kind: 'text', text: 'Promo starts at 18:00' }],
      schedule: jakarta('2026-01-15T11:00', { overduePolicy: 'hold' })
    })
    const later = await scheduleText(jakarta('2026-01-20T11:00', { overduePolicy: 'hold' }), 'later')
    await quitAndReopenAfter(5 * HOUR, HOUR)
    expect(fx.outbox.cancelMany(fx.outbox.heldIds()).done).toEqual(held)
    await fx.clock.advance(HOUR)
    expect(held.map((id) => fx.outbox.get(id).item.status)).toEqual(['cancelled', 'cancelled'])
    expect(fx.gateway.sends()).toHaveLength(0)
    expect(fx.outbox.get(later).item.status).toBe('scheduled')
  })

  it('applies the policy after the machine slept through the due time while running', async () => {
    fx = makeFixture()
    const held = await scheduleText(jakarta('2026-01-15T11:00', { overduePolicy: 'hold' }), 'held')
    const sent = await scheduleText(jakarta('2026-01-15T11:00', { overduePolicy: 'send' }), 'sent')
    await fx.outbox.start()
    fx.clock.jump(3 * HOUR)
    await fx.clock.advance(0)
    expect(fx.outbox.get(held).item.held).toBe(true)
    expect(fx.outbox.get(sent).item.status).toBe('accepted')
  })

  it('counts the scheduled due after the day\'s end apart, for the Overview\'s "today" (QA13 Q13-07)', async () => {
    fx = makeFixture()
    await scheduleText(jakarta('2026-01-15T18:00'), 'later today')
    await scheduleText(jakarta('2026-01-16T09:00'), 'tomorrow')
    await scheduleText(jakarta('2026-01-20T09:00'), 'next week')
    const dayStart = Date.parse('2026-01-14T17:00:00.000Z')
    const tomorrow = Date.parse('2026-01-15T17:00:00.000Z')
    expect(fx.outbox.since(dayStart, tomorrow).scheduledAfter).toBe(2)
    // Asked without a day's end: nothing is counted apart.
    expect(fx.outbox.since(dayStart).scheduledAfter).toBeUndefined()
  })

  it('a timer that fires a little late is not "overdue"', async () => {
    fx = makeFixture({ overdueGraceMs: 120_000 })
    const id = await scheduleText(jakarta('2026-01-15T11:00', { overduePolicy: 'hold' }))
    await fx.outbox.start()
    fx.clock.jump(HOUR + 60_000)
    await fx.clock.advance(0)
    expect(fx.outbox.get(id).item.status).toBe('accepted')
  })

  it('an item that comes due while a round reads the schedules still gets its wake (a loaded machine)', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    await fx.clock.advance(0) // the start's retention sweep ends (and wakes the pump) before the test begins
    // The round's read of due items takes 5 ms here, so the item due 3 ms ahead (at 10:00:01) comes due during it: seen as not yet
    // due by the read, and as passed by the next-wake question after it. It must still be woken, not left scheduled.
    const readDue = OutboxStore.prototype.dueScheduled
    vi.spyOn(OutboxStore.prototype, 'dueScheduled').mockImplementation(function (
      this: OutboxStore,
      now,
      limit
    ) {
      const due = readDue.call(this, now, limit)
      fx.clock.jump(5)
      return due
    })
    fx.clock.jump(997)
    const id = await scheduleText(jakarta('2026-01-15T10:00:01'))
    expect(fx.outbox.get(id).item.status).toBe('scheduled')
    await fx.clock.advance(1_000)
    expect(fx.outbox.get(id).item.status).not.toBe('scheduled')
    vi.restoreAllMocks()
  })

  it('fires at the right instant across DST changes in America/New_York', async () => {
    fx = makeFixture()
    const spring = await scheduleText(
      { localTime: '2026-03-08T02:30', timezone: 'America/New_York', mode: 'local' },
      'spring'
    )
    const fall = await scheduleText(
      { localTime: '2026-11-01T01:30', timezone: 'America/New_York', mode: 'local' },
      'fall'
    )
    expect(fx.outbox.get(spring).item.scheduledAt).toBe('2026-03-08T07:30:00.000Z')
    expect(fx.outbox.get(fall).item.scheduledAt).toBe('2026-11-01T05:30:00.000Z')
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.get(fall).item.status === 'accepted', { stepMs: 6 * HOUR })
    const sentAt = (text: string) => fx.gateway.messages.find((m) => m.text === text)!.acceptedAt
    expect(sentAt('spring')).toBeGreaterThanOrEqual(Date.parse('2026-03-08T07:30:00Z'))
    expect(sentAt('spring')).toBeLessThan(Date.parse('2026-03-08T07:30:00Z') + 6 * HOUR)
    expect(sentAt('fall')).toBeGreaterThanOrEqual(Date.parse('2026-11-01T05:30:00Z'))
  })

  it('edits of the schedule move the due time; an edited overdue item is no longer held', async () => {
    fx = makeFixture()
    const id = await scheduleText(jakarta('2026-01-15T11:00', { overduePolicy: 'hold' }))
    await fx.outbox.start()
    fx.clock.jump(3 * HOUR)
    await fx.clock.advance(0)
    expect(fx.outbox.get(id).item.held).toBe(true)
    const edited = fx.outbox.edit(id, { schedule: jakarta('2026-01-15T15:00', { overduePolicy: 'hold' }) })
    expect(edited).toMatchObject({ held: false, scheduledAt: '2026-01-15T08:00:00.000Z' })
    await fx.clock.advance(2 * HOUR)
    expect(fx.outbox.get(id).item.status).toBe('accepted')
  })

  it('promotes a large backlog due at once in rounds, announcing each round as one bulk change', async () => {
    fx = makeFixture()
    fx.outbox.setPaused(true)
    const recipients = Array.from({ length: 250 }, (_, i) => `62812${String(i).padStart(6, '0')}`)
    await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients,
      entries: [{ kind: 'text', text: 'x' }],
      schedule: jakarta('2026-01-15T11:00')
    })
    await fx.outbox.start()
    fx.bulk.length = 0
    fx.changed.length = 0
    await fx.clock.advance(HOUR + 1000)
    expect(fx.outbox.counts().queued).toBe(250)
    // 100 per round, one transaction and one announcement each, with a turn of the event loop in between.
    expect(fx.bulk).toEqual([100, 100, 50])
    expect(fx.changed).toHaveLength(0)
  })

  it('refuses unknown time zones and impossible times', async () => {
    fx = makeFixture()
    await expect(scheduleText(jakarta('2026-02-30T10:00'))).rejects.toMatchObject({ code: 'invalid_input' })
    await expect(
      scheduleText({ localTime: '2026-01-15T11:00', timezone: 'Nowhere/Land', mode: 'local' })
    ).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'schedule.timezone'
    })
  })
})

describe('gateway schedules', () => {
  const gatewayMode = (localTime: string, timezone = 'Asia/Jakarta'): ScheduleSpec => ({
    localTime,
    timezone,
    mode: 'gateway'
  })

  it('creates the schedule at the gateway, stores its id, and tracks the message once it is due', async () => {
    fx = makeFixture()
    const id = await scheduleText(gatewayMode('2026-01-15T18:00'))
    await fx.outbox.start()
    await fx.clock.advance(0)
    const [schedule] = fx.gateway.schedules
    expect(schedule?.input).toEqual({
      phone: '6281',
      message: 'hello',
      date: '2026-01-15',
      time: '18:00:00',
      timezone: 'Asia/Jakarta',
      isGroup: false
    })
    expect(fx.outbox.get(id).item.status).toBe('scheduled')
    expect(fx.outbox.get(id).history.at(-1)?.note).toBe(`saved at the gateway as schedule ${schedule?.id}`)
    await fx.clock.advance(8 * HOUR)
    const { item } = fx.outbox.get(id)
    expect(item.status).toBe('accepted')
    expect(item.gatewayId).toBe(schedule?.messageId)
    expect(fx.gateway.sends()).toHaveLength(0)
  })

  it('dates a schedule the gateway fired while the app was closed at its time, not at the reopening (QA13 Q13-05)', async () => {
    fx = makeFixture()
    const id = await scheduleText(gatewayMode('2026-01-15T18:00'))
    await fx.outbox.start()
    await fx.clock.advance(0)
    await fx.outbox.stop()
    // Closed over the due time (18:00 WIB = 11:00Z); opened again the next morning.
    fx.clock.jump(22 * HOUR)
    fx.reopen()
    await fx.outbox.start()
    await fx.clock.advance(0)
    const { item, history } = fx.outbox.get(id)
    expect(item.status).toBe('accepted')
    expect(history.find((h) => h.status === 'accepted')?.at).toBe('2026-01-15T11:00:00.000Z')
    // Not one of the reopening day's sends once the gateway reports it sent: it went the day before.
    fx.outbox.applyGatewayStatus(fx.gateway.schedules[0]!.messageId, 'sent')
    expect(fx.outbox.since(Date.parse('2026-01-15T17:00:00.000Z')).sent.total).toBe(0)
    expect(fx.outbox.since(Date.parse('2026-01-14T17:00:00.000Z')).sent.total).toBe(1)
  })

  it('counts a gateway-kept message as sent today, in the Overview and the device alike, once the gateway reports it sent', async () => {
    fx = makeFixture()
    const id = await scheduleText(gatewayMode('2026-01-15T18:00'))
    await fx.outbox.start()
    await fx.clock.advance(0)
    const messageId = fx.gateway.schedules[0]!.messageId
    await fx.clock.advance(8 * HOUR)
    expect(fx.outbox.get(id).item.status).toBe('accepted')
    // The Overview's "sent today" and the device's sends of the day (its card, its quota's count): one answer.
    const dayStart = Date.parse('2026-01-14T17:00:00.000Z')
    const overview = (): number => fx.outbox.since(dayStart).sent.total
    const device = (): number => fx.outbox.budgetOf('d1', () => null).sentToday
    // The outbox list the Overview's number opens (QA9 Q9-04): the same messages.
    const since = new Date(dayStart).toISOString()
    const listed = (): string[] =>
      fx.outbox.list({ happenedSince: { event: 'sent', since } }).items.map((item) => item.id)
    // QA: due, still held by the gateway ("Sent: not yet"): counted by neither.
    expect([overview(), device(), listed()]).toEqual([0, 0, []])
    fx.outbox.applyGatewayStatus(messageId, 'sent')
    expect([overview(), device(), listed()]).toEqual([1, 1, [id]])
    // Read since: still the one send.
    fx.outbox.applyGatewayStatus(messageId, 'read')
    expect([overview(), device(), listed()]).toEqual([1, 1, [id]])
  })

  it('passes the DST-resolved wall-clock time to the gateway', async () => {
    fx = makeFixture()
    await scheduleText(gatewayMode('2026-03-08T02:30', 'America/New_York'))
    await fx.outbox.start()
    await fx.clock.advance(0)
    expect(fx.gateway.schedules[0]?.input).toMatchObject({
      date: '2026-03-08',
      time: '03:30:00',
      timezone: 'America/New_York'
    })
  })

  it('keeps edits, cancels and deletes in sync', async () => {
    fx = makeFixture()
    const edited = await scheduleText(gatewayMode('2026-01-15T18:00'), 'first')
    const cancelled = await scheduleText(gatewayMode('2026-01-15T19:00'), 'second')
    const deleted = await scheduleText(gatewayMode('2026-01-15T20:00'), 'third')
    await fx.outbox.start()
    await fx.clock.advance(0)
    expect(fx.gateway.schedules).toHaveLength(3)

    fx.outbox.edit(edited, { text: 'first, edited', schedule: gatewayMode('2026-01-15T18:30') })
    fx.outbox.cancel(cancelled)
    fx.outbox.delete(deleted)
    await fx.clock.advance(0)
    const [a, b, c] = fx.gateway.schedules
    expect(a).toMatchObject({ state: 'active', input: { message: 'first, edited', time: '18:30:00' } })
    expect(b?.state).toBe('cancelled')
    expect(c?.state).toBe('deleted')
    expect(fx.outbox.get(cancelled).item.status).toBe('cancelled')
    expect(() => fx.outbox.get(deleted)).toThrow(/No outbox item/)
    expect(fx.gateway.calls.filter((call) => call.op === 'createSchedule')).toHaveLength(3)
  })

  // QA58: cancelled while the gateway did not answer, the message read as cancelled though the gateway still held
  // it (and could send it) until the cancel was asked again and taken, a minute later.
  it('says a cancelled message the gateway still holds until the gateway takes the cancel', async () => {
    fx = makeFixture()
    const id = await scheduleText(gatewayMode('2026-01-15T18:00'))
    await fx.outbox.start()
    await fx.clock.advance(0)
    fx.gateway.fail({ op: 'cancelSchedule', code: 'network', causeCode: 'ECONNREFUSED' })
    fx.outbox.cancel(id)
    await fx.clock.advance(0)
    expect(fx.gateway.schedules[0]?.state).toBe('active')
    expect(fx.outbox.get(id).item).toMatchObject({ status: 'cancelled', gatewayStillHolds: true })
    await fx.clock.advance(10 * 60_000)
    expect(fx.gateway.schedules[0]?.state).toBe('cancelled')
    expect(fx.outbox.get(id).item.gatewayStillHolds).toBeUndefined()
    // A message kept here, cancelled, never says so.
    const local = await scheduleText(jakarta('2026-01-15T18:00'))
    fx.outbox.cancel(local)
    expect(fx.outbox.get(local).item.gatewayStillHolds).toBeUndefined()
  })

  // QA64: rescheduled and reworded while the gateway could not be reached, the card read "Rescheduled" with the new
  // words and time while the gateway still held the old copy, which went out at the old time.
  it('says a change the gateway has not taken yet, until it takes it', async () => {
    fx = makeFixture()
    const id = await scheduleText(gatewayMode('2026-01-15T18:00'), 'old words')
    await fx.outbox.start()
    await fx.clock.advance(0)
    expect(fx.outbox.get(id).item.gatewayChangeOwed).toBeUndefined()
    fx.gateway.fail({ op: 'updateSchedule', code: 'network', causeCode: 'ECONNREFUSED' })
    fx.outbox.edit(id, { text: 'new words', schedule: gatewayMode('2026-01-15T18:30') })
    await fx.clock.advance(0)
    expect(fx.gateway.schedules[0]?.input.message).toBe('old words')
    expect(fx.outbox.get(id).item).toMatchObject({
      status: 'scheduled',
      text: 'new words',
      gatewayChangeOwed: true
    })
    await fx.clock.advance(10 * 60_000)
    expect(fx.gateway.schedules[0]?.input.message).toBe('new words')
    expect(fx.outbox.get(id).item.gatewayChangeOwed).toBeUndefined()
    // Sending paused holds the change's call (as a device that cannot be reached does): owed, not asked yet.
    fx.outbox.setPaused(true)
    fx.outbox.edit(id, { text: 'newer words' })
    await fx.clock.advance(10 * 60_000)
    expect(fx.gateway.schedules[0]?.input.message).toBe('new words')
    expect(fx.outbox.get(id).item.gatewayChangeOwed).toBe(true)
    fx.outbox.setPaused(false)
    await fx.clock.advance(60_000)
    expect(fx.gateway.schedules[0]?.input.message).toBe('newer words')
    expect(fx.outbox.get(id).item.gatewayChangeOwed).toBeUndefined()
  })

  // Noticed in the sixty-fourth stop: a change still owed at the due time left the record with the new words and the
  // history saying only "sent by the gateway's schedule", though the gateway sent the copy it held.
  it('a change still owed when its time comes is said not to have reached the gateway', async () => {
    fx = makeFixture()
    const id = await scheduleText(gatewayMode('2026-01-15T18:00'), 'old words')
    await fx.outbox.start()
    await fx.clock.advance(0)
    fx.outbox.setPaused(true)
    fx.outbox.edit(id, { text: 'new words' })
    await fx.clock.advance(9 * HOUR)
    expect(fx.gateway.schedules[0]?.input.message).toBe('old words')
    const { item, history } = fx.outbox.get(id)
    expect(item.status).toBe('accepted')
    expect(history.find((h) => h.status === 'accepted')?.note).toBe(
      `due: sent by the gateway’s schedule ${fx.gateway.schedules[0]!.id} as the gateway held it; the change made here never reached it`
    )
    expect(
      historyNote(
        'id',
        history.find((h) => h.status === 'accepted')!
      )
    ).toContain('tidak pernah sampai')
  })

  it('refuses to move a schedule to a time that has passed (QA finding 3), and keeps it as it was', async () => {
    fx = makeFixture()
    const id = await scheduleText(gatewayMode('2026-01-15T18:00'))
    await fx.outbox.start()
    await fx.clock.advance(0)
    // 10:00 Jakarta now: 09:00 today has gone by.
    expect(() => fx.outbox.edit(id, { schedule: gatewayMode('2026-01-15T09:00') })).toThrow(
      expect.objectContaining({ code: 'invalid_input', field: 'schedule.localTime' })
    )
    expect(() => fx.outbox.edit(id, { schedule: jakarta('2026-01-15T10:00') })).toThrow(/already passed/)
    await fx.clock.advance(0)
    expect(fx.outbox.get(id).item).toMatchObject({
      status: 'scheduled',
      scheduledAt: '2026-01-15T11:00:00.000Z'
    })
    expect(fx.gateway.schedules[0]).toMatchObject({ state: 'active', input: { time: '18:00:00' } })
  })

  it('moving a gateway schedule to a local one deletes it at the gateway and sends from here', async () => {
    fx = makeFixture()
    const id = await scheduleText(gatewayMode('2026-01-15T18:00'))
    await fx.outbox.start()
    await fx.clock.advance(0)
    fx.outbox.edit(id, { schedule: jakarta('2026-01-15T12:00') })
    await fx.clock.advance(0)
    expect(fx.gateway.schedules[0]?.state).toBe('deleted')
    await fx.clock.advance(2 * HOUR)
    expect(fx.outbox.get(id).item.status).toBe('accepted')
    expect(fx.gateway.sends()).toHaveLength(1)
  })

  /** Never created at the gateway, sent once from here, its history's queued entry saying `note`. */
  function expectSentFromHereSaying(id: string, note: string): void {
    expect(fx.gateway.calls.filter((c) => c.op === 'createSchedule')).toHaveLength(0)
    expect(fx.outbox.get(id).item.status).toBe('accepted')
    expect(fx.gateway.sends()).toHaveLength(1)
    expect(fx.outbox.get(id).history.find((h) => h.status === 'queued')?.note).toBe(note)
  }

  it('an item that never reached the gateway before its time is sent from here instead', async () => {
    fx = makeFixture()
    const id = await scheduleText(gatewayMode('2026-01-15T11:00'))
    fx.outbox.setNetworkOnline(false)
    await fx.outbox.start()
    await fx.clock.advance(HOUR)
    fx.outbox.setNetworkOnline(true)
    await fx.clock.advance(0)
    // Its history says the switch (QA65: "due", as any message kept here, and nothing said the gateway never had it).
    expectSentFromHereSaying(id, 'due; the gateway never took it, so this computer sends it')
  })

  it('one the gateway never took, found overdue on opening, says both: how late and who sends it', async () => {
    fx = makeFixture()
    const id = await scheduleText({ ...gatewayMode('2026-01-15T11:00'), overduePolicy: 'send' })
    fx.outbox.setNetworkOnline(false)
    // Closed offline over its time: the gateway never had it, and it is found 4 hours late.
    await quitAndReopenAfter(5 * HOUR)
    await fx.clock.advance(0)
    expectSentFromHereSaying(id, 'overdue by 4 h; the gateway never took it, so this computer sends it now')
  })

  it('retries a create the gateway surely did not get', async () => {
    fx = makeFixture()
    fx.gateway.fail({ op: 'createSchedule', code: 'network', causeCode: 'ECONNREFUSED', times: 2 })
    await scheduleText(gatewayMode('2026-01-15T18:00'))
    await fx.outbox.start()
    await fx.runUntil(() => fx.gateway.schedules.length === 1, { stepMs: 1000 })
    expect(fx.gateway.calls.filter((c) => c.op === 'createSchedule')).toHaveLength(3)
  })

  it('fails an unanswered create for the operator instead of risking a second schedule', async () => {
    fx = makeFixture()
    fx.gateway.fail({ op: 'createSchedule', code: 'timeout', afterHandling: true })
    const id = await scheduleText(gatewayMode('2026-01-15T18:00'))
    await fx.outbox.start()
    await fx.clock.advance(HOUR)
    const { failure } = fx.outbox.get(id).item
    expect(failure?.code).toBe('schedule_unconfirmed')
    // The timeout inside the sentence reads in the operator's language too.
    expect(coreText('id', failure!.message, failure?.messageKey, failure?.messageParams)).toMatch(
      /^Gateway tidak menjawab dengan jelas \(gateway tidak menjawab tepat waktu\); jadwal ini mungkin/
    )
    expect(fx.gateway.calls.filter((c) => c.op === 'createSchedule')).toHaveLength(1)
  })

  it('does not create schedules while sending is paused, but still cancels them', async () => {
    fx = makeFixture()
    const first = await scheduleText(gatewayMode('2026-01-15T18:00'))
    await fx.outbox.start()
    await fx.clock.advance(0)
    fx.outbox.setPaused(true)
    await scheduleText(gatewayMode('2026-01-15T19:00'))
    fx.outbox.cancel(first)
    await fx.clock.advance(60_000)
    expect(fx.gateway.schedules.map((s) => s.state)).toEqual(['cancelled'])
    fx.outbox.setPaused(false)
    await fx.clock.advance(0)
    expect(fx.gateway.schedules.map((s) => s.state)).toEqual(['cancelled', 'active'])
  })

  it('takes text only', async () => {
    fx = makeFixture()
    await expect(
      fx.outbox.enqueue({
        deviceId: 'd1',
        recipients: ['6281'],
        entries: [
          { kind: 'file', path: '/nonexistent', name: 'a.jpg', mime: 'image/jpeg', mediaKind: 'image' }
        ],
        schedule: gatewayMode('2026-01-15T18:00')
      })
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'schedule.mode' })
  })
})
