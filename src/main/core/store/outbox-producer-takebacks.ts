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
 * newest that stopped or asked anything (its final tally); null when none did.
 */
export function producerLatestTakeBack(db: Database.Database, tag: string): string | null {
  const row = preparedOnce(
    db,
    `SELECT id FROM outbox_takeback_requests r WHERE producer_tag = ? AND ${TOOK_SOMETHING}
       ORDER BY state = 'done', created_at DESC, rowid DESC LIMIT 1`
  ).get(tag) as { id: string } | undefined
  return row?.id ?? null
}
