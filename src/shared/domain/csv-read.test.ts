import { isUtf8 } from 'node:buffer'
import { describe, expect, it } from 'vitest'
import { csvCells, csvDelimiter, csvEncoding, csvText, numberListCells } from './csv-read'
import { NUMBER_LIST_CASES, utf16le, windows1252 } from './csv-read.cases'

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

describe('csvEncoding', () => {
  it.each([
    ['UTF-16 little-endian by its BOM', utf16le('No HP'), 'utf-16le'],
    ['UTF-16 big-endian by its BOM', Uint8Array.from([0xfe, 0xff, 0, 0x30]), 'utf-16be'],
    ['UTF-8, with its BOM or without', new TextEncoder().encode('\ufeffNama;José'), 'utf-8'],
    ['a Windows code page when the bytes are no UTF-8', windows1252('Nama;José'), 'windows-1252']
  ])('finds %s', (_, bytes, encoding) => {
    expect(csvEncoding(bytes)).toBe(encoding)
    // The core's check (Node's, without decoding) gives the same answer.
    expect(csvEncoding(bytes, isUtf8)).toBe(encoding)
  })
})

describe('numberListCells', () => {
  it.each(NUMBER_LIST_CASES)(
    'takes the numbers of $name and names the rest',
    ({ content, numbers, skipped }) => {
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
      expect(numberListCells(csvText(bytes))).toEqual({ numbers, skipped })
    }
  )

  it("leaves a long sheet's row numbers out, and still sends a short number of its phone column to be named", () => {
    const phones = Array.from({ length: 40 }, (_, i) => `0812345670${String(i).padStart(2, '0')}`)
    phones[7] = '0812 345'
    const sheet = `No;Nama;No HP\n${phones.map((phone, i) => `${i + 1};Pelanggan ${i + 1};${phone}`).join('\n')}\n`
    const { numbers, skipped } = numberListCells(sheet)
    expect(numbers).toEqual(phones)
    expect(skipped).toContain('40')
  })

  it('names every short number of a list of one column, or of a sheet with no phone column', () => {
    expect(numberListCells('1\n0812 3456 7001\n25\n')).toEqual({
      numbers: ['1', '0812 3456 7001', '25'],
      skipped: []
    })
    expect(numberListCells('No\tNama\tUmur\n1\tAni\t25\n')).toEqual({
      numbers: ['1', '25'],
      skipped: ['No', 'Nama', 'Umur', 'Ani']
    })
  })

  it('keeps a number with a word beside it, for the core to read or name', () => {
    expect(numberListCells('Nama,Nomor\nToko 2000,0812 3456 7001 (WA)\n')).toEqual({
      numbers: ['0812 3456 7001 (WA)'],
      skipped: ['Nama', 'Nomor', 'Toko 2000']
    })
  })
})
