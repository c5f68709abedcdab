// How late a scheduled message is that the overdue policy holds for the operator ("4 min late"), worded once for the
// window's Schedules row ("held, 4 min late") and the terminal's `outbox list` (QA80: its line said nothing of a hold).
import type { Translate } from './translate'

/** "4 min late", "1 h 5 min late", "2 days late": `now` past `scheduledAt`; null under a minute, or with no time. */
export function lateBy(scheduledAt: string | null, now: number, t: Translate): string | null {
  if (!scheduledAt) return null
  const minutes = Math.floor((now - Date.parse(scheduledAt)) / 60_000)
  if (!(minutes >= 1)) return null
  if (minutes < 60) return t('schedules.late.minutes', { minutes })
  if (minutes < 24 * 60)
    return t('schedules.late.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
  return t('schedules.late.days', { days: Math.floor(minutes / (24 * 60)) })
}
