// What waits in Messages in, in words: the customers' unread messages and the conversations the operator marked unread
// with none counted (QA72). One owner for the tab's badge, the tray and the Overview (QA marked unread: the tray and
// the Overview named only the messages, so a conversation marked unread to come back to was counted by the badge
// alone). The counts are the core's (InboxStore.counts): a conversation both unread and marked counts as unread only.
import type { Translate } from './translate'

export interface InboxUnreadCounts {
  unread: number
  /** The customers the unread messages are from: named only `fromCustomers`. */
  unreadCustomers?: number
  /** Absent: none (an older core's status). */
  markedUnread?: number
}

/**
 * "3 unread messages and 1 conversation marked unread", either alone, or null when nothing waits. `fromCustomers`
 * names the customers the messages are from too (the Overview's line).
 */
export function inboxUnreadWords(
  counts: InboxUnreadCounts,
  t: Translate,
  { fromCustomers = false }: { fromCustomers?: boolean } = {}
): string | null {
  const { unread } = counts
  const customers = counts.unreadCustomers ?? 0
  const marked = counts.markedUnread ?? 0
  if (unread > 0 && marked > 0)
    return fromCustomers
      ? t('overview.unreadAndMarked', { count: unread, customers, marked })
      : t('inbox.unreadAndMarked', { count: unread, marked })
  if (unread > 0)
    return fromCustomers
      ? t('overview.unread', { count: unread, customers })
      : t('inbox.unreadCount', { count: unread })
  return marked > 0 ? t('inbox.markedUnreadCount', { count: marked }) : null
}
