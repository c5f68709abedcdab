// Wall-clock times in a device's time zone, as the gateway writes them (`Y-m-d H:i:s`), and reminder recurrences.
// Luxon does the zone and calendar arithmetic (DST gaps, month ends); this module only fixes the gateway's formats.

import { DateTime, IANAZone } from 'luxon'

const GATEWAY_FORMAT = 'yyyy-MM-dd HH:mm:ss'

export function isValidTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone)
}

/** `2026-01-15 10:00:00` on a wall clock in `zone`. */
export function formatInZone(instant: number, zone: string): string {
  return DateTime.fromMillis(instant, { zone }).toFormat(GATEWAY_FORMAT)
}

/** The calendar day (`Y-m-d`) in `zone`. */
export function dayIn(instant: number, zone: string): string {
  return DateTime.fromMillis(instant, { zone }).toFormat('yyyy-MM-dd')
}

/**
 * `Y-m-d`, `Y-m-d H:i` or `Y-m-d H:i:s` (a `T` also separates) as a wall-clock time in `zone`; null when malformed,
 * for an unknown zone, and for a time that does not exist there (skipped by a DST change).
 */
export function parseInZone(local: string, zone: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?)?$/.exec(local.trim())
  if (!match || !isValidTimeZone(zone)) return null
  const wanted = `${match[1]} ${match[2] ?? '00:00'}:${match[3] ?? '00'}`
  const parsed = DateTime.fromFormat(wanted, GATEWAY_FORMAT, { zone })
  // Luxon moves a skipped time forward; the gateway's forms name an existing wall time or nothing.
  return parsed.isValid && parsed.toFormat(GATEWAY_FORMAT) === wanted ? parsed.toMillis() : null
}

/** `instant` moved on by whole calendar months or years on the wall clock of `zone` (Jan 31 + 1 month = Feb 28). */
export function plusCalendarInZone(
  instant: number,
  zone: string,
  span: { months?: number; years?: number }
): number {
  return DateTime.fromMillis(instant, { zone }).plus(span).toMillis()
}

/** How a reminder repeats: every day, month or year, or every N days, always from its first occurrence. */
export type Repeat = { unit: 'days' | 'months' | 'years'; every: number }

/**
 * The first occurrence of `startLocal` (`Y-m-d H:i:s` in `zone`) repeating by `repeat` that falls strictly after
 * `after`, with its number. Each occurrence is counted from the start, so Jan 31 monthly gives Feb 28 and then Mar 31.
 */
export function nextOccurrence(
  startLocal: string,
  zone: string,
  repeat: Repeat,
  after: number
): { index: number; at: number } {
  const start = DateTime.fromFormat(startLocal, GATEWAY_FORMAT, { zone })
  if (!start.isValid) throw new RangeError(`not a Y-m-d H:i:s time: ${startLocal}`)
  const at = (index: number): number => start.plus({ [repeat.unit]: repeat.every * index }).toMillis()
  const first = at(0)
  if (first > after) return { index: 0, at: first }
  const approximateMs =
    { days: 86_400_000, months: 2_592_000_000, years: 31_536_000_000 }[repeat.unit] * repeat.every
  // Start a little before the guess (months and years vary in length), then walk.
  let index = Math.max(0, Math.floor((after - first) / approximateMs) - 2)
  while (index > 0 && at(index) > after) index -= 1
  while (at(index) <= after) index += 1
  return { index, at: at(index) }
}
