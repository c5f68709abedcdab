// Builds the contract's DeviceView from the registry record, the monitor's latest status and the caller's paused flag.
import type { DeviceState, DeviceView } from '../../../shared/contract'
import type { DeviceInfo } from '../gateway'
import type { DeviceRecord } from './registry'
import { noteFields } from '../../../shared/i18n/notes'
import { expiryOnGatewayClock } from './state'

/** What the monitor knows about a device right now. */
export interface DeviceStatus {
  state: DeviceState
  /** The gateway's text, or our note encoded as a translation key (shared/i18n/notes). */
  note: string | null
  /** ISO time the current state began. */
  since: string | null
  /** ISO time of the last completed poll (successful or not). */
  lastCheckedAt: string | null
  /** The last successful device/info. */
  info: DeviceInfo | null
  /** Whether a phone has scanned it since it was added here (DeviceView.linked); null when not known. */
  linked: boolean | null
}

export const UNPOLLED_STATUS: DeviceStatus = {
  state: 'unknown',
  note: null,
  since: null,
  lastCheckedAt: null,
  info: null,
  linked: null
}

/** A device's sends today against its daily cap (the send queue counts them), when known. */
export interface DeviceBudgetView {
  sentToday: number
  cap: number | null
  resetsAt: number
  /** The zone whose midnights start the device's days. */
  zone: string
  /** Until when the gateway's 429 holds its sends (epoch ms); absent or null: no such hold. */
  gatewayHoldUntil?: number | null
}

export function buildDeviceView(
  record: DeviceRecord,
  status: DeviceStatus | undefined,
  paused: boolean,
  budget: DeviceBudgetView | null = null,
  checking: { everyMs: number; pushed: boolean } | null = null,
  settling = false
): DeviceView {
  const current = status ?? UNPOLLED_STATUS
  const info = current.info
  const expiresBy = expiryOnGatewayClock(info?.expiresAt ?? null)
  return {
    id: record.id,
    label: record.label,
    baseUrl: record.baseUrl,
    tokenHint: record.tokenHint,
    hasSecret: record.hasSecret,
    // eslint-disable-next-line device/sandbox-flag -- the stored flag copied into its view, not a question asked of it
    sandbox: record.sandbox,
    state: current.state,
    ...noteFields(current.note, 'stateNote', 'stateNoteKey', 'stateNoteParams'),
    linked: current.linked,
    name: info?.name ?? null,
    serial: info?.serial ?? record.serial ?? null,
    sender: info?.sender ?? null,
    quota: info?.quota ?? null,
    expiresAt: info?.expiresAt ?? null,
    ...(expiresBy === null ? {} : { expiresBy: new Date(expiresBy).toISOString() }),
    lastCheckedAt: current.lastCheckedAt,
    ...(checking
      ? { checkEverySec: Math.max(1, Math.round(checking.everyMs / 1000)), statusPushed: checking.pushed }
      : {}),
    ...(settling ? { settling: true } : {}),
    stateSince: current.since,
    paused,
    maxFileBytes: record.maxFileBytes,
    dailyCap: record.dailyCap,
    ...(budget
      ? {
          sentToday: {
            count: budget.sentToday,
            resetsAt: new Date(budget.resetsAt).toISOString(),
            zone: budget.zone
          }
        }
      : {}),
    ...(typeof budget?.gatewayHoldUntil === 'number'
      ? { gatewayHold: { until: new Date(budget.gatewayHoldUntil).toISOString() } }
      : {})
  }
}
