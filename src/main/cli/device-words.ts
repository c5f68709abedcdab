/**
 * A device's state in the terminal in the window's words (shared/device-status.ts: the state's name, the card's
 * advice; shared/device-waits.ts: why its messages wait), in English, with the next step as a terminal command: QA80 found `device info`
 * saying "disconnected" and the gateway's raw note, and `outbox flush` counting a logged-out device's messages as
 * queued, where the window said "Needs a QR scan" and offered Relink.
 */
import type { DeviceState, DeviceView } from '../../shared/contract'
import { adviceKey, quotaUsedUp, stateNameKey, webTookOver } from '../../shared/device-status'
import { quotaWaitKey, stateWaitKey } from '../../shared/device-waits'
import { translate, type MessageKey } from '../../shared/i18n'

/** What the words are told by: the state as the app's monitor (or the core's rule on an answer) names it. */
export interface DeviceStateFacts {
  state: DeviceState
  stateNoteKey?: string | undefined
  linked?: boolean | null | undefined
  quota?: DeviceView['quota'] | undefined
  sandbox?: boolean | undefined
}

const en = (key: MessageKey, params?: Record<string, string | number>): string => translate('en', key, params)

const QR = 'sender-desk device qr --out qr.png'
const CHECK = 'sender-desk device info'

/** The state's name, as the card's badge says it ("Needs a QR scan"). */
export function stateName(device: DeviceStateFacts): string {
  return en(stateNameKey(device))
}

/** The card's advice for the state, by its cause ("The phone logged out of WhatsApp: relink it …"). */
export function stateAdvice(device: DeviceStateFacts): string {
  return en(adviceKey(device))
}

/**
 * The terminal's command for what the advice asks (the window's Relink, Restart, Check again), or null when nothing
 * the terminal runs helps: a connected device, one being checked, a token the keyring locks (the app's alone).
 */
export function nextCommand(device: DeviceStateFacts): string | null {
  switch (device.state) {
    case 'needs-scan':
      return `${QR}, and scan the code with WhatsApp (Linked devices → Link a device)`
    case 'disconnected':
      return webTookOver(device)
        ? 'sender-desk device restart, once WhatsApp Web is closed'
        : `sender-desk device restart; if it stays disconnected, ${QR}`
    case 'token-invalid':
      return `give the current token (--token or SENDER_DESK_TOKEN) and check again: ${CHECK}`
    case 'awaiting-activation':
    case 'expired':
    case 'unreachable':
      return `once that is done, check again: ${CHECK}`
    case 'connected':
      return quotaUsedUp(device) ? `once it is topped up, check again: ${CHECK}` : null
    default:
      return null
  }
}

/**
 * Why the device's messages wait, in the outbox's words with its name ("Toko Quota is logged out"): its state, else
 * its used-up quota; null when neither holds them.
 */
export function heldBecause(device: DeviceStateFacts & { label: string }): string | null {
  const key = stateWaitKey(device) ?? quotaWaitKey(device)
  return key ? en(key, { device: device.label }) : null
}

/**
 * The advice and the next step for a device its messages wait for, as lines: the command as given for the command's
 * own device (`own`), and for another of the app's devices with its token.
 */
export function adviceLines(device: DeviceStateFacts, own: boolean): string[] {
  const next = nextCommand(device)
  return [stateAdvice(device), ...(next ? [`Next${own ? '' : ' (with its token)'}: ${next}`] : [])]
}

/**
 * A device's messages a flush cannot send now, as every flush says them (the app's beside it, or the terminal's own):
 * how many of the queue and why (heldBecause), then what to do (adviceLines), each indented.
 */
export function cannotGoNowLines(items: number, reason: string, advice: readonly string[]): string[] {
  return [`${items} of them cannot go now: ${reason}.`, ...advice.map((line) => `  ${line}`)]
}

/**
 * Why a queued message waits that the kernel keeps no reason for, as the window's outbox says it (waiting.ts's order):
 * all sending paused, its device's sending paused, its device's state, its device's used-up quota; null when none
 * holds it (a policy's own reason, kept with the item, is said then). `devices`: the app's devices as last checked.
 */
export function queuedHeldBy(
  pauses: { all: boolean; devices: readonly string[] },
  devices: ReadonlyMap<string, DeviceStateFacts & { id: string; label: string }>
): (item: { status: string; deviceId: string }) => string | null {
  return (item) => {
    if (item.status !== 'queued') return null
    if (pauses.all) return en('outbox.waiting.paused')
    const device = devices.get(item.deviceId)
    if (pauses.devices.includes(device?.id ?? item.deviceId))
      return en('outbox.waiting.devicePaused', { device: device?.label ?? item.deviceId })
    return device ? heldBecause(device) : null
  }
}
