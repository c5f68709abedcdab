import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { exportCsv, isFormulaLike } from './csv-export'
import { CSV_FORMULA_CASES } from './csv-export.cases'

describe('isFormulaLike answers the shared table', () => {
  it.each(CSV_FORMULA_CASES.map((c) => [c.cell, c.evaluated] as const))('%j → %s', (cell, evaluated) => {
    expect(isFormulaLike(cell)).toBe(evaluated)
  })
})

describe('exportCsv', () => {
  it('writes every formula-like cell, header included, behind a quote; the rest as it was', () => {
    const cells = CSV_FORMULA_CASES.map((c) => c.cell)
    const csv = exportCsv(
      ['=Header', 'Plain'],
      cells.map((cell) => [cell, 7])
    )
    expect(csv.startsWith('\ufeff')).toBe(true)
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data
    expect(parsed[0]).toEqual(["'=Header", 'Plain'])
    parsed.slice(1).forEach((row, index) => {
      const { cell, evaluated } = CSV_FORMULA_CASES[index] as (typeof CSV_FORMULA_CASES)[number]
      expect(row).toEqual([evaluated ? `'${cell}` : cell, '7'])
    })
  })

  it('keeps numbers as numbers: a negative amount is a value', () => {
    expect(exportCsv(['Amount'], [[-5]])).toBe('\ufeffAmount\r\n-5')
  })
})
