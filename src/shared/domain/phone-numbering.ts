// Whether international digits are a number WhatsApp can reach: libphonenumber's answer (full metadata), with an
// exact shortcut for the shape nearly every operator's number has, an Indonesian mobile number.
import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/max'
import type { PhoneCheck, PhoneProblem } from './phone'

const INDONESIA = '62'
const MAX_E164_DIGITS = 15
/** WhatsApp accounts live on mobile numbers; where a country cannot tell the two apart, both are fine. */
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE'])

/**
 * `62`, then libphonenumber's Indonesian mobile pattern (`8[1-35-9]\d{7,10}`, 9–12 national digits; no Indonesian
 * fixed-line, toll-free or premium pattern starts with 8 and a mobile digit). libphonenumber builds a new RegExp for
 * every pattern it tries on every call (about 18 µs a number), which made checking a 50,000-row file take a second.
 * Only "valid" is short-cut: phone-numbering.test.ts proves libphonenumber agrees on every `62…` number of a large
 * generated sample, both ways, so a metadata update that moves a range fails there.
 */
export const INDONESIAN_MOBILE = /^628[1-35-9]\d{7,10}$/

export function phoneProblem(value: string, kind: PhoneProblem, reason: string): PhoneCheck {
  return { value, problem: kind, reason }
}

/**
 * The rule for `62…` or other country-code-first digits; the shortcut first, the library for everything else.
 * `typedDigits`: how many digits the operator typed, which a length reason counts ("0812" is 4, though `62812` is 5).
 */
export function checkInternationalDigits(digits: string, typedDigits = digits.length): PhoneCheck {
  if (INDONESIAN_MOBILE.test(digits)) return { value: digits, problem: null, reason: '' }
  return checkDigitsWithLibrary(digits, typedDigits)
}

/** libphonenumber's answer alone (the rule the shortcut must agree with). */
export function checkDigitsWithLibrary(digits: string, typedDigits = digits.length): PhoneCheck {
  // E.164 numbers have at most 15 digits; libphonenumber gives up on long inputs before it can say so.
  if (digits.length > MAX_E164_DIGITS)
    return phoneProblem(digits, 'length', `too long: ${typedDigits} digits`)
  const lengthProblem = validatePhoneNumberLength(`+${digits}`)
  if (lengthProblem === 'TOO_SHORT') return phoneProblem(digits, 'length', `too short: ${typedDigits} digits`)
  if (lengthProblem === 'TOO_LONG') return phoneProblem(digits, 'length', `too long: ${typedDigits} digits`)
  if (lengthProblem === 'INVALID_COUNTRY' || lengthProblem === 'NOT_A_NUMBER') {
    return phoneProblem(digits, 'prefix', 'it starts with no known country code')
  }
  const parsed = parsePhoneNumberFromString(`+${digits}`)
  const indonesian = parsed?.countryCallingCode === INDONESIA
  if (indonesian && !parsed.nationalNumber.startsWith('8')) {
    // A landline ("021 1234567", Jakarta) was told to start with 08 or +62, and "62 21…" is refused all the same.
    if (parsed.isValid() && parsed.getType() === 'FIXED_LINE') {
      return phoneProblem(digits, 'not_mobile', 'it is a landline, not a mobile number')
    }
    return phoneProblem(digits, 'prefix', 'Indonesian mobile numbers start with 08, 8, +628 or 628')
  }
  if (!parsed || !parsed.isValid()) {
    return phoneProblem(
      digits,
      'length',
      `${typedDigits} digits is not a valid length for a number in its country`
    )
  }
  const type = parsed.getType()
  if (type !== undefined && !MOBILE_TYPES.has(type)) {
    return phoneProblem(digits, 'not_mobile', 'it is not a mobile number')
  }
  return { value: digits, problem: null, reason: '' }
}
