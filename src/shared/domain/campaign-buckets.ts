// A campaign's rows in the one counting model (status-buckets.ts): the campaign page counts with the same buckets as
// the Overview, the Outbox and the send cards, plus the two its rows alone have (ready, skipped by the check).
import type { OutboxStatusName } from './enums'
import { bucketCounts, bucketOfItem, STATUS_BUCKETS } from './status-buckets'

/**
 * A row the check skipped is `skipped` (it never became an outbox item); a row with an outbox item is in its item's
 * bucket (the outbox's), so one cancelled because its number opted out during the campaign is `optedOut` — nobody
 * cancelled it (QA23 Q23-04: "cancelled 5" for five customers' STOP, and "2,974 rows cancelled" under a "cancelled
 * 2,979"); a ready row not handed to the queue yet is `ready` in a draft (which queues nothing, QA11-15) and `queued`
 * once started.
 */
export const CAMPAIGN_BUCKETS = ['ready', ...STATUS_BUCKETS, 'skipped'] as const
export type CampaignBucket = (typeof CAMPAIGN_BUCKETS)[number]

/**
 * A campaign's counts as the core gives them: per outbox status, plus `waiting` (ready, unqueued), `skipped`, and
 * `optedOut` — the items cancelled because their number opted out, counted there and not under `cancelled`.
 */
export type CampaignCounts = Partial<Record<OutboxStatusName | 'waiting' | 'skipped' | 'optedOut', number>>

/** The campaign's rows by bucket; `total` is their sum, so a summary naming every bucket adds up to the rows. */
export function campaignBucketCounts(
  counts: CampaignCounts,
  draft: boolean
): Record<CampaignBucket, number> & { total: number } {
  const { waiting = 0, skipped = 0, ...byStatus } = counts
  // The core counts the opted out apart from the cancelled; the outbox's model takes them as a part of that status.
  const outbox = bucketCounts({
    ...byStatus,
    cancelled: (byStatus.cancelled ?? 0) + (byStatus.optedOut ?? 0)
  })
  const total = outbox.total + waiting + skipped
  return draft
    ? { ready: waiting, ...outbox, skipped, total }
    : { ready: 0, ...outbox, queued: outbox.queued + waiting, skipped, total }
}

/**
 * Of the rows the check skipped, those whose number was on the opt-out list (`skippedWhy`: the check's summary by
 * first problem): a part of `skipped`, named with it, never a bucket — `optedOut` is the items cancelled because the
 * number opted out after the check, as the Outbox and the Overview count them. "Before you start" says "Skipped rows
 * 2 (2 opted out)"; the card said "skipped by the check 2" and "opted out (not sent) 0" (QA28 Q28-06).
 */
export function skippedForOptOut(
  counts: CampaignCounts,
  skippedWhy: Partial<Record<string, number>>
): number {
  return Math.min(counts.skipped ?? 0, skippedWhy.opted_out ?? 0)
}

/**
 * The bucket of one row: `optedOut` when its item was cancelled because its number opted out (`optedOut`: the item's
 * reason says so), else its outbox status's when it has one, else skipped (problems) or ready/queued.
 */
export function campaignRowBucket(
  row: { status: OutboxStatusName | null; skippedByCheck: boolean; optedOut?: boolean },
  draft: boolean
): CampaignBucket {
  if (row.status !== null)
    return bucketOfItem({ status: row.status, failureCode: row.optedOut === true ? 'opted_out' : null })
  if (row.skippedByCheck) return 'skipped'
  return draft ? 'ready' : 'queued'
}
