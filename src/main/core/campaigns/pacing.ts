// A campaign's pacing policy, as pure functions of the sends already made: random gaps, batch pauses, working hours
// in a time zone (DST-safe), a daily cap with an optional warm-up ramp. Deriving everything from the recorded send
// times (not from timers) is what makes a restart resume without a burst.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import {
  dayBoundsOn,
  type DayBounds,
  dayIn as zonedDayIn,
  DEFAULT_PACING,
  localTimeToInstant as zonedInstant,
  type PacingPolicy,
  pacingProblems,
  workingHoursOpenAt
} from '../../../shared/domain'
import { SeededRandom } from '../seeded-random'
import type { KeyedText } from '../commands'
import { encodeNote } from '../../../shared/i18n/notes'
import { pacingProblemMessage } from '../../../shared/i18n'

// The policy's shape and its safe defaults are shared rules: the window's campaign form starts from the same values.
export { DEFAULT_PACING, type PacingPolicy }

export type PacingWait =
  | { code: 'gap'; until: number }
  | { code: 'batch_pause'; until: number }
  | { code: 'outside_hours'; until: number }
  | { code: 'daily_cap'; until: number; cap: number }

export type PacingDecision = { go: true } | { go: false; wait: PacingWait }

// Intl calls are the cost of an estimate over 50,000 rows: memoised. Every zone's offset is a multiple of 15 minutes,
// so a 15-minute UTC slot never straddles a local midnight and one day answers for the whole slot.
const SLOT_MS = 900_000
const dayCache = new Map<string, string>()
const instantCache = new Map<string, number>()

function remember<K, V>(cache: Map<K, V>, key: K, compute: () => V): V {
  const known = cache.get(key)
  if (known !== undefined) return known
  if (cache.size > 50_000) cache.clear()
  const value = compute()
  cache.set(key, value)
  return value
}

function dayIn(instant: number, zone: string): string {
  const slot = Math.floor(instant / SLOT_MS)
  return remember(dayCache, `${zone}|${slot}`, () => zonedDayIn(slot * SLOT_MS, zone))
}

function localTimeToInstant(local: string, zone: string): number {
  return remember(instantCache, `${zone}|${local}`, () => zonedInstant(local, zone))
}

/** What makes a policy unusable (the domain's one rule), keyed so the window words it in the operator's language. */
export function pacingProblemTexts(policy: PacingPolicy): KeyedText[] {
  return pacingProblems(policy).map((problem) => pacingProblemMessage(problem))
}

/**
 * Several problems as one text, "First. Rest.", each worded in the operator's language (nested notes): each is a
 * whole sentence with its full stop, so they follow one another (joined by ";" they read "shortest.; Working").
 */
export function problemList(problems: readonly KeyedText[]): KeyedText {
  const [first, ...rest] = problems
  if (!first) throw new RangeError('problemList needs at least one problem')
  if (rest.length === 0) return first
  const tail = problemList(rest)
  return {
    key: 'desktop.error.problemList',
    params: { first: encodeNote(first.key, first.params), rest: encodeNote(tail.key, tail.params) }
  }
}

/**
 * A campaign's policy with the zone whose midnights start its devices' days (the send queue's `dayZoneOf`, where
 * the devices' own counts and caps start again). A policy with working hours counts its days on their clock; one that
 * sends any time of day names no zone, and counted its cap on UTC's day: from 05:00 WIB a number could send its cap
 * twice in one local day (QA23 Q23-01).
 */
export type CampaignPacing = PacingPolicy & { readonly dayZone: string }

/** `policy` counting its days where the devices count theirs (`dayZone`: the send queue's). */
export function pacingOnDays(policy: PacingPolicy, dayZone: string): CampaignPacing {
  return { ...policy, dayZone }
}

const zoneOf = (policy: CampaignPacing): string => policy.workingHours?.timeZone ?? policy.dayZone

/** The n-th gap (ms) of a campaign on a device: seeded, so asking twice (or after a restart) gives the same gap. */
export function gapMs(policy: PacingPolicy, seed: number, sendIndex: number): number {
  const random = new SeededRandom((seed ^ Math.imul(sendIndex + 1, 0x9e3779b1)) >>> 0)
  const span = policy.maxDelaySeconds - policy.minDelaySeconds
  return Math.round((policy.minDelaySeconds + random.next() * span) * 1000)
}

/** The day's cap for a device, warm-up included; `day` counts from the device's first send in this campaign. */
export function capForDay(policy: PacingPolicy, dayIndex: number): number {
  if (!policy.warmUp) return policy.dailyCapPerDevice
  return Math.min(
    policy.dailyCapPerDevice,
    policy.warmUp.startPerDay + policy.warmUp.increasePerDay * dayIndex
  )
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** The memoised zoned-time reads, for the shared working-hours and day rules. */
const MEMOISED_CLOCK = { dayIn, localTimeToInstant }

/** The calendar day containing `at` in `zone`: the domain's one day rule (the send queue's budget's), memoised. */
const zonedDayBounds = (at: number, zone: string): DayBounds => dayBoundsOn(at, zone, MEMOISED_CLOCK)

/** The first instant ≥ `at` inside working hours: the domain's rule (the window's too), on the memoised clock. */
export function nextWorkingInstant(policy: PacingPolicy, at: number): number {
  return workingHoursOpenAt(policy.workingHours, at, MEMOISED_CLOCK) ?? at
}

/** The calendar day containing `at` in the policy's zone, as [start, end) instants (23 or 25 h across DST). */
export function dayBounds(policy: CampaignPacing, at: number): DayBounds {
  return zonedDayBounds(at, zoneOf(policy))
}

export function zoneOfPolicy(policy: CampaignPacing): string {
  return zoneOf(policy)
}

/** The start of the next calendar day's working window (or midnight) in the policy's zone. */
function nextDayStart(policy: CampaignPacing, at: number): number {
  return nextWorkingInstant(policy, dayBounds(policy, at).end)
}

/** What pacing needs to know of a device's past sends in a campaign. */
export interface SendLog {
  count: number
  last: number | null
  firstDay: string | null
  perDay: Map<string, number>
}

export function sendLog(policy: CampaignPacing, sends: readonly number[]): SendLog {
  const zone = zoneOf(policy)
  const log: SendLog = { count: 0, last: null, firstDay: null, perDay: new Map() }
  for (const at of [...sends].sort((a, b) => a - b)) recordSend(log, at, zone)
  return log
}

function recordSend(log: SendLog, at: number, zone: string): void {
  const day = dayIn(at, zone)
  log.count++
  log.last = log.last === null ? at : Math.max(log.last, at)
  log.firstDay ??= day
  log.perDay.set(day, (log.perDay.get(day) ?? 0) + 1)
}

/**
 * May this device send the campaign's next row at `now`? `sends` are the instants of this campaign's sends on this
 * device so far (from the outbox, so they survive a restart). The answer names the earliest instant it may.
 */
export function decide(
  policy: CampaignPacing,
  seed: number,
  sends: readonly number[],
  now: number
): PacingDecision {
  return decideFromLog(policy, seed, sendLog(policy, sends), now)
}

/** `decide` from a summary of the sends (what the store answers without loading every send time). */
export function decideFromLog(
  policy: CampaignPacing,
  seed: number,
  log: SendLog,
  now: number
): PacingDecision {
  const at = earliestSend(policy, seed, log, now)
  return at.wait === null || at.instant <= now ? { go: true } : { go: false, wait: at.wait }
}

function earliestSend(
  policy: CampaignPacing,
  seed: number,
  log: SendLog,
  now: number
): { instant: number; wait: PacingWait | null } {
  let instant = now
  let wait: PacingWait | null = null
  if (log.last !== null) {
    const pause =
      policy.batchPauseMinutes > 0 && log.count % policy.batchSize === 0
        ? policy.batchPauseMinutes * 60_000
        : 0
    const gap = gapMs(policy, seed, log.count - 1)
    if (log.last + Math.max(gap, pause) > instant) {
      instant = log.last + Math.max(gap, pause)
      wait = pause > gap ? { code: 'batch_pause', until: instant } : { code: 'gap', until: instant }
    }
  }
  const zone = zoneOf(policy)
  const firstDay = log.firstDay ?? dayIn(now, zone)
  for (let guard = 0; guard < 400; guard++) {
    const open = nextWorkingInstant(policy, instant)
    if (open > instant) {
      instant = open
      wait = { code: 'outside_hours', until: instant }
    }
    const day = dayIn(instant, zone)
    const cap = capForDay(policy, Math.max(0, daysBetween(firstDay, day)))
    if ((log.perDay.get(day) ?? 0) < cap) break
    instant = nextDayStart(policy, instant)
    wait = { code: 'daily_cap', until: instant, cap }
  }
  return { instant, wait }
}

export interface ScheduleEstimate {
  finishAt: number | null
  perDay: Record<string, number>
  /** The rows planned: all of them, or as many as the lanes' quotas cover. */
  rows: number
}

/**
 * A device's own daily cap as the send queue counts it (every producer's sends through the number): `sentToday` of
 * `cap` until `resetsAt`, the end of its day, and `cap` on each day after that, each from its midnight in `zone`.
 */
export interface DeviceCapToday {
  cap: number
  sentToday: number
  resetsAt: number
  /** The zone whose midnights start the device's days (the send queue's budget's). */
  zone: string
}

/**
 * When `count` rows would go out over `devices` devices from `start` (the estimate shown before start). `deviceCaps`,
 * one per device in lane order (null: none), hold each lane to its device's own daily cap as well as the campaign's;
 * `laneStarts`, in the same order, start a lane later than `start` (a running campaign's device in a batch pause).
 * `laneQuotas`, in the same order (null: no limit), hold each lane to its device's gateway quota: its rows go to the
 * lanes with quota left in turn, as rotation gives a refused device's rows to the others, and the rows no quota
 * covers are not planned (`rows` says how many were). `laneLogs`, in the same order (null: none), are what a running
 * campaign sent on each device so far (sendLogOf): its day's cap counts them, as the send decision does (QA59: five
 * rows at four a day, two sent, were all estimated for today).
 */
export function estimateSchedule(...inputs: EstimateInputs): ScheduleEstimate {
  const [, , count] = inputs
  const estimate = scheduleEstimator(...inputs)
  estimate.advance(count)
  return estimate.result
}

/**
 * The same estimate, worked out a slice of rows at a time with a turn of the event loop between slices: simulating
 * 50,000 sends is ~250 ms of work, too long to hold the core's thread in one task while the operator edits.
 */
export async function estimateScheduleInSlices(
  ...inputsThenSlice: [...Required<EstimateInputs>, rowsPerSlice: number]
): Promise<ScheduleEstimate> {
  const rowsPerSlice = inputsThenSlice.at(-1) as number
  const estimate = scheduleEstimator(...(inputsThenSlice.slice(0, -1) as Required<EstimateInputs>))
  while (!estimate.advance(rowsPerSlice)) await yieldToEventLoop()
  return estimate.result
}

/** What an estimate is worked out from (estimateSchedule's words on each). */
type EstimateInputs = Parameters<typeof scheduleEstimator>

/** The estimate's simulation, resumable: `advance(n)` simulates up to n more rows and says whether all are done. */
function scheduleEstimator(
  policy: CampaignPacing,
  seed: number,
  count: number,
  devices: number,
  start: number,
  deviceCaps: readonly (DeviceCapToday | null)[] = [],
  laneStarts: readonly number[] = [],
  laneQuotas: readonly (number | null)[] = [],
  laneLogs: readonly (SendLog | null)[] = []
): { advance: (rows: number) => boolean; result: ScheduleEstimate } {
  const zone = zoneOf(policy)
  // Each lane's log goes on from what its device sent so far (a copy: the simulation writes to it).
  const logs: SendLog[] = Array.from({ length: Math.max(1, devices) }, (_, lane) => {
    const sent = laneLogs[lane]
    return sent
      ? { count: sent.count, last: sent.last, firstDay: sent.firstDay, perDay: new Map(sent.perDay) }
      : { count: 0, last: null, firstDay: null, perDay: new Map() }
  })
  // The campaign's sends on each device's days (by calendar day in its zone), beside what it sent today before them.
  const deviceDays = logs.map(() => new Map<string, number>())
  // Each lane's last device day: its rows mostly fall in it, and a day's bounds cost a dozen cache reads to find.
  const laneDays: (DayBounds | null)[] = logs.map(() => null)
  const deviceDayOf = (lane: number, cap: DeviceCapToday, at: number): DayBounds => {
    const last = laneDays[lane]
    if (last && at >= last.start && at < last.end) return last
    const day = zonedDayBounds(at, cap.zone)
    laneDays[lane] = day
    return day
  }
  const result: ScheduleEstimate = { finishAt: null, perDay: {}, rows: 0 }
  // Each lane's quota left (Infinity: no limit), and whose turn is next: without quotas, row `r` goes to lane r % n.
  const quotaLeft = logs.map((_, lane) => Math.max(0, laneQuotas[lane] ?? Infinity))
  let turn = 0
  const nextLane = (): number | null => {
    for (let tried = 0; tried < logs.length; tried++) {
      const lane = (turn + tried) % logs.length
      if ((quotaLeft[lane] as number) > 0) {
        turn = (lane + 1) % logs.length
        return lane
      }
    }
    return null
  }
  let row = 0
  const advance = (rows: number): boolean => {
    const end = Math.min(count, row + rows)
    for (; row < end; row++) {
      const lane = nextLane()
      // No lane has quota left: the rest wait for a renewal, and no time can be planned for them.
      if (lane === null) {
        row = count
        break
      }
      quotaLeft[lane] = (quotaLeft[lane] as number) - 1
      result.rows++
      const log = logs[lane] as SendLog
      const laneStart = Math.max(start, laneStarts[lane] ?? start)
      let at = earliestSend(policy, seed + lane, log, Math.max(laneStart, log.last ?? laneStart)).instant
      const cap = deviceCaps[lane]
      if (cap && cap.cap > 0) {
        const days = deviceDays[lane] as Map<string, number>
        let day = deviceDayOf(lane, cap, at)
        // A day whose cap is used up: the campaign's pacing again from the device's next midnight, where the send
        // queue's budget starts again (the same day rule, so a day of 23 or 25 hours ends where the budget's does).
        for (let guard = 0; guard < 400; guard++) {
          const sentBefore = day.end <= cap.resetsAt ? cap.sentToday : 0
          if ((days.get(day.day) ?? 0) + sentBefore < cap.cap) break
          at = earliestSend(policy, seed + lane, log, day.end).instant
          day = deviceDayOf(lane, cap, at)
        }
        days.set(day.day, (days.get(day.day) ?? 0) + 1)
      }
      recordSend(log, at, zone)
      const day = dayIn(at, zone)
      result.perDay[day] = (result.perDay[day] ?? 0) + 1
      result.finishAt = Math.max(result.finishAt ?? at, at)
    }
    return row >= count
  }
  return { advance, result }
}

/** How many more sends the daily cap (warm-up included) allows a device on the day of `at`, after `log`'s sends. */
export function capLeft(policy: CampaignPacing, log: SendLog, at: number): number {
  const day = dayIn(at, zoneOf(policy))
  const cap = capForDay(policy, Math.max(0, daysBetween(log.firstDay ?? day, day)))
  return Math.max(0, cap - (log.perDay.get(day) ?? 0))
}
