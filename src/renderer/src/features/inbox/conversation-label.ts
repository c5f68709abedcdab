// How a conversation is named for the operator: the group's subject, or the contact's name with the number formatted
// for reading (the domain's phone display), or the number alone when no name is known.
import type { InboxConversationView } from '../../../../shared/contract'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'

/**
 * The conversation's title and, when a name stands in the title, the number beside it; `titleIsNumber` when the
 * number is the title (no name known), which is then drawn as a number: whole, never broken at its hyphens.
 */
export function conversationLabel(
  conversation: Pick<
    InboxConversationView,
    'chatId' | 'isGroup' | 'groupSubject' | 'contactName' | 'pushName'
  >
): {
  title: string
  number: string | null
  titleIsNumber: boolean
} {
  if (conversation.isGroup)
    return { title: conversation.groupSubject ?? conversation.chatId, number: null, titleIsNumber: false }
  const number = formatPhoneForReading(conversation.chatId)
  const name = conversation.contactName ?? conversation.pushName
  return name
    ? { title: name, number, titleIsNumber: false }
    : { title: number, number: null, titleIsNumber: true }
}
