// The everyday views' code is fetched once the shell is up. A file of its own: it needs a window where no view has
// been opened yet, and vitest gives each file fresh modules.
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useOutbox } from './stores/outbox'
import { makeItem } from './testing/fixtures'
import { installFakeApi, renderApp } from './testing/render'

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

describe('App shell, prefetch', () => {
  it('prefetches the everyday views once the shell is up: they then open without a wait', async () => {
    const fake = installFakeApi()
    const user = userEvent.setup()
    await renderApp(fake)
    // The prefetch starts just after the shell has been drawn; wait for the imports it started.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    await act(() => vi.dynamicImportSettled())
    const nav = within(screen.getByRole('navigation'))
    for (const [view, label] of Object.entries({
      devices: 'Devices',
      send: 'Send',
      outbox: 'Outbox',
      inbox: 'Messages in'
    })) {
      await user.click(nav.getByRole('button', { name: label }))
      expect(screen.queryByTestId('view-loading'), label).toBeNull()
      expect(screen.getByTestId(`view-${view}`)).toBeTruthy()
    }
  })

  it("asks for the outbox's first page once the shell is up: opening the outbox draws its rows without a round trip", async () => {
    const fake = installFakeApi()
    fake.handle('outbox:list', () => ({
      items: [makeItem({ id: 'first', text: 'Order 1 has shipped' })],
      total: 1
    }))
    // jsdom lays nothing out: the list's scroll box gets a height, so it has rows to draw.
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('outbox-scroll') ? 680 : 0
      }
    })
    const user = userEvent.setup()
    await renderApp(fake)
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    await act(() => vi.dynamicImportSettled())
    await waitFor(() => expect(useOutbox.getState().total).toBe(1))
    expect(fake.requests('outbox:list')).toEqual([{ offset: 0, limit: 200 }])

    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Outbox' }))
    // Drawn by the click itself, from the page already in: no second question, no "Loading…" row.
    expect(screen.getByText('Text: Order 1 has shipped')).toBeTruthy()
    expect(screen.queryByText('Loading…')).toBeNull()
    expect(fake.requests('outbox:list')).toHaveLength(1)
  })
})
