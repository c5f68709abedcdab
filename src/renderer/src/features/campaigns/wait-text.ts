// Why a campaign's part on a device waits, in the operator's words: shared by the campaign's progress and by the
// outbox detail of one of its rows ("Waiting: outside working hours until 08:00", "Daily cap reached; …").
import type { CampaignView, DeviceState, DeviceView } from '../../../../shared/contract'
import {
  devicePauseWords,
  heldPartKey,
  isSendable,
  unreachablePauseKey
} from '../../../../shared/device-status'
import type { MessageKey, Translate } from '../../../../shared/i18n'
import { computerZone, formatSecondInZone, formatSoonInZone } from '../../i18n/dates'

const WAIT_KEY: Record<string, MessageKey> = {
  gap: 'campaigns.wait.gap',
  batch_pause: 'campaigns.wait.batchPause',
  outside_hours: 'campaigns.wait.outsideHours',
  daily_cap: 'campaigns.wait.dailyCap',
  paused: 'campaigns.wait.paused',
  // The gateway answered 429: its device sends nothing before the next try (QA39 Q39-01: "Sending now" meanwhile).
  rate_limited: 'campaigns.wait.rateLimited'
}

const AUTO_PAUSE_KEY: Record<string, MessageKey> = {
  disconnected: 'campaigns.autoPause.disconnected',
  failure_rate: 'campaigns.autoPause.failureRate',
  quota: 'campaigns.autoPause.quota',
  unreachable: 'campaigns.autoPause.unreachable'
}

/**
 * A wait ending within this is said to the second: the pauses between sends last seconds, and "until 18:02" read at
 * 18:02 said nothing (QA4 F16). A clock time, not a countdown: the Overview draws its line again only on a change.
 */
const SECONDS_WITHIN_MS = 3 * 60_000

/** States a drop's own reason already words ("disconnected", "could not be reached"), or that tell nothing more. */
const SAID_BY_DROP: readonly DeviceState[] = ['connected', 'unknown', 'disconnected', 'unreachable']

/**
 * The device's own state when it tells more than the core's reason for pausing the part: the core pauses a part for
 * any drop out of "connected" as `disconnected`, but a phone logged out, an ended subscription or a refused token
 * each has its own fix (QA F07: an expired device was sent to "reconnect"). A part the core never paused waits just
 * the same while its device cannot send (QA N05: started on an expired device, it read "Sending now" forever); its
 * state is said too, unless not known yet or the operator's own pause says it. Null when the reason says it all.
 */
export function heldByState(
  part: CampaignView['devices'][number],
  device: Pick<DeviceView, 'state'> | undefined
): DeviceState | null {
  if (!device || isSendable(device.state)) return null
  if (part.autoPaused === null)
    return device.state === 'unknown' || part.wait?.code === 'paused' ? null : device.state
  if (part.autoPaused !== 'disconnected' && part.autoPaused !== 'unreachable') return null
  return SAID_BY_DROP.includes(device.state) ? null : device.state
}

/**
 * Whether a part's sends in doubt (a 5xx or a time-out cut the answer short; each row then says it is being checked)
 * are what holds it: its reports are checked before any resend, so it is not "Sending now", nor in a pause between
 * sends; a longer wait (hours, cap, the operator's pause) still holds it for its own reason.
 */
export function checkingHolds(part: CampaignView['devices'][number]): boolean {
  return (
    (part.checking ?? 0) > 0 && (!part.wait || part.wait.code === 'gap' || part.wait.code === 'batch_pause')
  )
}

/** Where a part's words are read: the window's locale and the campaign's zone (its working hours'), so "until" matches its hours. */
export interface PartContext {
  locale?: string
  timeZone?: string
  /** The operator paused all sending (the header's "Pause sending"): no part sends, whatever its pacing says. */
  sendingPaused?: boolean
  /** The campaign's pause is the take-back question's (CampaignView.heldForTakeBack), not the operator's. */
  heldForTakeBack?: boolean
}

export function campaignWaitText(
  part: CampaignView['devices'][number],
  t: Translate,
  { locale, timeZone, sendingPaused = false, heldForTakeBack = false }: PartContext = {},
  device?: Pick<DeviceView, 'state' | 'stateNoteKey' | 'linked'>
): string {
  const state = heldByState(part, device)
  // Paused by the core, the part waits for Resume; never paused, it goes on by itself once the device can send.
  if (state && device) return t(heldPartKey(device, part.autoPaused !== null))
  // Paused for an unreachable gateway: by what the check meets while it lasts (a gateway failing was reached).
  if (part.autoPaused === 'unreachable' && device?.state === 'unreachable')
    return t(unreachablePauseKey(device))
  // Otherwise (the device back, or its state telling nothing more) by the cause kept with the part, in the past.
  if (part.autoPaused && part.deviceCause) return pauseCauseText(part.deviceCause, t)
  if (part.autoPaused) return t(AUTO_PAUSE_KEY[part.autoPaused] ?? 'campaigns.autoPause.failureRate')
  // The operator's own pause of the campaign is said as such; any other wait, or sending now, is not true meanwhile.
  if (sendingPaused && part.wait?.code !== 'paused') return t('campaigns.wait.sendingPaused')
  // Sends in doubt are checked at the gateway before any resend: not "Sending now" (QA12-05).
  if (checkingHolds(part)) return t('campaigns.wait.checking', { count: part.checking ?? 0 })
  if (!part.wait) return t('campaigns.wait.none')
  if (part.wait.code === 'paused' && heldForTakeBack) return t('campaigns.wait.takeBackQuestion')
  return t(WAIT_KEY[part.wait.code] ?? 'campaigns.wait.gap', {
    until: part.wait.until
      ? waitUntilText(part.wait.until, locale ?? 'en-GB', timeZone ?? computerZone())
      : ''
  })
}

/**
 * Why a part's rows not sent yet wait longer than the gap between two sends (working hours, the daily cap, a pause,
 * its device), in its line's words: a row read "Queued" with no reason while the campaign waited for 08:00 (QA62).
 * Null while the part sends: its next row goes within seconds.
 */
export function rowsWaitText(
  part: CampaignView['devices'][number],
  t: Translate,
  context: PartContext,
  device?: Pick<DeviceView, 'state' | 'stateNoteKey' | 'linked'>
): string | null {
  const sending =
    part.autoPaused === null &&
    heldByState(part, device) === null &&
    !context.sendingPaused &&
    !checkingHolds(part) &&
    (!part.wait || part.wait.code === 'gap')
  return sending ? null : campaignWaitText(part, t, context, device)
}

/** Why a part paused, by the device state kept with it: device-status.ts' table, as the card names the state. */
function pauseCauseText(
  cause: NonNullable<CampaignView['devices'][number]['deviceCause']>,
  t: Translate
): string {
  const words = devicePauseWords(cause)
  return 'stateKey' in words ? t(words.key, { state: t(words.stateKey) }) : t(words.key)
}

/**
 * One device's part of a campaign, named ("Toko Kedua — Paused: …"): a campaign runs on several devices, and a line
 * that does not say which one reads as the whole campaign's state (QA F06). A device removed since is named by its id.
 */
export function campaignPartText(
  part: CampaignView['devices'][number],
  device: Pick<DeviceView, 'label' | 'state' | 'stateNoteKey' | 'linked'> | undefined,
  t: Translate,
  context: PartContext
): string {
  return t('campaigns.part', {
    device: device?.label ?? part.deviceId,
    state: campaignWaitText(part, t, context, device)
  })
}

/**
 * When a wait ends, named as the window names the zone elsewhere (WIB, not Intl's "GMT+7"), with the day when it is
 * not today, and to the second when it ends within minutes.
 */
export function waitUntilText(until: number, locale: string, timeZone: string): string {
  return until - Date.now() < SECONDS_WITHIN_MS
    ? formatSecondInZone(until, locale, timeZone)
    : formatSoonInZone(until, locale, timeZone)
}
