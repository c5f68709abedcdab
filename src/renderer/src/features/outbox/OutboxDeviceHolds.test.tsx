// @vitest-environment jsdom
// A queued message its device holds (logged out, unreachable, its token refused…) says so on its row, and its detail
// offers the one action that helps the device, as the attention strip does (QA72: 25 rows read as ordinary "Queued",
// the detail said "Waiting: Shop B is logged out" and nothing to do about it).
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { DeviceView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeItem, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { giveListsHeight } from '../../testing/list-height'
import { useNavigation } from '../../stores/navigation'
import { resetOutboxStore } from '../../stores/outbox'
import { OutboxDetail } from './OutboxDetail'
import { OutboxList } from './OutboxList'

let fake: FakeApi

const SHOP_B = 'Shop B'
const loggedOut = (): DeviceView =>
  makeDevice({ id: 'dev-b', label: SHOP_B, state: 'needs-scan', stateNote: 'need scan qr code again' })

beforeEach(() => {
  fake = installFakeApi()
  resetOutboxStore()
  giveListsHeight(600)
})

function seed(language: 'en' | 'id', shopB: DeviceView): void {
  const items = [
    makeItem({ id: 'held', text: 'held', deviceId: 'dev-b' }),
    makeItem({ id: 'free', text: 'free', deviceId: 'dev-1' })
  ]
  fake.handle('outbox:list', () => ({ items, total: items.length }))
  fake.handle('outbox:get', ({ id }) => ({ item: items.find((item) => item.id === id)!, history: [] }))
  seedStores(
    makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice({ id: 'dev-1' }), shopB] })
  )
}

const badgeOf = (text: string, language: 'en' | 'id'): string => {
  const what = language === 'en' ? 'Text' : 'Teks'
  return (
    within(
      screen.getByText(`${what}: ${text}`).closest('[data-testid="outbox-row"]') as HTMLElement
    ).getByTestId('outbox-status').textContent ?? ''
  )
}

describe('a queued row its device holds', () => {
  it.each([
    ['en', '…Queued · waiting for Shop B', '…Queued'],
    ['id', '…Dalam antrean · menunggu Shop B', '…Dalam antrean']
  ] as const)('says which device it waits for (%s)', async (language, held, free) => {
    seed(language, loggedOut())
    render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
    await screen.findByText(language === 'en' ? 'Text: held' : 'Teks: held')
    // The full words, then the narrow row's short one.
    expect(badgeOf('held', language)).toMatch(new RegExp(`^${held.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    expect(badgeOf('free', language)).toBe(free)
  })
})

describe('the detail of a message its device holds', () => {
  it.each([
    ['en', 'Relink'],
    ['id', 'Tautkan ulang']
  ] as const)('offers Relink for a logged-out phone, opening the wizard (%s)', async (language, relink) => {
    seed(language, loggedOut())
    fake.handle('linking:begin', () => loggedOut())
    render(<OutboxDetail id="held" onClose={() => undefined} />)
    const help = await screen.findByTestId('outbox-device-help')
    const button = within(help).getByRole('button', { name: new RegExp(relink) })
    await userEvent.setup().click(button)
    await waitFor(() => expect(fake.requests('linking:begin')).toEqual([{ id: 'dev-b' }]))
    expect(useNavigation.getState().view).toBe('linking')
  })

  it('offers Check again for an unreachable gateway, and asks the device again', async () => {
    const unreachable = makeDevice({ id: 'dev-b', label: SHOP_B, state: 'unreachable' })
    seed('en', unreachable)
    fake.handle('devices:refresh', () => unreachable)
    render(<OutboxDetail id="held" onClose={() => undefined} />)
    const help = await screen.findByTestId('outbox-device-help')
    await userEvent.setup().click(within(help).getByRole('button', { name: /Check again/ }))
    await waitFor(() => expect(fake.requests('devices:refresh')).toEqual([{ id: 'dev-b' }]))
  })

  it('offers the token form for a refused token', async () => {
    seed('en', makeDevice({ id: 'dev-b', label: SHOP_B, state: 'token-invalid' }))
    render(<OutboxDetail id="held" onClose={() => undefined} />)
    const help = await screen.findByTestId('outbox-device-help')
    await userEvent.setup().click(within(help).getByRole('button', { name: /Enter the token again/ }))
    expect(useNavigation.getState().view).toBe('devices')
  })

  it('offers nothing for a message whose device can send', async () => {
    seed('en', loggedOut())
    render(<OutboxDetail id="free" onClose={() => undefined} />)
    await screen.findByTestId('outbox-detail-recipient')
    expect(screen.queryByTestId('outbox-device-help')).toBeNull()
  })
})
