// A series' end after it was made ("Change end", series:setEnd) and the new-reminder form's last day following its
// first day: both checked with the domain's series-end rule, said at the field, in both languages.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SeriesView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeSettings } from '../../testing/fixtures'
import { accessibleDescription } from '../../testing/described'
import { installFakeApi, seedStores } from '../../testing/render'
import { useNavigation } from '../../stores/navigation'
import { RemindersView } from './RemindersView'

let fake: FakeApi

const series: SeriesView = {
  id: 's-1',
  deviceId: 'dev-1',
  recipients: ['6281234567890'],
  isGroup: false,
  entries: [{ kind: 'text', text: 'Promo', fileName: null, fileSize: null }],
  startLocal: '2030-01-19T08:00:00',
  timezone: 'Asia/Makassar',
  rule: { kind: 'daily' },
  overduePolicy: 'send',
  status: 'active',
  end: { kind: 'times', times: 30, passed: 3 },
  nextAt: '2030-01-22T00:00:00.000Z',
  nextLocal: '2030-01-22T08:00:00',
  occurrences: 3,
  sent: 3,
  skipped: 0,
  skippedByOperator: 0,
  lastOccurrenceAt: '2030-01-21T00:00:00.000Z',
  madeUnsent: null,
  createdAt: '2030-01-01T00:00:00.000Z'
}

function seed(language: 'en' | 'id'): void {
  seedStores(
    makeBootstrap({
      settings: makeSettings({ language }),
      devices: [makeDevice({ id: 'dev-1', sandbox: true })]
    })
  )
}

beforeEach(() => {
  fake = installFakeApi()
  seed('en')
  fake.handle('reminders:list', () => ({ reminders: [] }))
  fake.handle('series:list', () => ({ series: [] }))
})

describe("a series' end asked for from the Outbox (QA44 Q44-02)", () => {
  it("opens Reminders on the series' device, that series' row in view, its Change end focused", async () => {
    seedStores(
      makeBootstrap({
        devices: [makeDevice({ id: 'dev-0', label: 'Shop' }), makeDevice({ id: 'dev-1', sandbox: true })]
      })
    )
    const other: SeriesView = { ...series, id: 's-0', entries: [{ ...series.entries[0]!, text: 'Other' }] }
    fake.handle('series:list', (request) =>
      request.deviceId === 'dev-1' ? { series: [other, series] } : { series: [] }
    )
    // jsdom lays nothing out and has no scrollIntoView: record which element asked to be brought into view.
    const scrolled: Element[] = []
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    try {
      act(() => useNavigation.getState().navigate('outbox'))
      act(() =>
        useNavigation.getState().navigate('reminders', { seriesAsk: { deviceId: 'dev-1', seriesId: 's-1' } })
      )
      render(<RemindersView />)
      const changeEnd = await screen.findByTestId('series-end-s-1')
      await waitFor(() => expect(document.activeElement).toBe(changeEnd))
      expect((screen.getByTestId('reminders-device') as HTMLSelectElement).value).toBe('dev-1')
      expect(scrolled).toContain(changeEnd.closest('li'))
      expect(useNavigation.getState().seriesAsk).toBeNull()
    } finally {
      // @ts-expect-error -- jsdom has none; put it back as it was
      delete Element.prototype.scrollIntoView
    }
  })
})

describe("a series' end changed after it was made", () => {
  it.each([
    {
      language: 'en',
      button: 'Change end',
      form: 'When this recurring message ends',
      before: 'The last day cannot be before the first time (19 Jan 2030).',
      save: 'Save end',
      saved: 'End changed. Next: 22 Jan 2030, 08:00 WITA.',
      ended: 'End changed: it has ended.',
      cancelled:
        'End changed: it has ended. 2 messages it made after the new end and had not sent are cancelled.'
    },
    {
      language: 'id',
      button: 'Ubah akhir',
      form: 'Kapan pesan berulang ini berakhir',
      before: 'Hari terakhir tidak boleh sebelum waktu pertama (19 Jan 2030).',
      save: 'Simpan akhir',
      saved: 'Akhir diubah. Berikutnya: 22 Jan 2030, 08.00 WITA.',
      ended: 'Akhir diubah: rangkaian ini sudah selesai.',
      cancelled:
        'Akhir diubah: rangkaian ini sudah selesai. 2 pesan yang dibuatnya setelah akhir baru dan belum terkirim dibatalkan.'
    }
  ] as const)(
    'opens with the end it has, refuses a last day before its first one at the field, saves a later one ($language)',
    async ({ language, button, form, before, save, saved, ended, cancelled }) => {
      seed(language)
      fake.handle('series:list', () => ({ series: [series] }))
      fake.handle('series:setEnd', (request) => ({
        ...series,
        end: request.end?.kind === 'date' ? { kind: 'date', lastDate: request.end.lastDate } : null,
        cancelledPastEnd: 0
      }))
      const user = userEvent.setup()
      render(<RemindersView />)
      await user.click(await screen.findByRole('button', { name: button }))
      const panel = screen.getByRole('form', { name: form })
      const ends = within(panel).getByTestId('series-end-s-1-end') as HTMLSelectElement
      // The panel takes the focus on its first field, showing the end the series has.
      expect(document.activeElement).toBe(ends)
      expect(ends.value).toBe('times')
      expect((within(panel).getByTestId('series-end-s-1-end-times') as HTMLInputElement).value).toBe('30')

      await user.selectOptions(ends, 'date')
      const lastDay = within(panel).getByTestId('series-end-s-1-end-date')
      fireEvent.change(lastDay, { target: { value: '2030-01-18' } })
      expect(within(panel).getByText(before)).toBeTruthy()
      await user.click(within(panel).getByRole('button', { name: save }))
      expect(fake.requests('series:setEnd')).toEqual([])

      fireEvent.change(lastDay, { target: { value: '2030-03-01' } })
      await user.click(within(panel).getByRole('button', { name: save }))
      expect(fake.requests('series:setEnd')).toEqual([
        { id: 's-1', end: { kind: 'date', lastDate: '2030-03-01' } }
      ])
      const feedback = await screen.findByText(saved)
      await waitFor(() => expect(document.activeElement).toBe(feedback))
      expect(screen.queryByRole('form', { name: form })).toBeNull()

      // An end before the times already made ends the series: said so, and what it cancelled — nothing claimed when it
      // cancelled nothing (QA41 Q41-05: "… are cancelled" was said with none cancelled).
      for (const [count, words] of [
        [0, ended],
        [2, cancelled]
      ] as const) {
        fake.handle('series:setEnd', () => ({
          ...series,
          status: 'ended',
          nextAt: null,
          nextLocal: null,
          cancelledPastEnd: count
        }))
        await user.click(screen.getByRole('button', { name: button }))
        await user.selectOptions(screen.getByTestId('series-end-s-1-end'), 'times')
        const times = screen.getByTestId('series-end-s-1-end-times')
        await user.clear(times)
        await user.type(times, '1')
        await user.click(screen.getByRole('button', { name: save }))
        expect(fake.requests('series:setEnd').at(-1)).toEqual({ id: 's-1', end: { kind: 'times', times: 1 } })
        expect((await screen.findByText(words)).textContent).toBe(words)
      }
    }
  )

  // QA41 Q41-06: the last day's picker offered days before today, which Save then refused with no word at the field.
  it.each([
    ['en', 'The last day has passed: no time of this series is left up to it.'],
    ['id', /./]
  ] as const)(
    'offers no last day before today on the series’ clock, and marks a past day at the field (%s)',
    async (language, says) => {
      seed(language)
      const old = { ...series, startLocal: '2020-01-19T08:00:00' }
      fake.handle('series:list', () => ({ series: [old] }))
      const user = userEvent.setup()
      render(<RemindersView />)
      await user.click(await screen.findByTestId('series-end-s-1'))
      await user.selectOptions(screen.getByTestId('series-end-s-1-end'), 'date')
      const lastDay = screen.getByTestId('series-end-s-1-end-date') as HTMLInputElement
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Makassar' }).format(new Date())
      expect(lastDay.min).toBe(today)
      fireEvent.change(lastDay, { target: { value: '2021-03-01' } })
      expect(lastDay.getAttribute('aria-invalid')).toBe('true')
      const described = (lastDay.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
      expect(described).toMatch(says)
      await user.click(screen.getByTestId('series-end-save-s-1'))
      expect(fake.requests('series:setEnd')).toEqual([])
      fireEvent.change(lastDay, { target: { value: today } })
      expect(lastDay.getAttribute('aria-invalid')).not.toBe('true')
    }
  )

  it('takes no end (until stopped), refuses 0 times, and offers no change for a stopped series', async () => {
    fake.handle('series:list', () => ({
      series: [series, { ...series, id: 's-2', status: 'stopped', nextAt: null, nextLocal: null }]
    }))
    fake.handle('series:setEnd', () => ({ ...series, end: null, cancelledPastEnd: 0 }))
    const user = userEvent.setup()
    render(<RemindersView />)
    await user.click(await screen.findByTestId('series-end-s-1'))
    const times = screen.getByTestId('series-end-s-1-end-times')
    await user.clear(times)
    await user.type(times, '0')
    await user.click(screen.getByTestId('series-end-save-s-1'))
    expect(screen.getByText('Enter a number from 1 to 10,000.')).toBeTruthy()
    expect(fake.requests('series:setEnd')).toEqual([])
    await user.selectOptions(screen.getByTestId('series-end-s-1-end'), 'never')
    await user.click(screen.getByTestId('series-end-save-s-1'))
    expect(fake.requests('series:setEnd')).toEqual([{ id: 's-1', end: null }])
    expect(screen.queryByTestId('series-end-s-2')).toBeNull()
  })
})

describe("the new series' last day and its first day", () => {
  it.each([
    { language: 'en', note: 'Moved with the first day to 20 Feb 2030, keeping the length you chose.' },
    {
      language: 'id',
      note: 'Ikut bergeser bersama hari pertama ke 20 Feb 2030, dengan panjang yang Anda pilih.'
    }
  ] as const)(
    'keeps the last day while the first stays before it; moved past it, takes it along and says so ($language)',
    async ({ language, note }) => {
      seed(language)
      fake.handle('series:create', () => series)
      const user = userEvent.setup()
      render(<RemindersView />)
      await screen.findByTestId('reminders-empty')
      await user.type(screen.getByTestId('reminder-to'), '0812 3456 7890')
      await user.type(screen.getByTestId('reminder-message'), 'Promo')
      const first = screen.getByTestId('reminder-date')
      fireEvent.change(first, { target: { value: '2030-01-19' } })
      fireEvent.change(screen.getByTestId('reminder-time'), { target: { value: '08:00' } })
      await user.selectOptions(screen.getByTestId('reminder-end'), 'date')
      // The gateway keeps no end: asked, and answered (QA76).
      await user.click(screen.getByTestId('reminder-end-keep-local'))
      const lastDay = screen.getByTestId('reminder-end-date') as HTMLInputElement
      fireEvent.change(lastDay, { target: { value: '2030-01-29' } })

      // Still before the last day: the last day the operator chose stays.
      fireEvent.change(first, { target: { value: '2030-01-25' } })
      expect(lastDay.value).toBe('2030-01-29')
      expect(screen.queryByTestId('reminder-end-date-note')).toBeNull()

      // Past it: the last day comes along, the 10 days after the first the operator chose, and the field says so.
      fireEvent.change(first, { target: { value: '2030-02-10' } })
      expect(lastDay.value).toBe('2030-02-20')
      expect(screen.getByTestId('reminder-end-date-note').textContent).toBe(` ${note}`)
      expect(lastDay.getAttribute('aria-invalid')).toBeNull()
      await user.click(screen.getByTestId('reminder-submit'))
      expect(fake.requests('series:create')).toEqual([
        expect.objectContaining({
          start: { localTime: '2030-02-10T08:00', timezone: 'Asia/Jakarta' },
          end: { kind: 'date', lastDate: '2030-02-20' }
        })
      ])
    }
  )
})

// QA76: with the gateway keeping the reminder (08:00 on its clock, WIB) and the app's zone UTC, choosing an end moved
// the reminder to this computer unasked and read the time on UTC: 01:00 UTC, the 08:00 typed never seen again.
describe('an end chosen for a reminder the gateway keeps', () => {
  it.each([
    {
      language: 'id',
      end: 'times',
      asks: 'Gateway tidak bisa mengakhiri pengingat setelah beberapa kali. Simpan pengingat ini di komputer ini (Sender Desk) saja? Waktu yang Anda atur tetap seperti semula, dalam WIB.',
      keep: 'Simpan di komputer ini',
      sent: { kind: 'times', times: 30 },
      next: 'berikutnya 8 Des 2030, 08.00 WIB'
    },
    {
      language: 'en',
      end: 'date',
      asks: 'The gateway cannot end a reminder on a given day. Keep this one on this computer (Sender Desk) instead? The time you set stays as it is, in WIB.',
      keep: 'Keep it on this computer',
      sent: { kind: 'date', lastDate: '2030-12-31' },
      next: 'next 8 Dec 2030, 08:00 WIB'
    }
  ] as const)(
    'asks at the end before the keeper changes, then keeps the time as typed on the gateway’s clock ($language)',
    async ({ language, end, asks, keep, sent, next }) => {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language, defaultTimezone: 'UTC' }),
          devices: [makeDevice({ id: 'dev-1', sandbox: true })]
        })
      )
      const user = userEvent.setup()
      render(<RemindersView />)
      await screen.findByTestId('reminders-empty')
      await user.type(screen.getByTestId('reminder-to'), '0812 3456 7890')
      await user.type(screen.getByTestId('reminder-message'), 'Promo')
      fireEvent.change(screen.getByTestId('reminder-date'), { target: { value: '2030-12-08' } })
      fireEvent.change(screen.getByTestId('reminder-time'), { target: { value: '08:00' } })
      const gateway = screen.getByTestId('reminder-keeper-gateway') as HTMLInputElement
      const ends = screen.getByTestId('reminder-end') as HTMLSelectElement
      await user.selectOptions(ends, end)
      if (end === 'date')
        fireEvent.change(screen.getByTestId('reminder-end-date'), { target: { value: '2030-12-31' } })

      // Asked at the end; nothing changed yet: the gateway keeps it, 08:00 on its clock, no zone of the app's.
      expect(gateway.checked).toBe(true)
      expect((screen.getByTestId('reminder-time') as HTMLInputElement).value).toBe('08:00')
      expect(screen.queryByTestId('reminder-zone')).toBeNull()
      expect(screen.queryByTestId('reminder-start-moved')).toBeNull()
      expect(accessibleDescription(ends)).toContain(asks)

      // Create before the answer makes nothing and lands on the question.
      await user.click(screen.getByTestId('reminder-submit'))
      expect(fake.requests('series:create')).toEqual([])
      expect(fake.requests('reminders:create')).toEqual([])
      expect(document.activeElement).toBe(ends)

      // Answered: this computer keeps it, at 08:00 in WIB as typed, not 01:00 UTC.
      await user.click(screen.getByRole('button', { name: keep }))
      expect((screen.getByTestId('reminder-keeper-local') as HTMLInputElement).checked).toBe(true)
      expect((screen.getByTestId('reminder-zone') as HTMLSelectElement).value).toBe('Asia/Jakarta')
      expect((screen.getByTestId('reminder-date') as HTMLInputElement).value).toBe('2030-12-08')
      expect((screen.getByTestId('reminder-time') as HTMLInputElement).value).toBe('08:00')
      expect(screen.queryByTestId('reminder-start-moved')).toBeNull()
      expect(screen.queryByRole('button', { name: keep })).toBeNull()

      const made: SeriesView = {
        ...series,
        startLocal: '2030-12-08T08:00:00',
        timezone: 'Asia/Jakarta',
        end: null,
        nextAt: '2030-12-08T01:00:00.000Z',
        nextLocal: '2030-12-08T08:00:00',
        occurrences: 0,
        sent: 0,
        lastOccurrenceAt: null
      }
      fake.handle('series:create', () => made)
      fake.handle('series:list', () => ({ series: [made] }))
      await user.click(screen.getByTestId('reminder-submit'))
      expect(fake.requests('series:create')).toEqual([
        expect.objectContaining({
          start: { localTime: '2030-12-08T08:00', timezone: 'Asia/Jakarta' },
          end: sent
        })
      ])
      expect((await screen.findByTestId('series-row')).textContent).toContain(next)
    }
  )

  // The question says the time stays as set, in WIB; "Sender Desk (this computer)" picked by hand among the keepers
  // answered it too, but read 08:00 on the app's zone: 08:00 UTC, seven hours after the 08:00 WIB it had just named.
  it('takes Sender Desk picked by hand as the same answer: the time as typed, in WIB', async () => {
    seedStores(
      makeBootstrap({
        settings: makeSettings({ defaultTimezone: 'UTC' }),
        devices: [makeDevice({ id: 'dev-1', sandbox: true })]
      })
    )
    fake.handle('series:create', () => series)
    const user = userEvent.setup()
    render(<RemindersView />)
    await screen.findByTestId('reminders-empty')
    await user.type(screen.getByTestId('reminder-to'), '0812 3456 7890')
    await user.type(screen.getByTestId('reminder-message'), 'Promo')
    fireEvent.change(screen.getByTestId('reminder-date'), { target: { value: '2030-12-08' } })
    fireEvent.change(screen.getByTestId('reminder-time'), { target: { value: '08:00' } })
    await user.selectOptions(screen.getByTestId('reminder-end'), 'times')
    expect(accessibleDescription(screen.getByTestId('reminder-end'))).toContain(
      'The time you set stays as it is, in WIB.'
    )

    const local = screen.getByRole('radio', { name: 'Sender Desk (this computer)' })
    await user.click(local)
    expect((local as HTMLInputElement).checked).toBe(true)
    // The radio keeps the focus the operator gave it.
    expect(document.activeElement).toBe(local)
    expect((screen.getByTestId('reminder-zone') as HTMLSelectElement).value).toBe('Asia/Jakarta')
    expect((screen.getByTestId('reminder-time') as HTMLInputElement).value).toBe('08:00')
    expect(screen.queryByTestId('reminder-start-moved')).toBeNull()
    await user.click(screen.getByTestId('reminder-submit'))
    expect(fake.requests('series:create')).toEqual([
      expect.objectContaining({
        start: { localTime: '2030-12-08T08:00', timezone: 'Asia/Jakarta' },
        end: { kind: 'times', times: 30 }
      })
    ])
  })
})
