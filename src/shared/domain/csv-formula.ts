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
