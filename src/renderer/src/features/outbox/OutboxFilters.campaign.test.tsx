// QA73: with two campaigns running and direct sends, the Outbox could not be narrowed to one campaign, and its summary
// counted them all. A Campaign filter (a select, a removable chip, kept across a reload) asks the core for that
// campaign's messages, its total, its export, and its summary counts: those of the campaign's card.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { FakeApi } from '../../testing/fake-api'
import { answerOutboxExport } from '../../testing/outbox-export'
import {
  makeBootstrap,
  makeCampaign,
  makeCounts,
  makeDevice,
  makeItem,
  makeSettings
} from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { matchesFilters, NO_FILTERS, resetOutboxStore, useOutbox } from '../../stores/outbox'
import { OUTBOX_PLACE_KEY, resetOutboxPlace, restoreOutboxPlace } from '../../stores/outbox-place'
import { OutboxView } from './OutboxView'

let fake: FakeApi
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')

const BILLS = makeCampaign({ id: 'c-bills', name: 'Bills March' })
const PROMO = makeCampaign({ id: 'c-promo', name: 'Promo' })
const EVERYTHING = makeCounts({ queued: 280, read: 10, failed: 2, total: 292 })
const BILLS_COUNTS = makeCounts({ queued: 120, read: 4, failed: 1, total: 125 })

beforeEach(() => {
  fake = installFakeApi()
  fake.handle('campaigns:list', () => ({ campaigns: [BILLS, PROMO] }))
  fake.handle('outbox:counts', (request) => (request.campaignId === 'c-bills' ? BILLS_COUNTS : EVERYTHING))
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('outbox-scroll') ? 600 : 0
    }
  })
  seedStores(makeBootstrap({ devices: [makeDevice()] }))
  useOutbox.getState().setCounts({ counts: EVERYTHING })
})

afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

it('offers the campaigns, asks the core for the one picked, names it on a chip that removes it', async () => {
  const user = userEvent.setup()
  render(<OutboxView />)
  const select = screen.getByRole('combobox', { name: 'Campaign' })
  await waitFor(() =>
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent)
    ).toEqual(['All messages', 'Direct sends only', 'Bills March', 'Promo'])
  )
  await user.selectOptions(select, 'Bills March')
  await waitFor(() =>
    expect(fake.requests('outbox:list').at(-1)).toEqual({ offset: 0, limit: 200, campaignId: 'c-bills' })
  )
  const chips = within(screen.getByRole('list', { name: 'Active filters' }))
  expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual(['Campaign: Bills March ×'])
  await user.click(chips.getByRole('button', { name: 'Remove the filter Campaign: Bills March' }))
  await waitFor(() => expect(fake.requests('outbox:list').at(-1)).toEqual({ offset: 0, limit: 200 }))
  expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull()
})

it("sums up the campaign's messages under its filter, as its card counts them, and all of them without", async () => {
  render(<OutboxView />)
  expect(screen.getByTestId('outbox-counts').textContent).toBe(
    '280 queued · 0 scheduled · 10 read · 2 failed · 292 in all'
  )
  act(() => useOutbox.getState().setFilters({ campaignId: 'c-bills' }))
  await waitFor(() =>
    expect(screen.getByTestId('outbox-counts').textContent).toBe(
      // Named as the summary under the Device filter names its device (issue 29 point 2).
      'Bills March: 120 queued · 0 scheduled · 4 read · 1 failed · 125 in all'
    )
  )
  expect(fake.requests('outbox:counts').at(-1)).toEqual({ campaignId: 'c-bills' })
  act(() => useOutbox.getState().setFilters({ campaignId: '' }))
  expect(screen.getByTestId('outbox-counts').textContent).toBe(
    '280 queued · 0 scheduled · 10 read · 2 failed · 292 in all'
  )
})

it('names the filter in Indonesian', async () => {
  seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [makeDevice()] }))
  act(() => useOutbox.getState().setFilters({ campaignId: 'c-bills' }))
  render(<OutboxView />)
  const select = screen.getByRole('combobox', { name: 'Kampanye' })
  await waitFor(() => expect(within(select).getAllByRole('option')[0]?.textContent).toBe('Semua pesan'))
  await waitFor(() =>
    expect(
      within(screen.getByRole('list', { name: 'Filter aktif' }))
        .getAllByRole('button')
        .map((b) => b.textContent)
    ).toEqual(['Kampanye: Bills March ×'])
  )
})

it('exports what the campaign filter lists', async () => {
  answerOutboxExport(fake)
  act(() => useOutbox.getState().setFilters({ campaignId: 'c-promo' }))
  render(<OutboxView />)
  await userEvent.setup().click(screen.getByRole('button', { name: 'Export (CSV)' }))
  await waitFor(() =>
    expect(fake.requests('outbox:export').at(-1)).toMatchObject({ filter: { campaignId: 'c-promo' } })
  )
})

it("keeps a new message in the list only when its campaign's", () => {
  const ofBills = makeItem({ id: 'b', producer: { kind: 'campaign', id: 'c-bills', ref: 2 } })
  const direct = makeItem({ id: 'd' })
  expect(matchesFilters(ofBills, { ...NO_FILTERS, campaignId: 'c-bills' })).toBe(true)
  expect(matchesFilters(ofBills, { ...NO_FILTERS, campaignId: 'c-promo' })).toBe(false)
  expect(matchesFilters(direct, { ...NO_FILTERS, campaignId: 'c-bills' })).toBe(false)
  expect(matchesFilters(direct, NO_FILTERS)).toBe(true)
})

it('loads filters kept before a reload, from before the Campaign filter too', () => {
  const { campaignId: _none, ...before } = { ...NO_FILTERS, statuses: ['queued'] }
  for (const [filters, campaignId, statuses] of [
    [before, '', ['queued']],
    [{ ...NO_FILTERS, campaignId: 'c-bills' }, 'c-bills', []]
  ] as const) {
    resetOutboxStore()
    resetOutboxPlace()
    history.replaceState({ [OUTBOX_PLACE_KEY]: { filters, openId: null } }, '')
    restoreOutboxPlace()
    expect(useOutbox.getState().filters.campaignId).toBe(campaignId)
    expect(useOutbox.getState().filters.statuses).toEqual(statuses)
  }
})
