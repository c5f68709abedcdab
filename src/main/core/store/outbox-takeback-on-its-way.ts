// The messages a take-back left on their way (being sent when it was asked), a whole send's or a campaign's, kept with
// the request in its transaction: the one the gateway turns out to have is followed up in that request (take-back.ts),
// after a restart too. A message that leaves the outbox (deleted, purged by retention) takes its row with it, counted
// on its way no more (a trigger, migrations.ts); so does one the operator sends again (sentAgain).
import type Database from 'better-sqlite3'
import { preparedOnce } from './prepared'

/** Follow these items up in the request; an item another request follows already stays with it. How many it took. */
export function followOnItsWay(db: Database.Database, requestId: string, itemIds: readonly string[]): number {
  const insert = preparedOnce(
    db,
    'INSERT OR IGNORE INTO outbox_takeback_on_its_way (item_id, request_id) VALUES (?, ?)'
  )
  let taken = 0
  for (const id of itemIds) taken += insert.run(id, requestId).changes
  return taken
}

/** The request that follows this item up, or undefined. */
export function requestFollowing(db: Database.Database, itemId: string): string | undefined {
  const row = preparedOnce(
    db,
    'SELECT request_id AS id FROM outbox_takeback_on_its_way WHERE item_id = ?'
  ).get(itemId) as { id: string } | undefined
  return row?.id
}

/** The item is followed up, or has nothing to follow up: no longer on its way. */
export function arrived(db: Database.Database, itemId: string): void {
  preparedOnce(db, 'DELETE FROM outbox_takeback_on_its_way WHERE item_id = ?').run(itemId)
}

/**
 * The item is sent again (the operator's retry): a new send, which no take-back follows up. Its row goes, and its
 * request counts it on its way no more, as the delete trigger does (a request whose counts cannot be read is left as
 * it is: it reads as damaged, and a retry never fails on it).
 */
export function sentAgain(db: Database.Database, itemId: string): void {
  preparedOnce(
    db,
    `UPDATE outbox_takeback_requests SET left_alone =
      CASE WHEN (left_alone ->> '$.fate_unknown') > 1
        THEN json_set(left_alone, '$.fate_unknown', (left_alone ->> '$.fate_unknown') - 1)
        ELSE json_remove(left_alone, '$.fate_unknown') END
    WHERE id = (SELECT request_id FROM outbox_takeback_on_its_way WHERE item_id = ?)
      AND CASE WHEN json_valid(left_alone) THEN json_type(left_alone, '$.fate_unknown') = 'integer' ELSE 0 END`
  ).run(itemId)
  arrived(db, itemId)
}

/** Whether the request still follows up any message left on its way. */
export function followsOnItsWay(db: Database.Database, requestId: string): boolean {
  return (
    preparedOnce(db, 'SELECT 1 FROM outbox_takeback_on_its_way WHERE request_id = ? LIMIT 1').get(
      requestId
    ) !== undefined
  )
}
