// The migration that orders conversations by their last message or reply: the rows kept before it keep their order
// (each one's place is its newest message's number), and the messages' sequence goes on past every place.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from './database'
import { InboxConversationsStore, nextMessageNumber } from './inbox-conversations-store'
import { migrations } from './migrations'

const dir = mkdtempSync(join(tmpdir(), 'inbox-activity-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('keeps the order of the conversations kept before it, and a reply then moves one above them all', () => {
  const step = migrations.findIndex((m) =>
    m.name.startsWith('inbox: conversations ordered by their last message')
  )
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  const conversation = old.prepare(
    `INSERT INTO inbox_conversations (id, device_key, device_serial, chat_id, is_group, last_number, last_at, last_text,
       last_type, last_from_me, unread, archived)
     VALUES (?, 'ser-1', 'SER-1', ?, 0, ?, ?, 'halo', 'text', 0, 1, ?)`
  )
  conversation.run(1, '6281111', 7, 7_000, 0)
  conversation.run(2, '6282222', 3, 3_000, 0)
  conversation.run(3, '6283333', 12, 12_000, 1)
  conversation.run(4, '6284444', 9, 9_000, 0)
  old.close()

  // At that step's version: a later one (QA76) places the rows again by their traffic, numbers past these.
  const db = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step + 1) })
  try {
    const store = new InboxConversationsStore(db)
    const rows = (archived = false) =>
      store.list({ limit: 10, archived }).map((c) => [c.chatId, c.lastNumber, c.activity])
    expect(rows()).toEqual([
      ['6284444', 9, 9],
      ['6281111', 7, 7],
      ['6282222', 3, 3]
    ])
    expect(rows(true)).toEqual([['6283333', 12, 12]])
    db.transaction(() => store.bumpActivity([{ deviceKeys: ['ser-1'], chatId: '6282222' }]))()
    // Past every place, the archived one's too, and the next message's number past it.
    expect(rows()[0]).toEqual(['6282222', 3, 13])
    expect(nextMessageNumber(db)).toBe(14)
  } finally {
    db.close()
  }
})
