// Recipients as the operator types them: split, normalise Indonesian numbers to 62…, flag what cannot be a number or group id.
import {
  checkGroupId,
  checkPhone,
  lastRecipientSeparator,
  splitRecipients,
  type GroupIdProblem,
  type PhoneProblem
} from '../../../../shared/domain'
import { writtenNumber } from '../../../../shared/domain/recipient-search'

/**
 * `name`: letters where a number goes, a contact's name written out instead of picked (the picker turns it into one).
 * `groupId`: a group's id where a number goes (pasted with "Send to a group" off); `groupIsPhone`: the other way round.
 */
export type RecipientProblem = Exclude<PhoneProblem, 'empty'> | GroupIdProblem | 'name' | 'groupId'

/**
 * A group id's shapes ("…@g.us", legacy "6287817274185-1632192971", the newer 18 digits "120363…": longer than any
 * phone number), not a number written with dashes.
 */
export function looksLikeGroupId(raw: string): boolean {
  return /@g\.us$/i.test(raw) || /^[A-Za-z0-9]+-\d{6,}$/.test(raw) || /^120363\d{12}$/.test(raw)
}

export interface ParsedRecipient {
  /** As typed (trimmed). */
  raw: string
  /** What is sent: 62… for numbers, the id as typed for groups. */
  value: string
  problem: RecipientProblem | null
}

export { splitRecipients }

/** The shared phone rule (08…, 8…, +62 8…, 0062…, 62… → 628…), with the problems the window names. */
export function normalisePhone(input: string): { value: string; problem: RecipientProblem | null } {
  const { value, problem } = checkPhone(input)
  // An empty piece never reaches here (splitRecipients drops it); treat it as unreadable all the same.
  return { value, problem: problem === 'empty' ? 'characters' : problem }
}

export { checkGroupId }

/** Letters (in any script) where a number goes: a name, the picker's search rather than a number. */
export function hasLetter(text: string): boolean {
  return /\p{L}/u.test(text)
}

/** How a phone number starts as written: a `+` or digits, six of them before anything else (separators aside). */
const STARTS_AS_NUMBER = /^\+?(?:[\s\-().]*\d){6}/

/**
 * A number mistyped: six digits first (separators aside), or a `+` or a digit first and no more letters than digits
 * ("12ab", "0812abc", "08l2 3456 789O"). "7 Eleven" has more letters: a name.
 */
function startsAsNumber(number: string): boolean {
  if (STARTS_AS_NUMBER.test(number)) return true
  if (!/^\+?\d/.test(number)) return false
  return (number.match(/\p{L}/gu)?.length ?? 0) <= (number.match(/\d/g)?.length ?? 0)
}

/**
 * A name typed where a number goes (the picker's search, and "a name, not a number"): letters, unless the number the
 * phone rule reads in it (writtenNumber) starts as a phone number does. "tel:+62812…" (a link copied from a web page)
 * is a number, and "+62812…abc" or "12ab" one with a slip that the phone rule names ("characters", QA81: "12ab" was
 * told to pick a contact), not a contact to pick. The cases: TYPED_RECIPIENT_CASES (phone.cases.ts).
 */
export function looksLikeName(text: string): boolean {
  return hasLetter(text) && !startsAsNumber(writtenNumber(text))
}

/** Every recipient in the text, deduplicated by what would be sent. */
export function parseRecipients(text: string, isGroup: boolean): ParsedRecipient[] {
  const seen = new Set<string>()
  const parsed: ParsedRecipient[] = []
  for (const raw of splitRecipients(text)) {
    const { value, problem } = isGroup ? checkGroupId(raw) : normalisePhone(raw)
    if (seen.has(value)) continue
    seen.add(value)
    // A group's id with "Send to a group" off was told it was a name, with the picker's advice (a new operator's probe).
    const told =
      problem === null || isGroup
        ? problem
        : looksLikeGroupId(raw)
          ? 'groupId'
          : looksLikeName(raw)
            ? 'name'
            : problem
    parsed.push({ raw, value, problem: told })
  }
  return parsed
}

/**
 * How many typed recipients were left out as a repeat of an earlier one once normalised ("0812…" after "+62 812…"):
 * the operator is told, since each is sent once. Counted as the campaign import counts its duplicate rows: the
 * copies left out, not every number that has a twin ("2 repeated numbers left out", not "4 numbers were the same").
 */
export function repeatedRecipientsLeftOut(text: string, isGroup: boolean): number {
  return splitRecipients(text).length - parseRecipients(text, isGroup).length
}

/**
 * The entered recipients, each followed by its separator, then `draft` (the text being typed): every recipient left
 * in the text stays entered, so the next one typed starts a recipient of its own instead of being glued to the last.
 */
function joinEntered(entered: string[], draft: string): string {
  return entered.map((part) => `${part}, `).join('') + draft
}

/**
 * The text without one recipient (a chip's remove button). The text being typed stays in the input unless it is
 * the recipient removed (a typed number shows as a chip too).
 */
export function withoutRecipient(text: string, raw: string): string {
  const { entered, draft } = splitDraft(text)
  const kept = splitRecipients(entered).filter((part) => part !== raw)
  return joinEntered(kept, draft.trim() === raw ? '' : draft)
}

/** The text with an entered recipient written as `value` instead (a name entered whole, found to be one contact's). */
export function withRecipientAs(text: string, raw: string, value: string): string {
  const { entered, draft } = splitDraft(text)
  const parts = splitRecipients(entered)
  const kept = parts.includes(value)
    ? parts.filter((part) => part !== raw)
    : parts.map((p) => (p === raw ? value : p))
  return joinEntered(kept, draft)
}

/** The text with one more recipient entered (recent recipients), before the text being typed, which stays. */
export function withRecipient(text: string, value: string): string {
  const { entered, draft } = splitDraft(text)
  const parts = splitRecipients(entered)
  // The same number already typed is entered once, the input left empty.
  return joinEntered(parts.includes(value) ? parts : [...parts, value], draft.trim() === value ? '' : draft)
}

/**
 * What a paste into the picker's one-line input enters, as recipients separated by commas; null to paste as it is. A
 * one-line input drops a pasted column's new lines (numbers copied from a spreadsheet), and numbers copied from a chat
 * or a document come apart by spaces only ("081234567890 081398765432", read as one wrong-length number): a line is
 * taken apart at its spaces when every word of it is a whole number by itself. Two such words are 20 digits or more,
 * never one number, and a number written in groups ("0812 3456 7890") has words that are not.
 */
export function pastedRecipients(pasted: string): string | null {
  const lines = pasted.split(/\r\n|\r|\n/)
  const apart = lines.map((line) => (/\s/.test(line.trim()) ? (wholeNumbersApart(line) ?? line) : line))
  return lines.length > 1 || apart[0] !== lines[0] ? apart.join(', ') : null
}

/**
 * The picker's draft after a paste at its end, or null when the browser's own paste does: what pastedRecipients enters
 * apart, and a paste after a whole number (typed or pasted before) starts a recipient of its own (QA66: "081234500061"
 * pasted, then "081234500062", ran into one wrong number and the first chip was lost).
 */
export function draftAfterPaste(draft: string, pasted: string): string | null {
  const apart = pastedRecipients(pasted)
  const typed = draft.trim()
  if (typed === '' || normalisePhone(typed).problem !== null)
    return apart === null ? null : `${draft}${apart}`
  return `${typed}, ${apart ?? pasted.trim()}`
}

/** The words of a line separated by commas when every one is a whole number by itself; null when one is not. */
function wholeNumbersApart(line: string): string | null {
  const words = line.trim().split(/\s+/)
  return words.every((word) => word !== '' && normalisePhone(word).problem === null) ? words.join(', ') : null
}

/**
 * What a space typed in the picker's input enters: the whole numbers before it, each a recipient ended by its
 * separator, so the next number typed starts a chip of its own (as pasted ones do, pastedRecipients); null while a
 * word is not a whole number by itself ("0812 3456", a number being written in groups, or a name being searched).
 */
export function typedRecipients(typed: string): string | null {
  if (!/\s$/.test(typed)) return null
  const apart = wholeNumbersApart(typed)
  return apart === null ? null : `${apart}, `
}

/**
 * The contact picker's view of the recipients text: the recipients already entered (up to and with the last comma,
 * semicolon or new line) and the piece being typed after them, which the picker's input shows.
 */
export function splitDraft(text: string): { entered: string; draft: string } {
  const last = lastRecipientSeparator(text)
  return { entered: text.slice(0, last + 1), draft: text.slice(last + 1).trimStart() }
}

/** The recipients text with `draft` typed after the entered recipients (which end with their separator). */
export function withDraft(text: string, draft: string): string {
  const { entered } = splitDraft(text)
  return entered === '' || draft === '' ? entered + draft : `${entered} ${draft}`
}

/**
 * The recipients text with the piece being typed entered, ended by its separator, as Enter in the picker enters it
 * (numbers apart by spaces come apart, pastedRecipients): what is typed next starts a recipient of its own.
 */
export function withDraftEntered(text: string, isGroup: boolean): string {
  const typed = splitDraft(text).draft.trim()
  return `${withDraft(text, isGroup ? typed : (pastedRecipients(typed) ?? typed))}, `
}

/**
 * Whether the piece being typed is a search for a contact or group (a name, a group's subject) rather than a number
 * or group id: a name has letters and does not start as a number does (looksLikeName); a group id always holds a run
 * of digits and no spaces.
 */
export function isSearchText(draft: string, isGroup: boolean): boolean {
  const typed = draft.trim()
  if (typed === '') return false
  return isGroup ? /\s/.test(typed) || !/\d{6}/.test(typed) : looksLikeName(typed)
}

/** The name (or group subject) typed after the entered recipients and not picked yet, or null. */
export function unpickedName(text: string, isGroup: boolean): string | null {
  const { draft } = splitDraft(text)
  return isSearchText(draft, isGroup) ? draft.trim() : null
}

/** What the picker asks `contacts:suggest` for: the name as typed, or the digits of a number (its leading 0 gone). */
export function suggestQuery(draft: string): string {
  const typed = draft.trim()
  if (looksLikeName(typed)) return typed
  const digits = writtenNumber(typed).replace(/\D/g, '')
  return digits.startsWith('0') ? digits.slice(1) : digits
}

/** The text with a picked recipient entered (the piece being typed replaced by it), ready for the next one. */
export function pickRecipient(text: string, value: string): string {
  const entered = splitRecipients(splitDraft(text).entered)
  return joinEntered(entered.includes(value) ? entered : [...entered, value], '')
}

/** The text without its last entered recipient (Backspace in an empty picker). */
export function withoutLastRecipient(text: string): string {
  return joinEntered(splitRecipients(splitDraft(text).entered).slice(0, -1), '')
}
