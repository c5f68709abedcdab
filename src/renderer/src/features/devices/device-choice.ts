// A device offered to send from, as every picker names it (Send's device list, a campaign's "Send from"): its state
// beside its label, and what messages queued on it wait for when it cannot send now.
import type { DeviceState, DeviceView } from '../../../../shared/contract'
import {
  adviceKey,
  deviceStatus,
  isSendable,
  quotaUsedUp,
  stateNameKey
} from '../../../../shared/device-status'
import type { MessageKey, Translate } from '../../i18n'

/** "Sandbox device — Needs a QR scan": the state before anything else, since a narrow window cuts a label's end. */
export function deviceChoiceLabel(
  device: Pick<DeviceView, 'label' | 'state' | 'stateNoteKey'>,
  t: Translate
): string {
  return `${device.label} — ${t(stateNameKey(device))}`
}

/** What a message queued for a device not connected waits for: the thing that would let it go (QA 2026-11-29). */
export function waitsUntilKey(state: DeviceState): MessageKey {
  if (state === 'expired') return 'send.device.waitsRenewal'
  if (state === 'needs-scan') return 'send.device.waitsScan'
  // The shared mapping says which states the gateway refuses the token in (kept here: the keys are not start strings).
  if (deviceStatus(state).tokenRefused) return 'send.device.waitsToken'
  return 'send.device.notConnected'
}

/**
 * What a message sent from this device now would wait for, or null when it goes: a state that cannot send, or a quota
 * used up (said as the device's card and the strip say it, QA16 Q16-05).
 */
export function waitHintKey(device: Pick<DeviceView, 'state' | 'stateNoteKey' | 'quota'>): MessageKey | null {
  if (!isSendable(device.state)) return waitsUntilKey(device.state)
  return quotaUsedUp(device) ? adviceKey(device) : null
}
