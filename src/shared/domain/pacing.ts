// A campaign's pacing policy: its shape, its safe defaults, every field's range and the one validity rule, shared by
// the contract (its schema is built from PACING_RANGES and refines with pacingProblems), the core, the CLI and the
// window's campaign form (its min/max attributes and its messages). pacing.cases.ts is run by each of them.
import { GATEWAY_TIME_ZONE } from './enums'
import { dayIn, localTimeToInstant, type ZonedClock } from './zoned-time'

export interface PacingPolicy {
  /** Random gap between two sends of one device, in seconds (min ≤ max). */
  minDelaySeconds: number
  maxDelaySeconds: number
  /** After every `batchSize` sends, wait `batchPauseMinutes` (0 = no batch pause). */
  batchSize: number
  batchPauseMinutes: number
  /** Sends only between start and end (HH:mm, end exclusive) on the wall clock of `timeZone`; null = any time. */
  workingHours: { start: string; end: string; timeZone: string } | null
  /** Most sends per device per calendar day (in the working-hours zone, else UTC). */
  dailyCapPerDevice: number
  /** Warm-up for a new number: the cap starts at `startPerDay` and grows by `increasePerDay` each day. */
  warmUp: { startPerDay: number; increasePerDay: number } | null
}

/**
 * Safe defaults from what operators' tools ship (shared/campaign-pacing.md): 5–30 s, 20 then 10 min, 08–20, 150/day.
 * Its hours are on the gateway's clock only to be a fixed value for tables and tests: a new campaign starts from
 * `newCampaignPacing`, on the operator's clock.
 */
export const DEFAULT_PACING: PacingPolicy = {
  minDelaySeconds: 5,
  maxDelaySeconds: 30,
  batchSize: 20,
  batchPauseMinutes: 10,
  workingHours: { start: '08:00', end: '20:00', timeZone: GATEWAY_TIME_ZONE },
  dailyCapPerDevice: 150,
  warmUp: null
}

/** Working hours a campaign gets when the operator turns them on: 08:00–20:00 on `timeZone`'s clock. */
export function defaultWorkingHours(timeZone: string): NonNullable<PacingPolicy['workingHours']> {
  return { start: '08:00', end: '20:00', timeZone }
}

/**
 * The pacing a new campaign starts from (the window's form, the CLI's create): the safe defaults with working hours
 * on the operator's clock — `timeZone` is the settings' default zone, which starts as the computer's. The hours used
 * to be Asia/Jakarta wherever the operator sat, while the estimate was on the computer's clock (issue 27, point 5).
 */
export function newCampaignPacing(timeZone: string): PacingPolicy {
  return { ...DEFAULT_PACING, workingHours: defaultWorkingHours(timeZone) }
}

export type PacingNumberField =
  | 'minDelaySeconds'
  | 'maxDelaySeconds'
  | 'batchSize'
  | 'batchPauseMinutes'
  | 'dailyCapPerDevice'
  | 'warmUp.startPerDay'
  | 'warmUp.increasePerDay'

/** A field of the policy, as a path: what a problem names, and where the contract reports it. */
export type PacingField =
  PacingNumberField | 'workingHours.start' | 'workingHours.end' | 'workingHours.timeZone'

export interface PacingRange {
  min: number
  max: number
  /** Whole numbers only (a count of sends); delays and pauses may be fractions. */
  whole: boolean
}

/**
 * Every number's bounds, both inclusive. A day (86,400 s, 1,440 min) is the longest wait that still means pacing;
 * a million sends a day is far past any device, so the caps only stop typing slips.
 */
export const PACING_RANGES: Readonly<Record<PacingNumberField, PacingRange>> = {
  minDelaySeconds: { min: 0, max: 86_400, whole: false },
  maxDelaySeconds: { min: 0, max: 86_400, whole: false },
  batchSize: { min: 1, max: 100_000, whole: true },
  batchPauseMinutes: { min: 0, max: 1_440, whole: false },
  dailyCapPerDevice: { min: 1, max: 1_000_000, whole: true },
  'warmUp.startPerDay': { min: 1, max: 1_000_000, whole: true },
  'warmUp.increasePerDay': { min: 0, max: 1_000_000, whole: true }
}

/** The longest time-zone name taken (the longest IANA name is 32 characters). */
export const PACING_TIME_ZONE_MAX_LENGTH = 80

/** A wall-clock time as the working hours are written: 00:00 to 23:59. */
export const PACING_CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * What is wrong with a policy, and in which field: a discriminated union, so each code names the fields it can, and
 * each carries what its message quotes (a range, a zone name).
 */
export type PacingProblem =
  /** Empty, not a number or not finite; a fraction where a count is wanted; below or above the range. */
  | {
      field: PacingNumberField
      code: 'not_a_number' | 'not_whole' | 'too_small' | 'too_large'
      min: number
      max: number
    }
  /** The longest delay is shorter than the shortest. */
  | { field: 'maxDelaySeconds'; code: 'below_min_delay' }
  | { field: 'workingHours.start' | 'workingHours.end'; code: 'not_a_clock' }
  /** Working hours end at or before they start: the pacing has no overnight window. */
  | { field: 'workingHours.end'; code: 'not_after_start' }
  | { field: 'workingHours.timeZone'; code: 'unknown_zone'; zone: string }

/** A problem as a case table names it: its field and code (the range or zone it quotes follows from them). */
export type PacingProblemAt = Pick<PacingProblem, 'field' | 'code'>

export type PacingProblemCode = PacingProblem['code']

/** A zone name shaped like IANA's (Area/City, UTC, Etc/GMT+7): Intl in some engines also takes "+07:00", we do not. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/
const knownZones = new Set<string>()

/** A time zone the engine knows by its IANA name (any case, aliases included). Answers are remembered once true. */
export function isIanaTimeZone(zone: unknown): boolean {
  if (typeof zone !== 'string') return false
  if (knownZones.has(zone)) return true
  if (zone.length > PACING_TIME_ZONE_MAX_LENGTH || !ZONE_NAME.test(zone)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
  } catch {
    return false
  }
  knownZones.add(zone)
  return true
}

function numberProblem(field: PacingNumberField, value: unknown): PacingProblem | null {
  const range = PACING_RANGES[field]
  const problem = (code: 'not_a_number' | 'not_whole' | 'too_small' | 'too_large'): PacingProblem => ({
    field,
    code,
    min: range.min,
    max: range.max
  })
  if (typeof value !== 'number' || !Number.isFinite(value)) return problem('not_a_number')
  if (range.whole && !Number.isInteger(value)) return problem('not_whole')
  if (value < range.min) return problem('too_small')
  if (value > range.max) return problem('too_large')
  return null
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A policy's fields before they are judged: read from JSON or a request, any of them may be of any type. */
export type PacingDraft = { [Field in keyof PacingPolicy]: unknown }

/**
 * Every problem with a policy, in field order; empty when it is usable. Reads defensively (a field of the wrong type
 * is a problem, not a crash), so it also judges a policy parsed from JSON or typed into a form.
 */
export function pacingProblems(policy: PacingDraft): PacingProblem[] {
  const problems: PacingProblem[] = []
  const add = (problem: PacingProblem | null): void => {
    if (problem) problems.push(problem)
  }
  const { minDelaySeconds: min, maxDelaySeconds: max } = policy
  const minProblem = numberProblem('minDelaySeconds', min)
  add(minProblem)
  const maxProblem = numberProblem('maxDelaySeconds', max)
  add(maxProblem)
  const bothInRange = !minProblem && !maxProblem && typeof min === 'number' && typeof max === 'number'
  if (bothInRange && max < min) add({ field: 'maxDelaySeconds', code: 'below_min_delay' })
  add(numberProblem('batchSize', policy.batchSize))
  add(numberProblem('batchPauseMinutes', policy.batchPauseMinutes))
  const hours: unknown = policy.workingHours
  if (hours !== null) {
    const { start, end, timeZone } = isRecord(hours) ? hours : {}
    const startIsClock = typeof start === 'string' && PACING_CLOCK.test(start)
    const endIsClock = typeof end === 'string' && PACING_CLOCK.test(end)
    if (!startIsClock) add({ field: 'workingHours.start', code: 'not_a_clock' })
    if (!endIsClock) add({ field: 'workingHours.end', code: 'not_a_clock' })
    // HH:mm strings compare as times.
    if (startIsClock && endIsClock && end <= start)
      add({ field: 'workingHours.end', code: 'not_after_start' })
    if (!isIanaTimeZone(timeZone))
      add({ field: 'workingHours.timeZone', code: 'unknown_zone', zone: String(timeZone ?? '') })
  }
  add(numberProblem('dailyCapPerDevice', policy.dailyCapPerDevice))
  const warmUp: unknown = policy.warmUp
  if (warmUp !== null) {
    const ramp = isRecord(warmUp) ? warmUp : {}
    add(numberProblem('warmUp.startPerDay', ramp.startPerDay))
    add(numberProblem('warmUp.increasePerDay', ramp.increasePerDay))
  }
  return problems
}

export type PacingParse = { policy: PacingPolicy; problems: [] } | { policy: null; problems: PacingProblem[] }

/** A draft with no problem is a policy: what pacingProblems checked, field by field, is what the type promises. */
const isUsable = (draft: PacingDraft, problems: readonly PacingProblem[]): draft is PacingPolicy =>
  problems.length === 0

/**
 * A policy from a value of unknown shape (JSON from the store, a request): its fields copied, nothing else, and
 * judged by pacingProblems. A missing `workingHours` or `warmUp` is a problem, not "any time" or "no warm-up".
 */
export function parsePacing(value: unknown): PacingParse {
  const raw = isRecord(value) ? value : {}
  const hours = raw.workingHours
  const warmUp = raw.warmUp
  const draft: PacingDraft = {
    minDelaySeconds: raw.minDelaySeconds,
    maxDelaySeconds: raw.maxDelaySeconds,
    batchSize: raw.batchSize,
    batchPauseMinutes: raw.batchPauseMinutes,
    workingHours: isRecord(hours)
      ? { start: hours.start, end: hours.end, timeZone: hours.timeZone }
      : hours === null
        ? null
        : {},
    dailyCapPerDevice: raw.dailyCapPerDevice,
    warmUp: isRecord(warmUp)
      ? { startPerDay: warmUp.startPerDay, increasePerDay: warmUp.increasePerDay }
      : warmUp === null
        ? null
        : {}
  }
  const problems = pacingProblems(draft)
  return isUsable(draft, problems) ? { policy: draft, problems: [] } : { policy: null, problems }
}

function nearestInRange(field: PacingNumberField, value: unknown, fallback: number): number {
  const range = PACING_RANGES[field]
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback
  const clamped = Math.min(range.max, Math.max(range.min, value))
  return range.whole ? Math.round(clamped) : clamped
}

/**
 * A stored policy read back as a usable one. The core stores only policies the rule accepts, but one written before
 * the ranges existed (an older CLI took a delay of a week) is read as the nearest usable policy: each number moved to
 * its nearest bound, which only slows the campaign (a week's delay becomes a day's, a cap of two million one of a
 * million), a missing number takes the default's, and working hours the rule refuses become the default hours, never
 * "any time".
 */
export function usablePacing(value: unknown): PacingPolicy {
  const parsed = parsePacing(value)
  if (parsed.policy) return parsed.policy
  const raw = isRecord(value) ? value : {}
  const minDelaySeconds = nearestInRange(
    'minDelaySeconds',
    raw.minDelaySeconds,
    DEFAULT_PACING.minDelaySeconds
  )
  const maxDelaySeconds = Math.max(
    minDelaySeconds,
    nearestInRange('maxDelaySeconds', raw.maxDelaySeconds, DEFAULT_PACING.maxDelaySeconds)
  )
  const hours = parsePacing({ ...DEFAULT_PACING, workingHours: raw.workingHours }).policy?.workingHours
  const warmUp = isRecord(raw.warmUp)
    ? {
        startPerDay: nearestInRange('warmUp.startPerDay', raw.warmUp.startPerDay, 1),
        increasePerDay: nearestInRange('warmUp.increasePerDay', raw.warmUp.increasePerDay, 0)
      }
    : null
  return {
    minDelaySeconds,
    maxDelaySeconds,
    batchSize: nearestInRange('batchSize', raw.batchSize, DEFAULT_PACING.batchSize),
    batchPauseMinutes: nearestInRange(
      'batchPauseMinutes',
      raw.batchPauseMinutes,
      DEFAULT_PACING.batchPauseMinutes
    ),
    workingHours: hours === undefined ? DEFAULT_PACING.workingHours : hours,
    dailyCapPerDevice: nearestInRange(
      'dailyCapPerDevice',
      raw.dailyCapPerDevice,
      DEFAULT_PACING.dailyCapPerDevice
    ),
    warmUp
  }
}

/**
 * When working hours next open, or null while they are open at `at` (or the policy has none): what the window says
 * before Start ("sending starts when its working hours open") and where the core's pacing waits until
 * (nextWorkingInstant). DST-safe: each day's bounds are computed on that day.
 */
export function workingHoursOpenAt(
  hours: PacingPolicy['workingHours'],
  at: number,
  clock: ZonedClock = { dayIn, localTimeToInstant }
): number | null {
  if (!hours) return null
  const day = clock.dayIn(at, hours.timeZone)
  for (let offset = 0; offset < 3; offset++) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number]
    const date = new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10)
    const opens = clock.localTimeToInstant(`${date}T${hours.start}`, hours.timeZone)
    if (at < opens) return opens
    if (at < clock.localTimeToInstant(`${date}T${hours.end}`, hours.timeZone)) return null
  }
  return null
}

/**
 * Whether sending that starts at `startsAt` still goes on at `endsAt` on a later day of the working hours' zone: the
 * hours close in between (they end on the day they open), and the messages left at the close wait for the next
 * day's opening. What the pre-send summary says beside the hours (QA77: an end the next morning, unexplained). False
 * with no hours.
 */
export function workingHoursCarryOver(
  hours: PacingPolicy['workingHours'],
  startsAt: number,
  endsAt: number
): boolean {
  return hours !== null && dayIn(endsAt, hours.timeZone) > dayIn(startsAt, hours.timeZone)
}
