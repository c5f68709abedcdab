// Inbox alerts store: the unread total the nav badge and the Overview show (from `inbox:changed`), the relay's state the
// attention strip and the Overview warn of, the conversation a clicked notification asks the inbox view to open, and the
// conversation that view shows, which the core hears of (`inbox:viewing`, with the window's focus) so that it does not
// notify messages the operator is reading.
import { create } from 'zustand'
import type { InboxStatusView } from '../../../shared/contract'
import { relayStatus, type RelayStatus } from '../../../shared/relay-status'
import { call } from '../api'
import { useNavigation } from './navigation'

/** The unread messages and the customers they are from, as the core counts them. */
export type UnreadCounts = Pick<InboxStatusView, 'unread' | 'unreadCustomers' | 'markedUnread'>

interface InboxAlertsState {
  unread: number
  unreadCustomers: number
  /** The conversations marked unread with no message counted (QA72): the badge says them apart. */
  markedUnread: number
  /** The relay as the tray says it (relayStatus), null before the core said: the strip and the Overview warn by it. */
  relay: RelayStatus | null
  /** Asked by a notification click; the inbox view takes it once (takeOpenConversation). */
  openConversation: number | null
  /** The conversation the inbox view shows, null when none (the inbox view sets it). */
  viewing: number | null
  setUnread(counts: UnreadCounts): void
  /** The core's inbox status (`inbox:changed`, inbox:status): its unread counts and the relay's state. */
  setStatus(status: InboxStatusView): void
  /** The unread total as the core has it now (before the first `inbox:changed`). */
  load(): Promise<void>
  askToOpen(conversationId: number): void
  takeOpenConversation(): number | null
  setViewing(conversationId: number | null): void
}

export const useInboxAlerts = create<InboxAlertsState>()((set, get) => ({
  unread: 0,
  unreadCustomers: 0,
  markedUnread: 0,
  relay: null,
  openConversation: null,
  viewing: null,
  setUnread: ({ unread, unreadCustomers, markedUnread = 0 }) =>
    set({ unread, unreadCustomers, markedUnread }),
  setStatus(status) {
    get().setUnread(status)
    set({ relay: relayStatus(status) })
  },
  async load() {
    try {
      get().setStatus(await call('inbox:status', {}))
    } catch {
      // No inbox status (an older core, a harness without it): the badge waits for the first inbox:changed.
    }
  },
  askToOpen: (conversationId) => set({ openConversation: conversationId }),
  takeOpenConversation() {
    const id = get().openConversation
    if (id !== null) set({ openConversation: null })
    return id
  },
  setViewing: (viewing) => set({ viewing })
}))

/**
 * Tells the core which conversation the window shows and whether the window has the focus, each time either
 * changes. Returns the unsubscribe.
 */
export function reportViewing(target: Window = window): () => void {
  let last = ''
  const report = (): void => {
    const conversationId =
      useNavigation.getState().view === 'inbox' ? useInboxAlerts.getState().viewing : null
    const focused = target.document.hasFocus() && target.document.visibilityState !== 'hidden'
    const key = `${conversationId}:${focused}`
    if (key === last) return
    last = key
    call('inbox:viewing', { conversationId, focused }).catch(() => {
      last = ''
    })
  }
  const offAlerts = useInboxAlerts.subscribe(report)
  const offNavigation = useNavigation.subscribe(report)
  target.addEventListener('focus', report)
  target.addEventListener('blur', report)
  target.document.addEventListener('visibilitychange', report)
  report()
  return () => {
    offAlerts()
    offNavigation()
    target.removeEventListener('focus', report)
    target.removeEventListener('blur', report)
    target.document.removeEventListener('visibilitychange', report)
  }
}

export function resetInboxAlertsStore(): void {
  useInboxAlerts.setState({
    unread: 0,
    unreadCustomers: 0,
    markedUnread: 0,
    relay: null,
    openConversation: null,
    viewing: null
  })
}
