// A campaign's rows in the one counting model (status-buckets.ts): the campaign page counts with the same buckets as
// the Overview, the Outbox and the send cards, plus the two its rows alone have (ready, skipped by the check).
import type { OutboxStatusName } from './enums'
import { bucketCounts, bucketOf, STATUS_BUCKETS } from './status-buckets'

/**
 * A row the check skipped is `skipped` (it never became an outbox item); a row with an outbox item is in its status's
 * bucket whatever the reason it got there — one whose number opted out during the campaign is `cancelled`, as the
 * Overview and the Outbox count it (QA17 Q17-03: "skipped by the check" on the campaign page only); a ready row not
 * handed to the queue yet is `ready` in a draft (which queues nothing, QA11-15) and `queued` once started.
 */
export const CAMPAIGN_BUCKETS = ['ready', ...STATUS_BUCKETS, 'skipped'] as const
export type CampaignBucket = (typeof CAMPAIGN_BUCKETS)[number]

/** A campaign's counts as the core gives them: per outbox status, plus `waiting` (ready, unqueued) and `skipped`. */
export type CampaignCounts = Partial<Record<OutboxStatusName | 'waiting' | 'skipped', number>>

/** The campaign's rows by bucket; `total` is their sum, so a summary naming every bucket adds up to the rows. */
export function campaignBucketCounts(
  counts: CampaignCounts,
  draft: boolean
): Record<CampaignBucket, number> & { total: number } {
  const { waiting = 0, skipped = 0, ...byStatus } = counts
  const outbox = bucketCounts(byStatus)
  return draft
    ? { ready: waiting, ...outbox, skipped, total: outbox.total + waiting + skipped }
    : {
        ready: 0,
        ...outbox,
        queued: outbox.queued + waiting,
        skipped,
        total: outbox.total + waiting + skipped
      }
}

/** The bucket of one row: its outbox status's when it has one, else skipped (problems) or ready/queued. */
export function campaignRowBucket(
  row: { status: OutboxStatusName | null; skippedByCheck: boolean },
  draft: boolean
): CampaignBucket {
  if (row.status !== null) return bucketOf(row.status)
  if (row.skippedByCheck) return 'skipped'
  return draft ? 'ready' : 'queued'
}
