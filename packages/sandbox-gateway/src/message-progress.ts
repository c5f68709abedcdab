// How an accepted message moves on: pending → sent (only while its device is connected) → delivered → read.

import type { DeviceRecord, MessageRecord, MessageStatus } from './records'

export interface ProgressTimings {
  sentAfterMs: number
  deliveredAfterMs: number
  readAfterMs: number
}

export const STATUS_NOTES: Record<MessageStatus, string> = {
  pending: 'message is pending and waiting to be processed',
  sent: 'message sent to whatsapp',
  delivered: "message delivered to the recipient's phone",
  read: 'message read by the recipient',
  cancel: 'message canceled',
  rejected: 'message rejected',
  revoke: 'message deleted for everyone'
}

export function isFinal(status: MessageStatus): boolean {
  return status === 'read' || status === 'cancel' || status === 'rejected' || status === 'revoke'
}

/** The next status and when it happens, or null when the message waits (device not connected) or is final. */
export function nextStep(
  message: MessageRecord,
  device: DeviceRecord | undefined,
  timings: ProgressTimings
): { status: MessageStatus; at: number } | null {
  switch (message.status) {
    case 'pending': {
      // Queued messages wait for the device, as the reference says ("delivered even if the phone is offline").
      if (!device || device.state !== 'connected') return null
      const since = Math.max(message.acceptedAt, device.connectedSince ?? message.acceptedAt)
      return { status: 'sent', at: Math.max(since + timings.sentAfterMs, message.notBefore ?? 0) }
    }
    case 'sent':
      return { status: 'delivered', at: message.updatedAt + timings.deliveredAfterMs }
    case 'delivered':
      return { status: 'read', at: message.updatedAt + timings.readAfterMs }
    default:
      return null
  }
}

export function moveTo(message: MessageRecord, status: MessageStatus, at: number, note?: string): void {
  message.status = status
  message.updatedAt = at
  message.note = note ?? STATUS_NOTES[status]
  message.history.push({ status, at })
}
