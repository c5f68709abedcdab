// Text held "case aside" as the trigram full-text index (outbox_items_search) holds it: the index folds every character
// by SQLite's own table (unicode61's, so "ÉCLAIR" holds "éclair"), LIKE only ASCII letters. A read that tests items
// one by one (the inbox search's walk by SHOWN_AT) tests them as the index would answer, through this.
import Database from 'better-sqlite3'
import type { SqliteDatabase } from './database'

/** The SQL function (text, word): 1 when the text, folded as the index folds it, holds the folded word. */
export const FOLDED_HOLDS = 'folded_holds'

let table: { fold: Map<string, string>; asciiTargets: Set<string> } | null = null

/**
 * What the index folds each character outside ASCII to, asked of SQLite itself (once, ~10 ms): an index in memory
 * holds "q<c>q" for every character JavaScript knows a case of, and its vocabulary names the trigram it kept.
 */
function foldTable(): NonNullable<typeof table> {
  if (table) return table
  const memory = new Database(':memory:')
  try {
    memory.exec(`CREATE VIRTUAL TABLE f USING fts5(t, tokenize='trigram');
      CREATE VIRTUAL TABLE v USING fts5vocab(f, 'instance');`)
    const insert = memory.prepare('INSERT INTO f (rowid, t) VALUES (?, ?)')
    // A private database in memory: IMMEDIATE as every transaction here, though nothing else can write it.
    memory
      .transaction(() => {
        for (let code = 0x80; code < 0x20000; code++) {
          const c = String.fromCodePoint(code)
          if (c.toLowerCase() !== c || c.toUpperCase() !== c) insert.run(code, `q${c}q`)
        }
      })
      .immediate()
    const fold = new Map<string, string>()
    const asciiTargets = new Set<string>()
    for (const { term, doc } of memory.prepare('SELECT term, doc FROM v').iterate() as IterableIterator<{
      term: string
      doc: number
    }>) {
      const from = String.fromCodePoint(doc)
      const to = term.slice(1, -1)
      if (to === from) continue
      fold.set(from, to)
      if (to.charCodeAt(0) < 0x80) asciiTargets.add(to)
    }
    table = { fold, asciiTargets }
    return table
  } finally {
    memory.close()
  }
}

/** `text` folded as the trigram index folds it, character by character. */
export function ftsFold(text: string): string {
  const { fold } = foldTable()
  let folded = ''
  for (const c of text) folded += c < '\x80' ? c.toLowerCase() : (fold.get(c) ?? c)
  return folded
}

/**
 * A LIKE pattern (with `ESCAPE '\'`) every text the index finds `word` in matches: ASCII letters as LIKE folds them,
 * any other character (and an ASCII letter some other character folds to, K for the Kelvin sign) as any one
 * character; `exact` when LIKE alone answers as the index (no such character in the word).
 */
export function likeBeforeFold(word: string): { pattern: string; exact: boolean } {
  const { asciiTargets } = foldTable()
  let exact = true
  let pattern = ''
  for (const c of word) {
    if (c >= '\x80' || asciiTargets.has(c.toLowerCase())) {
      exact = false
      pattern += '_'
    } else pattern += /[\\%_]/.test(c) ? `\\${c}` : c
  }
  return { pattern: `%${pattern}%`, exact }
}

/** FOLDED_HOLDS on this connection (a read that prepares it needs it first). */
export function registerFoldedHolds(db: SqliteDatabase): void {
  db.function(FOLDED_HOLDS, { deterministic: true }, (text: unknown, word: unknown) =>
    typeof text === 'string' && typeof word === 'string' && ftsFold(text).includes(ftsFold(word)) ? 1 : 0
  )
}
