// How a conversation is named for the operator: the group's subject, or the contact's name with the number formatted
// for reading (the domain's phone display), or the number alone when no name is known.
import type { InboxConversationView } from '../../../../shared/contract'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'

/** The conversation's title and, when a name stands in the title, the number beside it. */
export function conversationLabel(conversation: InboxConversationView): {
  title: string
  number: string | null
} {
  if (conversation.isGroup) return { title: conversation.groupSubject ?? conversation.chatId, number: null }
  const number = formatPhoneForReading(conversation.chatId)
  const name = conversation.contactName ?? conversation.pushName
  return name ? { title: name, number } : { title: number, number: null }
}
