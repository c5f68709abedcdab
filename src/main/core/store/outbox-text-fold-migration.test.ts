// The migration that makes the outbox's search index fold accents: a database from before it, with the operator's
// messages in it, finds "café" by "cafe" after the upgrade (the inbox search's replies and the Outbox's text filter),
// keeps its triggers, and is made with the one tokenizer the inbox's messages and the contacts' names have.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { ACCENTS_ASIDE_TOKENIZER } from './fts-fold'
import { migrations } from './migrations'
import { OutboxStore } from './outbox-store'
import { newTextItem } from './testing/new-item'

const dir = mkdtempSync(join(tmpdir(), 'outbox-text-fold-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function send(db: SqliteDatabase, ...texts: [id: string, text: string][]): void {
  new OutboxStore(db).insertItems(
    texts.map(([id, text], i) => newTextItem(id, { text, createdAt: 1_000 * (i + 1) })),
    [],
    [],
    1_000
  )
}

it('indexes the items kept before it accents aside, and goes on indexing and dropping items as before', () => {
  const step = migrations.findIndex((m) => m.name.startsWith("outbox: the items' search index folds accents"))
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  send(old, ['a', 'Kopi di café sudah siap'], ['b', 'Nguyễn Văn Thành'], ['c', 'halo kak'])
  // Read by the index itself: today's store asks for columns the index of that time did not have (file_name).
  const before = old
    .prepare(`SELECT rowid FROM outbox_items_search WHERE outbox_items_search MATCH 'text : "cafe"'`)
    .all()
  old.close()
  // Before it the index folded case only.
  expect(before).toEqual([])

  const db = openDatabase({ dataDir: dir })
  try {
    const store = new OutboxStore(db)
    const listed = (text: string): string[] => store.listItems({ text }).items.map((item) => item.id)
    const replies = (text: string): string[] => store.matchesWithText(text, 10).matches.map((m) => m.id)
    expect(listed('cafe')).toEqual(['a'])
    expect(replies('cafe')).toEqual(['a'])
    expect(replies('thanh nguyen')).toEqual(['b'])
    expect(listed('kak')).toEqual(['c'])
    // What is written after it is indexed by the trigger that names the index.
    send(db, ['d', 'CAFÉ LATTE'])
    expect(listed('cafe')).toEqual(['d', 'a'])
    // A deleted item leaves the index.
    expect(store.deleteItem('a').deleted).toBe(true)
    expect(replies('cafe')).toEqual(['d'])
    // The index agrees with the items (FTS5 raises SQLITE_CORRUPT_VTAB otherwise).
    db.exec("INSERT INTO outbox_items_search (outbox_items_search) VALUES ('integrity-check')")
    // The three indexes of searched text fold by one tokenizer.
    const made = db
      .prepare(
        `SELECT name, sql FROM sqlite_master
         WHERE name IN ('outbox_items_search', 'inbox_messages_search', 'contacts_search_by_name') ORDER BY name`
      )
      .all() as { name: string; sql: string }[]
    expect(made.map((table) => table.name)).toEqual([
      'contacts_search_by_name',
      'inbox_messages_search',
      'outbox_items_search'
    ])
    for (const table of made) expect(table.sql, table.name).toContain(`tokenize='${ACCENTS_ASIDE_TOKENIZER}'`)
  } finally {
    db.close()
  }
})
