// The inbox's message search finds a text whatever its accents (QA46 Q46-03 for messages: "dede" found the name
// "Dédé" and not a message holding it), by the fold rule's case table: through the search, with long words (the
// full-text index) and short ones (tested message by message) alike.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { ftsFold, ACCENTS_ASIDE_TOKENIZER, holdsAccentsAside, registerFoldedHolds } from './fts-fold'
import { INBOX_TEXT_FOLD_CASES } from './fts-fold.cases'
import { InboxConversationsStore } from './inbox-conversations-store'
import { InboxStore } from './inbox-store'
import { searchPhrase, searchWords } from './like-pattern'
import { newInboxMessage } from './testing/new-inbox-message'
import { receiveMessages } from './testing/receive-messages'

let dir: string
let db: SqliteDatabase

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-search-fold-'))
  db = openDatabase({ dataDir: dir })
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Commits the texts as the sync does, one relay page, each a message of its own. */
function receive(...texts: string[]): void {
  const from = new InboxStore(db).cursor('box')
  receiveMessages(
    db,
    texts.map((text, i) => newInboxMessage(`m${from + i}`, { text }))
  )
}

describe("the inbox's message search", () => {
  it('runs on a SQLite whose trigram index can fold accents (3.45 or later)', () => {
    const [major, minor] = (db.prepare('SELECT sqlite_version()').pluck().get() as string)
      .split('.')
      .map(Number)
    expect(major! * 1000 + minor!).toBeGreaterThanOrEqual(3045)
  })

  it.each(INBOX_TEXT_FOLD_CASES)('finds $text by $word: $found', ({ text, word, found }) => {
    // The text among others, so that a short word's scan and the index's words both have something to leave out.
    receive('halo kak', text, 'terima kasih')
    const texts = new InboxConversationsStore(db).search(word, 10).messages.map((m) => m.text)
    expect(texts).toEqual(found ? [text] : [])
  })
})

describe("the fold of the inbox's messages, one rule for the index and the reads that test messages one by one", () => {
  it.each(INBOX_TEXT_FOLD_CASES)(
    'answers $text by $word as the case table: $found',
    ({ text, word, found }) => {
      registerFoldedHolds(db)
      // Every word of the search folded (a word of marks alone folds to none); folding what is folded changes nothing.
      const words = searchWords(word)
        .map((typed) => ftsFold(typed, ACCENTS_ASIDE_TOKENIZER))
        .filter((folded) => folded !== '')
      for (const folded of words) expect(ftsFold(folded, ACCENTS_ASIDE_TOKENIZER)).toBe(folded)
      const every = (holds: (folded: string) => boolean): boolean => words.length > 0 && words.every(holds)
      // The fold in JavaScript (the SQL function's).
      expect(every((folded) => ftsFold(text, ACCENTS_ASIDE_TOKENIZER).includes(folded))).toBe(found)
      // The test of one message (a short word's), whatever the word's length.
      const rowHolds = (folded: string): boolean => {
        const holds = holdsAccentsAside('t', folded)
        // The text's parameter comes last in the statement's text, so last in the values.
        return (
          db
            .prepare(`SELECT ${holds.sql} FROM (SELECT ? AS t)`)
            .pluck()
            .get(...holds.params, text) === 1
        )
      }
      expect(every(rowHolds)).toBe(found)
      // The index alone, when it can find every word (three characters or more once folded).
      if (words.every((folded) => [...folded].length >= 3)) {
        receive(text)
        const indexHolds = (folded: string): boolean =>
          db
            .prepare('SELECT COUNT(*) FROM inbox_messages_search WHERE inbox_messages_search MATCH ?')
            .pluck()
            .get(searchPhrase('text', folded)) === 1
        expect(every(indexHolds)).toBe(found)
      }
    }
  )

  it('folds every character of the Basic Multilingual Plane in JavaScript as the index folds it', () => {
    registerFoldedHolds(db)
    // Each character between two q's in an index made as the migration makes it; its vocabulary says what it kept.
    db.exec(`CREATE VIRTUAL TABLE temp.every USING fts5(t, tokenize='trigram remove_diacritics 1');
      CREATE VIRTUAL TABLE temp.every_terms USING fts5vocab(temp, every, 'instance');`)
    const insert = db.prepare('INSERT INTO temp.every (rowid, t) VALUES (?, ?)')
    const codes: number[] = []
    for (let code = 0x80; code < 0x10000; code++) if (code < 0xd800 || code >= 0xe000) codes.push(code)
    db.transaction(() => {
      for (const code of codes) insert.run(code, `q${String.fromCodePoint(code)}q`)
    }).immediate()
    const kept = new Map(
      (db.prepare('SELECT doc, term FROM temp.every_terms').raw().all() as [number, string][]).map(
        ([doc, term]) => [doc, term.slice(1, -1)]
      )
    )
    // SQLite keeps U+FFFE and U+FFFF as U+FFFD (not characters: no text holds them).
    const differ = codes.filter(
      (code) =>
        code < 0xfffe &&
        ftsFold(String.fromCodePoint(code), ACCENTS_ASIDE_TOKENIZER) !== (kept.get(code) ?? '')
    )
    expect(differ.map((code) => code.toString(16))).toEqual([])
    // And the one-message test agrees on each character the index folds: an "x<c>y" holds "x<its fold>y".
    const folds = codes.filter((code) => code < 0xfffe && kept.get(code) !== String.fromCodePoint(code))
    expect(folds.length).toBeGreaterThan(1_000)
    const missed = folds.filter((code) => {
      const word = `x${kept.get(code) ?? ''}y`
      const holds = holdsAccentsAside('t', word)
      return (
        db
          .prepare(`SELECT ${holds.sql} FROM (SELECT ? AS t)`)
          .pluck()
          .get(...holds.params, `x${String.fromCodePoint(code)}y`) !== 1
      )
    })
    expect(missed.map((code) => code.toString(16))).toEqual([])
  })
})
