// A customer's new message is said (politely, briefly, not the text itself) where a screen reader hears it; a burst
// is gathered into one line (QA25 Q25-05).
import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InboxConversationView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import {
  makeBootstrap,
  makeConversation,
  makeDevice,
  makeInboxStatus,
  makeReceiving,
  makeSettings
} from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { InboxView } from './InboxView'

let fake: FakeApi
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
let listed: InboxConversationView[]

const dewi = makeConversation({ id: 1, lastNumber: 10, contactName: 'Dewi', pushName: 'Dewi' })
const sari = makeConversation({
  id: 2,
  chatId: '62814555666',
  lastNumber: 11,
  contactName: null,
  pushName: 'Sari',
  lastText: 'Pesanan saya belum sampai'
})
const wati = makeConversation({
  id: 3,
  chatId: '62815000111',
  lastNumber: 12,
  contactName: 'Wati',
  pushName: 'Wati'
})

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  // jsdom lays nothing out: give the list's scroll box a height so the row window has a viewport.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('inbox-conversation-scroll') ? 640 : 0
    }
  })
  fake = installFakeApi()
  seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1' })] }))
  listed = [dewi]
  fake.handle('inbox:status', () => makeInboxStatus())
  fake.handle('inbox:receiving', () => makeReceiving())
  fake.handle('inbox:conversations', () => ({ conversations: listed, next: null }))
})
afterEach(() => {
  vi.useRealTimers()
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

async function arrive(conversations: InboxConversationView[]): Promise<void> {
  const asked = fake.requests('inbox:conversations').length
  listed = conversations
  act(() => fake.emit('inbox:changed', makeInboxStatus()))
  await waitFor(() => expect(fake.requests('inbox:conversations').length).toBeGreaterThan(asked))
  await waitFor(() => {
    const first = screen.getAllByTestId('inbox-conversation-title')[0]
    expect(first?.textContent).toContain(conversations[0]!.contactName ?? conversations[0]!.pushName)
  })
  // The list's effects (what is said) run after it is drawn.
  await act(async () => {})
}

describe('InboxView arrivals', () => {
  it('says who wrote, once, and gathers a burst into one line after a quiet while', async () => {
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    const arrivals = screen.getByTestId('inbox-arrivals')
    expect(arrivals.getAttribute('role')).toBe('status')
    // What was there at the opening is not news.
    expect(arrivals.textContent).toBe('')

    await arrive([sari, dewi])
    expect(arrivals.textContent).toBe('New message from Sari')
    expect(arrivals.textContent).not.toContain('Pesanan')

    // A burst just after: not said one by one, but together once the quiet while has passed.
    await arrive([wati, sari, dewi])
    await arrive([{ ...dewi, lastNumber: 13 }, wati, sari])
    expect(arrivals.textContent).not.toContain('Wati')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000)
    })
    expect(arrivals.textContent).toBe('New messages from 2 customers, the latest from Dewi')
    // The operator's own reply is not an arrival; the same line stays mounted, to change its words.
    await arrive([{ ...sari, lastNumber: 14, lastFromMe: true }, { ...dewi, lastNumber: 13 }, wati])
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000)
    })
    expect(screen.getByTestId('inbox-arrivals')).toBe(arrivals)
    expect(arrivals.textContent).toBe('')

    // Sari again: said again, though it is the same words as before.
    await arrive([{ ...sari, lastNumber: 15 }, { ...dewi, lastNumber: 13 }, wati])
    expect(arrivals.textContent).toBe('New message from Sari')
  })

  it('says it in Indonesian', async () => {
    seedStores(
      makeBootstrap({ devices: [makeDevice({ id: 'dev-1' })], settings: makeSettings({ language: 'id' }) })
    )
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await arrive([sari, dewi])
    expect(screen.getByTestId('inbox-arrivals').textContent).toBe('Pesan baru dari Sari')
  })
})
