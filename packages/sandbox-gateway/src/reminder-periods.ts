// Reminder periods as the gateway names them (daily, monthly, yearly, custom every N days) and their recurrence rules.

import type { RecurrenceRule } from '../../../src/main/core/outbox/recurrence'
import type { ReminderPeriode } from './records'

export const REMINDER_PERIODES: readonly ReminderPeriode[] = ['daily', 'monthly', 'yearly', 'custom']
export const MAX_CUSTOM_DAY = 1000

export function reminderRule(periode: ReminderPeriode, customDay: number | null): RecurrenceRule {
  switch (periode) {
    case 'daily':
      return { kind: 'daily' }
    case 'monthly':
      return { kind: 'monthly' }
    case 'yearly':
      return { kind: 'yearly' }
    case 'custom':
      return { kind: 'every-n-days', days: customDay ?? 1 }
  }
}

/** `Y-m-d H:i:s` (the gateway's form) → `Y-m-dTH:i:s` (the recurrence math's form). */
export function reminderStartLocal(startLocal: string): string {
  return startLocal.replace(' ', 'T')
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
