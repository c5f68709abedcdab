// A summary of outbox counts in words, by the domain's one counting model: it names every bucket it counts (the
// empty ones only when asked to), so its parts always add up to the total it ends with.
import {
  summaryBuckets,
  type BucketCounts,
  type StatusBucket
} from '../../../../shared/domain/status-buckets'
import type { Translate } from '../../../../shared/i18n'

/**
 * Parts of a bucket said with it, as the header says them: of the queued, those a pause holds (`queuedPaused`,
 * pausedOfQueued); of the scheduled, those that will not be sent, their number opted out (`scheduledOptedOut`,
 * optedOutOfScheduled, QA76).
 */
export interface BucketPartsSaid {
  queuedPaused?: number
  scheduledOptedOut?: number
}

/**
 * "2 waiting · 6 read · 200 cancelled · 0 failed": the buckets, worded, in the model's order, with the parts `said`
 * when they count some.
 */
export function bucketParts(
  counts: BucketCounts,
  t: Translate,
  always: readonly StatusBucket[] = [],
  { queuedPaused = 0, scheduledOptedOut = 0 }: BucketPartsSaid = {}
): string[] {
  return summaryBuckets(counts, always).map(({ bucket, count }) =>
    bucket === 'queued' && queuedPaused > 0
      ? t('buckets.queuedPaused', { count, paused: queuedPaused })
      : bucket === 'scheduled' && scheduledOptedOut > 0
        ? t('buckets.scheduledOptedOut', { count, optedOut: scheduledOptedOut })
        : t(`buckets.${bucket}`, { count })
  )
}

/** The same ending with the total: "2 waiting · 6 read · 200 cancelled · 0 failed · 208 in all". */
export function bucketLine(
  counts: BucketCounts,
  t: Translate,
  always: readonly StatusBucket[] = [],
  said: BucketPartsSaid = {}
): string {
  return [...bucketParts(counts, t, always, said), t('buckets.total', { count: counts.total })].join(' · ')
}
