// The check before anything is queued: each row's phone, duplicates, missing variables, opt-outs and rows this
// campaign already sent, with the spreadsheet's row numbers and a summary the operator can act on.
import {
  isSameMessageRecently,
  plainIndonesianMobile,
  sameMessageMatch,
  textLength,
  usableContactName,
  type PhoneProblem
} from '../../../shared/domain'
import { phoneOrProblem } from '../gateway'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { ownCopy, type Sheet, type SheetRow } from './spreadsheet'
import { compileTemplate, lengthLimit, rowSeed, TemplateError, type VariableLookup } from './template'

export interface ColumnMapping {
  /** The header of the column holding the phone number. */
  phone: string
  /** Headers usable as `{Column}` variables (every other column by default). */
  variables: string[]
  /** Optional column naming a file per row. */
  attachment?: string | null
  /** Optional column holding the contact's name: importing the campaign teaches it to contacts (source campaign). */
  name?: string | null
}

/** The mapping's column of the contacts' names; none when it names the phone's (a first guess may name both). */
export function nameColumnOf(mapping: ColumnMapping): string | null {
  return mapping.name === mapping.phone ? null : (mapping.name ?? null)
}

/**
 * A row's name as its sheet gives it (its name column's value, usable as a contact's name), the one the examples of
 * "Before you start" name it by; null without a name column or a usable name there.
 */
export function sheetNameOf(mapping: ColumnMapping, values: Readonly<Record<string, string>>): string | null {
  const column = nameColumnOf(mapping)
  const name = column === null ? undefined : values[column]
  return name === undefined ? null : usableContactName(name)
}

export type RowProblem =
  | { code: 'no_phone' }
  /** `reason`: the shared phone rule's problem, which the window words as the Send view's chips do. */
  | { code: 'invalid_phone'; detail: string; reason: PhoneProblem }
  | { code: 'scientific_phone'; detail: string }
  | { code: 'duplicate'; firstRow: number }
  | { code: 'missing_variable'; names: string[] }
  | { code: 'too_long'; length: number; limit: number }
  | { code: 'opted_out' }
  | { code: 'already_sent' }
  /** The number got the same message lately (the gateway reported it sent: shared/domain/same-message). */
  | { code: 'sent_recently' }
  /**
   * QA73: the same message is still waiting to go to the number (in line, or with the gateway and not reported sent),
   * in `campaign` (its name when the check was made) when a campaign holds it.
   */
  | { code: 'same_message_waiting'; campaign?: string }
  | { code: 'missing_file'; name: string }

/**
 * What the check keeps of a row: its number, phone and problems. Its variables stay in the sheet's cells and its
 * message is rendered when needed (rowContent): 50,000 rows of copies were most of the check's memory and GC.
 */
export interface CheckedRow {
  rowNumber: number
  /** The raw phone cell, and the normalised `62…` number when it is valid. */
  phoneCell: string
  phone: string | null
  /** Empty for a ready row (one shared, frozen array: most rows of a sheet have no problem). */
  problems: readonly RowProblem[]
}

export interface CheckSummary {
  total: number
  ready: number
  skipped: number
  byProblem: Partial<Record<RowProblem['code'], number>>
  /**
   * Rows whose number got the same message from this app within 24 hours (the domain's same-message rule): left out
   * (`sent_recently`) unless the operator said to send anyway, counted either way so the window can ask.
   */
  sentRecently?: number
  /** QA73 follow-up: of `sentRecently`, the rows still waiting for the same message (the rest got it); absent: none. */
  sentRecentlyWaiting?: number
  /**
   * QA73: the campaign every row left out as still waiting for the same message waits in, when it is one campaign
   * (the summary names it: "260 already waiting to get it in “Tagihan Desember”"); absent otherwise. A check asked to
   * send anyway leaves none out and names it still, for "Before you start".
   */
  sameMessageWaitingIn?: string
  /**
   * The sheet's wholly blank rows left out before any row was checked: in no bucket of `total`, named beside them. A
   * check's and a kept campaign's; absent when not known (a campaign imported before they were kept).
   */
  blankRows?: number
}

export interface CheckInput {
  campaignId: string
  sheet: Sheet
  mapping: ColumnMapping
  template: string
  withAttachment?: boolean
  /** Names of the files picked for the attachment column (any case, trimmed): a row naming another one is skipped. */
  fileNames?: readonly string[]
  /** Normalised numbers on the opt-out list. */
  optedOut?: ReadonlySet<string>
  /** Normalised numbers this campaign has already sent to (a re-import must not send twice). */
  alreadySent?: ReadonlySet<string>
  /**
   * What this app gave the gateway for a number lately (the same-message rule's candidates, by an indexed lookup),
   * and the time now: a row whose message is the same one is counted, and left out unless `sendRecent`. `campaign`:
   * the name of the campaign that holds the message, if one does.
   */
  recentMessages?: (phone: string) => readonly SameMessageEarlier[]
  now?: number
  sendRecent?: boolean
}

export type SameMessageEarlier = Parameters<typeof isSameMessageRecently>[0] & { campaign?: string | null }

/**
 * The problem that leaves a row out for the same message (QA73): got it, or still waiting for it (in the campaign
 * named, if one holds it); null when the rule does not match.
 */
export function sameMessageProblem(
  earlier: readonly SameMessageEarlier[],
  text: string,
  now: number
): Extract<RowProblem, { code: 'sent_recently' | 'same_message_waiting' }> | null {
  const match = sameMessageMatch(earlier, text, now)
  if (match === null) return null
  if (match.standing === 'got') return { code: 'sent_recently' }
  const campaign = match.earlier.campaign
  return campaign ? { code: 'same_message_waiting', campaign } : { code: 'same_message_waiting' }
}

/** The codes a row left out for the same message carries first (the rule asks only rows with no earlier problem). */
export const SAME_MESSAGE_CODES: readonly string[] = ['sent_recently', 'same_message_waiting']

/** The problems of every ready row. */
const NO_PROBLEMS: readonly RowProblem[] = Object.freeze([])

const SCIENTIFIC = /^([+-]?)(\d+)(?:[.,](\d+))?[eE]\+?(\d+)$/

/**
 * A phone cell as Excel leaves it: `8.1234567890E+10` is recovered when the mantissa still holds every digit,
 * otherwise reported (digits were lost when the sheet was saved); `81234567890` (lost leading 0) normalises like 0812….
 */
export function phoneFromCell(cell: string): { phone: string } | { problem: RowProblem } {
  const trimmed = cell.trim()
  let candidate = trimmed
  // Only a cell with an exponent can be in scientific notation: most cells skip the copy and the pattern.
  const scientific = /[eE]/.test(trimmed) ? SCIENTIFIC.exec(trimmed.replace(/\s/g, '')) : null
  if (scientific) {
    const [, sign, whole = '', fraction = '', exponent = '0'] = scientific
    const digits = whole + fraction
    const length = whole.length + Number(exponent)
    // Excel keeps about 6 significant digits in this form: unless the mantissa has them all, the number is gone.
    if (sign === '-' || digits.length < length) {
      return {
        problem: {
          code: 'scientific_phone',
          detail: `${trimmed} was saved by Excel in scientific notation and lost its last digits: format the column as Text and export again`
        }
      }
    }
    candidate = digits.slice(0, length)
  } else if (trimmed.includes('.') && /^\d+\.0+$/.test(trimmed)) {
    candidate = trimmed.replace(/\.0+$/, '')
  }
  const checked = phoneOrProblem(candidate)
  return 'phone' in checked
    ? checked
    : { problem: { code: 'invalid_phone', detail: checked.problem, reason: checked.kind } }
}

export interface CheckResult {
  rows: CheckedRow[]
  summary: CheckSummary
}

/** The same-message count, in a summary whose check asked the rule (a check without the outbox's lookups did not). */
function recentCount(
  input: CheckInput,
  checker: { sentRecently(): number; sentRecentlyWaiting(): number; waitingIn(): string | null }
): Pick<CheckSummary, 'sentRecently' | 'sentRecentlyWaiting' | 'sameMessageWaitingIn'> {
  if (!input.recentMessages) return {}
  const waiting = checker.sentRecentlyWaiting()
  const waitingIn = checker.waitingIn()
  return {
    sentRecently: checker.sentRecently(),
    ...(waiting > 0 ? { sentRecentlyWaiting: waiting } : {}),
    ...(waitingIn !== null ? { sameMessageWaitingIn: waitingIn } : {})
  }
}

/** Every row at once as objects, without turns of the event loop (small sheets; the reference the sliced check must equal). */
export function checkRows(input: CheckInput): CheckResult {
  const checker = rowChecker(input)
  const rows = Array.from({ length: input.sheet.rows.length }, (_, index) => checker.check(index))
  return { rows, summary: { ...summarise(rows), ...recentCount(input, checker) } }
}

/**
 * Rows checked between two turns of the event loop: a few milliseconds of work, so checking a 50,000-row sheet in
 * the core never holds its thread (the outbox's timers, the gateway's answers, other calls) for one long task.
 */
export const ROWS_PER_SLICE = 2_000

/** How a skipped row's problems are kept (CheckedRows): the common single problems as a byte, the rest as objects. */
const READY = 0
/** Its only problem: no phone number. */
const ONLY_NO_PHONE = 1
/** Its only problem: what phoneFromCell says of its phone cell (worked out again when the row is read). */
const ONLY_PHONE_PROBLEM = 2
/** Its only problem: a duplicate of the row in `firstRows`. */
const ONLY_DUPLICATE = 3
/** Its problems are kept as they are. */
const KEPT = 4

/**
 * A whole sheet's check, kept compact: each row's normalised number as a number (8 bytes a row) and how it is
 * skipped as a byte; the problems of a row whose only problem is a missing, unreadable or duplicate phone are
 * worked out again when the row is read, every other skipped row's are kept. A row's CheckedRow is made when asked
 * for. A million CheckedRow objects were ~100 MB of a 1,000,000-row check, and a phone column mapped to names (a
 * reason with its own text for every row) 450 MB.
 */
export class CheckedRows implements Iterable<CheckedRow> {
  private readonly phoneKeys: Float64Array
  private readonly kinds: Uint8Array
  /** The first row of each ONLY_DUPLICATE row, made at the first one. */
  private firstRows: Int32Array | null = null
  private readonly kept = new Map<number, readonly RowProblem[]>()
  private readonly counter = new ProblemCounter()

  constructor(
    private readonly sheet: Sheet,
    private readonly phoneIndex: number
  ) {
    this.phoneKeys = new Float64Array(sheet.rows.length)
    this.kinds = new Uint8Array(sheet.rows.length)
  }

  /** Keeps the check of the row at `index` (its number: digitsValue of its normalised phone, 0 for none). */
  set(index: number, key: number, problems: readonly RowProblem[]): void {
    this.phoneKeys[index] = key
    if (problems.length === 0) return
    this.counter.add(problems)
    const only = problems.length === 1 ? problems[0] : undefined
    if (only?.code === 'no_phone') this.kinds[index] = ONLY_NO_PHONE
    else if (only?.code === 'invalid_phone' || only?.code === 'scientific_phone')
      this.kinds[index] = ONLY_PHONE_PROBLEM
    else if (only?.code === 'duplicate') {
      this.kinds[index] = ONLY_DUPLICATE
      ;(this.firstRows ??= new Int32Array(this.length))[index] = only.firstRow
    } else {
      this.kinds[index] = KEPT
      this.kept.set(index, problems)
    }
  }

  get length(): number {
    return this.phoneKeys.length
  }

  at(index: number): CheckedRow | undefined {
    if (index < 0 || index >= this.length) return undefined
    const key = this.phoneKeys[index] ?? 0
    const phoneCell = ownCopy(this.sheet.rows.cell(index, this.phoneIndex))
    return {
      rowNumber: this.sheet.rows.rowNumber(index),
      phoneCell,
      // A normalised number has no leading 0 and at most 15 digits: its value prints back as its digits.
      phone: key === 0 ? null : String(key),
      problems: this.problemsOf(index, phoneCell)
    }
  }

  private problemsOf(index: number, phoneCell: string): readonly RowProblem[] {
    switch (this.kinds[index]) {
      case ONLY_NO_PHONE:
        return [{ code: 'no_phone' }]
      case ONLY_PHONE_PROBLEM: {
        const parsed = phoneFromCell(phoneCell)
        return 'problem' in parsed ? [parsed.problem] : NO_PROBLEMS
      }
      case ONLY_DUPLICATE:
        return [{ code: 'duplicate', firstRow: this.firstRows?.[index] ?? 0 }]
      case KEPT:
        return this.kept.get(index) ?? NO_PROBLEMS
      default:
        return NO_PROBLEMS
    }
  }

  /** The index of the first row that will be sent (-1 when none will). */
  firstReadyIndex(): number {
    for (let index = 0; index < this.length; index++) if (this.kinds[index] === READY) return index
    return -1
  }

  /** The indexes of the skipped rows, in row order. */
  *skippedIndexes(): IterableIterator<number> {
    for (let index = 0; index < this.length; index++) if (this.kinds[index] !== READY) yield index
  }

  *[Symbol.iterator](): Iterator<CheckedRow> {
    for (let index = 0; index < this.length; index++) yield this.at(index) as CheckedRow
  }

  summary(): CheckSummary {
    return this.counter.summary(this.length)
  }
}

/** The same check as checkRows, kept compact (CheckedRows), giving the event loop a turn every ROWS_PER_SLICE rows. */
export async function checkRowsInSlices(
  input: CheckInput
): Promise<{ rows: CheckedRows; summary: CheckSummary }> {
  const checker = rowChecker(input)
  const rows = new CheckedRows(input.sheet, checker.phoneIndex)
  for (let index = 0; index < rows.length; index++) {
    if (index > 0 && index % ROWS_PER_SLICE === 0) await yieldToEventLoop()
    const row = checker.check(index)
    rows.set(index, checker.lastKey(), row.problems)
  }
  return { rows, summary: { ...rows.summary(), ...recentCount(input, checker) } }
}

/** What the check and rowContent read of a sheet under a mapping and template, worked out once per sheet. */
function sheetReading(input: Pick<CheckInput, 'sheet' | 'mapping' | 'template'>) {
  const { sheet, mapping } = input
  const phoneIndex = sheet.headers.indexOf(mapping.phone)
  if (phoneIndex < 0) throw new RangeError(`No column named "${mapping.phone}" in this file`)
  // Parsed once for the whole sheet: every row renders the same nodes.
  const template = compileTemplate(input.template)
  const attachmentIndex = mapping.attachment ? sheet.headers.indexOf(mapping.attachment) : -1
  const kept = keptColumns(sheet.headers, mapping, attachmentIndex)
  const cellOf = variableCells(kept, template.variables)
  refuseUnknownVariables(template.variables, sheet.headers)
  // The cell a variable reads, trimmed as the row's values are; undefined when no kept column matches it.
  const variableValue = (row: SheetRow, name: string): string | undefined => {
    const index = cellOf.get(name)
    return index === undefined ? undefined : (row.cells[index] ?? '').trim()
  }
  return { phoneIndex, template, attachmentIndex, kept, cellOf, variableValue }
}

/**
 * A checked row's variables (the kept columns, trimmed) and its message exactly as it will be sent (spintax resolved
 * with the row's seed): rendered when asked for — a preview, or the rows a campaign stores — not for every row checked.
 */
export function rowContent(input: Pick<CheckInput, 'campaignId' | 'sheet' | 'mapping' | 'template'>): {
  values(row: SheetRow): Record<string, string>
  message(row: SheetRow): string
} {
  const { template, kept, variableValue } = sheetReading(input)
  return {
    values(row) {
      // Column names are the operator's data: with no prototype, a column named __proto__ is a value like any other.
      const values = Object.create(null) as Record<string, string>
      for (const { header, index } of kept) values[header] = (row.cells[index] ?? '').trim()
      return values
    },
    message(row) {
      return template.render((name) => variableValue(row, name), rowSeed(input.campaignId, row.rowNumber))
        .text
    }
  }
}

/**
 * The check of one row after another, by index in the sheet, in order (duplicates are found against the rows
 * checked before): `check` gives the row's CheckedRow, `lastKey` the number of the row it checked last (digitsValue
 * of its normalised phone, 0 for none).
 */
export function rowChecker(input: CheckInput): {
  phoneIndex: number
  check(index: number): CheckedRow
  lastKey(): number
  /** How many rows checked so far got the same message lately (left out or not). */
  sentRecently(): number
  /** QA73 follow-up: how many of those still wait for it, and the one campaign they wait in (null: several, none). */
  sentRecentlyWaiting(): number
  waitingIn(): string | null
} {
  const { phoneIndex, template, attachmentIndex, cellOf } = sheetReading(input)
  const sheetRows = input.sheet.rows
  // A column naming a file per row makes every message a caption, with the caption's limit.
  const limit = lengthLimit((input.withAttachment ?? false) || attachmentIndex >= 0)
  const picked = new Set((input.fileNames ?? []).map(fileKey))
  // Numbers are looked up by digitsValue: the fast path's `62…` is a fresh rope that a string Map would first copy
  // flat and hash, for every row; its value is read from the cell's digits instead.
  const firstRowOf = new NumberTable(sheetRows.length)
  const optedOut = numberKeys(input.optedOut)
  const alreadySent = numberKeys(input.alreadySent)
  // One lookup for every row (reading the row being checked): no closure made per row.
  let current = 0
  const lookup: VariableLookup = (name) => {
    const index = cellOf.get(name)
    return index === undefined ? undefined : sheetRows.cell(current, index).trim()
  }
  // The row's problems, made at its first one: a fresh empty array for each of 50,000 ready rows was garbage.
  let problems: RowProblem[] | undefined
  const addProblem = (problem: RowProblem): void => {
    ;(problems ??= []).push(problem)
  }
  // The cell of each of the template's variables, in its order (-1: no kept column), and the lengths of a row's
  // values in the same order, for template.longest: no lookup by name per variable and row.
  const variableCells = template.variables.map((name) => cellOf.get(name) ?? -1)
  const lengths = new Float64Array(variableCells.length)
  let key = 0
  let sentRecently = 0
  // QA73 follow-up: those of them still waiting for it, and where, whether or not the rows are left out.
  let sentRecentlyWaiting = 0
  const waitingIn = new WaitingCampaign()
  const now = input.now ?? Date.now()
  // The row's message, rendered only for a number this app messaged lately (most numbers: no lookup hit, no render).
  const sameMessageRecently = (phone: string, rowNumber: number): RowProblem | null => {
    const earlier = input.recentMessages?.(phone) ?? []
    if (earlier.length === 0) return null
    const text = template.render(lookup, rowSeed(input.campaignId, rowNumber)).text
    return sameMessageProblem(earlier, text, now)
  }
  const check = (index: number): CheckedRow => {
    current = index
    const rowNumber = sheetRows.rowNumber(index)
    const phoneCell = sheetRows.cell(index, phoneIndex)
    problems = undefined
    // Nearly every cell is a plain mobile number: the phone rule's fast path answers without the cell's copies and
    // the result objects of phoneFromCell (the rule's own answer for it: phone-numbering.test.ts).
    let phone = plainIndonesianMobile(phoneCell)
    key = 0
    if (phone !== null) {
      // The fast path's answer is `62` and the cell's last digits (phone-numbering.test.ts): read them in place.
      key = digitsValue(phoneCell, phoneCell.length - (phone.length - 2), 62)
    } else if (phoneCell.trim() === '') {
      // An empty cell is no number at all, not an invalid one: the operator fills it rather than corrects it.
      addProblem({ code: 'no_phone' })
    } else {
      const parsed = phoneFromCell(phoneCell)
      if ('phone' in parsed) {
        phone = parsed.phone
        key = digitsValue(phone, 0, 0)
      } else addProblem(parsed.problem)
    }
    if (phone) {
      const first = firstRowOf.rowOrAdd(key, rowNumber)
      if (first !== 0) addProblem({ code: 'duplicate', firstRow: first })
      if (optedOut.has(key)) addProblem({ code: 'opted_out' })
      if (alreadySent.has(key)) addProblem({ code: 'already_sent' })
      // Only a row that would be sent is asked about (a duplicate or opted-out row is skipped already).
      const sameMessage = problems === undefined ? sameMessageRecently(phone, rowNumber) : null
      if (sameMessage !== null) {
        sentRecently++
        if (sameMessage.code === 'same_message_waiting') {
          sentRecentlyWaiting++
          waitingIn.add(sameMessage.campaign ?? null)
        }
        if (input.sendRecent !== true) addProblem(sameMessage)
      }
    }
    if (attachmentIndex >= 0) {
      const name = sheetRows.cell(index, attachmentIndex).trim()
      // Copied: a slice of the sheet's block would keep the block's whole text as long as the problem is kept.
      if (!picked.has(fileKey(name))) addProblem({ code: 'missing_file', name: ownCopy(name) })
    }
    let blank = false
    for (let variable = 0; variable < variableCells.length; variable++) {
      const cell = variableCells[variable] ?? -1
      const value = cell < 0 ? '' : sheetRows.cell(index, cell)
      // A line break inside a value may close and reopen up to three formatting markers around it (6 characters).
      const length = trimmedLength(value) + (value.includes('\n') ? 6 * lineBreaks(value) : 0)
      if (length === 0) blank = true
      lengths[variable] = length
    }
    const longest = template.longest(lengths)
    // Most rows have every variable and fit even in their longest spintax: nothing to render. Otherwise the row's
    // own rendering decides (a blank variable in a spintax option its seed does not pick is not missing).
    if (blank || longest > limit) {
      const rendered = template.render(lookup, rowSeed(input.campaignId, rowNumber))
      if (rendered.missing.length > 0) {
        const missing = template.variables.filter((name) => rendered.missing.includes(name))
        addProblem({ code: 'missing_variable', names: missing })
      } else if (textLength(rendered.text) > limit)
        // Counted as the gateway counts (code points), like every other producer's text.
        addProblem({ code: 'too_long', length: textLength(rendered.text), limit })
    }
    return { rowNumber, phoneCell, phone, problems: problems ?? NO_PROBLEMS }
  }
  return {
    phoneIndex,
    check,
    lastKey: () => key,
    sentRecently: () => sentRecently,
    sentRecentlyWaiting: () => sentRecentlyWaiting,
    waitingIn: () => waitingIn.name()
  }
}

function lineBreaks(value: string): number {
  let count = 0
  for (let at = value.indexOf('\n'); at >= 0; at = value.indexOf('\n', at + 1)) count++
  return count
}

/** The length of `value.trim()`; a value that starts and ends with a visible ASCII character needs no trim. */
function trimmedLength(value: string): number {
  const first = value.charCodeAt(0)
  const last = value.charCodeAt(value.length - 1)
  return first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f ? value.length : value.trim().length
}

/**
 * `prefix` followed by the decimal digits of `text` from `from` on, as a number. A valid phone number has at most 15
 * digits and never a leading 0, so its value is exact in a double and names it alone: a Map key that hashes without
 * a copy of the string.
 */
function digitsValue(text: string, from: number, prefix: number): number {
  let value = prefix
  for (let i = from; i < text.length; i++) value = value * 10 + (text.charCodeAt(i) - 48)
  return value
}

/** A set of normalised numbers by digitsValue; an entry that is no valid number's digits can match no row's phone. */
function numberKeys(phones: ReadonlySet<string> | undefined): NumberTable {
  const keys = new NumberTable(phones?.size ?? 0)
  for (const phone of phones ?? [])
    if (/^[1-9]\d{0,14}$/.test(phone)) keys.rowOrAdd(digitsValue(phone, 0, 0), 1)
  return keys
}

/**
 * Numbers (digitsValue: whole, 1 to 10^15) and a row each, in typed arrays sized once for the sheet: a Map of 50,000
 * of them boxed every key, grew and rehashed as it filled, and was the largest part of the check after the phone rule.
 * Open addressing with linear probing; 0 marks a free slot (no number's value is 0, no row number is 0).
 */
export class NumberTable {
  /** 1 + the entry's index in `keys` and `rows`, 0 for a free slot. */
  private readonly slots: Int32Array
  /** The numbers and their rows in the order they were added: written one after another, read on a collision. */
  private readonly keys: Float64Array
  private readonly rows: Int32Array
  private count = 0
  private readonly shift: number

  constructor(expected: number) {
    // At most half full, so a probe meets a free slot soon.
    let bits = 4
    while (1 << bits < expected * 2) bits++
    this.slots = new Int32Array(1 << bits)
    this.keys = new Float64Array(1 << (bits - 1))
    this.rows = new Int32Array(1 << (bits - 1))
    this.shift = 32 - bits
  }

  /** The row stored with `key`, or 0 after storing `row` with it (row > 0). */
  rowOrAdd(key: number, row: number): number {
    const mask = this.slots.length - 1
    for (let slot = this.slotOf(key); ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] ?? 0
      if (entry === 0) {
        this.keys[this.count] = key
        this.rows[this.count] = row
        this.slots[slot] = ++this.count
        return 0
      }
      if (this.keys[entry - 1] === key) return this.rows[entry - 1] ?? 0
    }
  }

  has(key: number): boolean {
    const mask = this.slots.length - 1
    for (let slot = this.slotOf(key); ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] ?? 0
      if (entry === 0) return false
      if (this.keys[entry - 1] === key) return true
    }
  }

  /**
   * Fibonacci hashing of the value's low and high 30 bits: the top bits of the product pick the slot. The split is
   * a division by a power of two and a floor, both exact for whole numbers below 2^53 (`%` on a double was the
   * table's costliest line: a call to fmod).
   */
  private slotOf(key: number): number {
    const high = Math.floor(key / 0x40000000)
    const low = key - high * 0x40000000
    return Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1) >>> this.shift
  }
}

/** The columns a row's `values` keep, in sheet order: the variables, the phone, the attachment and name columns. */
function keptColumns(
  headers: readonly string[],
  mapping: ColumnMapping,
  attachmentIndex: number
): { header: string; index: number }[] {
  const variables = new Set(mapping.variables)
  return headers.flatMap((header, index) =>
    variables.has(header) ||
    header === mapping.phone ||
    index === attachmentIndex ||
    (mapping.name != null && header === mapping.name)
      ? [{ header, index }]
      : []
  )
}

/**
 * Which cell each template variable reads, matched as renderTemplate matches a row's values (trimmed, any case; of
 * two headers that match, the later key of `values` wins; of two columns with one header, the later one), worked
 * out once instead of per row.
 */
function variableCells(
  kept: readonly { header: string; index: number }[],
  variables: readonly string[]
): Map<string, number> {
  // A Map, never an object keyed by header: a column named __proto__ would set the object's prototype instead.
  const cellOfHeader = new Map<string, number>()
  for (const { header, index } of kept) cellOfHeader.set(header, index)
  const byName = new Map([...cellOfHeader.keys()].map((key) => [key.trim().toLowerCase(), key]))
  const cells = new Map<string, number>()
  for (const name of variables) {
    const header = byName.get(name.toLowerCase())
    if (header !== undefined) cells.set(name, cellOfHeader.get(header) ?? -1)
  }
  return cells
}

/** The most column names a refusal lists: enough to spot a typo, short enough to read. */
const COLUMNS_NAMED = 12

/**
 * A variable that matches no column of the file (trimmed, any case, as rows are matched) is the template's mistake,
 * not every row's: refused once, naming it and the columns there are, before any row is checked.
 */
function refuseUnknownVariables(variables: readonly string[], headers: readonly string[]): void {
  const known = new Set(headers.map((header) => header.trim().toLowerCase()))
  const unknown = variables.find((name) => !known.has(name.trim().toLowerCase()))
  if (unknown === undefined) return
  const columns = headers.slice(0, COLUMNS_NAMED).join(', ') + (headers.length > COLUMNS_NAMED ? ', …' : '')
  throw new TemplateError({ key: 'desktop.error.unknownVariable', params: { name: unknown, columns } })
}

/** How a row's file name is matched against the picked files: trimmed, any case. */
export function fileKey(name: string): string {
  return name.trim().toLowerCase()
}

export function summarise(rows: readonly CheckedRow[]): CheckSummary {
  const counter = new ProblemCounter()
  for (const row of rows) counter.add(row.problems)
  return counter.summary(rows.length)
}

/** The summary's counts, a row at a time: a skipped row counts once, under its first problem. */
class ProblemCounter {
  private readonly byProblem: CheckSummary['byProblem'] = {}
  private skipped = 0
  private readonly waitingIn = new WaitingCampaign()

  add(problems: readonly RowProblem[]): void {
    if (problems.length === 0) return
    this.skipped++
    // Under its first problem only, so the parts add up to the skipped total.
    const first = problems[0]
    if (first) this.byProblem[first.code] = (this.byProblem[first.code] ?? 0) + 1
    if (first?.code === 'same_message_waiting') this.waitingIn.add(first.campaign ?? null)
  }

  summary(total: number): CheckSummary {
    const waitingIn = this.waitingIn.name()
    return {
      total,
      ready: total - this.skipped,
      skipped: this.skipped,
      byProblem: { ...this.byProblem },
      ...(waitingIn !== null ? { sameMessageWaitingIn: waitingIn } : {})
    }
  }
}

/**
 * The one campaign the rows still waiting for the same message wait in (QA73), from each row's (null: none holds
 * it): null once two differ, or one waits outside any campaign.
 */
export class WaitingCampaign {
  private seen: string | null | undefined = undefined

  add(campaign: string | null): void {
    if (this.seen === undefined) this.seen = campaign
    else if (this.seen !== campaign) this.seen = null
  }

  name(): string | null {
    return this.seen ?? null
  }
}

/** Remembering a mapping per file layout: the same headers (any case, any order of spaces) give the same key. */
export function layoutKey(headers: readonly string[]): string {
  return headers.map((h) => h.trim().toLowerCase().replace(/\s+/g, ' ')).join('\u001f')
}

const PHONE_HEADER =
  /^(phone|telp|telepon|tel|hp|no\.? ?hp|nomor|nomor hp|no\.? ?wa|wa|whatsapp|mobile|handphone|number|no telp)$/i

/** Words that say phone inside a longer header ("Nomor WA", "No. Telepon", "Phone number"); "nomor" alone does not. */
const PHONE_WORDS = new Set([
  'phone',
  'telp',
  'telepon',
  'telefon',
  'tel',
  'hp',
  'wa',
  'whatsapp',
  'mobile',
  'handphone',
  'ponsel',
  'cellphone',
  'cell'
])

/** A header that is a phone word, else one with a phone word in it. */
function phoneHeader(headers: readonly string[]): string | undefined {
  return (
    headers.find((h) => PHONE_HEADER.test(h.trim())) ??
    headers.find((h) =>
      h
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .some((word) => PHONE_WORDS.has(word))
    )
  )
}

const NAME_HEADER =
  /^(name|names|full ?name|nama|nama lengkap|nama pelanggan|nama customer|customer|customer name|pelanggan|contact name|nama kontak)$/i

/**
 * A first guess when a layout is new: the column whose name says phone (or has a phone word in it), every other column a variable, and the
 * column whose name says name (or customer) as the contacts' names (still a variable too: {Nama} stays usable). The
 * name guess stands even where the phone guess fell back on that same first column ("Nama;Kontak"): once the operator
 * fixes the phone column, the names are already mapped ("contact"/"kontak" are left out: such columns hold numbers).
 */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const phone = phoneHeader(headers) ?? headers[0] ?? ''
  const name = headers.find((h) => NAME_HEADER.test(h.trim())) ?? null
  return { phone, variables: headers.filter((h) => h !== phone), attachment: null, name }
}
