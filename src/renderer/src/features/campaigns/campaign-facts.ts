// What a campaign's view shows about it wherever it is shown (the campaign itself, the Overview): its rows in one
// counting model, its status's words and the zone its times are promised in. Kept apart from CampaignsView so the
// Overview, loaded at start, does not load the whole campaigns view (it is loaded on demand).
import type { CampaignView, DeviceView, PacingPolicyView } from '../../../../shared/contract'
import type { MessageKey, Translate } from '../../i18n'
import { formatCount, formatDateTimeInZone } from '../../i18n/dates'
import { campaignBucketCounts, type CampaignBucket } from '../../../../shared/domain/campaign-buckets'
import { campaignHeld } from '../../../../shared/domain/finish-estimate'
import { REPORTED_SENT_BUCKETS } from '../../../../shared/domain/status-buckets'
import { CAMPAIGN_BUCKET_KEY as SHARED_BUCKET_KEY } from '../../../../shared/campaign-bucket-words'
import { checkingHolds, heldByState, waitUntilText } from './wait-text'

/** The devices a campaign's parts run on, as the window knows them now (their states). */
export type KnownDevices = readonly Pick<DeviceView, 'id' | 'state'>[]

/**
 * The known devices a campaign sends through (those not known here are left out), in the campaign's order: the order
 * its start deals them rows (campaigns.ts start), which each one's part of a quota's shortfall follows.
 */
export function campaignDevices<D extends Pick<DeviceView, 'id'>>(
  campaign: Pick<CampaignView, 'devices'>,
  devices: readonly D[]
): D[] {
  return inDealOrder(
    campaign.devices.map((part) => part.deviceId),
    devices
  )
}

/** Of `devices`, those `ids` name, in `ids`' order: the order a campaign's start deals its rows to them. */
export function inDealOrder<D extends Pick<DeviceView, 'id'>>(
  ids: readonly string[],
  devices: readonly D[]
): D[] {
  return ids.flatMap((id) => devices.filter((d) => d.id === id))
}

/** A campaign's row buckets: the shared domain's (campaign-buckets.ts), every row in exactly one. */
export type { CampaignBucket }

/** The campaign's rows by bucket (its counts: per outbox status, plus `waiting` unqueued and `skipped` rows). */
export function rowBuckets(
  campaign: Pick<CampaignView, 'status' | 'counts'>
): Record<CampaignBucket, number> {
  const { total: _total, ...buckets } = campaignBucketCounts(campaign.counts, campaign.status === 'draft')
  return buckets
}

/**
 * How far a campaign has gone, one measure wherever it is said (the Overview's line, the screen reader's milestones):
 * `rows` to send (every row but the skipped ones), `sent` those the gateway reported sent wherever they went since
 * (deleted for everyone too, `revoked` of them, named), and `done` those no longer waiting to be handed to the gateway.
 * Counting the skipped rows as done made a paused campaign "6 of 9 rows done" beside the Overview's "1 of 4 sent".
 */
export function campaignProgress(
  campaign: Pick<CampaignView, 'status' | 'counts' | 'takenBackAt' | 'takeBackPending'>
): {
  rows: number
  sent: number
  done: number
  revoked: number
  /**
   * Taken back, the sent messages the take-back left with the customers (not deleted for everyone): said once it owes
   * no more calls, as those it still owes may delete them (QA64: "3 left" of three about to be deleted).
   */
  kept: number
} {
  const buckets = rowBuckets(campaign)
  const rows = Object.values(buckets).reduce((sum, n) => sum + n, 0) - buckets.skipped
  const sent = REPORTED_SENT_BUCKETS.reduce((sum, bucket) => sum + buckets[bucket], 0)
  const done = rows - buckets.ready - buckets.queued - buckets.scheduled
  const settled = campaign.takenBackAt != null && (campaign.takeBackPending ?? 0) === 0
  const kept = settled ? sent - buckets.revoked : 0
  return { rows, sent, done, revoked: buckets.revoked, kept }
}

/**
 * Each bucket's words, as the campaign's counts name them (CampaignsView), in the order they are named; the
 * Overview's line names its rows not sent with them, and the terminal's `campaign status` its ready rows (one choice
 * of words, shared/campaign-bucket-words.ts). Each one a key of the window's catalogues.
 */
export const CAMPAIGN_BUCKET_KEY = SHARED_BUCKET_KEY satisfies Record<CampaignBucket, MessageKey>

/**
 * Of the rows to send, those not sent, each bucket that holds some in the campaign's words ("1 failed", "1 opted out
 * during the campaign (not sent)"): beside "2 of 5 sent" they add up to its 5. The skipped are not rows to send
 * (campaignProgress). QA67: "2 dari 3 terkirim" named its third row, opted out, nowhere.
 */
export function unsentRowsParts(
  campaign: Pick<CampaignView, 'status' | 'counts'>,
  t: Translate,
  locale: string
): string[] {
  const buckets = rowBuckets(campaign)
  const sent: readonly CampaignBucket[] = REPORTED_SENT_BUCKETS
  return (Object.keys(CAMPAIGN_BUCKET_KEY) as CampaignBucket[])
    .filter((bucket) => bucket !== 'skipped' && !sent.includes(bucket) && buckets[bucket] > 0)
    .map((bucket) =>
      t('overview.campaigns.bucket', {
        count: formatCount(buckets[bucket], locale),
        bucket: t(CAMPAIGN_BUCKET_KEY[bucket])
      })
    )
}

/** The progress in words ("1 of 4 sent"), numbers in the window's locale. */
export function campaignProgressText(
  progress: Pick<ReturnType<typeof campaignProgress>, 'rows' | 'sent' | 'revoked'> & { kept?: number },
  t: Translate,
  locale: string
): string {
  const numbers = { sent: formatCount(progress.sent, locale), rows: formatCount(progress.rows, locale) }
  const revoked = formatCount(progress.revoked, locale)
  // "· taken back" beside it: what the take-back left on customers' phones is said (QA63: nothing said so).
  const kept = progress.kept ?? 0
  if (kept > 0)
    return progress.revoked > 0
      ? t('overview.campaigns.progressRevokedKept', { ...numbers, revoked, kept: formatCount(kept, locale) })
      : t('overview.campaigns.progressKept', { ...numbers, kept: formatCount(kept, locale) })
  return progress.revoked > 0
    ? t('overview.campaigns.progressRevoked', { ...numbers, revoked })
    : t('overview.campaigns.progress', numbers)
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
  return campaignHeld(campaign)
}

/**
 * Whether a running campaign, not held by itself (isHeld), sends nothing because the operator paused all sending
 * (the header's "Pause sending"): its rows wait with every other message, and it has no end to promise meanwhile.
 */
export function heldBySendingPause(
  campaign: Pick<CampaignView, 'status' | 'devices'>,
  sendingPaused: boolean
): boolean {
  return sendingPaused && campaign.status === 'running' && !isHeld(campaign)
}

/**
 * Whether a running campaign, not held by itself (isHeld), sends nothing because none of its devices can send now
 * (expired, logged out…): its rows wait in the outbox, and it has no end to promise (QA N05: "sending" forever).
 */
export function waitingForDevices(
  campaign: Pick<CampaignView, 'status' | 'devices'>,
  devices: KnownDevices
): boolean {
  return (
    campaign.status === 'running' &&
    !isHeld(campaign) &&
    campaign.devices.every(
      (part) =>
        part.autoPaused !== null ||
        heldByState(
          part,
          devices.find((d) => d.id === part.deviceId)
        ) !== null
    )
  )
}

/**
 * Whether nothing of a campaign goes on now, whatever the reason (held, all sending paused, no device can send):
 * its estimated end assumes it goes on now, so none is promised.
 */
export function sendsNothingNow(
  campaign: Pick<CampaignView, 'status' | 'devices'>,
  sendingPaused: boolean,
  devices: KnownDevices
): boolean {
  return (
    isHeld(campaign) || heldBySendingPause(campaign, sendingPaused) || waitingForDevices(campaign, devices)
  )
}

/**
 * Whether a running campaign sends nothing until its working hours open: every part not paused by itself waits for
 * them. With the soonest opening the parts were told, when the data has one.
 */
export function waitingForHours(
  campaign: Pick<CampaignView, 'status' | 'devices'>
): { opensAt: number | null } | null {
  if (campaign.status !== 'running') return null
  const going = campaign.devices.filter((d) => d.autoPaused === null)
  if (going.length === 0 || !going.every((d) => d.wait?.code === 'outside_hours')) return null
  const opens = going.map((d) => d.wait?.until ?? null).filter((at): at is number => at !== null)
  return { opensAt: opens.length > 0 ? Math.min(...opens) : null }
}

/**
 * Whether a running campaign, not held otherwise, sends nothing until the gateway's reports answer: every part not
 * paused by itself is held by its sends in doubt (the rows' and the parts' rule, checkingHolds). QA12-05: "sending"
 * over parts and rows that each said they were being checked.
 */
export function checkingAtGateway(campaign: Pick<CampaignView, 'status' | 'devices'>): boolean {
  if (campaign.status !== 'running') return false
  const going = campaign.devices.filter((d) => d.autoPaused === null)
  return going.length > 0 && going.every(checkingHolds)
}

/**
 * Whether a running campaign, not held otherwise, sends nothing because its gateway asked to slow down (a 429): every
 * part not paused by itself waits for its next try (QA39 Q39-01: "sending" through it). With the soonest next try.
 */
export function slowedByGateway(
  campaign: Pick<CampaignView, 'status' | 'devices'>
): { nextTryAt: number } | null {
  if (campaign.status !== 'running') return null
  const going = campaign.devices.filter((d) => d.autoPaused === null)
  const held = going.filter((d) => d.wait?.code === 'rate_limited')
  // A part whose sends are in doubt sends nothing either: with one slowed down, the campaign waits for the gateway.
  if (held.length === 0 || !going.every((d) => d.wait?.code === 'rate_limited' || checkingHolds(d)))
    return null
  return { nextTryAt: Math.min(...held.map((d) => d.wait?.until ?? Infinity)) }
}

/**
 * The campaign's state in words, true to its own buckets: a draft with no device says it has none, "paused" when
 * nothing goes on (isHeld), "held" while all sending is paused (QA F03: "sending" under the header's pause), waiting
 * while no device can send, checking while every part's sends in doubt hold it (checkingAtGateway), waiting rather than
 * "sending" while only its working hours hold it (QA: "mengirim" outside them), and not "finished" while rows are
 * still with the gateway unsent (the core finishes a campaign once it has handed every row over).
 */
export function campaignStatusKey(
  campaign: Pick<CampaignView, 'status' | 'devices' | 'counts' | 'endReason'>,
  sendingPaused: boolean,
  devices: KnownDevices
): MessageKey {
  // A draft whose only device was removed cannot start until one is chosen: said wherever it is listed, in its field's
  // words, not as just "draft".
  if (campaign.status === 'draft' && campaign.devices.length === 0) return 'campaigns.status.draftNoDevice'
  if (isHeld(campaign)) return 'campaigns.status.paused'
  if (heldBySendingPause(campaign, sendingPaused)) return 'campaigns.status.heldBySendingPause'
  if (waitingForDevices(campaign, devices)) return 'campaigns.status.waitingForDevices'
  if (checkingAtGateway(campaign)) return 'campaigns.status.checking'
  if (slowedByGateway(campaign)) return 'campaigns.status.rateLimited'
  if (waitingForHours(campaign)) return 'campaigns.status.waitingForHours'
  if (campaign.status === 'finished' && rowBuckets(campaign).withGateway > 0)
    return 'campaigns.status.withGateway'
  // Ended by its last device's removal (QA77): why, said with its status, since nobody cancelled it.
  if (campaign.status === 'cancelled' && campaign.endReason === 'device_removed')
    return 'campaigns.status.cancelledDeviceRemoved'
  return STATUS_KEY[campaign.status]
}

/**
 * The status's words (campaignStatusKey), with when its working hours open when it waits for them and that is known;
 * and that it was taken back, which its status alone does not say (QA4 F17: "finished" after a take-back).
 */
export function campaignStatusText(
  campaign: Pick<
    CampaignView,
    'status' | 'devices' | 'counts' | 'pacing' | 'takenBackAt' | 'takeBackPending' | 'endReason'
  >,
  t: Translate,
  locale: string,
  sendingPaused: boolean,
  devices: KnownDevices,
  operatorZone: string
): string {
  const status = statusWords(campaign, t, locale, sendingPaused, devices, operatorZone)
  if (campaign.takenBackAt == null) return status
  // Not "taken back" while some of it waits on a device that cannot act yet (QA5 N06): it is done once that can.
  const waiting = campaign.takeBackPending ?? 0
  return waiting > 0
    ? t('campaigns.status.takingBack', { status, count: waiting })
    : t('campaigns.status.takenBack', { status })
}

function statusWords(
  campaign: Pick<CampaignView, 'status' | 'devices' | 'counts' | 'pacing' | 'endReason'>,
  t: Translate,
  locale: string,
  sendingPaused: boolean,
  devices: KnownDevices,
  operatorZone: string
): string {
  const key = campaignStatusKey(campaign, sendingPaused, devices)
  // On the clock of the campaign's other promises (its hours, its estimated end, its parts' waits; QA41 Q41-01).
  const zone = campaignZone(campaign.pacing, operatorZone)
  const slowed = slowedByGateway(campaign)
  if (key === 'campaigns.status.rateLimited' && slowed && Number.isFinite(slowed.nextTryAt))
    return t(key, { time: waitUntilText(slowed.nextTryAt, locale, zone) })
  const opensAt = waitingForHours(campaign)?.opensAt ?? null
  if (sendsNothingNow(campaign, sendingPaused, devices) || opensAt === null) return t(key)
  const time = formatDateTimeInZone(new Date(opensAt).toISOString(), locale, zone)
  return t('campaigns.status.waitingForHoursAt', { time })
}

/**
 * The zone a campaign's times are promised in: its working hours' zone, else the operator's (useOperatorZone), the
 * clock the rest of the window speaks (QA26 Q26-04: an any-time campaign's end read in the computer's UTC).
 */
export function campaignZone(pacing: PacingPolicyView, operatorZone: string): string {
  return pacing.workingHours?.timeZone ?? operatorZone
}
