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
 * Words that end in what the quota waits for: the gateway package's form, the sandbox form (the sandbox panel's Top
 * up) and the mixed form (which devices top up where, named), each key written out so i18n.test.ts sees it used. Each
 * view keeps its own table: the Overview's here (start strings, test/boot/window-start.test.ts), the campaign and
 * pre-send words in budget-words.tsx, out of the window's start.
 */
export interface QuotaWaitWords {
  gateway: MessageKey
  sandbox: MessageKey
  both: MessageKey
}

/** The Overview's campaign lines. */
export const OVERVIEW_QUOTA_WAIT = {
  finishPart: {
    gateway: 'overview.campaigns.finishPart',
    sandbox: 'overview.campaigns.finishPart.sandbox',
    both: 'overview.campaigns.finishPart.mixed'
  },
  waitsForQuota: {
    gateway: 'overview.campaigns.waitsForQuota',
    sandbox: 'overview.campaigns.waitsForQuota.sandbox',
    both: 'overview.campaigns.waitsForQuota.mixed'
  }
} as const satisfies Record<string, QuotaWaitWords>

/**
 * `key`'s words for what tops up the quota of those of `devices` that can hold back `messages` (the messages they carry
 * between them; device-status.ts, quotaToppedUpBy): the gateway package, the sandbox panel's Top up, or for a mix of
 * both kinds which devices top up where, named.
 */
export function quotaWaitText(
  t: Translate,
  words: QuotaWaitWords,
  params: Params,
  quota: { devices: QuotaDevices; messages: number },
  list: ListLabels
): string {
  const toppedUp = quotaToppedUpBy(quota.devices, quota.messages)
  switch (toppedUp.by) {
    case 'gateway':
      return t(words.gateway, params)
    case 'sandbox':
      return t(words.sandbox, params)
    case 'both':
      return t(words.both, {
        ...params,
        sandboxDevices: list(toppedUp.sandbox.map((device) => device.label)),
        gatewayDevices: list(toppedUp.gateway.map((device) => device.label))
      })
  }
}
