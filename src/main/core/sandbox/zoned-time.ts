// Wall-clock conversions for schedules and reports: the gateway speaks `Y-m-d H:i:s` in an IANA time zone.

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
  try {
    formatterFor(timeZone)
    return true
  } catch {
    return false
  }
}

interface WallParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wallParts(epochMs: number, timeZone: string): WallParts {
  const parts: Record<string, number> = {}
  for (const part of formatterFor(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0
  }
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0')

/** `2026-01-15 10:00:00` as seen on a wall clock in `timeZone`. */
export function formatInZone(epochMs: number, timeZone: string): string {
  const p = wallParts(epochMs, timeZone)
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`
}

/** `2026-01-15` in `timeZone`. */
export function dateInZone(epochMs: number, timeZone: string): string {
  return formatInZone(epochMs, timeZone).slice(0, 10)
}

function offsetAt(epochMs: number, timeZone: string): number {
  const p = wallParts(epochMs, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(epochMs / 1000) * 1000
}

/** Parses `Y-m-d`, `Y-m-d H:i` or `Y-m-d H:i:s` as a wall-clock time in `timeZone`; null when malformed. */
export function parseInZone(local: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local.trim())
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number
  ]
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second)
  let epoch = asUtc - offsetAt(asUtc, timeZone)
  // A second pass settles instants next to a DST change.
  epoch = asUtc - offsetAt(epoch, timeZone)
  const check = wallParts(epoch, timeZone)
  const sameWall =
    check.year === year &&
    check.month === month &&
    check.day === day &&
    check.hour === hour &&
    check.minute === minute
  return sameWall ? epoch : null
}
