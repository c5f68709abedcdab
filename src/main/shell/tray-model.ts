/**
 * The tray as a pure function of state: which icon, which tooltip, which menu. Stable item ids let
 * e2e tests click items through a test hook; the shell maps each item's action to a handler. Kept
 * free of electron imports so it is unit-tested under plain Node.
 */
import type { DeviceState, DeviceView, OutboxCounts } from '../../shared/contract'

export type TrayHealth = 'idle' | 'ok' | 'warning' | 'error'

export type TrayAction =
  | { kind: 'restart'; deviceId: string }
  | { kind: 'relink'; deviceId: string }
  | { kind: 'info'; deviceId: string }
  | { kind: 'toggle-pause' }
  | { kind: 'open' }
  | { kind: 'settings' }
  | { kind: 'quit' }

export interface TrayMenuItem {
  id: string
  label: string
  enabled: boolean
  action?: TrayAction
  submenu?: TrayMenuItem[]
  separator?: boolean
}

export interface TrayModel {
  health: TrayHealth
  tooltip: string
  menu: TrayMenuItem[]
}

export interface TrayState {
  devices: DeviceView[]
  counts: OutboxCounts
  sendingPaused: boolean
}

const STATE_LABEL: Record<DeviceState, string> = {
  unknown: 'checking…',
  connected: 'connected',
  disconnected: 'disconnected',
  'needs-scan': 'needs a QR scan',
  'awaiting-activation': 'waiting for activation',
  expired: 'expired',
  'token-invalid': 'token rejected',
  unreachable: 'unreachable',
  locked: 'token locked'
}

const STATE_HEALTH: Record<DeviceState, TrayHealth> = {
  unknown: 'ok',
  connected: 'ok',
  disconnected: 'warning',
  'awaiting-activation': 'warning',
  unreachable: 'warning',
  'needs-scan': 'error',
  expired: 'error',
  'token-invalid': 'error',
  locked: 'error'
}

const HEALTH_RANK: Record<TrayHealth, number> = { idle: 0, ok: 1, warning: 2, error: 3 }

export function stateLabel(state: DeviceState): string {
  return STATE_LABEL[state]
}

export function fleetHealth(devices: DeviceView[]): TrayHealth {
  return devices.reduce<TrayHealth>(
    (worst, device) =>
      HEALTH_RANK[STATE_HEALTH[device.state]] > HEALTH_RANK[worst] ? STATE_HEALTH[device.state] : worst,
    devices.length === 0 ? 'idle' : 'ok'
  )
}

/** Items still to go out: what "Pause sending" would hold back. */
export function pendingCount(counts: OutboxCounts): number {
  return counts.queued + counts.sending + counts.scheduled
}

function tooltipFor(state: TrayState): string {
  const { devices } = state
  if (devices.length === 0) return 'Sender Desk — no device yet'
  const connected = devices.filter((d) => d.state === 'connected').length
  const problems = devices.filter((d) => STATE_HEALTH[d.state] !== 'ok')
  const parts = [`Sender Desk — ${connected}/${devices.length} connected`]
  if (problems.length > 0) parts.push(problems.map((d) => `${d.label}: ${STATE_LABEL[d.state]}`).join(', '))
  const pending = pendingCount(state.counts)
  if (pending > 0) parts.push(`${pending} to send${state.sendingPaused ? ' (paused)' : ''}`)
  if (state.counts.failed > 0) parts.push(`${state.counts.failed} failed`)
  return parts.join(' · ')
}

function deviceItem(device: DeviceView): TrayMenuItem {
  const needsLink = device.state === 'needs-scan' || device.state === 'disconnected'
  return {
    id: `device:${device.id}`,
    label: `${device.label} — ${STATE_LABEL[device.state]}`,
    enabled: true,
    submenu: [
      {
        id: `device:${device.id}:restart`,
        label: 'Restart',
        enabled: device.state !== 'locked',
        action: { kind: 'restart', deviceId: device.id }
      },
      {
        id: `device:${device.id}:relink`,
        label: needsLink ? 'Relink (scan QR)…' : 'Relink…',
        enabled: device.state !== 'locked',
        action: { kind: 'relink', deviceId: device.id }
      },
      {
        id: `device:${device.id}:info`,
        label: 'Info…',
        enabled: true,
        action: { kind: 'info', deviceId: device.id }
      }
    ]
  }
}

/** Every click action is also a menu item, because some Linux trays never deliver clicks. */
export function buildTrayModel(state: TrayState): TrayModel {
  const pending = pendingCount(state.counts)
  const menu: TrayMenuItem[] = [
    ...state.devices.map(deviceItem),
    ...(state.devices.length > 0 ? [{ id: 'sep:devices', label: '', enabled: false, separator: true }] : []),
    {
      id: 'toggle-pause',
      label: state.sendingPaused
        ? `Resume sending (${pending} waiting)`
        : `Pause sending (${pending} to send)`,
      enabled: true,
      action: { kind: 'toggle-pause' }
    },
    { id: 'sep:app', label: '', enabled: false, separator: true },
    { id: 'open', label: 'Open Sender Desk', enabled: true, action: { kind: 'open' } },
    { id: 'settings', label: 'Settings…', enabled: true, action: { kind: 'settings' } },
    { id: 'quit', label: 'Quit', enabled: true, action: { kind: 'quit' } }
  ]
  return { health: fleetHealth(state.devices), tooltip: tooltipFor(state), menu }
}

export function findMenuItem(menu: TrayMenuItem[], id: string): TrayMenuItem | undefined {
  for (const item of menu) {
    if (item.id === id) return item
    const inner = item.submenu && findMenuItem(item.submenu, id)
    if (inner) return inner
  }
  return undefined
}
