/**
 * Native notifications that keep working when clicked: each one stays referenced until it is clicked, closed or
 * fails (otherwise the garbage collector can drop its click handler), and on Windows a click that arrives after the
 * app restarted (the toast still in the Action Center) is routed through Notification.handleActivation, with the
 * notice's action carried in the toast's launch arguments.
 */
import { Notification } from 'electron'
import type { NoticeAction } from '../core/compose'

const LAUNCH_PREFIX = 'sender-desk-notice:'

export function encodeLaunchArguments(action: NoticeAction): string {
  return LAUNCH_PREFIX + encodeURIComponent(JSON.stringify(action))
}

/** The action a toast was created with, or null for anything else (a hand-made or older toast). */
export function decodeLaunchArguments(argumentsText: string): NoticeAction | null {
  if (!argumentsText.startsWith(LAUNCH_PREFIX)) return null
  try {
    const parsed = JSON.parse(decodeURIComponent(argumentsText.slice(LAUNCH_PREFIX.length))) as NoticeAction
    if (parsed.kind === 'relink' && typeof parsed.deviceId === 'string') return parsed
    if (parsed.kind === 'open' && ['devices', 'outbox', 'campaigns', 'send', 'inbox'].includes(parsed.view))
      return parsed
    if (
      parsed.kind === 'conversation' &&
      Number.isSafeInteger(parsed.conversationId) &&
      parsed.conversationId > 0
    )
      return parsed
    return null
  } catch {
    return null
  }
}

/** Where a clicked notice takes the window: a device's QR step, a conversation of the inbox, or a view. */
export function noticeDestination(action: NoticeAction): {
  view: 'linking' | 'inbox' | 'devices' | 'outbox' | 'campaigns' | 'send'
  deviceId?: string
  conversationId?: number
} {
  if (action.kind === 'relink') return { view: 'linking', deviceId: action.deviceId }
  if (action.kind === 'conversation') return { view: 'inbox', conversationId: action.conversationId }
  return { view: action.view }
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`)

/** A plain two-line toast whose launch arguments name the action, so a click after a restart still routes. */
export function toastXml(title: string, body: string, action: NoticeAction): string {
  return (
    `<toast launch="${escapeXml(encodeLaunchArguments(action))}" activationType="foreground">` +
    `<visual><binding template="ToastGeneric"><text>${escapeXml(title)}</text><text>${escapeXml(body)}</text>` +
    `</binding></visual></toast>`
  )
}

export class NotificationCenter {
  private readonly live = new Set<Notification>()

  constructor(private readonly onActivate: (action: NoticeAction | null) => void) {
    if (process.platform === 'win32') {
      Notification.handleActivation((details) => {
        // Clicks on toasts we still hold are handled by their own listener; this covers the ones from before a restart.
        if (details.type === 'click' || details.type === 'action')
          onActivate(decodeLaunchArguments(details.arguments))
      })
    }
  }

  show(title: string, body: string, action: NoticeAction): void {
    if (!Notification.isSupported()) return
    const notification = new Notification({
      title,
      body,
      ...(process.platform === 'win32' ? { toastXml: toastXml(title, body, action) } : {})
    })
    this.live.add(notification)
    const release = (): void => {
      this.live.delete(notification)
    }
    notification.on('click', () => {
      release()
      // On Windows handleActivation also sees this click (it is called in addition to instance events).
      if (process.platform !== 'win32') this.onActivate(action)
    })
    notification.on('close', release)
    notification.on('failed', release)
    notification.show()
  }

  /** Notifications still waiting for the operator (kept referenced). */
  pending(): number {
    return this.live.size
  }
}
