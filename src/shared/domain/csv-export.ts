// The one CSV writer of the app's exports (campaign proof, skipped rows, opt-out list): every file an operator may
// open in a spreadsheet program goes through it, so no export can forget OWASP's CSV-injection rule.
import Papa from 'papaparse'
import { FORMULA_TRIGGER } from './csv-formula'

export {
  FORMULA_TRIGGER,
  isChangedAsNumber,
  isFormulaLike,
  phoneCsvCell,
  phoneInE164,
  spreadsheetTextCell
} from './csv-formula'

export type CsvCell = string | number

/**
 * The separator between a CSV's cells: a spreadsheet program opens a CSV by double-click with the list separator of
 * its region, `;` where the decimal mark is a comma (Indonesian), `,` in English (QA73: an Indonesian Excel put each
 * row of a comma file in one cell). A cell holding it is quoted.
 */
export type CsvSeparator = string

/** The list separator of the window's language, for a file not read from one of the operator's own (QA73). */
export function listSeparatorOf(language: 'en' | 'id'): CsvSeparator {
  return language === 'id' ? ';' : ','
}

/**
 * CSV with a BOM (Excel then reads the UTF-8 of names with accents) and CRLF line ends, every formula-like text
 * cell (header included) neutralised, its cells separated by `separator`. Numbers stay numbers: a negative amount is
 * a value, not a formula.
 */
export function exportCsv(
  columns: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  separator: CsvSeparator = ','
): string {
  const body = Papa.unparse(
    { fields: [...columns], data: rows.map((row) => [...row]) },
    { newline: '\r\n', delimiter: separator, escapeFormulae: FORMULA_TRIGGER }
  )
  return `\ufeff${body}`
}

/**
 * More lines of an `exportCsv` file, without its header and BOM: a large export writes its rows a piece at a time
 * (joined with CRLF after the header), under the same formula rule and with the same separator.
 */
export function csvLines(rows: readonly (readonly CsvCell[])[], separator: CsvSeparator = ','): string {
  return Papa.unparse(
    rows.map((row) => [...row]),
    { newline: '\r\n', delimiter: separator, escapeFormulae: FORMULA_TRIGGER }
  )
}
