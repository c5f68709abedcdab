// A campaign's counts and the buckets they must make, adding up to its rows: run by the domain's test and the
// window's campaign summary (campaign-facts).
import type { CampaignBucket, CampaignCounts } from './campaign-buckets'

export interface CampaignBucketCase {
  name: string
  counts: CampaignCounts
  draft: boolean
  /** The non-empty buckets; every other is 0. */
  expected: Partial<Record<CampaignBucket, number>>
  total: number
}

export const CAMPAIGN_BUCKET_CASES: CampaignBucketCase[] = [
  {
    name: 'a draft: ready rows and rows the check skipped, nothing queued (QA11-15)',
    counts: { waiting: 12, skipped: 3 },
    draft: true,
    expected: { ready: 12, skipped: 3 },
    total: 15
  },
  {
    name: 'started: a ready row not handed over yet is queued',
    counts: { waiting: 4, queued: 2, read: 6, skipped: 3 },
    draft: false,
    expected: { queued: 6, read: 6, skipped: 3 },
    total: 15
  },
  {
    // QA23 Q23-04: "cancelled 5" and the Overview's "5 cancelled today" for customers who replied STOP, the operator
    // having cancelled nothing; then "2,974 rows cancelled" under a "cancelled 2,979". A row whose number opted out
    // during the campaign passed the check; its item is cancelled with the opt-out as its reason: its own bucket.
    name: 'opted out during the campaign: its own bucket, not cancelled; the check skipped 3',
    counts: { read: 10, cancelled: 1, optedOut: 2, skipped: 3 },
    draft: false,
    expected: { read: 10, cancelled: 1, optedOut: 2, skipped: 3 },
    total: 16
  },
  {
    name: 'taken back: cancelled here or at the gateway is cancelled, deleted for everyone its own bucket',
    counts: { cancelled: 1, cancelled_at_gateway: 2, revoked: 3, read: 1, skipped: 1 },
    draft: false,
    expected: { cancelled: 3, revoked: 3, read: 1, skipped: 1 },
    total: 8
  }
]
