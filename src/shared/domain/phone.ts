// Phone numbers and group ids as the gateway takes them: one rule for the window, the contract, the core and the CLI.
import { checkInternationalDigits, phoneProblem as problem } from './phone-numbering'

/** Why a typed number cannot be sent to; the window turns it into `recipient.problem.<problem>`. */
export type PhoneProblem = 'empty' | 'characters' | 'prefix' | 'length' | 'not_mobile'

export interface PhoneCheck {
  /** The `62…` digits that would be sent (best effort when there is a problem). */
  value: string
  problem: PhoneProblem | null
  /** English explanation for core and CLI messages, e.g. "too short: 7 digits". Empty when valid. */
  reason: string
}

const INDONESIA = '62'
/** Separators people type inside a number; anything else (letters, '*', '#') makes it invalid. */
const SEPARATORS = /[\s\-().\u00a0]/g

/**
 * The gateway's own normalisation (ours): `08…`, `8…`, `+62 8…`, `62…`, `0062…`, spaced, dashed or bracketed
 * forms become `62…` digits, a `+` or `00` with another country code keeps it. Validity for the resulting
 * country and number type is libphonenumber's (full metadata, so mobile and landline can be told apart).
 */
export function checkPhone(input: string): PhoneCheck {
  const raw = typeof input === 'string' ? input.trim() : ''
  if (raw === '') return problem('', 'empty', 'it is empty')
  const international = raw.startsWith('+')
  const compact = (international ? raw.slice(1) : raw).replace(SEPARATORS, '')
  if (!/^\d+$/.test(compact)) {
    return problem(raw, 'characters', 'only digits, an optional leading + and separators are allowed')
  }
  let digits: string
  if (international) {
    if (compact.startsWith('0')) return problem(compact, 'prefix', 'a country code never starts with 0')
    digits = compact
  } else if (compact.startsWith('00')) {
    // 00 is the international dialling prefix: what follows is a country code.
    digits = compact.slice(2)
  } else if (compact.startsWith('0')) {
    digits = INDONESIA + compact.slice(1)
  } else if (compact.startsWith('8')) {
    digits = INDONESIA + compact
  } else {
    digits = compact
  }
  // "+62 (0)812…" and "62 0812…": Indonesian subscriber numbers never start with 0 after the country code.
  if (digits.startsWith(INDONESIA + '0')) digits = INDONESIA + digits.slice(3)
  const checked = checkInternationalDigits(digits)
  // Typed without +, 00, 0, 8 or 62 and still no number: the likelier mistake is a missing prefix.
  const unprefixed = !international && !/^(0|8|62)/.test(compact)
  if (unprefixed && checked.problem === 'length') {
    return problem(digits, 'prefix', 'start with 08, 8, +62 or 62, or + and the country code')
  }
  return checked
}

/** Group ids: legacy "6287817274185-1632192971", "872468237asd-6281218…", or the newer 18-digit ids. */
export function checkGroupId(input: string): { value: string; problem: 'group' | null } {
  const value = typeof input === 'string' ? input.trim() : ''
  return { value, problem: /^[A-Za-z0-9@._-]{6,100}$/.test(value) ? null : 'group' }
}

/** Commas, semicolons and new lines separate recipients; spaces and dashes inside a number do not. */
export function splitRecipients(text: string): string[] {
  return text
    .split(/[,;\n\r]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
}

/**
 * A number the gateway echoes back (a JSON number, or `0812…` from an odd server): put in `62…` form when it
 * is plainly a phone (9–15 digits), otherwise kept as given so group ids survive. Not validated: the gateway
 * already took it, and a report must show what it said.
 */
export function normaliseEchoedPhone(value: string): string {
  const trimmed = value.trim()
  if (!/^\+?\d{9,15}$/.test(trimmed)) return trimmed
  const checked = checkPhone(trimmed)
  return checked.problem === 'characters' || checked.problem === 'empty' ? trimmed : checked.value
}
