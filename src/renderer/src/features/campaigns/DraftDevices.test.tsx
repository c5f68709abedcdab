// A draft's "Send from" and its Start (QA81 defect 5): a draft with no device offers its Start as unavailable, said why;
// a box follows the click at once while the core saves the choice, and goes back, the refusal said, if it refuses.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { CampaignView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeCampaign, makeDevice, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { CampaignsView } from './CampaignsView'

let fake: FakeApi

const draftOn = (devices: string[]): CampaignView =>
  makeCampaign({
    status: 'draft',
    startedAt: null,
    devices: devices.map((deviceId) => ({ deviceId, wait: null, autoPaused: null })),
    counts: { waiting: 2, skipped: 1 }
  })

/** Draft c1 on `devices`; a choice the core takes makes the draft that choice's. */
function draft(devices: string[]): void {
  let current = draftOn(devices)
  fake.handle('campaigns:list', () => ({ campaigns: [current] }))
  fake.handle('campaigns:get', () => current)
  fake.handle('campaigns:setDevices', ({ devices: chosen }) => {
    current = draftOn(chosen)
    return current
  })
}

function seed(language: 'en' | 'id'): void {
  seedStores(
    makeBootstrap({
      settings: makeSettings({ language }),
      devices: [
        makeDevice({ id: 'dev-1', label: 'Shop', quota: 120 }),
        makeDevice({ id: 'dev-2', label: 'Stall', quota: 120 })
      ]
    })
  )
}

beforeEach(() => {
  fake = installFakeApi()
  seed('en')
  fake.handle('optouts:list', () => ({ optOuts: [], total: 0, listed: 0 }))
  fake.handle('optouts:keywords', () => ({ optOut: ['STOP'], optIn: ['START'] }))
})

async function openDraft(): Promise<{
  user: ReturnType<typeof userEvent.setup>
  draftPage: HTMLElement
  box: (name: RegExp) => HTMLInputElement
  start: () => HTMLElement
}> {
  const user = userEvent.setup()
  render(<CampaignsView />)
  await user.click(await screen.findByRole('button', { name: 'bills' }))
  const draftPage = await screen.findByTestId('campaign-draft')
  const field = within(draftPage).getByTestId('campaign-draft-devices')
  return {
    user,
    draftPage,
    box: (name) => within(field).getByRole('checkbox', { name }) as HTMLInputElement,
    start: () => within(draftPage).getByTestId('campaign-draft-start')
  }
}

const describedBy = (element: HTMLElement): string =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

describe('a draft with no device', () => {
  it('offers its Start as unavailable, described by why, until a device is chosen', async () => {
    draft([])
    const { user, draftPage, box, start } = await openDraft()
    const words = 'This draft has no device: choose one before starting.'
    // Drawn as unavailable and said so, yet kept focusable: a press still says why, at the devices.
    expect(start().getAttribute('aria-disabled')).toBe('true')
    expect(describedBy(start())).toBe(words)
    // The page read the draft as it opened; the press asks nothing more.
    const asked = fake.requests('campaigns:checkDraft').length
    await user.click(start())
    expect((await within(draftPage).findByRole('alert')).textContent).toBe(words)
    expect(document.activeElement).toBe(box(/Shop/))
    expect(fake.requests('campaigns:checkDraft')).toHaveLength(asked)

    await user.click(box(/Shop/))
    await waitFor(() => expect(start().getAttribute('aria-disabled')).toBeNull())
    expect(start().getAttribute('aria-describedby')).toBeNull()
  })

  it('says why in Indonesian', async () => {
    seed('id')
    draft([])
    const { start } = await openDraft()
    expect(start().getAttribute('aria-disabled')).toBe('true')
    expect(describedBy(start())).toBe('Draf ini tidak punya perangkat: pilih satu sebelum memulai.')
  })
})

describe('a draft’s device box', () => {
  it('follows the click at once while the core saves the choice, the focus kept on it', async () => {
    draft(['dev-1'])
    const { user, box } = await openDraft()
    const saving = fake.defer('campaigns:setDevices')
    await user.click(box(/Stall/))
    await saving.called
    // Ticked at the click, not at the core's answer; a second change waits for it.
    expect(box(/Stall/).checked).toBe(true)
    expect(box(/Shop/).checked).toBe(true)
    expect(box(/Stall/).getAttribute('aria-disabled')).toBe('true')
    expect(document.activeElement).toBe(box(/Stall/))
    saving.resolve(draftOn(['dev-1', 'dev-2']))
    await waitFor(() => expect(box(/Stall/).getAttribute('aria-disabled')).toBeNull())
    expect(box(/Stall/).checked).toBe(true)
    expect(document.activeElement).toBe(box(/Stall/))
    expect(fake.requests('campaigns:setDevices')).toEqual([{ id: 'c1', devices: ['dev-1', 'dev-2'] }])
  })

  it('unticked at the click, goes back when the core refuses, the refusal said and the focus kept', async () => {
    draft(['dev-1', 'dev-2'])
    const { user, draftPage, box } = await openDraft()
    const saving = fake.defer('campaigns:setDevices')
    await user.click(box(/Stall/))
    await saving.called
    expect(box(/Stall/).checked).toBe(false)
    saving.reject({ code: 'invalid_input', message: 'That device cannot send now.', field: 'devices' })
    expect((await within(draftPage).findByRole('alert')).textContent).toBe('That device cannot send now.')
    expect(box(/Stall/).checked).toBe(true)
    expect(box(/Shop/).checked).toBe(true)
    expect(document.activeElement).toBe(box(/Stall/))
  })

  it('keeps the last one ticked: unticking it is refused in Indonesian, nothing asked', async () => {
    seed('id')
    draft(['dev-1'])
    const { user, draftPage, box } = await openDraft()
    await user.click(box(/Shop/))
    expect((await within(draftPage).findByRole('alert')).textContent).toBe('Pilih setidaknya satu perangkat.')
    expect(box(/Shop/).checked).toBe(true)
    expect(document.activeElement).toBe(box(/Shop/))
    expect(fake.requests('campaigns:setDevices')).toEqual([])
  })
})
