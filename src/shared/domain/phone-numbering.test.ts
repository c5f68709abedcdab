// The Indonesian-mobile shortcut against libphonenumber itself: the same answer for every case in the table and every
// `62…` number of a generated sample, and the shortcut taken for every valid Indonesian number (so a metadata update
// that adds or moves a mobile range fails here, not in an operator's campaign).
import { describe, expect, it } from 'vitest'
import { checkPhone, checkPhoneInFull, plainIndonesianMobile } from './phone'
import { PHONE_CASES } from './phone.cases'
import { checkDigitsWithLibrary, checkInternationalDigits, INDONESIAN_MOBILE } from './phone-numbering'

/** A small seeded generator (xorshift32), so a failure names a number that fails again on the next run. */
function digitSource(seed: number): (count: number) => string {
  let state = seed
  const next = (): number => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) % 10
  }
  return (count) => Array.from({ length: count }, next).join('')
}

/**
 * `62`, a first national digit 1–9, 5–14 national digits: every shape checkPhone hands on for an Indonesian number,
 * valid or not (it drops a 0 after 62 before asking, as libphonenumber would strip it as the national prefix).
 */
function indonesianSample(size: number): string[] {
  const digits = digitSource(0x5eed)
  return Array.from({ length: size }, (_, i) => `62${1 + (i % 9)}${digits(4 + (Math.floor(i / 9) % 10))}`)
}

describe('the Indonesian mobile shortcut', () => {
  it('agrees with libphonenumber on the normalised form of every case in the table', () => {
    const sent = PHONE_CASES.map((c) => checkPhone(c.input).value).filter((v) => /^\d+$/.test(v))
    expect(sent.length).toBeGreaterThan(20)
    for (const digits of sent)
      expect(checkInternationalDigits(digits)).toEqual(checkDigitsWithLibrary(digits))
  })

  it('agrees with libphonenumber on 20,000 generated 62… numbers, and is taken for every valid one', () => {
    let shortcut = 0
    for (const digits of indonesianSample(20_000)) {
      const library = checkDigitsWithLibrary(digits)
      expect(checkInternationalDigits(digits), digits).toEqual(library)
      expect(INDONESIAN_MOBILE.test(digits), digits).toBe(library.problem === null)
      if (INDONESIAN_MOBILE.test(digits)) shortcut++
    }
    // Not a vacuous sample: 1 first digit in 9, 8 next digits in 10 and 4 lengths in 10 make a mobile number.
    expect(shortcut).toBeGreaterThan(500)
  })
})

/** The prefixes people type before a national number, plain and not: the fast path must take or leave each right. */
const TYPED_PREFIXES = [
  '0',
  '',
  '62',
  '+62',
  '+62 ',
  '62 ',
  '620',
  '+62 (0)',
  '0062',
  '00',
  ' 0',
  '+',
  '+1',
  '+60 ',
  '6'
]
const TYPED_SEPARATORS = ['', '', '', ' ', '-', '.']

/** Numbers in the shapes operators' sheets hold: every prefix above, plain or spaced, short, long, odd or lettered. */
function typedSample(size: number): string[] {
  const digits = digitSource(0xfa57)
  const pick = <T>(list: readonly T[]): T => list[Number(digits(3)) % list.length] as T
  return Array.from({ length: size }, () => {
    // Mostly an 8 first (a mobile number), sometimes another digit; 6–13 more digits, across the valid bounds.
    const national = (Number(digits(1)) < 8 ? '8' : digits(1)) + digits(6 + (Number(digits(2)) % 8))
    const separator = pick(TYPED_SEPARATORS)
    const grouped = separator ? national.replace(/(\d{4})(?=\d)/g, `$1${separator}`) : national
    const odd = Number(digits(2))
    const typed = pick(TYPED_PREFIXES) + grouped
    if (odd < 3) return `${typed} `
    if (odd < 5) return typed.replace(/\d$/, 'x')
    return typed
  })
}

describe('the plain-number fast path of checkPhone', () => {
  it("gives the full rule's answer for every case in the table", () => {
    for (const { input } of PHONE_CASES) {
      const plain = plainIndonesianMobile(input)
      if (plain !== null)
        expect(checkPhoneInFull(input), input).toEqual({ value: plain, problem: null, reason: '' })
      expect(checkPhone(input), input).toEqual(checkPhoneInFull(input))
    }
  })

  it("gives the full rule's answer on 20,000 typed numbers, and is taken for every plain valid one", () => {
    let taken = 0
    for (const input of typedSample(20_000)) {
      const full = checkPhoneInFull(input)
      const plain = plainIndonesianMobile(input)
      if (plain !== null) {
        taken++
        expect(full, input).toEqual({ value: plain, problem: null, reason: '' })
        // The check reads the number's digits from the cell in place (check.ts › digitsValue).
        expect(plain, input).toBe(`62${input.slice(input.length - (plain.length - 2))}`)
      } else if (/^(\+62|62|0)?8\d+$/.test(input)) {
        // Declined, so it must be invalid: a plain valid number the fast path leaves would only be slow, but say so.
        expect(full.problem, input).not.toBeNull()
      }
      expect(checkPhone(input), input).toEqual(full)
    }
    // Not a vacuous sample: a plain prefix (4 in 15), no separator (1 in 2), nothing odd, an 8 and a mobile second
    // digit, a valid length (1 in 2) make about 1 input in 30 one the fast path takes.
    expect(taken).toBeGreaterThan(500)
  })
})
