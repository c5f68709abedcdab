// An operator working through a backlog (QA27 Q27-04): a refresh keeps every conversation loaded, however many pages
// that was, the open one stays listed, and Alt+↓ / Alt+↑ move on from the open conversation, never back to the top.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { InboxConversationView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import {
  makeBootstrap,
  makeConversation,
  makeDevice,
  makeInboxStatus,
  makeReceiving
} from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { giveListsHeight } from '../../testing/list-height'
import { useInboxAlerts } from '../../stores/inbox-alerts'
import { CONVERSATION_ROW_HEIGHT } from './Conversations'
import { InboxView } from './InboxView'

let fake: FakeApi
const VIEWPORT = 640
const STATUS = makeInboxStatus({ messages: 2, unread: 2, unreadCustomers: 1 })

/** The core's list: newest first by `lastNumber`, keyset-paged as `inbox:conversations` is, at most 500 a page. */
let all: InboxConversationView[] = []

function script(): void {
  fake.handle('autoReplies:chatbot', () => ({ devices: [] }))
  fake.handle('inbox:status', () => STATUS)
  fake.handle('inbox:receiving', () =>
    makeReceiving({ devices: [{ deviceId: 'dev-1', receiving: true, since: null, canUndo: false }] })
  )
  fake.handle('inbox:conversations', ({ limit = 100, before }) => {
    if (limit > 500) throw new Error('limit past the contract')
    const sorted = [...all].sort((a, b) => b.lastNumber - a.lastNumber)
    const after = before === undefined ? sorted : sorted.filter((c) => c.lastNumber < before)
    const page = after.slice(0, limit)
    return { conversations: page, next: after.length > limit ? page.at(-1)!.lastNumber : null }
  })
  fake.handle('inbox:thread', ({ conversationId }) => ({
    conversation: all.find((c) => c.id === conversationId) ?? all[0]!,
    entries: [],
    next: null
  }))
  fake.handle('inbox:markRead', ({ conversationId }) => ({
    ...all.find((c) => c.id === conversationId)!,
    unread: 0
  }))
  fake.handle('cannedReplies:list', () => ({ replies: [] }))
}

const numbered = (count: number): InboxConversationView[] =>
  Array.from({ length: count }, (_, i) =>
    makeConversation({
      id: i + 1,
      lastNumber: 100_000 - i * 10,
      unread: 0,
      contactName: `Pembeli ${i + 1}`,
      chatId: `62813${String(i).padStart(8, '0')}`
    })
  )

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1', label: 'Shop', serial: 'SN-0001' })] }))
  giveListsHeight(VIEWPORT)
})

async function scrollListTo(row: number): Promise<void> {
  const scroller = screen.getByTestId('inbox-conversation-scroll')
  await act(async () => {
    // As a browser does, the scroll position is held within the rows' height.
    let asked = row * CONVERSATION_ROW_HEIGHT
    Object.defineProperty(scroller, 'scrollTop', {
      configurable: true,
      get: () => {
        const rows = screen.getByRole('list', { name: 'Conversations' })
        return Math.max(0, Math.min(asked, Number.parseInt(rows.style.height, 10) - VIEWPORT))
      },
      set: (value: number) => {
        asked = value
      }
    })
    // ...and says so with a scroll event when the rows' height changes under it.
    new MutationObserver(() => fireEvent.scroll(scroller)).observe(
      screen.getByRole('list', { name: 'Conversations' }),
      { attributes: true, attributeFilter: ['style'] }
    )
    fireEvent.scroll(scroller)
  })
}

describe('a backlog of many pages (QA27 Q27-04)', () => {
  it('keeps all 900 loaded conversations through a new message, the open one listed, and Alt+↓ goes on from it', async () => {
    all = numbered(900)
    script()
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    // Scrolled down page by page, as far as the list goes.
    for (let page = 1; page < 9; page++) {
      await scrollListTo(page * 100 - 10)
      await screen.findByTestId(`inbox-conversation-${page * 100 + 1}`)
    }
    await scrollListTo(795)
    await user.click(await screen.findByTestId('inbox-conversation-800'))
    await waitFor(() => expect(fake.requests('inbox:thread').at(-1)).toMatchObject({ conversationId: 800 }))

    // A customer near the top writes again: the whole list is read afresh, not cut back to one page of 500.
    all = all.map((c) => (c.id === 5 ? { ...c, lastNumber: 200_000, unread: 1 } : c))
    const before = fake.requests('inbox:conversations').length
    act(() => fake.emit('inbox:changed', STATUS))
    await waitFor(() => expect(fake.requests('inbox:conversations').length).toBeGreaterThan(before))
    // Its answers drawn (and whatever the list then asks for on its own).
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    // Every row is still there (900 rows of 64 px), read in pages the contract allows.
    expect(screen.getByRole('list', { name: 'Conversations' }).style.height).toBe(
      `${900 * CONVERSATION_ROW_HEIGHT}px`
    )
    expect(
      fake
        .requests('inbox:conversations')
        .slice(before)
        .every((r) => (r.limit ?? 100) <= 500)
    ).toBe(true)
    expect(screen.getByTestId('inbox-conversation-800').getAttribute('aria-current')).toBe('true')

    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await waitFor(() => expect(fake.requests('inbox:thread').at(-1)).toMatchObject({ conversationId: 801 }))
  })

  it('reads the loaded list afresh once for a burst of changes, not once per change', async () => {
    all = numbered(900)
    script()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    for (let page = 1; page < 9; page++) {
      await scrollListTo(page * 100 - 10)
      await screen.findByTestId(`inbox-conversation-${page * 100 + 1}`)
    }
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))

    // Five messages come in one after another (a relay's pull, a burst of webhooks).
    all = all.map((c) => (c.id === 5 ? { ...c, lastNumber: 200_000, unread: 1 } : c))
    const before = fake.requests('inbox:conversations').length
    act(() => {
      for (let event = 0; event < 5; event++) fake.emit('inbox:changed', STATUS)
    })
    await waitFor(() => expect(fake.requests('inbox:conversations').length).toBeGreaterThan(before + 1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    // One read of what was loaded: 900 rows in two pages of the contract's 500.
    expect(fake.requests('inbox:conversations').slice(before)).toEqual([
      expect.objectContaining({ limit: 500 }),
      expect.objectContaining({ limit: 500, before: expect.any(Number) as number })
    ])
    expect(screen.getByRole('list', { name: 'Conversations' }).style.height).toBe(
      `${900 * CONVERSATION_ROW_HEIGHT}px`
    )
  })

  it('reads the open thread afresh once for a burst of changes and outbox moves, not once per event', async () => {
    all = numbered(3)
    script()
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await waitFor(() => expect(fake.requests('inbox:thread')).toHaveLength(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))

    // A relay's pull of five messages and a bulk action moving three times, one after another.
    const before = fake.requests('inbox:thread').length
    act(() => {
      for (let event = 0; event < 5; event++) fake.emit('inbox:changed', STATUS)
      for (let event = 0; event < 3; event++) fake.emit('outbox:bulkChanged', { count: 2 })
    })
    await waitFor(() => expect(fake.requests('inbox:thread').length).toBeGreaterThan(before))
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(fake.requests('inbox:thread').slice(before)).toEqual([
      expect.objectContaining({ conversationId: 1 })
    ])
  })

  it('reads the open thread once more after a read in flight, however many changes came during it', async () => {
    all = numbered(3)
    script()
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await waitFor(() => expect(fake.requests('inbox:thread')).toHaveLength(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))

    const slow = fake.defer('inbox:thread')
    act(() => fake.emit('inbox:changed', STATUS))
    await act(async () => {
      await slow.called
    })
    const before = fake.requests('inbox:thread').length
    act(() => {
      for (let event = 0; event < 4; event++) fake.emit('inbox:changed', STATUS)
      fake.emit('outbox:bulkChanged', { count: 1 })
    })
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    // Nothing more while the read runs...
    expect(fake.requests('inbox:thread')).toHaveLength(before)
    await act(async () => {
      slow.resolve({ conversation: all[0]!, entries: [], next: null })
      await new Promise((resolve) => setTimeout(resolve, 200))
    })
    // ...and one read after it, since it may have started before those changes.
    expect(fake.requests('inbox:thread')).toHaveLength(before + 1)
  })

  it('Alt+↓ / Alt+↑ move from an open conversation the list does not hold, never to the top', async () => {
    // The list holds three; the one a notification opened (lastNumber between the first two) is not among them.
    all = numbered(3)
    script()
    const outside = makeConversation({ id: 77, lastNumber: 99_995, unread: 0, contactName: 'Di luar daftar' })
    fake.handle('inbox:thread', ({ conversationId }) => ({
      conversation: conversationId === 77 ? outside : all.find((c) => c.id === conversationId)!,
      entries: [],
      next: null
    }))
    useInboxAlerts.getState().askToOpen(77)
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await waitFor(() => expect(useInboxAlerts.getState().viewing).toBe(77))

    // Older than #1 (100,000), newer than #2 (99,990): ↓ opens #2.
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await waitFor(() => expect(useInboxAlerts.getState().viewing).toBe(2))
  })

  it('Alt+↑ from an open conversation the list does not hold opens the one just newer', async () => {
    all = numbered(3)
    script()
    const outside = makeConversation({ id: 77, lastNumber: 99_985, unread: 0, contactName: 'Di luar daftar' })
    fake.handle('inbox:thread', ({ conversationId }) => ({
      conversation: conversationId === 77 ? outside : all.find((c) => c.id === conversationId)!,
      entries: [],
      next: null
    }))
    useInboxAlerts.getState().askToOpen(77)
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await waitFor(() => expect(useInboxAlerts.getState().viewing).toBe(77))

    // Between #2 (99,990) and #3 (99,980): ↑ opens #2, not #1 at the top.
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}')
    await waitFor(() => expect(useInboxAlerts.getState().viewing).toBe(2))
  })
})
