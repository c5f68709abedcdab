// A campaign's counts and the buckets they must make, adding up to its rows: run by the domain's test and the
// window's campaign summary (campaign-facts).
import type { CampaignBucket, CampaignCounts } from './campaign-buckets'

export interface CampaignBucketCase {
  name: string
  counts: CampaignCounts
  draft: boolean
  /** The check's skipped rows by their first problem (the campaign's summary.byProblem). */
  skippedWhy?: Partial<Record<string, number>>
  /** The non-empty buckets; every other is 0. */
  expected: Partial<Record<CampaignBucket, number>>
  total: number
  /** Of the skipped rows, those the check left out because their number was on the opt-out list (named with them). */
  skippedOptedOut?: number
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
    skippedWhy: { invalid_phone: 3 },
    draft: false,
    expected: { read: 10, cancelled: 1, optedOut: 2, skipped: 3 },
    total: 16,
    skippedOptedOut: 0
  },
  {
    // QA28 Q28-06: "Before you start" said "Skipped rows 2 (2 opted out)", the card "skipped by the check 2" and
    // "opted out (not sent) 0". Numbers on the list at the check never became items: they stay skipped (the Outbox
    // and the Overview count opted out items, which these are not), and the skipped bucket names them.
    name: 'on the opt-out list at the check: skipped, and named as a part of the skipped',
    counts: { queued: 6, skipped: 2 },
    skippedWhy: { opted_out: 2 },
    draft: false,
    expected: { queued: 6, skipped: 2 },
    total: 8,
    skippedOptedOut: 2
  },
  {
    name: 'opted out before the start and during it: each counted once, where it was left out',
    counts: { read: 4, optedOut: 1, skipped: 3 },
    skippedWhy: { opted_out: 1, duplicate: 2 },
    draft: false,
    expected: { read: 4, optedOut: 1, skipped: 3 },
    total: 8,
    skippedOptedOut: 1
  },
  {
    name: 'a draft names its opted out among the skipped as its "Before you start" does',
    counts: { waiting: 5, skipped: 2 },
    skippedWhy: { opted_out: 2 },
    draft: true,
    expected: { ready: 5, skipped: 2 },
    total: 7,
    skippedOptedOut: 2
  },
  {
    name: 'taken back: cancelled here or at the gateway is cancelled, deleted for everyone its own bucket',
    counts: { cancelled: 1, cancelled_at_gateway: 2, revoked: 3, read: 1, skipped: 1 },
    draft: false,
    expected: { cancelled: 3, revoked: 3, read: 1, skipped: 1 },
    total: 8
  }
]
