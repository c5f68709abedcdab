/**
 * A campaign's rows by bucket (the domain's campaign-buckets) in words: one choice for the window's campaign page, the
 * Overview's line of a campaign, and the terminal's `campaign status`, whose "Sent:" line named its own buckets
 * ("accepted", "waiting") and left out the rows deleted for everyone, cancelled at the gateway, scheduled or being
 * handed over, so it did not add up to its ready rows (issue 29 point 2: one counting model). Pure: each reader says
 * the keys in its language (the window's `t`, the terminal's `translate('en', …)`).
 */
import { campaignBucketCounts, type CampaignBucket } from './domain/campaign-buckets'
import type { CampaignView } from './contract'

/** Each bucket's words, in the order the campaign's page names them. */
export const CAMPAIGN_BUCKET_KEY = {
  ready: 'campaigns.count.ready',
  queued: 'campaigns.count.queued',
  scheduled: 'campaigns.count.scheduled',
  withGateway: 'campaigns.count.withGateway',
  sent: 'campaigns.count.sent',
  delivered: 'campaigns.count.delivered',
  read: 'campaigns.count.read',
  failed: 'campaigns.count.failed',
  skipped: 'campaigns.count.skipped',
  cancelled: 'campaigns.count.cancelled',
  // Apart from cancelled: nobody cancelled these, the customer opted out (QA23 Q23-04).
  optedOut: 'campaigns.count.optedOut',
  revoked: 'campaigns.count.revoked'
} as const satisfies Record<CampaignBucket, `campaigns.count.${string}`>

/**
 * Where a campaign's ready rows (every row the check did not skip) are: each bucket that holds some, in the order the
 * campaign's page names them, with its count. The skipped are the check's, said with their reasons; these add up to
 * the campaign's ready rows (its summary's `ready`).
 */
export function readyRowBuckets(
  campaign: Pick<CampaignView, 'status' | 'counts'>
): { bucket: Exclude<CampaignBucket, 'skipped'>; count: number }[] {
  const counts = campaignBucketCounts(campaign.counts, campaign.status === 'draft')
  return (Object.keys(CAMPAIGN_BUCKET_KEY) as CampaignBucket[]).flatMap((bucket) =>
    bucket !== 'skipped' && counts[bucket] > 0 ? [{ bucket, count: counts[bucket] }] : []
  )
}
