// The one rule for reading a CSV's encoding and separator: the campaign import (the core's spreadsheet reader) and the
// opt-out import (the window, and `sender-desk optout import`, read that small file whole) take a UTF-16 file (Excel's
// "Unicode text") or one in a Windows code page, and a `;` (Indonesian Excel's CSV) or tab list, as its columns alike,
// quotes respected; and the one rule for which of a list's cells are numbers (the opt-out import and its add box).
import Papa from 'papaparse'
import { checkPhone, PHONE_MIN_DIGITS, splitRecipients } from './phone'
import { numberText } from './recipient-search'

/** The separators a CSV is guessed to use: `,`, `;` (Excel where `,` is the decimal comma) and tab ("Unicode text"). */
const DELIMITERS = [',', ';', '\t']

const LINE_BREAK = /\r\n|\n|\r/

/**
 * Excel's first line naming a CSV's delimiter (`sep=;`), which it writes, and reads, where the list separator is not a
 * comma: a line of the file, not of the list (QA65: read as the sheet's title).
 */
const EXCEL_SEPARATOR_LINE = /^"?sep=([^\r\n"])"?[ \t]*(\r\n|\n|\r|$)/i

/** The delimiter a text's `sep=` first line names and that line's length, or null when it has none. */
export function excelSeparatorLine(text: string): { delimiter: string; length: number } | null {
  const line = EXCEL_SEPARATOR_LINE.exec(text)
  return line ? { delimiter: line[1] ?? ',', length: line[0].length } : null
}

/**
 * The CSV's delimiter: the one its `sep=` line names, else guessed once from the first slice of its text (`head`) by papaparse's own guess (the delimiter
 * that gives its first rows one number of fields, two or more; `,` when none does), quotes respected, with the empty
 * rows left out: blank lines and rows of nothing but delimiters and white space (a blank line left out of a quoted
 * cell changes no row's fields). The reading itself keeps every row, so blank rows keep their row numbers: papaparse
 * guessing as it read counted the empty row after the first slice's last line break (a slice ends after one, even in
 * a file that does not), and a `;` or tab list of 8 rows or fewer, an operator's first test list, was one column.
 */
export function csvDelimiter(head: string): string {
  const named = excelSeparatorLine(head)
  if (named) return named.delimiter
  let text = ''
  for (const line of head.split(LINE_BREAK)) if (line.trim() !== '') text += `${line}\n`
  return Papa.parse<string[]>(text, { delimitersToGuess: DELIMITERS, skipEmptyLines: 'greedy', preview: 1 })
    .meta.delimiter
}

/** Characters of a text its delimiter is guessed from: the core guesses from its first slice, about as much. */
const GUESS_CHARS = 32 * 1024

/**
 * Every row of a CSV's decoded text (its BOM already dropped), its cells trimmed, read with the delimiter csvDelimiter
 * guesses: a small list read whole (the opt-out import), not a campaign's sheet.
 */
export function csvRows(text: string): string[][] {
  const delimiter = csvDelimiter(text.slice(0, GUESS_CHARS))
  const list = text.slice(excelSeparatorLine(text)?.length ?? 0)
  const rows = Papa.parse<string[]>(list, { delimiter, skipEmptyLines: 'greedy' }).data
  return rows.map((row) => row.map((cell) => cell.trim()))
}

/** Every cell of csvRows, row after row. */
export function csvCells(text: string): string[] {
  return csvRows(text).flat()
}

/** UTF-8 when the bytes decode without a fault (the core passes Node's `isUtf8`, which checks them without decoding). */
function decodesAsUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/**
 * What a CSV's bytes are written in: UTF-16 when a BOM says so, UTF-8 when they are valid UTF-8, otherwise
 * Windows-1252 (Excel's plain CSV on an older Windows).
 */
export function csvEncoding(
  bytes: Uint8Array,
  isUtf8: (bytes: Uint8Array) => boolean = decodesAsUtf8
): 'utf-16le' | 'utf-16be' | 'utf-8' | 'windows-1252' {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252'
}

/** A small list's whole text, in the encoding csvEncoding finds, its BOM dropped (TextDecoder drops it). */
export function csvText(bytes: Uint8Array, isUtf8?: (bytes: Uint8Array) => boolean): string {
  return new TextDecoder(csvEncoding(bytes, isUtf8)).decode(bytes)
}

/**
 * A list's cell that is meant as a phone number: it has digits, and fewer letters than digits. A customer sheet's
 * names, headers and towns ("Pelanggan 1", "Toko 2000") are no number; a number with a word beside it ("0812… (WA)")
 * is one, for the core to read or name as not valid.
 */
function looksLikeNumber(cell: string): boolean {
  const digits = digitCount(cell)
  const letters = cell.replace(/\P{L}/gu, '').length
  return digits > 0 && letters < digits
}

/** A cell meant as a number that is as long as a phone number is written (PHONE_MIN_DIGITS or more digits). */
function phoneLong(cell: string): boolean {
  return digitCount(cell) >= PHONE_MIN_DIGITS
}

/** How many digits a cell holds as the phone rule reads them (Arabic-Indic and full-width ones too: numberText). */
function digitCount(cell: string): number {
  return numberText(cell).replace(/\D/g, '').length
}

/**
 * The columns of a sheet that hold its phone numbers: those where at least half the cells meant as numbers are
 * phone-long, so a short number there (a typo) is still read, and named not valid. A sheet's other columns of
 * numbers (a row number, an age, a postcode: Q49-03's "2 numbers were not valid: 1, 2") are left out. Of several
 * phone-long columns, those where at least half are numbers checkPhone takes: a rupiah amount (150000000) is as long
 * as a phone number but none (unless no column has such numbers: then all of them, for the core to name). Null keeps
 * every number cell: a list with one column of numbers (a typed list), or a sheet with no phone column, whose short
 * numbers the core names rather than the file being said to hold none.
 */
function phoneColumns(rows: readonly (readonly string[][])[]): ReadonlySet<number> | null {
  const numberCells: number[] = []
  const phoneCells: number[] = []
  for (const row of rows)
    row.forEach((entries, column) => {
      for (const entry of entries) {
        if (!looksLikeNumber(entry)) continue
        numberCells[column] = (numberCells[column] ?? 0) + 1
        if (phoneLong(entry)) phoneCells[column] = (phoneCells[column] ?? 0) + 1
      }
    })
  const columns = [...numberCells.keys()].filter((column) => (numberCells[column] ?? 0) > 0)
  const phones = columns.filter((column) => (phoneCells[column] ?? 0) * 2 >= (numberCells[column] ?? 0))
  if (columns.length < 2 || phones.length === 0) return null
  if (phones.length === 1) return new Set(phones)
  const validCells: number[] = []
  for (const row of rows)
    for (const column of phones)
      for (const entry of row[column] ?? [])
        if (looksLikeNumber(entry) && checkPhone(entry).problem === null)
          validCells[column] = (validCells[column] ?? 0) + 1
  const valid = phones.filter((column) => (validCells[column] ?? 0) * 2 >= (numberCells[column] ?? 0))
  return new Set(valid.length > 0 ? valid : phones)
}

/**
 * The entries of a list of numbers (an opt-out file, a block pasted from a sheet): its rows read by csvRows, each cell
 * split as the add box splits typed numbers (a cell, or a list typed by hand, may hold `0812…; 0813…` or lines csvRows
 * did not break), then sorted into numbers and the entries left out (headers, names, a sheet's cells outside its
 * phone columns), each as written, row after row.
 */
export function numberListCells(text: string): { numbers: string[]; skipped: string[] } {
  const rows = csvRows(text).map((row) => row.map(splitRecipients))
  const phones = phoneColumns(rows)
  const numbers: string[] = []
  const skipped: string[] = []
  for (const row of rows)
    row.forEach((entries, column) => {
      const read = phones === null || phones.has(column)
      for (const entry of entries) (read && looksLikeNumber(entry) ? numbers : skipped).push(entry)
    })
  return { numbers, skipped }
}
