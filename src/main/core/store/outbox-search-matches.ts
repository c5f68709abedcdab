// A list's full-text search: its matches read once for the total and the page, and how its page is picked from them.
import type Database from 'better-sqlite3'

/** Items among a search's matches read once (their rowids, a JSON array). */
const AMONG_MATCHES = 'rowid IN (SELECT value FROM json_each(?))'

/**
 * How many entries of the newest-first index a search's page may walk for each match it would otherwise read: an
 * entry is tested against the matches in ~34 ns, a match's item is read and sorted in ~2 µs (at 1M items here; a
 * third of that ratio, as matches bunched in time make the walk longer).
 */
const WALK_ENTRIES_PER_MATCH = 20

/**
 * The condition "matches the FTS5 `query`". Its matches are read once (the total and the page both use them, and
 * matching is the costly part), `read` saying how many, unless there are more than `readOnce`: handing them back
 * would cost more than matching twice, and the condition is the match itself.
 */
export function readSearchMatches(
  prepare: (sql: string) => Database.Statement,
  query: string,
  readOnce: number
): { sql: string; param: string; read: number | undefined } {
  const matches = prepare(`SELECT rowid FROM outbox_items_search WHERE outbox_items_search MATCH ? LIMIT ?`)
    .raw()
    .all(query, readOnce + 1) as [number][]
  if (matches.length > readOnce)
    return {
      sql: 'rowid IN (SELECT rowid FROM outbox_items_search WHERE outbox_items_search MATCH ?)',
      param: query,
      read: undefined
    }
  return { sql: AMONG_MATCHES, param: JSON.stringify(matches.map(([rowid]) => rowid)), read: matches.length }
}

/**
 * The rowids a page is picked from (its ORDER BY and LIMIT follow): those of `pageWhere`; or, when a search is the
 * list's one condition and its `matched` matches are many against `allItems()`, the newest-first index walked
 * and each entry tested against them until the page is full: about `through` (its offset and limit) × items /
 * matches entries when the matches are spread over time (the whole index at worst), rather than every match's item
 * read and sorted.
 */
export function searchPagePick(
  pageWhere: readonly string[],
  matched: number | undefined,
  through: number,
  allItems: () => number
): string {
  if (matched !== undefined && through * allItems() < WALK_ENTRIES_PER_MATCH * matched * matched)
    return `SELECT rowid FROM outbox_items INDEXED BY outbox_items_newest WHERE +${AMONG_MATCHES}`
  return `SELECT rowid FROM outbox_items${pageWhere.length > 0 ? ` WHERE ${pageWhere.join(' AND ')}` : ''}`
}
