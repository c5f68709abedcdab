// QA76: the migration that orders conversations by their real traffic. Rows a scheduled, queued or cancelled message
// had moved up go back among the others by what came in and what went out; the messages' sequence goes on past them.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from './database'
import { InboxConversationsStore, nextMessageNumber } from './inbox-conversations-store'
import { migrations } from './migrations'
import { OutboxStore } from './outbox-store'
import { newTextItem } from './testing/new-item'

const dir = mkdtempSync(join(tmpdir(), 'inbox-traffic-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('places each conversation by its newest message in or gone out, never by one waiting or never sent', () => {
  const step = migrations.findIndex((m) => m.name.includes('(QA76)'))
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  const conversation = old.prepare(
    `INSERT INTO inbox_conversations (id, device_key, device_serial, chat_id, is_group, last_number, activity, last_at,
       last_text, last_type, last_from_me, unread, archived)
     VALUES (?, 'ser-1', 'SER-1', ?, 0, ?, ?, ?, 'halo', 'text', 0, 0, 0)`
  )
  // Customers wrote 1 to 5 in this order; 1 and 5 were moved up by messages queued to them, 3 by a reply that went.
  conversation.run(1, '6281111', 1, 9, 1_000)
  conversation.run(2, '6282222', 2, 2, 2_000)
  conversation.run(3, '6283333', 3, 7, 3_000)
  conversation.run(4, '6284444', 4, 4, 3_500)
  conversation.run(5, '6285555', 5, 8, 3_600)
  old.prepare('UPDATE inbox_message_numbers SET highest = 9 WHERE id = 1').run()
  new OutboxStore(old).insertItems(
    [
      // Scheduled for tomorrow, then one cancelled before it went: 1 stays where its customer wrote.
      newTextItem('s1', { recipient: '6281111', createdAt: 5_000, status: 'scheduled', notBefore: 90_000 }),
      newTextItem('c1', { recipient: '6281111', createdAt: 5_100, status: 'cancelled' }),
      // The reply to 3 went at 4,000: above 4 and 5.
      newTextItem('r3', { recipient: '6283333', createdAt: 3_900, status: 'read', acceptedAt: 4_000 }),
      // Waiting its turn (its device off): 5 stays where its customer wrote.
      newTextItem('q5', { recipient: '6285555', createdAt: 4_500, status: 'queued' })
    ],
    [],
    [],
    1
  )
  old.close()

  const db = openDatabase({ dataDir: dir })
  try {
    const store = new InboxConversationsStore(db)
    const rows = store.list({ limit: 10 })
    expect(rows.map((c) => c.chatId)).toEqual(['6283333', '6285555', '6284444', '6282222', '6281111'])
    // Past every number given before, and the next message's number past every place.
    expect(Math.min(...rows.map((c) => c.activity))).toBeGreaterThan(9)
    expect(nextMessageNumber(db)).toBeGreaterThan(Math.max(...rows.map((c) => c.activity)))
  } finally {
    db.close()
  }
})
