// The window's summaries run the counting model's case table: the line names every bucket it counts, in both
// languages, and its parts add up to the total it ends with.
import { describe, expect, it } from 'vitest'
import { bucketCounts, HEADER_BUCKETS } from '../../../../shared/domain/status-buckets'
import { STATUS_BUCKET_CASES } from '../../../../shared/domain/status-buckets.cases'
import { translate, type Language, type Translate } from '../../i18n'
import { bucketLine } from './bucket-summary'

/** The numbers of a line ("1.234" in Indonesian is one number): the parts, then the total. */
function numbers(line: string): number[] {
  return line.split(' · ').map((part) => Number(/\d[\d.,]*/.exec(part)?.[0].replace(/[.,]/g, '')))
}

describe.each(['en', 'id'] as Language[])('the summary line (%s) answers the shared table', (language) => {
  const t: Translate = (key, params) => translate(language, key, params)
  it.each(STATUS_BUCKET_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const line = bucketLine(bucketCounts({ ...c.byStatus, optedOut: c.optedOut ?? 0 }), t, HEADER_BUCKETS)
    const found = numbers(line)
    const total = found.pop()
    expect(total).toBe(c.expected.total)
    expect(found.reduce((sum, n) => sum + n, 0)).toBe(c.expected.total)
  })
})

it('says the outbox of issue 29 in full, cancelled and scheduled included', () => {
  const t: Translate = (key, params) => translate('en', key, params)
  expect(
    bucketLine(bucketCounts({ scheduled: 1, queued: 1, read: 6, cancelled: 200 }), t, HEADER_BUCKETS)
  ).toBe('1 queued · 1 scheduled · 6 read · 0 failed · 200 cancelled · 208 in all')
})

it('names the opted out apart from the cancelled, in both languages (issue 29 point 2)', () => {
  const line = (language: Language): string =>
    bucketLine(
      bucketCounts({ read: 2, cancelled: 7, optedOut: 5 }),
      (key, params) => translate(language, key, params),
      HEADER_BUCKETS
    )
  expect(line('en')).toBe('0 queued · 0 scheduled · 2 read · 0 failed · 2 cancelled · 5 opted out · 9 in all')
  expect(line('id')).toBe(
    '0 dalam antrean · 0 terjadwal · 2 dibaca · 0 gagal · 2 dibatalkan · 5 berhenti berlangganan · total 9'
  )
})

it('names a scheduled message scheduled and a queued one queued, with the header’s words (QA N7)', () => {
  // The header read "0 queued · 1 scheduled" while this line read "1 waiting" for the same message.
  for (const language of ['en', 'id'] as Language[]) {
    const t: Translate = (key, params) => translate(language, key, params)
    const line = bucketLine(bucketCounts({ scheduled: 1, read: 6 }), t, HEADER_BUCKETS)
    expect(line.split(' · ').slice(0, 2)).toEqual([`0 ${t('counts.queued')}`, `1 ${t('counts.scheduled')}`])
  }
})
