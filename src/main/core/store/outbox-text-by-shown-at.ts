// The reads of the items whose text holds a search's words, newest first by when each shows in its chat (SHOWN_AT,
// then id) from a cursor: the inbox search's replies (OutboxListsStore.matchesWithText runs them).
import type Database from 'better-sqlite3'
import { anyHoldsAccentsAside, foldedSearchWords } from './fts-fold'
import { SHOWN_AT } from './outbox-records'

/**
 * Below this many items holding a word they are read from the full-text index and sorted by SHOWN_AT (at most this
 * many: ~2 ms CPU at 100,000 items); from it on, the index on SHOWN_AT is walked, testing each item read.
 */
export const FEW_MATCHES_SORTED = 200

/**
 * Entries of the index on SHOWN_AT one statement of a walk reads past at most: the first reads as many as the matches
 * asked for, each next one twice as many as the one before, up to this (~1.5 ms CPU at 100,000 items).
 */
const WALK_MOST = 4_096

export interface TextMatch {
  position: number
  id: string
  deviceId: string
  recipient: string
  shownAt: number
}

/**
 * The items holding every word of `text` past `before`, up to `limit` or until `goOn` says stop (asked after each
 * match, and after each stretch of the walk with how many entries it read past), and `readTo`, the last item read
 * (matching or not): where the next read goes on from. `fence`: the open-batch condition on o, or ''.
 *
 * Fewer than FEW_MATCHES_SORTED items holding the words (counted in the full-text index up to that many): those are
 * read and sorted. More: the index on SHOWN_AT (migration "outbox: the items indexed by when each shows…") is walked
 * from `before` in stretches of at most WALK_MOST entries, one statement each that hands back only the matches, so a
 * read costs what it reads past, bounded a statement, never a sort of every match. Either way every word, short ones
 * too, holds as the full-text index holds it (case and accents aside, as the inbox's messages: fts-fold.ts).
 */
export function readTextByShownAt(
  prepare: (sql: string) => Database.Statement,
  text: string,
  limit: number,
  before: { at: number; id: string } | undefined,
  fence: string,
  goOn: (read?: number) => boolean
): { matches: TextMatch[]; readTo: { at: number; id: string } | null } {
  const columns = `o.rowid AS position, o.id, o.device_id AS deviceId, o.recipient, ${SHOWN_AT} AS shownAt`
  // The bound on SHOWN_AT alone lets the planner start the walk at the cursor (a row value alone scans from the top).
  const keyset = (after: unknown): string =>
    after === undefined ? '' : ` AND ${SHOWN_AT} <= ? AND (${SHOWN_AT}, o.id) < (?, ?)`
  const keysetParams = (after: { at: number; id: string } | undefined): unknown[] =>
    after === undefined ? [] : [after.at, after.at, after.id]
  // Every word folded, any order (as the inbox's messages are searched): the index for the long ones, the others tested
  // item by item as it folds. Marks alone are no word: nothing holds them. A word is held by the text or the file's
  // name (a document sent without a caption, QA61), as the Outbox's text field finds it.
  const { match, indexed, short } = foldedSearchWords('{text file_name}', text)
  const matches: TextMatch[] = []
  if (match === null && short.length === 0) return { matches, readTo: null }
  const holds = (word: string): { sql: string; params: string[] } =>
    anyHoldsAccentsAside(['o.text', 'o.file_name'], word)
  const shortTests = short.map(holds)
  const few =
    match !== null &&
    (
      prepare(
        `SELECT COUNT(*) AS n FROM (SELECT 1 FROM outbox_items_search WHERE outbox_items_search MATCH ? LIMIT ?)`
      ).get(match, FEW_MATCHES_SORTED) as { n: number }
    ).n < FEW_MATCHES_SORTED
  if (few) {
    const rows = prepare(
      `SELECT ${columns} FROM outbox_items_search s JOIN outbox_items o ON o.rowid = s.rowid
       WHERE outbox_items_search MATCH ?${shortTests.map((test) => ` AND ${test.sql}`).join('')}${keyset(before)}${fence}
       ORDER BY shownAt DESC, o.id DESC LIMIT ?`
    ).iterate(
      match,
      ...shortTests.flatMap((test) => test.params),
      ...keysetParams(before),
      limit
    ) as IterableIterator<TextMatch>
    for (const row of rows) {
      matches.push(row)
      if (!goOn()) break
    }
    const last = matches.at(-1)
    return { matches, readTo: last ? { at: last.shownAt, id: last.id } : null }
  }
  // Each word as the full-text index holds it (holdsAccentsAside: LIKE for an item of ASCII alone, the index's own
  // folding for the others), the long ones as the short ones.
  const wordTests = [...indexed.map(holds), ...shortTests]
  const tests = wordTests.map((test) => test.sql)
  const testParams = wordTests.flatMap((test) => test.params)
  const stretch = (after: unknown): string =>
    `FROM outbox_items o INDEXED BY outbox_items_by_shown_at WHERE 1${keyset(after)}${fence}
     ORDER BY ${SHOWN_AT} DESC, o.id DESC`
  let after = before
  for (let size = Math.min(Math.max(limit, 64), WALK_MOST); ; size = Math.min(size * 2, WALK_MOST)) {
    // The stretch's matches only, in its order (the inner read is a co-routine: stopped, it reads no further).
    const rows = prepare(
      `SELECT position, id, deviceId, recipient, shownAt FROM (SELECT ${columns}, ${tests.join(' AND ')} AS hit
       ${stretch(after)} LIMIT ?) WHERE hit`
    ).iterate(...testParams, ...keysetParams(after), size) as IterableIterator<TextMatch>
    for (const row of rows) {
      matches.push(row)
      if (matches.length >= limit || !goOn()) return { matches, readTo: { at: row.shownAt, id: row.id } }
    }
    // Where the stretch ended (the index alone answers it): none when the walk reached the oldest.
    const end = prepare(`SELECT ${SHOWN_AT} AS at, o.id ${stretch(after)} LIMIT 1 OFFSET ?`).get(
      ...keysetParams(after),
      size - 1
    ) as { at: number; id: string } | undefined
    if (end === undefined) {
      const last = matches.at(-1)
      return { matches, readTo: last ? { at: last.shownAt, id: last.id } : null }
    }
    after = end
    if (!goOn(size)) return { matches, readTo: end }
  }
}
