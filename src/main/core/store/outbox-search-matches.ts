// A list's full-text search: its matches read once for the total and the page, and how its page is picked from them.
import type Database from 'better-sqlite3'
import { SELECT_ITEM, type Row } from './outbox-records'

/** Items among a search's matches read once (their rowids, a JSON array). */
const AMONG_MATCHES = 'rowid IN (SELECT value FROM json_each(?))'

/** Items the FTS5 query (the parameter) matches, the matches gathered once by SQLite for the statement. */
const MATCHED_IN_QUERY = 'rowid IN (SELECT rowid FROM outbox_items_search WHERE outbox_items_search MATCH ?)'

/**
 * How many entries of the newest-first index a search's page may walk for each match it would otherwise read: an
 * entry is tested against the matches in ~34 ns, a match's item is read and sorted in ~2 µs (at 1M items here; a
 * third of that ratio, as matches bunched in time make the walk longer).
 */
const WALK_ENTRIES_PER_MATCH = 20

/**
 * How many matches SQLite gathers (~0.2 µs each: 230 ms for 1M at 1M items here) in the time the index answers
 * whether one item matches (~4-13 µs, an OR of phrases the dearer; the dearer taken): for a search matching much of
 * the outbox, asking each entry of a short newest-first walk costs less than gathering every match first ("628",
 * every item at 1M: 0.8 ms against 230).
 */
const MATCHES_GATHERED_PER_ENTRY_ASKED = 65

/**
 * How much longer than the matches' share says (offset and limit × items / matches) an asking walk may go before it
 * gives up for gathering: matches bunched at the far end of the outbox (a text an old campaign sent) would make it ask
 * of nearly every item, seconds at 1M items; bounded so, what it asked in vain costs no more than gathering.
 */
const ASKED_WALK_SLACK = 4

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
  if (matches.length > readOnce) return { sql: MATCHED_IN_QUERY, param: query, read: undefined }
  return { sql: AMONG_MATCHES, param: JSON.stringify(matches.map(([rowid]) => rowid)), read: matches.length }
}

/**
 * How many items the FTS5 `query` matches, from the index alone: its rowids are the items' own (its triggers keep it
 * with the table), so when the search is a list's one condition this is its total, without looking up each match's
 * item (150 ms of 107,000 matches at 1M items, 0.46 s of 1M; the index alone 16 and 53 ms).
 */
export function countSearchMatches(prepare: (sql: string) => Database.Statement, query: string): number {
  const count = prepare(`SELECT count(*) AS n FROM outbox_items_search WHERE outbox_items_search MATCH ?`)
  return (count.get(query) as { n: number }).n
}

/** The rowids a page is picked from (its ORDER BY, LIMIT and OFFSET follow), with the parameters they take. */
export interface PagePick {
  sql: string
  params: readonly unknown[]
}

/**
 * How a page is picked, in the order to try them: the next when one yields fewer rows than the page holds. Those of
 * `pageWhere`; or, when a search is the list's one condition and its `matched` matches are many against
 * `allItems()`, the newest-first index walked (in the page's `order`) and each entry tested until the page is full:
 * about `through` (its offset and limit) × items / matches entries when the matches are spread over time (the whole
 * index at worst), rather than every match's item read and sorted. Matches read once are tested as a set; more, as
 * SQLite gathers them once, or (matching much of the outbox) first by asking the index about each entry of a walk
 * no longer than ASKED_WALK_SLACK times that.
 */
export function searchPagePicks(
  pageWhere: readonly string[],
  pageParams: readonly unknown[],
  matched: number | undefined,
  through: number,
  order: string,
  allItems: () => number
): PagePick[] {
  const items = matched === undefined ? 0 : allItems()
  if (matched === undefined || through * items >= WALK_ENTRIES_PER_MATCH * matched * matched)
    return [
      {
        sql: `SELECT rowid FROM outbox_items${pageWhere.length > 0 ? ` WHERE ${pageWhere.join(' AND ')}` : ''}`,
        params: pageParams
      }
    ]
  // The search is the page's one condition: its matches read once, or matched in the query.
  const only = pageWhere.join(' AND ')
  const gathered = {
    sql: `SELECT rowid FROM outbox_items INDEXED BY outbox_items_newest WHERE +${only}`,
    params: pageParams
  }
  const walk = Math.ceil((ASKED_WALK_SLACK * through * items) / matched)
  if (only !== MATCHED_IN_QUERY || walk * MATCHES_GATHERED_PER_ENTRY_ASKED > matched) return [gathered]
  const asked = {
    sql: `SELECT rowid FROM (SELECT rowid, created_at, seq FROM outbox_items INDEXED BY outbox_items_newest
      ORDER BY ${order} LIMIT ?) AS walked WHERE EXISTS (SELECT 1 FROM outbox_items_search
      WHERE outbox_items_search MATCH ? AND rowid = walked.rowid)`,
    params: [walk, ...pageParams]
  }
  return [asked, gathered]
}

/**
 * A page's rows, in `order`, `limit` from `offset` of a list of `total`: picked from the index alone (rowids), then
 * read, so an offset skips index entries, not rows. A pick that may stop short (a bounded walk) is followed by the next
 * when the page is not full.
 */
export function readPicked(
  prepare: (sql: string) => Database.Statement,
  picks: readonly PagePick[],
  order: string,
  limit: number,
  offset: number,
  total: number
): Row[] {
  const full = Math.min(limit, Math.max(0, total - offset))
  let rows: Row[] = []
  for (const pick of picks) {
    rows = prepare(
      `${SELECT_ITEM} WHERE rowid IN (${pick.sql} ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY created_at DESC, seq DESC`
    ).all(...pick.params, limit, offset) as Row[]
    if (rows.length >= full) break
  }
  return rows
}
