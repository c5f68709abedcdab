/**
 * Decides which changes deserve a native notification, and debounces them: a device that flaps
 * back to connected within the window produces nothing, and a burst of failed sends is one notice.
 * The shell only displays what comes out (and routes a click to the notice's action).
 */
import type { DeviceState } from '../../shared/contract'
import type { MessageKey, Params } from '../../shared/i18n'
import { decodeNote } from '../../shared/i18n/notes'
import type { Clock, TimerId } from './clock'

export type NoticeAction =
  { kind: 'relink'; deviceId: string } | { kind: 'open'; view: 'devices' | 'outbox' | 'campaigns' | 'send' }

/** A translation key and its params (translated by the shell in the operator's language), or text as it came. */
export type NoticeText = { key: MessageKey; params?: Params } | { text: string }

export interface Notice {
  key: string
  title: NoticeText
  body: NoticeText
  action: NoticeAction
}

export interface NoticeBoardOptions {
  clock: Clock
  notify: (notice: Notice) => void
  enabled: () => boolean
  debounceMs?: number
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
        title: { key: 'desktop.notice.disconnected', params: { label } },
        // The monitor's note: ours as a key (worded by the shell in the operator's language), the gateway's as it came.
        body: note ? (decodeNote(note) ?? { text: note }) : { key: 'desktop.notice.disconnectedBody' },
        action: { kind: 'open', view: 'devices' }
      }
    case 'needs-scan':
      return {
        key,
        title: { key: 'desktop.notice.loggedOut', params: { label } },
        body: { key: 'desktop.notice.loggedOutBody' },
        action: { kind: 'relink', deviceId }
      }
    case 'expired':
      return {
        key,
        title: { key: 'desktop.notice.expired', params: { label } },
        body: { key: 'desktop.notice.expiredBody' },
        action: { kind: 'open', view: 'devices' }
      }
    case 'token-invalid':
      return {
        key,
        title: { key: 'desktop.notice.tokenRejected', params: { label } },
        body: { key: 'desktop.notice.tokenRejectedBody' },
        action: { kind: 'open', view: 'devices' }
      }
    case 'locked':
      return {
        key,
        title: { key: 'desktop.notice.tokenLocked', params: { label } },
        body: { key: 'desktop.notice.tokenLockedBody' },
        action: { kind: 'open', view: 'devices' }
      }
    default:
      return null
  }
}

const AUTO_PAUSE_BODY = {
  disconnected: 'campaigns.autoPause.disconnected',
  failure_rate: 'campaigns.autoPause.failureRate',
  quota: 'campaigns.autoPause.quota'
} as const satisfies Record<string, MessageKey>

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
        title:
          count === 1
            ? { key: 'desktop.notice.sendFailedOne' }
            : { key: 'desktop.notice.sendFailedMany', params: { count } },
        body: { key: 'desktop.notice.sendFailedBody' },
        action: { kind: 'open', view: 'outbox' }
      })
    }, this.debounceMs)
  }

  /** The disk filled up and sending paused: said at once (no debounce), once per episode. */
  diskFull(full: boolean): void {
    if (!full) return
    this.emit({
      key: 'outbox:disk-full',
      title: { key: 'notice.diskFull.title' },
      body: { key: 'notice.diskFull.body' },
      action: { kind: 'open', view: 'outbox' }
    })
  }

  /**
   * A device's part of a campaign paused itself: said at once, naming the campaign and why (the gateway's own words
   * when it gave any, such as a ban). Clicking opens the campaigns view, where one click resumes it.
   */
  campaignAutoPaused(event: {
    campaignId: string
    name: string
    deviceId: string
    reason: 'disconnected' | 'failure_rate' | 'quota'
    note: string | null
  }): void {
    this.emit({
      key: `campaign:${event.campaignId}:${event.deviceId}`,
      title: { key: 'campaigns.notice.autoPaused', params: { name: event.name } },
      body: event.note ? { text: event.note } : { key: AUTO_PAUSE_BODY[event.reason] },
      action: { kind: 'open', view: 'campaigns' }
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
