// The wall clock a schedule form starts from, by the domain's zoned-time rule (the outbox's scheduler's), to the
// minute. Apart from dates.ts: the window's start formats dates, and this brings the domain with it.
import { instantToLocal, isValidTimeZone } from '../../../shared/domain'
import { computerZone } from './dates'

/**
 * The wall clock of an instant in a zone (the computer's, for a zone it does not know):
 * { date: 'YYYY-MM-DD', time: 'HH:mm' }.
 */
export function wallClockIn(instant: Date, timeZone: string): { date: string; time: string } {
  const zone = isValidTimeZone(timeZone) ? timeZone : computerZone()
  const { date, time } = instantToLocal(instant.getTime(), zone)
  return { date, time: time.slice(0, 5) }
}

/** A sensible default for a new schedule: the next full hour in the zone. */
export function nextHourIn(timeZone: string, now = new Date()): { date: string; time: string } {
  const next = new Date(now.getTime() + 60 * 60 * 1000)
  const { date, time } = wallClockIn(next, timeZone)
  return { date, time: `${time.slice(0, 2)}:00` }
}
