// How a conversation is named for the operator: the group's subject, or the contact's name with the number formatted
// for reading (the domain's phone display), or the number alone when no name is known. A name or subject the customer
// gave is drawn as the shown-text rule draws it: no override in it turns it, or the number after it, around (QA82).
import type { InboxConversationView } from '../../../../shared/contract'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { shownText } from '../../../../shared/domain/shown-text'

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
  if (conversation.isGroup) {
    const subject = shownText(conversation.groupSubject ?? '')
    return { title: subject || conversation.chatId, number: null, titleIsNumber: false }
  }
  const number = formatPhoneForReading(conversation.chatId)
  const name = shownText(conversation.contactName ?? conversation.pushName ?? '')
  return name
    ? { title: name, number, titleIsNumber: false }
    : { title: number, number: null, titleIsNumber: true }
}
