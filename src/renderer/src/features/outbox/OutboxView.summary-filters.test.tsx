// QA73 (issue 29 point 2: every summary adds up to what it counts): the Outbox's summary counted every device under
// the Device filter, so "292 in all" stood over a list of 35. It now counts the filtered device (and, under Campaign
// too, that campaign's messages on it), and names what it counts as it does a campaign's.
import { act, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, expect, it } from 'vitest'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeCampaign, makeCounts, makeDevice, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { useOutbox } from '../../stores/outbox'
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
  useOutbox.getState().setCounts(EVERYTHING, false, 0)
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
