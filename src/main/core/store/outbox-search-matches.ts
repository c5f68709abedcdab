// A list's full-text search: its matches read once, for the total and the page.
import type Database from 'better-sqlite3'

/** Items among a search's matches read once (their rowids, a JSON array). */
const AMONG_MATCHES = 'rowid IN (SELECT value FROM json_each(?))'

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
