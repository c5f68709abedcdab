// Whether a schedule's wall-clock time in its zone is still ahead: the send form, the reschedule form and the core's
// reschedule ask this one rule, so a time that has passed is questioned before anything is queued.
import { localTimeToInstant } from './zoned-time'

// The rules a window's start needs for days in a zone (the outbox's date filter), through this small front door; and
// what a zone's clock does to a typed time (the forms' date and time fields).
export { dayBoundsOn, isLocalTime, localTimeToInstant, wallTimeOnClock } from './zoned-time'

export type ScheduleTime =
  /** Still to come: it waits for `at`. */
  | { kind: 'ahead'; at: number }
  /** Already gone by (this very minute included): it would go out at once, not at its time. */
  | { kind: 'passed'; at: number }
  /** No such date or time, or a zone not known. */
  | { kind: 'invalid' }

/**
 * `localTime` ('YYYY-MM-DDTHH:mm[:ss]') on the clock of `timeZone`, against `now` (ms). A time at or before `now` has
 * passed: a schedule for the current minute would not wait at all.
 */
export function scheduleTime(localTime: string, timeZone: string, now: number): ScheduleTime {
  let at: number
  try {
    at = localTimeToInstant(localTime, timeZone)
  } catch {
    return { kind: 'invalid' }
  }
  return at > now ? { kind: 'ahead', at } : { kind: 'passed', at }
}
