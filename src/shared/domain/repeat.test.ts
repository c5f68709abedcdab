import { describe, expect, it } from 'vitest'
import { checkReminderRepeat, isEveryNDays, MAX_EVERY_N_DAYS } from './repeat'
import { REMINDER_REPEAT_CASES } from './repeat.cases'

describe('checkReminderRepeat answers the shared table', () => {
  it.each(REMINDER_REPEAT_CASES.map((c) => [c.periode, c.customDay, c.expected] as const))(
    '%s every %s days → %s',
    (periode, customDay, expected) => {
      expect(checkReminderRepeat(periode, customDay)).toBe(expected)
    }
  )
})

describe('isEveryNDays', () => {
  it('takes whole days from 1 to the maximum', () => {
    expect([1, MAX_EVERY_N_DAYS].map(isEveryNDays)).toEqual([true, true])
    expect([0, MAX_EVERY_N_DAYS + 1, 1.5, Number.NaN].map(isEveryNDays)).toEqual([false, false, false, false])
  })
})
