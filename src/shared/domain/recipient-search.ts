// How the Outbox's Recipient filter reads what the operator typed: the core's list applies it (outbox-lists-store.ts),
// and the window's twin of that list (matchesFilters in stores/outbox.ts). Apart from phone.ts, and free of its
// phone-number library: the window's start reads it, and the library is ~190 kB the start must not carry
// (test/boot/window-start.test.ts).

/** Digits, one leading +, the separators people type inside a number, nothing else: text that reads as a number. */
export const NUMBER_LIKE = /^\+?[\d\s\-().\u00a0]*\d[\d\s\-().\u00a0]*$/

/** Full-width forms an input method types (digits, plus, dash, brackets, dot): U+FF01–FF5E are ASCII + 0xFEE0. */
const FULL_WIDTH = /[\uff08\uff09\uff0b\uff0d\uff0e\uff10-\uff19]/g

/** `input` with its full-width digits and separators read as the ones they show ("０８１２" is 0812). */
export function halfWidth(input: string): string {
  return input.replace(FULL_WIDTH, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
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
  if (!NUMBER_LIKE.test(trimmed)) return [trimmed]
  const digits = trimmed.replace(/\D/g, '')
  return digits.startsWith('0') ? [`62${digits.slice(1)}`, digits] : [digits]
}
