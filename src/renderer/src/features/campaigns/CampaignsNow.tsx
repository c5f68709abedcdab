// The campaigns at work, for the Overview (issue 27, point 8): each sending or paused campaign with its state, its
// progress (rows sent of rows to send), its estimated end in its zone and why it waits, each opening the campaign; and
// each that ended today, with its verdict and when it ended, until the day is over.
import { useEffect, useRef, useState } from 'react'
import type { CampaignView, DeviceView } from '../../../../shared/contract'
import { runningFinishEstimate, type RunningFinish } from '../../../../shared/domain/finish-estimate'
import { call, getApi } from '../../api'
import { coalescedReads, type CoalescedReads } from '../../ui/coalesced-reads'
import { formatList, localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTimeInZone, formatSoonInZone } from '../../i18n/dates'
import { useOperatorDay } from '../../ui/use-operator-day'
import { useNavigation } from '../../stores/navigation'
import { useDevices } from '../../stores/devices'
import { useOutbox } from '../../stores/outbox'
import { useOperatorZone } from '../../stores/settings'
import {
  campaignDevices,
  campaignProgress,
  campaignProgressText,
  campaignStatusText,
  campaignZone,
  sendsNothingNow,
  unsentRowsParts
} from './campaign-facts'
import { campaignPartText, heldByState } from './wait-text'
import { isSendable } from '../../../../shared/device-status'
import { OVERVIEW_QUOTA_WAIT, quotaWaitText, type QuotaDevices } from '../../ui/quota-wait-words'

/** Sending or paused: what an operator watches. Drafts, and campaigns that ended before today, are on Campaigns. */
const AT_WORK: readonly CampaignView['status'][] = ['running', 'paused']

/**
 * Ended (finished or cancelled) since `since`: kept on the Overview for the day it ended, so the line watched while it
 * sent settles on its verdict ("finished · 38 of 40 sent") instead of vanishing the moment it finished.
 */
function endedSince(campaign: CampaignView, since: number): boolean {
  return (
    (campaign.status === 'finished' || campaign.status === 'cancelled') &&
    campaign.endedAt != null &&
    campaign.endedAt >= since
  )
}

/**
 * How long change notices wait to be joined into one read: a commit the terminal made raises one `campaigns:changed`
 * per campaign it touched and moves the outbox's counts, each its own message, and one read answers them all.
 */
const CHANGES_GAP_MS = 250

/**
 * The campaigns at work, asked again whenever a campaign changes, and whenever the outbox's counts move (delivery
 * reports move a campaign's progress without a campaign event): one `campaigns:list` (every campaign in one answer)
 * per burst of notices, never one per notice.
 */
function useCampaignsAtWork(): { campaigns: CampaignView[] | null; now: number } {
  const [campaigns, setCampaigns] = useState<CampaignView[] | null>(null)
  // The time the lines' estimates are read against: when the answer came, or when an estimated end passed.
  const [now, setNow] = useState(() => Date.now())
  const reads = useRef<CoalescedReads | null>(null)
  useEffect(() => {
    let on = true
    const atWork = coalescedReads(async () => {
      try {
        const reply = await call('campaigns:list', {})
        if (!on) return
        // Those ended on another day too: which day is today is the Overview's to say at each render.
        setCampaigns(reply.campaigns.filter((c) => AT_WORK.includes(c.status) || c.endedAt != null))
        setNow(Date.now())
      } catch {
        if (on) setCampaigns(null)
      }
    }, CHANGES_GAP_MS)
    reads.current = atWork
    atWork.ask('now')
    const offChanged = getApi().on('campaigns:changed', () => atWork.ask('soon'))
    const offCounts = useOutbox.subscribe((state, before) => {
      if (state.counts !== before.counts) atWork.ask('soon')
    })
    return () => {
      on = false
      atWork.stop()
      offChanged()
      offCounts()
      reads.current = null
    }
  }, [])
  // Stalled sends bring no event: when the next promised end passes, ask again (the core estimates from what remains
  // now) and meanwhile the line says it runs late instead of showing a time gone by.
  const nextEnd = Math.min(...(campaigns ?? []).map(promisedEnd).filter((at) => at >= now))
  useEffect(() => {
    if (!Number.isFinite(nextEnd)) return
    // setTimeout fires at once past ~24.8 days: a far end is looked at again daily, which changes nothing till then.
    const timer = setTimeout(
      () => {
        setNow(Date.now())
        reads.current?.ask('now')
      },
      Math.min(nextEnd - Date.now() + 1, DAY_MS)
    )
    return () => clearTimeout(timer)
  }, [nextEnd])
  return { campaigns, now }
}

const DAY_MS = 86_400_000

/** The time a campaign's estimate promises: of the part its devices' quotas cover, else of every row (or none). */
function promisedEnd(campaign: CampaignView): number {
  const quota = campaign.estimate.quotaFinish
  const at =
    quota?.kind === 'part' ? quota.at : quota?.kind === 'waits_for_quota' ? null : campaign.estimate.finishAt
  return at ?? Infinity
}

/**
 * A line's end: " · estimated end …", that it runs behind, the part the quotas cover, or nothing. What the rest waits
 * for is what tops up its devices' quota (the sandbox panel's Top up for the sandbox's, each named in a mix).
 */
function endText(
  t: ReturnType<typeof useT>,
  end: RunningFinish,
  at: (instant: number) => string,
  devices: QuotaDevices,
  list: (labels: readonly string[]) => string
): string {
  // `messages`: every row the estimate planned, the covered part's with the waiting ones.
  const waits = (waiting: number, messages: number): string =>
    quotaWaitText(t, OVERVIEW_QUOTA_WAIT.waitsForQuota, { waiting }, { devices, messages }, list)
  switch (end.kind) {
    case 'at':
      return ` · ${t('overview.campaigns.finish', { time: at(end.at) })}`
    case 'late':
      return ` · ${t('overview.campaigns.late')}`
    case 'part':
      return end.at === null
        ? ` · ${waits(end.waiting, end.covered + end.waiting)}`
        : ` · ${quotaWaitText(
            t,
            OVERVIEW_QUOTA_WAIT.finishPart,
            { covered: end.covered, waiting: end.waiting, time: at(end.at) },
            { devices, messages: end.covered + end.waiting },
            list
          )}`
    case 'waits_for_quota':
      return ` · ${waits(end.waiting, end.waiting)}`
    case 'none':
      return ''
  }
}

function CampaignLine({ campaign, now }: { campaign: CampaignView; now: number }): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  // Sent of the rows to send, deleted for everyone since counted and named, as the card's "ever sent" and the
  // Overview's "sent today" count them (campaignProgress).
  const progress = campaignProgress(campaign)
  const operatorZone = useOperatorZone()
  const zone = campaignZone(campaign.pacing, operatorZone)
  const sendingPaused = useOutbox((s) => s.sendingPaused)
  const devices = useDevices((s) => s.devices)
  // Held until the operator resumes (the campaign, or all sending), or no device of it can send, the campaign has no
  // end to promise (the estimate assumes it goes on now).
  const end = sendsNothingNow(campaign, sendingPaused, devices)
    ? ({ kind: 'none' } as const)
    : runningFinishEstimate(campaign.estimate.finishAt, campaign.estimate.quotaFinish, now)
  const deviceOf = (deviceId: string): DeviceView | undefined => devices.find((d) => d.id === deviceId)
  // Each part that waits or is held (by the core or by its device), named: one device held is not the campaign paused (QA F06);
  // and one whose sends are in doubt, checked at the gateway (QA12-05: said nowhere here). Only while it is at work: a
  // finished one waits for nothing (QA61: "Daily cap reached; continues at 17:00" under "finished · taken back").
  const waits = (AT_WORK.includes(campaign.status) ? campaign.devices : [])
    .filter(
      (d) =>
        d.wait !== null ||
        d.autoPaused !== null ||
        (d.checking ?? 0) > 0 ||
        heldByState(d, deviceOf(d.deviceId)) !== null
    )
    .map((d) => {
      const device = deviceOf(d.deviceId)
      const text = campaignPartText(d, device, t, {
        locale,
        timeZone: zone,
        sendingPaused,
        heldForTakeBack: campaign.heldForTakeBack === true
      })
      // Paused by a drop, the part waits for Resume even once the device is back: said here as the campaign says it.
      const back =
        (d.autoPaused === 'disconnected' || d.autoPaused === 'unreachable') &&
        device !== undefined &&
        isSendable(device.state)
      return back ? `${text} ${t('campaigns.autoPause.deviceBack')}` : text
    })
  return (
    <li className="overview-campaign" data-testid={`overview-campaign-${campaign.id}`}>
      {/* The row's J / K stop is the button that opens it, named by the campaign, so Enter opens it as a click does. */}
      <button
        type="button"
        className="button button--link overview-campaign-name"
        data-row-focus
        onClick={() => useNavigation.getState().navigate('campaigns', { campaignId: campaign.id })}
      >
        {campaign.name}
      </button>
      <span className="muted">
        {campaignStatusText(campaign, t, locale, sendingPaused, devices, operatorZone)}
      </span>
      <span className="overview-campaign-facts">
        {/* Each bucket of the rows not sent named beside the sent, so the parts add up to the rows to send. */}
        {[campaignProgressText(progress, t, locale), ...unsentRowsParts(campaign, t, locale)].join(' · ')}
        {campaign.endedAt != null && !AT_WORK.includes(campaign.status)
          ? ` · ${t('overview.campaigns.ended', { time: formatSoonInZone(campaign.endedAt, locale, zone) })}`
          : null}
        {endText(
          t,
          end,
          (at) => formatDateTimeInZone(new Date(at).toISOString(), locale, zone),
          campaignDevices(campaign, devices),
          (labels) => formatList(labels, language)
        )}
      </span>
      {waits.length > 0 ? (
        <span className="overview-campaign-facts muted" data-testid="overview-campaign-wait">
          {waits.join(' · ')}
        </span>
      ) : null}
    </li>
  )
}

export function CampaignsNow(): React.JSX.Element {
  const t = useT()
  const { campaigns: read, now } = useCampaignsAtWork()
  // Those ended since the operator's midnight (Date.parse: todayIn's ISO bounds).
  const today = Date.parse(useOperatorDay().since)
  // At work first, as read; then those ended today, the last to end first.
  const campaigns =
    read === null
      ? null
      : [
          ...read.filter((c) => AT_WORK.includes(c.status)),
          ...read.filter((c) => endedSince(c, today)).sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0))
        ]
  return (
    <section className="card overview-campaigns" aria-labelledby="overview-campaigns-title">
      <h3 id="overview-campaigns-title">{t('overview.campaigns')}</h3>
      {campaigns === null ? null : campaigns.length === 0 ? (
        <p className="muted">{t('overview.campaigns.none')}</p>
      ) : (
        <ul className="overview-campaign-list">
          {campaigns.map((campaign) => (
            <CampaignLine key={campaign.id} campaign={campaign} now={now} />
          ))}
        </ul>
      )}
    </section>
  )
}
