// What a campaign's view shows about it wherever it is shown (the campaign itself, the Overview): its rows in one
// counting model, its status's words and the zone its times are promised in. Kept apart from CampaignsView so the
// Overview, loaded at start, does not load the whole campaigns view (it is loaded on demand).
import type { CampaignView, PacingPolicyView } from '../../../../shared/contract'
import type { MessageKey } from '../../i18n'
import { computerZone } from '../../i18n/dates'
import { bucketCounts, type StatusBucket } from '../../../../shared/domain/status-buckets'

/**
 * A campaign's row buckets: the outbox's (the domain's one counting model, status-buckets.ts) with the rows the outbox
 * does not hold folded in — a ready row not handed to the queue yet is waiting, a row the check skipped is its own
 * bucket. Every row is in exactly one, so they add up to the rows.
 */
export type CampaignBucket = StatusBucket | 'skipped'

/** The campaign's rows by bucket (its counts: per outbox status, plus `waiting` unqueued and `skipped` rows). */
export function rowBuckets(counts: Record<string, number>): Record<CampaignBucket, number> {
  const { waiting = 0, skipped = 0, ...byStatus } = counts
  const { total: _total, ...outbox } = bucketCounts(byStatus)
  return { ...outbox, waiting: outbox.waiting + waiting, skipped }
}

const STATUS_KEY: Record<CampaignView['status'], MessageKey> = {
  draft: 'campaigns.status.draft',
  running: 'campaigns.status.running',
  paused: 'campaigns.status.paused',
  cancelled: 'campaigns.status.cancelled',
  finished: 'campaigns.status.finished'
}

/**
 * Whether nothing of the campaign goes on until the operator resumes: paused by the operator, or running with every
 * device's part paused by itself (the device dropped, the gateway was unreachable, the quota was spent…).
 */
export function isHeld(campaign: Pick<CampaignView, 'status' | 'devices'>): boolean {
  return (
    campaign.status === 'paused' ||
    (campaign.status === 'running' &&
      campaign.devices.length > 0 &&
      campaign.devices.every((d) => d.autoPaused !== null))
  )
}

/**
 * The campaign's state in words, true to its own buckets: "paused" when nothing goes on (isHeld), and not "finished"
 * while rows are still with the gateway unsent (the core finishes a campaign once it has handed every row over).
 */
export function campaignStatusKey(campaign: Pick<CampaignView, 'status' | 'devices' | 'counts'>): MessageKey {
  if (isHeld(campaign)) return 'campaigns.status.paused'
  if (campaign.status === 'finished' && rowBuckets(campaign.counts).withGateway > 0)
    return 'campaigns.status.withGateway'
  return STATUS_KEY[campaign.status]
}

/** The zone a campaign's times are promised in: its working hours' zone, else the computer's. */
export function campaignZone(pacing: PacingPolicyView): string {
  return pacing.workingHours?.timeZone ?? computerZone()
}
