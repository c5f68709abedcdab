// The Outbox's text field finds a file by its name (an operator's probe: a document sent without a caption was found
// by nothing they remembered of it): on a database upgraded from before the index held names, for items written
// after, by the index (three characters or more) and by the one-by-one test (fewer), and the index keeps up with every
// writer (the store's, plain SQL renaming or deleting).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { migrations } from './migrations'
import { OutboxStore, type NewItem } from './outbox-store'
import { newTextItem } from './testing/new-item'

const dir = mkdtempSync(join(tmpdir(), 'outbox-file-name-search-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function documentItem(id: string, fileName: string, text: string | null, createdAt: number): NewItem {
  return newTextItem(id, {
    kind: 'document',
    text,
    fileName,
    fileMime: 'application/pdf',
    fileSize: 1_000,
    // Its bytes are beside the point here (the attachments table's row would be).
    attachmentSha256: null,
    createdAt
  })
}

function write(db: SqliteDatabase, items: NewItem[]): void {
  new OutboxStore(db).insertItems(items, [], [], 1_000)
}

it('finds a document by its file name after the upgrade, and keeps finding names as items change', () => {
  const step = migrations.findIndex((m) => m.name.startsWith('outbox: the search index holds file names'))
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  write(old, [
    documentItem('invoice', 'Invoice Mei.pdf', null, 1_000),
    documentItem('captioned', 'scan-001.pdf', 'Daftar harga grosir', 2_000),
    newTextItem('text', { text: 'halo kak, invoice menyusul', createdAt: 3_000 })
  ])
  // Before it the index held recipients and texts only (a phrase in no column named is asked of every column).
  const before = old.prepare(
    `SELECT rowid FROM outbox_items_search WHERE outbox_items_search MATCH '"invoice mei"'`
  )
  expect(before.all()).toEqual([])
  old.close()

  const db = openDatabase({ dataDir: dir })
  try {
    const store = new OutboxStore(db)
    const listed = (text: string): string[] => store.listItems({ text }).items.map((item) => item.id)
    // By the index: the name, and the text, each found; accents and case aside as the text is.
    expect(listed('invoice')).toEqual(['text', 'invoice'])
    expect(listed('invoice mei')).toEqual(['invoice'])
    expect(listed('INVOICE MÉI')).toEqual(['invoice'])
    expect(listed('scan-001')).toEqual(['captioned'])
    expect(listed('grosir')).toEqual(['captioned'])
    // Under three characters, tested item by item: the name too.
    expect(listed('.p')).toEqual(['captioned', 'invoice'])
    // The total the list says counts them as the page does.
    expect(store.listItems({ text: 'pdf' }).total).toBe(2)
    // The recipient field still searches numbers only.
    expect(store.listItems({ recipient: 'pdf' }).items).toEqual([])

    // Written after it: indexed by the trigger, with its name.
    write(db, [documentItem('later', 'Kwitansi Juni.pdf', null, 4_000)])
    expect(listed('kwitansi')).toEqual(['later'])
    // Renamed by any writer: found by the new name only.
    db.prepare("UPDATE outbox_items SET file_name = 'Nota Juni.pdf' WHERE id = 'later'").run()
    expect(listed('kwitansi')).toEqual([])
    expect(listed('nota juni')).toEqual(['later'])
    // Deleted: gone from the index.
    expect(store.deleteItem('invoice').deleted).toBe(true)
    expect(listed('invoice')).toEqual(['text'])
    // The index agrees with the items (FTS5 raises SQLITE_CORRUPT_VTAB otherwise).
    db.exec("INSERT INTO outbox_items_search (outbox_items_search) VALUES ('integrity-check')")
  } finally {
    db.close()
  }
})
