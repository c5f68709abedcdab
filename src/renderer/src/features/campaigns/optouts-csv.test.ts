import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { CSV_FORMULA_TRIGGERS } from '../../../../shared/domain/csv-export.cases'
import { optOutsCsv } from './optouts-csv'

describe('optOutsCsv', () => {
  it('neutralises every formula trigger in every text column', () => {
    const list = CSV_FORMULA_TRIGGERS.map((cell) => ({ phone: cell, source: cell, addedAt: 0 }))
    const rows = Papa.parse<string[]>(optOutsCsv(list).replace(/^\ufeff/, ''), { skipEmptyLines: true }).data
    expect(rows[0]).toEqual(['phone', 'source', 'added'])
    rows.slice(1).forEach((row, index) => {
      const cell = CSV_FORMULA_TRIGGERS[index]
      expect(row).toEqual([`'${cell}`, `'${cell}`, '1970-01-01T00:00:00.000Z'])
    })
  })
})
