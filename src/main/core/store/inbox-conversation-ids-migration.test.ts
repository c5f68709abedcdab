// The migration that keeps the highest conversation id ever given: a database from before it, whose newest
// conversation is deleted after the upgrade, gives the next customer a new id, not the deleted one's.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from './database'
import { InboxConversationsStore } from './inbox-conversations-store'
import { InboxStore } from './inbox-store'
import { migrations } from './migrations'
import { newInboxMessage } from './testing/new-inbox-message'

const dir = mkdtempSync(join(tmpdir(), 'inbox-conversation-ids-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('starts from the highest id kept, and the next conversation after a delete gets a new one', () => {
  const step = migrations.findIndex(
    (m) => m.name === "inbox: a deleted conversation's id is never given again"
  )
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  // As the builds before the step filed them (the store's insert now names the table this step adds).
  const customers = ['6281111111111', '6282222222222', '6283333333333']
  const insert = old.prepare(
    `INSERT INTO inbox_conversations (device_key, device_serial, chat_id, is_group, last_number, last_at, last_text,
       last_type, last_from_me, unread) VALUES ('ser-1', 'SER-1', ?, 0, ?, ?, 'halo', 'text', 0, 1)`
  )
  customers.forEach((chatId, i) => insert.run(chatId, i + 1, 1_000 * (i + 1)))
  old.close()

  const db = openDatabase({ dataDir: dir })
  try {
    const conversations = new InboxConversationsStore(db)
    const kept = conversations.list({ limit: 5 })
    expect(kept.map((c) => c.chatId)).toEqual([...customers].reverse())
    const newest = kept[0]!
    expect(newest.id).toBe(Math.max(...kept.map((c) => c.id)))
    conversations.delete(newest.id, 9_000)
    new InboxStore(db).commit(
      'box',
      0,
      1,
      [
        {
          identity: 'incoming:SER-1/after',
          kind: 'incoming',
          seq: 1,
          receivedAt: 9_500,
          payload: {},
          applied: true,
          message: newInboxMessage('after', { chatId: '6287777777777', text: 'a new customer' })
        }
      ],
      0
    )
    expect(conversations.withChat('6287777777777')[0]!.id).toBeGreaterThan(newest.id)
    // Every conversation kept before the step is still there, under its id.
    expect(conversations.list({ limit: 5 }).map((c) => c.id)).toEqual(
      expect.arrayContaining(kept.slice(1).map((c) => c.id))
    )
  } finally {
    db.close()
  }
})
