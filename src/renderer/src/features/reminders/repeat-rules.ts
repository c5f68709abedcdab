// How often a reminder repeats, as the window offers it: which keeper can do it (the gateway has no weekly period) and
// how each maps to the gateway's periode or to a local recurrence rule.
import type { RecurrenceRule, ReminderPeriode, ReminderView } from '../../../../shared/contract'
import { GATEWAY_TIME_ZONE } from '../../../../shared/domain/enums'
import { periodeRule } from '../../../../shared/domain'
import type { MessageKey, Translate } from '../../i18n'
import { formatDayOfYear, formatWallClock, formatWeekday } from '../../i18n/dates'

export type Repeat = 'daily' | 'weekly' | 'monthly' | 'yearly' | 'every-n-days'

export const REPEATS: readonly Repeat[] = ['daily', 'weekly', 'monthly', 'yearly', 'every-n-days']

export const REPEAT_LABEL: Record<Repeat, MessageKey> = {
  daily: 'reminders.repeat.daily',
  weekly: 'reminders.repeat.weekly',
  monthly: 'reminders.repeat.monthly',
  yearly: 'reminders.repeat.yearly',
  'every-n-days': 'reminders.repeat.everyN'
}

/** How a series ends (QA33 Q33-05): never (until stopped), on a last day, or after a number of times. */
export type EndChoice = 'never' | 'date' | 'times'

export const END_CHOICES: readonly EndChoice[] = ['never', 'date', 'times']

export const END_LABEL: Record<EndChoice, MessageKey> = {
  never: 'reminders.end.never',
  date: 'reminders.end.date',
  times: 'reminders.end.times'
}

/** The gateway's reminder periods; weekly exists only in Sender Desk's own series. */
export function gatewayPeriode(repeat: Repeat): ReminderPeriode | null {
  if (repeat === 'weekly') return null
  return repeat === 'every-n-days' ? 'custom' : repeat
}

export function localRule(repeat: Repeat, days: number): RecurrenceRule {
  return repeat === 'every-n-days' ? { kind: 'every-n-days', days } : { kind: repeat }
}

/** The shortest month's length: a monthly day past it falls on a shorter month's last day (recurrence.ts). */
const SHORTEST_MONTH = 28

/**
 * How often a series repeats, on which day by its start (`YYYY-MM-DDTHH:mm:ss` on its clock): "Every week on Monday"
 * (QA69: "Every week" said no weekday), "Every month on day 19", "Every year on 5 March".
 */
export function describeRule(t: Translate, locale: string, rule: RecurrenceRule, startLocal: string): string {
  const day = Number(startLocal.slice(8, 10))
  switch (rule.kind) {
    case 'every-n-days':
      return t('reminders.every', { days: rule.days })
    case 'weekly':
      return t('reminders.repeat.weeklyOn', { weekday: formatWeekday(startLocal, locale) })
    case 'monthly':
      return t(day > SHORTEST_MONTH ? 'reminders.repeat.monthlyOnLate' : 'reminders.repeat.monthlyOn', {
        day
      })
    case 'yearly':
      return t('reminders.repeat.yearlyOn', { date: formatDayOfYear(startLocal, locale) })
    default:
      return t(REPEAT_LABEL[rule.kind])
  }
}

/** A start the gateway gave as a wall-clock day (`YYYY-MM-DD…`): the day its repeat falls on can be named from it. */
const WALL_CLOCK_DAY = /^\d{4}-\d{2}-\d{2}/

/**
 * How often a gateway reminder repeats, named on its day as a series is (QA69 follow-up: a monthly one said "Every month" where
 * Sender Desk's own said "Every month on day 19"); without a start that reads as a day, by its period alone.
 */
export function describePeriode(
  t: Translate,
  locale: string,
  reminder: Pick<ReminderView, 'periode' | 'customDay' | 'startAt'>
): string {
  const rule = periodeRule(reminder.periode, reminder.customDay)
  const start = reminder.startAt.trim()
  if (WALL_CLOCK_DAY.test(start)) return describeRule(t, locale, rule, start)
  return rule.kind === 'every-n-days' ? t('reminders.every', { days: rule.days }) : t(REPEAT_LABEL[rule.kind])
}

/** From when a gateway reminder goes: on the gateway's clock for its device (its zone, else the gateway's usual one). */
export function describeGatewayStart(
  t: Translate,
  locale: string,
  reminder: Pick<ReminderView, 'startAt' | 'timezone'>
): string {
  return t('reminders.startsLine', {
    time: formatWallClock(reminder.startAt, locale, reminder.timezone ?? GATEWAY_TIME_ZONE)
  })
}
