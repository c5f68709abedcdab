import { describe, expect, it } from 'vitest'
import type { SheetFormat } from '../../../../shared/contract'
import { translate, type Language, type Translate } from '../../i18n'
import { sheetFormatText } from './sheet-format'

const CASES: { format: SheetFormat; en: string; id: string }[] = [
  {
    format: { kind: 'csv', encoding: 'utf-8', delimiter: ',' },
    en: 'CSV, UTF-8, separated by commas',
    id: 'CSV, UTF-8, dipisah koma'
  },
  {
    format: { kind: 'csv', encoding: 'windows-1252', delimiter: ';' },
    en: 'CSV, WINDOWS-1252, separated by semicolons',
    id: 'CSV, WINDOWS-1252, dipisah titik koma'
  },
  {
    format: { kind: 'csv', encoding: 'utf-16le', delimiter: '\t' },
    en: 'CSV, UTF-16LE, separated by tabs',
    id: 'CSV, UTF-16LE, dipisah tab'
  },
  {
    format: { kind: 'csv', encoding: 'utf-8', delimiter: '|' },
    en: 'CSV, UTF-8, separated by “|”',
    id: 'CSV, UTF-8, dipisah “|”'
  },
  {
    format: { kind: 'xlsx', sheetName: 'Pelanggan' },
    en: 'Excel, sheet “Pelanggan”',
    id: 'Excel, lembar “Pelanggan”'
  }
]

describe.each(['en', 'id'] as const satisfies Language[])('how a spreadsheet was read (%s)', (language) => {
  const t: Translate = (key, params) => translate(language, key, params)
  it.each(CASES.map((c) => [c[language], c] as const))('%s', (expected, c) => {
    expect(sheetFormatText(c.format, t)).toBe(expected)
  })
})
