// A take-back request's row as kept. What it left alone is its one JSON: damaged, the row reads as a DamagedStoreError
// naming it, while its other columns (its state, whether it deletes for everyone) and its ops read as they were, so its
// calls go on and the kernel can say what is true of it.
import type Database from 'better-sqlite3'
import { DamagedStoreError, unreadableJsonReason } from './errors'
import { preparedOnce } from './prepared'
import type { TakeBackRequestRecord, TakeBackRequestState } from './outbox-takeback-store'

/** Its left-alone counts as kept (JSON: reason → count), or why they cannot be read. */
function leftAloneOf(text: string): Record<string, number> | string {
  const unreadable = unreadableJsonReason(text)
  if (unreadable !== null) return `cannot be read (${unreadable})`
  const parsed = JSON.parse(text) as unknown
  const counts =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every(Number.isInteger)
  return counts ? (parsed as Record<string, number>) : 'is not a set of counts'
}

export function readTakeBackRequest(db: Database.Database, id: string): TakeBackRequestRecord | undefined {
  const row = preparedOnce(
    db,
    `SELECT id, producer_tag AS producerTag, state, revoke_delivered AS revokeDelivered,
       stopped_locally AS stoppedLocally, left_alone AS leftAlone, created_at AS createdAt, finished_at AS finishedAt
     FROM outbox_takeback_requests WHERE id = ?`
  ).get(id) as
    | (Omit<TakeBackRequestRecord, 'leftAlone' | 'revokeDelivered'> & {
        leftAlone: string
        revokeDelivered: number
      })
    | undefined
  if (!row) return undefined
  const leftAlone = leftAloneOf(row.leftAlone)
  if (typeof leftAlone === 'string')
    throw new DamagedStoreError('take-backs', db.name, id, `what it left as it was ${leftAlone}`)
  return { ...row, revokeDelivered: row.revokeDelivered === 1, leftAlone }
}

/** One column of the request other than its JSON, read whatever that holds; undefined when there is none. */
export function takeBackRequestColumn<C extends 'state' | 'revoke_delivered'>(
  db: Database.Database,
  id: string,
  column: C
): (C extends 'state' ? TakeBackRequestState : number) | undefined {
  const row = preparedOnce(db, `SELECT ${column} AS value FROM outbox_takeback_requests WHERE id = ?`).get(
    id
  ) as { value: C extends 'state' ? TakeBackRequestState : number } | undefined
  return row?.value
}

/** A producer's newest take-back request, or undefined; what it left alone unreadable, a DamagedStoreError. */
export function newestProducerTakeBack(
  db: Database.Database,
  tag: string
): TakeBackRequestRecord | undefined {
  const row = preparedOnce(
    db,
    'SELECT id FROM outbox_takeback_requests WHERE producer_tag = ? ORDER BY created_at DESC, rowid DESC LIMIT 1'
  ).get(tag) as { id: string } | undefined
  return row ? readTakeBackRequest(db, row.id) : undefined
}
