// The inbox an operator works from: conversations (names, unread badges, pages, filters, search), the thread (read
// when opened, live statuses, the opt-out note), the reply box (sent once, the text limit, files) with canned
// replies, and the inbox's keys.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import {
  ApiError,
  type ChatbotDeviceView,
  type InboxConversationView,
  type InboxMessageView,
  type InboxThreadEntry,
  type InvokeReply,
  type OutboxItemView
} from '../../../../shared/contract'
import { MAX_TEXT_LENGTH } from '../../../../shared/domain/limits'
import { encodeNote } from '../../../../shared/i18n/note-text'
import {
  AUTO_REPLY_KEYWORD_CASES,
  AUTO_REPLY_TIME_CASES
} from '../../../../shared/domain/auto-reply-keyword.cases'
import type { FakeApi } from '../../testing/fake-api'
import {
  makeBootstrap,
  makeConversation,
  makeConversationOptOuts,
  makeDevice,
  makeInboxStatus,
  makeItem,
  makeReceiving,
  makeSettings,
  makeTakeBack
} from '../../testing/fixtures'
import { accessibleDescription } from '../../testing/described'
import { pressAndHold } from '../../testing/focus'
import { renderWithRowKeys } from '../../testing/row-keys'
import { installFakeApi, seedStores } from '../../testing/render'
import { readsAgainOnTryAgain } from '../../testing/read-again'
import { giveListsHeight } from '../../testing/list-height'
import { useNavigation } from '../../stores/navigation'
import { useInboxAlerts } from '../../stores/inbox-alerts'
import { useSend } from '../../stores/send'
import { WindowDrop } from '../send/WindowDrop'
import { InboxView } from './InboxView'

let fake: FakeApi
const VIEWPORT = 640

const shop = makeDevice({ id: 'dev-1', label: 'Shop', serial: 'SN-0001' })

const STATUS = makeInboxStatus({ messages: 2, unread: 2, unreadCustomers: 1 })

const conversation = makeConversation

const message = (over: Partial<InboxMessageView> = {}): InboxMessageView => ({
  number: 10,
  messageId: 'WA-10',
  deviceSerial: 'SN-0001',
  chatId: '6281377778888',
  isGroup: false,
  groupSubject: null,
  groupMember: null,
  pushName: 'Dewi',
  text: 'Harga grosir berapa?',
  messageType: 'text',
  mediaUrl: null,
  sentAt: '2026-01-15T03:01:00.000Z',
  receivedAt: '2026-01-15T03:01:02.000Z',
  fromMe: false,
  read: false,
  keywordOutcome: null,
  ...over
})

const incoming = (over: Partial<InboxMessageView> = {}): InboxThreadEntry => ({
  direction: 'in',
  at: over.receivedAt ?? '2026-01-15T03:01:02.000Z',
  message: message(over)
})

const DEWI = conversation()

/** A message as inbox:search finds it: with the id of its conversation (Dewi's unless told). */
const hit = (over: Partial<InboxMessageView> = {}, of: InboxConversationView = DEWI) => ({
  ...message(over),
  conversationId: of.id
})
/** An inbox:search answer of one page: nothing found but what is given, no more to read. */
const found = (over: Partial<InvokeReply<'inbox:search'>>): InvokeReply<'inbox:search'> => ({
  messages: [],
  replies: [],
  conversations: [],
  next: null,
  sentRead: 0,
  messageConversations: [],
  conversationsMoreFound: false,
  moreFound: false,
  ...over
})
const GROUP = conversation({
  id: 2,
  chatId: '120363000000000001@g.us',
  isGroup: true,
  groupSubject: 'Reseller Bandung',
  contactName: null,
  pushName: null,
  lastNumber: 9,
  lastText: 'Stok ada?',
  lastSender: 'Eko',
  unread: 0
})
const UNNAMED = conversation({
  id: 3,
  chatId: '6281299990000',
  contactName: null,
  pushName: null,
  lastNumber: 8,
  lastText: '',
  lastType: 'image',
  unread: 0
})

function script(
  options: {
    conversations?: InboxConversationView[]
    entries?: InboxThreadEntry[]
    chatbot?: ChatbotDeviceView[]
  } = {}
): void {
  fake.handle('autoReplies:chatbot', () => ({ devices: options.chatbot ?? [] }))
  fake.handle('inbox:status', () => STATUS)
  fake.handle('inbox:receiving', () =>
    makeReceiving({ devices: [{ deviceId: 'dev-1', receiving: true, since: null, canUndo: false }] })
  )
  fake.handle('inbox:conversations', () => ({
    conversations: options.conversations ?? [DEWI, GROUP, UNNAMED],
    next: null
  }))
  fake.handle('inbox:thread', ({ conversationId }) => ({
    conversation:
      (options.conversations ?? [DEWI, GROUP, UNNAMED]).find((c) => c.id === conversationId) ?? DEWI,
    entries: options.entries ?? [incoming()],
    next: null
  }))
  fake.handle('inbox:markRead', ({ conversationId, read }) => ({
    ...((options.conversations ?? [DEWI, GROUP, UNNAMED]).find((c) => c.id === conversationId) ?? DEWI),
    unread: read ? 0 : 1
  }))
  fake.handle('cannedReplies:list', () => ({ replies: [] }))
}

/** A thread whose one entry is a reply the gateway holds (accepted): Cancel at the gateway is offered on it. */
function scriptHeldReply(): void {
  const waiting = makeItem({ id: 'out-2', recipient: '6281377778888', status: 'accepted', gatewayId: 'gw-2' })
  script({ entries: [{ direction: 'out', at: '2026-01-15T03:06:00.000Z', item: waiting }] })
}

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap({ devices: [shop] }))
  giveListsHeight(VIEWPORT)
})

const rowTitles = (): string[] =>
  screen.getAllByTestId('inbox-conversation-title').map((title) => title.textContent ?? '')

describe('a conversation marked unread', () => {
  it('stays unread when the operator comes back to the Inbox: it is not opened again by itself and read', async () => {
    script()
    // The core's side: the read mark holds until changed.
    let unread = 0
    const dewi = (): InboxConversationView => ({ ...DEWI, unread })
    fake.handle('inbox:conversations', () => ({ conversations: [dewi(), GROUP, UNNAMED], next: null }))
    fake.handle('inbox:thread', () => ({ conversation: dewi(), entries: [incoming()], next: null }))
    fake.handle('inbox:markRead', ({ read }) => {
      unread = read ? 0 : 1
      return dewi()
    })
    const user = userEvent.setup()
    const { unmount } = render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const mark = await screen.findByTestId('inbox-mark-read')
    await user.click(mark)
    await waitFor(() => expect(mark.textContent).toBe('Mark read'))
    // Alt+1 to the Overview and Alt+I back (the view is left and drawn again): the mark holds.
    unmount()
    render(<InboxView />)
    await waitFor(() =>
      expect(within(screen.getByTestId('inbox-conversation-1')).getByTestId('inbox-unread')).toBeTruthy()
    )
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(fake.requests('inbox:markRead')).toEqual([{ conversationId: 1, read: false }])
    expect(unread).toBe(1)
    // Opened by the operator, it is read.
    await user.click(screen.getByTestId('inbox-conversation-1'))
    await waitFor(() => expect(unread).toBe(0))
  })
})

// QA72: marked unread when the operator's reply was the newest, the customer's message before it counted "1 unread
// message" they had not sent since. The core marks it with no count (WhatsApp's "Mark as unread"): the row says so.
describe('a conversation answered last, marked unread (QA72)', () => {
  it('says "marked unread" on its row, no message counted, and opening it clears the mark', async () => {
    script()
    let marked = false
    const answered = (): InboxConversationView => ({
      ...DEWI,
      lastFromMe: true,
      lastText: 'Masih ada kak',
      unread: 0,
      markedUnread: marked
    })
    fake.handle('inbox:conversations', () => ({ conversations: [answered()], next: null }))
    fake.handle('inbox:thread', () => ({
      conversation: answered(),
      entries: [incoming({ read: true })],
      next: null
    }))
    fake.handle('inbox:markRead', ({ read }) => {
      marked = !read
      return answered()
    })
    const user = userEvent.setup()
    const { unmount } = render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const mark = await screen.findByTestId('inbox-mark-read')
    expect(mark.textContent).toBe('Mark unread')
    await user.click(mark)
    await waitFor(() => expect(mark.textContent).toBe('Mark read'))
    const row = screen.getByTestId('inbox-conversation-1')
    await waitFor(() => expect(within(row).getByTestId('inbox-marked-unread')).toBeTruthy())
    expect(within(row).queryByTestId('inbox-unread')).toBeNull()
    expect(within(row).getByTestId('inbox-marked-unread').textContent).toContain('Marked unread')
    expect(row.textContent).not.toMatch(/unread message/)
    // Coming back to the Inbox leaves it marked; opening it reads it, and the mark goes.
    unmount()
    render(<InboxView />)
    await screen.findByTestId('inbox-marked-unread')
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(marked).toBe(true)
    await user.click(screen.getByTestId('inbox-conversation-1'))
    await waitFor(() => expect(marked).toBe(false))
    expect(fake.requests('inbox:markRead').at(-1)).toEqual({ conversationId: 1, read: true })
    await waitFor(() => expect(screen.queryByTestId('inbox-marked-unread')).toBeNull())
  })
})

describe('notifications and the open conversation', () => {
  it('opens the conversation a clicked notification asks for, and tells which one is open', async () => {
    script()
    useInboxAlerts.getState().askToOpen(2)
    render(<InboxView />)
    const thread = await screen.findByTestId('inbox-thread')
    await waitFor(() => expect(within(thread).getByRole('heading').textContent).toContain('Reseller Bandung'))
    expect(useInboxAlerts.getState().openConversation).toBeNull()
    expect(useInboxAlerts.getState().viewing).toBe(2)
    await userEvent.setup().click(screen.getByTestId('inbox-conversation-1'))
    await waitFor(() => expect(useInboxAlerts.getState().viewing).toBe(1))
  })
})

describe('the conversations list', () => {
  it('names each conversation (contact and formatted number, group subject, number alone) with its unread count', async () => {
    script()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    expect(rowTitles()).toEqual(['Dewi', 'Reseller Bandung', '+62 812-9999-0000'])
    const dewi = screen.getByTestId('inbox-conversation-1')
    expect(dewi.textContent).toContain('+62 813-7777-8888')
    expect(dewi.textContent).toContain('Harga grosir berapa?')
    expect(within(dewi).getByTestId('inbox-unread').getAttribute('aria-label')).toBe('2 unread messages')
    expect(within(screen.getByTestId('inbox-conversation-2')).queryByTestId('inbox-unread')).toBeNull()
    // A group's newest message says who wrote it (QA39: "Stok ada?" alone).
    expect(screen.getByTestId('inbox-conversation-2').querySelector('.row-what')?.textContent).toBe(
      'Eko: Stok ada?'
    )
    expect(dewi.querySelector('.row-what')?.textContent).toBe('Harga grosir berapa?')
  })

  // QA62/QA65 (issue 29 point 4): every conversation was a Tab stop of its own, 50 Tabs to reach the thread.
  it('is one Tab stop: ↑ / ↓ and Home / End move between its rows, Tab comes back to the row left, Enter opens', async () => {
    script()
    const user = userEvent.setup()
    renderWithRowKeys(<InboxView />)
    const rows = await Promise.all([1, 2, 3].map((id) => screen.findByTestId(`inbox-conversation-${id}`)))
    const focusedRow = (): number => rows.findIndex((row) => row === document.activeElement)
    expect(rows.map((row) => row.tabIndex)).toEqual([0, -1, -1])
    // Tab from the filters reaches the first row, and the next Tab leaves the list.
    screen.getByTestId('inbox-filter-archived').focus()
    await user.tab()
    expect(focusedRow()).toBe(0)
    await user.tab()
    expect(focusedRow()).toBe(-1)
    await user.tab({ shift: true })
    expect(focusedRow()).toBe(0)
    for (const [key, row] of [
      ['{ArrowDown}', 1],
      ['{ArrowDown}', 2],
      ['{ArrowDown}', 2],
      ['{ArrowUp}', 1],
      ['{Home}', 0],
      ['{End}', 2],
      ['{ArrowUp}', 1]
    ] as const) {
      await user.keyboard(key)
      expect(focusedRow(), key).toBe(row)
    }
    expect(rows.map((row) => row.tabIndex)).toEqual([-1, 0, -1])
    // Out of the list and back: the row left.
    await user.tab()
    expect(focusedRow()).toBe(-1)
    await user.tab({ shift: true })
    expect(focusedRow()).toBe(1)
    await user.keyboard('{Enter}')
    await screen.findByRole('heading', { name: /Reseller Bandung/ })
    expect(screen.getByTestId('inbox-conversation-2').tabIndex).toBe(0)
  })

  it('says a newest reply the customer will not have as such, and follows its status as it changes', async () => {
    const failed = conversation({ lastFromMe: true, lastText: 'Stok habis', lastUnreached: 'failed' })
    const optedOut = conversation({
      id: 4,
      chatId: '6281355556666',
      lastFromMe: true,
      lastText: 'Promo akhir tahun',
      lastUnreached: 'optedOut'
    })
    const waiting = conversation({
      id: 5,
      chatId: '6281399990000',
      lastFromMe: true,
      lastText: 'Sebentar ya'
    })
    script({ conversations: [failed, optedOut, waiting] })
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-5')
    const what = (id: number): string | null | undefined =>
      screen.getByTestId(`inbox-conversation-${id}`).querySelector('.row-what')?.textContent
    expect(what(1)).toBe('You, failed: Stok habis')
    expect(what(4)).toBe('You, not sent (opted out): Promo akhir tahun')
    expect(what(5)).toBe('You: Sebentar ya')
    // The reply to the third customer fails: its row says so once the core tells, not at the next message in.
    fake.handle('inbox:conversations', () => ({
      conversations: [failed, optedOut, { ...waiting, lastUnreached: 'cancelled' as const }],
      next: null
    }))
    act(() =>
      fake.emit('outbox:itemChanged', {
        item: makeItem({ id: 'reply-5', deviceId: 'dev-1', recipient: '6281399990000', status: 'cancelled' })
      })
    )
    await waitFor(() => expect(what(5)).toBe('You, cancelled: Sebentar ya'))
    // A message to a chat the list does not show asks nothing again.
    const asked = fake.requests('inbox:conversations').length
    act(() =>
      fake.emit('outbox:itemChanged', {
        item: makeItem({ id: 'other', deviceId: 'dev-1', recipient: '6281200000000', status: 'sent' })
      })
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(fake.requests('inbox:conversations')).toHaveLength(asked)
  })

  it('names a group member without a push name by their number, formatted, in the row and the thread', async () => {
    const group = { ...GROUP, lastSender: '6281300000002' }
    script({
      conversations: [DEWI, group],
      entries: [
        incoming({ isGroup: true, chatId: group.chatId, pushName: null, groupMember: '6281300000002' })
      ]
    })
    render(<InboxView />)
    const row = await screen.findByTestId('inbox-conversation-2')
    expect(row.querySelector('.row-what')?.textContent).toBe('+62 813-0000-0002: Stok ada?')
    await userEvent.setup().click(row)
    const entry = await screen.findByTestId('inbox-entry-in')
    expect(entry.textContent).toContain('+62 813-0000-0002')
    // One device: its name says nothing.
    expect(screen.getByTestId('inbox-conversation-1').textContent).not.toContain('Shop')
  })

  it.each([
    { language: 'en' as const, words: ['Image', 'Video', 'Document', 'Audio', 'Message without text'] },
    { language: 'id' as const, words: ['Gambar', 'Video', 'Dokumen', 'Audio', 'Pesan tanpa teks'] }
  ])('says in words what a file without a caption is ($language)', async ({ language, words }) => {
    seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [shop] }))
    const kinds = ['image', 'video', 'document', 'audio', 'sticker']
    script({
      conversations: kinds.map((lastType, i) =>
        conversation({ id: 10 + i, lastNumber: 20 - i, lastText: '', lastType, unread: 0 })
      )
    })
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-10')
    const previews = kinds.map((_, i) => screen.getByTestId(`inbox-conversation-${10 + i}`).textContent ?? '')
    previews.forEach((preview, i) => {
      expect(preview).toContain(words[i])
      expect(preview).not.toMatch(/\[|\]/)
    })
  })

  // QA62: a customer's PDF captioned "Invoice terlampir" read as that text alone, and a captioned reply as "You: …".
  it.each([
    { language: 'en' as const, customer: 'Document: Invoice terlampir', reply: 'You: Image: Ini katalognya' },
    { language: 'id' as const, customer: 'Dokumen: Invoice terlampir', reply: 'Anda: Gambar: Ini katalognya' }
  ])(
    'says a captioned file is one, as an uncaptioned one is ($language)',
    async ({ language, customer, reply }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [shop] }))
      script({
        conversations: [
          conversation({
            id: 10,
            lastNumber: 20,
            lastText: 'Invoice terlampir',
            lastType: 'document',
            unread: 0
          }),
          conversation({
            id: 11,
            lastNumber: 19,
            lastText: 'Ini katalognya',
            lastType: 'image',
            lastFromMe: true,
            unread: 0
          }),
          conversation({ id: 12, lastNumber: 18, lastText: 'Halo', lastType: 'text', unread: 0 })
        ]
      })
      render(<InboxView />)
      expect((await screen.findByTestId('inbox-conversation-10')).textContent).toContain(customer)
      expect(screen.getByTestId('inbox-conversation-11').textContent).toContain(reply)
      expect(screen.getByTestId('inbox-conversation-12').textContent).not.toContain(': Halo')
    }
  )

  it.each([
    { language: 'en' as const, words: ['Image', 'Message without text'] },
    { language: 'id' as const, words: ['Gambar', 'Pesan tanpa teks'] }
  ])(
    'says in words what a message without text or a file to show is, in the thread too ($language, QA4 F10)',
    async ({ language, words }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [shop] }))
      script({
        entries: [
          incoming({ number: 12, text: '', messageType: 'sticker' }),
          // A picture whose file the gateway did not give.
          incoming({ number: 11, text: '', messageType: 'image', media: null })
        ]
      })
      render(<InboxView />)
      await userEvent.setup().click(await screen.findByTestId('inbox-conversation-1'))
      await waitFor(() => expect(screen.getAllByTestId('inbox-entry-in')).toHaveLength(2))
      const texts = screen
        .getAllByTestId('inbox-entry-in')
        .map((entry) => entry.querySelector('.inbox-message-text')?.textContent ?? '')
      // Oldest first: the picture, then the sticker.
      expect(texts).toEqual(words)
    }
  )

  // QA67: after Siti's "BERHENTI" her row read as any other; only her thread told she was on the opt-out list.
  it('marks a customer on the opt-out list as the customer list does, from the list read once', async () => {
    const siti = conversation({
      id: 6,
      chatId: '6281234567891',
      contactName: 'Siti Aminah',
      pushName: 'Siti',
      lastText: 'Mau tanya ongkir',
      unread: 0
    })
    script({ conversations: [siti, GROUP] })
    render(<InboxView />)
    const row = await screen.findByTestId('inbox-conversation-6')
    expect(within(row).queryByTestId('inbox-row-opted-out')).toBeNull()
    // Her "BERHENTI" puts her on the list: the core says so on the rows it lists, and the list is read again.
    fake.handle('inbox:conversations', () => ({
      conversations: [{ ...siti, lastText: 'BERHENTI', optedOut: true }, GROUP],
      next: null
    }))
    act(() => fake.emit('optouts:changed', { at: '2026-01-15T03:02:00.000Z' }))
    const marker = await within(screen.getByTestId('inbox-conversation-6')).findByTestId(
      'inbox-row-opted-out'
    )
    // The customer list's words, leading her last message.
    const seen = [...marker.childNodes].filter(
      (node) => !(node as Element).classList?.contains('visually-hidden')
    )
    expect(seen.map((node) => node.textContent).join('')).toBe('opted out')
    expect(marker.closest('.row-what')).not.toBeNull()
    // Heard after her name and number, apart from them and from her message: "…7891, opted out, BERHENTI".
    expect(
      screen.getByRole('button', {
        name: /^Siti Aminah \+62 812-3456-7891\s*, opted out\s*, BERHENTI 15 Jan$/
      })
    ).toBe(screen.getByTestId('inbox-conversation-6'))
    // A group has no number to opt out; nor did the window ask the list row by row.
    expect(within(screen.getByTestId('inbox-conversation-2')).queryByTestId('inbox-row-opted-out')).toBeNull()
    expect(fake.requests('optouts:list')).toHaveLength(0)
  })

  it('names the device a conversation came through when there are several', async () => {
    seedStores(makeBootstrap({ devices: [shop, makeDevice({ id: 'dev-2', label: 'Gudang' })] }))
    script({
      conversations: [
        DEWI,
        { ...GROUP, deviceId: 'dev-2' },
        { ...UNNAMED, deviceId: null, deviceSerial: 'SN-9', devicePhone: null }
      ]
    })
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    expect(screen.getByTestId('inbox-conversation-1').textContent).toContain('Shop')
    expect(screen.getByTestId('inbox-conversation-2').textContent).toContain('Gudang')
    // One Sender Desk does not know is said to be so, by its serial when its number is not known (QA82).
    expect(screen.getByTestId('inbox-conversation-3').textContent).toContain(
      'to a device not in Sender Desk (SN-9)'
    )
  })

  it('fetches the next keyset page as its end comes into view, and again with the filters', async () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      conversation({ id: i + 1, lastNumber: 1000 - i, chatId: `62813000${String(i).padStart(5, '0')}` })
    )
    script()
    fake.handle('inbox:conversations', ({ before }) =>
      before === undefined
        ? { conversations: many, next: 901 }
        : { conversations: [conversation({ id: 500, lastNumber: 900, contactName: 'Older' })], next: null }
    )
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    const scroller = screen.getByTestId('inbox-conversation-scroll')
    await act(async () => {
      Object.defineProperty(scroller, 'scrollTop', { configurable: true, writable: true, value: 90 * 64 })
      fireEvent.scroll(scroller)
    })
    await screen.findByTestId('inbox-conversation-500')
    expect(fake.requests('inbox:conversations').map((r) => r.before)).toEqual([undefined, 901])
    expect(screen.queryByTestId('inbox-load-more')).toBeNull()

    await userEvent.setup().click(screen.getByTestId('inbox-filter-unread'))
    await waitFor(() =>
      expect(fake.requests('inbox:conversations').at(-1)).toMatchObject({ unreadOnly: true, archived: false })
    )
  })

  // QA14 Q14-09: the row left the list as it was read, and the focus fell to the page; it stays listed now (QA71).
  it('with "Unread only", opening a conversation by keyboard leaves the focus on its row, which stays listed', async () => {
    // Side by side (wide): the row that opened the thread is on screen (jsdom lays nothing out, so says so here).
    const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get: () => document.body
    })
    onTestFinished(() => {
      if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent)
    })
    const unread = { ...DEWI, unread: 2 }
    script({ conversations: [unread] })
    const read = new Set<number>()
    fake.handle('inbox:conversations', ({ unreadOnly }) => ({
      conversations: unreadOnly ? [unread].filter((c) => !read.has(c.id)) : [unread],
      next: null
    }))
    fake.handle('inbox:markRead', ({ conversationId }) => {
      read.add(conversationId)
      setTimeout(() => fake.emit('inbox:changed', STATUS), 0)
      return { ...unread, unread: 0 }
    })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-filter-unread'))
    await waitFor(() =>
      expect(fake.requests('inbox:conversations').at(-1)).toMatchObject({ unreadOnly: true })
    )
    const row = await screen.findByTestId('inbox-conversation-1')
    row.focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('heading', { name: /Dewi/ })
    // Read now, the row stays in the unread list, and the focus on it.
    await waitFor(() => expect(read.has(1)).toBe(true))
    await act(async () => new Promise((resolve) => setTimeout(resolve, 80)))
    expect(screen.getByTestId('inbox-conversation-1')).toBe(row)
    expect(document.activeElement).toBe(row)
  })

  it.each([
    ['en', 'This list could not be read: database is locked', 'Try again', 'Conversations'],
    ['id', 'Daftar ini tidak dapat dibaca: database is locked', 'Coba lagi', 'Percakapan']
  ] as const)(
    'says why the conversations could not be read, with Try again that reads them again (%s)',
    async (language, says, tryAgain, title) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [shop] }))
      script()
      fake.once('inbox:conversations', () => {
        throw new ApiError({ code: 'internal', message: 'database is locked' })
      })
      const user = userEvent.setup()
      render(<InboxView />)
      const list = await screen.findByRole('region', { name: title })
      await readsAgainOnTryAgain(user, list, {
        says,
        tryAgain,
        heading: () => within(list).getByRole('heading', { name: title }),
        read: () => within(list).findByTestId('inbox-conversation-1')
      })
      expect(fake.requests('inbox:conversations')).toHaveLength(2)
    }
  )

  it('shows a conversation that arrives on inbox:changed', async () => {
    script({ conversations: [GROUP] })
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-2')
    fake.handle('inbox:conversations', () => ({ conversations: [DEWI, GROUP], next: null }))
    act(() => fake.emit('inbox:changed', STATUS))
    await screen.findByTestId('inbox-conversation-1')
    expect(rowTitles()).toEqual(['Dewi', 'Reseller Bandung'])
  })

  it('says how many it found in the line that said it was searching, so a screen reader reads it (QA25 Q25-07)', async () => {
    script()
    const search = fake.defer('inbox:search')
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await user.type(screen.getByTestId('inbox-search'), 'ongkir')
    await search.called
    const line = within(screen.getByTestId('inbox-search-results')).getByRole('status')
    expect(line.textContent).toBe('Searching…')
    await act(async () =>
      search.resolve({
        messages: [hit({ number: 7, text: 'Ongkir ke Bandung berapa?' })],
        replies: [],
        conversations: [],
        next: null,
        sentRead: 0,
        messageConversations: [DEWI],
        conversationsMoreFound: false,
        moreFound: false
      })
    )
    await screen.findByTestId('inbox-search-message')
    expect(within(screen.getByTestId('inbox-search-results')).getByRole('status')).toBe(line)
    expect(line.textContent).toBe('1 message found')
  })

  // QA58: with "Archived" ticked, a search found a message of a conversation neither archived nor unread, the filters
  // still ticked and working-looking beside it. The search looks through every conversation: it says so, the
  // filters standing by (disabled) until it is cleared.
  it('says the filters wait while a search looks through every conversation, and keeps them for the list', async () => {
    script()
    fake.handle('inbox:search', () =>
      found({ messages: [hit({ number: 7, text: 'Kak, ongkir ke Bandung?' })], messageConversations: [DEWI] })
    )
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    const archived = screen.getByTestId('inbox-filter-archived') as HTMLInputElement
    await user.click(archived)
    expect(screen.queryByTestId('inbox-search-filters-apart')).toBeNull()
    await user.type(screen.getByTestId('inbox-search'), 'Kak')
    await screen.findByTestId('inbox-search-message')
    expect(archived.checked).toBe(true)
    expect(archived.disabled).toBe(true)
    expect((screen.getByTestId('inbox-filter-unread') as HTMLInputElement).disabled).toBe(true)
    expect(screen.getByTestId('inbox-search-filters-apart').textContent).toBe(
      'The search looks through every conversation, archived and read ones too: the filters apply to the list.'
    )
    await user.clear(screen.getByTestId('inbox-search'))
    expect(archived.disabled).toBe(false)
    expect(archived.checked).toBe(true)
    expect(screen.queryByTestId('inbox-search-filters-apart')).toBeNull()
  })

  // A search pasted past 200 characters was cut to 200 by the field, unsaid, and the cut text searched for.
  it('keeps a search pasted past 200 characters whole, says so at the field, and searches once it fits', async () => {
    script()
    fake.handle('inbox:search', () => found({}))
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    const box = screen.getByTestId('inbox-search') as HTMLInputElement
    await user.click(box)
    await user.paste('k'.repeat(205))
    expect(box.value).toHaveLength(205)
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(accessibleDescription(box)).toContain('A search is at most 200 characters: shorten it to search.')
    await user.keyboard('{Enter}')
    await new Promise((settle) => setTimeout(settle, 400))
    expect(fake.requests('inbox:search')).toEqual([])
    // Spaces around it are not searched for, so not counted.
    await user.keyboard('{Backspace>5/}   ')
    expect(box.getAttribute('aria-invalid')).toBeNull()
    await waitFor(() =>
      expect(fake.requests('inbox:search').map(({ text }) => text)).toEqual(['k'.repeat(200)])
    )
  })

  it('searches messages and contacts, and a found message opens its conversation', async () => {
    script()
    fake.handle('inbox:search', ({ before }) =>
      before === undefined
        ? {
            messages: [hit({ number: 7, text: 'Harga grosir untuk 10 pcs?' })],
            replies: [],
            conversations: [],
            next: 'page-2',
            sentRead: 0,
            messageConversations: [DEWI],
            conversationsMoreFound: false,
            moreFound: true
          }
        : {
            messages: [hit({ number: 3, text: 'Grosir minimal berapa?' })],
            replies: [],
            conversations: [],
            next: null,
            sentRead: 0,
            messageConversations: [DEWI],
            conversationsMoreFound: false,
            moreFound: false
          }
    )
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await user.type(screen.getByTestId('inbox-search'), 'grosir')
    const found = await screen.findByTestId('inbox-search-message')
    expect(fake.requests('inbox:search').at(-1)).toMatchObject({ text: 'grosir' })
    // An action, not a heading (QA6 Q07: "More messages found").
    expect(screen.getByTestId('inbox-search-more').textContent).toBe('Show more messages')
    await user.click(screen.getByTestId('inbox-search-more'))
    await waitFor(() => expect(screen.getAllByTestId('inbox-search-message')).toHaveLength(2))
    expect(fake.requests('inbox:search').at(-1)).toMatchObject({ text: 'grosir', before: 'page-2' })
    expect(screen.queryByTestId('inbox-search-more')).toBeNull()
    await user.click(within(found).getByRole('button'))
    expect(await screen.findByTestId('inbox-thread')).toBeTruthy()
    expect(fake.requests('inbox:thread').at(-1)).toMatchObject({ conversationId: 1 })
    // Back from a thread a search opened: the focus returns to the search, which still shows what it found.
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('inbox-search')))
    expect(screen.getAllByTestId('inbox-search-message')).toHaveLength(2)
  })

  // QA (row keys): each hit was a Tab stop of its own, Tab walking every found message before the thread.
  it('makes each list of hits one Tab stop, ↑ / ↓, J / K and Home / End moving between its hits', async () => {
    script()
    fake.handle('inbox:search', () =>
      found({
        conversations: [DEWI, GROUP],
        messages: [
          hit({ number: 7, text: 'Ongkir ke Bandung?', receivedAt: '2026-01-15T03:07:00.000Z' }),
          hit({ number: 6, text: 'Ongkir ke Garut?', receivedAt: '2026-01-15T03:06:00.000Z' }),
          hit({ number: 5, text: 'Ongkir ke Bogor?', receivedAt: '2026-01-15T03:05:00.000Z' })
        ],
        messageConversations: [DEWI]
      })
    )
    const user = userEvent.setup()
    renderWithRowKeys(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await user.type(screen.getByTestId('inbox-search'), 'ongkir')
    await waitFor(() => expect(screen.getAllByTestId('inbox-search-message')).toHaveLength(3))
    const results = screen.getByTestId('inbox-search-results')
    const [contacts, messages] = within(results).getAllByRole('list')
    const buttons = (list: HTMLElement): HTMLElement[] => within(list).getAllByRole('button')
    const hits = buttons(messages!)
    expect(buttons(contacts!).map((button) => button.tabIndex)).toEqual([0, -1])
    expect(hits.map((button) => button.tabIndex)).toEqual([0, -1, -1])
    // Tab from the first found contact goes to the list of messages, and on out of it.
    buttons(contacts!)[0]!.focus()
    await user.tab()
    expect(document.activeElement).toBe(hits[0])
    for (const [key, at] of [
      ['{ArrowDown}', 1],
      ['{ArrowDown}', 2],
      ['{ArrowDown}', 2],
      ['{ArrowUp}', 1],
      ['k', 0],
      ['j', 1],
      ['{End}', 2],
      ['{Home}', 0],
      ['{ArrowDown}', 1]
    ] as const) {
      await user.keyboard(key)
      expect(hits.indexOf(document.activeElement as HTMLElement), key).toBe(at)
    }
    expect(hits.map((button) => button.tabIndex)).toEqual([-1, 0, -1])
    await user.tab()
    expect(results.contains(document.activeElement)).toBe(false)
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(hits[1])
  })

  it('gives the focus to the first hit "more" added, not to <body> as its button goes (QA6 Q01)', async () => {
    script()
    fake.handle('inbox:search', ({ before }) =>
      before === undefined
        ? {
            messages: [hit({ number: 7, text: 'Harga grosir untuk 10 pcs?' })],
            replies: [],
            conversations: [],
            next: 'page-2',
            sentRead: 0,
            messageConversations: [DEWI],
            conversationsMoreFound: false,
            moreFound: true
          }
        : {
            messages: [hit({ number: 3, text: 'Grosir minimal berapa?' })],
            replies: [],
            conversations: [],
            next: null,
            sentRead: 0,
            messageConversations: [DEWI],
            conversationsMoreFound: false,
            moreFound: false
          }
    )
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await user.type(screen.getByTestId('inbox-search'), 'grosir')
    const moreButton = await screen.findByTestId('inbox-search-more')
    moreButton.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getAllByTestId('inbox-search-message')).toHaveLength(2))
    const added = screen.getAllByTestId('inbox-search-message')[1]!
    await waitFor(() => expect(document.activeElement).toBe(within(added).getByRole('button')))
    expect(added.textContent).toContain('Grosir minimal berapa?')
  })

  it('offers "more" after a full page only when a hit past it is known, reading on to learn it', async () => {
    script()
    const fullPage = Array.from({ length: 50 }, (_, i) => hit({ number: 100 - i, text: `promo ${100 - i}` }))
    // A full page, then sent messages left to read (a campaign's): nothing is known past the page yet.
    fake.handle('inbox:search', ({ before }) =>
      before === undefined
        ? {
            messages: fullPage,
            replies: [],
            conversations: [],
            next: 'read-to-1',
            sentRead: 2000,
            messageConversations: [DEWI],
            conversationsMoreFound: false,
            moreFound: false
          }
        : {
            messages: [],
            replies: [],
            conversations: [],
            next: null,
            sentRead: 1000,
            messageConversations: [],
            conversationsMoreFound: false,
            moreFound: false
          }
    )
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await user.type(screen.getByTestId('inbox-search'), 'promo')
    await waitFor(() =>
      expect(fake.requests('inbox:search').map((r) => r.before)).toEqual([undefined, 'read-to-1'])
    )
    await waitFor(() =>
      expect(within(screen.getByTestId('inbox-search-results')).getByRole('status').textContent).toBe(
        '50 messages found'
      )
    )
    expect(screen.getAllByTestId('inbox-search-message')).toHaveLength(50)
    expect(screen.queryByTestId('inbox-search-more')).toBeNull()
  })

  it('reads on at once past a page the core ended without a hit, so "more" is never offered over nothing', async () => {
    script()
    // The core read a stretch of a campaign's sent messages to chats without a conversation and found nothing there.
    fake.handle('inbox:search', ({ before }) =>
      before === undefined
        ? {
            messages: [],
            replies: [],
            conversations: [],
            next: 'read-to-1',
            sentRead: 2000,
            messageConversations: [],
            conversationsMoreFound: false,
            moreFound: false
          }
        : before === 'read-to-1'
          ? {
              messages: [],
              replies: [],
              conversations: [],
              next: 'read-to-2',
              sentRead: 2000,
              messageConversations: [],
              conversationsMoreFound: false,
              moreFound: false
            }
          : {
              messages: [hit({ number: 3, text: 'Promo masih ada?' })],
              replies: [],
              conversations: [],
              next: null,
              sentRead: 0,
              messageConversations: [DEWI],
              conversationsMoreFound: false,
              moreFound: false
            }
    )
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await user.type(screen.getByTestId('inbox-search'), 'promo')
    expect(await screen.findByTestId('inbox-search-message')).toBeTruthy()
    expect(fake.requests('inbox:search').map((r) => r.before)).toEqual([undefined, 'read-to-1', 'read-to-2'])
    expect(screen.queryByTestId('inbox-search-more')).toBeNull()
  })

  /** A core whose pages read 2,000 sent messages each without a hit (a campaign to those who never wrote) up to `hitAt`. */
  const campaignPages =
    (hitAt: number, hold: Map<number, Promise<void>>) =>
    async ({ before }: { before?: string }) => {
      const page = before === undefined ? 0 : Number(before.slice('read-to-'.length))
      const held = hold.get(page)
      hold.delete(page)
      if (held) await held
      return page < hitAt
        ? {
            messages: [],
            replies: [],
            conversations: [],
            next: `read-to-${page + 1}`,
            sentRead: 2000,
            messageConversations: [],
            conversationsMoreFound: false,
            moreFound: false
          }
        : {
            messages: [hit({ number: 3, text: 'Promo masih ada?' })],
            replies: [],
            conversations: [],
            next: null,
            sentRead: 1200,
            messageConversations: [DEWI],
            conversationsMoreFound: false,
            moreFound: false
          }
    }

  it.each([
    {
      language: 'en' as const,
      reading: 'Searching… 8,000 sent messages read so far',
      found: '1 message found'
    },
    {
      language: 'id' as const,
      reading: 'Mencari… 8.000 pesan terkirim sudah dibaca',
      found: '1 pesan ditemukan'
    }
  ])(
    'reads on by itself through any number of pages without a hit, saying how far it read, to the hit ($language)',
    async ({ language, reading, found }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      script()
      let release!: () => void
      fake.handle('inbox:search', campaignPages(30, new Map([[4, new Promise<void>((r) => (release = r))]])))
      const user = userEvent.setup()
      render(<InboxView />)
      await screen.findByTestId('inbox-conversation-1')
      await user.type(screen.getByTestId('inbox-search'), 'promo')
      const status = (): string | null =>
        within(screen.getByTestId('inbox-search-results')).getByRole('status').textContent
      // While the fifth page is being read: four read, nothing found yet, and a way to stop.
      await waitFor(() => expect(status()).toBe(reading))
      expect(screen.getByTestId('inbox-search-stop')).toBeTruthy()
      expect(screen.queryByTestId('inbox-search-more')).toBeNull()
      act(() => release())
      expect(await screen.findByTestId('inbox-search-message')).toBeTruthy()
      expect(fake.requests('inbox:search')).toHaveLength(31)
      expect(status()).toBe(found)
      expect(screen.queryByTestId('inbox-search-stop')).toBeNull()
      expect(screen.queryByTestId('inbox-search-more')).toBeNull()
    }
  )

  it.each([
    {
      language: 'en' as const,
      stopped: 'Search stopped after 4,000 sent messages: no messages found so far.',
      more: 'Show more messages'
    },
    {
      language: 'id' as const,
      stopped: 'Pencarian dihentikan setelah 4.000 pesan terkirim: belum ada pesan yang ditemukan.',
      more: 'Tampilkan pesan lainnya'
    }
  ])(
    'stops reading on when asked, says how far it read, and "more" goes on from there ($language)',
    async ({ language, stopped, more }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      script()
      let release!: () => void
      fake.handle('inbox:search', campaignPages(5, new Map([[2, new Promise<void>((r) => (release = r))]])))
      const user = userEvent.setup()
      render(<InboxView />)
      await screen.findByTestId('inbox-conversation-1')
      await user.type(screen.getByTestId('inbox-search'), 'promo')
      await user.click(await screen.findByTestId('inbox-search-stop'))
      const status = (): string | null =>
        within(screen.getByTestId('inbox-search-results')).getByRole('status').textContent
      expect(status()).toBe(stopped)
      // The button that took Stop's place keeps the focus.
      const moreButton = screen.getByTestId('inbox-search-more')
      expect(moreButton.textContent).toBe(more)
      expect(document.activeElement).toBe(moreButton)
      // The page being read when it stopped is dropped, and nothing more is asked.
      await act(async () => release())
      expect(fake.requests('inbox:search').map((r) => r.before)).toEqual([
        undefined,
        'read-to-1',
        'read-to-2'
      ])
      expect(status()).toBe(stopped)
      await user.click(moreButton)
      expect(await screen.findByTestId('inbox-search-message')).toBeTruthy()
      expect(fake.requests('inbox:search').map((r) => r.before)).toEqual([
        undefined,
        'read-to-1',
        'read-to-2',
        'read-to-2',
        'read-to-3',
        'read-to-4',
        'read-to-5'
      ])
      expect(screen.queryByTestId('inbox-search-more')).toBeNull()
    }
  )

  it.each([
    { language: 'en' as const, you: 'You: ' },
    { language: 'id' as const, you: 'Anda: ' }
  ])(
    "lists the operator's own reply found, said to be theirs, among the customers' messages by time ($language)",
    async ({ language, you }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      script()
      const newer = hit({
        number: 7,
        text: 'Invoice sudah diterima',
        receivedAt: '2026-03-02T10:00:00.000Z'
      })
      const older = hit({ number: 3, text: 'Minta invoice ya', receivedAt: '2026-03-02T08:00:00.000Z' })
      const sent = makeItem({
        id: 'out-1',
        recipient: DEWI.chatId,
        text: 'Invoice INV-77 sudah saya kirim',
        createdAt: '2026-03-02T09:00:00.000Z'
      })
      fake.handle('inbox:search', () =>
        found({
          messages: [newer, older],
          replies: [{ conversation: DEWI, item: sent, at: sent.createdAt }],
          messageConversations: [DEWI]
        })
      )
      const user = userEvent.setup()
      render(<InboxView />)
      await screen.findByTestId('inbox-conversation-1')
      await user.type(screen.getByTestId('inbox-search'), 'invoice')
      await waitFor(() => expect(screen.getAllByTestId('inbox-search-message')).toHaveLength(3))
      const hits = screen.getAllByTestId('inbox-search-message')
      expect(hits.map((hit) => /Invoice sudah|INV-77|Minta/.exec(hit.textContent ?? '')?.[0])).toEqual([
        'Invoice sudah',
        'INV-77',
        'Minta'
      ])
      expect(hits[1]!.textContent).toContain(`${you}Invoice INV-77 sudah saya kirim`)
      expect(hits[1]!.textContent).toContain('Dewi')
      expect(hits[0]!.textContent).not.toContain(you)
      // The reply opens the conversation whose thread shows it.
      await user.click(within(hits[1]!).getByRole('button'))
      await screen.findByTestId('inbox-thread')
      expect(fake.requests('inbox:thread').at(-1)).toMatchObject({ conversationId: DEWI.id })
    }
  )

  it('says where a reply found now is, as its thread does: one deleted for everyone reads so', async () => {
    script()
    const taken = makeItem({
      id: 'out-2',
      recipient: DEWI.chatId,
      text: 'Tagihan Anda Rp 75.000',
      status: 'revoked',
      createdAt: '2026-03-02T09:00:00.000Z'
    })
    const read = makeItem({
      id: 'out-3',
      recipient: DEWI.chatId,
      text: 'Tagihan sudah lunas',
      status: 'read',
      createdAt: '2026-03-02T10:00:00.000Z'
    })
    fake.handle('inbox:search', () =>
      found({
        replies: [
          { conversation: DEWI, item: read, at: read.createdAt },
          { conversation: DEWI, item: taken, at: taken.createdAt }
        ]
      })
    )
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await user.type(screen.getByTestId('inbox-search'), 'tagihan')
    // An operator's probe: a campaign taken back was found as "You: Tagihan …" like any reply the customer still has.
    await waitFor(() => expect(screen.getAllByTestId('inbox-search-message')).toHaveLength(2))
    const [newer, older] = screen.getAllByTestId('inbox-search-message')
    expect(older!.textContent).toContain('Deleted for everyone')
    expect(newer!.textContent).toContain('Read')
    expect(newer!.textContent).not.toContain('Deleted for everyone')
  })

  it("names a found file: a customer's document and a reply without a caption are found by their names (QA61)", async () => {
    script()
    const catalogue = makeItem({
      id: 'out-4',
      recipient: DEWI.chatId,
      kind: 'document',
      text: null,
      fileName: 'Invoice Desember.pdf',
      status: 'read',
      createdAt: '2026-03-02T10:00:00.000Z'
    })
    fake.handle('inbox:search', () =>
      found({
        messages: [
          hit({
            number: 4,
            text: 'ini kak',
            messageType: 'document',
            mediaUrl: 'https://gateway.example/f/4',
            media: {
              state: 'fetched',
              kind: 'document',
              fileName: 'Invoice Mei.pdf',
              type: 'application/pdf',
              bytes: 2048,
              refusal: null,
              note: null
            }
          })
        ],
        replies: [{ conversation: DEWI, item: catalogue, at: catalogue.createdAt }],
        messageConversations: [DEWI]
      })
    )
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await user.type(screen.getByTestId('inbox-search'), 'invoice')
    await waitFor(() => expect(screen.getAllByTestId('inbox-search-message')).toHaveLength(2))
    const [reply, customers] = screen.getAllByTestId('inbox-search-message')
    expect(reply!.textContent).toContain('You: Invoice Desember.pdf')
    expect(reply!.textContent).not.toContain('null')
    expect(customers!.textContent).toContain('Invoice Mei.pdf · ini kak')
  })

  it.each([
    {
      language: 'en' as const,
      placeholder: 'Messages, replies, names, numbers',
      count: '1 conversation and 1 message found',
      more: '1 conversation and more than 1 message found'
    },
    {
      language: 'id' as const,
      placeholder: 'Pesan, balasan, nama, nomor',
      count: '1 percakapan dan 1 pesan ditemukan',
      more: '1 percakapan dan lebih dari 1 pesan ditemukan'
    }
  ])(
    'says what it searches, how many it found, and whose each found message is and where ($language)',
    async ({ language, placeholder, count, more }) => {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [shop, makeDevice({ id: 'dev-2', label: 'Gudang' })]
        })
      )
      script()
      let next: string | null = null
      // A chat the list has not loaded, through a device Sender Desk does not know: named by its serial.
      const rinaChat = conversation({
        id: 60,
        chatId: '6285700001111',
        deviceId: null,
        deviceSerial: 'SN-9',
        devicePhone: null,
        contactName: null,
        pushName: 'Rina'
      })
      fake.handle('inbox:search', () => ({
        replies: [],
        messages: [
          hit({ number: 7, text: 'Harga grosir untuk 10 pcs?' }),
          hit(
            { number: 6, chatId: rinaChat.chatId, deviceSerial: 'SN-9', pushName: 'Rina', text: 'grosir?' },
            rinaChat
          )
        ].slice(0, next === null ? 2 : 1),
        conversations: [GROUP],
        next,
        sentRead: 0,
        messageConversations: next === null ? [DEWI, rinaChat] : [DEWI],
        conversationsMoreFound: false,
        moreFound: next !== null
      }))
      const user = userEvent.setup()
      render(<InboxView />)
      await screen.findByTestId('inbox-conversation-1')
      const box = screen.getByTestId('inbox-search')
      // The field says it searches the operator's replies too.
      expect(box.getAttribute('placeholder')).toBe(placeholder)
      next = 'page-2'
      await user.type(box, 'grosir')
      await waitFor(() =>
        expect(within(screen.getByTestId('inbox-search-results')).getByRole('status').textContent).toBe(more)
      )
      next = null
      await user.clear(box)
      await user.type(box, 'harga')
      await waitFor(() =>
        expect(within(screen.getByTestId('inbox-search-results')).getByRole('status').textContent).toBe(
          count.replace('1 message', '2 messages').replace('1 pesan', '2 pesan')
        )
      )
      const [dewi, rina] = screen.getAllByTestId('inbox-search-message').map((hit) => hit.textContent)
      expect(dewi).toContain('Dewi')
      expect(dewi).toContain('+62 813-7777-8888')
      expect(dewi).toContain('Shop')
      expect(rina).toContain('Rina')
      expect(rina).toContain('+62 857-0000-1111')
      expect(rina).toContain('SN-9')
    }
  )

  it.each([
    {
      language: 'en' as const,
      conversations: '2 conversations found',
      messages: '2 messages found',
      more: 'More than 1 message found'
    },
    {
      language: 'id' as const,
      conversations: '2 percakapan ditemukan',
      messages: '2 pesan ditemukan',
      more: 'Lebih dari 1 pesan ditemukan'
    }
  ])(
    'names the device of a number found in two conversations, and counts only what it found (QA N03, $language)',
    async ({ language, conversations, messages, more }) => {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [shop, makeDevice({ id: 'dev-2', label: 'Gudang', serial: 'SN-0002' })]
        })
      )
      script()
      const unnamed = { contactName: null, pushName: null, chatId: '6281234500001' }
      let reply: {
        messages: ReturnType<typeof hit>[]
        replies: { conversation: InboxConversationView; item: OutboxItemView; at: string }[]
        conversations: InboxConversationView[]
        next: string | null
        sentRead: number
        messageConversations: InboxConversationView[]
        conversationsMoreFound: boolean
        moreFound: boolean
      } = {
        messages: [],
        replies: [],
        conversations: [
          conversation({ id: 40, ...unnamed }),
          conversation({ id: 41, ...unnamed, deviceId: 'dev-2', deviceSerial: 'SN-0002' })
        ],
        next: null,
        sentRead: 0,
        messageConversations: [DEWI],
        conversationsMoreFound: false,
        moreFound: false
      }
      fake.handle('inbox:search', () => reply)
      const user = userEvent.setup()
      render(<InboxView />)
      await screen.findByTestId('inbox-conversation-1')
      const box = screen.getByTestId('inbox-search')
      const status = (): string | null =>
        within(screen.getByTestId('inbox-search-results')).getByRole('status').textContent
      await user.type(box, '081234500001')
      await waitFor(() => expect(status()).toBe(conversations))
      const hits = within(screen.getByTestId('inbox-search-results'))
        .getAllByRole('button')
        .map((hit) => hit.textContent)
      expect(hits).toEqual(['+62 812-3450-0001 · Shop', '+62 812-3450-0001 · Gudang'])

      reply = {
        messages: [hit({ number: 7 }), hit({ number: 6 })],
        replies: [],
        conversations: [],
        next: null,
        sentRead: 0,
        messageConversations: [DEWI],
        conversationsMoreFound: false,
        moreFound: false
      }
      await user.clear(box)
      await user.type(box, 'grosir')
      await waitFor(() => expect(status()).toBe(messages))
      reply = {
        messages: [hit({ number: 7 })],
        replies: [],
        conversations: [],
        next: 'page-2',
        sentRead: 0,
        messageConversations: [DEWI],
        conversationsMoreFound: false,
        moreFound: true
      }
      await user.clear(box)
      await user.type(box, 'harga')
      await waitFor(() => expect(status()).toBe(more))
    }
  )

  it('opens a found message whose conversation is not among those loaded, named by its device (QA27 Q27-01)', async () => {
    seedStores(
      makeBootstrap({
        devices: [shop, makeDevice({ id: 'dev-2', label: 'Toko Cabang', serial: 'I03H6Y' })]
      })
    )
    script()
    // Far down a list of thousands: only the search's reply knows this conversation.
    const far = conversation({
      id: 1500,
      chatId: '6281300000429',
      deviceId: 'dev-2',
      deviceSerial: 'I03H6Y',
      contactName: 'Made Saputra 429',
      pushName: null,
      lastNumber: 5
    })
    fake.handle('inbox:search', () => ({
      messages: [
        hit(
          {
            number: 4242,
            chatId: far.chatId,
            deviceSerial: 'I03H6Y',
            pushName: 'Made',
            text: 'pesanan #4242?'
          },
          far
        )
      ],
      messageConversations: [far],
      replies: [],
      conversations: [],
      next: null,
      conversationsMoreFound: false,
      moreFound: false,
      sentRead: 0
    }))
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await user.type(screen.getByTestId('inbox-search'), 'pesanan #4242')
    const found = await screen.findByTestId('inbox-search-message')
    expect(found.textContent).toContain('Made Saputra 429')
    expect(found.textContent).toContain('Toko Cabang')
    expect(found.textContent).not.toContain('I03H6Y')
    await user.click(within(found).getByRole('button'))
    await screen.findByTestId('inbox-thread')
    expect(fake.requests('inbox:thread').at(-1)).toMatchObject({ conversationId: 1500 })
  })

  it('says "more than" only when the core knows of a hit past the page, and reads on by itself otherwise (QA27 Q27-08)', async () => {
    script()
    const four = [7, 6, 5, 4].map((number) => hit({ number, text: `Halo ${number}` }))
    // The core showed the four it found; the sent messages left to read hold no more.
    fake.handle('inbox:search', ({ before }) => ({
      messages: before === undefined ? four : [],
      messageConversations: before === undefined ? [DEWI] : [],
      replies: [],
      conversations: [],
      next: before === undefined ? 'read-to-1' : null,
      conversationsMoreFound: false,
      moreFound: false,
      sentRead: 2000
    }))
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await user.type(screen.getByTestId('inbox-search'), 'Halo')
    const status = (): string | null =>
      within(screen.getByTestId('inbox-search-results')).getByRole('status').textContent
    await waitFor(() => expect(status()).toBe('4 messages found'))
    expect(fake.requests('inbox:search').map((r) => r.before)).toEqual([undefined, 'read-to-1'])
    expect(screen.getAllByTestId('inbox-search-message')).toHaveLength(4)
    expect(screen.queryByTestId('inbox-search-more')).toBeNull()
  })

  it.each([
    {
      language: 'en' as const,
      narrow: 'More conversations match: type more of the name or number to find the rest.'
    },
    {
      language: 'id' as const,
      narrow:
        'Masih ada percakapan lain yang cocok: ketik lebih banyak dari nama atau nomornya untuk menemukannya.'
    }
  ])(
    'asks for more of the text when more conversations match than the page lists ($language)',
    async ({ language, narrow }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      script()
      const many = [61, 62, 63].map((id) =>
        conversation({ id, chatId: `62813000000${id}`, contactName: `Made ${id}`, pushName: null })
      )
      let more = true
      fake.handle('inbox:search', () => ({
        messages: [],
        messageConversations: [],
        replies: [],
        conversations: more ? many : many.slice(0, 1),
        next: null,
        conversationsMoreFound: more,
        moreFound: false,
        sentRead: 0
      }))
      const user = userEvent.setup()
      render(<InboxView />)
      await screen.findByTestId('inbox-conversation-1')
      await user.type(screen.getByTestId('inbox-search'), 'Made')
      const results = await screen.findByTestId('inbox-search-results')
      await waitFor(() => expect(results.textContent).toContain(narrow))
      more = false
      await user.type(screen.getByTestId('inbox-search'), ' 61')
      await waitFor(() => expect(fake.requests('inbox:search').at(-1)?.text).toBe('Made 61'))
      await waitFor(() =>
        expect(screen.getByTestId('inbox-search-results').textContent).not.toContain(narrow)
      )
    }
  )

  it.each([
    {
      language: 'en' as const,
      only: 'More than 3 conversations found',
      withMessage: 'More than 3 conversations and 1 message found'
    },
    {
      language: 'id' as const,
      only: 'Lebih dari 3 percakapan ditemukan',
      withMessage: 'Lebih dari 3 percakapan dan 1 pesan ditemukan'
    }
  ])(
    'announces "more than" the conversations listed when more match (QA35 Q35-05, $language)',
    async ({ language, only, withMessage }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      script()
      const many = [61, 62, 63].map((id) =>
        conversation({ id, chatId: `62813000000${id}`, contactName: `Made ${id}`, pushName: null })
      )
      let messages: ReturnType<typeof hit>[] = []
      fake.handle('inbox:search', () => ({
        messages,
        messageConversations: messages.length > 0 ? [DEWI] : [],
        replies: [],
        conversations: many,
        next: null,
        conversationsMoreFound: true,
        moreFound: false,
        sentRead: 0
      }))
      const user = userEvent.setup()
      render(<InboxView />)
      await screen.findByTestId('inbox-conversation-1')
      await user.type(screen.getByTestId('inbox-search'), 'Made')
      const status = (): string | null =>
        within(screen.getByTestId('inbox-search-results')).getByRole('status').textContent
      await waitFor(() => expect(status()).toBe(only))
      messages = [hit({ number: 7, text: 'Made sudah bayar' })]
      await user.type(screen.getByTestId('inbox-search'), ' ')
      await user.type(screen.getByTestId('inbox-search'), '{Enter}')
      await waitFor(() => expect(status()).toBe(withMessage))
    }
  )

  it('searches at once on Enter, without waiting for the typing to settle', async () => {
    script()
    fake.handle('inbox:search', () => ({
      messages: [hit({ number: 7, text: 'Harga grosir untuk 10 pcs?' })],
      replies: [],
      conversations: [],
      next: null,
      sentRead: 0,
      messageConversations: [DEWI],
      conversationsMoreFound: false,
      moreFound: false
    }))
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    vi.useFakeTimers()
    try {
      const box = screen.getByTestId('inbox-search')
      fireEvent.change(box, { target: { value: 'grosir' } })
      fireEvent.keyDown(box, { key: 'Enter' })
      // No timer advanced: the search went out on Enter, not after the typing's settling delay.
      await act(async () => undefined)
      expect(fake.requests('inbox:search')).toEqual([{ text: 'grosir', limit: 50 }])
      expect(screen.getByTestId('inbox-search-message')).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the thread', () => {
  it('marks the conversation read only once its messages are on screen, not when its thread cannot be loaded', async () => {
    script({ conversations: [DEWI, { ...GROUP, unread: 3 }] })
    const thread = fake.defer('inbox:thread')
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await thread.called
    // The read mark waits for the thread: the core's work for it does not hold up the first page.
    await act(async () => undefined)
    expect(fake.requests('inbox:markRead')).toEqual([])
    act(() => thread.resolve({ conversation: DEWI, entries: [incoming()], next: null }))
    await waitFor(() => expect(fake.requests('inbox:markRead')).toEqual([{ conversationId: 1, read: true }]))

    // Another conversation whose thread fails: the operator saw none of its messages, so it stays unread.
    fake.fail('inbox:thread', { code: 'internal', message: 'database is locked' })
    await user.click(screen.getByTestId('inbox-conversation-2'))
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(fake.requests('inbox:markRead')).toHaveLength(1)
  })

  it('says why a thread could not be read, with Try again that asks it again; a refused action stays said as it was', async () => {
    script({ conversations: [{ ...DEWI, unread: 0 }] })
    fake.once('inbox:thread', () => {
      throw new ApiError({ code: 'internal', message: 'database is locked' })
    })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const thread = await screen.findByTestId('inbox-thread')
    const failure = await within(thread).findByRole('alert')
    expect(failure.textContent).toContain('This conversation could not be read: database is locked')
    await user.click(within(failure).getByRole('button', { name: 'Try again' }))
    const heading = thread.querySelector('#inbox-thread-heading')
    // The button went with the failure: the focus waits on the thread's heading, not dropped to the page.
    expect(document.activeElement).toBe(heading)
    expect(await within(thread).findByTestId('inbox-entry-in')).toBeTruthy()
    expect(within(thread).queryByRole('alert')).toBeNull()
    expect(fake.requests('inbox:thread')).toHaveLength(2)
    expect(document.activeElement).toBe(heading)

    // An action's failure is no failed read: said as it came, with nothing to read again.
    fake.handle('inbox:archive', () => {
      throw new ApiError({ code: 'internal', message: 'The inbox is busy.' })
    })
    await user.click(within(thread).getByRole('button', { name: 'Archive' }))
    const refused = await within(thread).findByRole('alert')
    expect(refused.textContent).toBe('The inbox is busy.')
    expect(within(refused).queryByRole('button')).toBeNull()
  })

  it('takes a reply back from the thread with the Outbox’s question and action (QA14 Q14-06)', async () => {
    const sent = makeItem({
      id: 'out-1',
      recipient: '6281377778888',
      text: 'Maaf kak',
      status: 'delivered',
      gatewayId: 'gw-1'
    })
    const waiting = makeItem({
      id: 'out-2',
      recipient: '6281377778888',
      text: 'Tunggu',
      status: 'accepted',
      gatewayId: 'gw-2'
    })
    const failed = makeItem({ id: 'out-3', recipient: '6281377778888', text: 'Gagal', status: 'failed' })
    script({
      entries: [
        { direction: 'out', at: '2026-01-15T03:07:00.000Z', item: failed },
        { direction: 'out', at: '2026-01-15T03:06:00.000Z', item: waiting },
        { direction: 'out', at: '2026-01-15T03:05:00.000Z', item: sent }
      ]
    })
    const none = { done: 0, refused: 0, unknown: 0, pending: 0 }
    fake.handle('outbox:takeBack', () => makeTakeBack({ producerTag: null }))
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const [sentEntry, waitingEntry, failedEntry] = await screen.findAllByTestId('inbox-entry-out')
    // Only what the gateway can still take back offers it, as the Outbox decides.
    expect(within(failedEntry!).queryAllByRole('button')).toHaveLength(0)
    expect(within(sentEntry!).queryByRole('button', { name: 'Cancel at the gateway' })).toBeNull()
    await user.click(within(sentEntry!).getByRole('button', { name: 'Delete for everyone' }))
    expect(fake.requests('outbox:takeBack')).toEqual([])
    const question = screen.getByRole('group', {
      name: /Delete this message for everyone\?.*cannot be undone/
    })
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep' }))
    fake.handle('outbox:takeBackProgress', () =>
      makeTakeBack({ state: 'done', producerTag: null, revoke: { ...none, done: 1 } })
    )
    await user.click(within(question).getByRole('button', { name: 'Delete for everyone' }))
    expect(fake.requests('outbox:takeBack')).toEqual([{ ids: ['out-1'], action: 'revoke' }])
    // The focus goes to what the action produced, its line, not to the page (QA41 Q41-03).
    await waitFor(() => expect(document.activeElement).toBe(within(sentEntry!).getByRole('status')))
    // The gateway's answer is said once it comes, not only that it was asked (QA37 Q37-02).
    await waitFor(
      () =>
        expect(within(sentEntry!).getByRole('status').textContent).toBe(
          'Deleted for everyone: the gateway did it.'
        ),
      { timeout: 4000 }
    )
    // Asked once, it is not offered again: a second ask only said "Already asked earlier…" in place of the answer,
    // and kept saying it once the take-back was done (an operator's probe, its device logged out meanwhile).
    expect(within(sentEntry!).queryByRole('button', { name: 'Delete for everyone' })).toBeNull()
    await user.click(within(waitingEntry!).getByRole('button', { name: 'Cancel at the gateway' }))
    expect(fake.requests('outbox:takeBack').at(-1)).toEqual({ ids: ['out-2'], action: 'cancel' })
  })

  it('says a take-back asked from the thread is answered there, which has no timeline (QA60)', async () => {
    const sent = makeItem({ id: 'out-1', recipient: '6281377778888', status: 'delivered', gatewayId: 'gw-1' })
    script({ entries: [{ direction: 'out', at: '2026-01-15T03:05:00.000Z', item: sent }] })
    const none = { done: 0, refused: 0, unknown: 0, pending: 0 }
    const running = makeTakeBack({ state: 'running', producerTag: null, revoke: { ...none, pending: 1 } })
    fake.handle('outbox:takeBack', () => running)
    fake.handle('outbox:takeBackProgress', () => running)
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const [entry] = await screen.findAllByTestId('inbox-entry-out')
    await user.click(within(entry!).getByRole('button', { name: 'Delete for everyone' }))
    await user.click(
      within(screen.getByRole('group', { name: /Delete this message for everyone\?/ })).getByRole('button', {
        name: 'Delete for everyone'
      })
    )
    await waitFor(() =>
      expect(within(entry!).getByRole('status').textContent).toBe('Asked the gateway; its answer shows here.')
    )
  })

  it('stops a reply still waiting on this computer from its bubble, as the Outbox’s Cancel sending does (QA60)', async () => {
    const waiting = makeItem({ id: 'out-9', recipient: '6281377778888', text: 'Sebentar', status: 'queued' })
    script({ entries: [{ direction: 'out', at: '2026-01-15T03:05:00.000Z', item: waiting }] })
    fake.handle('outbox:cancel', ({ id }) => ({ ...waiting, id, status: 'cancelled' as const }))
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const [entry] = await screen.findAllByTestId('inbox-entry-out')
    // Not yet at the gateway: nothing to take back there.
    expect(within(entry!).queryByRole('button', { name: 'Delete for everyone' })).toBeNull()
    await user.click(within(entry!).getByRole('button', { name: 'Cancel sending' }))
    expect(fake.requests('outbox:cancel')).toEqual([{ id: 'out-9' }])
    await waitFor(() => expect(within(entry!).getByRole('status').textContent).toBe('Cancelled.'))
    expect(within(entry!).queryByRole('button', { name: 'Cancel sending' })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(within(entry!).getByRole('status')))
  })

  // QA61: a reply scheduled before the customer's STOP read as going until its time, then was cancelled as opted out.
  it('says on a waiting reply that it will not be sent when its number opted out since', async () => {
    const scheduled = makeItem({
      id: 'out-8',
      recipient: '6281377778888',
      text: 'Besok promo',
      status: 'scheduled',
      scheduleMode: 'local',
      scheduledAt: '2030-01-15T03:00:00.000Z',
      timezone: 'Asia/Jakarta',
      cancelsAtTurn: { message: 'not sent: this number opted out', messageKey: 'desktop.note.optedOut' }
    })
    script({ entries: [{ direction: 'out', at: '2026-01-15T03:05:00.000Z', item: scheduled }] })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const [entry] = await screen.findAllByTestId('inbox-entry-out')
    expect(within(entry!).getByTestId('inbox-entry-cancels-at-turn').textContent).toBe(
      'Will not be sent: this number opted out after the message was written. It is cancelled when its turn comes.'
    )
  })

  // QA61: at 360 px the idle reply box folded its hint as a press on a bubble took its focus, moving the bubble 147 px
  // before the release: the first tap on "Cancel sending" was lost.
  it('keeps the idle reply box as it was until the press that took its focus is over', async () => {
    const waiting = makeItem({ id: 'out-9', recipient: '6281377778888', text: 'Sebentar', status: 'queued' })
    script({ entries: [{ direction: 'out', at: '2026-01-15T03:05:00.000Z', item: waiting }] })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const box = await screen.findByTestId('inbox-reply-text')
    const form = screen.getByTestId('inbox-reply')
    act(() => box.focus())
    const cancel = within((await screen.findAllByTestId('inbox-entry-out'))[0]!).getByRole('button', {
      name: 'Cancel sending'
    })
    fireEvent.pointerDown(cancel)
    act(() => cancel.focus())
    expect(form.className).toContain('inbox-reply--kept-open')
    fireEvent.pointerUp(cancel)
    expect(form.className).toContain('inbox-reply--kept-open')
    await waitFor(() => expect(form.className).not.toContain('inbox-reply--kept-open'))
    // Left by the keyboard, it folds at once, as before.
    act(() => box.focus())
    act(() => cancel.focus())
    expect(form.className).not.toContain('inbox-reply--kept-open')
  })

  it('keeps the focus on the pressed Cancel at the gateway in the bubble while it runs, then on its line, never on the page', async () => {
    scriptHeldReply()
    const asked = fake.defer('outbox:takeBack')
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const [entry] = await screen.findAllByTestId('inbox-entry-out')
    await pressAndHold(
      user,
      within(entry!).getByRole('button', { name: 'Cancel at the gateway' }),
      asked.called
    )
    asked.resolve(makeTakeBack({ state: 'done', producerTag: null, stoppedLocally: 1 }))
    await waitFor(() => expect(within(entry!).getByRole('status').textContent).toMatch(/^Stopped here/))
    // Asked once, the button goes (it is not offered again): the focus goes to the line that says what was done.
    expect(within(entry!).queryByRole('button', { name: 'Cancel at the gateway' })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(within(entry!).getByRole('status')))
    expect(fake.requests('outbox:takeBack')).toHaveLength(1)
  })

  // Its reads failing four times in a row ended the following with a sentence and no way to read it again.
  it('offers Try again in the bubble once the take-back could not be read, which follows it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    scriptHeldReply()
    seedStores(makeBootstrap({ devices: [shop] }))
    const none = { done: 0, refused: 0, unknown: 0, pending: 0 }
    const asked = makeTakeBack({ producerTag: null, cancel: { ...none, pending: 1 } })
    fake.handle('outbox:takeBack', () => asked)
    fake.fail('outbox:takeBackProgress', { code: 'internal', message: 'database is locked' })
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const [entry] = await screen.findAllByTestId('inbox-entry-out')
    await user.click(within(entry!).getByRole('button', { name: 'Cancel at the gateway' }))
    for (let s = 0; s < 60; s++) await act(() => vi.advanceTimersByTimeAsync(1000))
    const failure = within(entry!).getByRole('alert')
    expect(failure.textContent).toContain('Its answer could not be read here')
    fake.handle('outbox:takeBackProgress', () => ({
      ...asked,
      state: 'done' as const,
      cancel: { ...none, done: 1 }
    }))
    await user.click(within(failure).getByRole('button', { name: 'Try again' }))
    await waitFor(() =>
      expect(within(entry!).getByRole('status').textContent).toBe('Cancelled at the gateway.')
    )
    expect(within(entry!).queryByRole('alert')).toBeNull()
  })

  // Cancel on a reply that had not left yet stops it here: nothing is asked of the gateway, and its bubble said
  // "Asked the gateway" with no answer to come.
  it.each([
    [
      'en',
      'Cancel at the gateway',
      'Stopped here: it had not left this computer, so nothing was asked of the gateway.'
    ],
    [
      'id',
      'Batalkan di gateway',
      'Dihentikan di sini: pesan ini belum keluar dari komputer ini, jadi tidak ada yang diminta ke gateway.'
    ]
  ] as const)(
    'says a reply cancelled before it left was stopped here (%s)',
    async (language, cancel, says) => {
      const waiting = makeItem({
        id: 'out-2',
        recipient: '6281377778888',
        text: 'Tunggu',
        status: 'accepted',
        gatewayId: 'gw-2'
      })
      script({ entries: [{ direction: 'out', at: '2026-01-15T03:06:00.000Z', item: waiting }] })
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [shop] }))
      fake.handle('outbox:takeBack', () =>
        makeTakeBack({ state: 'done', producerTag: null, stoppedLocally: 1 })
      )
      const user = userEvent.setup()
      render(<InboxView />)
      await user.click(await screen.findByTestId('inbox-conversation-1'))
      const [entry] = await screen.findAllByTestId('inbox-entry-out')
      await user.click(within(entry!).getByRole('button', { name: cancel }))
      await waitFor(() => expect(within(entry!).getByRole('status').textContent).toBe(says))
    }
  )

  it.each([
    {
      language: 'en' as const,
      says: 'The gateway refused it: the number is on the opt-out list',
      gatewayHeading: 'What the gateway said:'
    },
    {
      language: 'id' as const,
      says: 'Gateway menolaknya: nomor ini ada di daftar berhenti berlangganan',
      gatewayHeading: 'Yang dikatakan gateway:'
    }
  ])(
    'says why a reply failed in its bubble, worded as the Outbox words it, the gateway’s words behind a disclosure ($language)',
    async ({ language, says, gatewayHeading }) => {
      // The core's failure as it stores one: the reason wrapped in the gateway's words and the HTTP status.
      const failed = makeItem({
        id: 'out-f',
        recipient: '6281377778888',
        text: 'Promo hari ini',
        status: 'failed',
        failure: {
          code: 'gateway_blacklisted',
          message: 'refused (gateway: "number is on the blacklist") (HTTP 400)',
          messageKey: 'desktop.gateway.httpStatus',
          messageParams: {
            reason: encodeNote('desktop.gateway.said', {
              reason: encodeNote('desktop.failure.gatewayBlacklisted'),
              gateway: 'number is on the blacklist'
            }),
            status: 400
          },
          gatewayMessage: 'number is on the blacklist'
        }
      })
      const sent = makeItem({ id: 'out-s', recipient: '6281377778888', text: 'Halo', status: 'delivered' })
      script({
        entries: [
          { direction: 'out', at: '2026-01-15T03:06:00.000Z', item: failed },
          { direction: 'out', at: '2026-01-15T03:05:00.000Z', item: sent }
        ]
      })
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [shop] }))
      const user = userEvent.setup()
      render(<InboxView />)
      await user.click(await screen.findByTestId('inbox-conversation-1'))
      const [sentEntry, failedEntry] = await screen.findAllByTestId('inbox-entry-out')
      const reason = within(failedEntry!).getByTestId('inbox-entry-failure')
      expect(reason.textContent).toContain(says)
      // Compact: the reason alone in words, no HTTP status nor the gateway's words in the middle of it.
      expect(reason.textContent).not.toContain('HTTP')
      expect(reason.textContent).not.toContain('number is on the blacklist')
      const disclosure = within(failedEntry!).getByText(gatewayHeading)
      expect(disclosure.tagName).toBe('SUMMARY')
      expect(disclosure.closest('details')?.textContent).toContain('number is on the blacklist')
      // A reply that did not fail says nothing of the kind.
      expect(within(sentEntry!).queryByTestId('inbox-entry-failure')).toBeNull()
    }
  )

  // Issue 29 point 2: a campaign message cancelled because the customer opted out read "Cancelled" in the thread, as
  // if the operator had cancelled it.
  it("says a sent entry cancelled because the number opted out was so, and the operator's own cancel as cancelled", async () => {
    const stopped = makeItem({
      id: 'out-stop',
      recipient: '6281377778888',
      text: 'Promo Januari',
      status: 'cancelled',
      failure: { code: 'opted_out', message: 'The number opted out', gatewayMessage: null }
    })
    const byHand = makeItem({ id: 'out-hand', recipient: '6281377778888', text: 'Halo', status: 'cancelled' })
    script({
      entries: [
        { direction: 'out', at: '2026-01-15T03:05:00.000Z', item: stopped },
        { direction: 'out', at: '2026-01-15T03:06:00.000Z', item: byHand }
      ]
    })
    render(<InboxView />)
    await userEvent.setup().click(await screen.findByTestId('inbox-conversation-1'))
    const badgeOf = (text: string): string | null =>
      within(screen.getByText(text).closest('li') as HTMLElement).getByTestId('inbox-entry-status')
        .textContent
    await screen.findByText('Promo Januari')
    expect(badgeOf('Promo Januari')).toBe('⊘Opted out')
    expect(badgeOf('Halo')).toBe('⊘Cancelled')
  })

  // QA29 Q29-05: on a UTC computer with the operator on WITA, the thread said "30 Nov 2026, 19:46" for a message the
  // Outbox dated "1 Dec, 03:44 WITA"; the window speaks one clock, the operator's, with the zone named as there.
  it("shows the thread's and the search's times on the operator's clock, the zone named as the Outbox names it", async () => {
    seedStores(
      makeBootstrap({ settings: makeSettings({ defaultTimezone: 'Asia/Makassar' }), devices: [shop] })
    )
    const sent = makeItem({ id: 'out-1', recipient: '6281377778888', text: 'Ada, kak', status: 'sent' })
    const arrived = {
      number: 10,
      text: 'Kak, ukurannya kekecilan',
      sentAt: '2026-11-30T19:46:00.000Z',
      receivedAt: '2026-11-30T19:46:00.000Z'
    }
    script({
      conversations: [conversation({ lastAt: '2026-11-30T19:46:00.000Z' })],
      entries: [{ direction: 'out', at: '2026-11-30T19:44:00.000Z', item: sent }, incoming(arrived)]
    })
    fake.handle('inbox:search', () => ({
      messages: [hit(arrived)],
      replies: [
        {
          item: { ...sent, createdAt: '2026-11-30T19:44:00.000Z' },
          conversation: DEWI,
          at: '2026-11-30T19:44:00.000Z'
        }
      ],
      conversations: [],
      next: null,
      sentRead: 0,
      messageConversations: [DEWI],
      conversationsMoreFound: false,
      moreFound: false
    }))
    const user = userEvent.setup()
    render(<InboxView />)
    const row = await screen.findByTestId('inbox-conversation-1')
    expect(row.querySelector('time')?.getAttribute('title')).toBe('1 Dec 2026, 03:46 WITA')
    await user.click(row)
    const times = async (testId: string): Promise<string[]> =>
      (await screen.findAllByTestId(testId)).map((entry) => entry.querySelector('time')?.textContent ?? '')
    expect(await times('inbox-entry-out')).toEqual(['1 Dec 2026, 03:44 WITA'])
    expect(await times('inbox-entry-in')).toEqual(['1 Dec 2026, 03:46 WITA'])
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }))
    await user.type(screen.getByTestId('inbox-search'), 'kak{Enter}')
    // The customer's message and the operator's reply found.
    expect((await times('inbox-search-message')).sort()).toEqual([
      '1 Dec 2026, 03:44 WITA',
      '1 Dec 2026, 03:46 WITA'
    ])
  })

  // QA38 Q38-02: a reminder written at 08.59 WITA and sent at 09.07 was found stamped 08.59, above the customer's 09.02
  // question; a reply is found at its thread's time (when the gateway took it), not when it was written.
  it('stamps and orders a found reply by when it went out, not when it was written', async () => {
    seedStores(
      makeBootstrap({ settings: makeSettings({ defaultTimezone: 'Asia/Makassar' }), devices: [shop] })
    )
    script()
    const reminder = makeItem({
      id: 'out-9',
      recipient: DEWI.chatId,
      text: 'Pengingat: toko tutup jam 16.00 hari ini',
      status: 'read',
      createdAt: '2026-12-01T00:59:00.000Z',
      scheduledAt: '2026-12-01T01:07:00.000Z'
    })
    const question = {
      number: 12,
      text: 'Pagi, pesanan hari ini bisa diambil jam berapa?',
      sentAt: '2026-12-01T01:02:00.000Z',
      receivedAt: '2026-12-01T01:02:00.000Z'
    }
    fake.handle('inbox:search', () => ({
      messages: [hit(question)],
      replies: [{ conversation: DEWI, item: reminder, at: '2026-12-01T01:07:10.000Z' }],
      conversations: [],
      next: null,
      sentRead: 0,
      messageConversations: [DEWI],
      conversationsMoreFound: false,
      moreFound: false
    }))
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await user.type(screen.getByTestId('inbox-search'), 'hari ini{Enter}')
    await waitFor(() => expect(screen.getAllByTestId('inbox-search-message')).toHaveLength(2))
    // Newest first: the reminder went out after she asked.
    expect(
      screen.getAllByTestId('inbox-search-message').map((found) => found.querySelector('time')?.textContent)
    ).toEqual(['1 Dec 2026, 09:07 WITA', '1 Dec 2026, 09:02 WITA'])
  })

  it('marks the conversation read when opened, shows in and out entries oldest first with live statuses', async () => {
    const sent = makeItem({ id: 'out-1', recipient: '6281377778888', text: '*Ada*, kak', status: 'sent' })
    script({
      entries: [
        { direction: 'out', at: '2026-01-15T03:05:00.000Z', item: sent },
        incoming({ text: 'مرحبا _kak_', number: 10 })
      ]
    })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await waitFor(() => expect(fake.requests('inbox:markRead')).toEqual([{ conversationId: 1, read: true }]))
    await waitFor(() => expect(screen.queryByTestId('inbox-unread')).toBeNull())
    const entries = within(screen.getByTestId('inbox-entries')).getAllByRole('listitem')
    expect(entries.map((entry) => entry.dataset.testid)).toEqual(['inbox-entry-in', 'inbox-entry-out'])
    // WhatsApp formatting shown, the markers gone; texts find their own direction.
    expect(entries[0]!.querySelector('em')?.textContent).toBe('kak')
    expect(entries[1]!.querySelector('strong')?.textContent).toBe('Ada')
    expect(entries[0]!.querySelector('[dir="auto"]')).not.toBeNull()
    expect(within(entries[1]!).getByTestId('inbox-entry-status').dataset.status).toBe('sent')

    act(() => fake.emit('outbox:itemChanged', { item: { ...sent, status: 'read' } }))
    await waitFor(() => expect(screen.getByTestId('inbox-entry-status').dataset.status).toBe('read'))

    await user.click(screen.getByTestId('inbox-mark-read'))
    await waitFor(() =>
      expect(fake.requests('inbox:markRead').at(-1)).toEqual({ conversationId: 1, read: false })
    )
    expect(await screen.findByTestId('inbox-unread')).toBeTruthy()
  })

  it.each([
    { language: 'en' as const, says: 'Scheduled for 1 Dec 2026, 10:15 WIB' },
    { language: 'id' as const, says: 'Terjadwal untuk 1 Des 2026, 10.15 WIB' }
  ])(
    'says when a scheduled reply goes, on its own clock, not when it was written ($language; QA8 Q8-05)',
    async ({ language, says }) => {
      const scheduled = makeItem({
        id: 'out-s',
        recipient: '6281377778888',
        text: 'Pengingat: jatuh tempo besok',
        status: 'scheduled',
        createdAt: '2026-11-30T00:22:00.000Z',
        scheduledAt: '2026-12-01T03:15:00.000Z',
        timezone: 'Asia/Jakarta'
      })
      script({ entries: [{ direction: 'out', at: '2026-11-30T00:22:00.000Z', item: scheduled }] })
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [shop] }))
      const user = userEvent.setup()
      render(<InboxView />)
      await user.click(await screen.findByTestId('inbox-conversation-1'))
      const entry = await screen.findByTestId('inbox-entry-out')
      const foot = entry.querySelector('.inbox-entry-foot')!
      expect(foot.textContent?.replace(/\s+/g, ' ').replace(/^\W+/, '').trim()).toBe(says)
      expect(foot.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-01T03:15:00.000Z')
    }
  )

  it('reads a message that arrives while the thread is open, and leaves one the operator marked unread', async () => {
    script({ conversations: [{ ...DEWI, unread: 0 }] })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await screen.findByTestId('inbox-entry-in')
    expect(fake.requests('inbox:markRead')).toEqual([])

    // The operator marks it unread: the refresh that follows does not read it again.
    await user.click(screen.getByTestId('inbox-mark-read'))
    act(() => fake.emit('inbox:changed', STATUS))
    await waitFor(() => expect(fake.requests('inbox:thread')).toHaveLength(2))
    expect(fake.requests('inbox:markRead')).toEqual([{ conversationId: 1, read: false }])

    // A new message while the thread is on screen (jsdom lays nothing out: its box is said to end at y 500 of 768):
    // read as it shows.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect')
    onTestFinished(() => rect.mockRestore())
    rect.mockImplementation(() => DOMRect.fromRect({ x: 0, y: 100, width: 300, height: 400 }))
    fake.handle('inbox:thread', () => ({
      conversation: { ...DEWI, lastNumber: 11, unread: 2 },
      entries: [incoming({ number: 11, text: 'Halo?' }), incoming()],
      next: null
    }))
    act(() => fake.emit('inbox:changed', STATUS))
    await waitFor(() =>
      expect(fake.requests('inbox:markRead').at(-1)).toEqual({ conversationId: 1, read: true })
    )
  })

  it('archives and unarchives', async () => {
    script({ conversations: [{ ...DEWI, unread: 0 }] })
    fake.handle('inbox:archive', ({ archived }) => ({ ...DEWI, unread: 0, archived }))
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.click(await screen.findByRole('button', { name: 'Archive' }))
    await user.click(await screen.findByRole('button', { name: 'Unarchive' }))
    expect(fake.requests('inbox:archive')).toEqual([
      { conversationId: 1, archived: true },
      { conversationId: 1, archived: false }
    ])
  })

  it('deletes a conversation after asking, says what went, and puts the focus on the row that takes its place', async () => {
    script({ conversations: [{ ...DEWI, unread: 0 }, GROUP, UNNAMED] })
    fake.handle('inbox:deleteConversation', () => ({ messages: 3 }))
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.click(await screen.findByTestId('inbox-delete'))
    // The question names the conversation and what stays; the focus is on the harmless answer.
    const question = screen.getByRole('group', { name: /Delete the conversation with Dewi\?/ })
    expect(question.textContent).toContain('What you sent stays in the Outbox')
    const keep = within(question).getByRole('button', { name: 'Keep it' })
    expect(document.activeElement).toBe(keep)
    await user.click(keep)
    expect(fake.requests('inbox:deleteConversation')).toEqual([])
    expect(document.activeElement).toBe(screen.getByTestId('inbox-delete'))

    await user.click(screen.getByTestId('inbox-delete'))
    await user.click(screen.getByTestId('inbox-delete-confirm'))
    expect(fake.requests('inbox:deleteConversation')).toEqual([{ conversationId: 1 }])
    await waitFor(() => expect(screen.queryByTestId('inbox-conversation-1')).toBeNull())
    expect(screen.queryByTestId('inbox-thread')).toBeNull()
    expect(screen.getByTestId('inbox-notice').textContent).toBe(
      'Conversation with Dewi deleted: 3 messages removed from this computer.'
    )
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId(`inbox-conversation-${GROUP.id}`))
    )
  })

  // A new operator's probe: a customer known by number alone could be named only in Campaigns › Customers, typing
  // the number again; the conversation where they talk had no way to it.
  it('names a customer from their conversation: the name is the operator’s, and the row and heading show it', async () => {
    const named = { ...UNNAMED, contactName: 'Pak Joko' }
    let current: InboxConversationView = UNNAMED
    script({ conversations: [{ ...DEWI, unread: 0 }, GROUP, UNNAMED] })
    fake.handle('inbox:conversations', () => ({
      conversations: [{ ...DEWI, unread: 0 }, GROUP, current],
      next: null
    }))
    fake.handle('inbox:thread', ({ conversationId }) => ({
      conversation: conversationId === UNNAMED.id ? current : DEWI,
      entries: [incoming({ chatId: UNNAMED.chatId, pushName: null })],
      next: null
    }))
    fake.handle('contacts:set', ({ phone, name }) => {
      current = named
      return { phone, name, source: 'operator' as const, updatedAt: '2026-01-15T03:10:00.000Z' }
    })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId(`inbox-conversation-${UNNAMED.id}`))
    const nameButton = await screen.findByRole('button', { name: 'Name…' })
    await user.click(nameButton)
    const field = screen.getByRole('textbox', { name: 'New name for +62 812-9999-0000' })
    expect(document.activeElement).toBe(field)
    // Where the name shows, and where not (QA59: "and in campaigns", whose rows keep their sheet's names).
    expect(field.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'Shown instead of the number here, in the Outbox and in the recipient suggestions, and listed in Customers; ' +
        'a campaign’s rows keep the names its sheet gave. A name you give is never replaced by one learnt later.'
    )
    await user.click(screen.getByRole('button', { name: 'Save the name' }))
    expect(screen.getByText('Type a name of one line, at most 100 characters.')).toBeTruthy()
    expect(fake.requests('contacts:set')).toEqual([])
    await user.type(field, '  Pak Joko ')
    await user.keyboard('{Enter}')
    expect(fake.requests('contacts:set')).toEqual([{ phone: UNNAMED.chatId, name: 'Pak Joko' }])
    const heading = await screen.findByRole('heading', { name: /^Pak Joko/ })
    expect(heading.textContent).toContain('+62 812-9999-0000')
    await waitFor(() => expect(rowTitles()).toContain('Pak Joko'))
    // The panel went with the save; the focus is back on the button that opened it, now Rename.
    expect(screen.queryByRole('textbox', { name: /^New name for/ })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename…' }))

    // A group is no customer to name: its subject is the gateway's.
    await user.click(screen.getByTestId(`inbox-conversation-${GROUP.id}`))
    await screen.findByRole('heading', { name: /^Reseller Bandung/ })
    expect(screen.queryByRole('button', { name: /^(Name|Rename)…$/ })).toBeNull()
  })

  it('keeps the thread and says why when the delete is refused', async () => {
    script()
    fake.handle('inbox:deleteConversation', () => {
      throw new Error('There is no conversation 1 in the inbox.')
    })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.click(await screen.findByTestId('inbox-delete'))
    await user.click(screen.getByTestId('inbox-delete-confirm'))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'There is no conversation 1 in the inbox.'
    )
    expect(screen.queryByTestId('inbox-thread')).not.toBeNull()
    expect((screen.getByTestId('inbox-delete-confirm') as HTMLButtonElement).disabled).toBe(false)
  })

  it('notes where a message put the number on the opt-out list or took it off, as the core kept it', async () => {
    script({
      entries: [
        incoming({
          number: 13,
          text: 'mulai',
          keywordOutcome: 'opted-in',
          receivedAt: '2026-01-15T03:09:00.000Z'
        }),
        // Already on the list: this STOP changed nothing, so it has no note.
        incoming({ number: 12, text: 'STOP', receivedAt: '2026-01-15T03:08:30.000Z' }),
        incoming({ number: 11, text: 'stop please, too many', receivedAt: '2026-01-15T03:08:00.000Z' }),
        incoming({
          number: 10,
          text: ' STOP ',
          keywordOutcome: 'opted-out',
          receivedAt: '2026-01-15T03:07:00.000Z'
        })
      ]
    })
    render(<InboxView />)
    await userEvent.setup().click(await screen.findByTestId('inbox-conversation-1'))
    await waitFor(() => expect(screen.getAllByTestId('inbox-entry-in')).toHaveLength(4))
    expect(
      screen
        .getAllByTestId('inbox-entry-in')
        .map((entry) => within(entry).queryByTestId('inbox-keyword-note')?.textContent ?? null)
    ).toEqual([
      // Replies are refused too (the gateway's blacklist), and the note says how that is lifted (QA14 Q14-01).
      'This message put the number on the opt-out list and the gateway’s blacklist: campaigns skip it, and the gateway refuses replies too until the customer writes an opt-in keyword (such as MULAI) or you take the number off the list.',
      null,
      null,
      'This message took the number off the opt-out list.'
    ])
  })
})

describe('a conversation deleted elsewhere (QA24 Q24-06)', () => {
  const GONE_WORDS =
    'This conversation was deleted elsewhere (in the terminal or another window): nothing more can be sent from it.'

  it('says so plainly once the core announces the change, and offers no reply from it', async () => {
    script()
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await screen.findByTestId('inbox-reply')
    // `sender-desk inbox delete 081377778888 --yes`: the core hears the commit and announces the inbox's change.
    fake.handle('inbox:conversations', () => ({ conversations: [GROUP, UNNAMED], next: null }))
    fake.fail('inbox:thread', {
      code: 'not_found',
      message: 'This conversation is no longer in the inbox: it was deleted.',
      messageKey: 'desktop.error.conversationGone'
    })
    act(() => fake.emit('inbox:changed', STATUS))
    expect((await screen.findByTestId('inbox-thread-gone')).textContent).toBe(GONE_WORDS)
    expect(screen.queryByTestId('inbox-reply')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    await waitFor(() => expect(screen.queryByTestId('inbox-conversation-1')).toBeNull())
  })

  it('a reply the core refuses because the conversation is gone says that alone, never “Reply queued”', async () => {
    script()
    fake.fail('inbox:reply', {
      code: 'conversation_gone',
      message: 'This conversation is no longer in the inbox: it was deleted. Nothing was sent.',
      messageKey: 'desktop.error.replyConversationGone'
    })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.type(await screen.findByTestId('inbox-reply-text'), 'Rp 45.000 per lusin.')
    await user.click(screen.getByTestId('inbox-reply-send'))
    expect(fake.requests('inbox:reply')[0]).toMatchObject({ conversationId: 1, chatId: '6281377778888' })
    expect((await screen.findByTestId('inbox-thread-gone')).textContent).toBe(GONE_WORDS)
    expect(screen.queryByTestId('inbox-reply-sent')).toBeNull()
    expect(screen.queryByTestId('inbox-reply')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('the reply box', () => {
  const QUEUED = 'Reply queued: its status shows in the conversation.'
  /** The "reply queued" line: always there under the box (a live region that arrives with its words is not read). */
  const replySent = (): string | null => screen.getByTestId('inbox-reply-sent').textContent

  it('sends a reply once however often it is clicked, with one requestId per draft', async () => {
    script()
    const reply = fake.defer('inbox:reply')
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.type(await screen.findByTestId('inbox-reply-text'), 'Ada, kak *50rb*')
    expect(screen.getByTestId('inbox-reply-preview').querySelector('strong')?.textContent).toBe('50rb')
    const send = screen.getByTestId('inbox-reply-send')
    // Mounted empty before the reply, so the words it takes are read out (QA25 Q25-07).
    const sentLine = screen.getByTestId('inbox-reply-sent')
    expect(sentLine.textContent).toBe('')
    await user.dblClick(send)
    const request = await reply.called
    expect(request).toMatchObject({
      deviceId: 'dev-1',
      chatId: '6281377778888',
      isGroup: false,
      text: 'Ada, kak *50rb*'
    })
    await act(async () => reply.resolve({ itemIds: ['out-9'], repeated: false }))
    expect(fake.requests('inbox:reply')).toHaveLength(1)
    await waitFor(() => expect(replySent()).toBe(QUEUED))
    expect(screen.getByTestId('inbox-reply-sent')).toBe(sentLine)
    expect((screen.getByTestId('inbox-reply-text') as HTMLTextAreaElement).value).toBe('')

    // The next draft is another reply.
    fake.handle('inbox:reply', () => ({ itemIds: ['out-10'], repeated: false }))
    await user.type(screen.getByTestId('inbox-reply-text'), 'Terima kasih')
    await user.click(screen.getByTestId('inbox-reply-send'))
    await waitFor(() => expect(fake.requests('inbox:reply')).toHaveLength(2))
    const [first, second] = fake.requests('inbox:reply')
    expect(second!.requestId).not.toBe(first!.requestId)
  })

  it('says a reply was queued only over its own conversation: gone on switching, and once typing starts', async () => {
    script()
    fake.handle('inbox:reply', () => ({ itemIds: ['out-9'], repeated: false }))
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.type(await screen.findByTestId('inbox-reply-text'), 'Ada, kak')
    await user.click(screen.getByTestId('inbox-reply-send'))
    await waitFor(() => expect(replySent()).toBe(QUEUED))

    // Another customer's conversation: not a word about the reply to Dewi above it.
    await user.click(screen.getByTestId('inbox-conversation-2'))
    await screen.findByRole('heading', { name: /Reseller Bandung/ })
    expect(replySent()).toBe('')
    // Back to Dewi: the result was read already, the box is ready for the next reply.
    await user.click(screen.getByTestId('inbox-conversation-1'))
    await screen.findByTestId('inbox-reply-text')
    expect(replySent()).toBe('')

    await user.type(screen.getByTestId('inbox-reply-text'), 'Terima kasih')
    await user.click(screen.getByTestId('inbox-reply-send'))
    await waitFor(() => expect(replySent()).toBe(QUEUED))
    await user.type(screen.getByTestId('inbox-reply-text'), 'O')
    expect(replySent()).toBe('')
  })

  it('says "Reply queued" until the reply’s bubble shows where it went, then leaves (QA: it stayed by “✓✓ Delivered”)', async () => {
    const entries: InboxThreadEntry[] = [incoming()]
    script({ entries })
    const reply = makeItem({ id: 'out-9', recipient: '6281377778888', text: 'Ada, kak', status: 'queued' })
    fake.handle('inbox:reply', () => {
      entries.push({ direction: 'out', at: '2026-01-15T03:05:00.000Z', item: reply })
      return { itemIds: ['out-9'], repeated: false }
    })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.type(await screen.findByTestId('inbox-reply-text'), 'Ada, kak{Control>}{Enter}{/Control}')
    await waitFor(() => expect(replySent()).toBe(QUEUED))
    // Its bubble is there, still waiting on this computer: the line still has something to say.
    await waitFor(() => expect(screen.getByTestId('inbox-entry-status').dataset.status).toBe('queued'))
    expect(replySent()).toBe(QUEUED)
    // Another item's news changes nothing here.
    act(() => fake.emit('outbox:itemChanged', { item: { ...reply, id: 'out-other', status: 'delivered' } }))
    expect(replySent()).toBe(QUEUED)

    act(() => fake.emit('outbox:itemChanged', { item: { ...reply, status: 'delivered' } }))
    await waitFor(() => expect(screen.getByTestId('inbox-entry-status').dataset.status).toBe('delivered'))
    expect(replySent()).toBe('')
  })

  // QA64: a screen reader heard "Halo, pesanan saya kapan dikirim?" and "Pesanan Anda dikirim besok" alike (only the
  // bubble's side and colour told them apart), and five "Delete for everyone" buttons named no message.
  it("names each message's writer and what each message's action acts on", async () => {
    const replies = ['Pesanan Anda dikirim besok', 'Terima kasih, kak'].map((text, n) =>
      makeItem({
        id: `out-${n}`,
        recipient: '6281377778888',
        text,
        status: 'delivered',
        gatewayId: `gw-${n}`
      })
    )
    script({
      entries: [
        incoming({ text: 'Halo, pesanan saya kapan dikirim?' }),
        ...replies.map((item, n) => ({
          direction: 'out' as const,
          at: `2026-01-15T03:0${5 + n}:00.000Z`,
          item
        }))
      ]
    })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const customer = await screen.findByTestId('inbox-entry-in')
    expect(customer.textContent).toMatch(/^Dewi: Halo, pesanan saya kapan dikirim\?/)
    const own = screen.getAllByTestId('inbox-entry-out')
    expect(own.map((entry) => entry.textContent?.slice(0, 5))).toEqual(['You: ', 'You: '])
    const deletes = screen.getAllByRole('button', { name: 'Delete for everyone' })
    // Each names its own message.
    const described = deletes.map((button) => ({
      own: button.closest('li')?.querySelector('.inbox-message-text')?.textContent,
      described: document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent
    }))
    expect(described.map((d) => d.described).sort()).toEqual([
      'Pesanan Anda dikirim besok',
      'Terima kasih, kak'
    ])
    for (const { own, described: words } of described) expect(words).toBe(own)
  })

  // QA64: with sending paused, a reply's bubble said "Queued" alone while the Outbox row said "Queued · paused".
  it.each([
    ['all sending paused', true, false],
    ["its device's sending paused", false, true]
  ] as const)('says a reply held by a pause is paused (%s)', async (_, sendingPaused, paused) => {
    seedStores(makeBootstrap({ sendingPaused, devices: [{ ...shop, paused }] }))
    const reply = makeItem({ id: 'out-9', recipient: '6281377778888', text: 'Ada, kak', status: 'queued' })
    script({ entries: [incoming(), { direction: 'out', at: '2026-01-15T03:05:00.000Z', item: reply }] })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const badge = await screen.findByTestId('inbox-entry-status')
    expect(badge.textContent).toContain('Queued · paused')
    // Found by a search, as its bubble says it.
    fake.handle('inbox:search', () =>
      found({ replies: [{ conversation: DEWI, item: reply, at: reply.createdAt }] })
    )
    await user.type(screen.getByTestId('inbox-search'), 'kak')
    const hit = await screen.findByTestId('inbox-search-message')
    expect(hit.textContent).toContain('Queued · paused')
  })

  it('keeps the requestId when a send failed, so trying again cannot send twice', async () => {
    script()
    fake.fail('inbox:reply', { code: 'network', message: 'The core did not answer.' })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.type(await screen.findByTestId('inbox-reply-text'), 'Halo')
    await user.click(screen.getByTestId('inbox-reply-send'))
    expect((await screen.findByTestId('inbox-reply-problem')).textContent).toBe('The core did not answer.')
    await user.click(screen.getByTestId('inbox-reply-send'))
    await waitFor(() => expect(fake.requests('inbox:reply')).toHaveLength(2))
    const [first, second] = fake.requests('inbox:reply')
    expect(second!.requestId).toBe(first!.requestId)
  })

  it('sends as a new reply once the core refused it as queued for another chat or device', async () => {
    script()
    // A draft kept by an earlier build, whose requestId already went to another chat.
    fake.fail('inbox:reply', {
      code: 'reply_elsewhere',
      message:
        'This reply was already queued for another chat or from another device, so nothing was sent here. Send it again as a new reply.',
      field: 'requestId'
    })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.type(await screen.findByTestId('inbox-reply-text'), 'Halo')
    await user.click(screen.getByTestId('inbox-reply-send'))
    expect((await screen.findByTestId('inbox-reply-problem')).textContent).toContain(
      'Send it again as a new reply.'
    )
    expect((screen.getByTestId('inbox-reply-text') as HTMLTextAreaElement).value).toBe('Halo')
    fake.handle('inbox:reply', () => ({ itemIds: ['out-12'], repeated: false }))
    await user.click(screen.getByTestId('inbox-reply-send'))
    await waitFor(() => expect(fake.requests('inbox:reply')).toHaveLength(2))
    const [first, second] = fake.requests('inbox:reply')
    expect(second!.requestId).not.toBe(first!.requestId)
    expect(second).toMatchObject({ text: 'Halo', chatId: first!.chatId })
  })

  // QA63: "The gateway will refuse this reply" read as if the reply were on its way; nothing was queued.
  it('says a reply to a number on the opt-out list was not sent, and how that is lifted (QA14 Q14-01)', async () => {
    script()
    fake.fail('inbox:reply', {
      code: 'opted_out',
      message: 'This number asked not to receive messages: +62 813-7777-8888.',
      field: 'chatId'
    })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.type(await screen.findByTestId('inbox-reply-text'), 'Halo')
    await user.click(screen.getByTestId('inbox-reply-send'))
    const blocked = await screen.findByTestId('inbox-reply-opted-out')
    expect(blocked.getAttribute('role')).toBe('alert')
    // Why it is on the list is not said here: the operator may have put it there (QA59: "the customer asked to stop").
    expect(blocked.textContent).toContain(
      'Not sent: +62 813-7777-8888 is on the opt-out list, and the gateway refuses replies to it. Sender Desk puts'
    )
    // The Send view's and Reminders' words for why and how it is lifted: one wording.
    expect(blocked.textContent).toContain(
      'Sender Desk puts every number on the opt-out list on the gateway’s blacklist, and the gateway refuses messages to those numbers. It is lifted when the customer writes an opt-in keyword (such as MULAI), or when you take the number off the opt-out list in Campaigns.'
    )
    // The gateway's blacklist refuses whatever the operator answers: no "Send anyway" into a certain failure.
    expect(within(blocked).queryAllByRole('button')).toHaveLength(0)
    expect(screen.queryByText('Send anyway')).toBeNull()
    expect(fake.requests('inbox:reply')).toHaveLength(1)
    // The draft stays, for when the number is taken off the list.
    expect((screen.getByTestId('inbox-reply-text') as HTMLTextAreaElement).value).toBe('Halo')
  })

  // QA59: a number the operator put on the list was said to have "asked to stop", and nothing said it before Send.
  it('says before a reply is written that the number is on the opt-out list, and how it got there', async () => {
    script()
    let entry: InvokeReply<'optouts:list'> = makeConversationOptOuts('operator')
    fake.handle('optouts:list', () => entry)
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const note = await screen.findByTestId('inbox-reply-listed')
    const lifted =
      ' until the customer writes an opt-in keyword (such as MULAI) or you take it off the list in Campaigns.'
    expect(note.textContent).toBe(
      '+62 813-7777-8888 is on the opt-out list (added here): the gateway refuses replies to it' + lifted
    )
    expect(fake.requests('optouts:list').at(-1)).toMatchObject({ search: '6281377778888' })
    // Said before the box and with it: in a narrow window what follows the box scrolls under Send's row (QA60).
    const box = screen.getByTestId('inbox-reply-text')
    expect(note.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(note.id)
    // A customer's STOP, read while the conversation is open.
    entry = makeConversationOptOuts('keyword')
    act(() => fake.emit('optouts:changed', { at: '2026-01-15T03:00:00.000Z' }))
    await waitFor(() =>
      expect(screen.getByTestId('inbox-reply-listed').textContent).toBe(
        '+62 813-7777-8888 is on the opt-out list (replied “STOP”): the gateway refuses replies to it' +
          lifted
      )
    )
    // Taken off the list: the note goes.
    entry = makeConversationOptOuts(null)
    act(() => fake.emit('optouts:changed', { at: '2026-01-15T03:01:00.000Z' }))
    await waitFor(() => expect(screen.queryByTestId('inbox-reply-listed')).toBeNull())
  })

  // QA79: Send reply stayed green on a number on the opt-out list, each click failing the same way.
  it.each([
    {
      language: 'en' as const,
      listed:
        '+62 813-7777-8888 is on the opt-out list (replied “STOP”): the gateway refuses replies to it until the ' +
        'customer writes an opt-in keyword (such as MULAI) or you take it off the list in Campaigns.'
    },
    {
      language: 'id' as const,
      listed:
        '+62 813-7777-8888 ada di daftar berhenti berlangganan (membalas “STOP”): gateway menolak balasan ke nomor ' +
        'ini sampai pelanggan menulis kata kunci berlangganan lagi (misalnya MULAI) atau Anda mengeluarkannya dari ' +
        'daftar di Kampanye.'
    }
  ])(
    'keeps Send reply off, saying why, while the number is on the opt-out list, and gives it back when taken off ($language)',
    async ({ language, listed }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [shop] }))
      script()
      const stop = makeConversationOptOuts('keyword')
      let entry: InvokeReply<'optouts:list'> = stop
      fake.handle('optouts:list', () => entry)
      fake.handle('inbox:reply', () => ({ itemIds: ['out-12'], repeated: false }))
      const user = userEvent.setup()
      render(<InboxView />)
      await user.click(await screen.findByTestId('inbox-conversation-1'))
      const note = await screen.findByTestId('inbox-reply-listed')
      expect(note.textContent).toBe(listed)
      const box = screen.getByTestId('inbox-reply-text')
      await user.type(box, 'Halo')
      const send = screen.getByTestId('inbox-reply-send') as HTMLButtonElement
      // Not a dead end: off, and why is its description (the note at the box says it first).
      expect(send.disabled).toBe(true)
      expect(send.getAttribute('aria-describedby')?.split(' ')).toContain(note.id)
      expect(accessibleDescription(send)).toBe(listed)
      // Ctrl+Enter, as the hint says it sends, sends nothing either.
      box.focus()
      await user.keyboard('{Control>}{Enter}{/Control}')
      expect(fake.requests('inbox:reply')).toHaveLength(0)
      // Taken off the list while the conversation is open: the box is usable again, the draft kept.
      entry = makeConversationOptOuts(null)
      act(() => fake.emit('optouts:changed', { at: '2026-01-15T03:01:00.000Z' }))
      await waitFor(() => expect(screen.queryByTestId('inbox-reply-listed')).toBeNull())
      expect(send.disabled).toBe(false)
      expect(send.getAttribute('aria-describedby')).toBeNull()
      expect((box as HTMLTextAreaElement).value).toBe('Halo')
      await user.click(send)
      await waitFor(() => expect(fake.requests('inbox:reply')).toHaveLength(1))
      // On it again (a STOP read meanwhile): off again.
      entry = stop
      act(() => fake.emit('optouts:changed', { at: '2026-01-15T03:02:00.000Z' }))
      await screen.findByTestId('inbox-reply-listed')
      await user.type(box, 'Lagi')
      expect((screen.getByTestId('inbox-reply-send') as HTMLButtonElement).disabled).toBe(true)
    }
  )

  it("says the core's opt-out refusal once: the note at the box takes over when the list is read again", async () => {
    script()
    let entry: InvokeReply<'optouts:list'> = makeConversationOptOuts(null)
    fake.handle('optouts:list', () => entry)
    // The list read before the customer's STOP: the core refuses the reply.
    fake.fail('inbox:reply', { code: 'opted_out', message: 'opted out', field: 'chatId' })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.type(await screen.findByTestId('inbox-reply-text'), 'Halo')
    await user.click(screen.getByTestId('inbox-reply-send'))
    await screen.findByTestId('inbox-reply-opted-out')
    entry = makeConversationOptOuts('keyword')
    act(() => fake.emit('optouts:changed', { at: '2026-01-15T03:01:00.000Z' }))
    await screen.findByTestId('inbox-reply-listed')
    expect(screen.queryByTestId('inbox-reply-opted-out')).toBeNull()
    expect((screen.getByTestId('inbox-reply-send') as HTMLButtonElement).disabled).toBe(true)
  })

  it('refuses a text past the gateway limit, counted as the gateway counts', async () => {
    script()
    render(<InboxView />)
    await userEvent.setup().click(await screen.findByTestId('inbox-conversation-1'))
    const box = await screen.findByTestId('inbox-reply-text')
    fireEvent.change(box, { target: { value: '😀'.repeat(MAX_TEXT_LENGTH) } })
    expect(screen.queryByTestId('inbox-reply-problem')).toBeNull()
    fireEvent.change(box, { target: { value: '😀'.repeat(MAX_TEXT_LENGTH + 1) } })
    expect(screen.getByTestId('inbox-reply-problem')).toBeTruthy()
    expect((screen.getByTestId('inbox-reply-send') as HTMLButtonElement).disabled).toBe(true)
  })

  it('registers a pasted file and sends it with the text as its caption', async () => {
    script()
    fake.handle('inbox:reply', () => ({ itemIds: ['out-11'], repeated: false }))
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const box = await screen.findByTestId('inbox-reply-text')
    const photo = new File(['png'], 'katalog.png', { type: 'image/png' })
    fireEvent.paste(box, { clipboardData: { files: [photo] } })
    expect((await screen.findByTestId('inbox-reply-file')).textContent).toContain('katalog.png')
    expect(fake.registered).toEqual([[photo]])
    await user.type(box, 'Katalog terbaru')
    await user.click(screen.getByTestId('inbox-reply-send'))
    await waitFor(() =>
      expect(fake.requests('inbox:reply').at(-1)).toMatchObject({ handle: 'h-1', text: 'Katalog terbaru' })
    )
  })

  it('takes a file dropped on the reply box for the reply, not for the Send view', async () => {
    script()
    useNavigation.getState().navigate('inbox')
    const user = userEvent.setup()
    render(
      <>
        <WindowDrop />
        <InboxView />
      </>
    )
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const pdf = new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' })
    fireEvent.drop(await screen.findByTestId('inbox-reply'), {
      dataTransfer: { files: [pdf], types: ['Files'] }
    })
    expect((await screen.findByTestId('inbox-reply-file')).textContent).toContain('invoice.pdf')
    expect(fake.registered).toEqual([[pdf]])
    expect(useNavigation.getState().view).toBe('inbox')
    expect(useSend.getState().files).toEqual([])
  })

  it('cannot reply through a device Sender Desk does not know', async () => {
    script({ conversations: [{ ...DEWI, deviceId: null }] })
    render(<InboxView />)
    await userEvent.setup().click(await screen.findByTestId('inbox-conversation-1'))
    expect(await screen.findByTestId('inbox-reply-no-device')).toBeTruthy()
    expect(screen.queryByTestId('inbox-reply-send')).toBeNull()
  })
})

describe('canned replies', () => {
  it('inserts one rendered for the conversation and names a variable it could not fill', async () => {
    script()
    fake.handle('cannedReplies:list', () => ({
      replies: [
        { id: 4, deviceId: 'dev-1', title: 'Salam', text: 'Halo {name}!', updatedAt: '2026-01-01T00:00:00Z' }
      ]
    }))
    fake.handle('cannedReplies:render', () => ({ text: 'Halo {name}!', missing: ['name'] }))
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.click(await screen.findByTestId('inbox-canned-insert'))
    expect(fake.requests('cannedReplies:render')).toEqual([{ id: 4, conversationId: 1 }])
    await waitFor(() =>
      expect((screen.getByTestId('inbox-reply-text') as HTMLTextAreaElement).value).toBe('Halo {name}!')
    )
    expect(screen.getByTestId('inbox-canned-missing').textContent).toContain('{name}')
  })

  // QA58: a second canned reply inserted after one with {name} took the note away while {name} stayed in the box, and
  // the reply went to the customer with "{name}" in it; the focus stayed on Insert.
  it("says what is left as written as long as the reply holds it, the focus going to the reply's text", async () => {
    script()
    fake.handle('cannedReplies:list', () => ({
      replies: [
        { id: 4, deviceId: 'dev-1', title: 'Salam', text: 'Halo {name}!', updatedAt: '2026-01-01T00:00:00Z' },
        {
          id: 5,
          deviceId: 'dev-1',
          title: 'Harga',
          text: 'Harga Rp 50.000',
          updatedAt: '2026-01-01T00:00:00Z'
        }
      ]
    }))
    fake.handle('cannedReplies:render', ({ id }) =>
      id === 4 ? { text: 'Halo {name}!', missing: ['name'] } : { text: 'Harga Rp 50.000', missing: [] }
    )
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const reply = screen.getByTestId('inbox-reply-text') as HTMLTextAreaElement
    await user.click(await screen.findByTestId('inbox-canned-insert'))
    await waitFor(() => expect(reply.value).toBe('Halo {name}!'))
    expect(document.activeElement).toBe(reply)
    await user.selectOptions(screen.getByTestId('inbox-canned-select'), 'Harga')
    await user.click(screen.getByTestId('inbox-canned-insert'))
    await waitFor(() => expect(reply.value).toBe('Halo {name}!\nHarga Rp 50.000'))
    expect(screen.getByTestId('inbox-canned-missing').textContent).toBe(
      'Not known for this contact, left as written: {name}'
    )
    expect(reply.getAttribute('aria-describedby')).toContain('inbox-canned-missing')
    // Written out by the operator, the note goes with it.
    await user.clear(reply)
    await user.type(reply, 'Halo Bu Dewi!')
    expect(screen.queryByTestId('inbox-canned-missing')).toBeNull()
  })

  it('adds, edits and removes them per device in the panel', async () => {
    script()
    let replies = [
      { id: 4, deviceId: 'dev-1', title: 'Salam', text: 'Halo {name}!', updatedAt: '2026-01-01T00:00:00Z' }
    ]
    fake.handle('cannedReplies:list', () => ({ replies }))
    fake.handle('cannedReplies:save', (request) => {
      const saved = {
        id: request.id ?? 5,
        deviceId: request.deviceId,
        title: request.title,
        text: request.text,
        updatedAt: ''
      }
      replies = [...replies.filter((r) => r.id !== saved.id), saved]
      return saved
    })
    fake.handle('cannedReplies:remove', ({ id }) => {
      replies = replies.filter((r) => r.id !== id)
      return { removed: true }
    })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await user.click(await screen.findByTestId('inbox-canned-manage'))
    await user.type(screen.getByTestId('inbox-canned-title'), 'Ongkir')
    await user.type(screen.getByTestId('inbox-canned-text'), 'Ongkir ke {{number} gratis')
    await user.click(screen.getByTestId('inbox-canned-save'))
    expect(fake.requests('cannedReplies:save')).toEqual([
      { deviceId: 'dev-1', title: 'Ongkir', text: 'Ongkir ke {number} gratis' }
    ])
    await user.click(await screen.findByRole('button', { name: 'Edit Salam' }))
    await user.clear(screen.getByTestId('inbox-canned-text'))
    await user.type(screen.getByTestId('inbox-canned-text'), 'Halo kak')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(fake.requests('cannedReplies:save').at(-1)).toEqual({
        id: 4,
        deviceId: 'dev-1',
        title: 'Salam',
        text: 'Halo kak'
      })
    )
    await user.click(await screen.findByRole('button', { name: 'Remove Ongkir' }))
    expect(fake.requests('cannedReplies:remove')).toEqual([{ id: 5 }])
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Ongkir' })).toBeNull())
  })
})

describe('the inbox keys', () => {
  it('Escape goes back from a conversation to its row, as Back does, but not from a reply being written (QA25 Q25-08)', async () => {
    script()
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const heading = await screen.findByRole('heading', { level: 3, name: /Dewi/ })
    heading.focus()
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('inbox-thread')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('inbox-conversation-1')))

    // In the reply box with words in it, Escape is the writer's: the conversation stays open.
    await user.click(screen.getByTestId('inbox-conversation-1'))
    await user.type(await screen.findByTestId('inbox-reply-text'), 'Ada, kak{Escape}')
    expect(screen.getByTestId('inbox-thread')).toBeTruthy()
    // An empty box has nothing to lose.
    await user.clear(screen.getByTestId('inbox-reply-text'))
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('inbox-thread')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('inbox-conversation-1')))
  })

  it('Alt+↓ / Alt+↑ open the next and previous conversation, R focuses the reply, M marks read or unread', async () => {
    script({ conversations: [{ ...DEWI, unread: 0 }, GROUP, UNNAMED] })
    const user = userEvent.setup()
    render(<InboxView />)
    await screen.findByTestId('inbox-conversation-1')
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await waitFor(() => expect(fake.requests('inbox:thread').at(-1)).toMatchObject({ conversationId: 1 }))
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await waitFor(() => expect(fake.requests('inbox:thread').at(-1)).toMatchObject({ conversationId: 2 }))
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}')
    await waitFor(() => expect(fake.requests('inbox:thread').at(-1)).toMatchObject({ conversationId: 1 }))
    await screen.findByTestId('inbox-reply-text')
    // On the canned replies' drop-down, Alt+↓ opens it rather than the next conversation.
    fake.handle('cannedReplies:list', () => ({
      replies: [{ id: 4, deviceId: 'dev-1', title: 'Salam', text: 'Halo', updatedAt: '2026-01-01T00:00:00Z' }]
    }))
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await waitFor(() => expect(fake.requests('inbox:thread').at(-1)).toMatchObject({ conversationId: 2 }))
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}')
    await waitFor(() => expect(fake.requests('inbox:thread').at(-1)).toMatchObject({ conversationId: 1 }))
    const threads = fake.requests('inbox:thread').length
    ;(await screen.findByTestId('inbox-canned-select')).focus()
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    expect(fake.requests('inbox:thread')).toHaveLength(threads)
    ;(document.activeElement as HTMLElement | null)?.blur()
    await user.keyboard('m')
    await waitFor(() =>
      expect(fake.requests('inbox:markRead').at(-1)).toEqual({ conversationId: 1, read: false })
    )
    // Said, as a key gives no other sign (QA25 Q25-06); and again the other way.
    await waitFor(() => expect(screen.getByTestId('inbox-notice').textContent).toBe('Dewi: marked unread.'))
    await user.keyboard('m')
    await waitFor(() => expect(screen.getByTestId('inbox-notice').textContent).toBe('Dewi: marked read.'))
    await user.keyboard('r')
    expect(document.activeElement).toBe(screen.getByTestId('inbox-reply-text'))
    // Typing in the box is typing, not keys.
    await user.keyboard('m')
    expect((screen.getByTestId('inbox-reply-text') as HTMLTextAreaElement).value).toBe('m')
    // R goes on with the reply where it ends (QA62: a saved draft had the caret before it, the new words in front).
    const box = screen.getByTestId('inbox-reply-text') as HTMLTextAreaElement
    box.setSelectionRange(0, 0)
    box.blur()
    await user.keyboard('r')
    expect(document.activeElement).toBe(box)
    expect([box.selectionStart, box.selectionEnd]).toEqual([1, 1])
  })

  // QA62: at 360 px, with a conversation open (the list hidden behind it, the menu button carrying no badge of the open
  // view), a new customer's message gave no sign.
  it('counts on Back the unread messages of the other conversations', async () => {
    script({ conversations: [{ ...DEWI, unread: 0 }, GROUP, UNNAMED] })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const back = await screen.findByRole('button', { name: /^Back to conversations/ })
    expect(within(back).queryByTestId('inbox-back-unread')).toBeNull()
    act(() => useInboxAlerts.getState().setUnread({ unread: 2, unreadCustomers: 1 }))
    expect(within(back).getByTestId('inbox-back-unread').textContent).toBe('2')
    expect(within(back).getByLabelText('2 unread messages in other conversations')).toBeTruthy()
  })

  /** J from the open thread's heading goes to conversation `j`'s row, and K from it to `k`'s. */
  async function expectRowsBesideFromThread(
    user: ReturnType<typeof userEvent.setup>,
    rows: { j: number; k: number }
  ): Promise<void> {
    const heading = document.getElementById('inbox-thread-heading')!
    heading.focus()
    await user.keyboard('j')
    expect(document.activeElement).toBe(screen.getByTestId(`inbox-conversation-${rows.j}`))
    heading.focus()
    await user.keyboard('k')
    expect(document.activeElement).toBe(screen.getByTestId(`inbox-conversation-${rows.k}`))
  }

  // QA62: from an open conversation's thread, J went to the last row the list had drawn, not the next one.
  it('J and K from an open conversation go to the rows beside it', async () => {
    script()
    const user = userEvent.setup()
    renderWithRowKeys(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-2'))
    await screen.findByTestId('inbox-thread')
    await expectRowsBesideFromThread(user, { j: 3, k: 1 })
  })

  // QA63: under "Unread only" the opened conversation, read, left the list: J from its thread went to the list's last
  // row, not the next one.
  it('J and K from a conversation the unread list no longer holds go to the rows beside its place', async () => {
    const unread = [DEWI, GROUP, UNNAMED].map((c) => ({ ...c, unread: 1 }))
    script({ conversations: unread })
    const read = new Set<number>()
    fake.handle('inbox:conversations', ({ unreadOnly }) => ({
      conversations: unreadOnly ? unread.filter((c) => !read.has(c.id)) : unread,
      next: null
    }))
    fake.handle('inbox:markRead', ({ conversationId }) => {
      read.add(conversationId)
      setTimeout(() => fake.emit('inbox:changed', STATUS), 0)
      return { ...unread.find((c) => c.id === conversationId)!, unread: 0 }
    })
    const user = userEvent.setup()
    renderWithRowKeys(<InboxView />)
    await user.click(await screen.findByTestId('inbox-filter-unread'))
    await user.click(await screen.findByTestId('inbox-conversation-2'))
    await screen.findByTestId('inbox-thread')
    await waitFor(() => expect(read.has(2)).toBe(true))
    // Applied again, the filter leaves the read one out (it stayed listed while read, QA71).
    await user.click(screen.getByTestId('inbox-filter-unread'))
    await user.click(screen.getByTestId('inbox-filter-unread'))
    await waitFor(() => expect(screen.queryByTestId('inbox-conversation-2')).toBeNull())
    await expectRowsBesideFromThread(user, { j: 3, k: 1 })
  })

  // QA62: "Dewi: marked unread." stayed while other conversations were opened, read and marked.
  it('lets go of a conversation’s "marked unread" once another is opened', async () => {
    script()
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await screen.findByTestId('inbox-thread')
    ;(document.activeElement as HTMLElement | null)?.blur()
    await user.keyboard('m')
    await waitFor(() =>
      expect(screen.getByTestId('inbox-notice').textContent).toMatch(/: marked (un)?read\.$/)
    )
    await user.click(screen.getByTestId('inbox-conversation-2'))
    await waitFor(() => expect(fake.requests('inbox:thread').at(-1)).toMatchObject({ conversationId: 2 }))
    expect(screen.getByTestId('inbox-notice').textContent).toBe('')
  })

  it('M right as the thread shows its last change marks by what it shows, before the view’s effects have run (flake hunt)', async () => {
    script({ conversations: [{ ...DEWI, unread: 0 }, GROUP, UNNAMED] })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    const mark = await screen.findByTestId('inbox-mark-read')
    expect(mark.textContent).toBe('Mark unread')
    // M again the moment the thread says it is unread ("Mark read"): a MutationObserver runs a microtask after the
    // commit, before React's passive effects (a key the browser delivers between the two, as under load).
    let pressed = false
    const observer = new MutationObserver(() => {
      if (pressed || mark.textContent !== 'Mark read') return
      pressed = true
      fireEvent.keyDown(window, { key: 'm' })
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    try {
      await user.keyboard('m')
      await waitFor(() => expect(pressed).toBe(true))
      await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(2))
      expect(fake.requests('inbox:markRead')).toEqual([
        { conversationId: 1, read: false },
        { conversationId: 1, read: true }
      ])
    } finally {
      observer.disconnect()
    }
  })
})

describe('the chatbot view', () => {
  const rules = (
    keyword: string,
    conversationIds: number[] = [],
    knownSince: string | null = null
  ): ChatbotDeviceView[] => [
    {
      deviceId: 'dev-1',
      refreshedAt: '2026-01-15T03:00:00.000Z',
      rules: [{ id: 'ar-1', keyword, response: 'Harga grosir *Rp 50.000*', knownSince, conversationIds }]
    }
  ]

  it.each(AUTO_REPLY_KEYWORD_CASES)(
    'shows the auto-reply under $text when the device has $keyword: $answers ($why)',
    async ({ keyword, text, answers }) => {
      script({ entries: [incoming({ text })], chatbot: rules(keyword) })
      render(<InboxView />)
      await userEvent.setup().click(await screen.findByTestId('inbox-conversation-1'))
      const entry = await screen.findByTestId('inbox-entry-in')
      // The rules come with the panel: wait for it before looking for the note.
      await screen.findByTestId('inbox-chatbot-rule')
      const note = within(entry).queryByTestId('inbox-autoreply-note')
      if (!answers) return expect(note).toBeNull()
      expect(note?.getAttribute('role')).toBe('note')
      expect(note?.textContent).toContain(`Auto-reply «${keyword}» answered:`)
      expect(note?.querySelector('strong')?.textContent).toBe('Rp 50.000')
    }
  )

  it.each(AUTO_REPLY_TIME_CASES)(
    'a rule first seen at minute $knownSince notes a message of minute $at: $answers ($why)',
    async ({ knownSince, at, answers }) => {
      const minute = (n: number): string =>
        new Date(Date.parse('2026-01-15T03:00:00.000Z') + n * 60_000).toISOString()
      script({
        entries: [incoming({ text: 'harga', receivedAt: minute(at) })],
        chatbot: rules('harga', [], knownSince === null ? null : minute(knownSince))
      })
      render(<InboxView />)
      await userEvent.setup().click(await screen.findByTestId('inbox-conversation-1'))
      const entry = await screen.findByTestId('inbox-entry-in')
      await screen.findByTestId('inbox-chatbot-rule')
      expect(within(entry).queryByTestId('inbox-autoreply-note') !== null).toBe(answers)
    }
  )

  it('never marks our own message, nor a message on a device without the rule', async () => {
    script({
      entries: [incoming({ text: 'harga', fromMe: true })],
      chatbot: [{ deviceId: 'dev-2', refreshedAt: null, rules: rules('harga')[0]!.rules }]
    })
    render(<InboxView />)
    await userEvent.setup().click(await screen.findByTestId('inbox-conversation-1'))
    await screen.findByTestId('inbox-entry-in')
    await screen.findByTestId('inbox-chatbot-rule')
    expect(screen.queryByTestId('inbox-autoreply-note')).toBeNull()
  })

  it('counts the conversations each keyword answered, and a click filters the list to them until clicked again', async () => {
    script({ chatbot: rules('harga', [1, 3]) })
    const user = userEvent.setup()
    render(<InboxView />)
    const rule = await screen.findByRole('button', { name: '«harga»: 2 conversations' })
    expect(rule.getAttribute('aria-pressed')).toBe('false')
    await user.click(rule)
    await waitFor(() =>
      expect(fake.requests('inbox:conversations').at(-1)).toMatchObject({ conversationIds: [1, 3] })
    )
    expect(rule.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByTestId('inbox-filter-answered-by').textContent).toContain('Answered by «harga»')
    // The keyboard works it too: the same button, pressed again, shows every conversation.
    rule.focus()
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(fake.requests('inbox:conversations').at(-1)).not.toHaveProperty('conversationIds')
    )
    expect(screen.queryByTestId('inbox-filter-answered-by')).toBeNull()
  })

  it('says when a device has no auto-replies', async () => {
    script({ chatbot: [{ deviceId: 'dev-1', refreshedAt: '2026-01-15T03:00:00.000Z', rules: [] }] })
    render(<InboxView />)
    expect((await screen.findByTestId('inbox-chatbot')).textContent).toContain(
      'Shop has no auto-replies. Add them in Auto-replies.'
    )
  })

  // An operator's probe: "Chatbot · Sandbox device — Sandbox device has no auto-replies."
  it('does not name the device again under its own heading when there are several', async () => {
    script({
      chatbot: [
        { deviceId: 'dev-1', refreshedAt: '2026-01-15T03:00:00.000Z', rules: [] },
        { deviceId: 'dev-2', refreshedAt: null, rules: [] }
      ]
    })
    render(<InboxView />)
    const first = await screen.findByTestId('inbox-chatbot-dev-1')
    expect(within(first).getByRole('heading').textContent).toBe('Shop')
    expect(within(first).getByText('No auto-replies. Add them in Auto-replies.')).toBeTruthy()
    expect(
      within(screen.getByTestId('inbox-chatbot-dev-2')).getByText(
        'Its auto-replies could not be read from the gateway yet.'
      )
    ).toBeTruthy()
  })
})

// QA71: with "Unread only" ticked, opening the only unread conversation emptied the list at once ("No conversation
// matches these filters.") beside its open thread, and the filter was unticked again after Alt+I back.
describe('"Unread only" and the conversation opened from it (QA71)', () => {
  function scriptUnreadDewi(): void {
    const unread = { ...DEWI, unread: 2 }
    script({ conversations: [unread, GROUP, UNNAMED] })
    const read = new Set<number>()
    const rows = (): InboxConversationView[] =>
      [unread, GROUP, UNNAMED].map((c) => (read.has(c.id) ? { ...c, unread: 0 } : c))
    fake.handle('inbox:conversations', ({ unreadOnly }) => ({
      conversations: unreadOnly ? rows().filter((c) => c.unread > 0) : rows(),
      next: null
    }))
    fake.handle('inbox:thread', ({ conversationId }) => ({
      conversation: rows().find((c) => c.id === conversationId)!,
      entries: [incoming()],
      next: null
    }))
    fake.handle('inbox:markRead', ({ conversationId }) => {
      read.add(conversationId)
      setTimeout(() => fake.emit('inbox:changed', STATUS), 0)
      return rows().find((c) => c.id === conversationId)!
    })
  }

  it('keeps the opened row in the list, marked read, until the filter is applied again', async () => {
    scriptUnreadDewi()
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-filter-unread'))
    await waitFor(() =>
      expect(fake.requests('inbox:conversations').at(-1)).toMatchObject({ unreadOnly: true })
    )
    await user.click(await screen.findByTestId('inbox-conversation-1'))
    await screen.findByTestId('inbox-thread')
    await waitFor(() => expect(fake.requests('inbox:markRead')).toHaveLength(1))
    // The list read again after the read mark: the row is there, read.
    const readsBefore = fake.requests('inbox:conversations').length
    await waitFor(() => expect(fake.requests('inbox:conversations').length).toBeGreaterThan(readsBefore))
    await act(async () => new Promise((resolve) => setTimeout(resolve, 80)))
    const row = screen.getByTestId('inbox-conversation-1')
    expect(within(row).queryByTestId('inbox-unread')).toBeNull()
    expect(screen.queryByTestId('inbox-conversations-empty')).toBeNull()

    // Applied again (unticked, ticked): the list is what the filter says.
    await user.click(screen.getByTestId('inbox-filter-unread'))
    await user.click(screen.getByTestId('inbox-filter-unread'))
    await waitFor(() => expect(screen.queryByTestId('inbox-conversation-1')).toBeNull())
    expect((await screen.findByTestId('inbox-conversations-empty')).textContent).toBe(
      'No conversation matches these filters.'
    )
  })

  it('is still ticked when the operator leaves Messages in and comes back', async () => {
    script()
    const user = userEvent.setup()
    const { unmount } = render(<InboxView />)
    await user.click(await screen.findByTestId('inbox-filter-unread'))
    // Alt+1 to the Overview and Alt+I back: the view is left and drawn again.
    unmount()
    render(<InboxView />)
    expect((screen.getByTestId('inbox-filter-unread') as HTMLInputElement).checked).toBe(true)
    await waitFor(() =>
      expect(fake.requests('inbox:conversations').at(-1)).toMatchObject({ unreadOnly: true })
    )
  })
})
