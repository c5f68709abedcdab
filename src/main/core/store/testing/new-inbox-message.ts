// A customer's text message as the sync commits it, for store, inbox and bench set-ups: a private chat on device
// SER-1, nothing but the text; each caller overrides what its case is about.
import type { NewInboxMessage } from '../inbox-records'

export function newInboxMessage(messageId: string, extra: Partial<NewInboxMessage> = {}): NewInboxMessage {
  return {
    messageId,
    deviceSerial: 'SER-1',
    devicePhone: null,
    chatId: '6281234567890',
    isGroup: false,
    groupSubject: null,
    groupMember: null,
    pushName: null,
    text: '',
    messageType: 'text',
    mediaUrl: null,
    mediaFile: null,
    mediaMime: null,
    sentAt: null,
    fromMe: false,
    ...extra
  }
}
