// The sandbox gateway's public API: start a loopback gateway and get its address and control token. Everything else
// (its world, its faults) is reached over HTTP: the gateway routes and the `/__sandbox/` control routes.

import { startSandboxInProcess, type SandboxOptions } from './in-process'
import type { SetAsideRecord } from './state-damage'

export { webhookTargetRefusedBy, type SandboxOptions } from './in-process'
export { CONTROL_TOKEN_HEADER } from './http-server'
export { SandboxControl, SandboxControlError } from './control-client'
export { SANDBOX_DEVICE_ACTIONS, type DeviceAction } from './device-actions'
export { WEBHOOK_KINDS, type WebhookKind, type WebhookRetry } from './webhook-deliveries'
export type {
  AcceptedLogEntry,
  AutoReplySnapshot,
  CreateDeviceOptions,
  CreatedDevice,
  DeviceSnapshot,
  IncomingDelivery,
  IncomingInput,
  IncomingMediaSnapshot,
  IncomingMessage,
  MessageSnapshot,
  ReminderSnapshot,
  SandboxTimings,
  ScheduleSnapshot,
  WebhookAttemptSnapshot,
  WebhookDeliverySnapshot,
  WebhookQueueStats,
  WebhookReplyNote
} from './world-interface'
export type { DeviceState, MessageStatus, Quota } from './records'
export type { IncomingMediaInput } from './incoming-media'
export type { FaultKind, FaultRule } from './faults'
export { DEVICE_NOTES } from './device-lifecycle'
export { GATEWAY_MESSAGES } from './rejections'
export { DEFAULT_TIMINGS } from './world-interface'
export {
  SandboxStateError,
  isSandboxStateError,
  sandboxStatePath,
  setAsideSandboxState,
  type SandboxStateProblem,
  type SavedRecordKind,
  type SetAsideRecord
} from './state-damage'
export { SandboxStateLockedError, type StateLockHolder } from './state-lock'

export interface Sandbox {
  /** `http://127.0.0.1:PORT` */
  readonly baseUrl: string
  readonly port: number
  /** Needed in the `x-sandbox-control` header by every `/__sandbox/` route; new each run. */
  readonly controlToken: string
  /**
   * Saved records that no longer fit their definition, set aside at this start (kept in the store's `damaged` table
   * or the state file's `.damaged.json`, not loaded); empty when the world loaded whole.
   */
  readonly setAside: readonly SetAsideRecord[]
  close(): Promise<void>
}

/**
 * Starts the sandbox. Throws SandboxStateError when its saved state cannot be opened at all (then
 * `setAsideSandboxState` with the same options starts it clean) and SandboxStateLockedError when another live
 * sandbox uses the same state; nothing else about the saved state throws.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { baseUrl, port, controlToken, setAside, close } = await startSandboxInProcess(options)
  return { baseUrl, port, controlToken, setAside, close }
}
