// The messages a whole send's take-back left on their way (being sent when it was asked), kept with the request in
// its transaction: the one the gateway turns out to have is followed up in that request (take-back.ts), after a
// restart too. A campaign's need no such rows: its messages are found by its tag. A message that leaves the outbox
// (deleted, purged by retention) takes its row with it, counted on its way no more (a trigger, migrations.ts).
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

/** Whether the request still follows up any message left on its way. */
export function followsOnItsWay(db: Database.Database, requestId: string): boolean {
  return (
    preparedOnce(db, 'SELECT 1 FROM outbox_takeback_on_its_way WHERE request_id = ? LIMIT 1').get(
      requestId
    ) !== undefined
  )
}
