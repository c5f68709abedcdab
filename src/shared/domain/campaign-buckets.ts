// A campaign's rows in the one counting model (status-buckets.ts): the campaign page counts with the same buckets as
// the Overview, the Outbox and the send cards, plus the two its rows alone have (ready, skipped by the check).
import type { OutboxStatusName } from './enums'
import { bucketCounts, bucketOf, STATUS_BUCKETS } from './status-buckets'

/**
 * A row the check skipped is `skipped` (it never became an outbox item); a row with an outbox item is in its status's
 * bucket, but for one cancelled because its number opted out during the campaign: `optedOut`, its own bucket — nobody
 * cancelled it (QA23 Q23-04: "cancelled 5" for five customers' STOP, and "2,974 rows cancelled" under a "cancelled
 * 2,979"); a ready row not handed to the queue yet is `ready` in a draft (which queues nothing, QA11-15) and `queued`
 * once started.
 */
export const CAMPAIGN_BUCKETS = ['ready', ...STATUS_BUCKETS, 'optedOut', 'skipped'] as const
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
  const { waiting = 0, skipped = 0, optedOut = 0, ...byStatus } = counts
  const outbox = bucketCounts(byStatus)
  const total = outbox.total + waiting + optedOut + skipped
  return draft
    ? { ready: waiting, ...outbox, optedOut, skipped, total }
    : { ready: 0, ...outbox, queued: outbox.queued + waiting, optedOut, skipped, total }
}

/**
 * The bucket of one row: `optedOut` when its item was cancelled because its number opted out (`optedOut`: the item's
 * reason says so), else its outbox status's when it has one, else skipped (problems) or ready/queued.
 */
export function campaignRowBucket(
  row: { status: OutboxStatusName | null; skippedByCheck: boolean; optedOut?: boolean },
  draft: boolean
): CampaignBucket {
  if (row.status === 'cancelled' && row.optedOut === true) return 'optedOut'
  if (row.status !== null) return bucketOf(row.status)
  if (row.skippedByCheck) return 'skipped'
  return draft ? 'ready' : 'queued'
}
