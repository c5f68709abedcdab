// The pre-send summary's "Estimated end" against the gateway quota: the end of the part the quota covers, from the
// core's estimate, and how many wait for it, in both languages (it said "Unknown for the 1 the gateway quota covers").
import { render, screen } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import type { QuotaFinish } from '../../../../shared/domain'
import { makeBootstrap, makeDevice, makeSettings } from '../../testing/fixtures'
import { seedStores } from '../../testing/render'
import { PreSendSummary } from './PreSendSummary'

const ALL_END = Date.UTC(2026, 0, 15, 7, 15)
const PART_END = Date.UTC(2026, 0, 15, 7, 5) // 14:05 in Jakarta

/** The summary in `language` for `props` beside a plain campaign's (3 rows through Shop, nothing skipped). */
function showSummary(
  language: 'en' | 'id',
  props: Partial<Parameters<typeof PreSendSummary>[0]> = {}
): ReturnType<typeof render> {
  seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
  return render(
    <PreSendSummary
      ready={3}
      skipped={0}
      skippedWhy={{}}
      devices={[makeDevice({ id: 'dev-1', label: 'Shop', quota: 5000 })]}
      finishAt={ALL_END}
      quotaFinish={null}
      timeZone="Asia/Jakarta"
      workingHours={null}
      campaignDailyCap={150}
      busy={false}
      restName="bills (rest)"
      onStart={() => {}}
      onSplit={() => {}}
      onBack={() => {}}
      {...props}
    />
  )
}

function summaryEnd(options: {
  quota: number
  quotaFinish: QuotaFinish | null
  language?: 'en' | 'id'
}): string {
  showSummary(options.language ?? 'en', {
    devices: [makeDevice({ id: 'dev-1', label: 'Shop', quota: options.quota })],
    quotaFinish: options.quotaFinish
  })
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

// A draft whose only device was removed while its "Before you start" was open: with no device there is no pace, yet
// the summary gave an end (the core's, or "none while the gateway quota is spent" of no quota at all).
describe('the pre-send summary of a draft with no device to send from', () => {
  it.each([
    {
      language: 'en' as const,
      finishAt: null,
      words: 'Cannot be estimated until a device to send from is chosen.'
    },
    {
      language: 'id' as const,
      finishAt: null,
      words: 'Belum bisa diperkirakan sampai perangkat pengirim dipilih.'
    },
    // An older core still gave a time: none is said.
    {
      language: 'en' as const,
      finishAt: ALL_END,
      words: 'Cannot be estimated until a device to send from is chosen.'
    }
  ])(
    'says its end cannot be estimated until one is chosen ($language, $finishAt)',
    ({ language, finishAt, words }) => {
      showSummary(language, { devices: [], finishAt, quotaFinish: null })
      const term = screen.getByText(language === 'id' ? 'Perkiraan selesai' : 'Estimated end')
      expect(term.nextElementSibling?.textContent).toBe(words)
    }
  )

  it('names no device it sends from, and no daily cap or quota short of the messages', () => {
    showSummary('en', { devices: [], finishAt: null, quotaFinish: null })
    expect(screen.getByText('Sending from').nextElementSibling?.textContent).toBe(
      'This draft has no device: choose one before starting.'
    )
    expect(screen.getByTestId('campaign-presend').textContent).not.toMatch(/daily caps allow|quota/)
  })
})

// QA39 Q39-04: the summary said "2,850 ready, 150 skipped" of a sheet with 20 blank rows more, named nowhere.
describe('the pre-send summary names the blank rows left out', () => {
  const show = (language: 'en' | 'id', blankRows: number | undefined): void => {
    showSummary(language, { ready: 2850, skipped: 150, skippedWhy: { duplicate: 150 }, blankRows })
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

// Which devices to top up before a campaign: the warning named the set's shortfall but not which devices run out, and
// with no quota known at all it said nothing. Each device's part is the one the start deals it (row i to device
// i % n), its quota against it.
describe('the pre-send summary names the devices whose quota runs out', () => {
  const warning = (
    language: 'en' | 'id',
    devices: { label: string; quota: number | null }[],
    ready: number
  ): string | null => {
    const { unmount } = showSummary(language, {
      ready,
      devices: devices.map((d, i) => makeDevice({ id: `dev-${i}`, ...d }))
    })
    const words = screen.queryByTestId('campaign-shortfall')?.textContent ?? null
    unmount()
    return words
  }
  const shopAndBranch = [
    { label: 'Shop', quota: 120 },
    { label: 'Branch', quota: 400 }
  ]

  it('names the device that runs out of its part, and by how many, in English', () => {
    expect(warning('en', shopAndBranch, 600)).toBe(
      'The gateway quota covers 520 of 600 messages: 80 short. Once it is spent the rest wait until the gateway package is renewed or topped up. Per device: Shop runs out after 120 of its 300 messages.'
    )
  })

  it('and in Indonesian', () => {
    expect(warning('id', shopAndBranch, 600)).toBe(
      'Kuota gateway mencukupi 520 dari 600 pesan: kurang 80. Setelah habis, sisanya menunggu sampai paket gateway diperpanjang atau diisi ulang. Per perangkat: kuota Shop habis setelah 120 dari 300 pesan bagiannya.'
    )
  })

  // C's quota is already spent: it has none left, not "runs out after 0" (QA49 Q49-05).
  it('names at most three, the most short first, and counts the rest', () => {
    const five = [
      { label: 'A', quota: 10 },
      { label: 'B', quota: 20 },
      { label: 'C', quota: 0 },
      { label: 'D', quota: 10 },
      { label: 'E', quota: 50 }
    ]
    expect(warning('en', five, 500)).toContain(
      'Per device: C has no quota left (its 100 messages go to the others or wait), A runs out after 10 of its 100 messages, D runs out after 10 of its 100 messages and 2 more devices run out too.'
    )
    expect(warning('id', five, 500)).toContain(
      'Per perangkat: kuota C sudah habis (100 pesan bagiannya dikirim lewat perangkat lain atau menunggu), kuota A habis setelah 10 dari 100 pesan bagiannya, kuota D habis setelah 10 dari 100 pesan bagiannya, dan kuota 2 perangkat lain juga habis.'
    )
  })

  it('says so when no device’s quota is known', () => {
    const unknown = [
      { label: 'Shop', quota: null },
      { label: 'Branch', quota: null }
    ]
    expect(warning('en', unknown, 600)).toBe(
      'Quota not known for any device: the gateway may stop sending part-way.'
    )
    expect(warning('id', unknown, 600)).toBe(
      'Kuota belum diketahui untuk perangkat mana pun: gateway bisa berhenti mengirim di tengah jalan.'
    )
  })
})

// QA77 5c: the summary said the count, the end and the quota but never the sending hours; only the end, "8 Dec 2026,
// 09:20" for 196 messages started the evening before, hinted that sending stops at 20:00 and goes on the next morning.
describe('the pre-send summary says the sending hours', () => {
  const HOURS = { start: '08:00', end: '20:00', timeZone: 'Asia/Jakarta' }
  // 7 Dec 2026, 17:00 WIB: the hours are open.
  const NOW = Date.UTC(2026, 11, 7, 10, 0)
  const hoursText = (
    language: 'en' | 'id',
    props: Partial<Parameters<typeof PreSendSummary>[0]>
  ): string | null => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const { unmount } = showSummary(language, props)
    const value = screen.queryByTestId('campaign-presend-hours')
    const words = value
      ? `${value.previousElementSibling?.textContent ?? ''} | ${value.textContent ?? ''}`
      : null
    unmount()
    return words
  }

  it.each([
    { language: 'en' as const, words: 'Sending hours | 08:00–20:00 WIB' },
    { language: 'id' as const, words: 'Jam kirim | 08.00–20.00 WIB' }
  ])('and their zone, when the messages end within today’s hours ($language)', ({ language, words }) => {
    // 19:00 WIB the same day.
    expect(hoursText(language, { workingHours: HOURS, finishAt: Date.UTC(2026, 11, 7, 12, 0) })).toBe(words)
  })

  it.each([
    { language: 'en' as const, words: 'Sending hours | any time of day' },
    { language: 'id' as const, words: 'Jam kirim | kapan saja' }
  ])('as any time of day when the campaign has none ($language)', ({ language, words }) => {
    expect(hoursText(language, { workingHours: null, finishAt: Date.UTC(2026, 11, 8, 2, 20) })).toBe(words)
  })

  it.each([
    {
      language: 'en' as const,
      words:
        'Sending hours | 08:00–20:00 WIB. Nothing is sent from 20:00 until 08:00: the messages left at 20:00 wait for the next day, so the estimated end is on a later day.'
    },
    {
      language: 'id' as const,
      words:
        'Jam kirim | 08.00–20.00 WIB. Tidak ada yang dikirim dari pukul 20.00 sampai pukul 08.00: pesan yang tersisa pada pukul 20.00 menunggu hari berikutnya, sehingga perkiraan selesai jatuh pada hari berikutnya atau sesudahnya.'
    }
  ])('and that the end falls on a later day because of them ($language)', ({ language, words }) => {
    // 8 Dec 2026, 09:20 WIB: past tonight's 20:00.
    expect(hoursText(language, { workingHours: HOURS, finishAt: Date.UTC(2026, 11, 8, 2, 20) })).toBe(words)
  })

  it('counts the days from when sending starts: hours closed now that open and close before the end', () => {
    // 7 Dec 2026, 22:00 WIB: the hours open tomorrow at 08:00, and the messages end at 09:20 then.
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 7, 15, 0), toFake: ['Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    showSummary('en', { workingHours: HOURS, finishAt: Date.UTC(2026, 11, 8, 2, 20) })
    expect(screen.getByTestId('campaign-presend-hours').textContent).toBe('08:00–20:00 WIB')
  })

  it('keeps the list a label beside each value', () => {
    showSummary('en', { workingHours: HOURS })
    const cells = [...(screen.getByTestId('campaign-presend-hours').closest('dl')?.children ?? [])]
    expect(cells.map((cell) => cell.tagName)).toEqual(cells.map((_, i) => (i % 2 === 0 ? 'DT' : 'DD')))
  })
})
