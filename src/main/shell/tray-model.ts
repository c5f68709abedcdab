/**
 * The tray as a pure function of state: which icon, which tooltip, which menu. Stable item ids let
 * e2e tests click items through a test hook; the shell maps each item's action to a handler. Kept
 * free of electron imports so it is unit-tested under plain Node.
 */
import type {
  DeviceState,
  DeviceView,
  EventPayload,
  InboxStatusView,
  OutboxCounts
} from '../../shared/contract'
import type { Translate } from '../../shared/i18n'
import { inboxUnreadWords } from '../../shared/i18n/inbox-unread'
import { bucketCounts, toSendSplit } from '../../shared/domain'
import { offers, quotaUsedUp, scanCause, stateNameKey, type DeviceAction } from '../../shared/device-status'
import { relayStatus } from '../../shared/relay-status'

export type TrayHealth = 'idle' | 'ok' | 'warning' | 'error'

export type TrayAction =
  | { kind: 'restart'; deviceId: string }
  | { kind: 'relink'; deviceId: string }
  | { kind: 'info'; deviceId: string }
  | { kind: 'device-action'; deviceId: string; action: WindowDeviceAction }
  | { kind: 'toggle-pause' }
  | { kind: 'inbox' }
  | { kind: 'open' }
  | { kind: 'settings' }
  | { kind: 'quit' }

/** The card's actions the tray opens the window on (the gateway refuses the token until one is taken). */
export type WindowDeviceAction = Extract<DeviceAction, 'enterToken' | 'renew'>

/** The tray's words for each, in the order the card offers them. */
const WINDOW_ACTION_LABEL = {
  enterToken: 'desktop.tray.enterToken',
  renew: 'desktop.tray.renew'
} as const satisfies Record<WindowDeviceAction, string>

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
  /** Of the queued, how many a pause holds (a paused campaign or device); absent, none. */
  pausedQueued?: number
  /**
   * Of the scheduled, how many will not be sent, their number opted out since (QA76): not to send, named apart as the
   * Overview names them. Absent, none.
   */
  scheduledOptedOut?: number
  /**
   * Of the scheduled, how many the overdue policy holds for the operator's decision: they never go by themselves, so
   * not to send, named apart as the Overview names them ("1 held for your decision"). Absent, none.
   */
  heldOverdue?: number
  /** A terminal command's process id while it holds sending (the app takes it over when it ends); absent, the app's. */
  sendingHeldBy?: number | null
  /** The inbox relay's state; absent or not set up, the tray says nothing about it. */
  inbox?: InboxStatusView
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

/** The window's words for a device's state, so the tray and the window say the same thing. */
export function stateLabel(
  device: Pick<DeviceView, 'state' | 'stateNoteKey' | 'quota'>,
  t: Translate
): string {
  return t(stateNameKey(device))
}

/** A device's health: its state's, and a warning for one whose messages wait for quota though it is connected. */
function deviceHealth(device: DeviceView): TrayHealth {
  return quotaUsedUp(device) && STATE_HEALTH[device.state] === 'ok' ? 'warning' : STATE_HEALTH[device.state]
}

export function fleetHealth(devices: DeviceView[]): TrayHealth {
  return devices.reduce<TrayHealth>(
    (worst, device) =>
      HEALTH_RANK[deviceHealth(device)] > HEALTH_RANK[worst] ? deviceHealth(device) : worst,
    devices.length === 0 ? 'idle' : 'ok'
  )
}

/**
 * Items still to go out, what "Pause sending" would hold back (`toSend`), the scheduled held for the operator's decision
 * (`held`), and the scheduled that will not be sent, their number opted out (`optedOut`): the domain's one split of
 * what is waiting (toSendSplit), as the Overview parts it.
 */
export function pendingSplit(state: Pick<TrayState, 'counts' | 'scheduledOptedOut' | 'heldOverdue'>): {
  toSend: number
  held: number
  optedOut: number
} {
  return toSendSplit(bucketCounts(state.counts), {
    heldOverdue: state.heldOverdue ?? 0,
    scheduledOptedOut: state.scheduledOptedOut ?? 0
  })
}

function tooltipFor(state: TrayState, t: Translate): string {
  const { devices } = state
  if (devices.length === 0) return t('desktop.tray.noDevice')
  const connected = devices.filter((d) => d.state === 'connected').length
  const problems = devices.filter((d) => deviceHealth(d) !== 'ok')
  const parts = [t('desktop.tray.connected', { connected, total: devices.length })]
  if (problems.length > 0) parts.push(problems.map((d) => `${d.label}: ${stateLabel(d, t)}`).join(', '))
  const pending = pendingSplit(state)
  if (pending.toSend > 0) parts.push(toSendLine(state, pending.toSend, t))
  if (pending.held > 0) parts.push(t('desktop.tray.heldForDecision', { count: pending.held }))
  if (pending.optedOut > 0) parts.push(t('desktop.tray.notSentOptedOut', { count: pending.optedOut }))
  if (state.counts.failed > 0) parts.push(t('desktop.tray.failed', { count: state.counts.failed }))
  const relay = relayLine(state, t)
  if (relay) parts.push(relay)
  const unread = unreadLine(state, t)
  if (unread) parts.push(unread)
  return parts.join(' · ')
}

/** "12 to send", with what a pause holds of it: all of it, or a paused campaign's or device's part. */
function toSendLine(state: TrayState, pending: number, t: Translate): string {
  if (state.sendingPaused) return t('desktop.tray.toSendPaused', { count: pending })
  if (state.sendingHeldBy) return t('desktop.tray.toSendHeld', { count: pending, pid: state.sendingHeldBy })
  const paused = Math.min(state.pausedQueued ?? 0, pending)
  return paused > 0
    ? t('desktop.tray.toSendSomePaused', { count: pending, paused })
    : t('desktop.tray.toSend', { count: pending })
}

/**
 * "3 unread messages and 1 conversation marked unread", while anything waits to be read: in the tab's words (QA marked
 * unread: a conversation the operator marked unread was counted by the tab's badge alone).
 */
function unreadLine(state: TrayState, t: Translate): string | null {
  return state.inbox ? inboxUnreadWords(state.inbox, t) : null
}

/** "Messages in — relay: connected" (or behind, unreachable, full…), once a mailbox is set up. */
function relayLine(state: TrayState, t: Translate): string | null {
  if (!state.inbox) return null
  const relay = relayStatus(state.inbox)
  if (relay.health === 'not-set-up') return null
  return t('desktop.tray.relay', {
    state: `${relay.symbol} ${t(`relay.state.${relay.health}`, relay.wordParams)}`
  })
}

function deviceItem(device: DeviceView, t: Translate): TrayMenuItem {
  const needsLink = device.state === 'needs-scan' || device.state === 'disconnected'
  return {
    id: `device:${device.id}`,
    label: `${device.label} — ${stateLabel(device, t)}`,
    enabled: true,
    submenu: [
      // What helps a refused token or an ended subscription (the card's action for the state): first, as on the card.
      ...(Object.keys(WINDOW_ACTION_LABEL) as WindowDeviceAction[])
        .filter((action) => offers(device.state, action))
        .map((action) => ({
          id: `device:${device.id}:${action}`,
          label: t(WINDOW_ACTION_LABEL[action]),
          enabled: true,
          action: { kind: 'device-action', deviceId: device.id, action } as const
        })),
      {
        id: `device:${device.id}:restart`,
        label: t('desktop.tray.restart'),
        // What the window's card offers for the state (one table): the others cannot help it.
        enabled: offers(device.state, 'restart'),
        action: { kind: 'restart', deviceId: device.id }
      },
      {
        id: `device:${device.id}:relink`,
        label: t(
          device.state === 'awaiting-activation'
            ? 'desktop.tray.activationMessage'
            : scanCause(device) === 'never-linked'
              ? 'desktop.tray.linkScan'
              : needsLink
                ? 'desktop.tray.relinkScan'
                : 'desktop.tray.relink'
        ),
        enabled: offers(device.state, 'relink'),
        action: { kind: 'relink', deviceId: device.id }
      },
      {
        id: `device:${device.id}:info`,
        label: t('desktop.tray.info'),
        enabled: true,
        action: { kind: 'info', deviceId: device.id }
      }
    ]
  }
}

/** Where the window opens for a tray action that only shows something; null for one the shell does itself. */
export function trayDestination(action: TrayAction): EventPayload<'app:navigate'> | null {
  switch (action.kind) {
    case 'info':
      return { view: 'devices', deviceId: action.deviceId }
    case 'device-action':
      return { view: 'devices', deviceId: action.deviceId, deviceAction: action.action }
    case 'settings':
      return { view: 'settings' }
    case 'inbox':
      return { view: 'inbox' }
    default:
      return null
  }
}

/** Every click action is also a menu item, because some Linux trays never deliver clicks. */
export function buildTrayModel(state: TrayState, t: Translate): TrayModel {
  const pending = pendingSplit(state).toSend
  const relay = relayLine(state, t)
  const unread = unreadLine(state, t)
  const menu: TrayMenuItem[] = [
    ...state.devices.map((device) => deviceItem(device, t)),
    ...(relay ? [{ id: 'relay', label: relay, enabled: true, action: { kind: 'inbox' } as const }] : []),
    ...(unread ? [{ id: 'unread', label: unread, enabled: true, action: { kind: 'inbox' } as const }] : []),
    ...(state.devices.length > 0 || relay || unread
      ? [{ id: 'sep:devices', label: '', enabled: false, separator: true }]
      : []),
    {
      id: 'toggle-pause',
      label: t(state.sendingPaused ? 'desktop.tray.resume' : 'desktop.tray.pause', { count: pending }),
      enabled: true,
      action: { kind: 'toggle-pause' }
    },
    { id: 'sep:app', label: '', enabled: false, separator: true },
    { id: 'open', label: t('desktop.tray.open'), enabled: true, action: { kind: 'open' } },
    { id: 'settings', label: t('desktop.tray.settings'), enabled: true, action: { kind: 'settings' } },
    { id: 'quit', label: t('desktop.tray.quit'), enabled: true, action: { kind: 'quit' } }
  ]
  return { health: trayHealth(state), tooltip: tooltipFor(state, t), menu }
}

/** The fleet's worst state; a relay that needs the operator (unreachable, full, refused) is at least a warning. */
function trayHealth(state: TrayState): TrayHealth {
  const fleet = fleetHealth(state.devices)
  const relayNeedsAttention = state.inbox !== undefined && relayStatus(state.inbox).needsAttention
  return relayNeedsAttention && HEALTH_RANK[fleet] < HEALTH_RANK.warning ? 'warning' : fleet
}

export function findMenuItem(menu: TrayMenuItem[], id: string): TrayMenuItem | undefined {
  for (const item of menu) {
    if (item.id === id) return item
    const inner = item.submenu && findMenuItem(item.submenu, id)
    if (inner) return inner
  }
  return undefined
}
