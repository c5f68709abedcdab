// The Outbox's summary under its Device and Campaign filters (QA73, issue 29 point 2: every summary adds up to what it
// counts): the counts of what the list lists, asked of the core and again as the outbox moves, and the words naming
// what they count ("Bills March on Front office: …").
import { useEffect, useState } from 'react'
import type { OutboxCounts } from '../../../../shared/contract'
import type { Translate } from '../../../../shared/i18n'
import { call } from '../../api'
import { DIRECT_SENDS_ONLY, useOutbox, type OutboxFilters } from '../../stores/outbox'
import { coalescedReads } from '../../ui/coalesced-reads'

/** The summary's counts follow a sending outbox at most this often (the header's counts move by the message). */
const COUNTS_GAP_MS = 1000

/** The filters the summary counts by: the others (a search, dates, statuses) narrow the list, not the summary. */
export type SummaryFilters = Pick<OutboxFilters, 'deviceId' | 'campaignId'>

/** Whether the summary counts part of the outbox, not all of it (the header's counts). */
export const summaryFiltered = (filters: SummaryFilters): boolean =>
  filters.deviceId !== '' || filters.campaignId !== ''

/**
 * The counts of the messages on the filtered device and of the filtered campaign (`outbox:counts` by both; a
 * campaign's as its card counts them), asked when the filters change and again as the outbox's counts move; null
 * without either, and until the first answer (the whole outbox's are not theirs).
 */
export function useFilteredCounts({ deviceId, campaignId }: SummaryFilters): OutboxCounts | null {
  const [counts, setCounts] = useState<{ key: string; counts: OutboxCounts } | null>(null)
  const key = JSON.stringify([deviceId, campaignId])
  const filtered = summaryFiltered({ deviceId, campaignId })
  useEffect(() => {
    if (!filtered) return
    let on = true
    const reads = coalescedReads(async () => {
      const reply = await call('outbox:counts', {
        ...(deviceId ? { deviceId } : {}),
        ...(campaignId === DIRECT_SENDS_ONLY ? { directOnly: true } : campaignId ? { campaignId } : {})
      })
      if (on) setCounts({ key, counts: reply })
    }, COUNTS_GAP_MS)
    reads.ask('now')
    const offCounts = useOutbox.subscribe((state, before) => {
      if (state.counts !== before.counts) reads.ask('soon')
    })
    return () => {
      on = false
      reads.stop()
      offCounts()
    }
  }, [filtered, key, deviceId, campaignId])
  return filtered && counts?.key === key ? counts.counts : null
}

/**
 * What a filtered summary counts, named before its numbers as the list's chips name them: the device, the campaign,
 * or the campaign on the device; null for the whole outbox.
 */
export function summaryScope(
  filters: SummaryFilters,
  names: { device: (id: string) => string; campaign: (id: string) => string },
  t: Translate
): string | null {
  const device = filters.deviceId ? names.device(filters.deviceId) : null
  const campaign = filters.campaignId ? names.campaign(filters.campaignId) : null
  if (device !== null && campaign !== null) return t('outbox.summary.campaignOnDevice', { campaign, device })
  return campaign ?? device
}
