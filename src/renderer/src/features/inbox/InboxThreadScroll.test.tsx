// A thread opens at its newest message and follows new ones only when the operator is at the bottom; one that arrives
// while the operator reads further up is counted, offered as "N new messages", and read once it is shown (QA27 Q27-05).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InboxMessageView, InboxThreadEntry } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import {
  makeBootstrap,
  makeConversation,
  makeDevice,
  makeInboxStatus,
  makeItem,
  makeReceiving
} from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { InboxView } from './InboxView'

let fake: FakeApi
const STATUS = makeInboxStatus({ messages: 2, unread: 2, unreadCustomers: 1 })
/** Each entry is drawn 100 px tall in a 500 px box (jsdom lays nothing out). */
const ENTRY = 100
const BOX = 500
const geometry = ['scrollHeight', 'clientHeight', 'scrollTop'] as const
const saved = geometry.map((name) => Object.getOwnPropertyDescriptor(Element.prototype, name))
const scrolledTo = new WeakMap<Element, number>()
/** Where the thread and its entries box are drawn on the screen (viewport pixels), and the window's height. */
let drawnAt = { thread: { top: 100, bottom: 700 }, entries: { top: 180, bottom: 680 } }
const savedRect = Object.getOwnPropertyDescriptor(Element.prototype, 'getBoundingClientRect')
const savedInnerHeight = window.innerHeight
const savedOffsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')
let pageScrolls: number[] = []

const entryNumbered = (number: number): InboxThreadEntry => {
  const message: InboxMessageView = {
    number,
    messageId: `WA-${number}`,
    deviceSerial: 'SN-0001',
    chatId: '6281377778888',
    isGroup: false,
    groupSubject: null,
    groupMember: null,
    pushName: 'Dewi',
    text: `pesanan #${number}`,
    messageType: 'text',
    mediaUrl: null,
    sentAt: '2026-01-15T03:01:00.000Z',
    receivedAt: '2026-01-15T03:01:02.000Z',
    fromMe: false,
    read: false,
    keywordOutcome: null
  }
  return { direction: 'in', at: message.receivedAt, message }
}
/** Newest first, as `inbox:thread` answers. */
const thread = (newest: number, count: number): InboxThreadEntry[] =>
  Array.from({ length: count }, (_, i) => entryNumbered(newest - i))

let entries: InboxThreadEntry[] = []
let unread = 25
let lastNumber = 25

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1', label: 'Shop', serial: 'SN-0001' })] }))
  entries = thread(25, 25)
  unread = 25
  lastNumber = 25
  const dewi = () => makeConversation({ lastNumber, unread })
  fake.handle('autoReplies:chatbot', () => ({ devices: [] }))
  fake.handle('inbox:status', () => STATUS)
  fake.handle('inbox:receiving', () =>
    makeReceiving({ devices: [{ deviceId: 'dev-1', receiving: true, since: null, canUndo: false }] })
  )
  fake.handle('inbox:conversations', () => ({ conversations: [dewi()], next: null }))
  fake.handle('inbox:thread', () => ({ conversation: dewi(), entries, next: null }))
  fake.handle('inbox:markRead', ({ read }) => {
    unread = read ? 0 : 1
    return dewi()
  })
  fake.handle('cannedReplies:list', () => ({ replies: [] }))
  const isThread = (el: Element) => el.classList.contains('inbox-entries')
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      return isThread(this) ? this.querySelectorAll('li').length * ENTRY : 0
    }
  })
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      if (this.classList.contains('inbox-conversation-scroll')) return 640
      return isThread(this) ? BOX : 0
    }
  })
  drawnAt = { thread: { top: 100, bottom: 700 }, entries: { top: 180, bottom: 680 } }
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 760 })
  Object.defineProperty(Element.prototype, 'getBoundingClientRect', {
    configurable: true,
    value(this: Element) {
      const at = this.classList.contains('inbox-thread')
        ? drawnAt.thread
        : isThread(this)
          ? drawnAt.entries
          : { top: 0, bottom: 0 }
      return DOMRect.fromRect({ x: 0, y: at.top, width: 300, height: at.bottom - at.top })
    }
  })
  // Drawn side by side: the row that opened the thread is still shown (jsdom has no offsetParent), so a click leaves
  // the focus there rather than on the thread's heading.
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get: () => document.body
  })
  pageScrolls = []
  vi.spyOn(window, 'scrollBy').mockImplementation(((options: ScrollToOptions) => {
    pageScrolls.push(options.top ?? 0)
  }) as typeof window.scrollBy)
  Object.defineProperty(Element.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      const most = Math.max(0, this.scrollHeight - this.clientHeight)
      return Math.min(scrolledTo.get(this) ?? 0, most)
    },
    set(this: Element, value: number) {
      scrolledTo.set(this, value)
    }
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  if (savedRect) Object.defineProperty(Element.prototype, 'getBoundingClientRect', savedRect)
  if (savedOffsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', savedOffsetParent)
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: savedInnerHeight })
  geometry.forEach((name, i) => {
    const descriptor = saved[i]
    if (descriptor) Object.defineProperty(Element.prototype, name, descriptor)
    else delete (Element.prototype as unknown as Record<string, unknown>)[name]
  })
})

async function openDewi(): Promise<HTMLElement> {
  render(<InboxView />)
  await userEvent.setup().click(await screen.findByTestId('inbox-conversation-1'))
  await waitFor(() => expect(screen.getAllByTestId('inbox-entry-in')).toHaveLength(25))
  return screen.getByTestId('inbox-entries')
}

function arrive(number: number): void {
  entries = [entryNumbered(number), ...entries]
  lastNumber = number
  unread += 1
  act(() => fake.emit('inbox:changed', STATUS))
}

describe('the thread’s scroll (QA27 Q27-05)', () => {
  it('opens at the newest message, and follows one that arrives while the operator is at the bottom', async () => {
    const box = await openDewi()
    await waitFor(() => expect(box.scrollTop).toBe(25 * ENTRY - BOX))
    await waitFor(() => expect(fake.requests('inbox:markRead')).toEqual([{ conversationId: 1, read: true }]))

    arrive(26)
    await waitFor(() => expect(box.scrollTop).toBe(26 * ENTRY - BOX))
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(2))
    expect(screen.queryByTestId('inbox-new-below')).toBeNull()
  })

  it('leaves a message that arrives above the fold unread until it is shown, then reads it once', async () => {
    const box = await openDewi()
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(1))
    // The operator reads further up.
    act(() => {
      box.scrollTop = 300
      fireEvent.scroll(box)
    })
    arrive(26)
    arrive(27)
    const offer = await screen.findByTestId('inbox-new-below')
    await waitFor(() => expect(offer.textContent).toBe('2 new messages'))
    expect(box.scrollTop).toBe(300)
    expect(fake.requests('inbox:markRead')).toHaveLength(1)

    await userEvent.setup().click(offer)
    expect(box.scrollTop).toBe(27 * ENTRY - BOX)
    // The button goes: the focus goes to the messages it scrolled to, not to the page (QA29 Q29-06).
    expect(document.activeElement).toBe(box)
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(2))
    expect(fake.requests('inbox:markRead').at(-1)).toEqual({ conversationId: 1, read: true })
    expect(screen.queryByTestId('inbox-new-below')).toBeNull()
    // Scrolling about at the bottom reads nothing more.
    act(() => {
      fireEvent.scroll(box)
    })
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(fake.requests('inbox:markRead')).toHaveLength(2)
  })
})

describe('the thread on the screen (QA29)', () => {
  it('opens with its end on the screen: the page scrolls down to its newest message and reply box (Q29-02)', async () => {
    // Below the Relay and Chatbot panels, the reply box's Send at y 1074–1118 in a 760 px window.
    drawnAt = { thread: { top: 295, bottom: 1118 }, entries: { top: 370, bottom: 870 } }
    const box = await openDewi()
    await waitFor(() => expect(pageScrolls).toEqual([1118 - 760]))
    // The box is given the height the screen leaves beside the thread's heading and reply box.
    expect(box.style.getPropertyValue('--inbox-entries-fit')).toBe(`${760 - (823 - 500) - 8}px`)
  })

  it('leaves the page where it is when the thread is on the screen', async () => {
    await openDewi()
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(pageScrolls).toEqual([])
  })
})

describe('read only when shown on the screen (QA29 Q29-01)', () => {
  it('leaves a message that arrives while the thread is below the screen unread, and reads it once the page shows it', async () => {
    // 360×640: the operator scrolled the page back up to the panels; the box ends at y 964.
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 640 })
    const box = await openDewi()
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(1))
    drawnAt = { thread: { top: 620, bottom: 1300 }, entries: { top: 708, bottom: 964 } }

    arrive(26)
    // The box follows it (it was at its own bottom), but nobody has seen it.
    await waitFor(() => expect(box.scrollTop).toBe(26 * ENTRY - BOX))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(fake.requests('inbox:markRead')).toHaveLength(1)
    // Scrolling inside the box while it is off the screen reads nothing either.
    act(() => {
      fireEvent.scroll(box)
    })
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(fake.requests('inbox:markRead')).toHaveLength(1)

    // The page scrolled down to it: read, once.
    drawnAt = { thread: { top: -40, bottom: 640 }, entries: { top: 48, bottom: 304 } }
    act(() => {
      fireEvent.scroll(window)
    })
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(2))
    expect(fake.requests('inbox:markRead').at(-1)).toEqual({ conversationId: 1, read: true })
    act(() => {
      fireEvent.scroll(window)
    })
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(fake.requests('inbox:markRead')).toHaveLength(2)
  })
})

describe('read when the operator comes back to the window', () => {
  it('reads a message that arrived while the window was not in use once it is back in use with the end shown, once', async () => {
    const box = await openDewi()
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(1))
    // The operator is in another window; Dewi writes. The thread follows it, but nobody is there to read it.
    const focused = vi.spyOn(document, 'hasFocus').mockReturnValue(false)
    act(() => {
      window.dispatchEvent(new Event('blur'))
    })
    arrive(26)
    await waitFor(() => expect(box.scrollTop).toBe(26 * ENTRY - BOX))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(fake.requests('inbox:markRead')).toHaveLength(1)

    // Back to the window, the thread's end on the screen: read, once though the window says so twice.
    focused.mockReturnValue(true)
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
      window.dispatchEvent(new Event('focus'))
    })
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(2))
    expect(fake.requests('inbox:markRead').at(-1)).toEqual({ conversationId: 1, read: true })
    act(() => {
      window.dispatchEvent(new Event('blur'))
      window.dispatchEvent(new Event('focus'))
    })
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(fake.requests('inbox:markRead')).toHaveLength(2)
  })

  it('reads it when the operator comes back right as the thread has read it, before the view has drawn it (flake hunt)', async () => {
    await openDewi()
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(1))
    const threadReads = fake.requests('inbox:thread').length
    // The thread's read of the new message asks whether the window is in use (not yet); the operator comes back in the
    // microtask right after, before React draws what it read (a focus the browser delivers between the two tasks).
    let back = false
    vi.spyOn(document, 'hasFocus').mockImplementation(() => {
      if (back) return true
      if (fake.requests('inbox:thread').length > threadReads)
        queueMicrotask(() => {
          back = true
          window.dispatchEvent(new Event('focus'))
        })
      return false
    })
    arrive(26)
    await waitFor(() => expect(back).toBe(true))
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(2))
    expect(fake.requests('inbox:markRead').at(-1)).toEqual({ conversationId: 1, read: true })
  })

  it('leaves it unread when the operator comes back with the thread’s end off the screen, and reads it there later', async () => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 640 })
    await openDewi()
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(1))
    const focused = vi.spyOn(document, 'hasFocus').mockReturnValue(false)
    arrive(26)
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    // Meanwhile the page was scrolled up to the panels: the box ends below the screen.
    drawnAt = { thread: { top: 620, bottom: 1300 }, entries: { top: 708, bottom: 964 } }
    focused.mockReturnValue(true)
    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(fake.requests('inbox:markRead')).toHaveLength(1)

    drawnAt = { thread: { top: -40, bottom: 640 }, entries: { top: 48, bottom: 304 } }
    act(() => {
      fireEvent.scroll(window)
    })
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(2))
  })
})

describe('the operator’s own reply', () => {
  it('is scrolled to when sent from further up, and an arrival after it still waits below', async () => {
    fake.handle('inbox:reply', ({ text }) => {
      const item = makeItem({ id: 'reply-1', text: text ?? '', status: 'queued' })
      entries = [{ direction: 'out', at: item.createdAt, item }, ...entries]
      return { itemIds: [item.id], repeated: false }
    })
    const box = await openDewi()
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(1))
    act(() => {
      box.scrollTop = 300
      fireEvent.scroll(box)
    })
    const user = userEvent.setup()
    await user.type(screen.getByTestId('inbox-reply-text'), 'Stok ada, kak')
    await user.click(screen.getByTestId('inbox-reply-send'))
    await waitFor(() => expect(screen.getAllByTestId('inbox-entry-out')).toHaveLength(1))
    // The reply is drawn at the end, and the box shows it there.
    await waitFor(() => expect(box.scrollTop).toBe(26 * ENTRY - BOX))
    expect(screen.queryByTestId('inbox-new-below')).toBeNull()

    // Reading further up again: a customer's message does not pull the view down.
    act(() => {
      box.scrollTop = 300
      fireEvent.scroll(box)
    })
    arrive(27)
    const offer = await screen.findByTestId('inbox-new-below')
    expect(offer.textContent).toBe('1 new message')
    expect(box.scrollTop).toBe(300)
  })
})

// QA71: a search result opened its thread at the newest message, the one found above the visible area, not marked, and
// the focus left on the result.
describe('a thread opened from a search result (QA71)', () => {
  /** Entries drawn ENTRY px apart from the box's top, as the box is scrolled (jsdom lays nothing out). */
  function layEntriesOut(): void {
    const boxRect = Element.prototype.getBoundingClientRect
    Object.defineProperty(Element.prototype, 'getBoundingClientRect', {
      configurable: true,
      value(this: Element) {
        const box = this.closest('.inbox-entries')
        if (!box || box === this) return boxRect.call(this)
        const at = [...box.children].indexOf(this)
        const top = drawnAt.entries.top + at * ENTRY - box.scrollTop
        return DOMRect.fromRect({ x: 0, y: top, width: 300, height: ENTRY })
      }
    })
  }
  const invoice = makeItem({
    id: 'out-9',
    recipient: '6281377778888',
    status: 'delivered',
    fileName: 'invoice.pdf',
    text: 'Invoice PT Maju'
  })

  beforeEach(() => {
    layEntriesOut()
    const dewi = makeConversation({ lastNumber, unread })
    // Newest first: #25 … #21, the invoice sent, #20 … #1.
    entries = [
      ...thread(25, 5),
      { direction: 'out', at: '2026-01-15T03:01:02.000Z', item: invoice },
      ...thread(20, 20)
    ]
    fake.handle('inbox:search', ({ text }) => ({
      messages: text.includes('kaos')
        ? [
            {
              ...(entryNumbered(10) as Extract<InboxThreadEntry, { direction: 'in' }>).message,
              text: 'Halo kak, apakah kaos hitam ukuran L masih ada?',
              conversationId: 1
            }
          ]
        : [],
      messageConversations: text.includes('kaos') ? [dewi] : [],
      replies: text.includes('invoice')
        ? [{ conversation: dewi, item: invoice, at: '2026-01-15T03:01:02.000Z' }]
        : [],
      conversations: [],
      conversationsMoreFound: false,
      next: null,
      moreFound: false,
      sentRead: 0
    }))
  })

  async function openFound(text: string, words: RegExp): Promise<HTMLElement> {
    const user = userEvent.setup()
    render(<InboxView />)
    await user.type(await screen.findByTestId('inbox-search'), `${text}{Enter}`)
    await user.click(await screen.findByRole('button', { name: words }))
    await waitFor(() => expect(screen.getAllByTestId('inbox-entry-in')).toHaveLength(25))
    return screen.getByTestId('inbox-entries')
  }

  it('opens at the message found, marked and focused, not at the newest', async () => {
    const box = await openFound('kaos hitam', /kaos hitam ukuran L/)
    // #10 is the tenth entry from the top: centred in the box (900 − 200), not at its end (2,100).
    const found = screen.getAllByTestId('inbox-entry-in')[9]!
    await waitFor(() => expect(document.activeElement).toBe(found))
    expect(box.scrollTop).toBe(9 * ENTRY - (BOX - ENTRY) / 2)
    expect(found.getAttribute('aria-current')).toBe('true')
    expect(found.textContent).toContain('Found by the search')
    expect(found.className).toContain('inbox-entry--found')
    expect(document.querySelectorAll('[aria-current="true"]')).toHaveLength(1)
  })

  it('opens at a reply found (a file sent), marked and focused', async () => {
    const box = await openFound('invoice', /invoice\.pdf · Invoice PT Maju/)
    const found = screen.getByTestId('inbox-entry-out')
    await waitFor(() => expect(document.activeElement).toBe(found))
    // 20 entries above it: centred (2,000 − 200), not at the box's end (2,100).
    expect(box.scrollTop).toBe(20 * ENTRY - (BOX - ENTRY) / 2)
    expect(found.getAttribute('aria-current')).toBe('true')
    expect(found.textContent).toContain('Found by the search')
  })

  // QA71: one further back than the contract's largest page (500 entries) was not reached: the thread read its pages
  // from the end up to that page and opened there without it.
  it('asks the core for the thread down to a message further back than any page', async () => {
    // The core as it answers: the newest pages never hold #10; a read through it holds it.
    fake.handle('inbox:thread', ({ through }) =>
      through === 'in-10'
        ? { conversation: makeConversation({ lastNumber, unread }), entries, next: 'older' }
        : {
            conversation: makeConversation({ lastNumber, unread }),
            entries: entries.filter((e) => e.direction === 'out' || e.message.number !== 10),
            next: 'older'
          }
    )
    const user = userEvent.setup()
    render(<InboxView />)
    await user.type(await screen.findByTestId('inbox-search'), 'kaos hitam{Enter}')
    await user.click(await screen.findByRole('button', { name: /kaos hitam ukuran L/ }))
    const found = await screen.findByText('pesanan #10')
    await waitFor(() => expect(document.activeElement).toBe(found.closest('li')))
    expect(found.closest('li')!.getAttribute('aria-current')).toBe('true')
  })

  // QA75: a thread of 700 messages whose #400 a search finds, the core answering as it does when that is further back
  // than it reads a thread down to: the page around it (asked for around it, alone or with a read down to it), the
  // thread's end without it for a read down to it alone.
  const LONG = 700
  const HIT = 400
  function farThread(): void {
    entries = thread(LONG, LONG)
    lastNumber = LONG
    const conversation = () => makeConversation({ lastNumber, unread })
    fake.handle('inbox:search', () => ({
      messages: [
        {
          ...(entryNumbered(HIT) as Extract<InboxThreadEntry, { direction: 'in' }>).message,
          text: 'kaos hitam ukuran L',
          conversationId: 1
        }
      ],
      messageConversations: [conversation()],
      replies: [],
      conversations: [],
      conversationsMoreFound: false,
      next: null,
      moreFound: false,
      sentRead: 0
    }))
    const numberOf = (e: InboxThreadEntry): number => (e.direction === 'in' ? e.message.number : 0)
    const cursor = (e: InboxThreadEntry | undefined): string | null => (e ? `c-${numberOf(e)}` : null)
    const at = (place: string): number => entries.findIndex((e) => cursor(e) === place)
    fake.handle('inbox:thread', ({ limit = 50, before, through, around, after }) => {
      expect(limit).toBeLessThanOrEqual(500)
      if (around === `in-${HIT}`) {
        const found = entries.findIndex((e) => numberOf(e) === HIT)
        const page = entries.slice(found - 24, found + 26)
        return {
          conversation: conversation(),
          entries: page,
          next: cursor(page.at(-1)),
          later: cursor(page[0])
        }
      }
      if (after !== undefined) {
        const page = entries.slice(Math.max(0, at(after) - limit), at(after))
        const later = at(after) - limit > 0 ? cursor(page[0]) : null
        return { conversation: conversation(), entries: page, next: null, later }
      }
      // The core as it answers a read down to it: too far back, the thread's end without it.
      expect(through === undefined || through === `in-${HIT}`).toBe(true)
      const from = before === undefined ? 0 : at(before) + 1
      const page = entries.slice(from, from + limit)
      const next = from + limit < entries.length ? cursor(page.at(-1)) : null
      return { conversation: conversation(), entries: page, next, later: null }
    })
  }

  // QA75: one further back than the core reads a thread down to (10,000 entries) opened the thread at its end, without
  // it. It opens on a page around it, "Show earlier messages" above and "Show later messages" below to the end.
  it('opens a message further back than any read down to on a page around it, and reads the later ones to the end', async () => {
    farThread()
    const user = userEvent.setup()
    render(<InboxView />)
    await user.type(await screen.findByTestId('inbox-search'), 'kaos hitam{Enter}')
    await user.click(await screen.findByRole('button', { name: /kaos hitam ukuran L/ }))
    const found = (await screen.findByText(`pesanan #${HIT}`)).closest('li')!
    await waitFor(() => expect(document.activeElement).toBe(found))
    expect(found.getAttribute('aria-current')).toBe('true')
    expect(found.textContent).toContain('Found by the search')
    const drawn = (): number[] =>
      screen
        .getAllByTestId('inbox-entry-in')
        .map((li) =>
          Number(/pesanan #(\d+)/.exec(li.querySelector('.inbox-message-text')?.textContent ?? '')![1])
        )
    const entryOf = (number: number): HTMLElement =>
      screen.getAllByTestId('inbox-entry-in')[drawn().indexOf(number)]!
    // Oldest at the top: 25 older than it, 24 newer.
    expect(drawn()).toHaveLength(50)
    expect([drawn()[0], drawn().at(-1)]).toEqual([375, 424])
    await user.click(screen.getByRole('button', { name: 'Show earlier messages' }))
    await waitFor(() => expect(drawn()).toHaveLength(100))
    expect(drawn()[0]).toBe(325)
    // A message arriving meanwhile does not take the operator to the thread's end.
    const reads = fake.requests('inbox:thread').length
    arrive(LONG + 1)
    await waitFor(() => expect(fake.requests('inbox:thread').length).toBeGreaterThan(reads))
    expect(drawn().at(-1)).toBe(424)
    expect(screen.queryByTestId('inbox-new-below')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Show later messages' }))
    await waitFor(() => expect(drawn()).toHaveLength(150))
    expect(drawn().at(-1)).toBe(474)
    // The control stays with the focus while later messages are left, counted as no new ones.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show later messages' }))
    expect(screen.queryByTestId('inbox-new-below')).toBeNull()
    for (
      let pages = 0;
      pages < 20 && screen.queryByRole('button', { name: 'Show later messages' });
      pages++
    ) {
      const shown = drawn().length
      await user.click(screen.getByRole('button', { name: 'Show later messages' }))
      await waitFor(() => expect(drawn().length).toBeGreaterThan(shown))
    }
    expect(drawn().at(-1)).toBe(LONG + 1)
    expect(screen.queryByRole('button', { name: 'Show later messages' })).toBeNull()
    expect(drawn()).toEqual(Array.from({ length: LONG + 1 - 325 + 1 }, (_, i) => 325 + i))
    // The control went with the last page: the focus is on the first message it drew.
    expect(document.activeElement).toBe(entryOf(675))
    // Every read a page: never the whole conversation.
    const later = fake.requests('inbox:thread').filter((r) => r.after !== undefined)
    expect(later).toHaveLength(6)
    expect(later.every((r) => r.limit === 50)).toBe(true)
  })

  // Opening it read the thread twice: down to it (the core's answer, its end without it, thrown away), then the page
  // around it. A wasted read of a long thread before the page the operator asked for.
  it('opens a message that far back with one read, the page around it, drawn first', async () => {
    farThread()
    const drawnFirst: string[] = []
    const drawing = new MutationObserver(() => {
      if (drawnFirst.length > 0) return
      for (const text of document.querySelectorAll('[data-testid="inbox-entry-in"] .inbox-message-text'))
        drawnFirst.push(text.textContent ?? '')
    })
    drawing.observe(document.body, { childList: true, subtree: true })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.type(await screen.findByTestId('inbox-search'), 'kaos hitam{Enter}')
    await user.click(await screen.findByRole('button', { name: /kaos hitam ukuran L/ }))
    const found = (await screen.findByText(`pesanan #${HIT}`)).closest('li')!
    await waitFor(() => expect(document.activeElement).toBe(found))
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
    drawing.disconnect()
    // One read: down to it, or, that far back, the page around it in the same answer.
    const reads = fake.requests('inbox:thread')
    expect(reads).toHaveLength(1)
    expect(reads[0]).toMatchObject({ limit: 50, through: `in-${HIT}`, around: `in-${HIT}` })
    // The first page drawn is the one around it, not the thread's end.
    expect(drawnFirst).toHaveLength(50)
    expect([drawnFirst[0], drawnFirst.at(-1)]).toEqual([`pesanan #${HIT - 25}`, `pesanan #${HIT + 24}`])
    expect(screen.queryByText(`pesanan #${LONG}`)).toBeNull()
  })
})

// QA71 (Earlier messages): "Show earlier messages" asked for a larger page from the thread's end each time, capped at
// the contract's largest page (500 entries): past it the button did nothing, and nothing further back could be read.
describe('earlier messages of a long thread (QA71, Earlier messages)', () => {
  const LONG = 700
  /** The core as it pages: newest first from the end, or past an opaque cursor (its last entry's number). */
  function longThread(): void {
    entries = thread(LONG, LONG)
    lastNumber = LONG
    fake.handle('inbox:thread', ({ limit = 50, before, through }) => {
      expect(limit).toBeLessThanOrEqual(500)
      const from =
        before === undefined
          ? 0
          : entries.findIndex((e) => `c-${e.direction === 'in' ? e.message.number : 0}` === before) + 1
      // `through`: every entry down to the one keyed so, then `limit` past it (the core's read of a far entry).
      const reached = entries.findIndex(
        (e, at) => at >= from && e.direction === 'in' && `in-${e.message.number}` === through
      )
      const to = (reached >= 0 ? reached + 1 : from) + limit
      const page = entries.slice(from, to)
      const more = to < entries.length
      const last = page.at(-1)
      return {
        conversation: makeConversation({ lastNumber, unread }),
        entries: page,
        next: more && last?.direction === 'in' ? `c-${last.message.number}` : null
      }
    })
  }
  const drawn = (): number => screen.getAllByTestId('inbox-entry-in').length
  const topNumber = (): string => screen.getAllByTestId('inbox-entry-in')[0]!.textContent ?? ''

  it('reads the next older page each time, past 500, keeps the message read in place, and says where it begins', async () => {
    longThread()
    render(<InboxView />)
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await waitFor(() => expect(drawn()).toBe(50))
    const box = screen.getByTestId('inbox-entries')
    for (let shown = 50; shown < LONG; shown += 50) {
      // The operator reads the oldest message shown, at the top of the box.
      act(() => {
        box.scrollTop = 0
        fireEvent.scroll(box)
      })
      expect(topNumber()).toContain(`pesanan #${LONG - shown + 1}`)
      await user.click(screen.getByRole('button', { name: 'Show earlier messages' }))
      await waitFor(() => expect(drawn()).toBe(shown + 50))
      // That message stays where it was: the page put above it is scrolled past.
      expect(box.scrollTop).toBe(50 * ENTRY)
    }
    // Each an older page past the last one shown, never the whole thread again.
    const asked = fake.requests('inbox:thread').filter((r) => r.before !== undefined)
    expect(asked).toHaveLength(LONG / 50 - 1)
    expect(asked.every((r) => r.limit === 50)).toBe(true)
    expect(topNumber()).toContain('pesanan #1')
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull()
    const beginning = screen.getByTestId('inbox-thread-beginning')
    expect(beginning.textContent).toBe('This is where the conversation begins.')
    // The button the operator pressed went: the focus is on what took its place.
    expect(document.activeElement).toBe(beginning)
  })

  it('keeps the older pages read when a new message arrives, the operator where they were', async () => {
    longThread()
    render(<InboxView />)
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await waitFor(() => expect(drawn()).toBe(50))
    const box = screen.getByTestId('inbox-entries')
    for (let shown = 50; shown < 600; shown += 50) {
      await user.click(screen.getByRole('button', { name: 'Show earlier messages' }))
      await waitFor(() => expect(drawn()).toBe(shown + 50))
    }
    act(() => {
      box.scrollTop = 1000
      fireEvent.scroll(box)
    })
    const reads = fake.requests('inbox:thread').length
    arrive(LONG + 1)
    await waitFor(() => expect(fake.requests('inbox:thread').length).toBeGreaterThan(reads))
    await waitFor(() => expect(drawn()).toBe(601))
    expect(topNumber()).toContain(`pesanan #${LONG - 600 + 1}`)
    expect(box.scrollTop).toBe(1000)
    expect((await screen.findByTestId('inbox-new-below')).textContent).toBe('1 new message')
    // The re-read asks for the thread's newest entries, then the older pages shown in one read (QA72), not a page
    // at a time.
    const [newest, older] = fake.requests('inbox:thread').slice(-2)
    expect(newest).toMatchObject({ limit: 500 })
    expect(newest?.before).toBeUndefined()
    expect(older).toMatchObject({ before: `c-${LONG + 1 - 499}`, through: `in-${LONG - 599}` })
  })

  // QA72: the pages past the newest 500 were kept as first read: a file fetched again (or a reply's status, a
  // take-back) on a message there showed only on the thread's next opening.
  it('shows a change to a message in a page past the newest 500, the operator where they were', async () => {
    longThread()
    const failed = {
      state: 'failed',
      kind: 'document',
      fileName: 'nota.pdf',
      type: null,
      bytes: null,
      refusal: null,
      note: 'HTTP 500'
    } as const
    const withMedia = (number: number, state: 'failed' | 'pending'): InboxThreadEntry => {
      const entry = entryNumbered(number) as Extract<InboxThreadEntry, { direction: 'in' }>
      return { ...entry, message: { ...entry.message, messageType: 'document', media: { ...failed, state } } }
    }
    const at = entries.findIndex((e) => e.direction === 'in' && e.message.number === 60)
    entries[at] = withMedia(60, 'failed')
    render(<InboxView />)
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await waitFor(() => expect(drawn()).toBe(50))
    for (let shown = 50; shown < 650; shown += 50) {
      await user.click(screen.getByRole('button', { name: 'Show earlier messages' }))
      await waitFor(() => expect(drawn()).toBe(shown + 50))
    }
    const box = screen.getByTestId('inbox-entries')
    act(() => {
      box.scrollTop = 1000
      fireEvent.scroll(box)
    })
    const mediaOf60 = (): string | null | undefined =>
      screen
        .getByText('pesanan #60')
        .closest('li')
        ?.querySelector('[data-testid="inbox-media-state"]')
        ?.getAttribute('data-state')
    expect(mediaOf60()).toBe('failed')
    // Its file asked for again: the core has it pending, and says something changed.
    const reads = fake.requests('inbox:thread').length
    entries[at] = withMedia(60, 'pending')
    act(() => fake.emit('inbox:changed', STATUS))
    await waitFor(() => expect(fake.requests('inbox:thread').length).toBe(reads + 2))
    await waitFor(() => expect(mediaOf60()).toBe('pending'))
    expect(drawn()).toBe(650)
    expect(topNumber()).toContain('pesanan #51')
    expect(box.scrollTop).toBe(1000)
  })
})
