// The operator's own messages are found whatever their accents, as a customer's are: the inbox search's replies
// (OutboxStore.matchesWithText) and the Outbox's text filter (listItems) fold text as the inbox's messages are folded,
// by the fold rule's case table (fts-fold.cases.ts), through the full-text index and the reads that test items one by one.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { INBOX_TEXT_FOLD_CASES } from './fts-fold.cases'
import { FEW_MATCHES_SORTED } from './outbox-text-by-shown-at'
import { OutboxStore } from './outbox-store'
import { newTextItem } from './testing/new-item'

let dir: string
let db: SqliteDatabase
let store: OutboxStore

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-search-fold-'))
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** `copies` items holding `text` among two that hold neither word of any case, each its own id, newest last. */
function send(text: string, copies = 1): void {
  const texts = ['halo kak', ...Array.from({ length: copies }, () => text), 'terima kasih']
  store.insertItems(
    texts.map((t, i) =>
      newTextItem(`r${String(i).padStart(4, '0')}`, { text: t, createdAt: 1_000 * (i + 1) })
    ),
    [],
    [],
    1_000
  )
}

/** The texts of the replies the inbox search reads for `word`, every page of it. */
const replies = (word: string): string[] =>
  store.matchesWithText(word, 1_000).matches.map((m) => String(store.getItem(m.id)?.text))

/** The texts of the Outbox's list filtered by `word` in the text field. */
const listed = (word: string): string[] =>
  store.listItems({ text: word }).items.map((item) => String(item.text))

it('finds a reply "café" by "cafe" through the inbox search and the Outbox\'s text filter', () => {
  send('Kopi di café sudah siap, kak')
  expect(replies('cafe')).toEqual(['Kopi di café sudah siap, kak'])
  expect(listed('cafe')).toEqual(['Kopi di café sudah siap, kak'])
})

describe("the operator's replies by the fold rule's case table", () => {
  it.each(INBOX_TEXT_FOLD_CASES)('the inbox search finds $text by $word: $found', ({ text, word, found }) => {
    send(text)
    expect(replies(word)).toEqual(found ? [text] : [])
  })

  it.each(INBOX_TEXT_FOLD_CASES)(
    'the inbox search finds $text by $word among many that hold it (the walk by when each shows): $found',
    ({ text, word, found }) => {
      send(text, FEW_MATCHES_SORTED)
      expect(replies(word)).toEqual(found ? Array.from({ length: FEW_MATCHES_SORTED }, () => text) : [])
    }
  )

  it.each(INBOX_TEXT_FOLD_CASES)(
    "the Outbox's text filter finds $text by $word: $found",
    ({ text, word, found }) => {
      send(text)
      expect(listed(word)).toEqual(found ? [text] : [])
    }
  )
})
