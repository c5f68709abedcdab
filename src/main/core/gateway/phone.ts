// Phone numbers and recipient lists as the gateway wants them: Indonesian numbers as 62… digits, group ids untouched.
import { GatewayError } from './errors'

const MIN_DIGITS = 9
const MAX_DIGITS = 15
const INDONESIA = '62'
/** Separators people type inside a number; anything else (letters, '*', '#') makes it invalid. */
const SEPARATORS = /[\s\-().\u00a0]/g

function invalidPhone(input: string, why: string): GatewayError {
  const shown = input.length > 40 ? `${input.slice(0, 40)}…` : input
  return new GatewayError({
    code: 'invalid_input',
    message:
      `"${shown}" is not a valid phone number (${why}): use 9–15 digits such as 081234567890, ` +
      '6281234567890 or +6281234567890; spaces, dashes and brackets are fine',
    operation: 'normalise-phone'
  })
}

/**
 * Turns `08…`, `8…`, `+62 8…`, `62…`, `0062…` and spaced/dashed/bracketed forms into `62…` digits.
 * A number written with `+` and another country code keeps that code. Throws GatewayError `invalid_input`.
 */
export function normalisePhone(input: string): string {
  const raw = typeof input === 'string' ? input.trim() : ''
  if (raw === '') throw invalidPhone(raw, 'it is empty')
  const international = raw.startsWith('+')
  const compact = (international ? raw.slice(1) : raw).replace(SEPARATORS, '')
  if (!/^\d+$/.test(compact))
    throw invalidPhone(raw, 'only digits, an optional leading + and separators are allowed')

  let digits: string
  if (international) {
    if (compact.startsWith('0')) throw invalidPhone(raw, 'a country code never starts with 0')
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

  if (digits.length < MIN_DIGITS) throw invalidPhone(raw, `too short: ${digits.length} digits`)
  if (digits.length > MAX_DIGITS) throw invalidPhone(raw, `too long: ${digits.length} digits`)
  return digits
}

/**
 * Splits one or more comma-separated lists, normalises each phone (group ids stay as typed when
 * `isGroup`), drops empty pieces and duplicates. Throws `invalid_input` when nothing is left.
 */
export function normaliseRecipients(list: string | string[], isGroup: boolean): string[] {
  const pieces = (Array.isArray(list) ? list : [list])
    .flatMap((entry) => (typeof entry === 'string' ? entry.split(',') : []))
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
  if (pieces.length === 0) {
    throw new GatewayError({
      code: 'invalid_input',
      message: isGroup
        ? 'no recipient given: pass a WhatsApp group id'
        : 'no recipient given: pass a phone number such as 081234567890',
      operation: 'normalise-phone'
    })
  }
  if (isGroup) {
    for (const id of pieces) {
      if (/\s/.test(id)) {
        throw new GatewayError({
          code: 'invalid_input',
          message: `"${id.slice(0, 60)}" is not a valid group id: group ids contain no spaces`,
          operation: 'normalise-phone'
        })
      }
    }
  }
  return [...new Set(isGroup ? pieces : pieces.map(normalisePhone))]
}

/**
 * For numbers the gateway echoes back (a JSON number, or `0812…` from an odd server): normalised when it is
 * plainly a phone (9–15 digits), otherwise kept as given so group ids survive untouched.
 */
export function normaliseEchoedPhone(value: string): string {
  const trimmed = value.trim()
  if (!/^\+?\d{9,15}$/.test(trimmed)) return trimmed
  try {
    return normalisePhone(trimmed)
  } catch {
    return trimmed
  }
}
