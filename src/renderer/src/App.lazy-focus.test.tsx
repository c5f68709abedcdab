// A view whose code arrives late (a slow disk): the focus goes to its heading once it is shown, as for a view already
// loaded, unless the operator put the focus somewhere else while it loaded. A file of its own: the module mocks hold
// the views' code back for the whole file.
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { useNavigation } from './stores/navigation'
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
  it('opened by Alt+digit: the focus waits on the main region, then goes to the view heading', async () => {
    await renderApp(installFakeApi())
    await userEvent.setup().keyboard('{Alt>}9{/Alt}')
    expect(screen.getByTestId('view-loading')).toBeTruthy()
    expect(document.activeElement).toBe(document.getElementById('main'))
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

  it('opened by a click on its tab: the focus goes from the tab to the heading once the view is shown', async () => {
    await renderApp(installFakeApi())
    const user = userEvent.setup()
    await user.click(nav('Auto-replies'))
    expect(screen.getByTestId('view-loading')).toBeTruthy()
    expect(document.activeElement).toBe(nav('Auto-replies'))
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
