// Text held as a trigram full-text index holds it: the index folds every character by SQLite's own table (unicode61's),
// LIKE only ASCII letters. The indexes of text an operator searches fold case and accents aside (ACCENTS_ASIDE_TOKENIZER,
// "trigram remove_diacritics 1"): the inbox's messages (inbox_messages_search), the outbox's items (outbox_items_search:
// the operator's own replies and the Outbox's text filter) and the contacts' names, so "Dédé" holds "dede"
// (fts-fold.cases.ts says how). A read that tests rows one by one (the inbox search's replies walked by SHOWN_AT, a
// message's short words) tests them as its index would answer, through this.
import Database from 'better-sqlite3'
import type { SqliteDatabase } from './database'
import { containsPattern, searchableByIndex, searchPhrase, searchWords } from './like-pattern'

/** A trigram index's tokenizer, word for word as its migration created it. */
export type TrigramTokenizer = 'trigram remove_diacritics 1'

/**
 * Case and accents aside: the inbox's messages (inbox_messages_search, migration "inbox: the messages' search index
 * folds accents"), the contacts' names (contacts_search_by_name, migration "contacts: the names' search index folds
 * accents") and the outbox's items (outbox_items_search, migration "outbox: the items' search index folds accents",
 * which is made with this constant).
 */
export const ACCENTS_ASIDE_TOKENIZER: TrigramTokenizer = 'trigram remove_diacritics 1'

/** The SQL function (text, word): 1 when the text, folded as ACCENTS_ASIDE_TOKENIZER folds it, holds the folded word. */
const ACCENTS_FOLDED_HOLDS = 'accents_folded_holds'

interface FoldTable {
  /** What a character outside ASCII folds to, when not itself: one character, or '' (dropped: a combining mark). */
  fold: Map<string, string>
  /** ASCII letters some character outside ASCII folds to ("k" for the Kelvin sign, "e" for "é"). */
  asciiTargets: Set<string>
  /** The characters outside ASCII that fold to a character, by what they fold to; those the index drops under ''. */
  sources: Map<string, string[]>
}

const tables = new Map<TrigramTokenizer, FoldTable>()

/**
 * A character the probe asks about: one with a case, a mark or a letter with marks below U+3000 (SQLite's table of accents is Latin's; the Hangul syllables, which decompose too, would treble the
 * probe). inbox-search-fold.test.ts checks every character of the Basic Multilingual Plane against the index itself.
 */
const mayFold = (c: string): boolean =>
  c.toLowerCase() !== c ||
  c.toUpperCase() !== c ||
  (c < '\u3000' && (/\p{M}/u.test(c) || c.normalize('NFD') !== c))

/**
 * What the index folds each character outside ASCII to, asked of SQLite itself (once a tokenizer, 30-50 ms CPU): an
 * index in memory holds "q<c>q" for every character that may fold, and its vocabulary names the trigram it kept
 * (none for a character it drops).
 */
function foldTable(tokenizer: TrigramTokenizer): FoldTable {
  const known = tables.get(tokenizer)
  if (known) return known
  const memory = new Database(':memory:')
  try {
    memory.exec(`CREATE VIRTUAL TABLE f USING fts5(t, tokenize='${tokenizer}');
      CREATE VIRTUAL TABLE v USING fts5vocab(f, 'instance');`)
    const insert = memory.prepare('INSERT INTO f (rowid, t) VALUES (?, ?)')
    const probed: string[] = []
    // A private database in memory: IMMEDIATE as every transaction here, though nothing else can write it.
    memory
      .transaction(() => {
        for (let code = 0x80; code < 0x20000; code++) {
          if (code >= 0xd800 && code < 0xe000) continue
          const c = String.fromCodePoint(code)
          if (!mayFold(c)) continue
          insert.run(code, `q${c}q`)
          probed.push(c)
        }
      })
      .immediate()
    const kept = new Map<string, string>()
    for (const { term, doc } of memory.prepare('SELECT term, doc FROM v').iterate() as IterableIterator<{
      term: string
      doc: number
    }>)
      kept.set(String.fromCodePoint(doc), term.slice(1, -1))
    const table: FoldTable = { fold: new Map(), asciiTargets: new Set(), sources: new Map() }
    for (const from of probed) {
      const to = kept.get(from) ?? ''
      if (to === from) continue
      table.fold.set(from, to)
      if (to !== '' && to.charCodeAt(0) < 0x80) table.asciiTargets.add(to)
      table.sources.set(to, [...(table.sources.get(to) ?? []), from])
    }
    tables.set(tokenizer, table)
    return table
  } finally {
    memory.close()
  }
}

/** `text` folded as the trigram index of `tokenizer` folds it, character by character. */
export function ftsFold(text: string, tokenizer: TrigramTokenizer): string {
  const { fold } = foldTable(tokenizer)
  let folded = ''
  for (const c of text) folded += c < '\x80' ? c.toLowerCase() : (fold.get(c) ?? c)
  return folded
}

/**
 * The words of a search of the inbox's messages or the operator's replies (searchWords), folded as their indexes fold
 * them (a word of marks alone is none), as allWords gives them: those of three characters or more as one FTS5 query of
 * phrases in `column` joined by AND (null when there is none) and each of them (`indexed`), the shorter ones to test
 * row by row (holdsAccentsAside).
 */
export function foldedSearchWords(
  column: string,
  text: string
): { match: string | null; indexed: string[]; short: string[] } {
  const words = [...new Set(searchWords(text).map((word) => ftsFold(word, ACCENTS_ASIDE_TOKENIZER)))].filter(
    (word) => word !== ''
  )
  const indexed = words.filter(searchableByIndex)
  return {
    match: indexed.length === 0 ? null : indexed.map((word) => searchPhrase(column, word)).join(' AND '),
    indexed,
    short: words.filter((word) => !searchableByIndex(word))
  }
}

/**
 * `column` holds `word` (folded by ftsFold with ACCENTS_ASIDE_TOKENIZER) as an index of that tokenizer would find it
 * (a message's text, an outbox item's, a contact's name), at the cost of a LIKE for most rows: a text of ASCII alone folds as LIKE does
 * (case aside), so LIKE answers for it (a word of ASCII alone is also held by any text where LIKE finds it); a text
 * with other characters (counted in characters, its length is less than in bytes) is asked of heldAsFolded. A GLOB of
 * the characters that fold alike was measured and rejected: ten times a LIKE's time (a set read at every character).
 */
export function holdsAccentsAside(column: string, word: string): { sql: string; params: string[] } {
  const beyondAscii = `length(${column}) <> octet_length(${column}) AND ${ACCENTS_FOLDED_HOLDS}(${column}, ?)`
  return /^\p{ASCII}*$/u.test(word)
    ? { sql: `(${column} LIKE ? ESCAPE '\\' OR (${beyondAscii}))`, params: [containsPattern(word), word] }
    : { sql: `(${beyondAscii})`, params: [word] }
}

/** Any of `columns` holds `word`, each as holdsAccentsAside tests it (a text or its file's name). */
export function anyHoldsAccentsAside(
  columns: readonly string[],
  word: string
): { sql: string; params: string[] } {
  const holds = columns.map((column) => holdsAccentsAside(column, word))
  return { sql: `(${holds.map((h) => h.sql).join(' OR ')})`, params: holds.flatMap((h) => h.params) }
}

let lastHeld: { word: string; pattern: RegExp } | null = null

/**
 * Whether `text` holds `word` (folded) once folded as the inbox's index folds it, without folding the text: a pattern
 * of, at each of the word's characters, every character that folds to it, with any the index drops between them
 * (one pattern a word, kept for the next message: a scan asks the same word of every message).
 */
export function heldAsFolded(text: string, word: string): boolean {
  if (lastHeld?.word !== word) {
    const { sources } = foldTable(ACCENTS_ASIDE_TOKENIZER)
    const escape = (c: string): string => (/[\\\]^-]/.test(c) ? `\\${c}` : c)
    const dropped = `[${(sources.get('') ?? []).map(escape).join('')}]*`
    const at = (c: string): string => {
      const all = [
        c,
        ...(c.toUpperCase() !== c && c < '\x80' ? [c.toUpperCase()] : []),
        ...(sources.get(c) ?? [])
      ]
      return `[${all.map(escape).join('')}]`
    }
    lastHeld = { word, pattern: new RegExp([...word].map(at).join(dropped), 'u') }
  }
  return lastHeld.pattern.test(text)
}

/** The fold function on this connection (a read that prepares it needs it first). */
export function registerFoldedHolds(db: SqliteDatabase): void {
  db.function(ACCENTS_FOLDED_HOLDS, { deterministic: true }, (text: unknown, word: unknown) =>
    typeof text === 'string' && typeof word === 'string' && heldAsFolded(text, word) ? 1 : 0
  )
}
