// A producer's take-backs not finished yet (running or paused): what the operator's pause or resume of a campaign's
// take-back is for, from the terminal, which knows the campaign and not its requests; and the one its page follows.
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

/** A request (`r`) that stopped or asked anything: one that found nothing to do took nothing back. */
export const TOOK_SOMETHING = `(r.stopped_locally > 0 OR EXISTS (SELECT 1 FROM outbox_takeback_ops o WHERE o.request_id = r.id))`

/**
 * The take-back its page shows: the newest still running or paused (what the operator may pause or resume), else the
 * last to end, one that found nothing left to take back too (its tally says so: the page went back to an older one's
 * tally, "12 deleted for everyone", though the operator had just asked again and nothing happened). The last to end,
 * not the last asked: one asked while an older one was under way, finding every message asked by it already, ends at
 * once; the older one's tally, when it ends, is the news. Null when it has none.
 */
export function producerLatestTakeBack(db: Database.Database, tag: string): string | null {
  const row = preparedOnce(
    db,
    `SELECT id FROM outbox_takeback_requests WHERE producer_tag = ?
       ORDER BY state = 'done', CASE WHEN state = 'done' THEN COALESCE(finished_at, created_at) ELSE created_at END DESC,
         created_at DESC, rowid DESC
       LIMIT 1`
  ).get(tag) as { id: string } | undefined
  return row?.id ?? null
}
