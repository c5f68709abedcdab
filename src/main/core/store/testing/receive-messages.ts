// Customers' messages committed as the inbox sync commits them: one relay page of mailbox "box", each applied, the
// page's seq and times following the mailbox's cursor. For store tests that need messages in, not the sync itself.
import type { SqliteDatabase } from '../database'
import type { NewInboxMessage } from '../inbox-records'
import { InboxStore } from '../inbox-store'

export function receiveMessages(db: SqliteDatabase, messages: readonly NewInboxMessage[]): void {
  const inbox = new InboxStore(db)
  const from = inbox.cursor('box')
  inbox.commit(
    'box',
    from,
    from + messages.length,
    messages.map((message, i) => ({
      identity: `incoming:SER-1/${message.messageId}`,
      kind: 'incoming',
      seq: from + i + 1,
      receivedAt: 1_000 * (from + i + 1),
      payload: {},
      applied: true,
      message
    })),
    0
  )
}
