// One table for a reminder's period and day count, run against every layer that checks it: the domain function,
// the contract's `reminders:create`, the gateway client and the CLI.
import type { ReminderRepeatProblem } from './repeat'

export interface ReminderRepeatCase {
  periode: 'daily' | 'monthly' | 'yearly' | 'custom'
  customDay?: number
  expected: ReminderRepeatProblem | null
}

export const REMINDER_REPEAT_CASES: readonly ReminderRepeatCase[] = [
  { periode: 'daily', expected: null },
  { periode: 'yearly', expected: null },
  { periode: 'monthly', customDay: 3, expected: 'days_without_custom' },
  { periode: 'custom', expected: 'days_missing' },
  { periode: 'custom', customDay: 1, expected: null },
  { periode: 'custom', customDay: 1000, expected: null },
  { periode: 'custom', customDay: 0, expected: 'days_out_of_range' },
  { periode: 'custom', customDay: 1001, expected: 'days_out_of_range' },
  { periode: 'custom', customDay: 2.5, expected: 'days_out_of_range' }
]
