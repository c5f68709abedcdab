// A producer's take-backs not finished yet (running or paused): what the operator's pause or resume of a campaign's
// take-back is for, from the terminal, which knows the campaign and not its requests.
import type Database from 'better-sqlite3'
import { preparedOnce } from './prepared'

/** Its take-back requests still running or paused, oldest first. */
export function producerOpenTakeBacks(db: Database.Database, tag: string): string[] {
  const rows = preparedOnce(
    db,
    `SELECT id FROM outbox_takeback_requests WHERE producer_tag = ? AND state != 'done' ORDER BY created_at, rowid`
  ).all(tag) as { id: string }[]
  return rows.map((r) => r.id)
}
