// The status filter offers the buckets as the summary names them: "Cancelled" is what someone cancelled, and the
// messages cancelled because their number opted out are their own choice, "Opted out" (a carried finding: the
// summary said "3 cancelled · 5 opted out" and the Cancelled filter listed 8).
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { FakeApi } from '../../testing/fake-api'
import { answerOutboxExport } from '../../testing/outbox-export'
import { makeBootstrap, makeDevice, makeItem, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { matchesFilters, NO_FILTERS, resetOutboxStore, useOutbox } from '../../stores/outbox'
import { OUTBOX_PLACE_KEY, resetOutboxPlace, restoreOutboxPlace } from '../../stores/outbox-place'
import { OutboxView } from './OutboxView'

let fake: FakeApi
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')

const OPTED_OUT = makeItem({
  id: 'stopped',
  status: 'cancelled',
  failure: { code: 'opted_out', message: 'The number opted out', gatewayMessage: null }
})
const BY_HAND = makeItem({ id: 'by-hand', status: 'cancelled' })

beforeEach(() => {
  fake = installFakeApi()
  fake.handle('outbox:list', () => ({ items: [OPTED_OUT, BY_HAND], total: 2 }))
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('outbox-scroll') ? 600 : 0
    }
  })
  seedStores(makeBootstrap({ devices: [makeDevice()] }))
})

afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

function statusChoices(): string[] {
  const fieldset = screen.getByRole('group', { name: 'Status' })
  return within(fieldset)
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent?.trim() ?? '')
}

it('offers "Opted out" beside "Cancelled" and asks the core for that choice alone', async () => {
  const user = userEvent.setup()
  render(<OutboxView />)
  const choices = statusChoices()
  expect(choices.slice(choices.indexOf('Cancelled'), choices.indexOf('Cancelled') + 2)).toEqual([
    'Cancelled',
    'Opted out'
  ])
  await user.click(screen.getByRole('checkbox', { name: 'Opted out' }))
  await waitFor(() =>
    expect(fake.requests('outbox:list').at(-1)).toEqual({ offset: 0, limit: 200, status: ['optedOut'] })
  )
  const chips = within(screen.getByRole('list', { name: 'Active filters' }))
  expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual(['Opted out ×'])
  await user.click(screen.getByRole('checkbox', { name: 'Cancelled' }))
  await waitFor(() =>
    expect(fake.requests('outbox:list').at(-1)).toMatchObject({ status: ['cancelled', 'optedOut'] })
  )
})

it('names the choice in Indonesian as the summary does', () => {
  seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [makeDevice()] }))
  render(<OutboxView />)
  expect(screen.getByRole('checkbox', { name: 'Berhenti berlangganan' })).toBeTruthy()
})

it('keeps a new message in the list only under its own choice: an opted-out one is not "Cancelled"', () => {
  expect(matchesFilters(OPTED_OUT, { ...NO_FILTERS, statuses: ['cancelled'] })).toBe(false)
  expect(matchesFilters(OPTED_OUT, { ...NO_FILTERS, statuses: ['optedOut'] })).toBe(true)
  expect(matchesFilters(BY_HAND, { ...NO_FILTERS, statuses: ['cancelled'] })).toBe(true)
  expect(matchesFilters(BY_HAND, { ...NO_FILTERS, statuses: ['optedOut'] })).toBe(false)
})

it('exports what the choice lists', async () => {
  answerOutboxExport(fake)
  act(() => useOutbox.getState().setFilters({ statuses: ['optedOut'] }))
  render(<OutboxView />)
  await userEvent.setup().click(screen.getByRole('button', { name: 'Export (CSV)' }))
  await waitFor(() =>
    expect(fake.requests('outbox:export').at(-1)).toMatchObject({ filter: { status: ['optedOut'] } })
  )
})

it('loads a filter kept before a reload, old ("cancelled") and new ("optedOut") alike', () => {
  for (const statuses of [['cancelled'], ['optedOut']]) {
    resetOutboxStore()
    resetOutboxPlace()
    history.replaceState({ [OUTBOX_PLACE_KEY]: { filters: { ...NO_FILTERS, statuses }, openId: null } }, '')
    restoreOutboxPlace()
    expect(useOutbox.getState().filters.statuses).toEqual(statuses)
  }
})
