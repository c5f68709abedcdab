// The CSV-injection rule alone, free of papaparse: the phone rule reads a cell this rule quoted (writtenNumber), and
// the window's start, which carries that rule, must not carry the CSV library (test/boot/window-start.test.ts).

/**
 * A cell a spreadsheet program would evaluate (OWASP, "CSV Injection"): one starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return, also after leading white space (Excel and LibreOffice trim it and still see a formula).
 * papaparse's own `escapeFormulae` uses this pattern to prefix such a cell with `'` (and quote it).
 */
export const FORMULA_TRIGGER = /^\s*[=+\-@\t\r]/

/** Whether a spreadsheet program would evaluate `cell` as a formula. */
export function isFormulaLike(cell: string): boolean {
  return FORMULA_TRIGGER.test(cell)
}

/**
 * Digits alone that a spreadsheet program changes on opening a CSV: a leading 0 dropped (081234567000 becomes
 * 81234567000) and twelve digits and more shown as 6.28123E+12 (which a re-save writes into the file). Fewer digits
 * without a leading 0 (123) read back the same and stay as they are.
 */
const CHANGED_AS_NUMBER = /^(?:0\d+|\d{12,})$/

/** Whether a spreadsheet program would change the text `cell` by reading it as a number. */
export function isChangedAsNumber(cell: string): boolean {
  return CHANGED_AS_NUMBER.test(cell)
}

/**
 * `cell` as text a spreadsheet program keeps, for a CSV (QA: a skipped row's 081234567000 opened in Excel without its
 * 0): digits it would change go behind the quote the CSV writer already puts before a formula-like cell, the one text
 * mark a CSV has that is no formula itself (Excel's `="0812…"` is one); the import reads them back (writtenNumber).
 * A formula-like cell is left to the writer, which quotes it.
 */
export function spreadsheetTextCell(cell: string): string {
  return isChangedAsNumber(cell) ? `'${cell}` : cell
}
