// A producer's messages made and not gone yet: what a recurring series' stop or delete would leave to go, by the
// producer index (never a scan of the outbox). An item of a write still fenced is not the producer's yet.
import type Database from 'better-sqlite3'
import { unfenced } from './outbox-records'
import { preparedOnce } from './prepared'

export interface UnsentItem {
  id: string
  /** `sending`: on the wire now, past any cancel here (its send may still come back to be tried again). */
  status: 'scheduled' | 'queued' | 'sending'
  /** The time it was made for (a schedule's), or null. */
  notBefore: number | null
}

/** Its scheduled, queued and sending items, soonest first. */
export function producerUnsent(db: Database.Database, tag: string): UnsentItem[] {
  return preparedOnce(
    db,
    `SELECT id, status, not_before AS notBefore FROM outbox_items i
     WHERE producer_tag = ? AND status IN ('scheduled', 'queued', 'sending') AND ${unfenced('i')}
     ORDER BY not_before, seq`
  ).all(tag) as UnsentItem[]
}
