// Phone normalisation and recipient parsing: the formats operators type, several at once, group ids.
import { describe, expect, it } from 'vitest'
import {
  isSearchText,
  normalisePhone,
  parseRecipients,
  draftAfterPaste,
  pastedRecipients,
  splitDraft,
  suggestQuery,
  typedRecipients,
  withoutRecipient,
  withRecipient
} from './recipients'
import {
  PHONE_CASES,
  RECIPIENT_LIST_CASES,
  TYPED_RECIPIENT_CASES
} from '../../../../shared/domain/phone.cases'
import { translate } from '../../i18n'

describe('the window answers every shared phone case like the core', () => {
  it.each(PHONE_CASES.filter((c) => c.input.trim() !== '').map((c) => [c.input, c.expected] as const))(
    '%j → %j',
    (input, expected) => {
      if ('value' in expected) expect(normalisePhone(input)).toEqual({ value: expected.value, problem: null })
      else expect(normalisePhone(input).problem).toBe(expected.problem)
    }
  )

  it.each(RECIPIENT_LIST_CASES.map((c) => [c.input, c.expected] as const))(
    'list %j → %j',
    (input, expected) => {
      expect(parseRecipients(input, false).map((r) => r.value)).toEqual(expected)
    }
  )

  // QA81: "12ab" was told "A name, not a number: type part of it and pick the contact…", a number mistyped.
  it.each(TYPED_RECIPIENT_CASES.map((c) => [c.input, c.problem] as const))(
    'letters where a number goes: %j → %j',
    (input, problem) => {
      expect(parseRecipients(input, false).map((r) => r.problem)).toEqual([problem])
      // The contacts are searched for a name only.
      expect(isSearchText(input, false)).toBe(problem === 'name')
    }
  )
})

describe('normalisePhone', () => {
  it.each([
    ['081234567890', '6281234567890'],
    ['0812-3456-7890', '6281234567890'],
    ['0812 3456 7890', '6281234567890'],
    ['81234567890', '6281234567890'],
    ['+62 812 3456 7890', '6281234567890'],
    ['+62 (0)812-3456-7890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['62 812.3456.7890', '6281234567890']
  ])('%s → %s', (input, expected) => {
    expect(normalisePhone(input)).toEqual({ value: expected, problem: null })
  })

  it('keeps other countries with a +', () => {
    expect(normalisePhone('+65 9123 4567')).toEqual({ value: '6591234567', problem: null })
  })

  it.each([
    ['12345', 'prefix'],
    ['0812', 'length'],
    ['08123456789012345', 'length'],
    ['0812abc', 'characters'],
    ['62 21 555 1234', 'not_mobile'],
    ['08+12345678', 'characters']
  ])('flags %s (%s)', (input, problem) => {
    expect(normalisePhone(input).problem).toBe(problem)
  })
})

// QA31 Q31-04: "Too short or too long for a mobile number" said what was wrong and not what to write. The words name
// the lengths and an example; the rule (shared/domain/phone.ts) is the one owner, so they are checked against it.
describe('a number of the wrong length says what a valid one looks like', () => {
  it.each(['en', 'id'] as const)('%s', (language) => {
    const words = translate(language, 'recipient.problem.length')
    const [, min, max] = /(\d+)–(\d+)/.exec(words) ?? []
    const example = /08[\d ]+\d/.exec(words)?.[0] ?? ''
    expect(normalisePhone(example).problem).toBeNull()
    const written = (digits: number): string => `0812${'3'.repeat(digits - 4)}`
    expect(normalisePhone(written(Number(min))).problem).toBeNull()
    expect(normalisePhone(written(Number(max))).problem).toBeNull()
    expect(normalisePhone(written(Number(min) - 1)).problem).toBe('length')
    expect(normalisePhone(written(Number(max) + 1)).problem).toBe('length')
  })
})

describe('pastedRecipients', () => {
  it.each([
    ['081234567890 081398765432', '081234567890, 081398765432'],
    ['0812-3456-7890\t+62 813 1111 2222', null],
    ['0812-3456-7890\t+6281311112222', '0812-3456-7890, +6281311112222'],
    ['081234567890\n0813 1111 2222\r\n', '081234567890, 0813 1111 2222, '],
    ['0812 3456 7890', null],
    ['081234567890', null],
    ['081234567890 Budi', null],
    ['081234567890 12345', null]
  ])('%j → %j', (pasted, entered) => {
    expect(pastedRecipients(pasted)).toBe(entered)
  })
})

// QA66: "081234500061" pasted, then "081234500062": one wrong number, the first chip lost.
describe('draftAfterPaste', () => {
  it.each([
    ['081234500061', '081234500062', '081234500061, 081234500062'],
    ['081234500061 ', '0812 3450 0062', '081234500061, 0812 3450 0062'],
    ['081234500061', '081234500062\n081234500063', '081234500061, 081234500062, 081234500063'],
    // Not after a whole number: the browser pastes, or pastedRecipients enters what it holds apart.
    ['', '081234500062', null],
    ['0812 3450', '0061', null],
    ['Bud', 'i', null],
    ['', '081234500061 081234500062', '081234500061, 081234500062']
  ])('%j + %j → %j', (draft, pasted, next) => {
    expect(draftAfterPaste(draft, pasted)).toBe(next)
  })
})

describe('typedRecipients', () => {
  it.each([
    ['081234567890 ', '081234567890, '],
    ['081234567890  081398765432 ', '081234567890, 081398765432, '],
    ['+6281234567890\t', '+6281234567890, '],
    ['081234567890', null],
    ['0812 ', null],
    ['0812 3456 ', null],
    ['+62 ', null],
    ['Budi ', null],
    ['081234567890 Budi ', null],
    [' ', null]
  ])('%j → %j', (typed, entered) => {
    expect(typedRecipients(typed)).toBe(entered)
  })
})

describe('parseRecipients', () => {
  it('splits on commas, semicolons and new lines, and removes duplicates by the sent form', () => {
    const parsed = parseRecipients('0812-3456-7890, +62 813 1111 2222\n6281234567890; 999', false)
    expect(parsed.map((r) => [r.value, r.problem])).toEqual([
      ['6281234567890', null],
      ['6281311112222', null],
      ['999', 'prefix']
    ])
  })

  it('takes group ids as typed', () => {
    const parsed = parseRecipients('120363210179095768, 6287817274185-1632192971, bad id', true)
    expect(parsed.map((r) => [r.value, r.problem])).toEqual([
      ['120363210179095768', null],
      ['6287817274185-1632192971', null],
      ['bad id', 'group']
    ])
  })

  // A new operator's probe: "120363012345678901@g.us" pasted with "Send to a group" off was told it was a name, to be
  // picked from the contacts' suggestions.
  it('tells a group id typed where numbers go to turn on sending to a group, a name to pick the contact', () => {
    const parsed = parseRecipients(
      '120363012345678901@g.us, 6287817274185-1632192971, 120363025246125888, Budi, 0812-34567890',
      false
    )
    expect(parsed.map((r) => [r.raw, r.problem])).toEqual([
      ['120363012345678901@g.us', 'groupId'],
      ['6287817274185-1632192971', 'groupId'],
      // The newer 18-digit id, bare (an operator's probe: told "Start with 08, 8, +62 or 62").
      ['120363025246125888', 'groupId'],
      ['Budi', 'name'],
      ['0812-34567890', null]
    ])
  })

  // QA: "tel:+6281234500006" (a link copied from a web page) was told "A name, not a number", as was a number with
  // letters after it; the phone rule reads the link, and names the slip as characters a number cannot hold.
  it('takes a tel: link as its number, and a number ending in letters as a number with a slip, not a name', () => {
    const parsed = parseRecipients(
      'tel:+6281234500006, TEL://0812-3450-0007, +6281234500008abc, 0812 3450 0009 WA, Budi 2, Toko 081234, ' +
        '\u202a+62 812-3450-0010\u202c, ٠٨١٢٣٤٥٠٠٠١١',
      false
    )
    expect(parsed.map((r) => [r.raw, r.value, r.problem])).toEqual([
      ['tel:+6281234500006', '6281234500006', null],
      ['TEL://0812-3450-0007', '6281234500007', null],
      ['+6281234500008abc', '+6281234500008abc', 'characters'],
      ['0812 3450 0009 WA', '0812 3450 0009 WA', 'characters'],
      ['Budi 2', 'Budi 2', 'name'],
      ['Toko 081234', 'Toko 081234', 'name'],
      ['\u202a+62 812-3450-0010\u202c', '6281234500010', null],
      ['٠٨١٢٣٤٥٠٠٠١١', '6281234500011', null]
    ])
  })

  it('searches contacts for a name, not for a number as written with letters in it', () => {
    expect(isSearchText('Budi', false)).toBe(true)
    expect(isSearchText('tel:+6281234500006', false)).toBe(false)
    expect(isSearchText('+6281234500008abc', false)).toBe(false)
    expect(isSearchText('0812', false)).toBe(false)
    expect(suggestQuery('tel:+62812345')).toBe('62812345')
    expect(suggestQuery('٠٨١٢٣٤')).toBe('81234')
    expect(suggestQuery('Budi')).toBe('Budi')
  })

  it('tells a phone number typed with "Send to a group" on that it is a number, not a group id', () => {
    const parsed = parseRecipients('120363210179095768, 081234567890, +62 812-3456-7899, my group', true)
    expect(parsed.map((r) => [r.raw, r.problem])).toEqual([
      ['120363210179095768', null],
      ['081234567890', 'groupIsPhone'],
      ['+62 812-3456-7899', 'groupIsPhone'],
      ['my group', 'group']
    ])
  })

  it('tells a group id of digits cut short that it is not whole (an operator\'s probe: "1203630" went as a group)', () => {
    const parsed = parseRecipients('1203630, 120363210179095768', true)
    expect(parsed.map((r) => [r.raw, r.problem])).toEqual([
      ['1203630', 'groupDigits'],
      ['120363210179095768', null]
    ])
  })

  it('adds and removes one recipient in the text', () => {
    expect(withRecipient('0812345678, 0813, ', '6281999')).toBe('0812345678, 0813, 6281999, ')
    expect(withRecipient('6281999, ', '6281999')).toBe('6281999, ')
    expect(withRecipient('6281999, 6281999', '6281999')).toBe('6281999, ')
    expect(withoutRecipient('0812345678, 0813\n0814, ', '0813')).toBe('0812345678, 0814, ')
  })

  // QA 2026-11-29: removing the last chip left the one before it as the text being typed, so the next number typed
  // was glued to it ("0813 1111 22220856 1234 5678").
  it('leaves the remaining recipients entered, never as the text being typed', () => {
    const removed = withoutRecipient('0812 3456 7890, 0813 1111 2222, 12345', '12345')
    expect(removed).toBe('0812 3456 7890, 0813 1111 2222, ')
    expect(splitDraft(removed).draft).toBe('')
    expect(splitDraft(withoutRecipient('0812 3456 7890, 12345', '0812 3456 7890'))).toEqual({
      entered: '',
      draft: '12345'
    })
    expect(withoutRecipient('0812 3456 7890, 0813 1111 2222, dew', '0812 3456 7890')).toBe(
      '0813 1111 2222, dew'
    )
    expect(withoutRecipient('12345', '12345')).toBe('')
    // A recent recipient is entered before the text being typed, which stays in the input.
    expect(splitDraft(withRecipient('0812 3456 7890, 0813', '6281999'))).toEqual({
      entered: '0812 3456 7890, 6281999,',
      draft: '0813'
    })
  })
})
