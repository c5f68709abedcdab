// What the terminal filed under its own id for a device of the app's list, moved to that device: one-off sends,
// a campaign's items and the sends counted under its id, each in the caller's transaction or its own.
import { unfenced } from './outbox-records'
import { OutboxSendCountsStore } from './outbox-send-counts-store'

export class OutboxTerminalMovesStore extends OutboxSendCountsStore {
  /**
   * Moves the items filed under any of `fromIds` to `toId`, in one transaction: what the terminal queued under its own
   * id for a device of the app's list. One-off sends (`producerTag` null, with their gateway schedules), or one
   * producer's items (a campaign's, whose own rows it renames in the same transaction); never an item being sent
   * (its outcome is recorded where it is) or one in an open batch. How many moved.
   */
  moveItemsToDevice(fromIds: readonly string[], toId: string, producerTag: string | null = null): number {
    if (fromIds.length === 0) return 0
    return this.db
      .transaction(() => {
        const from = JSON.stringify(fromIds)
        const moved = this.prepare(
          `UPDATE outbox_items SET device_id = ? WHERE device_id IN (SELECT value FROM json_each(?))
             AND status <> 'sending' AND ${ofProducer(producerTag)} AND ${unfenced('outbox_items')}`
        ).run(toId, from, ...(producerTag === null ? [] : [producerTag])).changes
        if (producerTag === null)
          this.prepare(
            `UPDATE gateway_schedules SET device_id = ? WHERE device_id IN (SELECT value FROM json_each(?))
               AND (item_id IS NULL OR item_id IN (SELECT id FROM outbox_items WHERE device_id = ?))`
          ).run(toId, from, toId)
        return moved
      })
      .immediate()
  }

  /**
   * Moves the items under any of `fromIds` that another process left mid-send (`sending`, and marked for a report
   * check by this dispatcher's start: none is in flight here) to `toId`, for its reports to settle: found there,
   * accepted; not there after the visibility window, sent again. One-off sends and replies (`producerTag` null: a
   * reply's checks were made when it was queued, and this dispatcher's own crash recovery settles its replies so
   * too), or one producer's. Their ids.
   */
  moveInDoubtToDevice(
    fromIds: readonly string[],
    toId: string,
    now: number,
    visibilityWindowMs: number,
    producerTag: string | null = null
  ): string[] {
    if (fromIds.length === 0) return []
    const producer =
      producerTag === null ? `(producer_tag IS NULL OR producer_tag GLOB 'reply:*')` : ofProducer(producerTag)
    const rows = this.prepare(
      `UPDATE outbox_items SET device_id = ?, next_attempt_at = MIN(next_attempt_at, ?),
         reconcile_until = COALESCE(reconcile_until, COALESCE(last_attempt_at, ?) + ?)
       WHERE device_id IN (SELECT value FROM json_each(?)) AND status = 'sending' AND next_attempt_at IS NOT NULL
         AND ${producer} AND ${unfenced('outbox_items')}
       RETURNING id`
    ).all(
      toId,
      now,
      now,
      visibilityWindowMs,
      JSON.stringify(fromIds),
      ...(producerTag === null ? [] : [producerTag])
    ) as { id: string }[]
    return rows.map((row) => row.id)
  }

  /**
   * Whether a producer's items under any of `fromIds` cannot all move now: some in an open batch (another process is
   * still writing them) or in flight in this process (`sending` with no report check due).
   */
  producerBusyUnder(fromIds: readonly string[], producerTag: string): boolean {
    return (
      this.prepare(
        `SELECT 1 FROM outbox_items WHERE producer_tag = ? AND device_id IN (SELECT value FROM json_each(?))
           AND (NOT ${unfenced('outbox_items')} OR (status = 'sending' AND next_attempt_at IS NULL)) LIMIT 1`
      ).get(producerTag, JSON.stringify(fromIds)) !== undefined
    )
  }

  /**
   * The sends counted under any of `fromIds` become `toId`'s, day by day: the same gateway account sent them, so
   * its daily cap counts them once the terminal's id is the device's.
   */
  foldSendDays(fromIds: readonly string[], toId: string): void {
    if (fromIds.length === 0 || fromIds.includes(toId)) return
    const from = JSON.stringify(fromIds)
    this.prepare(
      `INSERT INTO device_send_days (device_id, day, sends)
         SELECT ?, day, SUM(sends) FROM device_send_days WHERE device_id IN (SELECT value FROM json_each(?)) GROUP BY day
       ON CONFLICT(device_id, day) DO UPDATE SET sends = sends + excluded.sends`
    ).run(toId, from)
    this.prepare('DELETE FROM device_send_days WHERE device_id IN (SELECT value FROM json_each(?))').run(from)
    this.prepare(
      `INSERT INTO device_send_quarters (device_id, quarter, sends)
         SELECT ?, quarter, SUM(sends) FROM device_send_quarters
          WHERE device_id IN (SELECT value FROM json_each(?)) GROUP BY quarter
       ON CONFLICT(device_id, quarter) DO UPDATE SET sends = sends + excluded.sends`
    ).run(toId, from)
    this.prepare('DELETE FROM device_send_quarters WHERE device_id IN (SELECT value FROM json_each(?))').run(
      from
    )
  }
}

/** One-off sends (null), or one producer's items (its tag, a parameter after the others). */
const ofProducer = (producerTag: string | null): string =>
  producerTag === null ? 'producer_tag IS NULL' : 'producer_tag = ?'
