// Whether a conversation waits for the operator's reading: its unread messages, or the operator's own "Mark unread"
// with none counted (QA72: marked unread after their own reply, the customer's message before it counted "1 unread
// message" they had not sent since).

/** Unread: messages of the customer's not read yet, or marked unread by the operator. */
export function isConversationUnread(conversation: { unread: number; markedUnread?: boolean }): boolean {
  return conversation.unread > 0 || conversation.markedUnread === true
}
