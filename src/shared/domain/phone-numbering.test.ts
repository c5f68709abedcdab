// The Indonesian-mobile shortcut against libphonenumber itself: the same answer for every case in the table and every
// `62…` number of a generated sample, and the shortcut taken for every valid Indonesian number (so a metadata update
// that adds or moves a mobile range fails here, not in an operator's campaign).
import { describe, expect, it } from 'vitest'
import { checkPhone } from './phone'
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
