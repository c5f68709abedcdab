// The messages of the sandbox world and their progress: every accepted message, the accepted log, which messages can
// still move on, and which changed since the store last saved.

import type { MessageKind } from './media-rules'
import { isFinal, moveTo, nextStep } from './message-progress'
import type { AcceptedLogRecord, DeviceRecord, MessageRecord, MessageStatus } from './records'
import { iso } from './world-context'
import type { AcceptedLogEntry, MessageSnapshot, SandboxTimings } from './world-interface'

/** One recipient of a send request, validated by the route. */
export interface MessageDraft {
  phone: string
  isGroup: boolean
  kind: MessageKind
  text: string | null
  fileName: string | null
  url: string | null
  fileBytes: number | null
  refId: string | null
  /** Rich messages: the report category (their `text` holds the message object as JSON). */
  category?: MessageRecord['category']
  /** Sends on another channel (channel/{…}, sms/send). */
  channel?: MessageRecord['channel']
}

/** How a message was accepted: when, through which endpoint, from which schedule, under which id. */
export interface Acceptance {
  at: number
  endpoint: string
  scheduleId: string | null
  id: string
}

export class MessageBook {
  private readonly list: MessageRecord[] = []
  /** Messages that can still move on, so the wake-up scan does not walk the whole history. */
  private readonly active = new Set<MessageRecord>()
  /** Messages new or changed since the store last saved: every change to a message marks it here. */
  private readonly touched = new Set<MessageRecord>()
  private readonly log: AcceptedLogRecord[] = []
  /** How much of the accepted log the store has saved. */
  private savedLog = 0

  /** A new pending message, logged as accepted. */
  record(device: DeviceRecord, draft: MessageDraft, acceptance: Acceptance): MessageRecord {
    const { at, endpoint, scheduleId, id } = acceptance
    const message: MessageRecord = {
      id,
      deviceSerial: device.serial,
      refId: draft.refId,
      phone: draft.phone,
      isGroup: draft.isGroup,
      kind: draft.kind,
      text: draft.text,
      fileName: draft.fileName,
      url: draft.url,
      fileBytes: draft.fileBytes,
      status: 'pending',
      history: [{ status: 'pending', at }],
      acceptedAt: at,
      updatedAt: at,
      endpoint,
      scheduleId,
      note: null
    }
    this.list.push(message)
    this.active.add(message)
    this.touched.add(message)
    this.log.push({
      seq: this.log.length + 1,
      messageId: id,
      refId: draft.refId,
      phone: draft.phone,
      deviceSerial: device.serial,
      endpoint,
      at
    })
    return message
  }

  /** The message is refused at once (blacklist, a schedule whose device cannot send). */
  reject(message: MessageRecord, at: number, note: string): void {
    moveTo(message, 'rejected', at, note)
    this.settle(message)
  }

  /** The earliest status step still ahead, among the messages that can move on. */
  nextStep(
    deviceOf: (serial: string) => DeviceRecord | undefined,
    timings: SandboxTimings
  ): { message: MessageRecord; status: MessageStatus; at: number } | null {
    let best: { message: MessageRecord; status: MessageStatus; at: number } | null = null
    for (const message of this.active) {
      const step = nextStep(message, deviceOf(message.deviceSerial), timings)
      if (step && (!best || step.at < best.at)) best = { message, ...step }
    }
    return best
  }

  advance(message: MessageRecord, status: MessageStatus, at: number): void {
    moveTo(message, status, at)
    this.touched.add(message)
    if (isFinal(status)) this.settle(message)
  }

  /** resend-message: a message that failed or was canceled goes back to pending. */
  resend(message: MessageRecord, now: number): boolean {
    if (message.status !== 'cancel' && message.status !== 'rejected') return false
    moveTo(message, 'pending', now)
    message.acceptedAt = now
    this.active.add(message)
    this.touched.add(message)
    return true
  }

  /** cancel-message: only a pending message can be canceled. */
  cancel(message: MessageRecord, now: number): boolean {
    if (message.status !== 'pending') return false
    moveTo(message, 'cancel', now)
    this.settle(message)
    return true
  }

  /** revoke-message: a message already on WhatsApp is deleted for everyone. */
  revoke(message: MessageRecord, now: number): boolean {
    if (message.status !== 'sent' && message.status !== 'delivered' && message.status !== 'read') return false
    moveTo(message, 'revoke', now)
    this.settle(message)
    return true
  }

  /** v2/media/delete: the stored file of a media message is removed (the message stays). */
  removeMedia(message: MessageRecord): boolean {
    if (message.kind === 'text' || message.fileName === null) return false
    this.touched.add(message)
    message.fileName = null
    message.url = null
    return true
  }

  /** The device is gone: its queued messages stop moving. */
  settleDevice(serial: string): void {
    for (const message of [...this.active]) {
      if (message.deviceSerial === serial) this.settle(message)
    }
  }

  /** A message this device sent, by id. */
  messageOf(device: DeviceRecord, id: string): MessageRecord | undefined {
    return this.list.find((message) => message.id === id && message.deviceSerial === device.serial)
  }

  /** Every message, oldest first (reports filter and page these). */
  all(): readonly MessageRecord[] {
    return this.list
  }

  snapshots(filter: { refId?: string } = {}): MessageSnapshot[] {
    return this.list
      .filter((message) => filter.refId === undefined || message.refId === filter.refId)
      .map((message) => messageSnapshot(message))
  }

  acceptedLog(): AcceptedLogEntry[] {
    return this.log.map((entry) => ({ ...entry, at: iso(entry.at) }))
  }

  // ---- persistence ----

  records(): { messages: MessageRecord[]; acceptedLog: AcceptedLogRecord[] } {
    return { messages: this.list, acceptedLog: this.log }
  }

  load(messages: readonly MessageRecord[], acceptedLog: readonly AcceptedLogRecord[]): void {
    this.list.length = 0
    this.active.clear()
    for (const message of messages) {
      this.list.push(message)
      if (!isFinal(message.status)) this.active.add(message)
    }
    this.log.length = 0
    this.log.push(...acceptedLog)
    this.savedLog = this.log.length
    this.touched.clear()
  }

  /** The messages new or changed and the log entries new since the last call. */
  takeChanges(): { messages: MessageRecord[]; acceptedLog: AcceptedLogRecord[] } {
    const messages = [...this.touched]
    this.touched.clear()
    const acceptedLog = this.log.slice(this.savedLog)
    this.savedLog = this.log.length
    return { messages, acceptedLog }
  }

  /** A message stops moving (final, canceled, its device gone): the store saves it once more. */
  private settle(message: MessageRecord): void {
    this.active.delete(message)
    this.touched.add(message)
  }
}

export function messageSnapshot(message: MessageRecord): MessageSnapshot {
  return {
    id: message.id,
    refId: message.refId,
    phone: message.phone,
    isGroup: message.isGroup,
    kind: message.kind,
    text: message.text,
    fileName: message.fileName,
    url: message.url,
    fileBytes: message.fileBytes,
    status: message.status,
    history: message.history.map((step) => ({ status: step.status, at: iso(step.at) })),
    deviceSerial: message.deviceSerial,
    acceptedAt: iso(message.acceptedAt),
    updatedAt: iso(message.updatedAt),
    endpoint: message.endpoint,
    scheduleId: message.scheduleId,
    note: message.note,
    ...(message.channel ? { channel: message.channel } : {})
  }
}
