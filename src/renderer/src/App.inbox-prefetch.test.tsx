// The inbox's first conversations are asked for once the shell is up, with its code. A file of its own: the window's
// views and that first page are each prefetched once per window, and vitest gives each file fresh modules.
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeConversation } from './testing/fixtures'
import { installFakeApi, renderApp } from './testing/render'

const conversation = makeConversation({ id: 7, deviceId: null, unread: 1 })
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

describe('App shell, prefetch of the inbox', () => {
  it("asks for the inbox's first conversations once the shell is up: opening the inbox draws them without a round trip", async () => {
    const fake = installFakeApi()
    fake.handle('inbox:conversations', () => ({ conversations: [conversation], next: null }))
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('inbox-conversation-scroll') ? 640 : 0
      }
    })
    const user = userEvent.setup()
    await renderApp(fake)
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    await act(() => vi.dynamicImportSettled())
    await waitFor(() =>
      expect(fake.requests('inbox:conversations')).toEqual([
        { limit: 100, unreadOnly: false, archived: false }
      ])
    )
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))

    // The view's own question is never answered here: what it draws at once came from the start.
    fake.handle('inbox:conversations', () => new Promise<never>(() => undefined))
    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Messages in' }))
    // Drawn by the click itself, from the page asked for at the start; the view still asks afresh.
    expect(screen.getByTestId('inbox-conversation-7')).toBeTruthy()
    expect(fake.requests('inbox:conversations')).toHaveLength(2)
  })
})
