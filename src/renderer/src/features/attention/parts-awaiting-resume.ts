// QA72: a campaign's part paused by its device's failure stays paused once the device is back, by design (the operator
// resumes it), and nothing on the strip said so: the header read "8 queued (8 paused)" while nothing went. The strip
// names each such part whose device can send again; while the device still fails, the device's own item says it all.
import { useEffect, useState } from 'react'
import type { CampaignView, DeviceView } from '../../../../shared/contract'
import { isSendable, quotaUsedUp } from '../../../../shared/device-status'
import { call, getApi } from '../../api'
import { coalescedReads } from '../../ui/coalesced-reads'

export interface PartAwaitingResume {
  campaign: CampaignView
  part: CampaignView['devices'][number]
  device: DeviceView
}

/**
 * The parts of running campaigns paused by the core (`autoPaused`) whose device can send again: each waits for the
 * operator's Resume. A campaign the operator paused, cancelled or finished waits for nothing here.
 */
export function partsAwaitingResume(
  campaigns: readonly CampaignView[],
  devices: readonly DeviceView[]
): PartAwaitingResume[] {
  return campaigns
    .filter((campaign) => campaign.status === 'running')
    .flatMap((campaign) =>
      campaign.devices.flatMap((part) => {
        const device = devices.find((d) => d.id === part.deviceId)
        const canSend = device !== undefined && isSendable(device.state) && !quotaUsedUp(device)
        return part.autoPaused !== null && canSend ? [{ campaign, part, device }] : []
      })
    )
}

/** Change notices joined into one read, as the Overview's campaigns join them. */
const CHANGES_GAP_MS = 250

/**
 * The running campaigns, read once and then each again as it changes (`campaigns:get` of the ones named by
 * `campaigns:changed`, not the whole list on every send), and as a Resume's reply tells (`took`). Read only while
 * `wanted`: a paused part holds queued messages, so nothing is read at the window's start in the common case (the
 * first load is over its goal, issue 29) and none is kept once no pause holds a message.
 */
export function useRunningCampaigns(wanted: boolean): {
  campaigns: readonly CampaignView[]
  took(view: CampaignView): void
} {
  const [campaigns, setCampaigns] = useState<ReadonlyMap<string, CampaignView>>(new Map())
  useEffect(() => {
    // A read when it is wanted again replaces what was kept: changes meanwhile were not followed.
    if (!wanted) return
    let on = true
    let listed = false
    const changed = new Set<string>()
    const reads = coalescedReads(async () => {
      // The ones changed before this read began are in it; any changed meanwhile bring another read.
      const ids = [...changed]
      changed.clear()
      if (!listed) {
        const reply = await call('campaigns:list', {})
        if (!on) return
        listed = true
        setCampaigns(new Map(reply.campaigns.filter(isRunning).map((c) => [c.id, c])))
        return
      }
      for (const id of ids) {
        const view = await call('campaigns:get', { id }).catch(() => null)
        if (on) setCampaigns((before) => withCampaign(before, id, view))
      }
    }, CHANGES_GAP_MS)
    reads.ask('now')
    const offChanged = getApi().on('campaigns:changed', ({ id }) => {
      changed.add(id)
      reads.ask('soon')
    })
    return () => {
      on = false
      reads.stop()
      offChanged()
    }
  }, [wanted])
  return {
    campaigns: wanted ? [...campaigns.values()] : [],
    took: (view) => setCampaigns((before) => withCampaign(before, view.id, view))
  }
}

function isRunning(campaign: CampaignView): boolean {
  return campaign.status === 'running'
}

/** `before` with `view` in place of `id`'s campaign; without it when it no longer runs (or is gone: null). */
function withCampaign(
  before: ReadonlyMap<string, CampaignView>,
  id: string,
  view: CampaignView | null
): ReadonlyMap<string, CampaignView> {
  if (!before.has(id) && (view === null || !isRunning(view))) return before
  const next = new Map(before)
  if (view !== null && isRunning(view)) next.set(id, view)
  else next.delete(id)
  return next
}
