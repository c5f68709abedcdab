// The outbox's counts: items by status from the kept counts (the opted-out's own count parting the cancelled, as
// every summary does), and what happened since an instant. Apart from the lists (outbox-lists-store.ts), which count
// with them, so neither part of the kernel's store outgrows what one reads at once (test/kernel-size.test.ts).
import { statusesOfChoices, type HappenedEvent, type StatusFilterChoice } from '../../../shared/domain'
import { happenedSince } from './outbox-happened-since'
import { OutboxItemsStore } from './outbox-items-store'
import {
  ANY_CAMPAIGN_TAG,
  ITEM_STATUSES,
  OPTED_OUT_COUNTED_NOTE,
  unfenced,
  type ItemStatus,
  type SinceCounts,
  type StatusCounts
} from './outbox-records'

export class OutboxCountsStore extends OutboxItemsStore {
  /**
   * How many items a status filter's choices list (all when none given), on one device or all, from the kept counts:
   * the opted-out's own count parts the cancelled, as the summary's bucketCounts does.
   */
  protected countOf(choices?: readonly StatusFilterChoice[], deviceId?: string): number {
    const counts = this.counts(deviceId)
    const { statuses, cancelledPart } = statusesOfChoices(choices ?? [])
    const wanted = statuses.length > 0 ? statuses : ITEM_STATUSES
    const all = wanted.reduce((sum, status) => sum + counts[status], 0)
    if (cancelledPart === 'all') return all
    const optedOut = Math.min(this.optedOutCount(deviceId), counts.cancelled)
    return cancelledPart === 'optedOutOnly' ? all - counts.cancelled + optedOut : all - optedOut
  }

  /** Of the cancelled items, on every device or on one, those cancelled because their number opted out (kept counts). */
  optedOutCount(deviceId?: string): number {
    const row = (
      deviceId === undefined
        ? this.prepare('SELECT COALESCE(SUM(n), 0) AS n FROM outbox_opted_out_counts').get()
        : this.prepare(
            'SELECT COALESCE(SUM(n), 0) AS n FROM outbox_opted_out_counts WHERE device_id = ?'
          ).get(deviceId)
    ) as { n: number }
    return row.n
  }

  /** Items by status, on every device or on one (what removing it would cancel). */
  counts(deviceId?: string): StatusCounts {
    const counts = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as StatusCounts
    // Kept by triggers in the same transaction as every change (see migrations.ts): a read of a few rows, not a scan.
    const rows = (
      deviceId === undefined
        ? this.prepare('SELECT status, SUM(n) AS n FROM outbox_counts GROUP BY status').all()
        : this.prepare('SELECT status, n FROM outbox_counts WHERE device_id = ?').all(deviceId)
    ) as { status: ItemStatus; n: number }[]
    for (const row of rows) counts[row.status] = row.n
    return counts
  }

  /**
   * Campaigns' items by status, on every device or on one, and of their cancelled those whose number opted out: one
   * campaign's by its tag (what its card counts), or every campaign's with `null` (what the direct sends are not).
   * The Outbox's summary under its Device and Campaign filters (QA73); read by outbox_items_by_producer (tag, device,
   * status), a campaign's items and not the outbox. Items of a write still fenced are not there yet, as in the kept
   * counts.
   */
  campaignCounts(tag: string | null, deviceId?: string): { byStatus: StatusCounts; optedOut: number } {
    const where = [tag === null ? ANY_CAMPAIGN_TAG : 'producer_tag = ?', unfenced('i')]
    const params: unknown[] = tag === null ? [] : [tag]
    if (deviceId !== undefined) {
      where.push('device_id = ?')
      params.push(deviceId)
    }
    const clause = where.join(' AND ')
    const byStatus = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as StatusCounts
    const rows = this.prepare(
      `SELECT status, count(*) AS n FROM outbox_items i WHERE ${clause} GROUP BY status`
    ).all(...params) as { status: ItemStatus; n: number }[]
    for (const row of rows) byStatus[row.status] = row.n
    const optedOut = this.prepare(
      `SELECT count(*) AS n FROM outbox_items i WHERE ${clause} AND status = 'cancelled' AND failure_message = ?`
    ).get(...params, OPTED_OUT_COUNTED_NOTE) as { n: number }
    return { byStatus, optedOut: optedOut.n }
  }

  /**
   * What happened since `since` (ms), by when it happened rather than where items stand (happened-since.ts, the rule
   * the list's `happenedSince` filter shares): the messages the gateway took and sent since then, by their status now
   * (or when they left the outbox), of them those no longer in the outbox, and the items that failed, were cancelled,
   * or were cancelled because their number opted out since then.
   */
  since(since: number, optedOutReason: string): SinceCounts {
    // QA65: from the sent ledger (migration 68), the same rule kept apart from the items, so a sent message deleted
    // or purged since is still among them; it keeps the last days only (SENDS_KEPT_MS), enough for "today".
    // QA sentdeleted: in the same read, those whose item is gone (each looked up by its id), which the list the
    // number opens cannot hold, so the window says how many.
    const rows = this.prepare(
      `SELECT status, COUNT(*) AS n,
        SUM(NOT EXISTS (SELECT 1 FROM outbox_items WHERE id = outbox_sent_ledger.item_id)) AS deleted
      FROM outbox_sent_ledger WHERE accepted_at >= ? GROUP BY status`
    ).all(since) as { status: ItemStatus; n: number; deleted: number }[]
    const sent = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as StatusCounts
    const sentDeleted = { ...sent }
    for (const row of rows) {
      sent[row.status] = row.n
      sentDeleted[row.status] = row.deleted
    }
    const count = (event: Exclude<HappenedEvent, 'sent'>): number => {
      const { where, params } = happenedSince(event, since, optedOutReason)
      return (
        this.prepare(`SELECT COUNT(*) AS n FROM outbox_items WHERE ${where}`).get(...params) as { n: number }
      ).n
    }
    return {
      sent,
      sentDeleted,
      failed: count('failed'),
      cancelled: count('cancelled'),
      optedOut: count('optedOut')
    }
  }
}
