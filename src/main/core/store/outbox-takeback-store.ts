// The SQL of take-back requests (revoke, cancel or resend at the gateway for many messages): the request, one op per
// message, the batch the pump calls next, the ops in doubt, and the tally. Only the kernel uses it.
import type Database from 'better-sqlite3'
import type { ItemStatus } from './outbox-records'
import { TOOK_SOMETHING } from './outbox-producer-takebacks'
import { newestProducerTakeBack, readTakeBackRequest, takeBackRequestColumn } from './outbox-takeback-request'

export type TakeBackAction = 'revoke' | 'cancel' | 'resend'
export type TakeBackOpState = 'waiting' | 'calling' | 'in_doubt' | 'done' | 'refused' | 'unknown'
export type TakeBackRequestState = 'running' | 'paused' | 'done'

export interface TakeBackRequestRecord {
  id: string
  producerTag: string | null
  state: TakeBackRequestState
  /** A message the gateway refuses to cancel (it left meanwhile) is then deleted for everyone. */
  revokeDelivered: boolean
  stoppedLocally: number
  leftAlone: Record<string, number>
  createdAt: number
  finishedAt: number | null
}

export interface TakeBackOpRecord {
  seq: number
  requestId: string
  itemId: string
  action: TakeBackAction
  deviceId: string
  gatewayId: string
  state: TakeBackOpState
  gatewayMessage: string | null
  calledAt: number | null
  checkAt: number | null
}

export interface NewTakeBackOp {
  itemId: string
  action: TakeBackAction
  deviceId: string
  gatewayId: string
}

/** What a take-back needs to know of an item to decide (the domain's TakeBackSubject) and to name it at the gateway. */
export interface TakeBackSubjectRecord {
  id: string
  deviceId: string
  status: ItemStatus
  gatewayId: string | null
  failureCode: string | null
  /** Cancelled with the opt-out's reason (the caller names it: the store does not word notes). */
  optedOut: boolean
}

/** A group of a request's refusals or unknowns with the words they share. */
type ExplainedRow = { action: TakeBackAction; state: TakeBackOpState; message: string | null; n: number }
interface OpRow {
  seq: number
  request_id: string
  item_id: string
  action: TakeBackAction
  device_id: string
  gateway_id: string
  state: TakeBackOpState
  gateway_message: string | null
  called_at: number | null
  check_at: number | null
}

const OP_SELECT = `SELECT seq, request_id, item_id, action, device_id, gateway_id, state, gateway_message, called_at,
  check_at FROM outbox_takeback_ops`
/** The subject's columns; its one parameter is the opt-out's reason, compared with a cancelled item's. */
const SUBJECT_COLUMNS = `i.id, i.device_id AS deviceId, i.status, i.gateway_id AS gatewayId,
  i.failure_code AS failureCode, (i.status = 'cancelled' AND i.failure_message IS ?) AS optedOut`

const toSubject = (
  row: Omit<TakeBackSubjectRecord, 'optedOut'> & { optedOut: number }
): TakeBackSubjectRecord => ({
  ...row,
  optedOut: row.optedOut === 1
})

const toOp = (row: OpRow): TakeBackOpRecord => ({
  seq: row.seq,
  requestId: row.request_id,
  itemId: row.item_id,
  action: row.action,
  deviceId: row.device_id,
  gatewayId: row.gateway_id,
  state: row.state,
  gatewayMessage: row.gateway_message,
  calledAt: row.called_at,
  checkAt: row.check_at
})

/**
 * A refusal or an unknown another op of the same request followed for the same message (a cancel the gateway refused
 * because the message had left, then its delete for everyone): the message is counted once, by what followed.
 */
const NOT_SUPERSEDED = `NOT (o.state IN ('refused', 'unknown') AND EXISTS (SELECT 1 FROM outbox_takeback_ops f
  WHERE f.request_id = o.request_id AND f.item_id = o.item_id AND f.seq > o.seq
    AND f.state NOT IN ('refused', 'unknown')))`

export class OutboxTakeBackStore {
  private readonly statements = new Map<string, Database.Statement>()

  constructor(private readonly db: Database.Database) {}

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql)
    if (!statement) {
      statement = this.db.prepare(sql)
      this.statements.set(sql, statement)
    }
    return statement
  }

  // ------------------------------------------------------------------------------------ subjects

  /** `optedOutReason`: the reason an item cancelled because its number opted out carries (OPTED_OUT_NOTE). */
  subjectsOf(ids: readonly string[], optedOutReason: string): TakeBackSubjectRecord[] {
    return (
      this.prepare(`SELECT ${SUBJECT_COLUMNS} FROM json_each(?) w JOIN outbox_items i ON i.id = w.value`).all(
        optedOutReason,
        JSON.stringify(ids)
      ) as Parameters<typeof toSubject>[0][]
    ).map(toSubject)
  }

  /** Every item of a producer (its line order), as the take-back of a campaign sees them. */
  subjectsOfProducer(tag: string, optedOutReason: string): TakeBackSubjectRecord[] {
    return (
      this.prepare(`SELECT ${SUBJECT_COLUMNS} FROM outbox_items i WHERE producer_tag = ? ORDER BY seq`).all(
        optedOutReason,
        tag
      ) as Parameters<typeof toSubject>[0][]
    ).map(toSubject)
  }

  /** Whether the item is still there (purged by retention, or deleted, it is not). */
  hasItem(id: string): boolean {
    return this.prepare('SELECT 1 FROM outbox_items WHERE id = ?').get(id) !== undefined
  }

  // ------------------------------------------------------------------------------------ requests

  /** The request and its ops; an op for an item and action already asked (by any request) is left out. */
  insertRequest(
    request: Omit<TakeBackRequestRecord, 'finishedAt' | 'state'>,
    ops: readonly NewTakeBackOp[]
  ): { added: number; alreadyAsked: number } {
    this.prepare(
      `INSERT INTO outbox_takeback_requests (id, producer_tag, state, revoke_delivered, stopped_locally, left_alone,
         created_at) VALUES (?, ?, 'running', ?, ?, ?, ?)`
    ).run(
      request.id,
      request.producerTag,
      request.revokeDelivered ? 1 : 0,
      request.stoppedLocally,
      JSON.stringify(request.leftAlone),
      request.createdAt
    )
    let added = 0
    for (const op of ops) added += this.addOp(request.id, op) ? 1 : 0
    return { added, alreadyAsked: ops.length - added }
  }

  /**
   * When a producer's messages were first taken back: its earliest request that stopped or asked anything (one that
   * found nothing to do took nothing back); null when none did.
   */
  firstProducerTakeBack(tag: string): number | null {
    const row = this.prepare(
      `SELECT MIN(created_at) AS at FROM outbox_takeback_requests r WHERE producer_tag = ? AND ${TOOK_SOMETHING}`
    ).get(tag) as { at: number | null }
    return row.at
  }

  /** How many of a producer's take-back ops are not settled yet (waiting for a device that cannot act, say). */
  producerPendingOps(tag: string): number {
    const row = this.prepare(
      `SELECT COUNT(*) AS n FROM outbox_takeback_ops WHERE state IN ('waiting', 'calling', 'in_doubt')
         AND request_id IN (SELECT id FROM outbox_takeback_requests WHERE producer_tag = ?)`
    ).get(tag) as { n: number }
    return row.n
  }

  /** Which of these items have a take-back call not settled yet (waiting its turn, or its device). */
  itemsWithOpenOps(itemIds: readonly string[]): Set<string> {
    const sql = `SELECT item_id AS id FROM outbox_takeback_ops WHERE item_id IN (SELECT value FROM json_each(?))
      AND state IN ('waiting', 'calling', 'in_doubt')`
    return new Set((this.prepare(sql).all(JSON.stringify(itemIds)) as { id: string }[]).map((r) => r.id))
  }

  /** One more op for a request; false when that item was already asked that action. */
  addOp(requestId: string, op: NewTakeBackOp): boolean {
    return (
      this.prepare(
        `INSERT OR IGNORE INTO outbox_takeback_ops (request_id, item_id, action, device_id, gateway_id, state)
         VALUES (?, ?, ?, ?, ?, 'waiting')`
      ).run(requestId, op.itemId, op.action, op.deviceId, op.gatewayId).changes > 0
    )
  }

  setLeftAlone(id: string, leftAlone: Record<string, number>): void {
    this.prepare('UPDATE outbox_takeback_requests SET left_alone = ? WHERE id = ?').run(
      JSON.stringify(leftAlone),
      id
    )
  }

  /** The request (undefined when none); what it left alone unreadable, a DamagedStoreError naming it. */
  getRequest(id: string): TakeBackRequestRecord | undefined {
    return readTakeBackRequest(this.db, id)
  }

  newestProducerRequest(tag: string): TakeBackRequestRecord | undefined {
    return newestProducerTakeBack(this.db, tag)
  }

  /** The request's state alone, read whatever else of its row is damaged; undefined when there is none. */
  requestState(id: string): TakeBackRequestState | undefined {
    return takeBackRequestColumn(this.db, id, 'state')
  }

  /** Whether the request deletes for everyone what was sent (its cancels refused are followed by a revoke). */
  revokesDelivered(id: string): boolean {
    return takeBackRequestColumn(this.db, id, 'revoke_delivered') === 1
  }

  setRequestState(
    id: string,
    from: readonly TakeBackRequestState[],
    to: TakeBackRequestState,
    at: number
  ): boolean {
    return (
      this.prepare(
        `UPDATE outbox_takeback_requests SET state = ?, finished_at = CASE WHEN ? = 'done' THEN ? END
         WHERE id = ? AND state IN (SELECT value FROM json_each(?))`
      ).run(to, to, at, id, JSON.stringify(from)).changes > 0
    )
  }

  /** Requests with ops still to settle become `done` (true when this one did). */
  finishIfSettled(id: string, at: number): boolean {
    return (
      this.prepare(
        `UPDATE outbox_takeback_requests SET state = 'done', finished_at = ?
         WHERE id = ? AND state != 'done' AND NOT EXISTS (SELECT 1 FROM outbox_takeback_ops
           WHERE request_id = ? AND state IN ('waiting', 'calling', 'in_doubt'))`
      ).run(at, id, id).changes > 0
    )
  }

  /** How many of a request's ops are in each action and state. */
  opCounts(requestId: string): { action: TakeBackAction; state: TakeBackOpState; n: number }[] {
    return this.prepare(
      `SELECT action, state, COUNT(*) AS n FROM outbox_takeback_ops o WHERE request_id = ? AND ${NOT_SUPERSEDED}
       GROUP BY action, state`
    ).all(requestId) as { action: TakeBackAction; state: TakeBackOpState; n: number }[]
  }

  /** How many of a request's ops are not settled yet, by the device that carries them. */
  pendingByDevice(requestId: string): { deviceId: string; n: number }[] {
    return this.prepare(
      `SELECT device_id AS deviceId, COUNT(*) AS n FROM outbox_takeback_ops
       WHERE request_id = ? AND state IN ('waiting', 'calling', 'in_doubt') GROUP BY device_id ORDER BY device_id`
    ).all(requestId) as { deviceId: string; n: number }[]
  }

  /** The request's refusals and unknowns, grouped by the gateway's words (or the kernel's note). */
  explained(requestId: string): ExplainedRow[] {
    return this.prepare(
      `SELECT action, state, gateway_message AS message, COUNT(*) AS n FROM outbox_takeback_ops o
       WHERE request_id = ? AND state IN ('refused', 'unknown') AND ${NOT_SUPERSEDED}
       GROUP BY action, state, gateway_message ORDER BY n DESC`
    ).all(requestId) as ExplainedRow[]
  }

  /** Each op of these items (newest first), for the window's per-message answer. */
  opsOfItems(ids: readonly string[]): TakeBackOpRecord[] {
    return (
      this.prepare(`${OP_SELECT} WHERE item_id IN (SELECT value FROM json_each(?)) ORDER BY seq DESC`).all(
        JSON.stringify(ids)
      ) as OpRow[]
    ).map(toOp)
  }

  // ------------------------------------------------------------------------------------ the pump's questions

  /** Devices with ops still to settle (the pump looks at them after a restart). */
  openDevices(): string[] {
    return (
      this.prepare(
        `SELECT DISTINCT device_id FROM outbox_takeback_ops WHERE state IN ('waiting', 'calling', 'in_doubt')`
      ).all() as { device_id: string }[]
    ).map((r) => r.device_id)
  }

  /**
   * The next batch of one action on a device: the oldest waiting op of a running request, and after it the waiting
   * ops of the same action on that device, up to `limit`.
   */
  nextBatch(deviceId: string, limit: number): TakeBackOpRecord[] {
    const running = `request_id IN (SELECT id FROM outbox_takeback_requests WHERE state = 'running')`
    const first = this.prepare(
      `${OP_SELECT} WHERE device_id = ? AND state = 'waiting' AND ${running} ORDER BY seq LIMIT 1`
    ).get(deviceId) as OpRow | undefined
    if (!first) return []
    return (
      this.prepare(
        `${OP_SELECT} WHERE device_id = ? AND state = 'waiting' AND action = ? AND ${running} ORDER BY seq LIMIT ?`
      ).all(deviceId, first.action, limit) as OpRow[]
    ).map(toOp)
  }

  /** Whether the device has any op waiting to be called or in doubt (of any request). */
  hasOpenOps(deviceId: string): boolean {
    return (
      this.prepare(
        `SELECT 1 FROM outbox_takeback_ops WHERE device_id = ? AND state IN ('waiting', 'in_doubt') LIMIT 1`
      ).get(deviceId) !== undefined
    )
  }

  hasWaiting(deviceId: string): boolean {
    return (
      this.prepare(
        `SELECT 1 FROM outbox_takeback_ops WHERE device_id = ? AND state = 'waiting' AND request_id IN
           (SELECT id FROM outbox_takeback_requests WHERE state = 'running') LIMIT 1`
      ).get(deviceId) !== undefined
    )
  }

  /** Ops in doubt on a device whose check is due, oldest call first. */
  dueInDoubt(deviceId: string, now: number, limit: number): TakeBackOpRecord[] {
    return (
      this.prepare(
        `${OP_SELECT} WHERE device_id = ? AND state = 'in_doubt' AND (check_at IS NULL OR check_at <= ?)
         ORDER BY called_at, seq LIMIT ?`
      ).all(deviceId, now, limit) as OpRow[]
    ).map(toOp)
  }

  nextCheckAt(deviceId: string): number | null {
    const row = this.prepare(
      `SELECT MIN(COALESCE(check_at, 0)) AS at FROM outbox_takeback_ops WHERE device_id = ? AND state = 'in_doubt'`
    ).get(deviceId) as { at: number | null }
    return row.at
  }

  /** After a restart: a call left `calling` may or may not have reached the gateway; its reports will tell. */
  markCallingInDoubt(now: number): number {
    return this.prepare(
      `UPDATE outbox_takeback_ops SET state = 'in_doubt', check_at = ? WHERE state = 'calling'`
    ).run(now).changes
  }

  setOps(
    seqs: readonly number[],
    change: {
      state: TakeBackOpState
      calledAt?: number | null
      checkAt?: number | null
      settledAt?: number | null
    }
  ): void {
    const sets = ['state = ?']
    const values: unknown[] = [change.state]
    for (const [column, value] of [
      ['called_at', change.calledAt],
      ['check_at', change.checkAt],
      ['settled_at', change.settledAt]
    ] as const) {
      if (value === undefined) continue
      sets.push(`${column} = ?`)
      values.push(value)
    }
    this.prepare(
      `UPDATE outbox_takeback_ops SET ${sets.join(', ')} WHERE seq IN (SELECT value FROM json_each(?))`
    ).run(...values, JSON.stringify(seqs))
  }

  /** A removed device's unsettled ops, settled as unknown with `why` (never callable now): the requests they were in. */
  settleDeviceOps(deviceId: string, why: string, at: number): string[] {
    const sql = `UPDATE outbox_takeback_ops SET state = 'unknown', gateway_message = ?, settled_at = ?, check_at = NULL
      WHERE device_id = ? AND state IN ('waiting', 'calling', 'in_doubt') RETURNING request_id AS id`
    return [...new Set((this.prepare(sql).all(why, at, deviceId) as { id: string }[]).map((r) => r.id))]
  }

  /** One op settled for good: done, refused (the gateway's own words) or unknown (why). */
  settleOp(seq: number, state: 'done' | 'refused' | 'unknown', message: string | null, at: number): void {
    this.prepare(
      `UPDATE outbox_takeback_ops SET state = ?, gateway_message = ?, settled_at = ?, check_at = NULL WHERE seq = ?`
    ).run(state, message, at, seq)
  }
}
