// Why a campaign's part on a device waits, in the operator's words: shared by the campaign's progress and by the
// outbox detail of one of its rows ("Waiting: outside working hours until 08:00", "Daily cap reached; …").
import type { CampaignView } from '../../../../shared/contract'
import type { MessageKey, Translate } from '../../../../shared/i18n'
import { computerZone, formatSecondInZone, formatSoonInZone } from '../../i18n/dates'

const WAIT_KEY: Record<string, MessageKey> = {
  gap: 'campaigns.wait.gap',
  batch_pause: 'campaigns.wait.batchPause',
  outside_hours: 'campaigns.wait.outsideHours',
  daily_cap: 'campaigns.wait.dailyCap',
  paused: 'campaigns.wait.paused'
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

/** `locale` and `timeZone`: the window's and the campaign's (its working hours' zone), so "until" matches its hours. */
export function campaignWaitText(
  device: CampaignView['devices'][number],
  t: Translate,
  locale?: string,
  timeZone?: string
): string {
  if (device.autoPaused) return t(AUTO_PAUSE_KEY[device.autoPaused] ?? 'campaigns.autoPause.failureRate')
  if (!device.wait) return t('campaigns.wait.none')
  return t(WAIT_KEY[device.wait.code] ?? 'campaigns.wait.gap', {
    // Named as the window names the zone elsewhere (WIB, not Intl's "GMT+7"), with the day when it is not today.
    until: device.wait.until
      ? untilText(device.wait.until, locale ?? 'en-GB', timeZone ?? computerZone())
      : ''
  })
}

function untilText(until: number, locale: string, timeZone: string): string {
  return until - Date.now() < SECONDS_WITHIN_MS
    ? formatSecondInZone(until, locale, timeZone)
    : formatSoonInZone(until, locale, timeZone)
}
