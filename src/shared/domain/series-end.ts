// When a repeating series ends (QA33 Q33-05): on a last day (inclusive, on the series' own clock) or after a number
// of its times. Checked alike by the window's forms, the contract's `series:create` and `series:setEnd`, and the core.
import { parseLocalTime } from './zoned-time'

/** As many times as a daily series has in more than 27 years: enough for any promotion, small enough to show. */
export const MAX_SERIES_TIMES = 10_000

export type SeriesEnd = { kind: 'date'; lastDate: string } | { kind: 'times'; times: number }

export type SeriesEndProblem = 'date_invalid' | 'date_before_start' | 'times_out_of_range'

/** A whole number of times from 1 to MAX_SERIES_TIMES. */
export function isSeriesTimes(times: number): boolean {
  return Number.isInteger(times) && times >= 1 && times <= MAX_SERIES_TIMES
}

/**
 * What is wrong with `end` whatever the series' start: no real day `YYYY-MM-DD`, or not 1 to MAX_SERIES_TIMES times.
 * The part of checkSeriesEnd a request that does not carry the start (`series:setEnd`) can check on its own.
 */
export function checkSeriesEndShape(end: SeriesEnd): Exclude<SeriesEndProblem, 'date_before_start'> | null {
  if (end.kind === 'times') return isSeriesTimes(end.times) ? null : 'times_out_of_range'
  if (!/^\d{4}-\d{2}-\d{2}$/.test(end.lastDate)) return 'date_invalid'
  try {
    parseLocalTime(`${end.lastDate}T00:00`)
  } catch {
    return 'date_invalid'
  }
  return null
}

/**
 * Whether `end` can end a series starting at `startLocal` (`YYYY-MM-DDTHH:mm[:ss]`): a real day `YYYY-MM-DD` not
 * before the start's day, or 1 to MAX_SERIES_TIMES times. A start that is itself no time is the start's own problem.
 */
export function checkSeriesEnd(startLocal: string, end: SeriesEnd): SeriesEndProblem | null {
  const shape = checkSeriesEndShape(end)
  if (shape !== null || end.kind === 'times') return shape
  // Both written YYYY-MM-DD first: as text they sort as the days do.
  return end.lastDate < startLocal.slice(0, 10) ? 'date_before_start' : null
}
