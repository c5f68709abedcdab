import { describe, expect, it } from 'vitest'
import {
  CAMPAIGN_BUCKETS,
  campaignBucketCounts,
  campaignRowBucket,
  skippedForOptOut
} from './campaign-buckets'
import { CAMPAIGN_BUCKET_CASES } from './campaign-buckets.cases'

describe('a campaign counts its rows in the one counting model', () => {
  it.each(CAMPAIGN_BUCKET_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const counts = campaignBucketCounts(c.counts, c.draft)
    const { total, ...buckets } = counts
    expect(buckets).toEqual(Object.fromEntries(CAMPAIGN_BUCKETS.map((b) => [b, c.expected[b] ?? 0])))
    expect(total).toBe(c.total)
    expect(CAMPAIGN_BUCKETS.reduce((sum, bucket) => sum + counts[bucket], 0)).toBe(total)
    // A part of the skipped, never a bucket of its own: the buckets above still add up without it.
    expect(skippedForOptOut(c.counts, c.skippedWhy ?? {})).toBe(c.skippedOptedOut ?? 0)
  })

  it('puts a row in the bucket of its outbox status, one cancelled because its number opted out in its own', () => {
    expect(campaignRowBucket({ status: 'cancelled', skippedByCheck: false }, false)).toBe('cancelled')
    expect(campaignRowBucket({ status: 'cancelled', skippedByCheck: false, optedOut: true }, false)).toBe(
      'optedOut'
    )
    // Sent before the number opted out: where it stands.
    expect(campaignRowBucket({ status: 'read', skippedByCheck: false, optedOut: true }, false)).toBe('read')
    expect(campaignRowBucket({ status: 'sending', skippedByCheck: false }, false)).toBe('queued')
    expect(campaignRowBucket({ status: null, skippedByCheck: true }, false)).toBe('skipped')
    expect(campaignRowBucket({ status: null, skippedByCheck: false }, true)).toBe('ready')
    expect(campaignRowBucket({ status: null, skippedByCheck: false }, false)).toBe('queued')
  })
})
