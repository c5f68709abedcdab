// The operator's read mark on the open conversation, from its button or the M key: one place, so both keep the Inbox's
// place alike.
import type { InboxConversationView } from '../../../../shared/contract'
import { call } from '../../api'
import { isConversationUnread } from '../../../../shared/domain'
import { keepOpenConversation } from '../../stores/place'

/**
 * Marks the open conversation read or unread. Marked unread, it is no longer the one the Inbox opens again by itself
 * (coming back to the view, a reload): opening it reads it, which undid the mark (an operator's probe: Alt+1, Alt+I,
 * and the badge and the row's count were gone). The operator opens it from the list when they are ready to read it;
 * marked read again, it is kept open again.
 */
export async function markOpenConversation(
  conversationId: number,
  read: boolean
): Promise<InboxConversationView> {
  const conversation = await call('inbox:markRead', { conversationId, read })
  keepOpenConversation(isConversationUnread(conversation) ? null : conversationId)
  return conversation
}
