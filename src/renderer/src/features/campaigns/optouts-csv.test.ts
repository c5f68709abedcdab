import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { checkPhone, numberListCells } from '../../../../shared/domain'
import { CSV_FORMULA_TRIGGERS } from '../../../../shared/domain/csv-export.cases'
import { FORMULA_TRIGGER } from '../../../../shared/domain/csv-export'
import { optOutsCsv } from './optouts-csv'

describe('optOutsCsv', () => {
  it('neutralises every formula trigger in every text column', () => {
    const list = CSV_FORMULA_TRIGGERS.map((cell) => ({
      phone: cell,
      source: cell,
      addedAt: 0,
      keyword: cell
    }))
    const rows = Papa.parse<string[]>(optOutsCsv(list).replace(/^\ufeff/, ''), { skipEmptyLines: true }).data
    expect(rows[0]).toEqual(['phone', 'source', 'added', 'keyword'])
    rows.slice(1).forEach((row, index) => {
      const cell = CSV_FORMULA_TRIGGERS[index]
      expect(FORMULA_TRIGGER.test(cell!)).toBe(true)
      expect(row).toEqual([`'${cell}`, `'${cell}`, '1970-01-01T00:00:00.000Z', `'${cell}`])
    })
  })

  it("carries the customer's word of a keyword entry, and an empty cell where none was kept", () => {
    const csv = optOutsCsv([
      { phone: '6281200000001', source: 'keyword', addedAt: 0, keyword: 'STOP' },
      { phone: '6281200000002', source: 'keyword', addedAt: 0, keyword: null }
    ])
    const rows = Papa.parse<string[]>(csv.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data
    expect(rows.slice(1).map((row) => row[3])).toEqual(['STOP', ''])
  })

  // Stop 38's probe: a list of bare digits opened in Excel as 6.28120E+12, and a re-save wrote that. QA: it wrote
  // 62 812-0000-0001 where the campaign results write +6281200000001: the one form, behind the writer's quote.
  it('writes each number in E.164 as text a spreadsheet keeps, which the list imports back', () => {
    const csv = optOutsCsv([{ phone: '6281200000001', source: 'operator', addedAt: 0, keyword: null }])
    const rows = Papa.parse<string[]>(csv.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data
    expect(rows[1]?.[0]).toBe("'+6281200000001")
    expect(numberListCells(csv.replace(/^\ufeff/, '')).numbers.map((n) => checkPhone(n).value)).toEqual([
      '6281200000001'
    ])
  })

  // QA73: an Indonesian Excel opened a comma file with each row in one cell: the window language's separator.
  it('writes the separator it is given, which the list imports back', () => {
    const csv = optOutsCsv(
      [{ phone: '6281200000001', source: 'keyword', addedAt: 0, keyword: 'BERHENTI; STOP' }],
      ';'
    )
    expect(csv.replace(/^\ufeff/, '').split('\r\n')).toEqual([
      'phone;source;added;keyword',
      '"\'+6281200000001";keyword;1970-01-01T00:00:00.000Z;"BERHENTI; STOP"'
    ])
    expect(numberListCells(csv.replace(/^\ufeff/, '')).numbers.map((n) => checkPhone(n).value)).toEqual([
      '6281200000001'
    ])
  })
})
