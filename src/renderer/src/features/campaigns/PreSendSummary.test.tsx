// The pre-send summary's "Estimated end" against the gateway quota: the end of the part the quota covers, from the
// core's estimate, and how many wait for it, in both languages (it said "Unknown for the 1 the gateway quota covers").
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { QuotaFinish } from '../../../../shared/domain'
import { makeBootstrap, makeDevice, makeSettings } from '../../testing/fixtures'
import { seedStores } from '../../testing/render'
import { PreSendSummary } from './PreSendSummary'

const ALL_END = Date.UTC(2026, 0, 15, 7, 15)
const PART_END = Date.UTC(2026, 0, 15, 7, 5) // 14:05 in Jakarta

function summaryEnd(options: {
  quota: number
  quotaFinish: QuotaFinish | null
  language?: 'en' | 'id'
}): string {
  seedStores(makeBootstrap({ settings: makeSettings({ language: options.language ?? 'en' }) }))
  render(
    <PreSendSummary
      ready={3}
      skipped={0}
      skippedWhy={{}}
      devices={[makeDevice({ id: 'dev-1', label: 'Shop', quota: options.quota })]}
      finishAt={ALL_END}
      quotaFinish={options.quotaFinish}
      timeZone="Asia/Jakarta"
      workingHours={null}
      campaignDailyCap={150}
      busy={false}
      restName="bills (rest)"
      onStart={() => {}}
      onSplit={() => {}}
      onBack={() => {}}
    />
  )
  const term = screen.getByText(options.language === 'id' ? 'Perkiraan selesai' : 'Estimated end')
  return term.nextElementSibling?.textContent ?? ''
}

const part: QuotaFinish = { kind: 'part', at: PART_END, covered: 1, waiting: 2 }

describe('the pre-send summary says when the part the gateway quota covers ends', () => {
  it('gives the covered part its time and counts the rest as waiting', () => {
    expect(summaryEnd({ quota: 1, quotaFinish: part })).toBe(
      'The 1 message the gateway quota covers finishes about 15 Jan 2026, 14:05 WIB; the other 2 wait until the gateway package is renewed or topped up.'
    )
  })

  it('says it in Indonesian too', () => {
    expect(summaryEnd({ quota: 1, quotaFinish: part, language: 'id' })).toBe(
      '1 pesan yang dicukupi kuota gateway selesai sekitar 15 Jan 2026, 14.05 WIB; 2 lainnya menunggu sampai paket gateway diperpanjang atau diisi ulang.'
    )
  })

  it('counts in plurals: two covered finish, one waits', () => {
    const two: QuotaFinish = { kind: 'part', at: PART_END, covered: 2, waiting: 1 }
    expect(summaryEnd({ quota: 2, quotaFinish: two })).toBe(
      'The 2 messages the gateway quota covers finish about 15 Jan 2026, 14:05 WIB; the other 1 waits until the gateway package is renewed or topped up.'
    )
  })

  it('promises no time when the core planned another part than the quota now covers, and says so plainly', () => {
    // The quota was heard again since the check (2 now, the core planned 1): that time is of another part.
    expect(summaryEnd({ quota: 2, quotaFinish: part })).toBe(
      'The 2 messages the gateway quota covers have no estimated end yet; the other 1 waits until the gateway package is renewed or topped up.'
    )
  })

  it('says the end of every row when the quota now covers them all', () => {
    expect(summaryEnd({ quota: 5, quotaFinish: part })).toBe('15 Jan 2026, 14:15 WIB')
  })
})

// QA39 Q39-04: the summary said "2,850 ready, 150 skipped" of a sheet with 20 blank rows more, named nowhere.
describe('the pre-send summary names the blank rows left out', () => {
  const show = (language: 'en' | 'id', blankRows: number | undefined): void => {
    seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
    render(
      <PreSendSummary
        ready={2850}
        skipped={150}
        skippedWhy={{ duplicate: 150 }}
        blankRows={blankRows}
        devices={[makeDevice({ id: 'dev-1', label: 'Shop', quota: 5000 })]}
        finishAt={ALL_END}
        quotaFinish={null}
        timeZone="Asia/Jakarta"
        workingHours={null}
        campaignDailyCap={5000}
        busy={false}
        restName="bills (rest)"
        onStart={() => {}}
        onSplit={() => {}}
        onBack={() => {}}
      />
    )
  }

  it.each([
    { language: 'en' as const, term: 'Blank rows left out' },
    { language: 'id' as const, term: 'Baris kosong diabaikan' }
  ])('beside the recipients and the skipped rows ($language)', ({ language, term }) => {
    show(language, 1020)
    expect(screen.getByText(term).nextElementSibling?.textContent).toBe(language === 'en' ? '1,020' : '1.020')
  })

  it('says nothing of them when the sheet had none', () => {
    show('en', 0)
    expect(screen.queryByText('Blank rows left out')).toBeNull()
  })
})
