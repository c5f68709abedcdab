// A message in as the window reads it: its own module, so the conversations (which the terminal's send path loads to
// move a conversation when the gateway takes a message) need nothing of the mailbox's connect and its relay crypto.
import type { InboxMessageView } from '../../../shared/contract'
import { isoOrNull } from '../clock'
import type { InboxMessageRecord } from '../store'
import { mediaView } from './media-commands'

export function messageView(message: InboxMessageRecord): InboxMessageView {
  return {
    number: message.number,
    messageId: message.messageId,
    deviceSerial: message.deviceSerial,
    chatId: message.chatId,
    isGroup: message.isGroup,
    groupSubject: message.groupSubject,
    groupMember: message.groupMember,
    pushName: message.pushName,
    text: message.text,
    messageType: message.messageType,
    mediaUrl: message.mediaUrl,
    sentAt: isoOrNull(message.sentAt),
    receivedAt: new Date(message.receivedAt).toISOString(),
    fromMe: message.fromMe,
    read: message.read,
    keywordOutcome: message.keywordOutcome,
    media: message.media ? mediaView(message.media) : null
  }
}
