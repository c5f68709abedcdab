// A producer's items in one status, as the refs it gave them (a campaign's sheet rows): its failed rows alone, in
// their order, a page at a time, by the producer index (never a scan of the outbox). An item of a write still fenced
// is not the producer's yet.
import type Database from 'better-sqlite3'
import { unfenced, type ItemStatus } from './outbox-records'
import { preparedOnce } from './prepared'

/** A page of refs and how many there are in all. */
export interface ProducerRefsPage {
  refs: number[]
  total: number
}

export function producerRefsIn(
  db: Database.Database,
  tag: string,
  status: ItemStatus,
  page: { offset: number; limit: number }
): ProducerRefsPage {
  const where = `producer_tag = ? AND status = ? AND producer_ref IS NOT NULL AND ${unfenced('i')}`
  const refs = preparedOnce(
    db,
    `SELECT producer_ref AS ref FROM outbox_items i WHERE ${where} ORDER BY producer_ref LIMIT ? OFFSET ?`
  ).all(tag, status, page.limit, page.offset) as { ref: number }[]
  const counted = preparedOnce(db, `SELECT count(*) AS n FROM outbox_items i WHERE ${where}`).get(
    tag,
    status
  ) as {
    n: number
  }
  return { refs: refs.map((row) => row.ref), total: counted.n }
}
