/**
 * Why a device's messages wait, by its state or its used-up quota: the window's outbox and the terminal's say a waiting
 * message's reason by these. Apart from device-status.ts, which the window draws at start: these words are the
 * Outbox's, and would otherwise be start strings.
 */
import type { DeviceState, DeviceView } from './contract'
import { isSandboxDevice, scanCause, stateNameKey, type ScanCause } from './device-status'

/** A needed scan's words for why a device's messages wait, by its cause (an operator's probe: all read "logged out"). */
const SCAN_WAIT = {
  'logged-out': 'outbox.waiting.loggedOut',
  'never-linked': 'outbox.waiting.neverLinked',
  'number-changed': 'outbox.waiting.numberChanged'
} as const satisfies Record<ScanCause, string>

/**
 * Why a device's state stops its messages, a sentence for each state's name (QA72: "Sandbox device is “Gateway
 * unreachable”" read oddly for a state that is no adjective): every view that says why a message waits says these.
 */
const STATE_WAIT = {
  'state.disconnected': 'outbox.waiting.state.disconnected',
  'state.awaiting-activation': 'outbox.waiting.state.awaitingActivation',
  'state.expired': 'outbox.waiting.state.expired',
  'state.token-invalid': 'outbox.waiting.state.tokenInvalid',
  'state.unreachable': 'outbox.waiting.state.unreachable',
  'state.unreachable.serverError': 'outbox.waiting.state.serverError',
  'state.unreachable.rateLimited': 'outbox.waiting.state.rateLimited',
  'state.unreachable.notSupported': 'outbox.waiting.state.notSupported',
  'state.locked': 'outbox.waiting.state.locked'
} as const satisfies Partial<Record<ReturnType<typeof stateNameKey>, string>>

/** A state the device cannot send in, that no check is still finding out. */
export function stateStopsSending(device: { state: DeviceState }): boolean {
  return device.state !== 'connected' && device.state !== 'unknown'
}

/**
 * Why the device's state stops its messages (a key of the shared messages, with `{device}`: "Shop B is logged out"),
 * a needed scan by its cause; null while its state lets them go or a check is still finding out. The window's outbox
 * and the terminal's say a waiting message's reason by it.
 */
export function stateWaitKey(device: {
  state: DeviceState
  stateNoteKey?: string | undefined
  linked?: boolean | null | undefined
}): (typeof SCAN_WAIT)[ScanCause] | (typeof STATE_WAIT)[keyof typeof STATE_WAIT] | null {
  if (device.state === 'needs-scan') return SCAN_WAIT[scanCause(device) ?? 'logged-out']
  if (!stateStopsSending(device)) return null
  const name = stateNameKey(device)
  // A state this path never meets (connected, checking, a scan) keeps the general words rather than none.
  return Object.hasOwn(STATE_WAIT, name)
    ? STATE_WAIT[name as keyof typeof STATE_WAIT]
    : 'outbox.waiting.state.unreachable'
}

/**
 * Why a connected device's messages wait for its used-up quota (the gateway said so, or refused a send for it), with
 * `{device}`: what tops it up for a sandbox device; null while it has quota or it is not known.
 */
export function quotaWaitKey(device: {
  quota?: DeviceView['quota'] | undefined
  sandbox?: boolean | undefined
}): 'outbox.waiting.noQuota' | 'outbox.waiting.noQuota.sandbox' | null {
  if (device.quota !== 0) return null
  return isSandboxDevice(device) ? 'outbox.waiting.noQuota.sandbox' : 'outbox.waiting.noQuota'
}
