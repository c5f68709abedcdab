// The phone rule itself, against its one table of cases.
import { describe, expect, it } from 'vitest'
import { checkGroupId, checkPhone, normaliseEchoedPhone, phoneSearch } from './phone'
import { GROUP_ID_CASES, PHONE_CASES } from './phone.cases'

describe('checkPhone', () => {
  it.each(PHONE_CASES.map((c) => [c.input, c.expected, c.reason] as const))(
    '%j → %j',
    (input, expected, reason) => {
      const checked = checkPhone(input)
      if ('value' in expected) expect(checked).toEqual({ value: expected.value, problem: null, reason: '' })
      else {
        expect(checked.problem).toBe(expected.problem)
        expect(checked.reason).toBe(reason ?? checked.reason)
        expect(checked.reason).not.toBe('')
      }
    }
  )
})

describe('checkGroupId', () => {
  it.each(GROUP_ID_CASES.map((c) => [c.input, c.problem, c.value ?? c.input.trim()] as const))(
    '%j → problem %s, sent as %j',
    (input, problem, value) => {
      expect(checkGroupId(input).problem).toBe(problem)
      if (problem === null) expect(checkGroupId(input).value).toBe(value)
    }
  )
})

describe('normaliseEchoedPhone', () => {
  it('puts echoed numbers in 62… form and keeps group ids and oddities as given', () => {
    expect(normaliseEchoedPhone('081335614467')).toBe('6281335614467')
    expect(normaliseEchoedPhone('6281335614467')).toBe('6281335614467')
    expect(normaliseEchoedPhone('120363210179095768')).toBe('120363210179095768')
    expect(normaliseEchoedPhone('6287817274185-1632192971')).toBe('6287817274185-1632192971')
  })
})

describe('phoneSearch', () => {
  it('reads number-like text as its digits and the start Send would take, and leaves other text alone', () => {
    expect(phoneSearch('+62 812-3450')).toEqual({ digits: '628123450', start: '628123450' })
    expect(phoneSearch(' 0812 3450 0004 ')).toEqual({ digits: '081234500004', start: '6281234500004' })
    expect(phoneSearch('0001')).toEqual({ digits: '0001', start: '01' })
    // As the phone rule reads it: format characters dropped, Arabic-Indic digits and Unicode dashes as ASCII.
    expect(phoneSearch('\u202a+62 812-3450\u202c')).toEqual({ digits: '628123450', start: '628123450' })
    expect(phoneSearch('٠٨١٢–٣٤٥٠')).toEqual({ digits: '08123450', start: '628123450' })
    expect(phoneSearch('۰۸۱۲ ۳۴۵۰')).toEqual({ digits: '08123450', start: '628123450' })
    expect(phoneSearch('kue 0001')).toBeNull()
    expect(phoneSearch('(-)')).toBeNull()
    expect(phoneSearch('')).toBeNull()
  })
})
