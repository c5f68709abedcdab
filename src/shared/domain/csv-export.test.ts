import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import {
  csvLines,
  exportCsv,
  isFormulaLike,
  listSeparatorOf,
  phoneCsvCell,
  phoneInE164,
  spreadsheetTextCell
} from './csv-export'
import { csvDelimiter, csvRows } from './csv-read'
import { checkPhone } from './phone'
import { CSV_FORMULA_CASES } from './csv-export.cases'

describe('isFormulaLike answers the shared table', () => {
  it.each(CSV_FORMULA_CASES.map((c) => [c.cell, c.evaluated] as const))('%j → %s', (cell, evaluated) => {
    expect(isFormulaLike(cell)).toBe(evaluated)
  })
})

// QA: a skipped row's 081234567000 opened in Excel as 81234567000, and 6281234567000 as 6.28123E+12.
describe('spreadsheetTextCell', () => {
  it.each([
    ['081234567000', "'081234567000"],
    ['6281234567000', "'6281234567000"],
    ['0', '0'],
    ['123', '123'],
    ['62812345678', '62812345678'],
    ['0812-3456-7000', '0812-3456-7000'],
    ['+6281234567000', '+6281234567000'],
    ['', '']
  ])('%j → %j', (cell, written) => {
    expect(spreadsheetTextCell(cell)).toBe(written)
  })

  it('writes a number a spreadsheet would change behind the quote, and a + number behind the writer’s own', () => {
    const cells = ['081234567000', '+6281234567000', '123'].map(spreadsheetTextCell)
    expect(
      exportCsv(
        ['Phone'],
        cells.map((cell) => [cell])
      )
    ).toBe(`\ufeffPhone\r\n'081234567000\r\n"'+6281234567000"\r\n123`)
  })
})

// QA71 follow-up: the results CSV wrote +6281234567890, the Outbox's and the opt-outs' 62 812-3456-7890: one form now.
describe('phoneCsvCell: a number in every CSV the app writes', () => {
  it.each([
    ['6281310000249', '+6281310000249'],
    ['628123456789', '+628123456789'],
    ['12025550123', '+12025550123'],
    // Not a stored number: a group id and a sheet's own cell stay as they are, kept text where a spreadsheet changes it.
    ['120363025246125486', "'120363025246125486"],
    ['120363025246125486@g.us', '120363025246125486@g.us'],
    ['6281234567890-1611111111', '6281234567890-1611111111'],
    ['081234567000', "'081234567000"],
    ['0812-3456-7000', '0812-3456-7000'],
    ['12345', '12345'],
    ['', '']
  ])('%j → %j', (stored, cell) => {
    expect(phoneCsvCell(stored)).toBe(cell)
  })

  it('is E.164 as the results write it, behind the writer’s quote, and reads back as the same number', () => {
    for (const stored of ['6281310000249', '628123456789', '6285712345678']) {
      expect(phoneInE164(stored)).toBe(`+${stored}`)
      const csv = exportCsv(['Phone'], [[phoneCsvCell(stored)]])
      expect(csv).toBe(`\ufeffPhone\r\n"'+${stored}"`)
      const cell = Papa.parse<string[]>(csv.slice(1)).data[1]?.[0] ?? ''
      expect(checkPhone(cell)).toMatchObject({ value: stored, problem: null })
    }
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

// QA73: an Indonesian Excel (list separator ";") opened the app's comma files with each row in one cell.
describe('exportCsv with a separator', () => {
  it('writes ";" between cells, quotes a cell holding it, and keeps the formula rule', () => {
    const csv = exportCsv(
      ['Nama', 'No HP', 'Catatan'],
      [
        ['Ani; Budi', phoneCsvCell('6281234567890'), 'Rp 1.500,00'],
        ['=1+1', '081234567000', 7]
      ],
      ';'
    )
    expect(csv).toBe(
      '\ufeffNama;No HP;Catatan\r\n"Ani; Budi";"\'+6281234567890";Rp 1.500,00\r\n"\'=1+1";081234567000;7'
    )
    // The app's own CSV reading takes it back as three columns, the quoted cell whole.
    expect(csvDelimiter(csv.slice(1))).toBe(';')
    expect(csvRows(csv.slice(1))[1]).toEqual(['Ani; Budi', "'+6281234567890", 'Rp 1.500,00'])
  })

  it('writes more lines with the same separator, and "," when none is named', () => {
    expect(csvLines([['a;b', 'c,d']], ';')).toBe('"a;b";c,d')
    expect(csvLines([['a;b', 'c,d']])).toBe('a;b,"c,d"')
    expect(exportCsv(['a'], [['b,c']])).toBe('\ufeffa\r\n"b,c"')
  })

  it('is the window language’s list separator: ";" in Indonesian, "," in English', () => {
    expect(listSeparatorOf('id')).toBe(';')
    expect(listSeparatorOf('en')).toBe(',')
  })
})
