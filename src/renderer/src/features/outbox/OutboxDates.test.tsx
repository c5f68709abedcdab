// The outbox's dates (QA22): a row is dated by what the list is ordered and its date filter filters by (when the
// message was created), says so, and names its zone, as the detail's times do; the filter's chips show the day as the
// window writes dates.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Language } from '../../i18n'
import { localeOf } from '../../i18n'
import { formatCompactDateTime, formatDateTime, zoneName } from '../../i18n/dates'
import { useOutbox } from '../../stores/outbox'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeItem, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { OutboxView } from './OutboxView'

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
// Created 1 Dec 23:43 WIB, read 2 Dec 00:01 WIB (as in the walk): the list is ordered and filtered by the first.
const READ = makeItem({
  id: 'read-1',
  status: 'read',
  createdAt: '2026-12-01T16:43:00.000Z',
  updatedAt: '2026-12-01T17:01:00.000Z',
  scheduledAt: '2026-12-01T17:00:00.000Z',
  timezone: 'Asia/Jayapura'
})
let fake: FakeApi

function seed(language: Language): void {
  seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
}

beforeEach(() => {
  fake = installFakeApi()
  fake.handle('outbox:list', () => ({ items: [READ], total: 1 }))
  fake.handle('outbox:get', () => ({
    item: READ,
    history: [
      { at: READ.createdAt, status: 'scheduled', note: null },
      { at: READ.updatedAt, status: 'read', note: null }
    ]
  }))
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('outbox-scroll') ? 680 : 0
    }
  })
})

afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

// The operator's zone (the settings' default), not the computer's: the one the date filter bounds its days on and the
// export writes its times in (QA27 Q27-03: on a UTC computer, rows in UTC and the file in WIB disagreed by a day).
const OPERATOR = makeSettings().defaultTimezone
const here = zoneName(OPERATOR)

describe('a row’s date is the one the date filter filters by (QA22 Q22-03), its zone named (Q22-04)', () => {
  it.each([
    ['en', 'Created', 'Created from', 'Created until'],
    ['id', 'Dibuat', 'Dibuat dari tanggal', 'Dibuat sampai tanggal']
  ] as const)(
    'in %s: "%s …" with the zone, under filters named by the same time',
    async (language, word, from, to) => {
      seed(language)
      render(<OutboxView />)
      const time = await screen.findByTestId('outbox-row-time')
      const full = time.querySelector('.row-time-full')!.textContent!
      const compact = time.querySelector('.row-time-compact')!.textContent!
      const locale = localeOf(language)
      const created = formatDateTime(READ.createdAt, locale, OPERATOR)
      expect(full).toBe(`${word} ${created} ${here}`)
      // Narrow, the same moment: its word and its zone stay.
      expect(compact.startsWith(`${word} `)).toBe(true)
      expect(compact.endsWith(` ${here}`)).toBe(true)
      // Not the moment it was read: the list is ordered, and its dates filtered, by creation.
      expect(full).not.toContain(formatDateTime(READ.updatedAt, locale, OPERATOR))
      expect(screen.getByLabelText(from)).toBeTruthy()
      expect(screen.getByLabelText(to)).toBeTruthy()
    }
  )
})

describe('the detail names the zone of its times (QA22 Q22-04)', () => {
  it('says "Created" and each step of the timeline with the zone they are shown in', async () => {
    seed('id')
    const user = userEvent.setup()
    render(<OutboxView />)
    await user.click(await screen.findByTestId('outbox-open-read-1'))
    const detail = await screen.findByTestId('outbox-detail')
    const created = within(detail).getByText('Dibuat').parentElement!.querySelector('dd')!.textContent
    expect(created).toBe(`${formatDateTime(READ.createdAt, localeOf('id'), OPERATOR)} ${here}`)
    // Beside "for … WIT": the schedule keeps its own zone.
    expect(within(detail).getByText('Dijadwalkan untuk').parentElement!.textContent).toContain('WIT')
    const times = [...(await screen.findByTestId('outbox-timeline')).querySelectorAll('time')].map(
      (el) => el.textContent
    )
    expect(times).toEqual([
      `${formatDateTime(READ.createdAt, localeOf('id'), OPERATOR)} ${here}`,
      `${formatDateTime(READ.updatedAt, localeOf('id'), OPERATOR)} ${here}`
    ])
  })
})

describe('the date filter’s chips say the day as the window writes dates (QA22 Q22-07)', () => {
  it.each([
    ['id', 'Dibuat dari tanggal: 2 Des 2026 ×', 'Dibuat sampai tanggal: 3 Des 2026 ×'],
    ['en', 'Created from: 2 Dec 2026 ×', 'Created until: 3 Dec 2026 ×']
  ] as const)('in %s', async (language, fromChip, toChip) => {
    seed(language)
    act(() => useOutbox.getState().setFilters({ from: '2026-12-02', to: '2026-12-03' }))
    render(<OutboxView />)
    const name = language === 'id' ? 'Filter aktif' : 'Active filters'
    const chips = within(await screen.findByRole('list', { name }))
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([fromChip, toChip])
  })
})

describe('a row says when its status came, beside its badge, zone named (the operator scanning failures)', () => {
  // Created 1 Dec 23:43 WIB, failed 2 Dec 00:06 WIB: another day than its creation.
  const FAILED = makeItem({
    id: 'failed-1',
    status: 'failed',
    createdAt: '2026-12-01T16:43:00.000Z',
    updatedAt: '2026-12-01T17:06:00.000Z'
  })

  it.each(['en', 'id'] as const)('in %s, in the wide and the narrow window alike', async (language) => {
    fake.handle('outbox:list', () => ({ items: [FAILED, READ], total: 2 }))
    seed(language)
    render(<OutboxView />)
    const button = await screen.findByTestId('outbox-open-failed-1')
    const locale = localeOf(language)
    const statusTime = within(button).getByTestId('outbox-row-status-time')
    expect(statusTime.textContent).toBe(formatCompactDateTime(FAILED.updatedAt, locale, OPERATOR, true))
    expect(statusTime.textContent).toContain(here)
    // Read with its badge, as the operator reads it: "Failed 2 Dec, 00:06 WIB".
    const badge = within(button).getByTestId('outbox-status')
    expect(badge.nextElementSibling).toBe(statusTime)
    expect(statusTime.getAttribute('dateTime')).toBe(FAILED.updatedAt)
    // Its creation still dates the row.
    expect(within(button).getByTestId('outbox-row-time').textContent).toContain(
      formatDateTime(FAILED.createdAt, locale, OPERATOR)
    )
  })

  it('not for a message still as it was made: its created time, under the badge, is when its status came', async () => {
    const queued = makeItem({
      id: 'queued-1',
      status: 'queued',
      createdAt: '2026-12-06T02:23:00.000Z',
      updatedAt: '2026-12-06T02:23:00.000Z'
    })
    const retried = makeItem({
      id: 'queued-2',
      status: 'queued',
      createdAt: '2026-12-06T02:23:00.000Z',
      updatedAt: '2026-12-06T02:40:00.000Z'
    })
    fake.handle('outbox:list', () => ({ items: [queued, retried], total: 2 }))
    seed('en')
    render(<OutboxView />)
    const made = await screen.findByTestId('outbox-open-queued-1')
    expect(within(made).queryByTestId('outbox-row-status-time')).toBeNull()
    expect(made.querySelector('.row-status-time-short')).toBeNull()
    expect(within(made).getByTestId('outbox-row-time').textContent).toContain('Created')
    // Queued again later (a retry): when is news.
    const again = screen.getByTestId('outbox-open-queued-2')
    expect(within(again).getByTestId('outbox-row-status-time').getAttribute('dateTime')).toBe(
      retried.updatedAt
    )
  })

  it('not for a message waiting for its schedule: its row says when it is due', async () => {
    const waiting = makeItem({
      id: 'waiting-1',
      status: 'scheduled',
      scheduledAt: '2026-12-03T01:00:00.000Z',
      timezone: 'Asia/Jayapura'
    })
    fake.handle('outbox:list', () => ({ items: [waiting], total: 1 }))
    seed('en')
    render(<OutboxView />)
    const button = await screen.findByTestId('outbox-open-waiting-1')
    expect(within(button).queryByTestId('outbox-row-status-time')).toBeNull()
  })
})

// A new operator's probe: "Created until" a day before "Created from" showed only "No messages match".
describe('days in the wrong order', () => {
  it.each([
    ['en', 'This day is before “Created from”: no message can be in both.'],
    ['id', 'Tanggal ini lebih awal dari “Dibuat dari tanggal”: tidak ada pesan yang memenuhi keduanya.']
  ] as const)('are said at the "until" field in %s, and the same day is not', async (language, said) => {
    seed(language)
    act(() => useOutbox.getState().setFilters({ from: '2026-12-02', to: '2026-12-01' }))
    const view = render(<OutboxView />)
    const until = screen.getByTestId('outbox-filter-to')
    expect(until.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(until.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      `⚠ ${said}`
    )
    act(() => useOutbox.getState().setFilters({ to: '2026-12-02' }))
    expect(until.getAttribute('aria-invalid')).toBeNull()
    expect(screen.queryByTestId('outbox-filter-reversed')).toBeNull()
    view.unmount()
  })
})
