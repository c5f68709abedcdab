/**
 * Times as the terminal prints them: an instant on a zone's wall clock with the zone named, as `reminder create`
 * names it ("2026-11-30 08:40 (Asia/Jakarta)"), never a raw ISO string in UTC. Year first, so a list sorts and a
 * script reads it the same in every locale.
 */

/** The zone this computer's clock is on: what "local" means for a terminal on it. */
export function computerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/** One formatter per zone: building one costs far more than using it (a list formats a time per line). */
const formats = new Map<string, Intl.DateTimeFormat>()

function wallClockIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23'
    })
    formats.set(timeZone, format)
  }
  return format
}

/** "2026-11-30 08:40 (Asia/Jakarta)": `at` on `timeZone`'s clock, the computer's unless another is given. */
export function localDateTime(at: number | Date, timeZone: string = computerZone()): string {
  const parts = wallClockIn(timeZone).formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} (${timeZone})`
}
