// What a campaign's view shows about it wherever it is shown (the campaign itself, the Overview): its rows in one
// counting model, its status's words and the zone its times are promised in. Kept apart from CampaignsView so the
// Overview, loaded at start, does not load the whole campaigns view (it is loaded on demand).
import type { CampaignView, PacingPolicyView } from '../../../../shared/contract'
import type { MessageKey } from '../../i18n'
import { computerZone } from '../../i18n/dates'

/**
 * One counting model for a campaign's rows: every row is in exactly one bucket, so the buckets add up to the rows.
 * The core counts by outbox status; the in-flight statuses (sending, accepted) are "sending", the not-yet-sent ones
 * (not queued, scheduled, queued) "waiting".
 */
export const BUCKETS = {
  waiting: ['waiting', 'scheduled', 'queued'],
  sending: ['sending', 'accepted'],
  sent: ['sent'],
  delivered: ['delivered'],
  read: ['read'],
  failed: ['failed'],
  skipped: ['skipped'],
  // Cancelled here or at the gateway (a take-back): it never reached the customer.
  cancelled: ['cancelled', 'cancelled_at_gateway'],
  revoked: ['revoked']
} as const

/** The campaign's rows by bucket; a status the window does not know yet counts as sending (never nowhere). */
export function rowBuckets(counts: Record<string, number>): Record<keyof typeof BUCKETS, number> {
  const result = {
    waiting: 0,
    sending: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    failed: 0,
    skipped: 0,
    cancelled: 0,
    revoked: 0
  }
  for (const [status, n] of Object.entries(counts)) {
    const bucket = (Object.keys(BUCKETS) as (keyof typeof BUCKETS)[]).find((b) =>
      (BUCKETS[b] as readonly string[]).includes(status)
    )
    result[bucket ?? 'sending'] += n
  }
  return result
}

export const STATUS_KEY: Record<CampaignView['status'], MessageKey> = {
  draft: 'campaigns.status.draft',
  running: 'campaigns.status.running',
  paused: 'campaigns.status.paused',
  cancelled: 'campaigns.status.cancelled',
  finished: 'campaigns.status.finished'
}

/** The zone a campaign's times are promised in: its working hours' zone, else the computer's. */
export function campaignZone(pacing: PacingPolicyView): string {
  return pacing.workingHours?.timeZone ?? computerZone()
}
