/**
 * Decides which changes deserve a native notification, and debounces them: a device that flaps
 * back to connected within the window produces nothing, and a burst of failed sends is one notice.
 * The shell only displays what comes out (and routes a click to the notice's action).
 */
import type { DeviceState } from '../../shared/contract'
import { translate, type Language } from '../../shared/i18n'
import type { Clock, TimerId } from './clock'

export type NoticeAction = { kind: 'relink'; deviceId: string } | { kind: 'open'; view: 'devices' | 'outbox' }

export interface Notice {
  key: string
  title: string
  body: string
  action: NoticeAction
}

export interface NoticeBoardOptions {
  clock: Clock
  notify: (notice: Notice) => void
  enabled: () => boolean
  debounceMs?: number
  /** The operator's language for notices that are already translated (default English). */
  language?: () => Language
}

const WORTH_TELLING: ReadonlySet<DeviceState> = new Set([
  'disconnected',
  'needs-scan',
  'expired',
  'token-invalid',
  'locked'
])

function deviceNotice(
  deviceId: string,
  label: string,
  state: DeviceState,
  note: string | null
): Notice | null {
  const key = `device:${deviceId}`
  switch (state) {
    case 'disconnected':
      return {
        key,
        title: `${label} disconnected`,
        body: note ?? 'Restart it from the tray to reconnect.',
        action: { kind: 'open', view: 'devices' }
      }
    case 'needs-scan':
      return {
        key,
        title: `${label} was logged out`,
        body: 'Click to scan a new QR code with the sender phone.',
        action: { kind: 'relink', deviceId }
      }
    case 'expired':
      return {
        key,
        title: `${label} has expired`,
        body: 'Renew the device with your gateway provider.',
        action: { kind: 'open', view: 'devices' }
      }
    case 'token-invalid':
      return {
        key,
        title: `${label}: token rejected`,
        body: 'The gateway no longer accepts its token. Check the token and server.',
        action: { kind: 'open', view: 'devices' }
      }
    case 'locked':
      return {
        key,
        title: `${label}: token locked`,
        body: 'The keyring could not unlock the stored token.',
        action: { kind: 'open', view: 'devices' }
      }
    default:
      return null
  }
}

export class NoticeBoard {
  private readonly debounceMs: number
  private readonly pendingDevice = new Map<string, { timer: TimerId; notice: Notice | null }>()
  private failedCount = 0
  private failedTimer: TimerId | null = null

  constructor(private readonly options: NoticeBoardOptions) {
    this.debounceMs = options.debounceMs ?? 10_000
  }

  deviceStateChanged(
    deviceId: string,
    label: string,
    from: DeviceState,
    to: DeviceState,
    note: string | null
  ): void {
    if (from === to) return
    const existing = this.pendingDevice.get(deviceId)
    if (existing) this.options.clock.clearTimeout(existing.timer)
    // Back to a good state inside the window: the earlier problem is not worth a notification.
    const notice =
      WORTH_TELLING.has(to) && from !== 'unknown' ? deviceNotice(deviceId, label, to, note) : null
    if (!notice && !existing) return
    const timer = this.options.clock.setTimeout(() => {
      const entry = this.pendingDevice.get(deviceId)
      this.pendingDevice.delete(deviceId)
      if (entry?.notice) this.emit(entry.notice)
    }, this.debounceMs)
    this.pendingDevice.set(deviceId, { timer, notice })
  }

  sendFailed(): void {
    this.failedCount += 1
    if (this.failedTimer) return
    this.failedTimer = this.options.clock.setTimeout(() => {
      const count = this.failedCount
      this.failedCount = 0
      this.failedTimer = null
      this.emit({
        key: 'outbox:failed',
        title: count === 1 ? 'A message could not be sent' : `${count} messages could not be sent`,
        body: 'Open the outbox to see why, edit and retry.',
        action: { kind: 'open', view: 'outbox' }
      })
    }, this.debounceMs)
  }

  /** The disk filled up and sending paused: said at once (no debounce), once per episode. */
  diskFull(full: boolean): void {
    if (!full) return
    const language = this.options.language?.() ?? 'en'
    this.emit({
      key: 'outbox:disk-full',
      title: translate(language, 'notice.diskFull.title'),
      body: translate(language, 'notice.diskFull.body'),
      action: { kind: 'open', view: 'outbox' }
    })
  }

  dispose(): void {
    for (const entry of this.pendingDevice.values()) this.options.clock.clearTimeout(entry.timer)
    this.pendingDevice.clear()
    if (this.failedTimer) this.options.clock.clearTimeout(this.failedTimer)
    this.failedTimer = null
  }

  private emit(notice: Notice): void {
    if (this.options.enabled()) this.options.notify(notice)
  }
}
