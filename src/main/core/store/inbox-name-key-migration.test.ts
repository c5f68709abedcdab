// The migration that folds the conversations' push names and group subjects for the inbox search (QA46 Q46-03): a
// database from before it finds "Pak Dédé" and "Arisan Cécile" by "dede" and "cecile" after the upgrade, as the
// conversations filed after it are.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from './database'
import { InboxConversationsStore } from './inbox-conversations-store'
import { migrations } from './migrations'

const dir = mkdtempSync(join(tmpdir(), 'inbox-name-key-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('fills the keys of the names kept before it, and leaves a conversation without a name without one', () => {
  const step = migrations.findIndex((m) =>
    m.name.startsWith("inbox: conversations' push names and group subjects")
  )
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  // As the builds before the step filed them (no contact: the push name alone names the customer).
  const insert = old.prepare(
    `INSERT INTO inbox_conversations (device_key, device_serial, chat_id, is_group, group_subject, push_name,
       last_number, last_at, last_text, last_type, last_from_me, unread)
       VALUES ('ser-1', 'SER-1', ?, ?, ?, ?, ?, ?, 'halo', 'text', 0, 1)`
  )
  insert.run('6281111111111', 0, null, 'Pak Dédé', 1, 1_000)
  insert.run('120363000000000001@g.us', 1, 'Arisan Cécile', null, 2, 2_000)
  insert.run('6283333333333', 0, null, null, 3, 3_000)
  old.close()

  const db = openDatabase({ dataDir: dir })
  try {
    const conversations = new InboxConversationsStore(db)
    const found = (text: string): string[] =>
      conversations.search(text, 10).conversations.map((c) => c.chatId)
    expect(found('dede')).toEqual(['6281111111111'])
    expect(found('CECILE')).toEqual(['120363000000000001@g.us'])
    expect(found('6283333')).toEqual(['6283333333333'])
    expect(
      db
        .prepare('SELECT push_name_key, group_subject_key FROM inbox_conversations ORDER BY last_number')
        .raw()
        .all()
    ).toEqual([
      ['pak dede', null],
      [null, 'arisan cecile'],
      [null, null]
    ])
  } finally {
    db.close()
  }
})
