// The Outbox's Campaign filter (QA73): the campaigns it offers, and the summary's counts under it (that campaign's
// messages, as its card counts them), asked of the core and again as the outbox moves.
import { useEffect, useState } from 'react'
import type { OutboxCounts } from '../../../../shared/contract'
import { call, getApi } from '../../api'
import { useOutbox } from '../../stores/outbox'
import { coalescedReads } from '../../ui/coalesced-reads'

/** The summary's counts follow a sending campaign at most this often (the header's counts move by the message). */
const COUNTS_GAP_MS = 1000

export interface CampaignChoice {
  id: string
  name: string
}

/**
 * Every campaign, by name, newest first as the Campaigns view lists them; asked again when one the list does not
 * know changes (created meanwhile). None while unanswered or when the core cannot say: the filter still works by id.
 */
export function useCampaignChoices(): readonly CampaignChoice[] {
  const [choices, setChoices] = useState<readonly CampaignChoice[]>([])
  useEffect(() => {
    let on = true
    let known = new Set<string>()
    const reads = coalescedReads(async () => {
      const { campaigns } = await call('campaigns:list', {})
      if (!on) return
      known = new Set(campaigns.map((c) => c.id))
      setChoices(campaigns.map(({ id, name }) => ({ id, name })))
    }, COUNTS_GAP_MS)
    reads.ask('now')
    const offChanged = getApi().on('campaigns:changed', ({ id }) => {
      if (!known.has(id)) reads.ask('soon')
    })
    return () => {
      on = false
      reads.stop()
      offChanged()
    }
  }, [])
  return choices
}

/**
 * The counts of one campaign's messages (`outbox:counts` by campaign), asked when it is picked and again as the
 * outbox's counts move; null without a campaign, and until the first answer (the whole outbox's are not its).
 */
export function useCampaignCounts(campaignId: string): OutboxCounts | null {
  const [counts, setCounts] = useState<{ campaignId: string; counts: OutboxCounts } | null>(null)
  useEffect(() => {
    if (!campaignId) return
    let on = true
    const reads = coalescedReads(async () => {
      const reply = await call('outbox:counts', { campaignId })
      if (on) setCounts({ campaignId, counts: reply })
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
  }, [campaignId])
  return campaignId && counts?.campaignId === campaignId ? counts.counts : null
}
