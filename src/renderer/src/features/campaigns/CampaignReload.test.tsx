// QA45 Q45-02: a reload with a campaign open came back on the list of campaigns, the focus on the page; the operator
// had to find the campaign and open it again. The Inbox and the Outbox open again what was open; so does this view.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CampaignView } from '../../../../shared/contract'
import { resetNavigationStore, useNavigation } from '../../stores/navigation'
import { OPEN_CAMPAIGN_KEY, resetPlace } from '../../stores/place'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeCampaign, makeDevice, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { ViewSlot } from '../../ui/on-demand'
import { CampaignsView } from './CampaignsView'

// jsdom has no canvas: the chart's uPlot draws nothing here (CampaignsView.test.tsx).
vi.mock('uplot', () => ({
  default: class {
    static paths = {}
    destroy(): void {}
  }
}))

let fake: FakeApi
const PROMO = makeCampaign({ id: 'c2', name: 'Promo', status: 'finished' })
const BILLS = makeCampaign({ id: 'c1', name: 'Bills', status: 'finished' })

function script(campaigns: () => CampaignView[]): void {
  fake.handle('campaigns:list', () => ({ campaigns: campaigns() }))
  fake.handle('campaigns:get', ({ id }) => campaigns().find((c) => c.id === id) ?? PROMO)
  fake.handle('campaigns:progress', () => ({ at: [], sent: [], delivered: [], read: [], failed: [] }))
  fake.handle('campaigns:rows', () => ({ rows: [], total: 0 }))
  fake.handle('optouts:list', () => ({ optOuts: [], total: 0, listed: 0 }))
  fake.handle('optouts:keywords', () => ({ optOut: ['STOP'], optIn: ['START'] }))
}

function renderCampaigns(name = 'Campaigns'): () => void {
  return render(
    <ViewSlot name={name}>
      <CampaignsView />
    </ViewSlot>
  ).unmount
}

/**
 * The page is left and loaded again: what a reload keeps is its history entry, not the window's memory. The window
 * starts again on the Campaigns view (stores/place.ts returns there: the first view, not navigated to).
 */
function reload(unmount: () => void): void {
  dispatchEvent(new Event('beforeunload'))
  unmount()
  const historyKept: unknown = history.state
  resetPlace()
  resetNavigationStore()
  history.replaceState(historyKept, '')
  useNavigation.getState().navigate('campaigns')
}

async function openPromo(): Promise<() => void> {
  useNavigation.getState().navigate('home')
  useNavigation.getState().navigate('campaigns')
  const unmount = renderCampaigns()
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Promo' }))
  await waitFor(() => expect(document.activeElement?.id).toBe('campaign-progress'))
  return unmount
}

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1', label: 'Shop' })] }))
})

describe('the open campaign, across a reload (QA45 Q45-02)', () => {
  it('is open again, its heading focused as opening it does', async () => {
    script(() => [BILLS, PROMO])
    reload(await openPromo())
    renderCampaigns()
    await waitFor(() => expect(document.activeElement?.id).toBe('campaign-progress'))
    expect(document.activeElement?.textContent).toContain('Promo')
    expect(history.state).toMatchObject({ [OPEN_CAMPAIGN_KEY]: 'c2' })
  })

  it('is open again in Bahasa Indonesia too', async () => {
    seedStores(
      makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [makeDevice({ id: 'dev-1' })] })
    )
    script(() => [BILLS, PROMO])
    reload(await openPromo())
    renderCampaigns('Kampanye')
    await waitFor(() => expect(document.activeElement?.id).toBe('campaign-progress'))
    expect(screen.getByRole('button', { name: 'Kampanye baru' })).toBeTruthy()
  })

  it('does not open when it was deleted since: the list is shown', async () => {
    let campaigns = [BILLS, PROMO]
    script(() => campaigns)
    const unmount = await openPromo()
    campaigns = [BILLS]
    reload(unmount)
    renderCampaigns()
    await screen.findByRole('button', { name: 'Bills' })
    await waitFor(() => expect(fake.requests('campaigns:list').length).toBeGreaterThan(1))
    expect(screen.queryByTestId('campaign-progress')).toBeNull()
    expect(fake.requests('campaigns:get').filter((r) => r.id === 'c2')).toHaveLength(1)
    expect(document.activeElement).toBe(document.body)
  })

  it('is not opened again once the operator closed it for a new campaign', async () => {
    script(() => [BILLS, PROMO])
    const unmount = await openPromo()
    await userEvent.setup().click(screen.getByRole('button', { name: 'New campaign' }))
    expect(screen.queryByTestId('campaign-progress')).toBeNull()
    reload(unmount)
    renderCampaigns()
    await screen.findByRole('button', { name: 'Promo' })
    await waitFor(() => expect(fake.requests('campaigns:list').length).toBeGreaterThan(2))
    expect(screen.queryByTestId('campaign-progress')).toBeNull()
  })
})
