// Local wall-clock times in an IANA time zone turned into instants (and back) with Intl only, DST-safe. One module
// for the core (the outbox's schedules, the sandbox's gateway clock, the settings check) and the window's plans.
const DAY_MS = 86_400_000
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit'
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '') return false
  try {
    formatterFor(timeZone)
    return true
  } catch {
    return false
  }
}

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {}
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0
  }
}

/** The wall clock read as if it were UTC, in ms: comparing two of these compares local times. */
function wallAsUtc(w: WallClock): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)
}

/** The zone's offset from UTC (ms, east positive) at an instant. */
export function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000
  return wallAsUtc(wallClockAt(whole, timeZone)) - whole
}

/**
 * The first year a local time may be in. A date field takes "26" as the year 0026, and Date.UTC would read it as
 * 1926: either is the operator's slip, not a time to send at (the gateway's clock has no such day for a schedule).
 */
const EARLIEST_YEAR = 2000

export function parseLocalTime(localTime: string): WallClock {
  const match = LOCAL_TIME.exec(localTime)
  if (!match) throw new RangeError(`Not a local time (YYYY-MM-DDTHH:mm[:ss]): ${localTime}`)
  const [year, month, day, hour, minute, second] = match.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number
  ]
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
  if (
    year < EARLIEST_YEAR ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    throw new RangeError(`No such date or time: ${localTime}`)
  }
  return { year, month, day, hour, minute, second }
}

/** Whether `localTime` is a day and time the app can schedule at (parseLocalTime's rule, without its error). */
export function isLocalTime(localTime: string): boolean {
  try {
    parseLocalTime(localTime)
    return true
  } catch {
    return false
  }
}

/**
 * The instant at which the wall clock in `timeZone` shows `localTime`.
 * - A time that occurs twice (clocks set back) means its first occurrence.
 * - A time that does not exist (clocks set forward) rolls forward by the size of the gap, so 02:30 on a
 *   spring-forward night in New York becomes 03:30 EDT (the same rule as Temporal's 'compatible').
 */
export function localTimeToInstant(localTime: string, timeZone: string): number {
  const { matches, rolledForward } = instantsShowing(localTime, timeZone)
  return matches.length > 0 ? Math.min(...matches) : rolledForward
}

/** The instants at which `timeZone`'s wall clock shows `localTime` (none, one or two), and the roll-forward's. */
function instantsShowing(localTime: string, timeZone: string): { matches: number[]; rolledForward: number } {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`)
  const wall = wallAsUtc(parseLocalTime(localTime))
  // Offsets in force around that day: a transition, if any, lies between the first and the last.
  const before = offsetAt(wall - DAY_MS, timeZone)
  const offsets = [...new Set([before, offsetAt(wall, timeZone), offsetAt(wall + DAY_MS, timeZone)])]
  const matches = offsets
    .map((offset) => wall - offset)
    .filter((instant) => wallAsUtc(wallClockAt(instant, timeZone)) === wall)
  return { matches, rolledForward: wall - before }
}

/**
 * Whether `timeZone`'s clock shows `localTime` once that day, never (clocks set forward: it goes at `becomes`, HH:mm,
 * as localTimeToInstant rolls it) or twice (clocks set back: it goes at the first). What is no time or no zone reads
 * as once: the forms say those apart.
 */
export type WallTimeOnClock = { kind: 'once' } | { kind: 'skipped'; becomes: string } | { kind: 'twice' }

export function wallTimeOnClock(localTime: string, timeZone: string): WallTimeOnClock {
  let found: { matches: number[]; rolledForward: number }
  try {
    found = instantsShowing(localTime, timeZone)
  } catch {
    return { kind: 'once' }
  }
  if (found.matches.length > 1) return { kind: 'twice' }
  if (found.matches.length === 1) return { kind: 'once' }
  return { kind: 'skipped', becomes: instantToLocal(found.rolledForward, timeZone).time.slice(0, 5) }
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0')

/** The wall clock in `timeZone` at `instant`, as the gateway's schedule API wants it. */
export function instantToLocal(instant: number, timeZone: string): { date: string; time: string } {
  const w = wallClockAt(instant, timeZone)
  return {
    date: `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`,
    time: `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`
  }
}

/** The calendar day (YYYY-MM-DD) in `timeZone` at `instant`. */
export function dayIn(instant: number, timeZone: string): string {
  return instantToLocal(instant, timeZone).date
}

export interface DayBounds {
  day: string
  start: number
  end: number
}

/**
 * The last day worked out per zone: the dispatcher asks for the day's bounds on every send, and finding them takes a
 * dozen Intl calls while the answer stays the same until the zone's next midnight.
 */
const lastDays = new Map<string, DayBounds>()

/** The calendar day in `timeZone` at `instant`, and the instants it starts and the next one starts (its midnights). */
export function dayBoundsIn(instant: number, timeZone: string): DayBounds {
  const last = lastDays.get(timeZone)
  if (last && instant >= last.start && instant < last.end) return last
  const bounds = dayBoundsOn(instant, timeZone)
  lastDays.set(timeZone, bounds)
  return bounds
}

/**
 * The calendar day (YYYY-MM-DD) in `timeZone` at a clock's `now`: the day last worked out while `now` is in it (a
 * clock asks the same day over and over; `dayIn` suits instants scattered over many days).
 */
export function currentDayIn(instant: number, timeZone: string): string {
  return dayBoundsIn(instant, timeZone).day
}

/** The zoned-time reads a day's bounds (and working hours) take; the core passes memoised ones to its estimates. */
export interface ZonedClock {
  dayIn(instant: number, timeZone: string): string
  localTimeToInstant(local: string, timeZone: string): number
}

/**
 * The one rule of a day in a zone: the calendar day at `instant`, from its midnight to the next (23 or 25 hours across
 * DST). The send queue's daily budget and a campaign's finish estimate both reset a device's cap at its `end`.
 */
export function dayBoundsOn(
  instant: number,
  timeZone: string,
  clock: ZonedClock = { dayIn, localTimeToInstant }
): DayBounds {
  const day = clock.dayIn(instant, timeZone)
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
  return {
    day,
    start: clock.localTimeToInstant(`${day}T00:00`, timeZone),
    end: clock.localTimeToInstant(`${next}T00:00`, timeZone)
  }
}

/** The computer's own time zone (the default for anything an operator did not give a zone). */
export function computerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** How long `recentComputerTimeZone` answers from its last reading. */
const COMPUTER_ZONE_READ_MS = 60_000
let computerZoneRead: { zone: string; at: number } | null = null

/**
 * The computer's zone as read at most a minute before `now`: reading it builds an Intl formatter (~35 µs), and the
 * dispatcher asks for it on every send; a zone changed in the system settings is seen within a minute.
 */
export function recentComputerTimeZone(now: number): string {
  if (
    computerZoneRead === null ||
    now < computerZoneRead.at ||
    now - computerZoneRead.at >= COMPUTER_ZONE_READ_MS
  )
    computerZoneRead = { zone: computerTimeZone(), at: now }
  return computerZoneRead.zone
}

/** `2026-01-15 10:00:00` as seen on a wall clock in `timeZone` (the gateway's `Y-m-d H:i:s`). */
export function formatInZone(instant: number, timeZone: string): string {
  const { date, time } = instantToLocal(instant, timeZone)
  return `${date} ${time}`
}

/**
 * Parses the gateway's `Y-m-d`, `Y-m-d H:i` or `Y-m-d H:i:s` as a wall-clock time in `timeZone`. Unlike
 * localTimeToInstant it does not roll a nonexistent time forward: null for that, and for anything malformed.
 */
export function parseInZone(local: string, timeZone: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?)?$/.exec(local.trim())
  if (!match || !isValidTimeZone(timeZone)) return null
  const wanted = `${match[1]}T${match[2] ?? '00:00'}:${match[3] ?? '00'}`
  let instant: number
  try {
    instant = localTimeToInstant(wanted, timeZone)
  } catch {
    return null
  }
  return formatInZone(instant, timeZone) === wanted.replace('T', ' ') ? instant : null
}

/** ISO 8601 with the zone's offset at that instant, `2026-11-25T09:30:00+07:00`: unambiguous in any program. */
export function isoInZone(instant: number, timeZone: string): string {
  const { date, time } = instantToLocal(instant, timeZone)
  const offset = Math.round(offsetAt(instant, timeZone) / 60_000)
  const sign = offset < 0 ? '-' : '+'
  return `${date}T${time}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
}
