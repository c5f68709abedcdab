import { describe, expect, it } from 'vitest'
import { csvCells, csvDelimiter } from './csv-read'

describe('csvDelimiter', () => {
  it.each([
    ['a ;-separated list of 2 rows, blank lines between', 'No HP;Nama\n\n0812;Budi\n\n', ';'],
    ['a tab-separated list', 'No HP\tNama\r\n0812\tBudi\r\n', '\t'],
    ['a ;-separated list whose quoted cells hold commas', '"a, b";"c"\n"d, e";"f"\n', ';'],
    ['a list of one column', '0812\n0813\n', ',']
  ])('guesses %s', (_, head, delimiter) => {
    expect(csvDelimiter(head)).toBe(delimiter)
  })
})

describe('csvCells', () => {
  it('gives every cell trimmed, quotes taken off and blank rows left out', () => {
    expect(csvCells('No HP ; Nama\r\n\r\n"0812 3456";"Budi; Toko"\r\n')).toEqual([
      'No HP',
      'Nama',
      '0812 3456',
      'Budi; Toko'
    ])
  })

  it('reads a list of one column a number a line', () => {
    expect(csvCells('0812\n0813\n')).toEqual(['0812', '0813'])
  })
})
