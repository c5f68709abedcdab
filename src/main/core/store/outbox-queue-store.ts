// What the send queue asks of its items: the next one to send, producers' lines and outcomes by tag, moves between
// devices, and the items in doubt that reconcile checks.
import {
  ItemStatus,
  ItemRecord,
  ItemOutcome,
  SendLogCounts,
  ActiveCount,
  UNTRIED,
  SELECT_ITEM,
  inLine,
  unfenced,
  Row,
  toItem
} from './outbox-records'
import { OutboxExportStore } from './outbox-export-store'
import { producerProgress, type ProgressPoints } from './outbox-progress'
import { ON_ITS_WAY_STATUSES } from '../../../shared/domain'

/** The same-message rule's statuses of a message on its way (in line or being sent), as an SQL list. */
const ON_ITS_WAY = ON_ITS_WAY_STATUSES.map((status) => `'${status}'`).join(', ')

export class OutboxQueueStore extends OutboxExportStore {
  // ---------------------------------------------------------------------------------------- dispatch
  // The pump asks the questions below on every round, that is after every send. A parameter compared with `=` next
  // to an ORDER BY (or MIN), and a LIMIT parameter, are written `+?`: SQLite re-prepares a statement before each
  // run when a bound value may change its plan (sqlite3ExprIsInteger, whereLoopOutputAdjust), which cost up to 10×
  // the query itself here. The unary plus hides the value from the planner only; the plan and the index stay.

  /**
   * Devices with something left to do at start: items to send, check, promote or track, or a gateway-schedule call
   * owed. A device with only finished items is not looked at on every round (with 100,000 of them on another
   * device, each send paid for that device's empty queries too).
   */
  activeDevices(): string[] {
    const rows = this.prepare(
      `SELECT device_id AS deviceId FROM outbox_items WHERE status IN ('queued', 'sending', 'scheduled')
       UNION SELECT device_id FROM outbox_items WHERE track_next_at IS NOT NULL
       UNION SELECT device_id FROM gateway_schedules WHERE pending_op IS NOT NULL`
    ).all() as { deviceId: string }[]
    return rows.map((r) => r.deviceId)
  }

  hasQueued(deviceId: string): boolean {
    return (
      this.prepare(
        `SELECT 1 FROM outbox_items i WHERE device_id = +? AND status = 'queued' AND held = 0 AND ${unfenced('i')}
         LIMIT 1`
      ).get(deviceId) !== undefined
    )
  }

  /**
   * The next item this device may send now: queued, not held, due, and first in its recipient's line
   * (no earlier item to the same recipient still queued or in flight), so sends to one recipient keep their order.
   */
  nextSendable(deviceId: string, now: number): ItemRecord | undefined {
    const row = this.prepare(
      `${SELECT_ITEM} AS i WHERE device_id = +? AND status = 'queued' AND held = 0
         AND (next_attempt_at IS NULL OR next_attempt_at <= ?) AND ${unfenced('i')}
         AND NOT EXISTS (SELECT 1 FROM outbox_items j WHERE j.device_id = i.device_id AND ${inLine('j')}
                         AND j.recipient = i.recipient AND j.seq < i.seq)
       ORDER BY seq LIMIT 1`
    ).get(deviceId, now) as Row | undefined
    return row ? toItem(row) : undefined
  }

  // ------------------------------------------------------------------------------------------- producers

  /**
   * A send policy holds a producer's queued items on a device until `until`, saying why (the policy deferred the
   * one at the head of the line; its siblings would be deferred one by one otherwise). Earlier retry times move too.
   */
  deferProducer(tag: string, deviceId: string, until: number, reason: string): number {
    return this.prepare(
      `UPDATE outbox_items SET next_attempt_at = ?, wait_reason = ?
       WHERE producer_tag = ? AND device_id = ? AND status = 'queued'
         AND (next_attempt_at IS NULL OR next_attempt_at < ?)`
    ).run(until, reason, tag, deviceId, until).changes
  }

  /** A send policy holds one queued item until `until`, saying why. */
  deferItem(id: string, until: number, reason: string): boolean {
    return (
      this.prepare(
        `UPDATE outbox_items SET next_attempt_at = ?, wait_reason = ? WHERE id = ? AND status = 'queued'`
      ).run(until, reason, id).changes === 1
    )
  }

  /** A producer's queued items may be looked at again now (resumed, or its policy changed). */
  releaseProducer(tag: string): number {
    return this.prepare(
      `UPDATE outbox_items SET next_attempt_at = NULL, wait_reason = NULL WHERE producer_tag = ? AND status = 'queued'`
    ).run(tag).changes
  }

  /** How many of a producer's items wait in line on a device (from the index alone). */
  producerQueued(tag: string, deviceId: string): number {
    return (
      this.prepare(
        `SELECT COUNT(*) AS n FROM outbox_items WHERE producer_tag = ? AND device_id = ? AND status = 'queued'`
      ).get(tag, deviceId) as { n: number }
    ).n
  }

  /**
   * How many of a producer's items are in doubt on each device: still `sending` with a next check of the gateway's
   * reports (a 5xx or a time-out cut the answer short), as the outbox reads such an item.
   */
  producerInDoubt(tag: string): Map<string, number> {
    const rows = this.prepare(
      `SELECT device_id AS deviceId, COUNT(*) AS n FROM outbox_items
       WHERE producer_tag = ? AND status = 'sending' AND next_attempt_at IS NOT NULL GROUP BY device_id`
    ).all(tag) as { deviceId: string; n: number }[]
    return new Map(rows.map((row) => [row.deviceId, row.n]))
  }

  /** How many items wait in line on a device (from the kept counts: one row). */
  queuedOn(deviceId: string): number {
    const row = this.prepare(`SELECT n FROM outbox_counts WHERE device_id = ? AND status = 'queued'`).get(
      deviceId
    ) as { n: number } | undefined
    return row?.n ?? 0
  }

  /**
   * A producer's queued items on a device that were never tried, in line order: the ones that may move to another
   * device (an item tried once may be with the gateway even when nothing says so). The first `limit` when given.
   */
  untriedOf(tag: string, deviceId: string, limit = -1): string[] {
    return (
      this.prepare(
        `SELECT id FROM outbox_items WHERE producer_tag = ? AND device_id = ? AND status = 'queued' AND ${UNTRIED}
         ORDER BY seq LIMIT ?`
      ).all(tag, deviceId, limit) as { id: string }[]
    ).map((r) => r.id)
  }

  /** How many of a producer's items are in each status (its progress, without reading them). */
  producerCounts(tag: string): { status: ItemStatus; n: number }[] {
    return this.prepare(
      // Items of a write still fenced (a start under way, or one a crash cut short) are not the producer's yet.
      `SELECT status, count(*) AS n FROM outbox_items i WHERE producer_tag = ? AND ${unfenced('i')} GROUP BY status`
    ).all(tag) as { status: ItemStatus; n: number }[]
  }

  /**
   * What any producer gave the gateway for this number since `since`, or has in line for it now (its status, when,
   * its text): the candidates of the same-message rule (shared/domain/same-message), read by the recipient index,
   * never a scan of the outbox.
   */
  messagesTo(
    recipient: string,
    since: number
  ): { status: ItemStatus; acceptedAt: number | null; text: string | null; producerTag: string | null }[] {
    // Its producer's tag too: a campaign's check names the campaign a message still waits in (QA73).
    return this.prepare(
      `SELECT status, accepted_at AS acceptedAt, text, producer_tag AS producerTag FROM outbox_items i
       WHERE recipient = ? AND (accepted_at >= ? OR status IN (${ON_ITS_WAY})) AND ${unfenced('i')}`
    ).all(recipient, since) as {
      status: ItemStatus
      acceptedAt: number | null
      text: string | null
      producerTag: string | null
    }[]
  }

  /** A producer's items reaching sent, delivered, read and failed over time, at most `maxPoints` instants. */
  producerProgress(tag: string, maxPoints: number): ProgressPoints {
    return producerProgress(this.db, tag, maxPoints)
  }

  /** How many of a producer's items were cancelled with this reason (a policy's note: an opt-out, say). */
  producerCancelledWith(tag: string, reason: string): number {
    return (
      this.prepare(
        `SELECT count(*) AS n FROM outbox_items i
         WHERE producer_tag = ? AND status = 'cancelled' AND failure_message = ? AND ${unfenced('i')}`
      ).get(tag, reason) as { n: number }
    ).n
  }

  /** Where each of these items stands (missing ones, purged or never written, are left out). */
  outcomesOf(ids: readonly string[]): ItemOutcome[] {
    if (ids.length === 0) return []
    return this.prepare(
      `WITH wanted AS MATERIALIZED (SELECT value AS id FROM json_each(?))
       SELECT i.id, i.status, i.gateway_id AS gatewayId, i.recipient, i.device_id AS deviceId,
         i.producer_tag AS producerTag, i.last_attempt_at AS lastAttemptAt,
         i.accepted_at AS acceptedAt, i.closed_at AS closedAt, i.failure_message AS failureMessage,
         i.wait_reason AS waitReason, i.next_attempt_at AS nextAttemptAt
       FROM wanted JOIN outbox_items i ON i.id = wanted.id`
    ).all(JSON.stringify(ids)) as ItemOutcome[]
  }

  /** The status changes of these items, oldest first, a status repeated in a row told once. */
  statusHistoryOf(ids: readonly string[]): Map<string, { at: number; status: ItemStatus }[]> {
    const byItem = new Map<string, { at: number; status: ItemStatus }[]>()
    if (ids.length === 0) return byItem
    const rows = this.prepare(
      `WITH wanted AS MATERIALIZED (SELECT value AS id FROM json_each(?))
       SELECT h.item_id AS itemId, h.at, h.status FROM wanted JOIN outbox_history h ON h.item_id = wanted.id
       ORDER BY h.id`
    ).all(JSON.stringify(ids)) as { itemId: string; at: number; status: ItemStatus }[]
    for (const entry of rows) {
      const list = byItem.get(entry.itemId) ?? []
      if (list[list.length - 1]?.status !== entry.status) list.push({ at: entry.at, status: entry.status })
      byItem.set(entry.itemId, list)
    }
    return byItem
  }

  /** Which of these items exist (a fenced chunk's rolled-back items do not). */
  existingIds(ids: readonly string[]): Set<string> {
    if (ids.length === 0) return new Set()
    const rows = this.prepare(`SELECT i.id FROM json_each(?) w JOIN outbox_items i ON i.id = w.value`).all(
      JSON.stringify(ids)
    ) as { id: string }[]
    return new Set(rows.map((r) => r.id))
  }

  /**
   * Recipients a producer handed to the gateway, or may have (in flight): never to be sent to again by it. A message
   * taken back at the gateway was handed to it too (a revoked one was even seen).
   */
  recipientsReached(tag: string): Set<string> {
    const rows = this.prepare(
      `SELECT DISTINCT recipient FROM outbox_items WHERE producer_tag = ?
         AND status IN ('sending', 'accepted', 'sent', 'delivered', 'read', 'revoked', 'cancelled_at_gateway')`
    ).all(tag) as { recipient: string }[]
    return new Set(rows.map((r) => r.recipient))
  }

  /** Final statuses of a producer's last `limit` sends on a device since `from`, newest first (failure rate). */
  recentOutcomes(tag: string, deviceId: string, from: number, limit: number): ItemStatus[] {
    return (
      this.prepare(
        `SELECT status FROM outbox_items WHERE producer_tag = ? AND device_id = ? AND last_attempt_at IS NOT NULL
           AND status NOT IN ('queued', 'sending') AND last_attempt_at >= ?
         ORDER BY last_attempt_at DESC LIMIT ?`
      ).all(tag, deviceId, from, limit) as { status: ItemStatus }[]
    ).map((r) => r.status)
  }

  /**
   * Hand never-tried queued items to other devices in three statements, in one transaction (a rotation moves thousands at once: one
   * update, one note and two item reads per row were ~75 ms of CPU per 1,000 rows). Skips an item already on its
   * target and, guarded in SQL, any item not queued or ever tried. Returns the moves made, in the order given, each
   * with the device it left; `note` words each one's timeline entry.
   */
  moveManyUntried(
    moves: readonly { itemId: string; deviceId: string }[],
    note: (move: { itemId: string; from: string; to: string }) => string,
    at: number
  ): { itemId: string; from: string; to: string }[] {
    // MATERIALIZED: the moves are the outer loop, each a primary-key lookup (not a scan of them per item).
    const withMoves = `WITH move AS MATERIALIZED (
        SELECT key AS n, value ->> '$.itemId' AS item_id, value ->> '$.deviceId' AS to_device FROM json_each(?))`
    return this.batch(() => {
      const moving = this.prepare(
        `${withMoves} SELECT i.id AS itemId, i.device_id AS "from", move.to_device AS "to"
         FROM move JOIN outbox_items i ON i.id = move.item_id
         WHERE i.device_id IS NOT move.to_device AND i.status = 'queued' AND ${UNTRIED} ORDER BY move.n`
      ).all(JSON.stringify(moves)) as { itemId: string; from: string; to: string }[]
      if (moving.length === 0) return []
      const chosen = JSON.stringify(moving.map(({ itemId, to }) => ({ itemId, deviceId: to })))
      this.prepare(
        `${withMoves} UPDATE outbox_items SET device_id = move.to_device, next_attempt_at = NULL, wait_reason = NULL,
         updated_at = ?
         FROM move WHERE outbox_items.id = move.item_id`
      ).run(chosen, at)
      this.prepare(
        `INSERT INTO outbox_history (item_id, at, status, note)
         SELECT value ->> '$.itemId', ?, 'queued', value ->> '$.note' FROM json_each(?) ORDER BY key`
      ).run(at, JSON.stringify(moving.map((move) => ({ itemId: move.itemId, note: note(move) }))))
      return moving
    })
  }

  /**
   * What pacing needs of a producer's sends on a device: how many, first and last, and how many in [from, to). A send
   * is an item tried that the gateway has or may have (in doubt); one back in line is not (a 429, a send the reports
   * found not received, a device refusal) until it goes again: counted meanwhile, its resend was paced as a batch's
   * first send after a batch pause, and another pause followed it (QA12 Q12-07).
   */
  sendLog(tag: string, deviceId: string, from: number, to: number): SendLogCounts {
    return this.prepare(
      // The gap is kept from when the gateway answered the last send, not from when it started: a request slow to
      // reach the gateway would otherwise make the next one land there sooner than the policy's shortest gap.
      `SELECT COUNT(*) AS count, MIN(last_attempt_at) AS first,
         MAX(MAX(last_attempt_at, COALESCE(accepted_at, last_attempt_at))) AS last,
         COALESCE(SUM(last_attempt_at >= ? AND last_attempt_at < ?), 0) AS inRange
       FROM outbox_items WHERE producer_tag = ? AND device_id = ? AND last_attempt_at IS NOT NULL
         AND status <> 'queued'`
    ).get(from, to, tag, deviceId) as SendLogCounts
  }

  /** Earliest time a queued item at the head of its recipient's line becomes due (0 = now), or null. */
  nextHeadDueAt(deviceId: string): number | null {
    const row = this.prepare(
      `SELECT MIN(COALESCE(next_attempt_at, 0)) AS at FROM outbox_items AS i
       WHERE device_id = +? AND status = 'queued' AND held = 0 AND ${unfenced('i')}
         AND NOT EXISTS (SELECT 1 FROM outbox_items j WHERE j.device_id = i.device_id AND ${inLine('j')}
                         AND j.recipient = i.recipient AND j.seq < i.seq)`
    ).get(deviceId) as { at: number | null }
    return row.at
  }

  /** Items waiting to be sent or reconciled, per device, for flush's "anything left?" question. */
  activeCounts(): ActiveCount[] {
    return this.prepare(
      `SELECT device_id AS deviceId, status, COUNT(*) AS count FROM outbox_items i
       WHERE ${inLine('i')} AND held = 0 AND ${unfenced('i')} GROUP BY device_id, status`
    ).all() as ActiveCount[]
  }

  /**
   * At start every item still in `sending` is in doubt (the process died mid-request, or a check was pending):
   * check it at once, and resend only after a check made once its visibility window has passed.
   */
  markSendingForReconcile(now: number, visibilityWindowMs: number): number {
    return this.prepare(
      `UPDATE outbox_items SET next_attempt_at = ?,
         reconcile_until = COALESCE(reconcile_until, COALESCE(last_attempt_at, ?) + ?)
       WHERE status = 'sending'`
    ).run(now, now, visibilityWindowMs).changes
  }

  /** Retries and report checks waiting on a backoff happen now (the network or the device came back). */
  pullRetriesForward(now: number, deviceId?: string): number {
    const device = deviceId === undefined ? '' : ' AND device_id = ?'
    return this.prepare(
      `UPDATE outbox_items AS i SET next_attempt_at = ? WHERE ${inLine('i')} AND next_attempt_at > ?${device}`
    ).run(now, now, ...(deviceId === undefined ? [] : [deviceId])).changes
  }

  /** Items in doubt on this device whose next report check is due. */
  dueReconcile(deviceId: string, now: number, limit: number): ItemRecord[] {
    const rows = this.prepare(
      `${SELECT_ITEM} WHERE device_id = +? AND status = 'sending' AND next_attempt_at IS NOT NULL
         AND next_attempt_at <= ? ORDER BY seq LIMIT +?`
    ).all(deviceId, now, limit) as Row[]
    return rows.map(toItem)
  }

  nextReconcileAt(deviceId: string): number | null {
    const row = this.prepare(
      `SELECT MIN(next_attempt_at) AS at FROM outbox_items WHERE device_id = +? AND status = 'sending'`
    ).get(deviceId) as { at: number | null }
    return row.at
  }

  /**
   * The item each id names, by its own id or else by the gateway's id for it (its send call's answer): a terminal
   * command is given either. An id naming none is left out.
   */
  itemIdsNamed(ids: readonly string[]): Map<string, string> {
    const named = new Map<string, string>()
    if (ids.length === 0) return named
    const rows = this.prepare(
      `SELECT w.value AS named, i.id FROM json_each(?) w JOIN outbox_items i ON i.id = w.value
       UNION ALL
       SELECT w.value AS named, i.id FROM json_each(?) w JOIN outbox_items i ON i.gateway_id = w.value`
    ).all(JSON.stringify(ids), JSON.stringify(ids)) as { named: string; id: string }[]
    for (const { named: id, id: itemId } of rows) if (!named.has(id) || itemId === id) named.set(id, itemId)
    return named
  }

  /** The item the gateway knows by this id (its send call's answer), if any. */
  itemByGatewayId(gatewayId: string): ItemRecord | undefined {
    const row = this.prepare(`${SELECT_ITEM} WHERE gateway_id = ? LIMIT 1`).get(gatewayId) as Row | undefined
    return row ? toItem(row) : undefined
  }
}
