// QA74 (issue 29 point 5, "a reload returns to where the operator was"): a reload in Send, Schedules, the Outbox or
// Settings came back with the focus on the page and the page scrolled to the top, where the Inbox and Campaigns put the
// operator back. Each of the four puts back the page's scroll and the control that had the focus, or the view's heading
// when that control is gone.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resetNavigationStore, useNavigation } from './stores/navigation'
import type { Deferred, FakeApi } from './testing/fake-api'
import { makeItem } from './testing/fixtures'
import { installFakeApi, renderApp } from './testing/render'

/** The page's scroll: jsdom does not scroll, so the test keeps it as a browser would. */
let pageTop = 0
const scrollTo = window.scrollTo
beforeEach(() => {
  pageTop = 0
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => pageTop })
  window.scrollTo = ((x: number | ScrollToOptions, y?: number) => {
    pageTop = typeof x === 'number' ? (y ?? 0) : (x.top ?? pageTop)
    document.dispatchEvent(new Event('scroll'))
  }) as typeof window.scrollTo
})
afterEach(() => {
  window.scrollTo = scrollTo
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 })
})

/** The operator scrolls the page down to `top`. */
function scrollPage(top: number): void {
  pageTop = top
  act(() => {
    document.dispatchEvent(new Event('scroll'))
  })
}

/** A view opened from its tab, as the operator does. */
async function openView(
  view: 'send' | 'schedules' | 'outbox' | 'settings',
  script?: (fake: FakeApi) => void
) {
  const fake = installFakeApi()
  script?.(fake)
  await renderApp(fake)
  act(() => useNavigation.getState().navigate(view))
  // The view's code is loaded on demand: the first time in this file, it is transformed first.
  await screen.findByTestId(`view-${view}`, {}, { timeout: 5000 })
}

/**
 * A reload: the page is left (beforeunload), then a new document at the top of the page, the same history entry; the
 * window starts again on the view it was on (stores/place.ts).
 */
async function reload(script?: (fake: FakeApi) => void): Promise<void> {
  window.dispatchEvent(new Event('beforeunload'))
  cleanup()
  pageTop = 0
  resetNavigationStore()
  const fake = installFakeApi()
  script?.(fake)
  await renderApp(fake)
}

const SCHEDULED = [
  makeItem({ id: 's-1', status: 'scheduled', text: 'Promo', scheduledAt: '2030-05-01T01:00:00.000Z' }),
  makeItem({ id: 's-2', status: 'scheduled', text: 'Rapat', scheduledAt: '2030-06-01T02:30:00.000Z' })
]
const listSchedules =
  (items = SCHEDULED) =>
  (fake: FakeApi): void =>
    fake.handle('outbox:scheduled', () => ({ items, total: items.length }))
/** A schedule's row, by the message's id, once listed. */
const scheduleRow = (id: string): Promise<HTMLElement> =>
  waitFor(() => {
    const row = document.querySelector<HTMLElement>(`[data-testid="schedule-row"][data-id="${id}"]`)
    if (!row) throw new Error(`no schedule row ${id}`)
    return row
  })

describe('a reload puts the operator back where they were in the view (QA74)', () => {
  it('Send: the recipients field has the focus again, the page scrolled as it was', async () => {
    await openView('send')
    act(() => screen.getByTestId('send-recipients').focus())
    scrollPage(420)

    await reload()
    await screen.findByTestId('view-send')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('send-recipients')))
    expect(window.scrollY).toBe(420)
  })

  it("Schedules: the second schedule's Reschedule has the focus again, the page scrolled as it was", async () => {
    await openView('schedules', listSchedules())
    const reschedule = within(await scheduleRow('s-2')).getByRole('button', { name: 'Reschedule' })
    act(() => reschedule.focus())
    scrollPage(900)

    // The first schedule went out meanwhile: the same control is found on the row that had it.
    await reload(listSchedules([SCHEDULED[1]!]))
    const row = await scheduleRow('s-2')
    await waitFor(() =>
      expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Reschedule' }))
    )
    expect(window.scrollY).toBe(900)
  })

  it('Schedules: the schedule that had the focus is gone, the view heading has it', async () => {
    await openView('schedules', listSchedules())
    const reschedule = within(await scheduleRow('s-2')).getByRole('button', { name: 'Reschedule' })
    act(() => reschedule.focus())

    await reload(listSchedules([SCHEDULED[0]!]))
    await screen.findByTestId('schedule-row')
    await waitFor(() => expect(document.activeElement?.id).toBe('schedules-heading'), { timeout: 3000 })
  })

  it("the Outbox: its Recipient filter has the focus again, the page and the list's box scrolled as they were", async () => {
    const items = Array.from({ length: 40 }, (_, n) => makeItem({ id: `m-${n}`, text: `Hello ${n}` }))
    const listed = (fake: FakeApi): void => fake.handle('outbox:list', () => ({ items, total: items.length }))
    await openView('outbox', listed)
    act(() => screen.getByRole('searchbox', { name: 'Recipient' }).focus())
    scrollPage(300)
    const box = await screen.findByTestId('outbox-scroll')
    box.scrollTop = 560
    act(() => {
      box.dispatchEvent(new Event('scroll'))
    })

    await reload(listed)
    await screen.findByTestId('view-outbox')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Recipient' }))
    )
    expect(window.scrollY).toBe(300)
    await waitFor(() => expect(screen.getByTestId('outbox-scroll').scrollTop).toBe(560))
  })

  it('Settings: the field that had the focus has it again, the page scrolled as it was', async () => {
    await openView('settings')
    const theme = await screen.findByTestId('settings-theme')
    act(() => theme.focus())
    scrollPage(1200)

    await reload()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('settings-theme')))
    expect(window.scrollY).toBe(1200)
  })

  it('takes nothing from where the operator went while the view was coming back', async () => {
    await openView('schedules', listSchedules())
    const reschedule = within(await scheduleRow('s-2')).getByRole('button', { name: 'Reschedule' })
    act(() => reschedule.focus())

    // The schedules are read slowly after the reload; the operator goes to the navigation meanwhile.
    let listed: Deferred<'outbox:scheduled'> | null = null
    await reload((fake) => (listed = fake.defer('outbox:scheduled')))
    await listed!.called
    const tab = within(screen.getByRole('navigation')).getByRole('button', { name: 'Send' })
    act(() => tab.focus())
    await act(async () => listed!.resolve({ items: SCHEDULED, total: SCHEDULED.length }))
    await scheduleRow('s-2')
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(document.activeElement).toBe(tab)
  })

  it('a view opened from its tab starts at its heading, not at the place kept for a reload', async () => {
    await openView('settings')
    act(() => screen.getByTestId('settings-theme').focus())
    scrollPage(800)
    act(() => useNavigation.getState().navigate('devices'))
    await screen.findByTestId('view-devices')
    act(() => useNavigation.getState().navigate('settings'))
    await waitFor(() => expect(document.activeElement?.id).toBe('settings-heading'))
  })
})
