// What the quota messages wait for, in words: the gateway package, the sandbox panel's Top up, or for a campaign
// through both kinds which device tops up where. Apart from budget-words.tsx, so the Overview's campaign lines (part of
// the window's start) take these words without the domain's phone rules (test/startup-imports.test.ts).
import type { DeviceView } from '../../../shared/contract'
import { quotaToppedUpBy } from '../../../shared/device-status'
import type { MessageKey, Params, useT } from '../i18n'

type Translate = ReturnType<typeof useT>

/**
 * The devices whose quota the messages wait for: their words name what tops it up (the gateway package, the sandbox
 * panel's "Top up the quota" when they are all the sandbox's, and for a mix each device by its label beside its own),
 * of those whose quota can run out.
 */
export type QuotaDevices = readonly Pick<DeviceView, 'sandbox' | 'label' | 'quota'>[]

/** Labels as one list in the operator's language ("Front office and Test line"): `formatList` bound to it. */
export type ListLabels = (labels: readonly string[]) => string

/**
 * The words that end in what the quota waits for (the gateway package), each with its sandbox form (the sandbox panel's
 * Top up) and its mixed form (which devices top up where, named), each key written out so i18n.test.ts sees it used.
 */
const QUOTA_WAIT_KEYS = {
  'campaigns.finishWaitsForQuota': {
    sandbox: 'campaigns.finishWaitsForQuota.sandbox',
    both: 'campaigns.finishWaitsForQuota.mixed'
  },
  'campaigns.presend.finishWaitsForQuota': {
    sandbox: 'campaigns.presend.finishWaitsForQuota.sandbox',
    both: 'campaigns.presend.finishWaitsForQuota.mixed'
  },
  'campaigns.presend.finishPart': {
    sandbox: 'campaigns.presend.finishPart.sandbox',
    both: 'campaigns.presend.finishPart.mixed'
  },
  'campaigns.presend.finishPartUnknown': {
    sandbox: 'campaigns.presend.finishPartUnknown.sandbox',
    both: 'campaigns.presend.finishPartUnknown.mixed'
  },
  'campaigns.presend.shortfall': {
    sandbox: 'campaigns.presend.shortfall.sandbox',
    both: 'campaigns.presend.shortfall.mixed'
  },
  'overview.campaigns.finishPart': {
    sandbox: 'overview.campaigns.finishPart.sandbox',
    both: 'overview.campaigns.finishPart.mixed'
  },
  'overview.campaigns.waitsForQuota': {
    sandbox: 'overview.campaigns.waitsForQuota.sandbox',
    both: 'overview.campaigns.waitsForQuota.mixed'
  }
} as const satisfies Record<string, { sandbox: MessageKey; both: MessageKey }>

type QuotaWaitKey = keyof typeof QUOTA_WAIT_KEYS

/**
 * `key`'s words for what tops up the quota of those of `devices` that can hold back `messages` (the messages they carry
 * between them; device-status.ts, quotaToppedUpBy): the gateway package, the sandbox panel's Top up, or for a mix of
 * both kinds which devices top up where, named.
 */
export function quotaWaitText(
  t: Translate,
  key: QuotaWaitKey,
  params: Params,
  quota: { devices: QuotaDevices; messages: number },
  list: ListLabels
): string {
  const toppedUp = quotaToppedUpBy(quota.devices, quota.messages)
  switch (toppedUp.by) {
    case 'gateway':
      return t(key, params)
    case 'sandbox':
      return t(QUOTA_WAIT_KEYS[key].sandbox, params)
    case 'both':
      return t(QUOTA_WAIT_KEYS[key].both, {
        ...params,
        sandboxDevices: list(toppedUp.sandbox.map((device) => device.label)),
        gatewayDevices: list(toppedUp.gateway.map((device) => device.label))
      })
  }
}
