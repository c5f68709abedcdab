// Phone normalisation: every written form of an Indonesian number becomes 62… digits; bad ones fail with a clear message.
import { describe, expect, it } from 'vitest'
import { isGatewayError } from './errors'
import { normaliseEchoedPhone, normalisePhone, normaliseRecipients, phoneOrProblem } from './phone'
import { GROUP_ID_CASES, PHONE_CASES, RECIPIENT_LIST_CASES } from '../../../shared/domain/phone.cases'

function errorOf(run: () => unknown): { code: string; message: string } {
  try {
    run()
  } catch (error) {
    if (isGatewayError(error)) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected a GatewayError')
}

describe('normalisePhone', () => {
  it.each([
    ['081234567890', '6281234567890'],
    ['81234567890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['+6281234567890', '6281234567890'],
    ['+62 812-3456-7890', '6281234567890'],
    ['(0812) 3456 7890', '6281234567890'],
    ['0812.3456.7890', '6281234567890'],
    ['  0812 3456 7890  ', '6281234567890'],
    ['+62 (0)812 3456 7890', '6281234567890'],
    ['620812 3456 7890', '6281234567890'],
    ['006281234567890', '6281234567890'],
    ['+1 (415) 555-2671', '14155552671'],
    ['+60 12-345 6789', '60123456789']
  ])('%s → %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected)
  })

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['0812abc4567', 'only digits'],
    ['0812-3456-789x', 'only digits'],
    ['0812*3456#7890', 'only digits'],
    ['0812345', 'too short'],
    ['+1 234', 'too short'],
    ['08123456789012345', 'too long'],
    ['+0812345678901', 'country code never starts with 0'],
    ['++6281234567890', 'only digits']
  ])('rejects %j (%s) naming the value and what a valid number looks like', (input, why) => {
    const error = errorOf(() => normalisePhone(input))
    expect(error.code).toBe('invalid_input')
    expect(error.message).toContain(`"${input.trim()}"`)
    expect(error.message).toContain(why)
    expect(error.message).toMatch(/081234567890.*\+6281234567890/)
  })

  it('shortens a huge bad value in the message', () => {
    const error = errorOf(() => normalisePhone('x'.repeat(500)))
    expect(error.message.length).toBeLessThan(300)
  })
})

describe('normalisePhone answers every shared phone case like the domain rule', () => {
  it.each(PHONE_CASES.map((c) => [c.input, c.expected] as const))('%j → %j', (input, expected) => {
    if ('value' in expected) expect(normalisePhone(input)).toBe(expected.value)
    else expect(errorOf(() => normalisePhone(input)).code).toBe('invalid_input')
  })
})

describe('phoneOrProblem', () => {
  it.each(PHONE_CASES.map((c) => [c.input] as const))(
    '%j: normalisePhone’s answer, never a throw',
    (input) => {
      const answer = phoneOrProblem(input)
      if ('phone' in answer) expect(answer.phone).toBe(normalisePhone(input))
      else expect(answer.problem).toBe(errorOf(() => normalisePhone(input)).message)
    }
  )
})

describe('normaliseRecipients', () => {
  it.each(RECIPIENT_LIST_CASES.map((c) => [c.input, c.expected] as const))('%j → %j', (input, expected) => {
    expect(normaliseRecipients(input, false)).toEqual(expected)
  })

  it('splits on commas with optional spaces, normalises and dedupes in order', () => {
    expect(normaliseRecipients('0812 3456 7890, 081398765432,+6281234567890 ,  ', false)).toEqual([
      '6281234567890',
      '6281398765432'
    ])
  })

  it('accepts a list whose entries may themselves be comma lists', () => {
    expect(normaliseRecipients(['081234567890', '081398765432, 0811111111'], false)).toEqual([
      '6281234567890',
      '6281398765432',
      '62811111111'
    ])
  })

  it('leaves group ids untouched when isGroup', () => {
    expect(
      normaliseRecipients('6287817274185-1632192971, 120363210179095768,120363210179095768', true)
    ).toEqual(['6287817274185-1632192971', '120363210179095768'])
  })

  it('sends a group id as the domain rule reads it: without the invisible marks a copy carried', () => {
    expect(normaliseRecipients('\u200e120363210179095768\u200f, 120363210179095768', true)).toEqual([
      '120363210179095768'
    ])
    for (const { input, problem, value } of GROUP_ID_CASES) {
      if (problem === null) expect(normaliseRecipients(input, true)).toEqual([value ?? input.trim()])
    }
  })

  it('fails on an empty list and on a bad member, naming it', () => {
    expect(errorOf(() => normaliseRecipients(' , ', false)).code).toBe('invalid_input')
    expect(errorOf(() => normaliseRecipients([], true)).code).toBe('invalid_input')
    expect(errorOf(() => normaliseRecipients('081234567890,08123', false)).message).toContain('"08123"')
    expect(errorOf(() => normaliseRecipients('my group', true)).message).toContain('group id')
    // A number with the group switch on would be sent as a group id and reach no one.
    const number = errorOf(() => normaliseRecipients('120363210179095768, 0812-3456-7890', true))
    expect(number.code).toBe('invalid_input')
    expect(number.message).toBe(
      '"0812-3456-7890" is a phone number, not a group id: send it as a number, not to a group'
    )
    // A newer id cut short would go to a group no one is in.
    const cut = errorOf(() => normaliseRecipients('1203630', true))
    expect(cut.code).toBe('invalid_input')
    expect(cut.message).toBe(
      '"1203630" is not a whole group id: a group id of digits alone has 18 of them (120363…); copy it whole from the gateway dashboard'
    )
  })
})

describe('normaliseEchoedPhone', () => {
  it('normalises plain phones but keeps group ids and other text as given', () => {
    expect(normaliseEchoedPhone('081234567890')).toBe('6281234567890')
    expect(normaliseEchoedPhone('6281335614467')).toBe('6281335614467')
    expect(normaliseEchoedPhone('120363210179095768')).toBe('120363210179095768')
    expect(normaliseEchoedPhone('6287817274185-1632192971')).toBe('6287817274185-1632192971')
    expect(normaliseEchoedPhone('872468237asd-6281218xxxxxx')).toBe('872468237asd-6281218xxxxxx')
  })
})
