// A view whose code arrives late (a slow disk): the focus goes to its heading once it is shown, as for a view already
// loaded, unless the operator put the focus somewhere else while it loaded. A file of its own: the module mocks hold
// the views' code back for the whole file.
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Settings } from '../../shared/contract'
import { useNavigation } from './stores/navigation'
import { useSettings } from './stores/settings'
import type { Deferred } from './testing/fake-api'
import { makeCampaign } from './testing/fixtures'
import { installFakeApi, renderApp } from './testing/render'

/** One held-back chunk per view, released by the test (each view's module is loaded once per file). */
const chunks = vi.hoisted(() => {
  function held(): { arrived: Promise<void>; arrive: () => void } {
    let arrive = (): void => undefined
    const arrived = new Promise<void>((resolve) => (arrive = resolve))
    return { arrived, arrive }
  }
  return { webhooks: held(), reminders: held(), autoReplies: held(), settings: held() }
})
vi.mock('./features/webhooks/WebhooksView', async (original) => {
  await chunks.webhooks.arrived
  return original()
})
vi.mock('./features/reminders/RemindersView', async (original) => {
  await chunks.reminders.arrived
  return original()
})
vi.mock('./features/autoreplies/AutoRepliesView', async (original) => {
  await chunks.autoReplies.arrived
  return original()
})

vi.mock('./features/settings/SettingsView', async (original) => {
  await chunks.settings.arrived
  return original()
})

/** A button of the main navigation, by its name. */
function nav(name: string): HTMLElement {
  return within(screen.getByRole('navigation')).getByRole('button', { name })
}

/** The chunk arrives and the view is drawn. */
async function arrive(chunk: { arrive: () => void }, view: string): Promise<void> {
  await act(async () => {
    chunk.arrive()
    await vi.dynamicImportSettled()
  })
  await screen.findByTestId(`view-${view}`)
}

describe('a view whose code arrives late', () => {
  it('opened by Alt+digit: the focus waits on the status naming the view opening, then goes to the view heading', async () => {
    await renderApp(installFakeApi())
    await userEvent.setup().keyboard('{Alt>}9{/Alt}')
    const opening = screen.getByTestId('view-loading')
    expect(opening.textContent).toBe('Opening Webhooks…')
    expect(document.activeElement).toBe(opening)
    await arrive(chunks.webhooks, 'webhooks')
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Webhooks' }))
  })

  it('keeps the focus where the operator moved it while the view loaded (they tabbed into the navigation)', async () => {
    await renderApp(installFakeApi())
    const user = userEvent.setup()
    await user.keyboard('{Alt>}7{/Alt}')
    expect(screen.getByTestId('view-loading')).toBeTruthy()
    const outbox = nav('Outbox')
    act(() => outbox.focus())
    await arrive(chunks.reminders, 'reminders')
    expect(screen.getByRole('heading', { level: 2, name: 'Reminders' })).toBeTruthy()
    expect(document.activeElement).toBe(outbox)
  })

  it('opened by a click on its tab: the focus goes from the tab to the opening status, then to the heading', async () => {
    await renderApp(installFakeApi())
    const user = userEvent.setup()
    await user.click(nav('Auto-replies'))
    expect(document.activeElement).toBe(screen.getByTestId('view-loading'))
    expect(document.activeElement?.textContent).toBe('Opening Auto-replies…')
    await arrive(chunks.autoReplies, 'autoReplies')
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Auto-replies' }))
  })

  it('opened on a field (the wizard\'s "Add it in Settings"): the field does not take the focus the operator moved', async () => {
    await renderApp(installFakeApi())
    act(() =>
      useNavigation
        .getState()
        .navigate('settings', { settingsAsk: { field: 'supportContact', linkingDeviceId: null } })
    )
    expect(screen.getByTestId('view-loading')).toBeTruthy()
    const outbox = nav('Outbox')
    act(() => outbox.focus())
    await arrive(chunks.settings, 'settings')
    expect(document.activeElement).toBe(outbox)
  })
})

describe('a view that reads its own values after its code (Settings, a campaign opened from the Overview)', () => {
  /** Settings' values not yet read, as when the core's reply (or their language's words) is still on its way. */
  function settingsNotYetRead(): Settings {
    const settings = useSettings.getState().settings
    if (!settings) throw new Error('the shell is drawn with the settings read')
    act(() => useSettings.setState({ settings: null }))
    return settings
  }

  it('Settings: its own wait is said and focused, and its heading takes the focus when nobody moved', async () => {
    await renderApp(installFakeApi())
    const read = settingsNotYetRead()
    await userEvent.setup().keyboard('{Alt>}0{/Alt}')
    await arrive(chunks.settings, 'settings')
    const opening = within(screen.getByTestId('view-settings')).getByRole('status')
    expect(opening.textContent).toBe('Opening Settings…')
    expect(document.activeElement).toBe(opening)
    act(() => useSettings.setState({ settings: read }))
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Settings' }))
  })

  it('Settings: the focus the operator moved while its values were read stays where they put it', async () => {
    await renderApp(installFakeApi())
    const read = settingsNotYetRead()
    await userEvent.setup().keyboard('{Alt>}0{/Alt}')
    await arrive(chunks.settings, 'settings')
    const outbox = nav('Outbox')
    act(() => outbox.focus())
    act(() => useSettings.setState({ settings: read }))
    expect(screen.getByRole('heading', { level: 2, name: 'Settings' })).toBeTruthy()
    expect(document.activeElement).toBe(outbox)
  })

  /** The Overview lists campaign c2 at work; its row is clicked and the campaign's read is held back. */
  async function openCampaignFromOverview(): Promise<Deferred<'campaigns:get'>> {
    const fake = installFakeApi()
    const promo = makeCampaign({ id: 'c2', name: 'Promo', status: 'running' })
    fake.handle('campaigns:list', () => ({ campaigns: [promo] }))
    fake.handle('campaigns:progress', () => ({ at: [], sent: [], delivered: [], read: [], failed: [] }))
    fake.handle('campaigns:rows', () => ({ rows: [], total: 0 }))
    const read = fake.defer('campaigns:get')
    await renderApp(fake)
    const row = await screen.findByTestId('overview-campaign-c2')
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Promo' }))
    await act(() => vi.dynamicImportSettled())
    await screen.findByTestId('view-campaigns')
    await read.called
    fake.handle('campaigns:get', () => promo)
    return read
  }

  it('a campaign opened from the Overview: its heading takes the focus once read, when nobody moved', async () => {
    const read = await openCampaignFromOverview()
    await act(async () => read.resolve(makeCampaign({ id: 'c2', name: 'Promo', status: 'running' })))
    await waitFor(() => expect(document.activeElement?.id).toBe('campaign-progress'))
    expect(document.activeElement?.textContent).toContain('Promo')
  })

  it('a campaign opened from the Overview: the focus the operator moved while it was read stays', async () => {
    const read = await openCampaignFromOverview()
    const outbox = nav('Outbox')
    act(() => outbox.focus())
    await act(async () => read.resolve(makeCampaign({ id: 'c2', name: 'Promo', status: 'running' })))
    await waitFor(() => expect(document.getElementById('campaign-progress')).toBeTruthy())
    expect(document.activeElement).toBe(outbox)
  })
})
