// The migration that makes the messages' search index fold accents: a database from before it, with messages in it,
// finds "Dédé" by "dede" after the upgrade, keeps its delete triggers and its secure-delete, and indexes what comes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { InboxConversationsStore } from './inbox-conversations-store'
import { migrations } from './migrations'
import { newInboxMessage } from './testing/new-inbox-message'
import { receiveMessages } from './testing/receive-messages'

const dir = mkdtempSync(join(tmpdir(), 'inbox-text-fold-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/**
 * Messages kept before the migration, written as that version's tables hold them (the store's statements are today's:
 * they write columns a later step adds), one conversation with them all.
 */
function keptBefore(db: SqliteDatabase, ...texts: string[]): void {
  db.prepare(
    `INSERT INTO inbox_conversations (id, device_key, device_serial, chat_id, is_group, last_number, last_at, last_text,
       last_type, last_from_me, unread)
     VALUES (1, 'ser-1', 'SER-1', '6281234567890', 0, ?, ?, ?, 'text', 0, ?)`
  ).run(texts.length, 1_000 * texts.length, texts.at(-1) ?? '', texts.length)
  const event = db.prepare(
    `INSERT INTO inbox_events (identity, kind, mailbox, seq, received_at, stored_at, payload)
     VALUES (?, 'incoming', 'box', ?, ?, ?, '{}')`
  )
  const message = db.prepare(
    `INSERT INTO inbox_messages (event_id, message_id, device_serial, chat_id, is_group, text, message_type,
       received_at, from_me, conversation_id)
     VALUES (?, ?, 'SER-1', '6281234567890', 0, ?, 'text', ?, 0, 1)`
  )
  texts.forEach((text, i) => {
    const at = 1_000 * (i + 1)
    const eventId = Number(event.run(`incoming:SER-1/kept${i}`, i + 1, at, at).lastInsertRowid)
    message.run(eventId, `kept${i}`, text, at)
  })
}

it('indexes the messages kept before it accents aside, and goes on indexing and dropping messages as before', () => {
  const step = migrations.findIndex((m) =>
    m.name.startsWith("inbox: the messages' search index folds accents")
  )
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  keptBefore(old, 'Pak Dédé sudah transfer', 'Nguyễn Văn Thành', 'halo kak')
  // Asked of the index itself: the store's statements are today's.
  const before = old
    .prepare('SELECT rowid FROM inbox_messages_search WHERE inbox_messages_search MATCH ?')
    .all('"dede"')
  const beforeSpelled = old
    .prepare('SELECT rowid FROM inbox_messages_search WHERE inbox_messages_search MATCH ?')
    .all('"dédé"')
  old.close()
  // Before it the index folded case only.
  expect(before).toEqual([])
  expect(beforeSpelled).toHaveLength(1)

  const db = openDatabase({ dataDir: dir })
  try {
    const conversations = new InboxConversationsStore(db)
    const texts = (term: string): string[] => conversations.search(term, 10).messages.map((m) => m.text)
    expect(texts('dede')).toEqual(['Pak Dédé sudah transfer'])
    expect(texts('nguyen thanh')).toEqual(['Nguyễn Văn Thành'])
    expect(texts('kak')).toEqual(['halo kak'])
    // What arrives after it is indexed by the trigger made again.
    receiveMessages(db, [newInboxMessage('after0', { text: 'Đơn hàng của Dédé' })])
    expect(texts('DEDE')).toEqual(['Đơn hàng của Dédé', 'Pak Dédé sudah transfer'])
    // A deleted conversation's messages leave the index, for good (secure-delete, set again on the new index).
    expect(
      db.prepare("SELECT v FROM inbox_messages_search_config WHERE k = 'secure-delete'").pluck().get()
    ).toBe(1)
    expect(conversations.delete(conversations.list({ limit: 1 })[0]!.id, 9_000)).not.toBeNull()
    expect(texts('dede')).toEqual([])
    // The index agrees with the messages (FTS5 raises SQLITE_CORRUPT_VTAB otherwise).
    db.exec("INSERT INTO inbox_messages_search (inbox_messages_search) VALUES ('integrity-check')")
  } finally {
    db.close()
  }
})
