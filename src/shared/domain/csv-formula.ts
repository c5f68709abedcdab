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

/** A number as the gateway takes it and the app stores it: country code and digits, no leading 0, E.164's 15 at most. */
const STORED_NUMBER = /^[1-9]\d{5,14}$/

/** A stored number in E.164 (`6281234567890` → `+6281234567890`); anything else (a group id, a sheet's cell) as it is. */
export function phoneInE164(value: string): string {
  return STORED_NUMBER.test(value) ? `+${value}` : value
}

/**
 * A phone number as every CSV the app writes puts it (QA71 follow-up: the results wrote `+6281234567890`, the
 * Outbox's and the opt-outs' files `62 812-3456-7890`): E.164, which the CSV writer puts behind its formula-safe quote
 * (`'+6281234567890`: text to a spreadsheet, no formula, read back by writtenNumber; a bare `+62…` is itself a formula
 * trigger, and a spreadsheet shows it as 6.28E+12);
 * anything else (a group id, a sheet's own cell) kept text where a spreadsheet would change it (spreadsheetTextCell).
 */
export function phoneCsvCell(value: string): string {
  return spreadsheetTextCell(phoneInE164(value))
}
