// The sends through each device, whoever produced them, by the quarter hour they went in: a device's daily cap counts
// a day's (migration 61), in the transaction that marks a first attempt `sending`. Beside them, the sent ledger
// (migration 68) the Overview's "sent today" counts. Both outlive the messages they count, and serve "today" only.
import { OutboxQueueStore } from './outbox-queue-store'

/** The buckets a device's sends are counted in: every zone's midnight is on one of their edges. */
const SEND_QUARTER_MS = 15 * 60_000

/**
 * How long the send counts and the sent ledger keep a send: "today" in any zone (a day starts at most 14 hours before
 * UTC's) with days to spare. Migration 68 filled the ledger for as long.
 */
export const SENDS_KEPT_MS = 3 * 24 * 3_600_000

export class OutboxSendCountsStore extends OutboxQueueStore {
  /** One more send through a device at `at` (its first attempt; a retry is the same send), in its quarter hour. */
  countSend(deviceId: string, at: number): void {
    this.prepare(
      `INSERT INTO device_send_quarters (device_id, quarter, sends) VALUES (?, ?, 1)
       ON CONFLICT(device_id, quarter) DO UPDATE SET sends = sends + 1`
    ).run(deviceId, Math.floor(at / SEND_QUARTER_MS))
  }

  /**
   * How many sends went through a device, whoever produced them, on a day: its quarters from `start` to `end` (a zone's
   * midnights fall on quarter hours), and what the rows of a build that counted by day string (`day`) kept for it.
   */
  sendsOn(deviceId: string, day: { day: string; start: number; end: number }): number {
    const quarters = this.prepare(
      `SELECT COALESCE(SUM(sends), 0) FROM device_send_quarters WHERE device_id = ? AND quarter >= ? AND quarter < ?`
    )
      .pluck()
      .get(deviceId, Math.floor(day.start / SEND_QUARTER_MS), Math.ceil(day.end / SEND_QUARTER_MS)) as number
    const before = this.prepare('SELECT sends FROM device_send_days WHERE device_id = ? AND day = ?')
      .pluck()
      .get(deviceId, day.day) as number | undefined
    return quarters + (before ?? 0)
  }

  /** Forget the sends counted, and those the sent ledger kept, before `cutoff` (ms): "today" never reads them. */
  forgetSendsBefore(cutoff: number): void {
    this.prepare('DELETE FROM device_send_quarters WHERE quarter < ?').run(
      Math.floor(cutoff / SEND_QUARTER_MS)
    )
    this.prepare('DELETE FROM outbox_sent_ledger WHERE accepted_at < ?').run(cutoff)
  }
}
