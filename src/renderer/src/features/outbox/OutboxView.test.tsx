// Outbox view: a window of rows for 100,000 items with pages fetched on scroll, filters, timeline, retry and cancel.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, type OutboxItemView, type TakeBackView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import {
  makeBootstrap,
  makeCounts,
  makeDevice,
  makeItem,
  makeSettings,
  makeTakeBack,
  NO_TAKE_BACK_TALLY
} from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { dropFocusAsChromiumDoes, pressAndHold } from '../../testing/focus'
import { renderWithRowKeys } from '../../testing/row-keys'
import { accessibleDescription } from '../../testing/described'
import { PREFETCH_ROWS, ROW_HEIGHT } from './OutboxList'
import { OutboxView } from './OutboxView'
import { resetOutboxStore, useOutbox, type ItemDetail } from '../../stores/outbox'
import { resetOutboxPlace, restoreOutboxPlace } from '../../stores/outbox-place'
import { resetPlace } from '../../stores/place'
import { connectEvents } from '../../stores/app'
import { useDevices } from '../../stores/devices'
import { useNavigation } from '../../stores/navigation'
import { useSettings } from '../../stores/settings'
import { decodeNote, encodeNote } from '../../../../shared/i18n/notes'
import { noteFields } from '../../../../shared/i18n/note-text'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { localeOf, translate } from '../../i18n'
import {
  formatCompactDateTime,
  formatDateTime,
  formatDateTimeInZone,
  todayIn,
  zoneName
} from '../../i18n/dates'

let fake: FakeApi
const TOTAL = 100_000
const VIEWPORT = 680
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')

function items(offset: number, limit: number): OutboxItemView[] {
  return Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) =>
    makeItem({
      id: `i-${offset + i}`,
      recipient: `6281${String(offset + i).padStart(9, '0')}`,
      text: `Message ${offset + i}`
    })
  )
}

/** What the core says on a series' message past the series' end: its retry is refused (the retry hook's words). */
const AFTER_SERIES_END_WHY = decodeNote(encodeNote('desktop.error.whyAfterSeriesEnd'))!
const AFTER_SERIES_END_REFUSAL = {
  code: 'after_series_end' as const,
  message: "it lies after its recurring series' end",
  messageKey: AFTER_SERIES_END_WHY.key,
  messageParams: AFTER_SERIES_END_WHY.params
}

beforeEach(() => {
  fake = installFakeApi()
  fake.handle('outbox:list', ({ offset = 0, limit = 200 }) => ({ items: items(offset, limit), total: TOTAL }))
  // jsdom lays nothing out: give the scroll box a height so the virtualizer has a viewport.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('outbox-scroll') ? VIEWPORT : 0
    }
  })
  seedStores(makeBootstrap({ devices: [makeDevice(), makeDevice({ id: 'dev-2', label: 'Warehouse' })] }))
})

afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

/** Time passes a second at a time: each act lets React draw what the last read brought, as it would live. */
async function passes(ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 1000)
    await act(() => vi.advanceTimersByTimeAsync(Math.min(left, 1000)))
}

describe('the summary line (issue 29: one counting model)', () => {
  it('names every bucket it counts, so they add up to the total', () => {
    useOutbox.getState().setCounts({
      counts: {
        scheduled: 1,
        queued: 1,
        sending: 0,
        accepted: 0,
        sent: 0,
        delivered: 0,
        read: 6,
        failed: 0,
        cancelled: 200,
        cancelled_at_gateway: 3,
        revoked: 2,
        total: 213,
        optedOut: 0
      }
    })
    render(<OutboxView />)
    // A cancel at the gateway is a cancel; a message deleted for everyone is counted as such.
    expect(screen.getByTestId('outbox-counts').textContent).toBe(
      '1 queued · 1 scheduled · 6 read · 0 failed · 203 cancelled · 2 deleted for everyone · 213 in all'
    )
  })

  // An operator's probe: a paused campaign's 3 messages were "3 queued (3 paused)" in the header and "3 queued" here.
  it('says of the queued those a pause holds, as the header does', () => {
    useOutbox.getState().setCounts({
      counts: {
        scheduled: 0,
        queued: 3,
        sending: 0,
        accepted: 0,
        sent: 0,
        delivered: 0,
        read: 1,
        failed: 0,
        cancelled: 0,
        cancelled_at_gateway: 0,
        revoked: 0,
        total: 4,
        optedOut: 0
      },
      pausedQueued: 3
    })
    render(<OutboxView />)
    expect(screen.getByTestId('outbox-counts').textContent).toBe(
      '3 queued (3 paused) · 0 scheduled · 1 read · 0 failed · 4 in all'
    )
  })

  // QA76: the header said the scheduled that will not be sent (their number opted out since); the summary too.
  it('says of the scheduled those that will not be sent, their number opted out, as the header does', () => {
    useOutbox.getState().setCounts({
      counts: {
        scheduled: 3,
        queued: 0,
        sending: 0,
        accepted: 0,
        sent: 0,
        delivered: 0,
        read: 1,
        failed: 0,
        cancelled: 0,
        cancelled_at_gateway: 0,
        revoked: 0,
        total: 4,
        optedOut: 0
      },
      heldOverdue: 0,
      sendingHeldBy: null,
      scheduledOptedOut: 1
    })
    render(<OutboxView />)
    expect(screen.getByTestId('outbox-counts').textContent).toBe(
      '0 queued · 3 scheduled (1 will not be sent: opted out) · 1 read · 0 failed · 4 in all'
    )
  })

  // Issue 29 point 2: the 5 cancelled because their numbers opted out were among "203 cancelled"; nobody cancelled them.
  it('names the messages cancelled because their number opted out apart from the cancelled', () => {
    useOutbox.getState().setCounts({
      counts: {
        scheduled: 0,
        queued: 0,
        sending: 0,
        accepted: 0,
        sent: 0,
        delivered: 0,
        read: 6,
        failed: 0,
        cancelled: 200,
        cancelled_at_gateway: 3,
        revoked: 0,
        total: 209,
        optedOut: 5
      }
    })
    render(<OutboxView />)
    expect(screen.getByTestId('outbox-counts').textContent).toBe(
      '0 queued · 0 scheduled · 6 read · 0 failed · 198 cancelled · 5 opted out · 209 in all'
    )
  })
})

/** The gateway's own words for a file over its 2 MB maximum. */
const GATEWAY_TWO_MB = 'file size too large, maximum file size is 2 MB'

/** A document the gateway refused as too large; `failure` sets its reason's words. */
function fileTooLargeItem(
  id: string,
  failure: Partial<NonNullable<OutboxItemView['failure']>> & { gatewayMessage: string }
): OutboxItemView {
  return makeItem({
    id,
    kind: 'document',
    fileName: 'catalogue.pdf',
    status: 'failed',
    failure: { code: 'file_too_large', message: 'the file is too large', ...failure }
  })
}

/** The core's answer to an export (a CSV), and the window's downloads counted as they are made. */
function exportAnswers(answer: { fileName: string; dataBase64: string; count: number }): { made: number } {
  fake.handle('outbox:export', () => ({ ...answer, mime: 'text/csv' }))
  const files = { made: 0 }
  URL.createObjectURL = () => {
    files.made++
    return 'blob:export'
  }
  URL.revokeObjectURL = () => undefined
  return files
}

describe('row checkboxes', () => {
  it('name what each holds, so two messages to one number read apart (QA25 Q25-10)', async () => {
    const note = makeItem({
      id: 'doc-1',
      recipient: '6281234567890',
      kind: 'document',
      text: null,
      fileName: 'note.txt',
      createdAt: '2025-05-01T09:15:00.000Z'
    })
    const text = makeItem({ id: 'txt-1', recipient: '6281234567890', text: 'Halo, pesanan siap diambil.' })
    fake.handle('outbox:list', () => ({ items: [text, note], total: 2 }))
    render(<OutboxView />)
    await screen.findByTestId('outbox-open-doc-1')
    const [first, second] = screen.getAllByTestId('outbox-row')
    expect(
      within(first!).getByRole('checkbox', {
        name: /^Select \+62 812-3456-7890 Text: Halo, pesanan siap diambil\. Created /
      })
    ).toBeTruthy()
    expect(
      within(second!).getByRole('checkbox', {
        name: /^Select \+62 812-3456-7890 Document: note\.txt Created /
      })
    ).toBeTruthy()
  })
})

describe('export (issue 29 point 7)', () => {
  it("asks the core for the filtered outbox in the settings' zone and the window's language, then says how many", async () => {
    exportAnswers({ fileName: 'outbox 2026-11-28.csv', dataBase64: btoa('a,b'), count: 3 })
    useOutbox.getState().setFilters({ statuses: ['failed'], deviceId: 'dev-2' })
    // A removed device, by the name its rows give it (QA63: its raw id in the file).
    useDevices.setState({ removedLabels: { 'dev-9': 'Gudang' } })
    render(<OutboxView />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export (CSV)' }))
    expect(await screen.findByText('3 messages exported to outbox 2026-11-28.csv.')).toBeTruthy()
    expect(fake.requests('outbox:export')).toEqual([
      {
        filter: { status: ['failed'], deviceId: 'dev-2' },
        format: 'csv',
        language: 'en',
        timeZone: 'Asia/Jakarta',
        exportId: expect.any(String),
        deviceNames: { 'dev-9': 'Gudang (removed)' }
      }
    ])
  })

  // QA73: the finished line stayed in English after Settings switched the window to Bahasa Indonesia.
  it('says its finished line again in the language the window changes to', async () => {
    exportAnswers({ fileName: 'outbox 2026-11-28.csv', dataBase64: btoa('a,b'), count: 3 })
    render(<OutboxView />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export (CSV)' }))
    await screen.findByText('3 messages exported to outbox 2026-11-28.csv.')
    act(() => useSettings.getState().set(makeSettings({ language: 'id' })))
    expect(screen.getByTestId('outbox-export-said').textContent).toBe(
      '3 pesan diekspor ke outbox 2026-11-28.csv.'
    )
  })

  it("says a failed export's reason again in the language the window changes to", async () => {
    fake.handle('outbox:export', () => {
      throw new ApiError({
        code: 'disk_full',
        message: 'The disk is full: free some space and try again (nothing was lost).',
        messageKey: 'desktop.error.diskFull'
      })
    })
    render(<OutboxView />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export (CSV)' }))
    await screen.findByText(
      'The export failed: The disk is full: free some space and try again (nothing was lost).'
    )
    act(() => useSettings.getState().set(makeSettings({ language: 'id' })))
    expect(screen.getByTestId('outbox-export-said').textContent).toBe(
      'Ekspor gagal: Disk penuh: kosongkan sebagian ruang lalu coba lagi (tidak ada yang hilang).'
    )
  })
})

// Issue 29 point 6: the list's failure was kept worded in the store, and stayed in English after the language changed.
describe('a list that could not be read', () => {
  it('says why again in the language the window changes to', async () => {
    fake.fail('outbox:list', {
      code: 'disk_full',
      message: 'The disk is full: free some space and try again (nothing was lost).',
      messageKey: 'desktop.error.diskFull'
    })
    render(<OutboxView />)
    const alert = await screen.findByText(
      'The disk is full: free some space and try again (nothing was lost).'
    )
    act(() => useSettings.getState().set(makeSettings({ language: 'id' })))
    expect(alert.textContent).toBe(
      'Disk penuh: kosongkan sebagian ruang lalu coba lagi (tidak ada yang hilang).'
    )
  })
})

// QA15 Q15-02: 100,000 rows took up to 44 s with both buttons greyed and nothing else; the "exported" line was gone
// once the operator had looked at another view.
describe('a long export', () => {
  it('says how many are written of all, and stops when Stop is pressed', async () => {
    exportAnswers({ fileName: 'outbox.csv', dataBase64: btoa('a,b'), count: 3 })
    const reply = fake.defer('outbox:export')
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(screen.getByRole('button', { name: 'Export (CSV)' }))
    const { exportId } = await reply.called
    expect(exportId).toBeTruthy()
    act(() => fake.emit('outbox:exportProgress', { exportId: exportId!, written: 40_000, total: 100_000 }))
    expect(await screen.findByText('Exporting… 40,000 of 100,000 messages written.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Stop the export' }))
    expect(fake.requests('outbox:stopExport')).toEqual([{ exportId }])
    reply.reject({ code: 'export_stopped', message: 'The export was stopped: no file was written.' })
    expect(await screen.findByText('The export was stopped: no file was written.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Stop the export' })).toBeNull()
  })

  // QA27 Q27-06: both export buttons are disabled while it runs, so the focus fell to the page, Stop was 19 Tabs away
  // and Escape did nothing. The focus goes to Stop as it starts, Escape stops it, and the focus comes back to Export.
  it('puts the focus on Stop as it starts, stops with Escape, then gives the focus back to Export', async () => {
    exportAnswers({ fileName: 'outbox.csv', dataBase64: btoa('a,b'), count: 3 })
    const reply = fake.defer('outbox:export')
    const user = userEvent.setup()
    render(<OutboxView />)
    screen.getByRole('button', { name: 'Export (CSV)' }).focus()
    await user.keyboard('{Enter}')
    const { exportId } = await reply.called
    const stop = await screen.findByRole('button', { name: 'Stop the export' })
    await waitFor(() => expect(document.activeElement).toBe(stop))
    expect(stop.getAttribute('aria-keyshortcuts')).toBe('Escape')
    await user.keyboard('{Escape}')
    expect(fake.requests('outbox:stopExport')).toEqual([{ exportId }])
    reply.reject({ code: 'export_stopped', message: 'The export was stopped: no file was written.' })
    await screen.findByText('The export was stopped: no file was written.')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export (CSV)' }))
    )
  })

  it('keeps the finished line after the view is left, until it is dismissed', async () => {
    exportAnswers({ fileName: 'outbox 2026-11-28.csv', dataBase64: btoa('a,b'), count: 3 })
    const user = userEvent.setup()
    const first = render(<OutboxView />)
    await user.click(screen.getByRole('button', { name: 'Export (CSV)' }))
    await screen.findByText('3 messages exported to outbox 2026-11-28.csv.')
    first.unmount()
    render(<OutboxView />)
    expect(screen.getByText('3 messages exported to outbox 2026-11-28.csv.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText('3 messages exported to outbox 2026-11-28.csv.')).toBeNull()
  })
})

describe('export with nothing to export', () => {
  it('writes no empty file, and says why', async () => {
    const files = exportAnswers({ fileName: 'outbox.csv', dataBase64: btoa(''), count: 0 })
    render(<OutboxView />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export (CSV)' }))
    expect(await screen.findByText('No message matches these filters: nothing was exported.')).toBeTruthy()
    expect(files.made).toBe(0)
  })

  // Probe 4 leftover: "No message matches these filters" stayed under filters that did match, once they were changed.
  it('takes the line back once the filters it spoke of change, and keeps it while they do not', async () => {
    exportAnswers({ fileName: 'outbox.csv', dataBase64: btoa(''), count: 0 })
    const user = userEvent.setup()
    const first = render(<OutboxView />)
    await screen.findByText('Text: Message 0')
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }))
    await user.click(screen.getByRole('button', { name: 'Export (CSV)' }))
    const nothing = 'No message matches these filters: nothing was exported.'
    await screen.findByText(nothing)
    first.unmount()
    render(<OutboxView />)
    expect(screen.getByText(nothing)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Remove the filter Failed' }))
    expect(screen.queryByText(nothing)).toBeNull()
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }))
    expect(screen.queryByText(nothing)).toBeNull()
  })

  // QA68: "5 messages exported to outbox 2026-12-07.csv." stayed over other filters, and after Clear filters.
  it("takes a finished export's line back once the filters it was made under change", async () => {
    exportAnswers({ fileName: 'outbox 2026-11-28.csv', dataBase64: btoa('a,b'), count: 3 })
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('Text: Message 0')
    await user.click(screen.getByRole('button', { name: 'Export (CSV)' }))
    const done = '3 messages exported to outbox 2026-11-28.csv.'
    await screen.findByText(done)
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }))
    expect(screen.queryByText(done)).toBeNull()
  })
})

describe('focus after the filters and the export act (QA N6, N9: it dropped to the page)', () => {
  // QA74: the last chip removed gave the focus to the whole filter form (a big outlined box): it goes to the first
  // filter control, as after "Clear filters".
  it('moves to the next chip when a chip is removed, then to the first filter once none is left', async () => {
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('Text: Message 0')
    await user.click(screen.getByRole('checkbox', { name: 'Read' }))
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }))
    await user.click(screen.getByRole('button', { name: 'Remove the filter Read' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove the filter Failed' }))
    await user.click(screen.getByRole('button', { name: 'Remove the filter Failed' }))
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Recipient' }))

    // The status boxes shown: the first of them.
    await user.click(screen.getByText('Status, device, campaign and dates'))
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }))
    screen.getByRole('button', { name: 'Remove the filter Failed' }).focus()
    await user.keyboard('{Enter}')
    const statuses = screen.getByRole('group', { name: 'Status' })
    expect(document.activeElement).toBe(within(statuses).getAllByRole('checkbox')[0])
  })

  // QA76 (Send's recipients): a word typed on a chip went to the first filter, after the number already in it: the
  // filter "Recipient: 0812" became "0812Halo". A filter's chip takes no typing; the filters keep what they were.
  it('changes no filter when a word is typed on a filter chip', async () => {
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('Text: Message 0')
    const recipientBox = screen.getByRole('searchbox', { name: 'Recipient' })
    await user.type(recipientBox, '0812')
    const chip = await screen.findByRole('button', { name: 'Remove the filter Recipient: 0812' })
    chip.focus()
    await user.keyboard('Halo')
    expect(document.activeElement).toBe(chip)
    expect((recipientBox as HTMLInputElement).value).toBe('0812')
  })

  // QA74: the focus went to the whole filter form (a 1053×158 outlined box): it goes to the first filter control, the
  // first status box while they are shown, else the first field.
  it('moves to the first filter after "Clear filters" pressed from the keyboard', async () => {
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('Text: Message 0')
    await user.click(screen.getByText('Status, device, campaign and dates'))
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }))
    screen.getByTestId('outbox-filter-clear').focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByTestId('outbox-filter-chips')).toBeNull()
    const statuses = screen.getByRole('group', { name: 'Status' })
    expect(document.activeElement).toBe(within(statuses).getAllByRole('checkbox')[0])

    // The status boxes folded away: the first field.
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }))
    await user.click(screen.getByText('Status, device, campaign and dates'))
    screen.getByTestId('outbox-filter-clear').focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Recipient' }))
  })

  it('goes back to Export once the file is said (Chromium drops it while Export is disabled)', async () => {
    exportAnswers({ fileName: 'outbox 2026-11-28.csv', dataBase64: btoa('a,b'), count: 3 })
    fake.handle('outbox:export', () => {
      dropFocusAsChromiumDoes()
      return { fileName: 'outbox 2026-11-28.csv', dataBase64: btoa('a,b'), count: 3, mime: 'text/csv' }
    })
    render(<OutboxView />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export (CSV)' }))
    await screen.findByText('3 messages exported to outbox 2026-11-28.csv.')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export (CSV)' }))
    )
  })

  // QA68: Dismiss takes itself away with the notice, and the focus fell to the page. QA70: it went to "Export (CSV)"
  // after an Excel export: it goes back to the button pressed.
  it('gives the focus to the export button pressed when the notice is dismissed by keyboard', async () => {
    exportAnswers({ fileName: 'outbox 2026-11-28.xlsx', dataBase64: btoa('a,b'), count: 3 })
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(screen.getByRole('button', { name: 'Export (Excel)' }))
    await screen.findByText('3 messages exported to outbox 2026-11-28.xlsx.')
    screen.getByRole('button', { name: 'Dismiss' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByText('3 messages exported to outbox 2026-11-28.xlsx.')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export (Excel)' }))
  })
})

describe('virtualized list', () => {
  it('renders only a window of rows for 100,000 items and fetches pages as it scrolls', async () => {
    render(<OutboxView />)
    await screen.findByText('Text: Message 0')
    expect(screen.getByTestId('outbox-total').textContent).toBe('100,000 messages')
    const rows = screen.getAllByTestId('outbox-row')
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.length).toBeLessThan(40)
    expect(fake.requests('outbox:list')).toEqual([{ offset: 0, limit: 200 }])
    expect(screen.getByRole('list', { name: 'Messages' }).style.height).toBe(`${TOTAL * ROW_HEIGHT}px`)

    const scroller = screen.getByTestId('outbox-scroll')
    await act(async () => {
      Object.defineProperty(scroller, 'scrollTop', {
        configurable: true,
        writable: true,
        value: 50_000 * ROW_HEIGHT
      })
      fireEvent.scroll(scroller)
    })
    await screen.findByText('Text: Message 50000')
    expect(fake.requests('outbox:list').map((r) => r.offset)).toContain(50_000)
    const indexes = screen.getAllByTestId('outbox-row').map((r) => Number(r.getAttribute('data-index')))
    expect(Math.min(...indexes)).toBeGreaterThan(49_900)
    expect(indexes.length).toBeLessThan(40)
    expect(screen.queryByText('Text: Message 0')).toBeNull()
  })

  // From the view too (where Alt+4 puts the focus), by the window's Home / End as any list's: the rows drawn are not
  // the list's ends, which the Outbox reaches itself, loading the last page.
  it('moves the focus to the last and first row with End and Home, never dropping it to the page (QA9 Q9-02)', async () => {
    const user = userEvent.setup()
    renderWithRowKeys(<OutboxView />)
    await screen.findByText('Text: Message 0')
    const scroller = screen.getByTestId('outbox-scroll')
    // jsdom does not scroll: the box keeps what the list sets, and says so as a browser does.
    let top = 0
    Object.defineProperty(scroller, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (value: number) => {
        top = value
        fireEvent.scroll(scroller)
      }
    })
    const rowOf = (element: Element | null): number =>
      Number(element?.closest('[data-index]')?.getAttribute('data-index'))
    document.getElementById('main')?.focus()

    await user.keyboard('{End}')
    await screen.findByText(`Text: Message ${TOTAL - 1}`)
    await waitFor(() => expect(rowOf(document.activeElement)).toBe(TOTAL - 1))
    expect(document.activeElement?.hasAttribute('data-row-focus')).toBe(true)

    await user.keyboard('{Home}')
    await waitFor(() => expect(rowOf(document.activeElement)).toBe(0))
    expect(top).toBe(0)

    // And from a row, as before.
    await user.keyboard('{End}')
    await waitFor(() => expect(rowOf(document.activeElement)).toBe(TOTAL - 1))
    document.getElementById('main')?.focus()
    await user.keyboard('{Home}')
    await waitFor(() => expect(rowOf(document.activeElement)).toBe(0))
  })

  it('asks for the next page before its rows scroll into view, so a fling finds them loaded', async () => {
    render(<OutboxView />)
    await screen.findByText('Text: Message 0')
    const scroller = screen.getByTestId('outbox-scroll')
    // The last rows of the first page: the next page is PREFETCH_ROWS away or less.
    const row = 200 - PREFETCH_ROWS + 20
    await act(async () => {
      Object.defineProperty(scroller, 'scrollTop', {
        configurable: true,
        writable: true,
        value: row * ROW_HEIGHT
      })
      fireEvent.scroll(scroller)
    })
    await screen.findByText(`Text: Message ${row}`)
    await waitFor(() => expect(fake.requests('outbox:list').map((r) => r.offset)).toEqual([0, 200]))
    const indexes = screen.getAllByTestId('outbox-row').map((r) => Number(r.getAttribute('data-index')))
    expect(Math.max(...indexes)).toBeLessThan(200)

    // A deep jump asks for the page on screen before the pages around it.
    await act(async () => {
      Object.defineProperty(scroller, 'scrollTop', {
        configurable: true,
        writable: true,
        value: 50_020 * ROW_HEIGHT
      })
      fireEvent.scroll(scroller)
    })
    await screen.findByText('Text: Message 50020')
    expect(fake.requests('outbox:list').map((r) => r.offset)).toEqual([0, 200, 50_000, 49_800])
  })

  it('shows each row’s status in words', async () => {
    fake.handle('outbox:list', () => ({ items: [makeItem({ status: 'failed' })], total: 1 }))
    render(<OutboxView />)
    const status = await screen.findByTestId('outbox-status')
    expect(status.textContent).toContain('Failed')
    expect(status.getAttribute('data-status')).toBe('failed')
  })
})

describe('filters', () => {
  it('asks outbox:list with the chosen status, device, recipient and dates', async () => {
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('Text: Message 0')
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }))
    await waitFor(() =>
      expect(fake.requests('outbox:list').at(-1)).toEqual({ offset: 0, limit: 200, status: ['failed'] })
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Device' }), 'dev-2')
    await waitFor(() =>
      expect(fake.requests('outbox:list').at(-1)).toMatchObject({ status: ['failed'], deviceId: 'dev-2' })
    )
    // As typed: the core reads it by the shared rule (62812… numbers, and those holding 0812).
    await user.type(screen.getByRole('searchbox', { name: 'Recipient' }), '0812')
    await waitFor(() =>
      expect(fake.requests('outbox:list').at(-1)).toMatchObject({ recipient: '0812', deviceId: 'dev-2' })
    )
    await user.type(screen.getByRole('searchbox', { name: 'Text or file name' }), 'tagihan Mei')
    await waitFor(() =>
      expect(fake.requests('outbox:list').at(-1)).toMatchObject({ text: 'tagihan Mei', recipient: '0812' })
    )
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2025-05-01' } })
    await waitFor(() =>
      expect(fake.requests('outbox:list').at(-1)).toMatchObject({
        // Midnight on the operator's clock (the settings' Asia/Jakarta), not the computer's (QA27 Q27-03).
        from: '2025-04-30T17:00:00.000Z'
      })
    )
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(fake.requests('outbox:list').at(-1)).toEqual({ offset: 0, limit: 200 }))
  })

  // A text search pasted past 1,024 characters was asked of the core whole: refused ("text: Too big…") over the list.
  it('keeps a text search past 1,024 characters whole, says so at the field, and asks with it once it fits', async () => {
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('Text: Message 0')
    const box = screen.getByRole('searchbox', { name: 'Text or file name' }) as HTMLInputElement
    await user.click(box)
    await user.paste('k'.repeat(1_025))
    expect(box.value).toHaveLength(1_025)
    await new Promise((settle) => setTimeout(settle, 400))
    expect(fake.requests('outbox:list').filter((r) => (r.text?.length ?? 0) > 1_024)).toEqual([])
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(accessibleDescription(box)).toContain(
      'A search is at most 1,024 characters: shorten it to search.'
    )
    // Spaces around it are not searched for, so not counted.
    await user.keyboard('{Backspace}  ')
    expect(box.getAttribute('aria-invalid')).toBeNull()
    await waitFor(() =>
      expect(fake.requests('outbox:list').at(-1)).toMatchObject({ text: 'k'.repeat(1_024) })
    )
  })

  it('shows the active filters as removable chips, and says when they hide a new message', async () => {
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('Text: Message 0')
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Device' }), 'dev-2')
    const chips = within(screen.getByRole('list', { name: 'Active filters' }))
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Failed ×',
      'Device: Warehouse ×'
    ])
    // A message sent meanwhile that the filters keep out of the list is said, not hidden silently.
    const createdAt = new Date(Date.now() + 1).toISOString()
    act(() => useOutbox.getState().applyItem(makeItem({ id: 'new-1', status: 'queued', createdAt })))
    expect(screen.getByTestId('outbox-hidden-new').textContent).toContain(
      'New messages hidden by these filters: 1.'
    )
    await user.click(chips.getByRole('button', { name: 'Remove the filter Failed' }))
    await waitFor(() =>
      expect(fake.requests('outbox:list').at(-1)).toEqual({ offset: 0, limit: 200, deviceId: 'dev-2' })
    )
    expect(screen.queryByTestId('outbox-hidden-new')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Remove the filter Device: Warehouse' }))
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull()
  })

  it('lets a message go once it no longer matches, as the header counts it, and comes back to a true list (QA18 Q18-01)', async () => {
    // The core's outbox: one scheduled message, listed by status as outbox:list lists it.
    let stored: OutboxItemView = makeItem({
      id: 's-1',
      status: 'scheduled',
      scheduledAt: '2025-05-02T08:00:00.000Z'
    })
    fake.handle('outbox:list', ({ status }) => {
      const items = !status || status.includes(stored.status) ? [stored] : []
      return { items, total: items.length }
    })
    fake.handle('outbox:get', () => ({ item: stored, history: [] }))
    fake.handle('outbox:cancel', () => {
      stored = { ...stored, status: 'cancelled', updatedAt: '2025-05-01T08:01:00.000Z' }
      return stored
    })
    // As the header's "1 scheduled" opens it.
    useOutbox.getState().setFilters({ statuses: ['scheduled'] })
    const user = userEvent.setup()
    const view = render(<OutboxView />)
    expect((await screen.findByTestId('outbox-total')).textContent).toBe('1 message')
    await user.click(await screen.findByTestId('outbox-open-s-1'))
    await user.click(await screen.findByRole('button', { name: 'Cancel sending' }))
    await user.keyboard('{Escape}')
    // Its row is leaving: the focus goes to the view, not with the row to the page.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Outbox' }))
    // Cancelled, it is no longer scheduled: the list says what the header says.
    await waitFor(() => expect(screen.getByTestId('outbox-total').textContent).toBe('0 messages'), {
      timeout: 3_000
    })
    expect(screen.queryByTestId('outbox-open-s-1')).toBeNull()
    expect(screen.getByTestId('outbox-empty')).toBeTruthy()
    // Away to another view and back: still the true list.
    view.unmount()
    render(<OutboxView />)
    expect(screen.getByTestId('outbox-total').textContent).toBe('0 messages')
    expect(screen.queryByTestId('outbox-open-s-1')).toBeNull()
  })

  it('says so when nothing matches the filters', async () => {
    fake.handle('outbox:list', () => ({ items: [], total: 0 }))
    useOutbox.getState().setFilters({ recipient: '6281999' })
    render(<OutboxView />)
    expect((await screen.findByTestId('outbox-empty')).textContent).toContain('No messages match.')
  })
})

describe('item detail', () => {
  const failed = makeItem({
    id: 'f-1',
    status: 'failed',
    attempts: 3,
    failure: {
      code: 'gateway_rejected',
      message: 'The gateway refused the message.',
      gatewayMessage: 'phone not registered'
    }
  })

  /** Opens `item`, the only one in the list, in the detail. */
  async function openDetail(item: OutboxItemView): Promise<UserEvent> {
    fake.handle('outbox:list', () => ({ items: [item], total: 1 }))
    fake.handle('outbox:get', () => ({ item, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId(`outbox-open-${item.id}`))
    await screen.findByRole('group', { name: 'Message actions' })
    return user
  }

  it('says Scheduled once when the gateway saved the schedule, and again only when it was changed', async () => {
    const scheduled = makeItem({
      id: 's-1',
      status: 'scheduled',
      scheduledAt: '2030-05-01T02:27:00.000Z',
      timezone: 'Asia/Jakarta',
      scheduleMode: 'gateway',
      savedAtGateway: true
    })
    fake.handle('outbox:list', () => ({ items: [scheduled], total: 1 }))
    const history: ItemDetail['history'] = [
      { at: '2025-05-01T02:27:00.000Z', status: 'scheduled', note: null },
      {
        at: '2025-05-01T02:27:01.000Z',
        status: 'scheduled',
        note: 'saved at the gateway as schedule sch-1',
        noteKey: 'desktop.note.savedAtGateway',
        noteParams: { schedule: 'sch-1' }
      },
      {
        at: '2025-05-01T03:00:00.000Z',
        status: 'scheduled',
        note: 'edited: time',
        noteKey: 'desktop.note.edited',
        noteParams: { fields: 'time' }
      }
    ]
    fake.handle('outbox:get', () => ({ item: scheduled, history }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-s-1'))
    const timeline = await screen.findByTestId('outbox-timeline')
    const entries = [...timeline.querySelectorAll('li:not([data-future])')]
    // QA: "◷ Scheduled 09:27" twice in a row. The gateway's saving is a note on the same step; an edit is a new one.
    expect(entries.map((li) => li.querySelector('.badge')?.getAttribute('data-status') ?? null)).toEqual([
      'scheduled',
      null,
      'scheduled'
    ])
    expect(entries[1]?.textContent).toContain('saved at the gateway as schedule sch-1')
  })

  it('shows the status timeline and the failure reason, and retries', async () => {
    fake.handle('outbox:list', () => ({ items: [failed], total: 1 }))
    let current = failed
    fake.handle('outbox:get', () => ({
      item: current,
      history: [
        { at: '2025-05-01T08:00:00.000Z', status: 'queued', note: null },
        { at: '2025-05-01T08:00:05.000Z', status: 'sending', note: null },
        { at: '2025-05-01T08:00:07.000Z', status: 'failed', note: 'HTTP 400' }
      ]
    }))
    fake.handle('outbox:retry', () => {
      current = { ...failed, status: 'queued', failure: null, updatedAt: '2025-05-01T08:05:00.000Z' }
      return current
    })
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-f-1'))
    const timeline = await screen.findByTestId('outbox-timeline')
    expect([...timeline.querySelectorAll('li')].map((li) => li.getAttribute('data-status'))).toEqual([
      'queued',
      'sending',
      'failed'
    ])
    // The failure it ended in is said once, in the failure block, not again on the timeline.
    expect(timeline.textContent).not.toContain('HTTP 400')
    const failure = screen.getByTestId('outbox-failure').textContent ?? ''
    expect(failure).toContain('The gateway refused the message.')
    expect(failure).toContain('phone not registered')
    // The core's cancel rule (shared/domain/operator-cancel.ts) takes a failed message too: offered as it does.
    expect(screen.getByRole('button', { name: 'Cancel sending' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(fake.requests('outbox:retry')).toEqual([{ id: 'f-1' }])
    expect(screen.getByTestId('outbox-feedback').textContent).toBe('Queued again.')
    expect(
      within(screen.getByTestId('outbox-row')).getByTestId('outbox-status').getAttribute('data-status')
    ).toBe('queued')
  })

  it('a file too large offers what can help, not Retry, and says the reason once with the gateway’s words', async () => {
    const reason = encodeNote('desktop.gateway.said', {
      reason: encodeNote('desktop.gateway.httpStatus', {
        reason: encodeNote('desktop.gateway.fileTooLarge'),
        status: 413
      }),
      gateway: 'Request Entity Too Large'
    })
    const decoded = decodeNote(reason)!
    const tooLarge = fileTooLargeItem('big-1', {
      message: 'the file is too large (HTTP 413) (gateway: "Request Entity Too Large")',
      messageKey: decoded.key,
      messageParams: decoded.params,
      gatewayMessage: 'Request Entity Too Large'
    })
    fake.handle('outbox:list', () => ({ items: [tooLarge], total: 1 }))
    fake.handle('outbox:get', () => ({
      item: tooLarge,
      history: [{ at: '2025-05-01T08:00:07.000Z', status: 'failed', note: reason }]
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-big-1'))
    await screen.findByTestId('outbox-timeline')
    const detail = screen.getByTestId('outbox-detail')
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(screen.getByTestId('outbox-remedy').textContent).toContain('Send a smaller copy')
    expect(screen.getByRole('button', { name: 'Change the file-size limit' })).toBeTruthy()
    expect(screen.getByTestId('outbox-failure-reason').textContent).toBe('The file is too large')
    expect(detail.textContent?.match(/too large/gi)).toHaveLength(2) // the reason, and the gateway's own words
    expect(screen.getByTestId('outbox-failure').textContent).toContain(
      'What the gateway said: Request Entity Too Large'
    )
  })

  it('a refusal for a number on the opt-out list says so, offering neither Retry nor opting it out again (QA14 Q14-01)', async () => {
    const refused = makeItem({
      id: 'blk-1',
      recipient: '6281311110001',
      status: 'failed',
      failure: {
        code: 'gateway_blacklisted',
        message: 'refused',
        messageKey: 'desktop.failure.gatewayBlacklisted',
        gatewayMessage: 'number is on the blacklist'
      }
    })
    fake.handle('outbox:list', () => ({ items: [refused], total: 1 }))
    fake.handle('outbox:get', () => ({ item: refused, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-blk-1'))
    const detail = await screen.findByTestId('outbox-detail')
    expect(screen.getByTestId('outbox-failure-reason').textContent).toContain('on the opt-out list')
    expect(screen.getByTestId('outbox-remedy').textContent).toContain('MULAI')
    expect(within(detail).queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(within(detail).queryByTestId('outbox-opt-out')).toBeNull()
  })

  // QA32 Q32-05: the Send card said "Document · 1.9 MB", the outbox's detail named the file and not its size.
  it.each([
    { language: 'en' as const, size: '1.8 MB' },
    { language: 'id' as const, size: '1,8 MB' }
  ])('names a file message’s size beside its name ($language)', async ({ language, size }) => {
    seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
    const file = makeItem({
      id: 'file-1',
      kind: 'document',
      fileName: 'katalog.pdf',
      fileSize: 1_900_000,
      status: 'sent'
    })
    fake.handle('outbox:list', () => ({ items: [file], total: 1 }))
    fake.handle('outbox:get', () => ({ item: file, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-file-1'))
    const detail = await screen.findByTestId('outbox-detail')
    expect(detail.textContent).toContain(`katalog.pdf · ${size}`)
  })

  // QA23 Q23-04: a campaign row cancelled because its number opted out read "Cancelled" and nothing more, as if the
  // operator had cancelled it: the detail says why it was cancelled, once.
  it('a message cancelled because its number opted out says so, once, as why it was cancelled', async () => {
    const note = encodeNote('desktop.note.optedOut')
    const optedOut = makeItem({
      id: 'opt-1',
      status: 'cancelled',
      failure: {
        code: 'opted_out',
        message: 'not sent: this number opted out',
        messageKey: 'desktop.note.optedOut',
        gatewayMessage: null
      }
    })
    fake.handle('outbox:list', () => ({ items: [optedOut], total: 1 }))
    fake.handle('outbox:get', () => ({
      item: optedOut,
      history: [
        { at: '2025-05-01T08:00:00.000Z', status: 'queued', note: null },
        { at: '2025-05-01T08:00:07.000Z', status: 'cancelled', note }
      ]
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-opt-1'))
    await screen.findByTestId('outbox-timeline')
    const detail = screen.getByTestId('outbox-detail')
    // Its reason says "Not sent" itself: not under "Why it was cancelled:" too (QA62).
    expect(screen.getByTestId('outbox-failure').textContent).toMatch(/^Not sent: this number opted out/)
    expect(screen.getByTestId('outbox-failure').textContent).not.toContain('Why it was cancelled')
    expect(detail.textContent?.match(/this number opted out/g)).toHaveLength(1)
    // Its step in the timeline says it too, not just "Cancelled" (issue 29 point 2); the steps before it are as ever.
    const steps = within(screen.getByTestId('outbox-timeline')).getAllByRole('listitem')
    expect(steps.map((step) => step.getAttribute('data-status'))).toEqual(['queued', 'cancelled'])
    expect(steps[1]?.querySelector('.badge')?.textContent).toBe('⊘Opted out')
  })

  it('an item the gateway may have is being checked: no next attempt time to go stale (QA12 Q12-03)', async () => {
    const inDoubt = makeItem({
      id: 'doubt-1',
      status: 'sending',
      attempts: 1,
      nextAttemptAt: '2025-05-01T08:00:20.000Z'
    })
    fake.handle('outbox:list', () => ({ items: [inDoubt], total: 1 }))
    fake.handle('outbox:get', () => ({ item: inDoubt, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-doubt-1'))
    await screen.findByTestId('outbox-timeline')
    const detail = screen.getByTestId('outbox-detail')
    expect(detail.textContent).toContain(
      'Waiting: checking whether the gateway got it before sending it again'
    )
    expect(within(detail).queryByText('Next attempt')).toBeNull()
  })

  it('an item being checked is queued in its row and detail, as the header counts it (QA36 Q36-08)', async () => {
    // Still "sending" with a next check: not being tried, waiting in the queued bucket (status-buckets.ts).
    const inDoubt = makeItem({
      id: 'doubt-2',
      status: 'sending',
      attempts: 1,
      nextAttemptAt: '2025-05-01T08:00:20.000Z'
    })
    useOutbox.getState().setCounts({ counts: makeCounts({ sending: 1, total: 1 }) })
    fake.handle('outbox:list', () => ({ items: [inDoubt], total: 1 }))
    fake.handle('outbox:get', () => ({ item: inDoubt, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    expect(screen.getByTestId('outbox-counts').textContent).toMatch(/^1 queued · /)
    const row = await screen.findByTestId('outbox-open-doubt-2')
    expect(within(row).getByTestId('outbox-status').textContent).toBe('…Queued')
    await user.click(row)
    await screen.findByTestId('outbox-timeline')
    expect(screen.getByTestId('outbox-detail-status').textContent).toBe('…Queued')
    expect(screen.getByTestId('outbox-detail').textContent).toContain(
      'Waiting: checking whether the gateway got it before sending it again'
    )
  })

  it('a file over the maximum the gateway named is advised under that size, not a raised limit, in both languages (QA7 Q7-14)', async () => {
    const tooLarge = fileTooLargeItem('big-2', {
      messageKey: 'desktop.gateway.fileTooLarge',
      gatewayMessage: GATEWAY_TWO_MB
    })
    fake.handle('outbox:list', () => ({ items: [tooLarge], total: 1 }))
    fake.handle('outbox:get', () => ({ item: tooLarge, history: [] }))
    for (const [language, advice, raise] of [
      [
        'en',
        'Sending it again would fail the same way: the gateway accepts files up to 2 MB. Send a copy under 2 MB (compress or split it).',
        /raise/i
      ],
      [
        'id',
        'Mengirim ulang akan gagal dengan cara yang sama: gateway hanya menerima file sampai 2 MB. Kirim salinan di bawah 2 MB (kompres atau pecah).',
        /naikkan/i
      ]
    ] as const) {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      const user = userEvent.setup()
      const { unmount } = render(<OutboxView />)
      await user.click(await screen.findByTestId('outbox-open-big-2'))
      const remedy = await screen.findByTestId('outbox-remedy')
      expect(remedy.textContent).toContain(advice)
      expect(remedy.textContent).not.toMatch(raise)
      unmount()
    }
  })

  // QA48 Q48-02: "With this device's file-size limit at 2 MB" was said of a device whose limit is 5 MB.
  it('advises setting the limit to the gateway’s maximum only while the device’s limit is above it, and opens that device’s limit form (Q48-02)', async () => {
    const tooLarge = fileTooLargeItem('big-3', { gatewayMessage: GATEWAY_TWO_MB })
    fake.handle('outbox:list', () => ({ items: [tooLarge], total: 1 }))
    fake.handle('outbox:get', () => ({ item: tooLarge, history: [] }))
    const MB = 1024 * 1024
    for (const [language, advice] of [
      ['en', 'Setting this device’s file-size limit to 2 MB stops larger files before they are sent.'],
      [
        'id',
        'Dengan mengatur batas ukuran file perangkat ini ke 2 MB, file yang lebih besar ditahan sebelum dikirim.'
      ]
    ] as const) {
      for (const [limit, said] of [
        [5 * MB, true],
        [2 * MB, false],
        [1 * MB, false]
      ] as const) {
        seedStores(
          makeBootstrap({
            settings: makeSettings({ language }),
            devices: [makeDevice({ maxFileBytes: limit })]
          })
        )
        const user = userEvent.setup()
        const { unmount } = render(<OutboxView />)
        await user.click(await screen.findByTestId('outbox-open-big-3'))
        const remedy = await screen.findByTestId('outbox-remedy')
        expect(remedy.textContent?.includes(advice)).toBe(said)
        // Never a statement of what the setting is.
        expect(remedy.textContent).not.toMatch(/limit at|batas ukuran file perangkat ini di/)
        if (limit === 5 * MB && language === 'en') {
          await user.click(within(remedy).getByRole('button', { name: 'Change the file-size limit' }))
          expect(useNavigation.getState().view).toBe('devices')
          expect(useNavigation.getState().deviceAsk).toEqual({ deviceId: 'dev-1', action: 'fileLimit' })
        }
        unmount()
      }
    }
  })

  // QA14 Q14-08: Retry by keyboard left the focus on the page; the next Tab started from the top.
  it('keeps the focus in the detail after Retry by keyboard, while the item goes on and fails again', async () => {
    fake.handle('outbox:list', () => ({ items: [failed], total: 1 }))
    let current = failed
    fake.handle('outbox:get', () => ({ item: current, history: [] }))
    fake.handle('outbox:retry', () => {
      current = { ...failed, status: 'queued', failure: null, updatedAt: '2025-05-01T08:05:00.000Z' }
      return current
    })
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-f-1'))
    const detail = screen.getByTestId('outbox-detail')
    within(detail).getByRole('button', { name: 'Retry' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(fake.requests('outbox:retry')).toHaveLength(1))
    expect(detail.contains(document.activeElement)).toBe(true)
    for (const [status, at] of [
      ['sending', '2025-05-01T08:05:01.000Z'],
      ['failed', '2025-05-01T08:05:02.000Z']
    ] as const) {
      current = { ...failed, status, updatedAt: at }
      act(() => useOutbox.getState().applyItem(current))
      await waitFor(() =>
        expect(within(detail).queryByRole('button', { name: 'Retry' }) !== null).toBe(status === 'failed')
      )
      // Never on the result line once it is empty: the window hides it, and the browser drops the focus to the page.
      expect(document.activeElement?.textContent, status).not.toBe('')
      expect(detail.contains(document.activeElement), status).toBe(true)
    }
    // Failed again: the line that said "Queued again." says so and why, and keeps the focus (QA25 Q25-03).
    expect(document.activeElement).toBe(screen.getByTestId('outbox-feedback'))
    expect(document.activeElement?.textContent).toBe('Failed again: The gateway refused the message.')
  })

  it('"Queued again." gives way to what happened once the retried item fails again (QA25 Q25-03)', async () => {
    fake.handle('outbox:list', () => ({ items: [failed], total: 1 }))
    let current = failed
    fake.handle('outbox:get', () => ({ item: current, history: [] }))
    fake.handle('outbox:retry', () => {
      current = { ...failed, status: 'queued', failure: null, updatedAt: '2025-05-01T08:05:00.000Z' }
      return current
    })
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-f-1'))
    await user.click(await screen.findByRole('button', { name: 'Retry' }))
    expect(screen.getByTestId('outbox-feedback').textContent).toBe('Queued again.')
    current = { ...failed, updatedAt: '2025-05-01T09:00:00.000Z' }
    act(() => useOutbox.getState().applyItem(current))
    // The same live line changes its words, so a screen reader says the outcome.
    await waitFor(() =>
      expect(screen.getByTestId('outbox-feedback').textContent).toBe(
        'Failed again: The gateway refused the message.'
      )
    )
    expect(screen.getByTestId('outbox-feedback').getAttribute('role')).toBe('status')
    // Cancelled meanwhile (not a failure): the line has nothing to say.
    current = { ...failed, status: 'cancelled', failure: null, updatedAt: '2025-05-01T09:01:00.000Z' }
    act(() => useOutbox.getState().applyItem(current))
    await waitFor(() => expect(screen.getByTestId('outbox-feedback').textContent).toBe(''))
  })

  it('shows what is still to come for an item on its way, and cancels it', async () => {
    const queued = makeItem({ id: 'q-1', status: 'accepted' })
    fake.handle('outbox:list', () => ({ items: [{ ...queued, status: 'queued' }], total: 1 }))
    let current: OutboxItemView = { ...queued, status: 'queued' }
    fake.handle('outbox:get', () => ({
      item: current,
      history: [{ at: '2025-05-01T08:00:00.000Z', status: 'queued', note: null }]
    }))
    fake.handle('outbox:cancel', () => {
      current = { ...queued, status: 'cancelled', updatedAt: '2025-05-01T08:01:00.000Z' }
      return current
    })
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-q-1'))
    const timeline = await screen.findByTestId('outbox-timeline')
    expect(
      [...timeline.querySelectorAll('[data-future="true"]')].map((li) => li.getAttribute('data-status'))
    ).toEqual(['sending', 'accepted', 'sent', 'delivered', 'read'])
    await user.click(screen.getByRole('button', { name: 'Cancel sending' }))
    expect(fake.requests('outbox:cancel')).toEqual([{ id: 'q-1' }])
    expect(screen.getByTestId('outbox-detail-status').textContent).toContain('Cancelled')
  })

  // QA70: "Cancelled." stayed at the foot of the next message opened (a Read one), by click or by J and Enter.
  it("leaves an action's result line with its message when another is opened", async () => {
    const queued = makeItem({ id: 'q-1', status: 'queued' })
    const read = makeItem({ id: 'r-1', status: 'read', recipient: '6281200000009' })
    let current: OutboxItemView = queued
    fake.handle('outbox:list', () => ({ items: [current, read], total: 2 }))
    fake.handle('outbox:get', ({ id }) => ({ item: id === 'r-1' ? read : current, history: [] }))
    fake.handle('outbox:cancel', () => (current = { ...queued, status: 'cancelled' }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-q-1'))
    await user.click(await screen.findByRole('button', { name: 'Cancel sending' }))
    expect((await screen.findByTestId('outbox-feedback')).textContent).toBe('Cancelled.')
    await user.click(screen.getByTestId('outbox-open-r-1'))
    await screen.findByRole('heading', { name: '+62 812-0000-0009' })
    expect(screen.getByTestId('outbox-feedback').textContent).toBe('')
  })

  // The pressed button was disabled while its request ran: Chromium dropped the keyboard's place to the page (#29.4).
  it.each([
    { press: 'Retry', item: failed, channel: 'outbox:retry' },
    {
      press: 'Send now',
      item: makeItem({
        id: 'h-9',
        status: 'scheduled',
        held: true,
        scheduledAt: '2025-05-01T01:00:00.000Z',
        timezone: 'Asia/Jakarta'
      }),
      channel: 'outbox:release'
    },
    { press: 'Cancel sending', item: makeItem({ id: 'q-9', status: 'queued' }), channel: 'outbox:cancel' },
    {
      press: 'Cancel at the gateway',
      item: makeItem({ id: 'a-9', status: 'accepted', gatewayId: 'gw-9' }),
      channel: 'outbox:takeBack'
    }
  ] as const)(
    'keeps the focus on the pressed $press while it runs, never on the page, and asks once',
    async ({ press, item, channel }) => {
      const user = await openDetail(item)
      const asked = fake.defer(channel)
      const actions = screen.getByRole('group', { name: 'Message actions' })
      const button = within(actions).getByRole('button', { name: press })
      await pressAndHold(user, button, asked.called)
      asked.reject({ code: 'internal', message: 'database is locked' })
      await waitFor(() =>
        expect(screen.getByTestId('outbox-feedback').textContent).toBe('database is locked')
      )
      expect(fake.requests(channel)).toHaveLength(1)
      // Refused: the button is still there, and the focus with it.
      expect(document.activeElement).toBe(button)
    }
  )

  it('keeps the focus on the pressed answer to the opt-out question while it runs, and asks once', async () => {
    const user = await openDetail(makeItem({ id: 'o-9', status: 'delivered' }))
    const actions = screen.getByRole('group', { name: 'Message actions' })
    await user.click(within(actions).getByRole('button', { name: 'Put this number on the opt-out list' }))
    const question = screen.getByRole('group', { name: /on the opt-out list\?/ })
    const asked = fake.defer('optouts:add')
    const answer = within(question).getByRole('button', { name: 'Put this number on the opt-out list' })
    await pressAndHold(user, answer, asked.called)
    asked.reject({ code: 'internal', message: 'database is locked' })
    await waitFor(() => expect(screen.getByTestId('outbox-feedback').textContent).toBe('database is locked'))
    expect(fake.requests('optouts:add')).toHaveLength(1)
    expect(document.activeElement).toBe(answer)
  })

  it('after a Retry refused because the terminal retried it meanwhile, shows it as it is now and says so (QA24 Q24-04)', async () => {
    const cancelled = makeItem({ id: 'c-1', status: 'cancelled', updatedAt: '2025-05-01T08:01:00.000Z' })
    let current: OutboxItemView = cancelled
    fake.handle('outbox:list', () => ({ items: [current], total: 1 }))
    fake.handle('outbox:get', () => ({ item: current, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-c-1'))
    expect((await screen.findByTestId('outbox-detail-status')).textContent).toContain('Cancelled')
    // `sender-desk outbox retry c-1`, not yet heard by the window.
    current = { ...cancelled, status: 'queued', updatedAt: '2025-05-01T08:02:00.000Z' }
    fake.fail('outbox:retry', {
      code: 'invalid_state',
      message: 'Cannot retry this item: it is queued.',
      messageKey: 'desktop.error.cannotRetry',
      messageParams: { why: encodeNote('desktop.error.whyStatus', { status: 'queued' }) }
    })
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.getByTestId('outbox-detail-status').textContent).toContain('Queued'))
    expect(screen.getByTestId('outbox-feedback').textContent).toBe(
      'It changed elsewhere meanwhile (another window or the terminal): it is “Queued” now.'
    )
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Cancel sending' })).toBeTruthy()
  })

  it.each([
    {
      language: 'en' as const,
      retry: 'Retry',
      words: "Cannot retry this item: it lies after its recurring series' end."
    },
    {
      language: 'id' as const,
      retry: 'Kirim ulang',
      words: 'Pesan ini tidak dapat dicoba lagi: waktunya setelah akhir rangkaian berulangnya.'
    }
  ])(
    "a Retry refused because the message lies after its series' end says so, not that it changed ($language)",
    async ({ language, retry, words }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      const pastEnd = makeItem({ id: 'c-9', status: 'cancelled', updatedAt: '2025-05-01T08:01:00.000Z' })
      fake.handle('outbox:list', () => ({ items: [pastEnd], total: 1 }))
      fake.handle('outbox:get', () => ({ item: pastEnd, history: [] }))
      fake.fail('outbox:retry', {
        code: 'after_series_end',
        message: "Cannot retry this item: it lies after its recurring series' end.",
        messageKey: 'desktop.error.cannotRetry',
        messageParams: { why: encodeNote('desktop.error.whyAfterSeriesEnd') }
      })
      const user = userEvent.setup()
      render(<OutboxView />)
      await user.click(await screen.findByTestId('outbox-open-c-9'))
      await user.click(await screen.findByRole('button', { name: retry }))
      await waitFor(() => expect(screen.getByTestId('outbox-feedback').textContent).toBe(words))
    }
  )

  it.each([
    {
      language: 'en' as const,
      retry: 'Retry',
      advice: "Retrying would only cancel it again: its time lies after its recurring series' end",
      go: "Change the series' end in Reminders"
    },
    {
      language: 'id' as const,
      retry: 'Kirim ulang',
      advice: 'Mengirim ulang hanya akan membatalkannya lagi: waktunya setelah akhir rangkaian berulangnya',
      go: 'Ubah akhir rangkaian di Pengingat'
    }
  ])(
    "offers no Retry for a message past its series' end the core would refuse, but says why and where to change it ($language)",
    async ({ language, retry, advice, go }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      const pastEnd = makeItem({
        id: 'c-9',
        recipient: '6281200000009',
        status: 'cancelled',
        producer: { kind: 'series', id: 's-1', ref: 3 },
        retryRefusal: AFTER_SERIES_END_REFUSAL
      })
      const ordinary = makeItem({ id: 'c-8', recipient: '6281200000008', status: 'cancelled' })
      let shown = pastEnd
      fake.handle('outbox:list', () => ({ items: [pastEnd, ordinary], total: 2 }))
      fake.handle('outbox:get', () => ({ item: shown, history: [] }))
      const user = userEvent.setup()
      render(<OutboxView />)
      await user.click(await screen.findByTestId('outbox-open-c-9'))
      const detail = await screen.findByTestId('outbox-detail')
      await screen.findByTestId('outbox-remedy')
      expect(within(detail).queryByRole('button', { name: retry })).toBeNull()
      expect(screen.getByTestId('outbox-remedy').textContent).toContain(advice)
      await user.click(within(detail).getByRole('button', { name: go }))
      expect(useNavigation.getState().view).toBe('reminders')
      // At that series, not at the top of Reminders with the new-reminder form filling the screen (QA44 Q44-02).
      expect(useNavigation.getState().seriesAsk).toEqual({ deviceId: pastEnd.deviceId, seriesId: 's-1' })

      // A message cancelled within its end is still the operator's to retry.
      act(() => useNavigation.getState().navigate('outbox'))
      shown = ordinary
      await user.click(await screen.findByTestId('outbox-open-c-8'))
      expect(
        await within(await screen.findByTestId('outbox-detail')).findByRole('button', { name: retry })
      ).toBeTruthy()
      expect(screen.queryByTestId('outbox-remedy')).toBeNull()
    }
  )

  it('a Cancel of a message cancelled meanwhile says it was already cancelled, not “Cancelled.” (QA24 Q24-04)', async () => {
    const queued = makeItem({ id: 'q-2', status: 'queued' })
    let current: OutboxItemView = queued
    fake.handle('outbox:list', () => ({ items: [current], total: 1 }))
    fake.handle('outbox:get', () => ({ item: current, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-q-2'))
    await screen.findByTestId('outbox-detail-status')
    current = { ...queued, status: 'cancelled', updatedAt: '2025-05-01T08:02:00.000Z' }
    fake.fail('outbox:cancel', {
      code: 'already_cancelled',
      message: 'This message was already cancelled.',
      messageKey: 'desktop.error.alreadyCancelled'
    })
    await user.click(screen.getByRole('button', { name: 'Cancel sending' }))
    await waitFor(() => expect(screen.getByTestId('outbox-detail-status').textContent).toContain('Cancelled'))
    expect(screen.getByTestId('outbox-feedback').textContent).toBe('This message was already cancelled.')
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it('deletes a sent message for everyone, and cancels one the gateway still holds, through the take-back', async () => {
    const delivered = makeItem({ id: 'd-1', status: 'delivered', gatewayId: 'gw-1' })
    const accepted = makeItem({
      id: 'a-1',
      status: 'accepted',
      gatewayId: 'gw-2',
      recipient: '6281234567891'
    })
    fake.handle('outbox:list', () => ({ items: [delivered, accepted], total: 2 }))
    fake.handle('outbox:get', ({ id }) => ({ item: id === 'd-1' ? delivered : accepted, history: [] }))
    const tally = { done: 0, refused: 0, unknown: 0, pending: 1 }
    const none = { done: 0, refused: 0, unknown: 0, pending: 0 }
    fake.handle('outbox:takeBack', ({ action }) =>
      makeTakeBack({
        producerTag: null,
        revoke: action === 'revoke' ? tally : none,
        cancel: action === 'cancel' ? tally : none,
        pendingByDevice: [{ deviceId: 'dev-1', n: 1 }]
      })
    )
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-d-1'))
    const actions = await screen.findByRole('group', { name: 'Message actions' })
    expect(within(actions).queryByRole('button', { name: 'Cancel at the gateway' })).toBeNull()
    await user.click(within(actions).getByRole('button', { name: 'Delete for everyone' }))
    // It cannot be undone: the first click only asks, and "Keep" backs out with nothing asked of the gateway.
    expect(fake.requests('outbox:takeBack')).toEqual([])
    const question = screen.getByRole('group', {
      name: /Delete this message for everyone\?.*cannot be undone/
    })
    // The question takes the focus on its harmless answer; putting it away gives the focus back to its button.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep' }))
    await user.click(within(question).getByRole('button', { name: 'Keep' }))
    expect(screen.queryByRole('group', { name: /Delete this message for everyone/ })).toBeNull()
    expect(document.activeElement).toBe(within(actions).getByRole('button', { name: 'Delete for everyone' }))
    await user.click(within(actions).getByRole('button', { name: 'Delete for everyone' }))
    await user.click(screen.getByTestId('outbox-revoke-confirm'))
    expect(fake.requests('outbox:takeBack')).toEqual([{ ids: ['d-1'], action: 'revoke' }])
    expect(screen.getByTestId('outbox-feedback').textContent).toBe(
      'Asked the gateway; its answer shows on the timeline.'
    )
    // The confirming button went with the question: the focus is on the line that says what happened.
    expect(document.activeElement).toBe(screen.getByTestId('outbox-feedback'))

    await user.click(screen.getByTestId('outbox-open-a-1'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel at the gateway' })).toBeTruthy())
    expect(screen.queryByRole('button', { name: 'Delete for everyone' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Cancel at the gateway' }))
    expect(fake.requests('outbox:takeBack')).toContainEqual({ ids: ['a-1'], action: 'cancel' })
  })

  // An operator's probe: the gateway's answer removed the pressed "Cancel at the gateway" under the focus, which fell
  // to the page; the next Tab landed on Retry, which would send the message just cancelled.
  // An operator's probe: "Cancelled … cancelled: its device was removed from Sender Desk" said "cancelled" twice.
  it('says why a removed device’s message was cancelled once, beside its Cancelled step', async () => {
    const cancelled = makeItem({ id: 'c-6', deviceId: 'dev-1', status: 'cancelled' })
    fake.handle('outbox:list', () => ({ items: [cancelled], total: 1 }))
    fake.handle('outbox:get', () => ({
      item: cancelled,
      history: [
        { at: '2025-05-01T02:27:00.000Z', status: 'queued', note: null },
        {
          at: '2025-05-01T02:30:00.000Z',
          status: 'cancelled',
          note: 'its device was removed from Sender Desk',
          noteKey: 'desktop.note.cancelledDeviceRemoved'
        }
      ]
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-c-6'))
    const timeline = await screen.findByTestId('outbox-timeline')
    const step = [...timeline.querySelectorAll('li:not([data-future])')].at(-1)!
    expect(step.querySelector('.timeline-note')?.textContent).toBe('its device was removed from Sender Desk')
    expect(step.textContent?.match(/cancelled/gi)).toHaveLength(1)
  })

  // An operator's probe: Retry on a removed device's message put it back in a line nothing reads ("Queued again.").
  it.each([
    {
      language: 'en' as const,
      retry: 'Retry',
      says: 'Retry is not offered: Its device was removed from Sender Desk; send it anew from another device.'
    },
    {
      language: 'id' as const,
      retry: 'Kirim ulang',
      says: 'Perangkatnya sudah dihapus dari Sender Desk; kirim ulang dari perangkat lain'
    }
  ])(
    'offers no Retry for a removed device’s message, and says why ($language)',
    async ({ language, retry, says }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      const orphan = makeItem({
        id: 'c-7',
        deviceId: 'dev-gone',
        status: 'cancelled',
        retryRefusal: {
          code: 'device_removed',
          message: 'its device was removed from Sender Desk; send it anew from another device',
          messageKey: 'desktop.error.whyDeviceRemoved',
          messageParams: {}
        }
      })
      fake.handle('outbox:list', () => ({ items: [orphan], total: 1 }))
      fake.handle('outbox:get', () => ({ item: orphan, history: [] }))
      const user = userEvent.setup()
      render(<OutboxView />)
      await user.click(await screen.findByTestId('outbox-open-c-7'))
      const detail = await screen.findByTestId('outbox-detail')
      expect((await screen.findByTestId('outbox-remedy')).textContent).toContain(says)
      expect(within(detail).queryByRole('button', { name: retry })).toBeNull()
    }
  )

  it('keeps the focus in the detail when the gateway cancels the message under the pressed button', async () => {
    const accepted = makeItem({ id: 'a-1', status: 'accepted', gatewayId: 'gw-2' })
    fake.handle('outbox:list', () => ({ items: [accepted], total: 1 }))
    fake.handle('outbox:get', () => ({ item: accepted, history: [] }))
    fake.handle('outbox:takeBack', () =>
      makeTakeBack({
        producerTag: null,
        cancel: { done: 0, refused: 0, unknown: 0, pending: 1 },
        pendingByDevice: [{ deviceId: 'dev-1', n: 1 }]
      })
    )
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-a-1'))
    const cancel = await screen.findByRole('button', { name: 'Cancel at the gateway' })
    cancel.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(fake.requests('outbox:takeBack')).toHaveLength(1))
    await waitFor(() => expect(screen.getByTestId('outbox-feedback').textContent).not.toBe(''))
    expect(document.activeElement).toBe(cancel)
    // The gateway cancelled it: the button goes with the focus on it.
    act(() =>
      useOutbox
        .getState()
        .applyItem({ ...accepted, status: 'cancelled', updatedAt: new Date(1).toISOString() })
    )
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel at the gateway' })).toBeNull())
    await waitFor(() => expect(document.activeElement).not.toBe(document.body))
    expect(screen.getByTestId('outbox-detail').contains(document.activeElement)).toBe(true)
    expect(document.activeElement?.getAttribute('role')).toBe('status')
  })

  it.each([
    {
      gateway: 'did it',
      settled: { revoke: { done: 1, refused: 0, unknown: 0, pending: 0 }, explained: [] },
      says: 'Deleted for everyone: the gateway did it.'
    },
    {
      gateway: 'refused',
      settled: {
        revoke: { done: 0, refused: 1, unknown: 0, pending: 0 },
        explained: [
          { action: 'revoke' as const, state: 'refused' as const, message: 'message too old', n: 1 }
        ]
      },
      says: 'Not deleted for everyone: the gateway refused. It said: message too old'
    }
  ])(
    'announces what the gateway answered to "Delete for everyone" once it answers: $gateway (QA37 Q37-02)',
    async (c) => {
      const delivered = makeItem({ id: 'd-1', status: 'delivered', gatewayId: 'gw-1' })
      fake.handle('outbox:list', () => ({ items: [delivered], total: 1 }))
      fake.handle('outbox:get', () => ({ item: delivered, history: [] }))
      const none = { done: 0, refused: 0, unknown: 0, pending: 0 }
      const asked = makeTakeBack({
        producerTag: null,
        revoke: { ...none, pending: 1 },
        pendingByDevice: [{ deviceId: 'dev-1', n: 1 }]
      })
      fake.handle('outbox:takeBack', () => asked)
      fake.handle('outbox:takeBackProgress', () => ({
        ...asked,
        state: 'done' as const,
        ...c.settled,
        pendingByDevice: []
      }))
      const user = userEvent.setup()
      render(<OutboxView />)
      await user.click(await screen.findByTestId('outbox-open-d-1'))
      await user.click(await screen.findByRole('button', { name: 'Delete for everyone' }))
      await user.click(screen.getByTestId('outbox-revoke-confirm'))
      const outcome = screen.getByTestId('outbox-takeback-outcome')
      expect(outcome.getAttribute('role')).toBe('status')
      await waitFor(() => expect(outcome.textContent).toBe(c.says), { timeout: 4000 })
      expect(fake.requests('outbox:takeBackProgress')).toContainEqual({ id: 'tb-1' })
    }
  )

  describe('a take-back that does not settle says so (a screen reader heard nothing more after "Asked the gateway")', () => {
    const none = { done: 0, refused: 0, unknown: 0, pending: 0 }
    const asked = makeTakeBack({
      producerTag: null,
      revoke: { ...none, pending: 1 },
      pendingByDevice: [{ deviceId: 'dev-1', n: 1 }]
    })

    async function deleteForEveryone(
      language: 'en' | 'id' = 'en',
      devices = [makeDevice()],
      answer: TakeBackView = asked
    ): Promise<HTMLElement> {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices }))
      const delivered = makeItem({ id: 'd-1', status: 'delivered', gatewayId: 'gw-1' })
      fake.handle('outbox:list', () => ({ items: [delivered], total: 1 }))
      fake.handle('outbox:get', () => ({ item: delivered, history: [] }))
      fake.handle('outbox:takeBack', () => answer)
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      render(<OutboxView />)
      await user.click(await screen.findByTestId('outbox-open-d-1'))
      const revoke = language === 'en' ? 'Delete for everyone' : 'Hapus untuk semua orang'
      await user.click(await screen.findByRole('button', { name: revoke }))
      await user.click(screen.getByTestId('outbox-revoke-confirm'))
      return screen.getByTestId('outbox-takeback-outcome')
    }

    beforeEach(() => {
      // The follow-up reads are seconds apart: the test moves the clock (it also runs on by itself, for waitFor).
      vi.useFakeTimers({ shouldAdvanceTime: true })
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    it.each([
      [
        'en',
        'Paused by the operator: nothing more is asked of the gateway until it is resumed.',
        'Resume the take-back'
      ],
      [
        'id',
        'Dijeda oleh operator: tidak ada lagi yang diminta ke gateway sampai penarikan ini dilanjutkan.',
        'Lanjutkan penarikan'
      ]
    ] as const)(
      'says who paused a take-back and offers Resume, which goes on and moves the focus to its new state (%s)',
      async (language, says, resumeLabel) => {
        let paused = true
        const now = (): TakeBackView =>
          paused
            ? { ...asked, state: 'paused' as const, heldBy: { reason: 'operator' as const, deviceId: null } }
            : { ...asked, heldBy: null }
        fake.handle('outbox:takeBackProgress', now)
        fake.handle('outbox:setTakeBackPaused', (request) => ((paused = request.paused), now()))
        const outcome = await deleteForEveryone(language)
        await passes(1500)
        expect(outcome.textContent).toBe(says)
        const resume = screen.getByRole('button', { name: resumeLabel })
        resume.focus()
        await act(async () => {
          fireEvent.click(resume)
          await vi.advanceTimersByTimeAsync(0)
        })
        expect(fake.requests('outbox:setTakeBackPaused')).toEqual([{ id: 'tb-1', paused: false }])
        expect(screen.queryByRole('button', { name: resumeLabel })).toBeNull()
        expect(outcome.textContent).toBe(
          language === 'en'
            ? 'Resumed: the gateway is asked again; its answer follows here.'
            : 'Dilanjutkan: gateway diminta lagi; jawabannya menyusul di sini.'
        )
        expect(document.activeElement).toBe(outcome)
      }
    )

    it.each([
      ['offline', 'Waiting: this computer is offline; it goes on by itself once the connection is back.'],
      [
        'gateway',
        'Waiting: the gateway asked to slow down or did not answer; it is asked again by itself shortly.'
      ],
      [
        'device',
        'Waiting: the gateway does not take Front office’s calls now; it goes on once the device is put right on its card.'
      ]
    ] as const)('says what holds a running take-back: %s', async (reason, says) => {
      fake.handle('outbox:takeBackProgress', () => ({ ...asked, heldBy: { reason, deviceId: 'dev-1' } }))
      const outcome = await deleteForEveryone()
      await passes(1500)
      expect(outcome.textContent).toBe(says)
      // No Resume: only the operator's pause is resumed; a device's hold offers its card.
      expect(screen.queryByRole('button', { name: 'Resume the take-back' })).toBeNull()
      expect(screen.queryByRole('button', { name: 'Open Front office' }) !== null).toBe(reason === 'device')
    })

    it('keeps the focus on the pressed Resume while it goes on, never on the page, and asks once', async () => {
      fake.handle('outbox:takeBackProgress', () => ({
        ...asked,
        state: 'paused' as const,
        heldBy: { reason: 'operator' as const, deviceId: null }
      }))
      const outcome = await deleteForEveryone()
      await passes(1500)
      const resumed = fake.defer('outbox:setTakeBackPaused')
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      await pressAndHold(user, screen.getByRole('button', { name: 'Resume the take-back' }), resumed.called)
      resumed.resolve({ ...asked, heldBy: null })
      await waitFor(() => expect(document.activeElement).toBe(outcome))
      expect(fake.requests('outbox:setTakeBackPaused')).toEqual([{ id: 'tb-1', paused: false }])
    })

    it('keeps following a paused take-back: once resumed, its answer is said', async () => {
      let state: 'paused' | 'running' | 'done' = 'paused'
      fake.handle('outbox:takeBackProgress', () =>
        state === 'done'
          ? { ...asked, state, revoke: { ...none, done: 1 }, pendingByDevice: [] }
          : { ...asked, state }
      )
      const outcome = await deleteForEveryone()
      await passes(1500)
      expect(outcome.textContent).toMatch(/^Paused/)
      state = 'running'
      await passes(1500)
      expect(outcome.textContent).toBe('')
      state = 'done'
      await passes(1500)
      expect(outcome.textContent).toBe('Deleted for everyone: the gateway did it.')
      // The answer says it all (an operator's probe: "Asked the gateway; its answer shows on the timeline." stayed
      // above it).
      expect(screen.queryByText('Asked the gateway; its answer shows on the timeline.')).toBeNull()
    })

    it.each([
      ['en', 'Its answer could not be read here: it shows on the message’s timeline in the outbox.'],
      ['id', 'Jawabannya tidak dapat dibaca di sini: jawaban itu tampil di linimasa pesan di kotak keluar.']
    ] as const)(
      'reads a failed progress check again, further apart, a few times; then says once where to look (%s)',
      async (language, says) => {
        fake.fail('outbox:takeBackProgress', { code: 'internal', message: 'database is locked' })
        const outcome = await deleteForEveryone(language)
        await passes(1500)
        expect(fake.requests('outbox:takeBackProgress')).toHaveLength(1)
        // Not read: tried again, not a second later as while it reads, and each time later than the last.
        await passes(1000)
        expect(fake.requests('outbox:takeBackProgress')).toHaveLength(1)
        expect(outcome.textContent).toBe('')
        await passes(60_000)
        const tries = fake.requests('outbox:takeBackProgress').length
        expect(tries).toBeGreaterThan(2)
        expect(tries).toBeLessThan(6)
        // Said by its alert below the outcome line (with Try again: see the next test), not in the line too.
        const alert = (): HTMLElement => within(screen.getByTestId('outbox-detail')).getByRole('alert')
        expect(alert().textContent).toContain(says)
        expect(outcome.textContent).toBe('')
        // Said once, and no more reads after it.
        await passes(120_000)
        expect(fake.requests('outbox:takeBackProgress')).toHaveLength(tries)
        expect(alert().textContent).toContain(says)
      }
    )

    // Its reads failing four times in a row ended the following with a sentence and no way to read it again.
    it.each(['en', 'id'] as const)(
      'offers Try again once its reads kept failing, which follows it again (%s)',
      async (language) => {
        fake.fail('outbox:takeBackProgress', { code: 'internal', message: 'database is locked' })
        const outcome = await deleteForEveryone(language)
        await passes(60_000)
        const tries = fake.requests('outbox:takeBackProgress').length
        const failure = within(screen.getByTestId('outbox-detail')).getByRole('alert')
        expect(failure.textContent).toContain(translate(language, 'outbox.takeBack.outcome.unread'))
        fake.handle('outbox:takeBackProgress', () => ({
          ...asked,
          state: 'done' as const,
          revoke: { ...none, done: 1 },
          pendingByDevice: []
        }))
        const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
        await user.click(
          within(failure).getByRole('button', { name: translate(language, 'common.tryAgain') })
        )
        // The focus waits on the outcome line, where the answer comes, not dropped with the button.
        expect(document.activeElement).toBe(outcome)
        await passes(1000)
        expect(fake.requests('outbox:takeBackProgress').length).toBeGreaterThan(tries)
        expect(within(screen.getByTestId('outbox-detail')).queryByRole('alert')).toBeNull()
        expect(outcome.textContent).toBe(translate(language, 'outbox.takeBack.outcome.revoked'))
        expect(document.activeElement).toBe(outcome)
      }
    )

    it('a check that fails once and then reads says the answer, not that it could not be read', async () => {
      fake.once('outbox:takeBackProgress', () => {
        throw new ApiError({ code: 'internal', message: 'database is locked' })
      })
      fake.handle('outbox:takeBackProgress', () => ({
        ...asked,
        state: 'done' as const,
        revoke: { ...none, done: 1 },
        pendingByDevice: []
      }))
      const outcome = await deleteForEveryone()
      await passes(10_000)
      expect(fake.requests('outbox:takeBackProgress')).toHaveLength(2)
      expect(outcome.textContent).toBe('Deleted for everyone: the gateway did it.')
    })

    // A take-back whose device cannot act was read every second for ever, and said nothing of why it waited.
    it.each([
      ['en', 'Waiting: Front office’s subscription has ended; it will be taken back once it is renewed.'],
      [
        'id',
        'Menunggu: langganan Front office sudah berakhir; pesan ini akan ditarik kembali setelah langganannya diperpanjang.'
      ]
    ] as const)(
      'says once why it waits for its device, reads it less often meanwhile, and at its pace again once the device can act (%s)',
      async (language, says) => {
        // A fresh reply each time, as from the core.
        fake.handle('outbox:takeBackProgress', () => ({ ...asked }))
        const outcome = await deleteForEveryone(language, [makeDevice({ state: 'expired' })])
        // Said from the core's first answer…
        expect(outcome.textContent).toBe(says)
        const changes: string[] = []
        const watch = new MutationObserver(() => changes.push(outcome.textContent ?? ''))
        watch.observe(outcome, { childList: true, characterData: true, subtree: true })
        await passes(60_000)
        // …and once: the reads that bring the same wait leave the line as it is.
        expect(changes).toEqual([])
        expect(outcome.textContent).toBe(says)
        const whileWaiting = fake.requests('outbox:takeBackProgress').length
        expect(whileWaiting).toBeGreaterThan(2)
        expect(whileWaiting).toBeLessThan(15)
        // Renewed: read at the usual pace again, at once, not after the longest wait.
        act(() => useDevices.getState().setDevices([makeDevice({ state: 'connected' })]))
        await passes(3000)
        expect(fake.requests('outbox:takeBackProgress').length).toBeGreaterThanOrEqual(whileWaiting + 2)
        expect(outcome.textContent).toBe('')
        watch.disconnect()
      }
    )

    // QA63: deleted for everyone from its bubble in the thread while its device was not connected, the message read
    // "Read" here with Delete for everyone offered again, and nothing said of the take-back waiting for the device.
    it('follows a take-back asked elsewhere: says what it waits for, and does not offer it again', async () => {
      seedStores(makeBootstrap({ devices: [makeDevice({ label: 'Sandbox device', state: 'disconnected' })] }))
      const read = makeItem({ id: 'd-1', status: 'read', gatewayId: 'gw-1' })
      fake.handle('outbox:list', () => ({ items: [read], total: 1 }))
      fake.handle('outbox:get', () => ({ item: read, history: [], openTakeBack: 'tb-1' }))
      fake.handle('outbox:takeBackProgress', () => ({ ...asked }))
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      render(<OutboxView />)
      await user.click(await screen.findByTestId('outbox-open-d-1'))
      const outcome = screen.getByTestId('outbox-takeback-outcome')
      await waitFor(() =>
        expect(outcome.textContent).toBe(
          'Waiting: Sandbox device is not connected; it will be taken back once it is connected again.'
        )
      )
      expect(fake.requests('outbox:takeBackProgress')).toContainEqual({ id: 'tb-1' })
      expect(screen.queryByTestId('outbox-revoke')).toBeNull()
    })

    // QA: deleted from the outbox while its Delete for everyone waited for the device, the message went, and the
    // gateway later deleted it for everyone with no trace left in the app.
    it('does not offer Delete while a take-back of the message is open, and does once it has settled', async () => {
      seedStores(makeBootstrap({ devices: [makeDevice({ label: 'Sandbox device', state: 'disconnected' })] }))
      const read = makeItem({ id: 'd-1', status: 'read', gatewayId: 'gw-1' })
      let open: string | null = 'tb-1'
      fake.handle('outbox:list', () => ({ items: [read], total: 1 }))
      fake.handle('outbox:get', () => ({ item: read, history: [], openTakeBack: open }))
      fake.handle('outbox:takeBackProgress', () => ({ ...asked }))
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      render(<OutboxView />)
      await user.click(await screen.findByTestId('outbox-open-d-1'))
      await waitFor(() =>
        expect(screen.getByTestId('outbox-takeback-outcome').textContent).toMatch(/^Waiting: /)
      )
      expect(screen.queryByTestId('outbox-delete')).toBeNull()

      // Settled (a bulk change names no item: the detail reads it again): Delete is offered again.
      open = null
      act(() => useOutbox.getState().bulkChanged())
      expect(await screen.findByTestId('outbox-delete')).toBeTruthy()
    })

    // QA41 Q41-04: a take-back held by its logged-out device asked the gateway nothing, yet the window said "Asked the
    // gateway; its answer shows on the timeline." above why it waits.
    it.each([
      ['en', 'Waiting: Sandbox device is logged out; it will be taken back once its QR code is scanned.'],
      ['id', /^Menunggu: Sandbox device/]
    ] as const)(
      'says only why it waits when its device holds it, not that it asked (%s)',
      async (language, says) => {
        fake.handle('outbox:takeBackProgress', () => ({ ...asked }))
        const outcome = await deleteForEveryone(language, [
          makeDevice({ label: 'Sandbox device', state: 'needs-scan' })
        ])
        await passes(1500)
        expect(outcome.textContent).toMatch(says)
        expect(screen.getByTestId('outbox-feedback').textContent).toBe('')
        // The focus goes to the line that says why it waits, not to the page.
        expect(document.activeElement).toBe(outcome)
      }
    )

    // QA43 Q43-01: offline, the window said "Asked the gateway" above "Waiting: this computer is offline…", and the
    // focus went to the line that was not so; paused then, both lines showed together.
    it.each([
      [
        'en',
        'Waiting: this computer is offline; it goes on by itself once the connection is back.',
        'Paused by the operator: nothing more is asked of the gateway until it is resumed.'
      ],
      ['id', /^Menunggu: komputer ini sedang offline/, /^Dijeda oleh operator/]
    ] as const)(
      'says only what a held take-back waits for, offline and then paused, not that it asked (%s)',
      async (language, offlineSays, pausedSays) => {
        const offline = { ...asked, heldBy: { reason: 'offline' as const, deviceId: null } }
        let now: TakeBackView = offline
        fake.handle('outbox:takeBackProgress', () => ({ ...now }))
        const outcome = await deleteForEveryone(language, [makeDevice()], offline)
        await passes(1500)
        expect(outcome.textContent).toMatch(offlineSays)
        const feedback = screen.getByTestId('outbox-feedback')
        expect(feedback.textContent).toBe('')
        // The focus goes to the line that says what it waits for, not to the page or the empty line.
        expect(document.activeElement).toBe(outcome)
        now = { ...asked, state: 'paused', heldBy: { reason: 'operator', deviceId: null } }
        await passes(3000)
        expect(outcome.textContent).toMatch(pausedSays)
        expect(feedback.textContent).toBe('')
      }
    )

    it('takes back "Asked the gateway" once the take-back it named is paused: the pause is said alone', async () => {
      let now: TakeBackView = asked
      fake.handle('outbox:takeBackProgress', () => ({ ...now }))
      fake.handle('outbox:setTakeBackPaused', () => ({ ...now }))
      const outcome = await deleteForEveryone()
      const feedback = screen.getByTestId('outbox-feedback')
      expect(feedback.textContent).toBe('Asked the gateway; its answer shows on the timeline.')
      expect(document.activeElement).toBe(feedback)
      now = { ...asked, state: 'paused', heldBy: { reason: 'operator', deviceId: null } }
      await passes(1500)
      expect(outcome.textContent).toMatch(/^Paused by the operator/)
      expect(feedback.textContent).toBe('')
      // The line that held the focus went: the focus goes to the one that says where it stands.
      expect(document.activeElement).toBe(outcome)
      // Resumed, the outcome line says so; "Asked the gateway" does not come back beside it.
      now = { ...asked, heldBy: null }
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Resume the take-back' }))
        await vi.advanceTimersByTimeAsync(0)
      })
      expect(outcome.textContent).toMatch(/^Resumed/)
      expect(feedback.textContent).toBe('')
    })
  })

  // A take-back of one message that asked the gateway nothing came back settled, and the window said "Asked the
  // gateway" and nothing more.
  it.each<{ what: string; language: 'en' | 'id'; settled: Partial<TakeBackView>; says: string }>([
    {
      what: 'stopped here',
      language: 'en',
      settled: { stoppedLocally: 1 },
      says: 'Stopped here: it had not left this computer, so nothing was asked of the gateway.'
    },
    {
      what: 'stopped here',
      language: 'id',
      settled: { stoppedLocally: 1 },
      says: 'Dihentikan di sini: pesan ini belum keluar dari komputer ini, jadi tidak ada yang diminta ke gateway.'
    },
    {
      what: 'asked already',
      language: 'en',
      settled: { leftAlone: { already_asked: 1 } },
      says: 'Already asked earlier: that take-back carries it, and its answer shows on the timeline.'
    },
    {
      what: 'asked already',
      language: 'id',
      settled: { leftAlone: { already_asked: 1 } },
      says: 'Sudah diminta sebelumnya: penarikan itu yang mengurusnya, dan jawabannya tampil di linimasa.'
    },
    {
      what: 'gone',
      language: 'en',
      settled: { leftAlone: { not_found: 1 } },
      says: 'Not asked: this message is no longer in the outbox.'
    },
    {
      what: 'gone',
      language: 'id',
      settled: { leftAlone: { not_found: 1 } },
      says: 'Tidak diminta: pesan ini sudah tidak ada di kotak keluar.'
    }
  ])('says what a take-back did when it asked the gateway nothing: $what ($language)', async (c) => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: c.language }), devices: [makeDevice()] }))
    const accepted = makeItem({ id: 'a-1', status: 'accepted', gatewayId: 'gw-2' })
    fake.handle('outbox:list', () => ({ items: [accepted], total: 1 }))
    fake.handle('outbox:get', () => ({ item: accepted, history: [] }))
    const none = { done: 0, refused: 0, unknown: 0, pending: 0 }
    fake.handle('outbox:takeBack', () => ({
      id: 'tb-1',
      state: 'done' as const,
      producerTag: null,
      stoppedLocally: 0,
      leftAlone: {},
      revoke: none,
      cancel: none,
      resend: none,
      explained: [],
      pendingByDevice: [],
      ...c.settled
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-a-1'))
    const cancel = c.language === 'en' ? 'Cancel at the gateway' : 'Batalkan di gateway'
    await user.click(await screen.findByRole('button', { name: cancel }))
    await waitFor(() => expect(screen.getByTestId('outbox-feedback').textContent).toBe(c.says))
    // Said once, in place of "Asked the gateway": the answer's own line has nothing to add.
    expect(screen.getByTestId('outbox-takeback-outcome').textContent).toBe('')
  })

  it("follows its message through a bulk change: the take-back's answer shows in the open detail", async () => {
    // The gateway's answer to a take-back lands as one outbox:bulkChanged, with no event for the item itself.
    let delivered = makeItem({ id: 'd-1', status: 'delivered', gatewayId: 'gw-1' })
    fake.handle('outbox:list', () => ({ items: [delivered], total: 1 }))
    fake.handle('outbox:get', () => ({ item: delivered, history: [] }))
    const disconnect = connectEvents()
    try {
      const user = userEvent.setup()
      render(<OutboxView />)
      await user.click(await screen.findByTestId('outbox-open-d-1'))
      await waitFor(() =>
        expect(screen.getByTestId('outbox-detail-status').textContent).toContain('Delivered')
      )
      delivered = { ...delivered, status: 'revoked', updatedAt: new Date(Date.now() + 1000).toISOString() }
      act(() => fake.emit('outbox:bulkChanged', { count: 1 }))
      await waitFor(() =>
        expect(screen.getByTestId('outbox-detail-status').textContent).toContain('Deleted for everyone')
      )
    } finally {
      disconnect()
    }
  })

  it('offers "Hapus untuk semua orang" in Bahasa Indonesia, never for a message whose fate is unknown', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [makeDevice()] }))
    const delivered = makeItem({ id: 'd-1', status: 'delivered', gatewayId: 'gw-1' })
    const unverified = makeItem({
      id: 'u-1',
      status: 'failed',
      gatewayId: 'gw-3',
      failure: { code: 'unverified', message: 'unverified', gatewayMessage: null }
    })
    fake.handle('outbox:list', () => ({ items: [delivered, unverified], total: 2 }))
    fake.handle('outbox:get', ({ id }) => ({ item: id === 'd-1' ? delivered : unverified, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-d-1'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hapus untuk semua orang' })).toBeTruthy())
    await user.click(screen.getByTestId('outbox-open-u-1'))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Hapus untuk semua orang' })).toBeNull())
    expect(screen.queryByRole('button', { name: 'Batalkan di gateway' })).toBeNull()
  })

  // QA65: one key press on the button put the number on the gateway's blacklist, with no question and no way back said.
  it('puts the recipient of an item on the campaigns opt-out list once asked, and Keep puts nothing there', async () => {
    const item = makeItem({ id: 'o-1', status: 'delivered', recipient: '6281234567812' })
    fake.handle('outbox:list', () => ({ items: [item], total: 1 }))
    fake.handle('outbox:get', () => ({ item, history: [] }))
    fake.handle('optouts:add', () => ({
      added: 1,
      invalid: [],
      alreadyListed: 0,
      repeated: 0,
      gatewaySync: { background: false, devices: [] }
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-o-1'))
    const optOut = await screen.findByTestId('outbox-opt-out')
    await user.click(optOut)
    expect(fake.requests('optouts:add')).toEqual([])
    expect(screen.getByRole('group', { name: /^Put \+62 812-3456-7812 on the opt-out list\?/ })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Keep' }))
    expect(fake.requests('optouts:add')).toEqual([])
    expect(document.activeElement).toBe(optOut)
    await user.click(optOut)
    await user.click(screen.getByTestId('outbox-opt-out-confirm'))
    expect(fake.requests('optouts:add')).toEqual([{ phones: ['6281234567812'], source: 'outbox' }])
    expect(screen.getByTestId('outbox-feedback').textContent).toMatch(/is on the opt-out list/)
  })

  it('edits the text and recipient of a failed item', async () => {
    const item = makeItem({ id: 'e-1', status: 'failed', text: 'Helo' })
    fake.handle('outbox:list', () => ({ items: [item], total: 1 }))
    fake.handle('outbox:get', () => ({ item, history: [] }))
    fake.handle('outbox:edit', (request) => ({
      ...item,
      text: request.text ?? item.text,
      recipient: request.recipient ?? item.recipient
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-e-1'))
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    await user.clear(screen.getByRole('textbox', { name: 'Text message' }))
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), 'Halo')
    // The text is laid out in the direction of its script (Arabic, Hebrew right to left).
    expect(screen.getByRole('textbox', { name: 'Text message' }).getAttribute('dir')).toBe('auto')
    await user.clear(screen.getByTestId('outbox-edit-recipient'))
    await user.type(screen.getByTestId('outbox-edit-recipient'), '0813 1111 2222')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:edit')).toEqual([{ id: 'e-1', text: 'Halo', recipient: '6281311112222' }])
  })

  it('says an emptied recipient is required and a list of numbers is one too many, not that they are malformed (QA65)', async () => {
    const item = makeItem({ id: 'e-2', status: 'failed', text: 'Helo' })
    const user = await openDetail(item)
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const recipient = screen.getByTestId('outbox-edit-recipient')
    await user.clear(recipient)
    expect(accessibleDescription(recipient)).toContain('Required')
    await user.type(recipient, '0812 7777 0001, 0812 7777 0009')
    expect(accessibleDescription(recipient)).toContain(
      'One number only: this message goes to one number. Send to the others from Send.'
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:edit')).toEqual([])
    await user.clear(recipient)
    await user.type(recipient, '0812 7777 0001,')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:edit')).toEqual([{ id: 'e-2', recipient: '6281277770001' }])
  })

  it('keeps the focus on the pressed Save while the edit is saved, and Enter in its fields saves nothing more', async () => {
    const item = makeItem({ id: 'e-9', status: 'failed', text: 'Helo' })
    const user = await openDetail(item)
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    await user.type(screen.getByRole('textbox', { name: 'Text message' }), '!')
    const saved = fake.defer('outbox:edit')
    await pressAndHold(user, screen.getByRole('button', { name: 'Save' }), saved.called)
    // Enter in a field submits the form by its Save, which refuses while the edit is saved.
    screen.getByTestId('outbox-edit-recipient').focus()
    await user.keyboard('{Enter}')
    saved.reject({ code: 'internal', message: 'database is locked' })
    await waitFor(() => expect(screen.getByTestId('outbox-feedback').textContent).toBe('database is locked'))
    expect(fake.requests('outbox:edit')).toEqual([{ id: 'e-9', text: 'Helo!' }])
  })

  it('closes the Edit form with Esc, as the other inline forms do, the detail staying open and the focus back on Edit (QA47 Q47-02)', async () => {
    const item = makeItem({ id: 'e-3', status: 'failed', text: 'Helo' })
    fake.handle('outbox:list', () => ({ items: [item], total: 1 }))
    fake.handle('outbox:get', () => ({ item, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-e-3'))
    const edit = await screen.findByTestId('outbox-edit')
    await user.click(edit)
    await user.click(screen.getByRole('textbox', { name: 'Text message' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('outbox-edit-form')).toBeNull()
    expect(screen.getByTestId('outbox-detail')).toBeTruthy()
    expect(document.activeElement).toBe(edit)
    expect(fake.requests('outbox:edit')).toEqual([])
  })

  // QA48 Q48-04: Edit left the focus on itself, the form below the fold at 1100×760 and Esc doing nothing; the other
  // inline forms (Auto-replies, Reminders) take the focus to their first field and bring it into view.
  it('opens the Edit form with the focus on its first field, in view, and Esc from there closes it to Edit', async () => {
    const item = makeItem({ id: 'e-4', status: 'failed', text: 'Helo' })
    fake.handle('outbox:list', () => ({ items: [item], total: 1 }))
    fake.handle('outbox:get', () => ({ item, history: [] }))
    // jsdom lays nothing out and has no scrollIntoView: record which element asked to be brought into view.
    const scrolled: Element[] = []
    const scrollIntoView = Element.prototype.scrollIntoView
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    try {
      const user = userEvent.setup()
      render(<OutboxView />)
      await user.click(await screen.findByTestId('outbox-open-e-4'))
      const edit = await screen.findByTestId('outbox-edit')
      await user.click(edit)
      const form = screen.getByTestId('outbox-edit-form')
      expect(document.activeElement).toBe(screen.getByTestId('outbox-edit-recipient'))
      expect(scrolled).toContain(form)
      await user.keyboard('{Escape}')
      expect(screen.queryByTestId('outbox-edit-form')).toBeNull()
      expect(document.activeElement).toBe(edit)
    } finally {
      Element.prototype.scrollIntoView = scrollIntoView
    }
  })

  it("edits a text by the gateway's count: 600 emoji are within its 1,024 characters, 1,025 letters are not", async () => {
    const item = makeItem({ id: 'e-2', status: 'failed', text: 'Helo' })
    fake.handle('outbox:list', () => ({ items: [item], total: 1 }))
    fake.handle('outbox:get', () => ({ item, history: [] }))
    fake.handle('outbox:edit', (request) => ({ ...item, text: request.text ?? item.text }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-e-2'))
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    const text = screen.getByRole('textbox', { name: 'Text message' })
    // Pasted, as an operator would: 1,200 UTF-16 units, 600 characters.
    fireEvent.change(text, { target: { value: '😀'.repeat(600) } })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:edit')).toEqual([{ id: 'e-2', text: '😀'.repeat(600) }])
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Text message' }), {
      target: { value: 'x'.repeat(1025) }
    })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('The text is longer than 1,024 characters.')).toBeTruthy()
    expect(fake.requests('outbox:edit')).toHaveLength(1)
  })

  it('dates rows by their creation with its zone named; a waiting schedule is "for" its time on its named zone (QA 14, N8, QA22)', async () => {
    // Sent at once at 09:26 UTC although scheduled for 08:00 WITA (00:00 UTC); then one waiting for tomorrow.
    const went = makeItem({
      id: 'went',
      status: 'read',
      scheduledAt: '2026-11-29T00:00:00.000Z',
      timezone: 'Asia/Makassar',
      updatedAt: '2026-11-29T09:26:00.000Z'
    })
    const waits = makeItem({
      id: 'waits',
      status: 'scheduled',
      scheduledAt: '2026-11-30T09:29:00.000Z',
      timezone: 'Asia/Makassar',
      updatedAt: '2026-11-29T09:29:00.000Z'
    })
    fake.handle('outbox:list', () => ({ items: [waits, went], total: 2 }))
    render(<OutboxView />)
    // The wide window's form (a narrow one shows `.row-time-compact` and its separator instead, by CSS).
    const times = (await screen.findAllByTestId('outbox-row-time')).map((el) => {
      const wide = el.cloneNode(true) as HTMLElement
      wide.querySelectorAll('.row-time-compact, .row-time-compact-separator').forEach((part) => part.remove())
      return wide.textContent
    })
    const compact = screen
      .getAllByTestId('outbox-row-time')
      .map((el) => el.querySelector('.row-time-compact')!.textContent)
    // Narrow: the schedule keeps its clock and zone, without "for" (its badge says so) (QA N21).
    expect(compact[0]).toBe(formatCompactDateTime(waits.scheduledAt, localeOf('en'), 'Asia/Makassar', true))
    expect(compact[0]).toMatch(/17:29 WITA$/)
    // On the operator's clock (the settings' zone), as the date filter's days and the export (QA27 Q27-03).
    const here = (iso: string): string => formatDateTime(iso, localeOf('en'), 'Asia/Jakarta')
    // The schedule on its own clock with its zone named, as Schedules shows it (QA N8: "for 30 Nov 2026, 01:00"
    // read as a time with no zone for a message scheduled at 09:00 WITA).
    expect(times).toEqual([
      `Front office · for ${formatDateTimeInZone(waits.scheduledAt, localeOf('en'), 'Asia/Makassar')}`,
      `Front office · Created ${here(went.createdAt)} ${zoneName('Asia/Jakarta')}`
    ])
    expect(times[0]).toMatch(/17:29 WITA$/)
    // A message that went is dated by when it was created (what the list's order and date filter go by, QA22
    // Q22-03), not by the schedule's wall clock (08:00 WITA).
    expect(times.join(' ')).not.toContain(formatDateTime(went.scheduledAt, localeOf('en'), 'Asia/Makassar'))
  })

  it('names the zone of a scheduled item as the pickers do, not by its IANA id', async () => {
    const waits = makeItem({
      id: 's-1',
      status: 'scheduled',
      scheduledAt: '2026-11-29T01:30:00.000Z',
      timezone: 'Asia/Makassar'
    })
    fake.handle('outbox:list', () => ({ items: [waits], total: 1 }))
    fake.handle('outbox:get', () => ({ item: waits, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-s-1'))
    const fact = (await screen.findByText('Scheduled for')).parentElement!
    // On its own clock first (the operator's follows in brackets when it is another).
    expect(fact.querySelector('dd')?.textContent).toMatch(
      new RegExp(`^${formatDateTimeInZone(waits.scheduledAt, localeOf('en'), 'Asia/Makassar')}`)
    )
    expect(fact.textContent).toContain('09:30 WITA')
    expect(fact.textContent).not.toContain('Asia/Makassar')
  })

  it('releases a held overdue item', async () => {
    const held = makeItem({
      id: 'h-1',
      status: 'scheduled',
      held: true,
      scheduledAt: '2025-05-01T01:00:00.000Z',
      timezone: 'Asia/Jakarta'
    })
    fake.handle('outbox:list', () => ({ items: [held], total: 1 }))
    fake.handle('outbox:get', () => ({ item: held, history: [] }))
    fake.handle('outbox:release', () => ({ ...held, held: false, status: 'queued' }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-h-1'))
    await user.click(await screen.findByRole('button', { name: 'Send now' }))
    expect(fake.requests('outbox:release')).toEqual([{ id: 'h-1' }])
    expect(await screen.findByText('Released: it will be sent now.')).toBeTruthy()
  })

  it('says a released item waits, and why, when its device cannot send now (QA22 Q22-09)', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ state: 'locked' })] }))
    const held = makeItem({
      id: 'h-2',
      status: 'scheduled',
      held: true,
      scheduledAt: '2025-05-01T01:00:00.000Z'
    })
    const released = { ...held, held: false, status: 'queued' as const }
    fake.handle('outbox:list', () => ({ items: [held], total: 1 }))
    fake.handle('outbox:get', () => ({ item: held, history: [] }))
    fake.handle('outbox:release', () => {
      fake.handle('outbox:get', () => ({ item: released, history: [] }))
      return released
    })
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-h-2'))
    await user.click(await screen.findByRole('button', { name: 'Send now' }))
    expect(await screen.findByText('Released and queued; not sent yet: see why below.')).toBeTruthy()
    expect(screen.queryByText('Released: it will be sent now.')).toBeNull()
  })

  it('opens an item with Enter, closes it with Escape and gives focus back to its row', async () => {
    const one = makeItem({ id: 'k-1' })
    fake.handle('outbox:list', () => ({ items: [one], total: 1 }))
    fake.handle('outbox:get', () => ({ item: one, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    ;(await screen.findByTestId('outbox-open-k-1')).focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('heading', { name: '+62 812-3456-7890' })
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('outbox-detail')).toBeNull()
    expect(document.activeElement).toBe(screen.getByTestId('outbox-open-k-1'))
  })

  // QA74: Tab past the detail's last button went to "Skip to content", where Escape did nothing, though the help panel
  // says "Esc — Close this list or an open detail". Escape closes it from anywhere, its row taking the focus back;
  // not from a text field (Escape is its own there) nor when something else took the key first.
  it('closes the open detail with Escape pressed outside it, its row taking the focus back', async () => {
    const one = makeItem({ id: 'k-1' })
    fake.handle('outbox:list', () => ({ items: [one], total: 1 }))
    fake.handle('outbox:get', () => ({ item: one, history: [] }))
    const user = userEvent.setup()
    render(
      <>
        <a href="#main">Skip to content</a>
        <OutboxView />
      </>
    )
    ;(await screen.findByTestId('outbox-open-k-1')).focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('heading', { name: '+62 812-3456-7890' })
    screen.getByRole('searchbox', { name: 'Recipient' }).focus()
    await user.keyboard('{Escape}')
    await act(() => new Promise((done) => setTimeout(done, 10)))
    expect(screen.getByTestId('outbox-detail')).toBeTruthy()
    const taken = (event: KeyboardEvent): void => event.preventDefault()
    window.addEventListener('keydown', taken)
    screen.getByRole('link', { name: 'Skip to content' }).focus()
    await user.keyboard('{Escape}')
    window.removeEventListener('keydown', taken)
    await act(() => new Promise((done) => setTimeout(done, 10)))
    expect(screen.getByTestId('outbox-detail')).toBeTruthy()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByTestId('outbox-detail')).toBeNull())
    expect(document.activeElement).toBe(screen.getByTestId('outbox-open-k-1'))
  })

  // QA68: the detail of a message the new filters left out stayed open beside "2 messages" (both Read) and a bulk bar
  // acting on others, and beside "No messages match".
  it('closes the detail when a filter change leaves its message out of the list, and keeps it when not', async () => {
    fake.handle('outbox:get', ({ id }) => ({ item: items(Number(id.slice(2)), 1)[0]!, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-i-2'))
    await screen.findByRole('heading', { name: '+62 810-0000-0002' })
    // Still listed under "Queued" (its status): the detail stays.
    await user.click(screen.getByRole('checkbox', { name: 'Queued' }))
    expect(screen.getByTestId('outbox-detail')).toBeTruthy()
    await user.click(screen.getByRole('checkbox', { name: 'Queued' }))
    await user.click(screen.getByRole('checkbox', { name: 'Read' }))
    expect(screen.queryByTestId('outbox-detail')).toBeNull()
    // The focus stays where the operator filters.
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Read' }))
  })

  // QA68: a cancelled schedule's detail still read "Scheduled for …" and offered "Retry", saying neither that the time
  // no longer holds nor whether Retry sends now or at that time (it schedules it again while the time is ahead).
  it('says a cancelled schedule was scheduled, and offers to schedule it again while its time is ahead', async () => {
    const ahead = new Date(Date.now() + 3_600_000).toISOString()
    const cancelled = makeItem({
      id: 'c-1',
      status: 'cancelled',
      scheduledAt: ahead,
      timezone: 'Asia/Jakarta',
      scheduleMode: 'local'
    })
    let now = cancelled
    fake.handle('outbox:list', () => ({ items: [now], total: 1 }))
    fake.handle('outbox:get', () => ({ item: now, history: [] }))
    fake.handle('outbox:retry', () => (now = { ...cancelled, status: 'scheduled' }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-c-1'))
    const detail = await screen.findByTestId('outbox-detail')
    expect(within(detail).getByText('Was scheduled for')).toBeTruthy()
    expect(within(detail).queryByText('Scheduled for')).toBeNull()
    expect(within(detail).queryByRole('button', { name: 'Retry' })).toBeNull()
    await user.click(within(detail).getByRole('button', { name: 'Schedule again' }))
    expect(fake.requests('outbox:retry')).toEqual([{ id: 'c-1' }])
    expect(await within(detail).findByText('Scheduled again.')).toBeTruthy()
  })

  // QA68: J from an open message's detail went to the list's last drawn row (the first row after the detail in the
  // page), not to the row after the open one, so sent messages could not be gone through one by one.
  it('J and K from an open detail go to the rows beside the open one', async () => {
    fake.handle('outbox:get', ({ id }) => ({
      item: items(Number(id.slice(2)), 1)[0]!,
      history: []
    }))
    const user = userEvent.setup()
    renderWithRowKeys(<OutboxView />)
    ;(await screen.findByTestId('outbox-open-i-2')).focus()
    await user.keyboard('{Enter}')
    const heading = await screen.findByRole('heading', { name: '+62 810-0000-0002' })
    expect(document.activeElement).toBe(heading)
    await user.keyboard('j')
    expect(document.activeElement).toBe(screen.getByTestId('outbox-open-i-3'))
    heading.focus()
    await user.keyboard('k')
    expect(document.activeElement).toBe(screen.getByTestId('outbox-open-i-1'))
  })

  // An operator's probe: a device never linked (or whose number just changed) was said to be "logged out", under a
  // badge saying it needs a QR scan.
  it.each([
    [{}, 'Waiting: Sandbox device is logged out'],
    [{ linked: false }, 'Waiting: Sandbox device is not linked yet: scan its QR code'],
    [
      { stateNoteKey: 'desktop.device.numberChanged' },
      'Waiting: Sandbox device needs its QR code scanned for its new number'
    ]
  ])('says why a queued item waits on a device that needs a scan (%o)', async (facts, said) => {
    seedStores(
      makeBootstrap({ devices: [makeDevice({ label: 'Sandbox device', state: 'needs-scan', ...facts })] })
    )
    const waiting = makeItem({ id: 'w-1', status: 'queued' })
    fake.handle('outbox:list', () => ({ items: [waiting], total: 1 }))
    fake.handle('outbox:get', () => ({ item: waiting, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-w-1'))
    expect((await screen.findByTestId('outbox-waiting-reason')).textContent).toBe(said)
  })

  it('names a removed device by its label, not its id, and says why its message moves on no further', async () => {
    act(() => useDevices.getState().setDevices([makeDevice({ id: 'dev-2', label: 'Warehouse' })]))
    const accepted = makeItem({ id: 'a-1', status: 'accepted', gatewayId: 'g-1' })
    fake.handle('outbox:list', () => ({ items: [accepted], total: 1 }))
    fake.handle('outbox:get', () => ({ item: accepted, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    expect((await screen.findByTestId('outbox-row')).textContent).toContain('Front office (removed)')
    await user.click(screen.getByTestId('outbox-open-a-1'))
    const detail = await screen.findByTestId('outbox-detail')
    expect(detail.textContent).toContain('Front office (removed)')
    expect(detail.textContent).not.toContain('dev-1')
    expect(screen.getByTestId('outbox-device-removed').textContent).toContain('Its device was removed')
  })

  // QA69: once Front desk was removed, Warehouse's rows lost their device's name beside "Front desk (removed)", as if
  // they had none.
  it("names every row's device while a removed device's messages are listed with the one device left", async () => {
    act(() => useDevices.getState().setDevices([makeDevice({ id: 'dev-2', label: 'Warehouse' })]))
    const removed = makeItem({ id: 'r-1', status: 'cancelled' })
    const kept = makeItem({ id: 'k-1', deviceId: 'dev-2', recipient: '6281200000002' })
    fake.handle('outbox:list', () => ({ items: [removed, kept], total: 2 }))
    render(<OutboxView />)
    await screen.findByText('2 messages')
    const [first, second] = screen.getAllByTestId('outbox-row')
    expect(first?.textContent).toContain('Front office (removed)')
    expect(second?.textContent).toContain('Warehouse')
  })

  it('says why a campaign row waits: the campaign reached its daily cap, not a retry', async () => {
    const row = makeItem({
      id: 'c-1',
      status: 'queued',
      // A campaign holds its rows until its pacing allows; that is no retry time to show.
      nextAttemptAt: '2026-01-16T01:00:00.000Z',
      producer: { kind: 'campaign', id: 'camp-1', ref: 7 }
    })
    fake.handle('outbox:list', () => ({ items: [row], total: 1 }))
    fake.handle('outbox:get', () => ({ item: row, history: [] }))
    const user = userEvent.setup()
    const { unmount } = render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-c-1'))
    // No policy has said why yet: the generic campaign reason, never "tried again at".
    expect((await screen.findByTestId('outbox-waiting-reason')).textContent).toBe(
      "Waiting: row 7 of a campaign: it goes when the campaign's pacing allows"
    )
    unmount()
    // The send queue keeps the policy's reason with the item: the window words it, with the time in its own format.
    const held = {
      ...row,
      waitReason: {
        message: 'Daily cap reached; continues at 2026-01-16T01:00:00.000Z',
        messageKey: 'campaigns.wait.dailyCap',
        messageParams: { until: '2026-01-16T01:00:00.000Z' }
      }
    }
    fake.handle('outbox:list', () => ({ items: [held], total: 1 }))
    fake.handle('outbox:get', () => ({ item: held, history: [] }))
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-c-1'))
    const reason = await screen.findByTestId('outbox-waiting-reason')
    expect(reason.textContent).toMatch(/^Daily cap reached; continues at /)
    expect(reason.textContent).not.toContain('2026-01-16T01:00')
  })

  // QA31 Q31-03: the campaign's reasons already begin with the word ("Waiting: outside working hours until …"); the
  // detail wrapped them in its own "Waiting: {reason}", so they read "Waiting: Waiting: …" in both languages.
  it.each([
    ['en', /^Waiting: outside working hours until \S/],
    ['id', /^Menunggu: di luar jam kerja hingga \S/]
  ] as const)(
    'says a campaign row held outside working hours once, not twice (%s)',
    async (language, says) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      const held = makeItem({
        id: 'c-2',
        status: 'queued',
        producer: { kind: 'campaign', id: 'camp-1', ref: 3 },
        waitReason: {
          message: 'Waiting: outside working hours until 2026-12-01T01:00:00.000Z',
          messageKey: 'campaigns.wait.outsideHours',
          messageParams: { until: '2026-12-01T01:00:00.000Z' }
        }
      })
      fake.handle('outbox:list', () => ({ items: [held], total: 1 }))
      fake.handle('outbox:get', () => ({ item: held, history: [] }))
      render(<OutboxView />)
      await userEvent.setup().click(await screen.findByTestId('outbox-open-c-2'))
      expect((await screen.findByTestId('outbox-waiting-reason')).textContent).toMatch(says)
    }
  )

  it('an empty outbox says why and offers the next step, instead of a blank box', async () => {
    fake.handle('outbox:list', () => ({ items: [], total: 0 }))
    const user = userEvent.setup()
    render(<OutboxView />)
    expect((await screen.findByTestId('outbox-empty')).textContent).toContain('Nothing sent yet')
    expect(screen.getByTestId('outbox-scroll').hidden).toBe(true)
    expect(screen.getByRole('button', { name: 'Write a message' })).toBeTruthy()
    act(() => useOutbox.getState().setFilters({ statuses: ['failed'] }))
    await user.click(await screen.findByRole('button', { name: 'Clear the filters' }))
    expect(useOutbox.getState().filters.statuses).toEqual([])
  })
})

describe('bulk selection', () => {
  const mixed = [
    makeItem({ id: 'b-1', recipient: '6281200000001', status: 'queued' }),
    makeItem({ id: 'b-2', recipient: '6281200000002', status: 'scheduled' }),
    makeItem({ id: 'b-3', recipient: '6281200000003', status: 'delivered' }),
    makeItem({ id: 'b-4', recipient: '6281200000004', status: 'failed' })
  ]
  const selectBox = (recipient: string): HTMLElement =>
    screen.getByRole('checkbox', {
      name: (name) => name.startsWith(`Select ${formatPhoneForReading(recipient)} `)
    })
  /** Ticks the rows of these numbers, one after the other. */
  async function tick(user: UserEvent, ...recipients: string[]): Promise<void> {
    for (const recipient of recipients) await user.click(selectBox(recipient))
  }
  const bulkBar = (): HTMLElement => screen.getByRole('toolbar', { name: 'Selected messages' })

  beforeEach(() => {
    fake.handle('outbox:list', () => ({ items: mixed, total: mixed.length }))
  })

  /** The outbox with a sent message (b-5, to …05) beside the mixed ones: one the gateway can delete for everyone. */
  async function openWithSent(): Promise<UserEvent> {
    const sent = makeItem({ id: 'b-5', recipient: '6281200000005', status: 'delivered', gatewayId: 'gw-5' })
    fake.handle('outbox:list', () => ({ items: [...mixed, sent], total: mixed.length + 1 }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('5 messages')
    return user
  }

  it('cancels the ticked rows after a confirm and says which could not be cancelled and why', async () => {
    fake.handle('outbox:cancelMany', () => ({
      done: ['b-1', 'b-2'],
      refused: [{ id: 'b-3', reason: 'at_gateway', status: 'delivered' }]
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('4 messages')
    expect(screen.queryByRole('toolbar', { name: 'Selected messages' })).toBeNull()

    await tick(user, '6281200000001', '6281200000002', '6281200000003')
    const bar = bulkBar()
    expect(within(bar).getByText('3 selected')).toBeTruthy()
    // Queued, scheduled and delivered: nothing to retry, something to cancel.
    expect(within(bar).getByRole('button', { name: 'Retry selected' })).toHaveProperty('disabled', true)
    await user.click(within(bar).getByRole('button', { name: 'Cancel selected' }))
    expect(fake.requests('outbox:cancelMany')).toEqual([])
    // The delivered one cannot be cancelled any more: the question counts what can, and says why the rest stays.
    const confirm = screen.getByRole('group', {
      name: 'Cancel sending 2 of the 3 selected messages? The others stay as they are: they are with the gateway already, being sent right now, or cancelled already.'
    })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel selected' }))

    expect(fake.requests('outbox:cancelMany')).toEqual([{ ids: ['b-1', 'b-2', 'b-3'] }])
    const report = await screen.findByTestId('outbox-bulk-report')
    // A status (the list's own row-gone status is one too: the report is found by its test id).
    expect(report.getAttribute('role')).toBe('status')
    expect(report.textContent).toBe('2 cancelled; 1 already sent could not be cancelled')
    // Done for two, not for one: a warning, not the red of a failure (a new operator's probe).
    expect(report.className).toBe('alert alert--warn')
    // The bar went with the selection: focus is on what the action produced, not dropped to the page.
    expect(document.activeElement).toBe(screen.getByTestId('outbox-bulk-report'))
    expect(screen.queryByRole('toolbar', { name: 'Selected messages' })).toBeNull()
    expect(selectBox('6281200000001')).toHaveProperty('checked', false)
    // Of that list: another filter puts it away (a new operator's probe: it stayed through filter changes).
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }))
    expect(screen.queryByTestId('outbox-bulk-report')).toBeNull()
  })

  it('says a schedule the gateway was saving right then was left for that, to try again in a moment', async () => {
    fake.handle('outbox:cancelMany', () => ({
      done: ['b-1'],
      refused: [{ id: 'b-2', reason: 'saving_at_gateway', status: 'scheduled' }]
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('4 messages')
    await tick(user, '6281200000001', '6281200000002')
    await user.click(screen.getByRole('button', { name: 'Cancel selected' }))
    await user.click(
      within(screen.getByRole('group', { name: /^Cancel sending 2 selected messages\?/ })).getByRole(
        'button',
        {
          name: 'Cancel selected'
        }
      )
    )
    // It was said to be "in its status" before: a scheduled message, which can be cancelled a moment later.
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(
      '1 cancelled; 1 is being saved at the gateway right now and was left as it is: try again in a moment'
    )
  })

  it('counts a failed message among those the cancel question names, as the core cancels it', async () => {
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('4 messages')
    await tick(user, '6281200000002', '6281200000004')
    const bar = bulkBar()
    await user.click(within(bar).getByRole('button', { name: 'Cancel selected' }))
    // Scheduled and failed: both can still be cancelled, so nothing is said to stay.
    expect(
      screen.getByRole('group', {
        // A schedule the gateway keeps is cancelled there (a new operator's probe: the question said every message
        // with the gateway stayed, then cancelled 24 gateway-kept schedules there).
        name: 'Cancel sending 2 selected messages? Messages the gateway has already taken to send stay as they are; a schedule the gateway keeps is cancelled there too.'
      })
    ).toBeTruthy()
  })

  it('puts the focus on Keep when a bulk question opens from the keyboard, so a stray Enter confirms nothing (QA9 Q9-01)', async () => {
    const user = await openWithSent()
    await tick(user, '6281200000001', '6281200000005')
    const bar = bulkBar()
    within(bar).getByRole('button', { name: 'Cancel selected' }).focus()
    await user.keyboard('{Enter}')
    const cancelQuestion = screen.getByRole('group', {
      name: /^Cancel sending 1 of the 2 selected messages\?/
    })
    expect(document.activeElement).toBe(within(cancelQuestion).getByRole('button', { name: 'Keep' }))
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('group', { name: /Cancel sending/ })).toBeNull()
    expect(fake.requests('outbox:cancelMany')).toEqual([])
    // Backing out gives the focus back to the button that asked, not to the page.
    expect(document.activeElement).toBe(within(bar).getByRole('button', { name: 'Cancel selected' }))

    within(bar).getByRole('button', { name: 'Delete for everyone' }).focus()
    await user.keyboard('{Enter}')
    const deleteQuestion = screen.getByRole('group', {
      name: /^Delete 1 of the 2 selected messages for everyone\?/
    })
    expect(document.activeElement).toBe(within(deleteQuestion).getByRole('button', { name: 'Keep' }))
  })

  it('deletes ticked sent messages for everyone only after a question that counts them', async () => {
    const none = { done: 0, refused: 0, unknown: 0, pending: 0 }
    fake.handle('outbox:takeBack', () =>
      makeTakeBack({
        id: 'tb-2',
        producerTag: null,
        leftAlone: { notSent: 1 },
        revoke: { ...none, pending: 1 },
        pendingByDevice: [{ deviceId: 'dev-1', n: 1 }]
      })
    )
    const user = await openWithSent()
    await tick(user, '6281200000001', '6281200000005')
    const bar = bulkBar()
    await user.click(within(bar).getByRole('button', { name: 'Delete for everyone' }))
    expect(fake.requests('outbox:takeBack')).toEqual([])
    // Of the two ticked, only the sent one can be deleted for everyone: the question counts that one, out of the two
    // (QA68: it said nothing of the others), and says the queued one will not be sent (QA75: it was, later).
    const question = screen.getByRole('group', {
      name: /^Delete 1 of the 2 selected messages for everyone\? 1 not sent yet will not be sent\. .*cannot be undone/
    })
    await user.click(within(question).getByRole('button', { name: 'Delete for everyone' }))
    expect(fake.requests('outbox:takeBack')).toEqual([{ ids: ['b-1', 'b-5'], action: 'revoke' }])
  })

  // QA68: "Take-back started for 2 messages." and "2 deleted for everyone." stayed over other filters once settled.
  it('puts a settled take-back’s account away when the filters change, as any other action’s', async () => {
    const none = { done: 0, refused: 0, unknown: 0, pending: 0 }
    fake.handle('outbox:takeBack', () =>
      makeTakeBack({ id: 'tb-3', state: 'done', producerTag: null, revoke: { ...none, done: 1 } })
    )
    const user = await openWithSent()
    await user.click(selectBox('6281200000005'))
    const bar = bulkBar()
    await user.click(within(bar).getByRole('button', { name: 'Delete for everyone' }))
    const question = screen.getByRole('group', { name: /^Delete 1 sent message for everyone\?/ })
    await user.click(within(question).getByRole('button', { name: 'Delete for everyone' }))
    const started = await screen.findByText('Take-back started for 1 message.')
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }))
    expect(started.isConnected).toBe(false)
    expect(screen.queryByText('Take-back started for 1 message.')).toBeNull()
  })

  // The question went as its answer was pressed, and the focus with it to the page while the gateway was asked.
  it('keeps the focus on the pressed answer to Delete for everyone while the take-back starts, and starts it once', async () => {
    const user = await openWithSent()
    await user.click(selectBox('6281200000005'))
    const bar = bulkBar()
    await user.click(within(bar).getByRole('button', { name: 'Delete for everyone' }))
    const question = screen.getByRole('group', { name: /^Delete 1 sent message for everyone\?/ })
    const started = fake.defer('outbox:takeBack')
    await pressAndHold(
      user,
      within(question).getByRole('button', { name: 'Delete for everyone' }),
      started.called
    )
    started.reject({ code: 'internal', message: 'database is locked' })
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe('database is locked')
    expect(fake.requests('outbox:takeBack')).toHaveLength(1)
  })

  // The detail and the inbox bubble followed their take-back live; the bar said what it started and went stale.
  describe('a take-back started from the bar is followed there until it settles', () => {
    const none = NO_TAKE_BACK_TALLY
    const sent = [
      makeItem({ id: 'b-5', recipient: '6281200000005', status: 'delivered', gatewayId: 'gw-5' }),
      makeItem({ id: 'b-6', recipient: '6281200000006', status: 'read', gatewayId: 'gw-6' })
    ]
    const asked = makeTakeBack({
      id: 'tb-2',
      producerTag: null,
      revoke: { ...none, pending: 2 },
      pendingByDevice: [{ deviceId: 'dev-1', n: 2 }]
    })

    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      fake.handle('outbox:list', () => ({ items: [...mixed, ...sent], total: mixed.length + sent.length }))
      fake.handle('outbox:takeBack', () => asked)
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    /** Ticks the two sent messages, deletes them for everyone, and returns the bar's report once it is said. */
    async function deleteBoth(language: 'en' | 'id' = 'en'): Promise<HTMLElement> {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      render(<OutboxView />)
      const select = translate(language, 'outbox.bulk.select', { recipient: '' }).trim()
      for (const phone of ['6281200000005', '6281200000006'])
        await user.click(
          await screen.findByRole('checkbox', {
            name: (name) => name.startsWith(`${select} ${formatPhoneForReading(phone)} `)
          })
        )
      const revoke = translate(language, 'outbox.takeBack.revoke')
      await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: revoke }))
      const shows = translate(language, 'outbox.takeBack.revokeShows', { count: 2 })
      const question = screen.getByRole('group', { name: (name) => name.endsWith(shows) })
      await user.click(within(question).getByRole('button', { name: revoke }))
      return screen.findByTestId('outbox-bulk-report')
    }

    it.each([
      [
        'en',
        'Take-back started for 2 messages.',
        '1 deleted for everyone, 1 still to do.',
        'Pause the take-back',
        '2 deleted for everyone.'
      ],
      [
        'id',
        'Penarikan dimulai untuk 2 pesan.',
        '1 dihapus untuk semua orang, 1 belum dikerjakan.',
        'Jeda penarikan',
        '2 dihapus untuk semua orang.'
      ]
    ] as const)(
      'says its tally as it moves, pauses and resumes it, and says its answer once it settles (%s)',
      async (language, started, moving, pauseLabel, settled) => {
        let now: TakeBackView = asked
        fake.handle('outbox:takeBackProgress', () => now)
        fake.handle('outbox:setTakeBackPaused', ({ paused }) => {
          now = paused
            ? { ...now, state: 'paused', heldBy: { reason: 'operator', deviceId: null } }
            : { ...now, state: 'running', heldBy: null }
          return now
        })
        const report = await deleteBoth(language)
        // What was true when the action ended (started, none yet asked at the gateway), where the focus went. The
        // focus moves in an effect after the commit that drew the report, which findBy may see first under load.
        expect(report.textContent).toBe(started)
        await waitFor(() => expect(document.activeElement).toBe(report))
        const tally = screen.getByTestId('outbox-bulk-takeback-tally')
        expect(tally.getAttribute('role')).toBe('status')
        now = {
          ...asked,
          revoke: { ...none, done: 1, pending: 1 },
          pendingByDevice: [{ deviceId: 'dev-1', n: 1 }]
        }
        await passes(1500)
        expect(tally.textContent).toBe(moving)
        expect(fake.requests('outbox:takeBackProgress')).toContainEqual({ id: 'tb-2' })
        const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
        await user.click(screen.getByRole('button', { name: pauseLabel }))
        expect(fake.requests('outbox:setTakeBackPaused')).toEqual([{ id: 'tb-2', paused: true }])
        await waitFor(() =>
          expect(tally.textContent).toContain(translate(language, 'outbox.takeBack.outcome.paused'))
        )
        // Its button went: the focus is on the tally, which says where it stands now; the line above it still
        // says only what was true when the action ended, so the two do not disagree. The focus moves in an effect
        // after the commit that drew the words (useFocusAfterAction): under load waitFor sees the words first.
        await waitFor(() => expect(document.activeElement).toBe(tally))
        expect(report.textContent).toBe(started)
        await user.click(screen.getByRole('button', { name: translate(language, 'outbox.takeBack.resume') }))
        await waitFor(() =>
          expect(tally.textContent).toContain(translate(language, 'outbox.takeBack.outcome.resumed'))
        )
        await waitFor(() => expect(document.activeElement).toBe(tally))
        now = { ...asked, state: 'done', revoke: { ...none, done: 2 }, pendingByDevice: [] }
        await passes(1500)
        expect(tally.textContent).toBe(settled)
        expect(screen.queryByRole('button', { name: pauseLabel })).toBeNull()
        // Settled: read no more.
        const reads = fake.requests('outbox:takeBackProgress').length
        await passes(5000)
        expect(fake.requests('outbox:takeBackProgress')).toHaveLength(reads)
      }
    )

    it('says once its reads kept failing, and Try again follows it again', async () => {
      fake.fail('outbox:takeBackProgress', { code: 'internal', message: 'database is locked' })
      await deleteBoth()
      const tally = screen.getByTestId('outbox-bulk-takeback-tally')
      await passes(60_000)
      const failure = screen.getByRole('alert')
      expect(failure.textContent).toContain(translate('en', 'outbox.takeBack.selectionUnread'))
      fake.handle('outbox:takeBackProgress', () => ({
        ...asked,
        state: 'done' as const,
        revoke: { ...none, done: 2 },
        pendingByDevice: []
      }))
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      await user.click(within(failure).getByRole('button', { name: 'Try again' }))
      expect(document.activeElement).toBe(tally)
      await passes(1000)
      expect(screen.queryByRole('alert')).toBeNull()
      expect(tally.textContent).toBe('2 deleted for everyone.')
    })
  })

  it('deletes the ticked rows from the outbox after a question, and says which it kept and why (QA9 Q9-05)', async () => {
    fake.handle('outbox:deleteMany', () => ({
      done: ['b-2', 'b-4'],
      refused: [{ id: 'b-1', reason: 'not_applicable', status: 'queued' }]
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('4 messages')
    await user.click(selectBox('6281200000001'))
    const bar = bulkBar()
    // Waiting its turn, a message is cancelled before it can be deleted.
    expect(within(bar).getByRole('button', { name: 'Delete from the outbox' })).toHaveProperty(
      'disabled',
      true
    )
    await tick(user, '6281200000002', '6281200000004')
    await user.click(within(bar).getByRole('button', { name: 'Delete from the outbox' }))
    expect(fake.requests('outbox:deleteMany')).toEqual([])
    const question = screen.getByRole('group', {
      name: /^Delete 2 of the 3 selected messages from the outbox\?/
    })
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep' }))
    await user.click(within(question).getByRole('button', { name: 'Delete from the outbox' }))
    expect(fake.requests('outbox:deleteMany')).toEqual([{ ids: ['b-1', 'b-2', 'b-4'] }])
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(
      '2 deleted; 1 waiting to be sent was kept: cancel it first'
    )
    expect(document.activeElement).toBe(screen.getByTestId('outbox-bulk-report'))
    expect(useOutbox.getState().known.has('b-2')).toBe(false)
  })

  it('says which it kept because their Delete for everyone is still waiting for the device', async () => {
    fake.handle('outbox:deleteMany', () => ({
      done: ['b-4'],
      refused: [
        { id: 'b-2', reason: 'taking_back', status: 'read' },
        { id: 'b-3', reason: 'taking_back', status: 'delivered' }
      ]
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('4 messages')
    for (const phone of ['6281200000002', '6281200000003', '6281200000004'])
      await user.click(selectBox(phone))
    const bar = bulkBar()
    await user.click(within(bar).getByRole('button', { name: 'Delete from the outbox' }))
    const question = screen.getByRole('group', {
      name: /^Delete (3|the 3) selected messages from the outbox\?/
    })
    await user.click(within(question).getByRole('button', { name: 'Delete from the outbox' }))
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(
      '1 deleted; 2 were kept: their “Delete for everyone” or cancel at the gateway is still waiting for their device; delete them once that is done'
    )
  })

  // QA66: the question asked to delete both, the result then said one was kept.
  it('counts out of its question a message whose take-back waits, and the detail badges it as the row does', async () => {
    const waiting = makeItem({
      id: 't-1',
      recipient: '6281200000007',
      status: 'read',
      gatewayId: 'gw-7',
      takingBack: true
    })
    const failed = makeItem({ id: 't-2', recipient: '6281200000008', status: 'failed' })
    fake.handle('outbox:list', () => ({ items: [waiting, failed], total: 2 }))
    fake.handle('outbox:get', ({ id }) => ({ item: id === 't-1' ? waiting : failed, history: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('2 messages')
    await tick(user, '6281200000007', '6281200000008')
    const bar = bulkBar()
    await user.click(within(bar).getByRole('button', { name: 'Delete from the outbox' }))
    expect(
      screen.getByRole('group', { name: /^Delete 1 of the 2 selected messages from the outbox\?/ })
    ).toBeTruthy()
    await user.click(screen.getByTestId('outbox-open-t-1'))
    expect((await screen.findByTestId('outbox-detail-status')).textContent).toContain('being taken back')
  })

  // QA63: one message selected read "Delete the selected message from the outbox? Their history goes with them".
  it('asks of one message in the singular', async () => {
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('4 messages')
    await user.click(selectBox('6281200000002'))
    const bar = bulkBar()
    await user.click(within(bar).getByRole('button', { name: 'Delete from the outbox' }))
    expect(
      screen.getByRole('group', {
        name: /^Delete the selected message from the outbox\? Its history goes with it; what customers/
      })
    ).toBeTruthy()
  })

  it('retries with the keyboard, and enables only the actions the selection can take now', async () => {
    fake.handle('outbox:retryMany', () => ({ done: ['b-4'], refused: [] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('4 messages')

    selectBox('6281200000003').focus()
    await user.keyboard(' ')
    const bar = bulkBar()
    // Delivered only: neither cancel nor retry applies.
    expect(within(bar).getByRole('button', { name: 'Cancel selected' })).toHaveProperty('disabled', true)
    expect(within(bar).getByRole('button', { name: 'Retry selected' })).toHaveProperty('disabled', true)

    await user.click(selectBox('6281200000001'))
    expect(within(bar).getByRole('button', { name: 'Cancel selected' })).toHaveProperty('disabled', false)
    // The queued one is sent meanwhile: nothing selected can be cancelled any more.
    act(() =>
      useOutbox
        .getState()
        .applyItem({ ...mixed[0]!, status: 'accepted', updatedAt: '2025-05-01T08:05:00.000Z' })
    )
    expect(within(bar).getByRole('button', { name: 'Cancel selected' })).toHaveProperty('disabled', true)
    await user.click(selectBox('6281200000001'))

    selectBox('6281200000004').focus()
    await user.keyboard(' ')
    const retry = within(bar).getByRole('button', { name: 'Retry selected' })
    expect(retry).toHaveProperty('disabled', false)
    retry.focus()
    await user.keyboard('{Enter}')

    expect(fake.requests('outbox:retryMany')).toEqual([{ ids: ['b-3', 'b-4'] }])
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe('1 retried')
  })

  it('keeps the focus on the pressed Retry selected while the retry runs, never on the page, and retries once', async () => {
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('4 messages')
    await tick(user, '6281200000003', '6281200000004')
    const retried = fake.defer('outbox:retryMany')
    await pressAndHold(user, screen.getByRole('button', { name: 'Retry selected' }), retried.called)
    retried.resolve({ done: ['b-3', 'b-4'], refused: [] })
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe('2 retried')
    expect(fake.requests('outbox:retryMany')).toHaveLength(1)
  })

  it('says which were not retried because their campaign was cancelled, one and many worded apart', async () => {
    fake.handle('outbox:retryMany', () => ({
      done: [],
      refused: [
        { id: 'b-3', reason: 'at_gateway', status: 'delivered' },
        { id: 'b-4', reason: 'producer', status: 'cancelled' }
      ]
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('4 messages')
    await tick(user, '6281200000003', '6281200000004')
    await user.click(screen.getByRole('button', { name: 'Retry selected' }))
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(
      '0 retried; 1 already sent was not retried; 1 belongs to a cancelled campaign, so was not retried'
    )
  })

  it("says which were not retried because they lie after their recurring series' end, not a cancelled campaign", async () => {
    const pastEnd = mixed.map((item) =>
      item.id === 'b-1' || item.id === 'b-2' ? { ...item, status: 'cancelled' as const } : item
    )
    fake.handle('outbox:list', () => ({ items: pastEnd, total: pastEnd.length }))
    let refused = ['b-4']
    fake.handle('outbox:retryMany', () => ({
      done: [],
      refused: refused.map((id) => ({
        id,
        reason: 'after_series_end' as const,
        status: 'cancelled' as const
      }))
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('4 messages')
    await user.click(selectBox('6281200000004'))
    await user.click(screen.getByRole('button', { name: 'Retry selected' }))
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(
      "0 retried; 1 lies after its recurring series' end, so was not retried"
    )

    refused = ['b-1', 'b-2']
    await tick(user, '6281200000001', '6281200000002')
    await user.click(screen.getByRole('button', { name: 'Retry selected' }))
    await waitFor(() =>
      expect(screen.getByTestId('outbox-bulk-report').textContent).toBe(
        "0 retried; 2 lie after their recurring series' end, so were not retried"
      )
    )
  })

  it("says before the click how many of a selection can be retried, naming those past their series' end", async () => {
    const pastEnd = (id: string, recipient: string): OutboxItemView =>
      makeItem({ id, recipient, status: 'cancelled', retryRefusal: AFTER_SERIES_END_REFUSAL })
    const items = [...mixed, pastEnd('p-5', '6281200000005'), pastEnd('p-6', '6281200000006')]
    fake.handle('outbox:list', () => ({ items, total: items.length }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('6 messages')
    await tick(user, '6281200000004', '6281200000005')
    const bar = bulkBar()
    const retry = within(bar).getByRole('button', { name: 'Retry selected' })
    expect(retry).toHaveProperty('disabled', false)
    expect(within(bar).getByTestId('outbox-bulk-retry-which').textContent).toBe(
      "1 of the 2 selected can be retried; 1 lies after its recurring series' end"
    )
    expect(retry.getAttribute('aria-describedby')).toBe('outbox-bulk-retry-which')

    // Only messages past their end: nothing to retry, and the bar says why.
    await tick(user, '6281200000004', '6281200000006')
    expect(retry).toHaveProperty('disabled', true)
    expect(within(bar).getByTestId('outbox-bulk-retry-which').textContent).toBe(
      "0 of the 2 selected can be retried; 2 lie after their recurring series' end"
    )
  })

  it('offers no Retry for a file the gateway refused, and says so when the core leaves one out (QA12 Q12-11)', async () => {
    const tooLarge = {
      ...fileTooLargeItem('big-1', { gatewayMessage: GATEWAY_TWO_MB }),
      recipient: '6281200000005'
    }
    fake.handle('outbox:list', () => ({ items: [...mixed, tooLarge], total: mixed.length + 1 }))
    fake.handle('outbox:retryMany', () => ({
      done: ['b-4'],
      refused: [{ id: 'big-1', reason: 'would_fail_again', status: 'failed' }]
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('5 messages')
    await user.click(selectBox('6281200000005'))
    const bar = bulkBar()
    // Sending it again would fail the same way: the detail offers no Retry, nor does the selection.
    expect(within(bar).getByRole('button', { name: 'Retry selected' })).toHaveProperty('disabled', true)

    // With a message a retry can help, the core still leaves the refused file out, and the window says why.
    await user.click(selectBox('6281200000004'))
    await user.click(within(bar).getByRole('button', { name: 'Retry selected' }))
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(
      '1 retried; 1 would fail the same way (see why it failed), so was not retried'
    )
  })

  it('cancels every message the filters match, not only the loaded rows, after confirming how many', async () => {
    // 12,345 match; the list has loaded the first rows only.
    fake.handle('outbox:list', () => ({ items: mixed, total: 12_345 }))
    fake.handle('outbox:cancelMatching', () => ({
      done: 12_340,
      refused: [{ reason: 'at_gateway', count: 5 }],
      noLongerMatching: 0
    }))
    act(() => useOutbox.getState().setFilters({ text: 'promo' }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByRole('button', { name: 'Select all shown' }))
    expect(screen.getByText('4 selected')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Select all 12,345 matching the filters' }))
    const bar = bulkBar()
    expect(within(bar).getByText('All 12,345 matching the filters selected')).toBeTruthy()
    await user.click(within(bar).getByRole('button', { name: 'Cancel selected' }))
    const confirm = screen.getByRole('group', { name: /Cancel sending 12,345 selected messages\?/ })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel selected' }))

    expect(fake.requests('outbox:cancelMatching')).toEqual([
      { filter: { text: 'promo' }, expected: 12_345, asOf: expect.any(String) }
    ])
    expect(fake.requests('outbox:cancelMany')).toEqual([])
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(
      '12,340 cancelled; 5 already sent could not be cancelled'
    )
    expect(screen.queryByRole('toolbar', { name: 'Selected messages' })).toBeNull()
  })

  // QA59: "Clear selection" went with the bar it is in, and the focus fell to the page.
  it('gives the focus to "Select all shown" as "Clear selection" takes the bar away', async () => {
    const read = [1, 2].map((n) => makeItem({ id: `r-${n}`, recipient: `628120000000${n}`, status: 'read' }))
    fake.handle('outbox:list', () => ({ items: read, total: 2 }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByRole('button', { name: 'Select all shown' }))
    const bar = bulkBar()
    within(bar).getByRole('button', { name: 'Clear selection' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('toolbar', { name: 'Selected messages' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Select all shown' }))
  })

  // An operator's probe: under the Read filter, "Select all 489 matching" dropped the focus to the page, and enabled
  // Cancel and Retry (disabled for the ticked 200), Retry answering "0 retried"; Delete for everyone went unexplained.
  it('moves the focus to what all matching selects, and offers only the actions the status filters leave', async () => {
    const read = [1, 2, 3].map((n) =>
      makeItem({ id: `r-${n}`, recipient: `628120000000${n}`, status: 'read' })
    )
    fake.handle('outbox:list', () => ({ items: read, total: 489 }))
    act(() => useOutbox.getState().setFilters({ statuses: ['read'] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByRole('button', { name: 'Select all shown' }))
    const bar = bulkBar()
    const enabled = (name: string): boolean =>
      !(within(bar).getByRole('button', { name }) as HTMLButtonElement).disabled
    expect([enabled('Cancel selected'), enabled('Retry selected')]).toEqual([false, false])
    await user.click(screen.getByRole('button', { name: 'Select all 489 matching the filters' }))
    expect(document.activeElement).toBe(within(bar).getByText('All 489 matching the filters selected'))
    expect([enabled('Cancel selected'), enabled('Retry selected')]).toEqual([false, false])
    expect(screen.getByTestId('outbox-bulk-matching-acts').textContent).toBe(
      'Deleting, for everyone or from the outbox, acts on ticked messages only (up to 5,000 at a time).'
    )
  })

  it('says so when more messages match than were confirmed, and asks again with the new count', async () => {
    fake.handle('outbox:list', () => ({ items: mixed, total: 9 }))
    fake.fail('outbox:retryMatching', {
      code: 'count_changed',
      message: 'The list changed: 10 messages match now, not 9. Look at the list again and confirm again.',
      messageKey: 'desktop.error.matchCountChanged',
      messageParams: { count: 10, expected: 9 }
    })
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByRole('button', { name: 'Select all shown' }))
    await user.click(screen.getByRole('button', { name: 'Select all 9 matching the filters' }))
    await user.click(screen.getByRole('button', { name: 'Retry selected' }))
    expect(fake.requests('outbox:retryMatching')).toEqual([
      { filter: {}, expected: 9, asOf: expect.any(String) }
    ])
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(
      'The list changed: 10 messages match now, not 9. Look at the list again and confirm again.'
    )
    // The selection now says the count the core found, and a second press asks for that many.
    expect(screen.getByText('All 10 matching the filters selected')).toBeTruthy()
    fake.handle('outbox:retryMatching', () => ({ done: 10, refused: [], noLongerMatching: 0 }))
    await user.click(screen.getByRole('button', { name: 'Retry selected' }))
    expect(fake.requests('outbox:retryMatching')[1]).toMatchObject({ expected: 10 })
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe('10 retried')
  })

  it("asks the quota question before retrying more than the devices' gateway quota covers (QA15 Q15-03)", async () => {
    act(() => useDevices.getState().setDevices([makeDevice({ id: 'dev-1', quota: 1_000 })]))
    fake.handle('outbox:list', () => ({ items: mixed, total: 3_000 }))
    fake.handle('outbox:retryMatching', () => ({ done: 3_000, refused: [], noLongerMatching: 0 }))
    fake.handle('outbox:matchingByDevice', () => ({ devices: [{ deviceId: 'dev-1', count: 3_000 }] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByRole('button', { name: 'Select all shown' }))
    await user.click(screen.getByRole('button', { name: 'Select all 3,000 matching the filters' }))
    await user.click(screen.getByRole('button', { name: 'Retry selected' }))
    const question = screen.getByRole('group', {
      name: /The gateway quota covers 1,000 of 3,000 messages: 2,000 short\./
    })
    expect(fake.requests('outbox:retryMatching')).toEqual([])
    await user.click(within(question).getByRole('button', { name: 'Retry anyway' }))
    expect(fake.requests('outbox:retryMatching')).toHaveLength(1)
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe('3,000 retried')
  })

  it('returns the focus to Retry selected when the quota question is answered Go back, and retries nothing', async () => {
    act(() => useDevices.getState().setDevices([makeDevice({ id: 'dev-1', quota: 1_000 })]))
    fake.handle('outbox:list', () => ({ items: mixed, total: 3_000 }))
    fake.handle('outbox:matchingByDevice', () => ({ devices: [{ deviceId: 'dev-1', count: 3_000 }] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByRole('button', { name: 'Select all shown' }))
    await user.click(screen.getByRole('button', { name: 'Select all 3,000 matching the filters' }))
    const retry = screen.getByRole('button', { name: 'Retry selected' })
    retry.focus()
    await user.keyboard('{Enter}')
    const question = await screen.findByRole('group', {
      name: /The gateway quota covers 1,000 of 3,000 messages/
    })
    within(question).getByRole('button', { name: 'Go back' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('group', { name: /The gateway quota covers/ })).toBeNull()
    expect(document.activeElement).toBe(retry)
    expect(fake.requests('outbox:retryMatching')).toEqual([])
  })

  it('counts every match on each device for the quota question, not the rows loaded (they are all on one)', async () => {
    act(() =>
      useDevices
        .getState()
        .setDevices([
          makeDevice({ id: 'dev-1', quota: 5_000 }),
          makeDevice({ id: 'dev-2', label: 'Back office', quota: 100 })
        ])
    )
    // The loaded rows are all dev-1's; 2,000 of the 3,000 matches are dev-2's, whose quota covers 100 of them.
    fake.handle('outbox:list', () => ({ items: mixed, total: 3_000 }))
    fake.handle('outbox:matchingByDevice', () => ({
      devices: [
        { deviceId: 'dev-1', count: 1_000 },
        { deviceId: 'dev-2', count: 2_000 }
      ]
    }))
    fake.handle('outbox:retryMatching', () => ({ done: 3_000, refused: [], noLongerMatching: 0 }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByRole('button', { name: 'Select all shown' }))
    await user.click(screen.getByRole('button', { name: 'Select all 3,000 matching the filters' }))
    await user.click(screen.getByRole('button', { name: 'Retry selected' }))
    // dev-1 takes its 1,000, dev-2 100 of its 2,000: another device's spare quota does not send dev-2's messages,
    // and the question names the device that runs out.
    const question = await screen.findByRole('group', {
      name: /The gateway quota covers 1,100 of 3,000 messages: 1,900 short\..* Per device: Back office runs out after 100 of its 2,000 messages\./
    })
    expect(fake.requests('outbox:matchingByDevice')).toEqual([{ filter: {} }])
    expect(fake.requests('outbox:retryMatching')).toEqual([])
    await user.click(within(question).getByRole('button', { name: 'Retry anyway' }))
    expect(fake.requests('outbox:retryMatching')).toHaveLength(1)
  })

  it('does not count messages cancelled before as cancelled by this action', async () => {
    fake.handle('outbox:list', () => ({ items: mixed, total: 100_000 }))
    fake.handle('outbox:cancelMatching', () => ({
      done: 3_446,
      refused: [
        { reason: 'at_gateway', count: 95_053 },
        { reason: 'already_cancelled', count: 1_500 }
      ],
      noLongerMatching: 0
    }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByRole('button', { name: 'Select all shown' }))
    await user.click(screen.getByRole('button', { name: 'Select all 100,000 matching the filters' }))
    await user.click(screen.getByRole('button', { name: 'Cancel selected' }))
    const confirm = screen.getByRole('group', { name: /Cancel sending/ })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel selected' }))
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(
      '3,446 cancelled; 1,500 were already cancelled; 95,053 already sent could not be cancelled'
    )
  })

  it('cancels every match of a moving queue at once, saying how many had left the filters meanwhile', async () => {
    fake.handle('outbox:list', () => ({ items: mixed, total: 2_986 }))
    fake.handle('outbox:cancelMatching', () => ({ done: 2_970, refused: [], noLongerMatching: 16 }))
    act(() => useOutbox.getState().setFilters({ statuses: ['queued'] }))
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByRole('button', { name: 'Select all shown' }))
    await user.click(screen.getByRole('button', { name: 'Select all 2,986 matching the filters' }))
    await user.click(screen.getByRole('button', { name: 'Cancel selected' }))
    const confirm = screen.getByRole('group', { name: /Cancel sending 2,986 selected messages\?/ })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel selected' }))
    // The count confirmed, and when it was read: messages created after it are not the operator's to lose.
    const [request] = fake.requests('outbox:cancelMatching')
    expect(request).toMatchObject({ filter: { status: ['queued'] }, expected: 2_986 })
    expect(Date.parse(request?.asOf ?? '')).toBeLessThanOrEqual(Date.now())
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(
      '2,970 cancelled; 16 no longer matched the filters (sent or changed meanwhile)'
    )
  })

  it('selects all shown rows, and forgets the selection when the filters change', async () => {
    const user = userEvent.setup()
    render(<OutboxView />)
    await screen.findByText('4 messages')

    await user.click(screen.getByRole('button', { name: 'Select all shown' }))
    expect(screen.getByText('4 selected')).toBeTruthy()
    expect(selectBox('6281200000004')).toHaveProperty('checked', true)

    act(() => useOutbox.getState().setFilters({ statuses: ['failed'] }))
    await screen.findByText('4 messages')
    expect(screen.queryByRole('toolbar', { name: 'Selected messages' })).toBeNull()
    expect(selectBox('6281200000004')).toHaveProperty('checked', false)
  })
})

describe('timeline notes in the operator’s language (QA findings 10 and 18)', () => {
  const revoked = makeItem({ id: 't-1', status: 'revoked', gatewayId: 'gw-1' })
  const at = (second: number): string => `2025-05-01T08:00:${String(second).padStart(2, '0')}.000Z`
  // As the core sends them: the English note, and its key and params.
  const history = [
    {
      at: at(1),
      status: 'scheduled',
      note: 'edited: text, schedule',
      noteKey: 'desktop.note.edited',
      noteParams: { fields: 'text, schedule' }
    },
    {
      at: at(2),
      status: 'accepted',
      note: 'x',
      noteKey: 'desktop.note.dueAtGateway',
      noteParams: { schedule: 'sch-1' }
    },
    {
      at: at(3),
      status: 'delivered',
      note: 'gateway reports received',
      noteKey: 'desktop.note.gatewayReports',
      noteParams: { status: 'received' }
    },
    {
      at: at(4),
      status: 'read',
      note: 'gateway reports read',
      noteKey: 'desktop.note.gatewayReports',
      noteParams: { status: 'read' }
    },
    { at: at(5), status: 'revoked', note: 'x', noteKey: 'desktop.note.revokedAtGateway', noteParams: {} }
  ] as const

  it.each([
    [
      'en',
      [
        'edited: text, scheduled time',
        'due: sent by the gateway’s schedule sch-1',
        'gateway reports delivered',
        'gateway reports read',
        'done by the gateway, as asked'
      ]
    ],
    [
      'id',
      [
        'diubah: teks, waktu terjadwal',
        'jatuh tempo: dikirim oleh jadwal gateway sch-1',
        'gateway melaporkan sampai',
        'gateway melaporkan dibaca',
        'dilakukan oleh gateway, sesuai permintaan'
      ]
    ]
  ] as const)(
    'words the gateway’s status words and the edited fields, and says a deletion once (%s)',
    async (language, notes) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      fake.handle('outbox:list', () => ({ items: [revoked], total: 1 }))
      fake.handle('outbox:get', () => ({ item: revoked, history: [...history] }))
      const user = userEvent.setup()
      render(<OutboxView />)
      await user.click(await screen.findByTestId('outbox-open-t-1'))
      const timeline = await screen.findByTestId('outbox-timeline')
      expect([...timeline.querySelectorAll('.timeline-note')].map((note) => note.textContent)).toEqual(notes)
    }
  )
})

describe('a timeline note quoting a send refused by the gateway (QA12 Q12-10)', () => {
  const waiting = makeItem({ id: 'q-1', status: 'queued', attempts: 1 })
  const refused = encodeNote('desktop.gateway.said', {
    reason: encodeNote('desktop.gateway.httpStatus', {
      reason: encodeNote('desktop.gateway.quotaExceeded'),
      status: 400
    }),
    gateway: 'quota not enough, please renew'
  })
  const note = encodeNote('desktop.note.deviceQueueWaits', { error: refused })
  const history: ItemDetail['history'] = [
    { at: '2026-11-30T03:00:00.000Z', status: 'queued', note: null },
    { at: '2026-11-30T03:00:01.000Z', status: 'sending', note: null },
    { at: '2026-11-30T03:00:02.000Z', status: 'queued', ...noteFields(note, 'note', 'noteKey', 'noteParams') }
  ]

  it.each([
    [
      'en',
      'the device has no quota left; this device’s queue waits',
      'What the gateway said: quota not enough, please renew'
    ],
    [
      'id',
      'kuota perangkat sudah habis; antrean perangkat ini menunggu',
      'Yang dikatakan gateway: quota not enough, please renew'
    ]
  ] as const)(
    'gives the reason in words alone and the gateway’s own words under their heading, no HTTP code (%s)',
    async (language, words, said) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      fake.handle('outbox:list', () => ({ items: [waiting], total: 1 }))
      fake.handle('outbox:get', () => ({ item: waiting, history }))
      const user = userEvent.setup()
      render(<OutboxView />)
      await user.click(await screen.findByTestId('outbox-open-q-1'))
      const timeline = await screen.findByTestId('outbox-timeline')
      const last = [...timeline.querySelectorAll('li')].filter((li) => li.dataset['future'] !== 'true').at(-1)
      expect(last?.textContent).not.toMatch(/HTTP|400|\(gateway/)
      expect(last?.querySelector('.timeline-note')?.textContent).toContain(words)
      expect(last?.querySelector('.timeline-said')?.textContent).toBe(said)
    }
  )
})

describe("a today number's list (QA9 Q9-04)", () => {
  const failedToday = { event: 'failed' as const, since: todayIn('Asia/Jakarta').since }

  it('retries every message that failed today, and exports them, by the same filter the list shows', async () => {
    // More than one page: what failed today in a busy outbox.
    fake.handle('outbox:list', ({ offset = 0, limit = 200 }) => ({
      items: items(offset, limit).map((item) => ({ ...item, status: 'failed' as const })),
      total: 500
    }))
    fake.handle('outbox:retryMatching', () => ({ done: 500, refused: [], noLongerMatching: 0 }))
    exportAnswers({ fileName: 'outbox 2026-11-28.csv', dataBase64: btoa('a,b'), count: 3 })
    act(() => useOutbox.getState().setFilters({ happened: failedToday }))
    const user = userEvent.setup()
    render(<OutboxView />)
    expect(within(screen.getByRole('list', { name: 'Active filters' })).getByRole('button').textContent).toBe(
      'Failed today ×'
    )
    await user.click(await screen.findByRole('button', { name: 'Select all shown' }))
    await user.click(screen.getByRole('button', { name: 'Select all 500 matching the filters' }))
    await user.click(screen.getByRole('button', { name: 'Retry selected' }))
    await waitFor(() =>
      expect(fake.requests('outbox:retryMatching')).toEqual([
        { filter: { happenedSince: failedToday }, expected: 500, asOf: expect.any(String) }
      ])
    )
    await user.click(screen.getByRole('button', { name: 'Export (CSV)' }))
    expect(await screen.findByText('3 messages exported to outbox 2026-11-28.csv.')).toBeTruthy()
    expect(fake.requests('outbox:export')[0]?.filter).toEqual({ happenedSince: failedToday })
  })

  it("names the zone of the time a chip set another day counts from, on the operator's clock as the rows", async () => {
    // The operator's (WIB's) midnight starting 29 Nov.
    const yesterday = new Date(Date.UTC(2026, 10, 28, 17)).toISOString()
    act(() => useOutbox.getState().setFilters({ happened: { event: 'sent', since: yesterday } }))
    render(<OutboxView />)
    const chip = within(screen.getByRole('list', { name: 'Active filters' })).getByRole('button')
    expect(chip.textContent).toBe('Sent since 29 Nov 2026, 00:00 WIB ×')
  })

  it('names the filter in Indonesian too', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [makeDevice()] }))
    act(() => useOutbox.getState().setFilters({ happened: { ...failedToday, event: 'sent' } }))
    render(<OutboxView />)
    expect(await screen.findByRole('button', { name: /Terkirim hari ini/ })).toBeTruthy()
  })
})

describe('a reload (QA19 Q19-05: issue 29 point 5, "a reload returns to where the operator was")', () => {
  /** Leaves the page as a reload does: what it keeps is its history entry, not the window's memory. */
  function reload(unmount: () => void): void {
    dispatchEvent(new Event('beforeunload'))
    // What the page's history entry holds as it is left: a reload draws nothing more (the unmount below is the test's).
    const historyKept: unknown = history.state
    unmount()
    resetOutboxStore()
    resetPlace()
    resetOutboxPlace()
    seedStores(makeBootstrap({ devices: [makeDevice(), makeDevice({ id: 'dev-2', label: 'Warehouse' })] }))
    history.replaceState(historyKept, '')
    // What the outbox's code does as it loads, before the view is drawn.
    restoreOutboxPlace()
  }

  it('keeps the filters, shown as chips, and the open message', async () => {
    fake.handle('outbox:get', ({ id }) => ({ item: makeItem({ id, text: `Message ${id}` }), history: [] }))
    const user = userEvent.setup()
    restoreOutboxPlace()
    const first = render(<OutboxView />)
    await screen.findByText('Text: Message 0')
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }))
    await user.type(screen.getByRole('searchbox', { name: 'Recipient' }), '7891')
    await screen.findByRole('button', { name: 'Remove the filter Recipient: 7891' })
    await user.click(await screen.findByTestId('outbox-open-i-3'))
    await screen.findByTestId('outbox-detail')
    reload(first.unmount)

    render(<OutboxView />)
    const chips = within(screen.getByRole('list', { name: 'Active filters' }))
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual(['Failed ×', 'Recipient: 7891 ×'])
    expect((screen.getByRole('searchbox', { name: 'Recipient' }) as HTMLInputElement).value).toBe('7891')
    await waitFor(() =>
      expect(fake.requests('outbox:list').at(-1)).toMatchObject({ status: ['failed'], recipient: '7891' })
    )
    await waitFor(() => expect(fake.requests('outbox:get').at(-1)).toEqual({ id: 'i-3' }))
    expect(await screen.findByTestId('outbox-detail')).toBeTruthy()
  })

  it('says a message gone since is gone, without an error, and opens nothing', async () => {
    fake.handle('outbox:get', ({ id }) => ({ item: makeItem({ id }), history: [] }))
    const user = userEvent.setup()
    restoreOutboxPlace()
    const first = render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-i-3'))
    await screen.findByTestId('outbox-detail')
    reload(first.unmount)
    fake.fail('outbox:get', { code: 'not_found', message: 'No outbox item i-3.' })

    render(<OutboxView />)
    expect((await screen.findByTestId('outbox-reopen-gone')).textContent).toBe(
      'The message that was open before the reload is no longer in the outbox.'
    )
    expect(screen.queryByTestId('outbox-detail')).toBeNull()
    expect(screen.queryByText('No outbox item i-3.')).toBeNull()
  })
})
