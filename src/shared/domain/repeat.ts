// How often a message may repeat. Every N days takes N from 1 to 1000: the gateway's reminders (periode `custom`)
// allow that much, and the app's own series keep the same bound so a series can move to the gateway and back.
export const MAX_EVERY_N_DAYS = 1000

/** A whole number of days from 1 to MAX_EVERY_N_DAYS. */
export function isEveryNDays(days: number): boolean {
  return Number.isInteger(days) && days >= 1 && days <= MAX_EVERY_N_DAYS
}

export type ReminderRepeatProblem = 'days_missing' | 'days_out_of_range' | 'days_without_custom'

/** Whether a gateway reminder's period and day count go together: `custom` needs N days, the others take none. */
export function checkReminderRepeat(
  periode: string,
  customDay: number | null | undefined
): ReminderRepeatProblem | null {
  const given = customDay !== undefined && customDay !== null
  if (periode !== 'custom') return given ? 'days_without_custom' : null
  if (!given) return 'days_missing'
  return isEveryNDays(customDay) ? null : 'days_out_of_range'
}

/**
 * A gateway reminder's period as the recurrence the app works its times out by (and words its repeat by, QA69 follow-up):
 * `custom` is every N days; the others are the same kinds.
 */
export function periodeRule(
  periode: 'daily' | 'monthly' | 'yearly' | 'custom',
  customDay: number | null
): { kind: 'every-n-days'; days: number } | { kind: 'daily' | 'monthly' | 'yearly' } {
  return periode === 'custom' ? { kind: 'every-n-days', days: customDay ?? 1 } : { kind: periode }
}
