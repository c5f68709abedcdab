// Phone numbers for reading: grouped as their country writes them; group ids and doubtful numbers untouched.
import { describe, expect, it } from 'vitest'
import { FORMULA_TRIGGER } from './csv-export'
import { checkPhone } from './phone'
import { formatPhoneForReading, phoneForCsvCell } from './phone-display'

describe('formatPhoneForReading', () => {
  it.each([
    ['6281234567890', '+62 812-3456-7890'],
    ['628123456789', '+62 812-3456-789'],
    ['62215551234', '+62 21 5551234'],
    ['6281234', '6281234'],
    ['120363025246125486@g.us', '120363025246125486@g.us'],
    ['6281234567890-1611111111', '6281234567890-1611111111']
  ])('%s → %s', (input, shown) => {
    expect(formatPhoneForReading(input)).toBe(shown)
  })
})

// QA probe (stop 38): the Outbox's CSV wrote 6281310000249, which Excel showed as 6.28131E+12 and lost on a re-save.
describe('phoneForCsvCell', () => {
  it.each([
    ['6281310000249', '62 813-1000-0249'],
    ['628123456789', '62 812-3456-789'],
    ['62215551234', '62 21 5551234'],
    ['6281234', '6281234'],
    ['081234567000', '0812-3456-7000'],
    ['0812', '0812'],
    ['+62 812 3456 7890', '62 812-3456-7890'],
    ['0812.3456.7890', '0812-3456-7890'],
    ['0812-3456-7890', '0812-3456-7890'],
    ['+62 12', '+62 12'],
    ['12345', '12345'],
    ['120363025246125486@g.us', '120363025246125486@g.us'],
    ['120363025246125486', '120363025246125486'],
    ['6281234567890-1611111111', '6281234567890-1611111111']
  ])('%s → %s', (input, cell) => {
    expect(phoneForCsvCell(input)).toBe(cell)
  })

  it('is text to a spreadsheet, no formula, and reads back as the same number', () => {
    for (const typed of [
      '6281310000249',
      '628123456789',
      '6285712345678',
      '081310000249',
      '+62 812 3456 7890',
      '0812.3456.7890'
    ]) {
      const value = checkPhone(typed).value
      const cell = phoneForCsvCell(typed)
      // A cell of digits alone is what a spreadsheet program takes for a number.
      expect(cell).not.toMatch(/^\d+$/)
      expect(FORMULA_TRIGGER.test(cell)).toBe(false)
      expect(checkPhone(cell)).toMatchObject({ value, problem: null })
    }
  })
})
