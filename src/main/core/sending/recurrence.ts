// Recurring times: the n-th occurrence of a rule as a wall-clock time in an IANA zone, so a daily 08:00 stays 08:00
// across DST changes, and monthly/yearly rules stay anchored to the start day (Jan 31 → Feb 28/29 → Mar 31).
import { isEveryNDays, localTimeToInstant, MAX_EVERY_N_DAYS, parseLocalTime } from '../../../shared/domain'

export type RecurrenceRule =
  | { kind: 'daily' }
  | { kind: 'weekly' }
  | { kind: 'monthly' }
  | { kind: 'yearly' }
  /** Every `days` days, 1 to MAX_EVERY_N_DAYS (shared/domain/repeat.ts). */
  | { kind: 'every-n-days'; days: number }

export { MAX_EVERY_N_DAYS }

/** Rough length of one period, only to guess where to start looking. */
const APPROXIMATE_MS: Record<RecurrenceRule['kind'], number> = {
  daily: 86_400_000,
  weekly: 7 * 86_400_000,
  monthly: 28 * 86_400_000,
  yearly: 365 * 86_400_000,
  'every-n-days': 86_400_000
}

export function checkRule(rule: RecurrenceRule): void {
  if (rule.kind !== 'every-n-days') return
  if (!isEveryNDays(rule.days)) {
    throw new RangeError(`Every N days needs N from 1 to ${MAX_EVERY_N_DAYS}, not ${rule.days}`)
  }
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0')

/**
 * The wall-clock time (`YYYY-MM-DDTHH:mm:ss`) of occurrence `index` (0 is the start). Calendar arithmetic on the
 * wall clock, never on instants: adding days keeps the time of day, and months and years count from the start's
 * day, clamped to the month's last day.
 */
export function occurrenceLocal(startLocal: string, rule: RecurrenceRule, index: number): string {
  checkRule(rule)
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Not an occurrence number: ${index}`)
  const start = parseLocalTime(startLocal)
  let year = start.year
  let month = start.month
  let day = start.day
  const addDays = (days: number): void => {
    const date = new Date(Date.UTC(year, month - 1, day + days))
    year = date.getUTCFullYear()
    month = date.getUTCMonth() + 1
    day = date.getUTCDate()
  }
  switch (rule.kind) {
    case 'daily':
      addDays(index)
      break
    case 'weekly':
      addDays(7 * index)
      break
    case 'every-n-days':
      addDays(rule.days * index)
      break
    case 'monthly': {
      const months = start.month - 1 + index
      year = start.year + Math.floor(months / 12)
      month = (months % 12) + 1
      day = Math.min(start.day, daysInMonth(year, month))
      break
    }
    case 'yearly':
      year = start.year + index
      day = Math.min(start.day, daysInMonth(year, month))
      break
  }
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(start.hour)}:${pad(start.minute)}:${pad(start.second)}`
}

/** The instant of occurrence `index` in `timeZone` (a time skipped by DST moves forward by the gap). */
export function occurrenceAt(
  startLocal: string,
  timeZone: string,
  rule: RecurrenceRule,
  index: number
): number {
  return localTimeToInstant(occurrenceLocal(startLocal, rule, index), timeZone)
}

/** The first occurrence strictly after `after` (an instant), with its number. */
export function nextOccurrence(
  startLocal: string,
  timeZone: string,
  rule: RecurrenceRule,
  after: number
): { index: number; at: number; local: string } {
  const first = occurrenceAt(startLocal, timeZone, rule, 0)
  if (first > after) return { index: 0, at: first, local: occurrenceLocal(startLocal, rule, 0) }
  const period = APPROXIMATE_MS[rule.kind] * (rule.kind === 'every-n-days' ? rule.days : 1)
  // Start a little before the guess (months and years vary in length) and walk forward.
  let index = Math.max(0, Math.floor((after - first) / period) - 2)
  while (index > 0 && occurrenceAt(startLocal, timeZone, rule, index) > after) index -= 1
  for (;;) {
    const at = occurrenceAt(startLocal, timeZone, rule, index)
    if (at > after) return { index, at, local: occurrenceLocal(startLocal, rule, index) }
    index += 1
  }
}

/**
 * The number of the last occurrence on or before the day `lastDate` (`YYYY-MM-DD`, on the rule's wall clock, the day
 * included), or -1 when even the first is after it. Wall-clock times grow with their number, so it is searched for.
 */
export function lastOccurrenceOnOrBefore(startLocal: string, rule: RecurrenceRule, lastDate: string): number {
  const within = (index: number): boolean => occurrenceLocal(startLocal, rule, index).slice(0, 10) <= lastDate
  if (!within(0)) return -1
  let low = 0
  let high = 1
  while (within(high)) {
    low = high
    high *= 2
  }
  // within(low) and not within(high): narrow down to the last within.
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (within(middle)) low = middle
    else high = middle
  }
  return low
}
