// How a series' repeat is named on its row and in a device's removal question (QA69: "Every week" said no weekday).
import { describe, expect, it } from 'vitest'
import { localeOf, translate, type Language } from '../../i18n'
import type { RecurrenceRule } from '../../../../shared/contract'
import { describeRule } from './repeat-rules'

const named = (language: Language, rule: RecurrenceRule, startLocal: string): string =>
  describeRule((key, params) => translate(language, key, params), localeOf(language), rule, startLocal)

describe('describeRule', () => {
  it.each([
    ['en', { kind: 'weekly' }, '2030-01-19T08:00:00', 'Every week on Saturday'],
    ['id', { kind: 'weekly' }, '2030-01-19T08:00:00', 'Setiap minggu pada hari Sabtu'],
    ['en', { kind: 'weekly' }, '2030-01-21T23:30:00', 'Every week on Monday'],
    ['en', { kind: 'monthly' }, '2030-01-19T08:00:00', 'Every month on day 19'],
    ['id', { kind: 'monthly' }, '2030-01-19T08:00:00', 'Setiap bulan pada tanggal 19'],
    ['en', { kind: 'monthly' }, '2030-01-31T08:00:00', 'Every month on day 31, or its last day when shorter'],
    [
      'id',
      { kind: 'monthly' },
      '2030-01-30T08:00:00',
      'Setiap bulan pada tanggal 30, atau tanggal terakhirnya bila bulannya lebih pendek'
    ],
    ['en', { kind: 'yearly' }, '2030-03-05T08:00:00', 'Every year on 5 March'],
    ['id', { kind: 'yearly' }, '2030-03-05T08:00:00', 'Setiap tahun pada 5 Maret'],
    ['en', { kind: 'daily' }, '2030-01-19T08:00:00', 'Every day'],
    ['en', { kind: 'every-n-days', days: 1 }, '2030-01-19T08:00:00', 'Every day'],
    ['id', { kind: 'every-n-days', days: 3 }, '2030-01-19T08:00:00', 'Setiap 3 hari']
  ] as const)('%s %j from %s: %s', (language, rule, startLocal, expected) => {
    expect(named(language, rule, startLocal)).toBe(expected)
  })
})
