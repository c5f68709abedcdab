// Why a campaign's part on a device waits, in the operator's words: shared by the campaign's progress and by the
// outbox detail of one of its rows ("Waiting: outside working hours until 08:00", "Daily cap reached; …").
import type { CampaignView, DeviceView } from '../../../../shared/contract'
import {
  campaignPartWords,
  checkingHolds,
  heldByState,
  sayCampaignPartWords,
  type PartHolds
} from '../../../../shared/campaign-part-words'
import type { Translate } from '../../../../shared/i18n'
import { computerZone, formatSecondInZone, formatSoonInZone } from '../../i18n/dates'

// The choice of words is shared with the terminal's `campaign status` (QA carried, CLI wait words); these read it here.
export { checkingHolds, heldByState }

/**
 * A wait ending within this is said to the second: the pauses between sends last seconds, and "until 18:02" read at
 * 18:02 said nothing (QA4 F16). A clock time, not a countdown: the Overview draws its line again only on a change.
 */
const SECONDS_WITHIN_MS = 3 * 60_000

/** Where a part's words are read: the window's locale and the campaign's zone (its working hours'), so "until" matches its hours. */
export interface PartContext extends PartHolds {
  locale?: string
  timeZone?: string
}

export function campaignWaitText(
  part: CampaignView['devices'][number],
  t: Translate,
  { locale, timeZone, sendingPaused = false, heldForTakeBack = false }: PartContext = {},
  device?: Pick<DeviceView, 'state' | 'stateNoteKey' | 'linked'>
): string {
  return sayCampaignPartWords(
    campaignPartWords(part, device, { sendingPaused, heldForTakeBack }),
    t,
    (until) => waitUntilText(until, locale ?? 'en-GB', timeZone ?? computerZone())
  )
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
