// Reminder periods as the gateway names them (daily, monthly, yearly, custom every N days) and their recurrence rules.

import type { Repeat } from './local-time'
import type { ReminderPeriode } from './records'

export const REMINDER_PERIODES: readonly ReminderPeriode[] = ['daily', 'monthly', 'yearly', 'custom']
export const MAX_CUSTOM_DAY = 1000

export function reminderRepeat(periode: ReminderPeriode, customDay: number | null): Repeat {
  switch (periode) {
    case 'daily':
      return { unit: 'days', every: 1 }
    case 'monthly':
      return { unit: 'months', every: 1 }
    case 'yearly':
      return { unit: 'years', every: 1 }
    case 'custom':
      return { unit: 'days', every: customDay ?? 1 }
  }
}

/** The response's `reminder_type`, e.g. `custom: send every 5 days`. */
export function reminderType(periode: ReminderPeriode, customDay: number | null): string {
  switch (periode) {
    case 'daily':
      return 'daily: send every day'
    case 'monthly':
      return 'monthly: send every month'
    case 'yearly':
      return 'yearly: send every year'
    case 'custom':
      return `custom: send every ${customDay ?? 1} day${customDay === 1 ? '' : 's'}`
  }
}
