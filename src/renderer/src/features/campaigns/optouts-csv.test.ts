import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { CSV_FORMULA_TRIGGERS } from '../../../../shared/domain/csv-export.cases'
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
})
