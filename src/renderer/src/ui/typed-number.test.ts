// Numbers as an operator types them, in each language's own separators: what each text is read as, or refused.
import { describe, expect, it } from 'vitest'
import { readTypedNumber, showTypedNumber } from './typed-number'

// [language, text, whole?, read as (NaN: refused)]
const CASES: Array<[language: 'en' | 'id', text: string, whole: boolean, read: number]> = [
  ['en', '30', true, 30],
  ['en', ' 42 ', true, 42],
  ['en', '1.5', false, 1.5],
  ['en', '2,5', false, 2.5], // a decimal comma is still read where it cannot be a thousands group
  ['en', '1,500', true, 1500], // thousands, as English groups them
  ['en', '1,500', false, 1500],
  ['en', '1,234,567.25', false, 1234567.25],
  ['en', '1.500', false, 1.5],
  ['en', '7.5', true, Number.NaN], // a fraction where the setting takes whole numbers
  ['en', '2,5', true, Number.NaN],
  ['en', '1,50', true, Number.NaN],
  ['id', '30', true, 30],
  ['id', '1,5', false, 1.5],
  ['id', '1.5', false, 1.5], // a decimal point is still read where it cannot be a thousands group
  ['id', '1.500', true, 1500], // "1.500" is fifteen hundred in Indonesian, not one and a half
  ['id', '1.500', false, 1500],
  ['id', '1.500.000', true, 1500000],
  ['id', '1.234,75', false, 1234.75],
  ['id', '1,500', false, 1.5],
  ['id', '7,5', true, Number.NaN],
  ['id', '1.50', true, Number.NaN],
  ['en', '', false, Number.NaN],
  ['en', '1e3', false, Number.NaN], // an exponent is never read (it was taken as 1000)
  ['id', '1,5,0', false, Number.NaN],
  ['id', '1.500,5.5', false, Number.NaN],
  ['en', '-3', true, -3] // read, so the setting's range refuses it in words ("at least 0")
]

describe('readTypedNumber', () => {
  it.each(CASES)('%s: "%s" (whole: %s) is read as %d', (language, text, whole, read) => {
    expect(readTypedNumber(text, whole, language)).toBe(read)
  })
})

describe('showTypedNumber', () => {
  it('writes a value with the language’s decimal sign and no grouping, so it reads back the same', () => {
    expect(showTypedNumber(1.5, 'en')).toBe('1.5')
    expect(showTypedNumber(1.5, 'id')).toBe('1,5')
    expect(showTypedNumber(1500, 'id')).toBe('1500')
    expect(showTypedNumber(Number.NaN, 'id')).toBe('')
    for (const language of ['en', 'id'] as const) {
      for (const value of [0, 0.01, 2.5, 1500, 3650, 1234567.25]) {
        expect(readTypedNumber(showTypedNumber(value, language), false, language)).toBe(value)
      }
    }
  })
})
