// How the Outbox's Recipient filter reads what the operator typed: the core's list applies it (outbox-lists-store.ts),
// and the window's twin of that list (matchesFilters in stores/outbox.ts). Apart from phone.ts, and free of its
// phone-number library: the window's start reads it, and the library is ~190 kB the start must not carry
// (test/boot/window-start.test.ts).
import { isFormulaLike } from './csv-formula'

/** Digits, one leading +, the separators people type inside a number, nothing else: text that reads as a number. */
export const NUMBER_LIKE = /^\+?[\d\s\-().\u00a0]*\d[\d\s\-().\u00a0]*$/

/** Full-width forms an input method types (digits, plus, dash, brackets, dot): U+FF01–FF5E are ASCII + 0xFEE0. */
const FULL_WIDTH = /[\uff08\uff09\uff0b\uff0d\uff0e\uff10-\uff19]/g

/** `input` with its full-width digits and separators read as the ones they show ("０８１２" is 0812). */
export function halfWidth(input: string): string {
  return input.replace(FULL_WIDTH, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
}

/**
 * What a number is written with besides ASCII: the full-width forms halfWidth reads, Arabic-Indic (U+0660–0669) and
 * Extended Arabic-Indic (U+06F0–06F9, Persian and Urdu) digits, Unicode dashes and minus signs (U+2010–2015, U+2212,
 * U+FE58, U+FE63), and the invisible format characters (\p{Cf}) a copy from WhatsApp or a web page carries: bidi
 * marks and isolates (U+200E/F, U+202A–202E, U+2066–2069), zero-width space and joiners, U+2060, BOM, soft hyphen.
 */
const NUMBER_FORMS =
  /[\p{Cf}\u0660-\u0669\u06f0-\u06f9\u2010-\u2015\u2212\ufe58\ufe63\uff08\uff09\uff0b\uff0d\uff0e\uff10-\uff19]/gu

/** The ASCII character a NUMBER_FORMS match reads as: its digit, `-` for a dash, nothing for a format character. */
function asciiForm(char: string): string {
  const code = char.charCodeAt(0)
  if (code >= 0xff08 && code <= 0xff19) return String.fromCharCode(code - 0xfee0)
  if (code >= 0x0660 && code <= 0x0669) return String.fromCharCode(code - 0x0660 + 0x30)
  if (code >= 0x06f0 && code <= 0x06f9) return String.fromCharCode(code - 0x06f0 + 0x30)
  if ((code >= 0x2010 && code <= 0x2015) || code === 0x2212 || code === 0xfe58 || code === 0xfe63) return '-'
  return ''
}

/**
 * `input` as the number it shows: full-width and Arabic-Indic digits as ASCII ones, Unicode dashes as `-`, format
 * characters dropped ("\u202a+62 812–3456–7890\u202c" copied from WhatsApp is +62 812-3456-7890). For reading a
 * number only: a name keeps its format characters (a Persian name's zero-width non-joiner is part of it).
 */
export function numberText(input: string): string {
  return input.replace(NUMBER_FORMS, asciiForm)
}

/** A link to the number as a web page writes it: `tel:+62…` or `tel://0812…` (RFC 3966), any case. */
const TEL_LINK = /^tel:(?:\/\/)?/i
/** Excel's text form of a cell in a CSV it writes, `="081234567890"`, so the leading 0 survives a re-open. */
const EXCEL_TEXT = /^="(.*)"$/s
/**
 * A bare `=` before digits alone, `=081234567890`, what an Excel user types to keep the leading 0 (QA: refused as "only
 * digits"). An `=` before anything else (`=0812-3456-7890`, a subtraction) is a formula, and stays no number.
 */
const EXCEL_DIGITS = /^=(\d+)$/

/**
 * `input` as the number written in it, trimmed: its characters as numberText reads them, without the quote a CSV
 * writer puts before a formula-like cell (csv-export's rule: the skipped rows file writes "+62 812…" as "'+62 812…")
 * or before digits a spreadsheet would change (spreadsheetTextCell: "'081234567890"), the text mark an Excel user
 * types before any number ("'0812 3456 7890", QA: refused as "only digits"), then the number inside Excel's `="…"`
 * text cell or after a bare `=` before digits alone (EXCEL_DIGITS), and inside a `tel:` link (a number copied from a
 * web page). How the phone rule (checkPhone) and the searches (phoneSearch, recipientSearchTerms) read a number, so
 * each finds what the other takes.
 */
export function writtenNumber(input: string): string {
  const typed = numberText(input).trim()
  const quoted = typed.startsWith("'") ? typed.slice(1).trim() : null
  const text = quoted !== null && (isFormulaLike(quoted) || NUMBER_LIKE.test(quoted)) ? quoted : typed
  const excel = text.startsWith('=') ? (EXCEL_TEXT.exec(text) ?? EXCEL_DIGITS.exec(text)) : null
  const inner = excel ? (excel[1] ?? '').trim() : text
  return TEL_LINK.test(inner) ? inner.replace(TEL_LINK, '').trim() : inner
}

/**
 * What the filter looks for (held anywhere) in the stored `62…` numbers, a message kept when its number holds any
 * one of them; none for blank text. Digits that start with 0 are two: a number written so far, in the `62…` form it is
 * stored in (`0857` → `62857`, `0813-9999-8888` → `6281399998888`: the trunk 0 is in no stored number), and the digits
 * as typed, for a number's last digits that start with 0 (`0888` finds +62 813-9999-0888). Other digits wherever they
 * are (`8888`, a number's last digits: QA48 Q48-03; `813 9999 8888` and `+62 813…` are held as they are typed). Other
 * text (a name, a group id) as typed. The cases: recipient-search.cases.ts.
 */
export function recipientSearchTerms(text: string): string[] {
  const trimmed = halfWidth(text).trim()
  if (trimmed === '') return []
  const number = writtenNumber(trimmed)
  if (!NUMBER_LIKE.test(number)) return [trimmed]
  const digits = number.replace(/\D/g, '')
  return digits.startsWith('0') ? [`62${digits.slice(1)}`, digits] : [digits]
}
