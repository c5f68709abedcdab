// Wall clocks and moments by the domain's zoned-time rule (the outbox's scheduler's): the one a schedule form starts
// from, and the moment a gateway's zoneless wall clock stands for. Apart from dates.ts: the window's start formats
// dates, and this brings the domain with it.
import {
  GATEWAY_TIME_ZONE,
  instantToLocal,
  isValidTimeZone,
  localTimeToInstant
} from '../../../shared/domain'
import { computerZone, formatDateTimeInZone, formatWallClock, readGatewayTime } from './dates'

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

/**
 * The moment a wall clock the gateway writes without a zone ('2026-11-29 12:38:19') stands for on `timeZone`'s clock,
 * as ISO, so the window can show it in its own zone beside its other times; one written with an offset is read as it
 * is. Null for a bare date (a day on the gateway's calendar, not a moment) and for text it cannot read.
 */
export function wallClockMoment(text: string, timeZone: string): string | null {
  const read = readGatewayTime(text)
  if (!read) return null
  if ('instant' in read) {
    const at = Date.parse(read.instant)
    return Number.isNaN(at) ? null : new Date(at).toISOString()
  }
  const { date, time } = read.wall
  if (!time || !isValidTimeZone(timeZone)) return null
  const clock = [time.hour, time.minute, time.second].map((n) => String(n).padStart(2, '0')).join(':')
  try {
    return new Date(localTimeToInstant(`${date}T${clock}`, timeZone)).toISOString()
  } catch {
    return null // no such date or time ('2026-02-30 25:00')
  }
}

/**
 * A time the gateway writes on its own clock (a device's expiry, an invoice's due date) as the moment it comes, on
 * `timeZone`'s clock (the operator's; the computer's when none is given) and named, as every other time on the page
 * (QA: "Expires … WIB" beside "starts again … UTC", "Pay by … WIB" beside "Ordered … UTC"). A bare date is a day on
 * the gateway's calendar, so it stays a date with its zone named.
 */
export function formatGatewayTime(text: string, locale: string, timeZone?: string | null): string {
  const moment = wallClockMoment(text, GATEWAY_TIME_ZONE)
  return moment
    ? formatDateTimeInZone(moment, locale, timeZone)
    : formatWallClock(text, locale, GATEWAY_TIME_ZONE)
}
