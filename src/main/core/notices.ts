/**
 * Decides which changes deserve a native notification, and debounces them: a device that flaps
 * back to connected within the window produces nothing, and a burst of failed sends is one notice.
 * The shell only displays what comes out (and routes a click to the notice's action).
 */
import type { DeviceState } from '../../shared/contract'
import { shownText } from '../../shared/domain/shown-text'
import type { MessageKey, Params } from '../../shared/i18n'
import { decodeNote } from '../../shared/i18n/notes'
import type { Clock, TimerId } from './clock'

export type NoticeAction =
  | { kind: 'relink'; deviceId: string }
  | { kind: 'open'; view: 'devices' | 'outbox' | 'campaigns' | 'send' | 'inbox' }
  | { kind: 'conversation'; conversationId: number }

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
  /** Do not disturb: customers' messages are not notified (device and sending notices still are). */
  doNotDisturb?: () => boolean
  /** The conversation open in a focused window: its new messages are not notified. */
  viewing?: () => number | null
  /** How long messages arriving together are gathered into one notice. */
  messageGroupMs?: number
}

/** A customer's message just kept (never one of ours): who wrote, where, and what. */
export interface ArrivedMessageNotice {
  conversationId: number
  /**
   * Who wrote (their chat id): one customer writing to two devices has two conversations but is one customer, as the
   * Overview's unread line counts distinct numbers.
   */
  customer: string
  /** The contact's name, else the push name, else the formatted number (a group: its subject). */
  from: string
  text: string
}

/** The first non-empty line of a message, cut to a notification's length. */
function firstLine(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .find((part) => part.trim() !== '')
      ?.trim() ?? ''
  return line.length > 120 ? `${line.slice(0, 119)}…` : line
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
  quota: 'campaigns.autoPause.quota',
  unreachable: 'campaigns.autoPause.unreachable'
} as const satisfies Record<string, MessageKey>

export class NoticeBoard {
  private readonly debounceMs: number
  private readonly pendingDevice = new Map<string, { timer: TimerId; notice: Notice | null }>()
  private failedCount = 0
  private failedTimer: TimerId | null = null
  /** Messages not told yet: how many, who wrote (per customer: their name and latest conversation) and the newest one. */
  private arrived: {
    count: number
    senders: Map<string, { from: string; conversationId: number }>
    last: ArrivedMessageNotice | null
  } = { count: 0, senders: new Map(), last: null }
  private arrivedTimer: TimerId | null = null

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
    reason: 'disconnected' | 'unreachable' | 'failure_rate' | 'quota'
    note: string | null
  }): void {
    this.emit({
      key: `campaign:${event.campaignId}:${event.deviceId}`,
      title: { key: 'campaigns.notice.autoPaused', params: { name: event.name } },
      // The device's note is the monitor's (a key of ours, or the gateway's own words), as a logout's notice reads it.
      body: event.note
        ? (decodeNote(event.note) ?? { text: event.note })
        : { key: AUTO_PAUSE_BODY[event.reason] },
      action: { kind: 'open', view: 'campaigns' }
    })
  }

  /**
   * A device whose drop paused a campaign's part is back: the part stays paused until the operator resumes it (so a
   * flapping connection never sends on its own), and this says so; clicking opens the campaigns view and its Resume.
   * Same key as the pause's notice: it replaces it.
   */
  campaignDeviceBack(event: { campaignId: string; name: string; deviceId: string }): void {
    this.emit({
      key: `campaign:${event.campaignId}:${event.deviceId}`,
      title: { key: 'campaigns.notice.deviceBack', params: { name: event.name } },
      body: { key: 'campaigns.autoPause.deviceBack' },
      action: { kind: 'open', view: 'campaigns' }
    })
  }

  /**
   * Customers' messages kept by the sync. Gathered for a moment, and for as long as a catch-up lasts: one message is
   * one notice with its sender and first line, several are one grouped notice ("7 new messages from 3 customers").
   * Messages in the conversation the focused window shows are left out; with do-not-disturb nothing is said.
   */
  messagesArrived(messages: readonly ArrivedMessageNotice[], catchingUp = false): void {
    const viewing = this.options.viewing?.() ?? null
    for (const arrived of messages) {
      if (arrived.conversationId === viewing) continue
      // Their name and words as the window draws them (QA82: an override turned "\u202Egnp.exe" into "exe.png").
      const message = {
        ...arrived,
        from: shownText(arrived.from) || arrived.customer,
        text: shownText(arrived.text)
      }
      this.arrived.count += 1
      // The conversation they wrote in last: the one a click on "N new messages from Budi" opens.
      this.arrived.senders.set(message.customer, {
        from: message.from,
        conversationId: message.conversationId
      })
      this.arrived.last = message
    }
    if (catchingUp) {
      if (this.arrivedTimer) this.options.clock.clearTimeout(this.arrivedTimer)
      this.arrivedTimer = null
      return
    }
    if (this.arrived.count === 0 || this.arrivedTimer) return
    this.arrivedTimer = this.options.clock.setTimeout(() => {
      this.arrivedTimer = null
      this.flushArrived()
    }, this.options.messageGroupMs ?? 1_500)
  }

  private flushArrived(): void {
    const { count, senders, last } = this.arrived
    this.arrived = { count: 0, senders: new Map(), last: null }
    if (count === 0 || !last || this.options.doNotDisturb?.()) return
    const lastLine = firstLine(last.text)
    const body: NoticeText = lastLine ? { text: lastLine } : { key: 'notice.message.noText' }
    if (count === 1) {
      this.emit({
        key: `inbox:${last.conversationId}`,
        title: { text: last.from },
        body,
        action: { kind: 'conversation', conversationId: last.conversationId }
      })
      return
    }
    const only = senders.size === 1 ? [...senders.values()][0]! : null
    this.emit({
      key: 'inbox:grouped',
      title: only
        ? { key: 'notice.messages.fromOne', params: { count, from: only.from } }
        : { key: 'notice.messages.fromMany', params: { count, customers: senders.size } },
      body,
      action: only
        ? { kind: 'conversation', conversationId: only.conversationId }
        : { kind: 'open', view: 'inbox' }
    })
  }

  dispose(): void {
    if (this.arrivedTimer) this.options.clock.clearTimeout(this.arrivedTimer)
    this.arrivedTimer = null
    for (const entry of this.pendingDevice.values()) this.options.clock.clearTimeout(entry.timer)
    this.pendingDevice.clear()
    if (this.failedTimer) this.options.clock.clearTimeout(this.failedTimer)
    this.failedTimer = null
  }

  private emit(notice: Notice): void {
    if (this.options.enabled()) this.options.notify(notice)
  }
}
