// A summary of outbox counts in words, by the domain's one counting model: it names every bucket it counts (the
// empty ones only when asked to), so its parts always add up to the total it ends with.
import {
  summaryBuckets,
  type BucketCounts,
  type StatusBucket
} from '../../../../shared/domain/status-buckets'
import type { Translate } from '../../../../shared/i18n'

/**
 * "2 waiting · 6 read · 200 cancelled · 0 failed": the buckets, worded, in the model's order; of the queued, those a
 * pause holds said with them when `queuedPaused` (pausedOfQueued) counts some, as the header says them.
 */
export function bucketParts(
  counts: BucketCounts,
  t: Translate,
  always: readonly StatusBucket[] = [],
  queuedPaused = 0
): string[] {
  return summaryBuckets(counts, always).map(({ bucket, count }) =>
    bucket === 'queued' && queuedPaused > 0
      ? t('buckets.queuedPaused', { count, paused: queuedPaused })
      : t(`buckets.${bucket}`, { count })
  )
}

/** The same ending with the total: "2 waiting · 6 read · 200 cancelled · 0 failed · 208 in all". */
export function bucketLine(
  counts: BucketCounts,
  t: Translate,
  always: readonly StatusBucket[] = [],
  queuedPaused = 0
): string {
  return [...bucketParts(counts, t, always, queuedPaused), t('buckets.total', { count: counts.total })].join(
    ' · '
  )
}
