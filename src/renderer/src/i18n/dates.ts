// Dates, times, sizes and time zones for display (a schedule form's wall clock is wall-clock.ts).
// The zoned day through the small front door the window's start may carry (test/boot/window-start.test.ts).
import { dayBoundsOn } from '../../../shared/domain/schedule-time'
import { sizeBesideLimit } from '../../../shared/domain/limits'
import { zoneName } from '../../../shared/domain/zone-name'

// The one name of a zone (QA76), for the views that name a zone beside a time written without it.
export { zoneName }

/**
 * One formatter per locale and options: building an Intl formatter costs far more than using one (the outbox list
 * formats a date per row on every render; building them took 31% of the renderer's time while scrolling).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>()
const numberFormats = new Map<string, Intl.NumberFormat>()

/** The cached `Intl.DateTimeFormat` for this locale and these options (throws as the constructor does). */
function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(key, format)
  }
  return format
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    numberFormats.set(key, format)
  }
  return format
}

/** 12,345 (English) or 12.345 (Indonesian): a count in the operator's locale. */
export function formatCount(count: number, locale: string): string {
  return numberFormat(locale, {}).format(count)
}

/** 1.5 MB, 820 KB, 12 B in the operator's locale; `decimals`: at most that many (sizeBesideLimit's closer look). */
export function formatBytes(bytes: number, locale: string, decimals?: number): string {
  const units = ['B', 'KB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  const digits = unit === 0 ? 0 : (decimals ?? (value >= 10 ? 0 : 1))
  return `${numberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`
}

/** A file's size beside the limit it is over, in the operator's locale, told apart (2.01 MB beside 2 MB). */
export function formatBytesBesideLimit(
  size: number,
  limit: number,
  locale: string
): { size: string; limit: string } {
  return sizeBesideLimit(
    size,
    limit,
    (bytes, decimals) => formatBytes(bytes, locale, decimals),
    (bytes) => `${formatCount(bytes, locale)} B`
  )
}

const validZones = new Map<string, boolean>()

function validZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined
  let valid = validZones.get(timeZone)
  if (valid === undefined) {
    try {
      dateTimeFormat('en', { timeZone })
      valid = true
    } catch {
      valid = false
    }
    validZones.set(timeZone, valid)
  }
  return valid ? timeZone : undefined
}

/**
 * "3 Mar 2025, 14:05" in the operator's locale, in a zone when given (else the computer's); "14:05:09" with `seconds`,
 * for moments seconds apart (a delivery's attempts and its next one).
 */
export function formatDateTime(
  iso: string | null | undefined,
  locale: string,
  timeZone?: string | null,
  { seconds = false }: { seconds?: boolean } = {}
): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const zone = validZone(timeZone)
  const timeStyle = seconds ? 'medium' : 'short'
  const options: Intl.DateTimeFormatOptions = zone
    ? { dateStyle: 'medium', timeStyle, timeZone: zone }
    : { dateStyle: 'medium', timeStyle }
  return dateTimeFormat(locale, options).format(date)
}

/**
 * "29 Nov, 15:43" in the operator's locale: a date and time for a narrow window, the year only when it is not the
 * current one (in the zone given, else the computer's; named after it when `nameZone`, as formatDateTimeInZone).
 */
export function formatCompactDateTime(
  iso: string | null | undefined,
  locale: string,
  timeZone?: string | null,
  nameZone = false,
  now: Date = new Date()
): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const zone = validZone(timeZone) ?? (nameZone ? computerZone() : undefined)
  const inZone: Intl.DateTimeFormatOptions = zone ? { timeZone: zone } : {}
  const yearOf = (d: Date): string => dateTimeFormat('en', { year: 'numeric', ...inZone }).format(d)
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    ...(yearOf(date) === yearOf(now) ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    ...inZone
  }
  const text = dateTimeFormat(locale, options).format(date)
  return nameZone && zone ? `${text} ${zoneName(zone)}` : text
}

/** The calendar day an instant falls on, on a zone's clock, as YYYY-MM-DD. */
function calendarDayOn(instant: Date | number, zone: string): string {
  return dateTimeFormat('en-CA', { dateStyle: 'short', timeZone: zone }).format(instant)
}

/**
 * When something followed `since` on a zone's clock, for a narrow row that writes `since` in full beside it: the time
 * alone on the same day ("09.02"), else the compact date and time ("2 Des, 09.02"); the zone is named by `since`.
 */
export function formatCompactTimeAfter(
  iso: string | null | undefined,
  since: string,
  locale: string,
  timeZone?: string | null
): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const zone = validZone(timeZone) ?? computerZone()
  const sameDay = calendarDayOn(date, zone) === calendarDayOn(new Date(since), zone)
  return sameDay
    ? dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(date)
    : formatCompactDateTime(iso, locale, zone)
}

/**
 * A list's time, as chat lists write it: the time for today, the weekday within the past week, the day and month
 * this year, the full date before that, on a zone's clock (the operator's; the computer's when none is given). The
 * full date and time go in the element's title.
 */
export function formatListTime(
  iso: string | null | undefined,
  locale: string,
  timeZone?: string | null,
  now: Date = new Date()
): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const zone = validZone(timeZone) ?? computerZone()
  const yearOf = (instant: Date): string =>
    dateTimeFormat('en', { year: 'numeric', timeZone: zone }).format(instant)
  // Calendar days compared as UTC dates: whole days apart whatever the zone's offset.
  const daysAgo = (Date.parse(calendarDayOn(now, zone)) - Date.parse(calendarDayOn(date, zone))) / 86_400_000
  const options: Intl.DateTimeFormatOptions =
    daysAgo === 0
      ? { timeStyle: 'short' }
      : daysAgo >= 1 && daysAgo <= 6
        ? { weekday: 'short' }
        : yearOf(date) === yearOf(now)
          ? { day: 'numeric', month: 'short' }
          : { dateStyle: 'medium' }
  return dateTimeFormat(locale, { ...options, timeZone: zone }).format(date)
}

/**
 * The day at `now` on `timeZone`'s clock (the operator's: one "today" in the window, QA29 Q29-03), by the one rule of
 * a day in a zone: from its midnight (`since`, ISO) to the next (`until`, ISO; `endsAt`, ms), 23 or 25 hours across DST.
 * A zone the platform does not know counts on the computer's clock.
 */
export function todayIn(
  timeZone: string,
  now: number = Date.now()
): { since: string; until: string; endsAt: number } {
  const bounds = dayBoundsOn(now, validZone(timeZone) ?? computerZone())
  return {
    since: new Date(bounds.start).toISOString(),
    until: new Date(bounds.end).toISOString(),
    endsAt: bounds.end
  }
}

/**
 * This computer's zone: the one an instant is shown in when no zone is given, read from the same cached formatter so
 * it is that one, and so a list naming it on every row makes no formatter per row.
 */
export function computerZone(): string {
  return validZone(dateTimeFormat('en', {}).resolvedOptions().timeZone) ?? 'UTC'
}

/** An instant in the operator's locale with the zone it is shown in named: "28 Nov 2026, 14:05 WIB". */
export function formatDateTimeInZone(
  iso: string | null | undefined,
  locale: string,
  timeZone?: string | null,
  options: { seconds?: boolean } = {}
): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return iso ?? ''
  const zone = validZone(timeZone) ?? computerZone()
  return `${formatDateTime(iso, locale, zone, options)} ${zoneName(zone)}`
}

/**
 * An instant soon to come on a zone's clock with the zone named, its date left out when it is today on that clock:
 * "08:00 WIB" later today, "30 Nov 2026, 08:00 WIB" another day (a wait's end: when working hours open).
 */
export function formatSoonInZone(
  at: number,
  locale: string,
  timeZone: string,
  now: Date = new Date()
): string {
  const zone = validZone(timeZone) ?? computerZone()
  if (calendarDayOn(at, zone) !== calendarDayOn(now, zone))
    return formatDateTimeInZone(new Date(at).toISOString(), locale, zone)
  return `${dateTimeFormat(locale, { timeStyle: 'short', timeZone: zone }).format(at)} ${zoneName(zone)}`
}

/** An instant within the next few minutes on a zone's clock, to the second, with the zone named: "18:02:09 UTC". */
export function formatSecondInZone(at: number, locale: string, timeZone: string): string {
  const zone = validZone(timeZone) ?? computerZone()
  return `${dateTimeFormat(locale, { timeStyle: 'medium', timeZone: zone }).format(at)} ${zoneName(zone)}`
}

/**
 * A wall clock as the gateway writes it ('2026-11-29 12:38:19', or a bare date) on a zone's clock, in the operator's
 * locale with that zone named: "29 Nov 2026, 12:38 WIB". Anything else unreadable is shown as it came.
 */
/**
 * How the gateway writes a time: a wall clock with no zone ('2026-11-29 12:38:19', '2026-11-29 12:38', or a bare
 * date) or an instant with its own offset ('…T07:05:00Z', '…+07:00'). The one reading for the window's formatting
 * here and the moments wall-clock.ts works out; null for text that is neither.
 */
export function readGatewayTime(
  text: string
):
  | { wall: { date: string; time: { hour: number; minute: number; second: number } | null } }
  | { instant: string }
  | null {
  const trimmed = text.trim()
  const parts = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(trimmed)
  if (parts) {
    const time = parts[2]
      ? { hour: Number(parts[2]), minute: Number(parts[3]), second: Number(parts[4] ?? 0) }
      : null
    const [year, month, day] = parts[1]!.split('-').map(Number) as [number, number, number]
    // No such day or time ('2026-02-30', '25:00'): shown as it came, never rolled over into another day.
    const calendar = new Date(Date.UTC(year, month - 1, day))
    if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null
    if (time && (time.hour > 23 || time.minute > 59 || time.second > 59)) return null
    return { wall: { date: parts[1]!, time } }
  }
  return /(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) ? { instant: trimmed } : null
}

export function formatWallClock(text: string | null | undefined, locale: string, timeZone: string): string {
  if (!text) return ''
  const read = readGatewayTime(text)
  if (!read) return text
  // A time with its own offset is an instant: shown on that zone's clock all the same.
  if ('instant' in read) return formatDateTimeInZone(read.instant, locale, timeZone)
  const [year, month, day] = read.wall.date.split('-').map(Number)
  const { time } = read.wall
  // Formatted on UTC's clock from the same wall clock: the digits stay the gateway's, only their layout changes.
  const instant = Date.UTC(year!, month! - 1, day!, time?.hour ?? 0, time?.minute ?? 0)
  const options: Intl.DateTimeFormatOptions = time
    ? { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }
    : { dateStyle: 'medium', timeZone: 'UTC' }
  return `${dateTimeFormat(locale, options).format(instant)} ${zoneName(timeZone)}`
}

/**
 * A day written YYYY-MM-DD (a date field's value) as the window writes dates: "2 Dec 2026", "2 Des 2026". Anything
 * else is shown as it came.
 */
export function formatCalendarDate(text: string, locale: string): string {
  const read = readGatewayTime(text)
  if (!read || !('wall' in read) || read.wall.time) return text
  const [year, month, day] = read.wall.date.split('-').map(Number)
  // Formatted on UTC's clock from the same day: the day stays, only its layout changes.
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.UTC(year!, month! - 1, day!)
  )
}

/** The wall-clock day of `YYYY-MM-DD…` (a series' start on its own clock) as UTC's midnight of it: its layout only. */
function dayOfWall(text: string): number {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number)
  return Date.UTC(year!, month! - 1, day!)
}

/** The weekday of a wall-clock day (`YYYY-MM-DD…`) in the operator's locale: "Monday", "Senin". */
export function formatWeekday(text: string, locale: string): string {
  return dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(dayOfWall(text))
}

/** The day and month of a wall-clock day (`YYYY-MM-DD…`) in the operator's locale: "5 March", "5 Maret". */
export function formatDayOfYear(text: string, locale: string): string {
  return dateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(dayOfWall(text))
}

/**
 * A time of day written HH:mm ('08:00', a campaign's working hours) in the operator's locale: "08:00" in English,
 * "08.00" in Indonesian, as Intl writes every other time in the window. Anything else is shown as it came.
 */
export function formatClockTime(text: string, locale: string): string {
  const parts = /^(\d{2}):(\d{2})$/.exec(text.trim())
  if (!parts) return text
  // Formatted on UTC's clock from the same wall clock: the digits stay, only their layout changes.
  return dateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, Number(parts[1]), Number(parts[2]))
  )
}

/** An amount of rupiah in the operator's locale: "Rp 150,000" (English) or "Rp 150.000" (Indonesian). */
export function formatRupiah(amount: number, locale: string): string {
  return numberFormat(locale, {
    style: 'currency',
    currency: 'IDR',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0
  }).format(amount)
}

/** Zones for a picker: the Indonesian ones first, then every zone the platform knows. */
export function timeZones(extra: (string | null | undefined)[] = []): string[] {
  const indonesian = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura']
  let all: string[]
  try {
    all = Intl.supportedValuesOf('timeZone')
  } catch {
    all = []
  }
  const list = [...indonesian, ...extra.filter((z): z is string => Boolean(z)), ...all, 'UTC']
  return [...new Set(list)]
}
