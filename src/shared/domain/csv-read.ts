// The one rule for reading a CSV's separator: the campaign import (the core's spreadsheet reader) and the opt-out
// import (the window reads that small file's text itself) take a `;` (Indonesian Excel's CSV) or tab list as its
// columns alike, quotes respected.
import Papa from 'papaparse'

/** The separators a CSV is guessed to use: `,`, `;` (Excel where `,` is the decimal comma) and tab ("Unicode text"). */
const DELIMITERS = [',', ';', '\t']

const LINE_BREAK = /\r\n|\n|\r/

/**
 * The CSV's delimiter, guessed once from the first slice of its text (`head`) by papaparse's own guess (the delimiter
 * that gives its first rows one number of fields, two or more; `,` when none does), quotes respected, with the empty
 * rows left out: blank lines and rows of nothing but delimiters and white space (a blank line left out of a quoted
 * cell changes no row's fields). The reading itself keeps every row, so blank rows keep their row numbers: papaparse
 * guessing as it read counted the empty row after the first slice's last line break (a slice ends after one, even in
 * a file that does not), and a `;` or tab list of 8 rows or fewer, an operator's first test list, was one column.
 */
export function csvDelimiter(head: string): string {
  let text = ''
  for (const line of head.split(LINE_BREAK)) if (line.trim() !== '') text += `${line}\n`
  return Papa.parse<string[]>(text, { delimitersToGuess: DELIMITERS, skipEmptyLines: 'greedy', preview: 1 })
    .meta.delimiter
}

/** Characters of a text its delimiter is guessed from: the core guesses from its first slice, about as much. */
const GUESS_CHARS = 32 * 1024

/**
 * Every cell of a CSV's decoded text (its BOM already dropped), trimmed, row after row, read with the delimiter
 * csvDelimiter guesses: a small list read whole (the opt-out import), not a campaign's sheet.
 */
export function csvCells(text: string): string[] {
  const delimiter = csvDelimiter(text.slice(0, GUESS_CHARS))
  const rows = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' }).data
  return rows.flat().map((cell) => cell.trim())
}
