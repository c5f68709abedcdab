// A conversation the inbox holds, written through a connection of its own to the data folder (as the sync commits
// one customer's message): for core tests that need a conversation to exist, the core running or not.
import { expect } from 'vitest'
import { InboxConversationsStore, InboxStore, openDatabase } from '../../../src/main/core/store'
import { newInboxMessage } from '../../../src/main/core/store/testing/new-inbox-message'

/** The id of the conversation one customer's message on `chatId` makes. */
export function conversationWithACustomer(dataDir: string, chatId: string): number {
  const db = openDatabase({ dataDir })
  try {
    const store = new InboxStore(db)
    const message = newInboxMessage(`m-${chatId}`, { chatId, text: 'halo' })
    const event = {
      identity: `incoming:SER-1/${message.messageId}`,
      kind: 'incoming' as const,
      seq: store.cursor('box') + 1,
      receivedAt: 1_000,
      payload: {},
      applied: true,
      message
    }
    expect(store.commit('box', event.seq - 1, event.seq, [event], 0)).not.toBeNull()
    return new InboxConversationsStore(db).withChat(chatId)[0]!.id
  } finally {
    db.close()
  }
}
