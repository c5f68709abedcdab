// Counts in the window's words: whole numbers grouped by hand, exactly as Intl.NumberFormat groups them.
import { describe, expect, it } from 'vitest'
import { formatList, formatNumber, localeOf, type Language } from './index'

const WHOLE = [
  0,
  1,
  7,
  12,
  999,
  1000,
  1001,
  3000,
  9999,
  10000,
  12345,
  99999,
  100000,
  123456,
  999999,
  1000000,
  1234567,
  98765432,
  Number.MAX_SAFE_INTEGER
]

describe('formatNumber', () => {
  for (const language of ['en', 'id'] as Language[]) {
    it(`groups whole numbers as Intl.NumberFormat does for ${localeOf(language)}`, () => {
      const intl = new Intl.NumberFormat(localeOf(language))
      for (const value of [...WHOLE, ...WHOLE.map((n) => -n)])
        expect(formatNumber(value, language), String(value)).toBe(intl.format(value))
    })

    it(`leaves fractions and the odd cases to Intl.NumberFormat for ${localeOf(language)}`, () => {
      const intl = new Intl.NumberFormat(localeOf(language))
      for (const value of [1.5, 1234.56, -0.25, -0, Number.MAX_SAFE_INTEGER + 2, Infinity, NaN])
        expect(formatNumber(value, language), String(value)).toBe(intl.format(value))
    })
  }

  it('writes thousands as each language does', () => {
    expect(formatNumber(3000, 'en')).toBe('3,000')
    expect(formatNumber(3000, 'id')).toBe('3.000')
  })
})

describe('formatList', () => {
  it('joins names in each language’s words', () => {
    expect(formatList(['Front office'], 'en')).toBe('Front office')
    expect(formatList(['Front office', 'Back office', 'Test line'], 'en')).toBe(
      'Front office, Back office and Test line'
    )
    expect(formatList(['Front office', 'Test line'], 'id')).toBe('Front office dan Test line')
  })
})
