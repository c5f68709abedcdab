// The Outbox's Campaign filter (QA73): the campaigns it offers (the summary's counts under it: filtered-counts.ts).
import { useEffect, useState } from 'react'
import type { Translate } from '../../../../shared/i18n'
import { call, getApi } from '../../api'
import { DIRECT_SENDS_ONLY } from '../../stores/outbox'
import { coalescedReads } from '../../ui/coalesced-reads'

/** The campaigns are asked again at most this often while they change. */
const CHOICES_GAP_MS = 1000

/** A campaign's name as the Campaign filter says it: "Direct sends only" for the messages of none (QA73). */
export function campaignChoiceName(campaigns: readonly CampaignChoice[], id: string, t: Translate): string {
  if (id === DIRECT_SENDS_ONLY) return t('outbox.filter.directOnly')
  return campaigns.find((c) => c.id === id)?.name ?? id
}

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
    }, CHOICES_GAP_MS)
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
