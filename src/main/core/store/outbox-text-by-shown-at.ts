// The reads of the items whose text holds a search's words, newest first by when each shows in its chat (SHOWN_AT,
// then id) from a cursor: the inbox search's replies (OutboxListsStore.matchesWithText runs them).
import { allWords, containsPattern, searchWords } from './like-pattern'
import { SHOWN_AT } from './outbox-records'

/**
 * Below this many items holding a word they are read from the full-text index and sorted by SHOWN_AT (at most this
 * many: ~2 ms CPU at 100,000 items); from it on, the index on SHOWN_AT is walked, testing each item read.
 */
export const FEW_MATCHES_SORTED = 200

interface Read {
  sql: string
  params: unknown[]
}

/**
 * For `text` past `before` (`fence`: the open-batch condition on o, or ''): `count`, how many items the full-text
 * index finds, up to FEW_MATCHES_SORTED (null when no word is long enough for it); `few`, those matches sorted (its
 * LIMIT bound last); `walk`, every item in SHOWN_AT order from `before` through outbox_items_by_shown_at (the same
 * expression, so the planner walks it), each with `hit`: whether its text holds every word (LIKE, what the trigram
 * index matches: the text holds it, case aside), so the caller counts what it reads past, not only what matched.
 */
export function textByShownAt(
  text: string,
  before: { at: number; id: string } | undefined,
  fence: string
): { count: Read | null; few: Read; walk: Read } {
  // Every word, any order (as the inbox's messages are searched): the index for the long ones, LIKE for the rest.
  const { match, likes } = allWords('text', text)
  const keyset = before === undefined ? '' : ` AND (${SHOWN_AT}, o.id) < (?, ?)`
  const keysetParams = before === undefined ? [] : [before.at, before.id]
  const columns = `o.rowid AS position, o.id, o.device_id AS deviceId, o.recipient, ${SHOWN_AT} AS shownAt`
  const words = searchWords(text)
  const holdsAll = words.map(() => `o.text LIKE ? ESCAPE '\\'`).join(' AND ') || '1'
  return {
    count:
      match === null
        ? null
        : {
            sql: `SELECT COUNT(*) AS n FROM (SELECT 1 FROM outbox_items_search WHERE outbox_items_search MATCH ? LIMIT ?)`,
            params: [match, FEW_MATCHES_SORTED]
          },
    few: {
      sql: `SELECT ${columns}, 1 AS hit FROM outbox_items_search s JOIN outbox_items o ON o.rowid = s.rowid
        WHERE outbox_items_search MATCH ?${likes.map(() => ` AND o.text LIKE ? ESCAPE '\\'`).join('')}${keyset}${fence}
        ORDER BY shownAt DESC, o.id DESC LIMIT ?`,
      params: [match, ...likes, ...keysetParams]
    },
    walk: {
      sql: `SELECT ${columns}, ${holdsAll} AS hit FROM outbox_items o INDEXED BY outbox_items_by_shown_at
        WHERE 1${keyset}${fence} ORDER BY ${SHOWN_AT} DESC, o.id DESC`,
      params: [...words.map(containsPattern), ...keysetParams]
    }
  }
}
