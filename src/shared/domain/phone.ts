// Phone numbers and group ids as the gateway takes them: one rule for the window, the contract, the core and the CLI.
import { NUMBER_LIKE, writtenNumber } from './recipient-search'
import { checkInternationalDigits, phoneProblem as problem } from './phone-numbering'

/** Why a typed number cannot be sent to; the window turns it into `recipient.problem.<problem>`. */
export const PHONE_PROBLEMS = ['empty', 'characters', 'prefix', 'length', 'not_mobile'] as const
export type PhoneProblem = (typeof PHONE_PROBLEMS)[number]

export interface PhoneCheck {
  /** The `62…` digits that would be sent (best effort when there is a problem). */
  value: string
  problem: PhoneProblem | null
  /** English explanation for core and CLI messages, e.g. "too short: 7 digits" (the digits typed). Empty when valid. */
  reason: string
}

const INDONESIA = '62'
/** Separators people type inside a number; anything else (letters, '*', '#') makes it invalid. */
const SEPARATORS = /[\s\-().\u00a0]/g

/**
 * The gateway's own normalisation (ours): `08…`, `8…`, `+62 8…`, `62…`, `0062…`, spaced, dashed or bracketed
 * forms become `62…` digits, a `+` or `00` with another country code keeps it, read as written elsewhere too
 * (writtenNumber): full-width or Arabic-Indic digits, Unicode dashes, invisible format characters, a `tel:` link, and
 * Excel's `="…"` text cell, its `'` text mark and a bare `=` before digits (what a CSV holds: this rule is what the
 * campaign and opt-out imports read cells by).
 * Validity for the resulting country and number type is libphonenumber's (full metadata, so mobile and landline can
 * be told apart).
 */
export function checkPhone(input: string): PhoneCheck {
  const plain = plainIndonesianMobile(input)
  if (plain !== null) return { value: plain, problem: null, reason: '' }
  return checkPhoneInFull(input)
}

/** checkPhone without the plain-number shortcut: the rule the shortcut must agree with (phone-numbering.test.ts). */
export function checkPhoneInFull(input: string): PhoneCheck {
  const raw = typeof input === 'string' ? writtenNumber(input) : ''
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
  const checked = checkInternationalDigits(digits, compact.length)
  // Typed without +, 00, 0, 8 or 62 and still no number: the likelier mistake is a missing prefix.
  const unprefixed = !international && !/^(0|8|62)/.test(compact)
  if (unprefixed && checked.problem === 'length') {
    return problem(digits, 'prefix', 'start with 08, 8, +62 or 62, or + and the country code')
  }
  return checked
}

const DIGIT_0 = 48
const DIGIT_1 = 49
const DIGIT_2 = 50
const DIGIT_4 = 52
const DIGIT_6 = 54
const DIGIT_8 = 56
const DIGIT_9 = 57
const PLUS = 43

/**
 * The `62…` number of a cell that is plainly an Indonesian mobile number as nearly every spreadsheet holds it —
 * `08…`, `8…`, `628…` or `+628…`, ASCII digits only, nothing around them — or null when checkPhone has to look
 * (separators, spaces, another country, anything invalid, and every other form writtenNumber reads: a `tel:` link, a
 * `="…"` cell, non-ASCII digits). It reads the characters where they are: checking a 50,000-row sheet spent most of its phone time on
 * the full rule's trimmed, compacted and prefixed copies and its pattern tests.
 * The same pattern as INDONESIAN_MOBILE after the prefix (`8[1-35-9]` and 7–10 more digits), so its answer is
 * always checkPhoneInFull's (phone-numbering.test.ts compares them on the case table and generated inputs).
 */
export function plainIndonesianMobile(input: string): string | null {
  if (typeof input !== 'string') return null
  const first = input.charCodeAt(0)
  // Where the national number (its leading 8) starts, by the prefix the cell was typed with.
  let national: number
  if (first === DIGIT_8) national = 0
  else if (first === DIGIT_0) national = 1
  else if (first === DIGIT_6) national = input.charCodeAt(1) === DIGIT_2 ? 2 : -1
  else if (first === PLUS)
    national = input.charCodeAt(1) === DIGIT_6 && input.charCodeAt(2) === DIGIT_2 ? 3 : -1
  else return null
  if (national < 0 || input.charCodeAt(national) !== DIGIT_8) return null
  const length = input.length - national
  if (length < 9 || length > 12) return null
  const operator = input.charCodeAt(national + 1)
  if (operator < DIGIT_1 || operator > DIGIT_9 || operator === DIGIT_4) return null
  for (let i = national + 2; i < input.length; i++) {
    const code = input.charCodeAt(i)
    if (code < DIGIT_0 || code > DIGIT_9) return null
  }
  if (national === 2) return input
  if (national === 3) return input.slice(1)
  return national === 0 ? INDONESIA + input : INDONESIA + input.slice(1)
}

/**
 * Why a typed group id cannot be sent to: not an id's characters, a phone number with the group switch on, or digits
 * alone that are not the newer ids' 18.
 */
export type GroupIdProblem = 'group' | 'groupIsPhone' | 'groupDigits'

const INVISIBLE_FORMAT = /\p{Cf}/gu

/** How many digits the newer group ids have (120363210179095768). */
const NEW_GROUP_ID_DIGITS = 18

/** Group ids: legacy "6287817274185-1632192971", "872468237asd-6281218…", or the newer 18-digit ids. */
export function checkGroupId(input: string): { value: string; problem: GroupIdProblem | null } {
  // A copy from WhatsApp or a web page carries invisible format characters (bidi marks, isolates, zero-width
  // spaces) that no group id holds: without them the id is what the operator sees.
  const value = typeof input === 'string' ? input.replace(INVISIBLE_FORMAT, '').trim() : ''
  // A number the phone rule takes is no group id the gateway hands out (none is 15 digits or fewer without a dash):
  // sent with isGroup it would reach no one, so the operator hears it is a number.
  if (checkPhone(value).problem === null) return { value, problem: 'groupIsPhone' }
  // The newer ids are 18 digits (120363…): digits alone of another count are an id cut short or run on, which the
  // gateway took as a group no one is in (an operator's probe, stop 54: "1203630" sent and shown delivered).
  if (/^\d+$/.test(value) && value.length !== NEW_GROUP_ID_DIGITS) return { value, problem: 'groupDigits' }
  return { value, problem: /^[A-Za-z0-9@._-]{6,100}$/.test(value) ? null : 'group' }
}

/** Commas, semicolons and new lines separate recipients; spaces and dashes inside a number do not. */
const RECIPIENT_SEPARATORS = /[,;\n\r]+/

export function splitRecipients(text: string): string[] {
  return text
    .split(RECIPIENT_SEPARATORS)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
}

/**
 * How many numbers were written twice or more among these (normalised) ones: "0001" three times and "0002" twice are
 * two, not the three extra copies (QA65: "3 numbers are written twice or more" of two).
 */
export function numbersWrittenTwice(numbers: readonly string[]): number {
  const seen = new Map<string, number>()
  for (const number of numbers) seen.set(number, (seen.get(number) ?? 0) + 1)
  let repeated = 0
  for (const times of seen.values()) if (times > 1) repeated++
  return repeated
}

/** Where the text's last recipient separator is (-1 when it has none): what follows it is still being typed. */
export function lastRecipientSeparator(text: string): number {
  for (let at = text.length - 1; at >= 0; at--) if (RECIPIENT_SEPARATORS.test(text.charAt(at))) return at
  return -1
}

/**
 * The fewest digits a phone number is written with: an Indonesian mobile number's national digits (`8…`, 9 of them,
 * INDONESIAN_MOBILE), its shortest form. Fewer digits are no phone number as written (a row number, an age, a typo).
 */
export const PHONE_MIN_DIGITS = 9

/** Digits that are plainly a phone number: PHONE_MIN_DIGITS to E.164's 15, an optional `+` before them. */
const PLAIN_PHONE = new RegExp(`^\\+?\\d{${PHONE_MIN_DIGITS},15}$`)

/**
 * A number the gateway echoes back (a JSON number, or `0812…` from an odd server): put in `62…` form when it
 * is plainly a phone (9–15 digits), otherwise kept as given so group ids survive. Not validated: the gateway
 * already took it, and a report must show what it said.
 */
export function normaliseEchoedPhone(value: string): string {
  const trimmed = value.trim()
  if (!PLAIN_PHONE.test(trimmed)) return trimmed
  const checked = checkPhone(trimmed)
  return checked.problem === 'characters' || checked.problem === 'empty' ? trimmed : checked.value
}

/**
 * How a search reads text that looks like a number (part of one included), or null for other text: its `digits`
 * without separators (found anywhere in a stored `62…` number, as a tail is) and the `start` of the number as Send
 * would take it (`0812-345` → `62812345`), so the forms an operator types find the number that is stored.
 */
export function phoneSearch(text: string): { digits: string; start: string } | null {
  const trimmed = writtenNumber(text)
  if (!NUMBER_LIKE.test(trimmed)) return null
  return { digits: trimmed.replace(/\D/g, ''), start: checkPhone(trimmed).value }
}
