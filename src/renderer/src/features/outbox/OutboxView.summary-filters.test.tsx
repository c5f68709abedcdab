// QA73 (issue 29 point 2: every summary adds up to what it counts): the Outbox's summary counted every device under
// the Device filter, so "292 in all" stood over a list of 35. It now counts the filtered device (and, under Campaign
// too, that campaign's messages on it), and names what it counts as it does a campaign's.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, it } from 'vitest'
import type { FakeApi } from '../../testing/fake-api'
import {
  makeBootstrap,
  makeCampaign,
  makeCounts,
  makeDevice,
  makeItem,
  makeSettings
} from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { listRequest, matchesFilters, resetOutboxStore, useOutbox } from '../../stores/outbox'
import { OUTBOX_PLACE_KEY, resetOutboxPlace, restoreOutboxPlace } from '../../stores/outbox-place'
import { OutboxView } from './OutboxView'

let fake: FakeApi
const FRONT = makeDevice({ id: 'dev-1', label: 'Front office' })
const BACK = makeDevice({ id: 'dev-2', label: 'Back office' })
const EVERYTHING = makeCounts({ queued: 280, read: 10, failed: 2, total: 292 })
const BACK_COUNTS = makeCounts({ queued: 30, read: 5, total: 35 })
const BILLS_ON_BACK = makeCounts({ queued: 7, failed: 1, total: 8 })

beforeEach(() => {
  fake = installFakeApi()
  fake.handle('campaigns:list', () => ({ campaigns: [makeCampaign({ id: 'c-bills', name: 'Bills March' })] }))
  fake.handle('outbox:counts', ({ deviceId, campaignId }) =>
    deviceId === 'dev-2' ? (campaignId === 'c-bills' ? BILLS_ON_BACK : BACK_COUNTS) : EVERYTHING
  )
  fake.handle('outbox:list', ({ deviceId, campaignId }) => ({
    items: [],
    total: deviceId === 'dev-2' ? (campaignId === 'c-bills' ? 8 : 35) : 292
  }))
  seedStores(makeBootstrap({ devices: [FRONT, BACK] }))
  useOutbox.getState().setCounts({ counts: EVERYTHING })
})

const summary = (): string => screen.getByTestId('outbox-counts').textContent ?? ''

it("counts the filtered device's messages, names the device, and adds up to the list's total", async () => {
  render(<OutboxView />)
  expect(summary()).toBe('280 queued · 0 scheduled · 10 read · 2 failed · 292 in all')
  act(() => useOutbox.getState().setFilters({ deviceId: 'dev-2' }))
  await waitFor(() =>
    expect(summary()).toBe('Back office: 30 queued · 0 scheduled · 5 read · 0 failed · 35 in all')
  )
  expect(fake.requests('outbox:counts').at(-1)).toEqual({ deviceId: 'dev-2' })
  await waitFor(() => expect(useOutbox.getState().total).toBe(35))
  act(() => useOutbox.getState().setFilters({ deviceId: '' }))
  expect(summary()).toBe('280 queued · 0 scheduled · 10 read · 2 failed · 292 in all')
})

it("counts a campaign's messages on the filtered device under both filters", async () => {
  render(<OutboxView />)
  act(() => useOutbox.getState().setFilters({ deviceId: 'dev-2', campaignId: 'c-bills' }))
  await waitFor(() =>
    expect(summary()).toBe('Bills March on Back office: 7 queued · 0 scheduled · 1 failed · 8 in all')
  )
  expect(fake.requests('outbox:counts').at(-1)).toEqual({ deviceId: 'dev-2', campaignId: 'c-bills' })
})

it('names what it counts in Indonesian', async () => {
  seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [FRONT, BACK] }))
  render(<OutboxView />)
  act(() => useOutbox.getState().setFilters({ deviceId: 'dev-2', campaignId: 'c-bills' }))
  await waitFor(() => expect(summary()).toMatch(/^Bills March di Back office: 7 /))
})

// QA73: the Campaign filter's "Direct sends only", the messages not from any campaign.
it('offers "Direct sends only": the list, its chip and the summary follow it, and a reload keeps it', async () => {
  const user = userEvent.setup()
  const DIRECT = makeCounts({ queued: 3, sent: 2, total: 5 })
  fake.handle('outbox:counts', ({ directOnly }) => (directOnly ? DIRECT : EVERYTHING))
  render(<OutboxView />)
  const select = screen.getByRole('combobox', { name: 'Campaign' })
  await waitFor(() =>
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent)
    ).toEqual(['All messages', 'Direct sends only', 'Bills March'])
  )
  await user.selectOptions(select, 'Direct sends only')
  await waitFor(() =>
    expect(fake.requests('outbox:list').at(-1)).toEqual({ offset: 0, limit: 200, directOnly: true })
  )
  await waitFor(() => expect(summary()).toMatch(/^Direct sends only: 3 queued · .* · 5 in all$/))
  expect(fake.requests('outbox:counts').at(-1)).toEqual({ directOnly: true })
  expect(
    within(screen.getByRole('list', { name: 'Active filters' }))
      .getAllByRole('button')
      .map((b) => b.textContent)
  ).toEqual(['Campaign: Direct sends only ×'])
  const campaignRow = makeItem({ id: 'c', producer: { kind: 'campaign', id: 'c-bills', ref: 1 } })
  const seriesRow = makeItem({ id: 's', producer: { kind: 'series', id: 's1', ref: null } })
  expect(matchesFilters(campaignRow, useOutbox.getState().filters)).toBe(false)
  expect(matchesFilters(makeItem({ id: 'd' }), useOutbox.getState().filters)).toBe(true)
  expect(matchesFilters(seriesRow, useOutbox.getState().filters)).toBe(true)
  // Kept across a reload, as a campaign is.
  const kept = useOutbox.getState().filters
  resetOutboxStore()
  resetOutboxPlace()
  history.replaceState({ [OUTBOX_PLACE_KEY]: { filters: kept, openId: null } }, '')
  restoreOutboxPlace()
  expect(listRequest(useOutbox.getState().filters, 0, 1)).toMatchObject({ directOnly: true })
})

it('says "Direct sends only" in Indonesian', async () => {
  seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [FRONT, BACK] }))
  render(<OutboxView />)
  const select = screen.getByRole('combobox', { name: 'Kampanye' })
  await waitFor(() =>
    expect(within(select).getAllByRole('option')[1]?.textContent).toBe('Hanya kiriman langsung')
  )
})
