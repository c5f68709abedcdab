// The narrow window's menu closes with every view change, with Escape wherever the focus is (QA19 Q19-02: it stayed
// open over the whole window after Alt+2, hiding the heading that had the focus) and when the focus leaves it (QA47).
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useInboxAlerts } from '../../stores/inbox-alerts'
import { useNavigation } from '../../stores/navigation'
import { useOutbox } from '../../stores/outbox'
import { makeBootstrap, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { Shortcuts } from '../shortcuts/Shortcuts'
import { Navigation } from './Navigation'

beforeEach(() => {
  installFakeApi()
  seedStores()
  act(() => useNavigation.getState().navigate('home'))
})

/** The header's navigation and shortcuts over a view with a control of its own. */
function showWindow(): void {
  render(
    <>
      <Navigation />
      <Shortcuts />
      <main id="main" tabIndex={-1}>
        <button type="button">In the view</button>
      </main>
    </>
  )
}

const menu = (): HTMLElement => screen.getByTestId('nav-toggle')

describe('the narrow window menu (QA19 Q19-02)', () => {
  it('closes when Alt+digit opens another view', async () => {
    showWindow()
    const user = userEvent.setup()
    await user.click(menu())
    expect(menu().getAttribute('aria-expanded')).toBe('true')
    await user.keyboard('{Alt>}2{/Alt}')
    expect(useNavigation.getState().view).toBe('devices')
    expect(menu().getAttribute('aria-expanded')).toBe('false')
    expect(document.getElementById('nav-tabs')?.className).toBe('nav')
  })

  it('closes when anything else changes the view', async () => {
    showWindow()
    await userEvent.setup().click(menu())
    act(() => useNavigation.getState().navigate('outbox'))
    expect(menu().getAttribute('aria-expanded')).toBe('false')
  })

  it('closes with Escape from its button, the focus staying there', async () => {
    showWindow()
    const user = userEvent.setup()
    await user.click(menu())
    expect(document.activeElement).toBe(menu())
    await user.keyboard('{Escape}')
    expect(menu().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(menu())
  })

  it('closes when the focus leaves it for the view, which keeps the focus (QA47 Q47-01: it stayed open over it)', async () => {
    showWindow()
    const user = userEvent.setup()
    await user.click(menu())
    screen.getByTestId('nav-send').focus()
    expect(menu().getAttribute('aria-expanded')).toBe('true')
    const inView = screen.getByRole('button', { name: 'In the view' })
    act(() => inView.focus())
    expect(menu().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(inView)
  })

  it('still closes with Escape from a tab inside it', async () => {
    showWindow()
    const user = userEvent.setup()
    await user.click(menu())
    screen.getByTestId('nav-send').focus()
    await user.keyboard('{Escape}')
    expect(menu().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(menu())
  })
})

// An operator's probe: at 360 px, on any other view, nothing said customers were waiting until the menu was opened.
describe('the narrow window menu button', () => {
  it('carries the other views’ badges while its menu is closed, not the open view’s own', () => {
    act(() => {
      useInboxAlerts.getState().setUnread({ unread: 3, unreadCustomers: 2 })
      useNavigation.getState().navigate('outbox')
    })
    showWindow()
    expect(menu().getAttribute('aria-expanded')).toBe('false')
    expect(within(menu()).getByLabelText('3 unread messages').textContent).toBe('3')
    act(() => useNavigation.getState().navigate('inbox'))
    expect(within(menu()).queryByLabelText('3 unread messages')).toBeNull()
  })

  // QA74: a button carrying badges was named with the counts run into its words ("Menu: Overview 2 failed 1 unread
  // message"), where the tabs say "Messages in, 1 unread message" (nav.tabCounted): said the same way, each count apart.
  it.each([
    ['en', 'Menu: Overview, 2 failed, 1 unread message', 'Menu: Overview'],
    ['id', 'Menu: Ringkasan, 2 gagal, 1 pesan belum dibaca', 'Menu: Ringkasan']
  ] as const)(
    'is named with its badges’ counts said apart, as the tabs are (%s)',
    (language, named, plain) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      act(() => {
        useNavigation.getState().navigate('home')
        useInboxAlerts.getState().setUnread({ unread: 1, unreadCustomers: 1 })
        useOutbox.setState((s) => ({ counts: { ...s.counts, failed: 2 } }))
      })
      showWindow()
      expect(screen.getByRole('button', { name: named })).toBe(menu())
      act(() => {
        useInboxAlerts.getState().setUnread({ unread: 0, unreadCustomers: 0 })
        useOutbox.setState((s) => ({ counts: { ...s.counts, failed: 0 } }))
      })
      expect(screen.getByRole('button', { name: plain })).toBe(menu())
    }
  )
})
