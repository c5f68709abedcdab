// Pacing with a fake clock: gaps, batch pauses, working hours across DST, daily caps, warm-up, restart mid-window.
import { describe, expect, it } from 'vitest'
import { FakeClock } from '../clock'
import { betweenTurns } from '../testing/event-loop'
import {
  capForDay,
  decide,
  DEFAULT_PACING,
  estimateSchedule,
  estimateScheduleInSlices,
  gapMs,
  pacingOnDays,
  pacingProblemTexts,
  type CampaignPacing,
  type PacingPolicy
} from './pacing'
import { englishText } from '../commands'
import { DEVICE_DAY_CASES } from '../../../shared/domain/device-day.cases'

/** A policy whose devices' days are UTC's unless `dayZone` says otherwise. */
const policy = (over: Partial<CampaignPacing> = {}): CampaignPacing => ({
  ...DEFAULT_PACING,
  dayZone: 'UTC',
  ...over
})
const MIN = 60_000

/** Sends as fast as the policy allows from the clock's now until `count` sends or `until`; returns the send times. */
function run(p: CampaignPacing, clock: FakeClock, count: number, sends: number[] = [], seed = 7): number[] {
  for (let guard = 0; sends.length < count && guard < 100_000; guard++) {
    const decision = decide(p, seed, sends, clock.now())
    if (decision.go) sends.push(clock.now())
    else clock.jump(decision.wait.until - clock.now())
  }
  return sends
}

describe('pacing policy', () => {
  it('keeps every gap within min–max, the same gap whenever it is asked', () => {
    const p = policy({ workingHours: null, batchPauseMinutes: 0, dailyCapPerDevice: 1000 })
    const sends = run(p, new FakeClock('2026-01-15T03:00:00Z'), 200)
    const gaps = sends.slice(1).map((at, i) => at - (sends[i] ?? 0))
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(5_000)
    expect(Math.max(...gaps)).toBeLessThanOrEqual(30_000)
    expect(new Set(gaps).size).toBeGreaterThan(50)
    expect(gapMs(p, 7, 3)).toBe(gapMs(p, 7, 3))
  })

  it('pauses M minutes after every N sends', () => {
    const p = policy({ workingHours: null, batchSize: 5, batchPauseMinutes: 10 })
    const sends = run(p, new FakeClock('2026-01-15T03:00:00Z'), 11)
    expect((sends[5] ?? 0) - (sends[4] ?? 0)).toBe(10 * MIN)
    expect((sends[10] ?? 0) - (sends[9] ?? 0)).toBe(10 * MIN)
    expect((sends[4] ?? 0) - (sends[3] ?? 0)).toBeLessThanOrEqual(30_000)
    const decision = decide(p, 7, sends.slice(0, 5), (sends[4] ?? 0) + 1000)
    expect(decision).toEqual({ go: false, wait: { code: 'batch_pause', until: (sends[4] ?? 0) + 10 * MIN } })
  })

  it('waits outside working hours until the window opens on the local clock', () => {
    const p = policy({ workingHours: { start: '08:00', end: '20:00', timeZone: 'Asia/Jakarta' } })
    // 21:00 in Jakarta (UTC+7): the next send may go at 08:00 the next morning.
    const decision = decide(p, 7, [], Date.parse('2026-01-15T14:00:00Z'))
    expect(decision).toEqual({
      go: false,
      wait: { code: 'outside_hours', until: Date.parse('2026-01-16T01:00:00Z') }
    })
    expect(decide(p, 7, [], Date.parse('2026-01-16T01:00:00Z'))).toEqual({ go: true })
  })

  it('opens at 08:00 local on both sides of a DST change', () => {
    const p = policy({ workingHours: { start: '08:00', end: '20:00', timeZone: 'America/New_York' } })
    // Spring forward on 2026-03-08: 08:00 EST is 13:00Z the day before, 08:00 EDT is 12:00Z on the day.
    const before = decide(p, 7, [], Date.parse('2026-03-07T02:00:00Z'))
    const after = decide(p, 7, [], Date.parse('2026-03-08T02:00:00Z'))
    expect(before).toMatchObject({ wait: { until: Date.parse('2026-03-07T13:00:00Z') } })
    expect(after).toMatchObject({ wait: { until: Date.parse('2026-03-08T12:00:00Z') } })
    // Fall back on 2026-11-01: the window closes at 20:00 EST = 01:00Z the next day.
    expect(decide(p, 7, [], Date.parse('2026-11-02T00:59:00Z'))).toEqual({ go: true })
    expect(decide(p, 7, [], Date.parse('2026-11-02T01:00:00Z'))).toMatchObject({ go: false })
  })

  it('stops at the daily cap and names the next day as the reason', () => {
    const p = policy({ workingHours: null, dailyCapPerDevice: 3, batchPauseMinutes: 0 })
    const sends = run(p, new FakeClock('2026-01-15T03:00:00Z'), 3)
    const decision = decide(p, 7, sends, (sends[2] ?? 0) + 60_000)
    expect(decision).toEqual({
      go: false,
      wait: { code: 'daily_cap', cap: 3, until: Date.parse('2026-01-16T00:00:00Z') }
    })
  })

  it.each(DEVICE_DAY_CASES)(
    "counts an any-time-of-day cap on the devices' days, not UTC's: $zone, $why",
    ({ zone, now, midnights }) => {
      // A policy with no working hours names no zone: its cap once started again at UTC's midnight (QA23 Q23-01).
      const stored: PacingPolicy = {
        ...DEFAULT_PACING,
        workingHours: null,
        dailyCapPerDevice: 2,
        batchPauseMinutes: 0
      }
      const p = pacingOnDays({ ...stored, minDelaySeconds: 5, maxDelaySeconds: 5 }, zone)
      const sends = run(p, new FakeClock(now), 6)
      const [first, second] = midnights.map(Date.parse) as [number, number, number]
      expect(sends.slice(2)).toEqual([first, first + 5_000, second, second + 5_000])
      expect(decide(p, 7, sends.slice(0, 2), Date.parse(now) + 60_000)).toMatchObject({
        wait: { code: 'daily_cap', until: first }
      })
    }
  )

  it('ramps a new number up with warm-up, never above the daily cap', () => {
    const p = policy({ dailyCapPerDevice: 50, warmUp: { startPerDay: 20, increasePerDay: 15 } })
    expect([0, 1, 2, 3].map((day) => capForDay(p, day))).toEqual([20, 35, 50, 50])
    const clock = new FakeClock('2026-01-15T01:00:00Z')
    const sends = run(p, clock, 60)
    const perDay = new Map<string, number>()
    for (const at of sends) {
      const day = new Date(at + 7 * 3_600_000).toISOString().slice(0, 10)
      perDay.set(day, (perDay.get(day) ?? 0) + 1)
    }
    expect([...perDay.values()]).toEqual([20, 35, 5])
  })

  it('resumes after a restart mid-window on the same schedule: no burst, no skipped gap', () => {
    const p = policy({ batchSize: 4, batchPauseMinutes: 3 })
    const straight = run(p, new FakeClock('2026-01-15T01:00:00Z'), 12)
    // The app stops after 6 sends and starts again 1 s after the last one: only the recorded sends survive.
    const clock = new FakeClock('2026-01-15T01:00:00Z')
    const before = run(p, clock, 6)
    const restarted = new FakeClock((before[5] ?? 0) + 1000)
    const after = run(p, restarted, 12, [...before])
    expect(after).toEqual(straight)
  })

  it("explains what is wrong with a policy in the domain rule's words", () => {
    const pacingProblems = (p: PacingPolicy): string[] => pacingProblemTexts(p).map(englishText)
    expect(pacingProblems(DEFAULT_PACING)).toEqual([])
    expect(
      pacingProblems(
        policy({
          minDelaySeconds: 10,
          maxDelaySeconds: 5,
          workingHours: { start: '20:00', end: '08:00', timeZone: 'Mars/Base' }
        })
      )
    ).toEqual([
      'The longest pause must be at least the shortest.',
      'Working hours must end after they start on the same day.',
      'Unknown time zone: “Mars/Base”.'
    ])
  })

  it('estimates the finish: one device at 150 a day needs two days for 300 rows, two devices one', () => {
    const p = policy({ minDelaySeconds: 5, maxDelaySeconds: 5, batchPauseMinutes: 0 })
    const start = Date.parse('2026-01-15T01:00:00Z')
    const one = estimateSchedule(p, 1, 300, 1, start)
    expect(Object.values(one.perDay)).toEqual([150, 150])
    const two = estimateSchedule(p, 1, 300, 2, start)
    expect(Object.values(two.perDay)).toEqual([300])
    expect(two.finishAt).toBe(start + 149 * 5_000)
  })

  it("holds each device to its own daily cap too: today's cap used, the rest goes on its following days (QA6 Q04)", () => {
    const p = policy({ workingHours: null, minDelaySeconds: 5, maxDelaySeconds: 5, batchPauseMinutes: 0 })
    const start = Date.parse('2026-11-29T10:00:00Z')
    const resetsAt = Date.parse('2026-11-29T17:00:00Z') // the device's midnight (WIB)
    // Its cap is 2 a day and 1 went out today: 1 today, then 2 on each day after; 6 rows end on the third day after.
    const capped = estimateSchedule(p, 1, 6, 1, start, [
      { cap: 2, sentToday: 1, resetsAt, zone: 'Asia/Jakarta' }
    ])
    expect(capped.finishAt).toBe(resetsAt + 2 * 86_400_000)
    // Without a cap of its own, the campaign's pacing alone: six rows five seconds apart, today.
    expect(estimateSchedule(p, 1, 6, 1, start).finishAt).toBe(start + 5 * 5_000)
    // Two devices: only the capped one's rows wait for its following days.
    const two = estimateSchedule(p, 1, 6, 2, start, [
      null,
      { cap: 2, sentToday: 2, resetsAt, zone: 'Asia/Jakarta' }
    ])
    expect(two.finishAt).toBe(resetsAt + 86_400_000)
  })

  it.each(DEVICE_DAY_CASES)(
    "starts each of a capped device's following days at the send queue's midnight in its zone: $zone, $why",
    ({ zone, now, midnights }) => {
      const p = policy({
        workingHours: null,
        minDelaySeconds: 5,
        maxDelaySeconds: 5,
        batchPauseMinutes: 0,
        dayZone: zone
      })
      const [first, second, third] = midnights.map(Date.parse) as [number, number, number]
      // Its cap is 2 a day and both went out today: rows 1–2 go at its next midnight, 3–4 the one after, 5 the next.
      const device = { cap: 2, sentToday: 2, resetsAt: first, zone }
      const rowGoesAt = (row: number): number | null =>
        estimateSchedule(p, 1, row, 1, Date.parse(now), [device]).finishAt
      expect([1, 2, 3, 4, 5].map(rowGoesAt)).toEqual([first, first + 5_000, second, second + 5_000, third])
    }
  )

  it("plans only the rows the lanes' gateway quotas cover, giving a spent lane's turns to the others", () => {
    const p = policy({ workingHours: null, minDelaySeconds: 5, maxDelaySeconds: 5, batchPauseMinutes: 0 })
    const start = Date.parse('2026-11-29T03:00:00Z')
    // Quotas 3 and 1: lane 2 sends its one, lane 1 its three back to back; the other 4 rows are not planned.
    const held = estimateSchedule(p, 1, 8, 2, start, [], [], [3, 1])
    expect([held.rows, held.finishAt]).toEqual([4, start + 2 * 5_000])
    // A spent lane (0) sends nothing: the other carries every row it covers.
    expect(estimateSchedule(p, 1, 4, 2, start, [], [], [0, null])).toMatchObject({
      rows: 4,
      finishAt: start + 3 * 5_000
    })
    // No quotas: every row, two lanes in turn, as before.
    expect(estimateSchedule(p, 1, 8, 2, start)).toMatchObject({ rows: 8, finishAt: start + 3 * 5_000 })
  })

  it('estimates in slices, letting other work run between them, to the same answer', async () => {
    const p = policy({ minDelaySeconds: 5, maxDelaySeconds: 20 })
    const start = Date.parse('2026-01-15T01:00:00Z')
    const working = estimateScheduleInSlices(p, 7, 1_000, 3, start, [], [], [], [], 100)
    const turns = await betweenTurns(working)
    const sliced = await working
    expect(turns).toBeGreaterThanOrEqual(8) // ten slices: the work resumes before the turn that follows each yield
    expect(sliced).toEqual(estimateSchedule(p, 7, 1_000, 3, start))
  })
})
