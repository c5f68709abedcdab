// The messages of the sandbox world and their progress: every accepted message, the accepted log, which messages can
// still move on and when, and which changed since the store last saved.

import TinyQueue from 'tinyqueue'
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

/** A message's next status and when it comes. */
export interface DueStep {
  message: MessageRecord
  status: MessageStatus
  at: number
}

const newDueQueue = (): TinyQueue<DueStep> => new TinyQueue<DueStep>([], (a, b) => a.at - b.at)

export class MessageBook {
  private readonly list: MessageRecord[] = []
  /** Messages that can still move on. */
  private readonly active = new Set<MessageRecord>()
  /**
   * The active messages' next steps, earliest first. Finding the next step was a scan of every active message, and
   * the world asks after every request and every step: with 10,000 messages on their way, each send cost milliseconds
   * and a burst of steps grew with the square of the backlog (the sandbox bench's in-memory rate halved by 10,000).
   * An entry is current while it is its message's own in `stepOf`; a changed message leaves its old entry behind,
   * dropped when it comes to the top.
   */
  private dueSteps = newDueQueue()
  private readonly stepOf = new Map<MessageRecord, DueStep>()
  /** Active messages whose next step is to be worked out again (new, changed or loaded), at the next ask. */
  private readonly unscheduled = new Set<MessageRecord>()
  /** Active messages with no step until their device can send, by device serial (see `nextStep`). */
  private readonly waiting = new Map<string, Set<MessageRecord>>()
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
    this.reschedule(message)
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

  /**
   * The earliest status step still ahead, among the messages that can move on. The queue's top is checked against
   * the progress rule before it is answered: a device that stopped sending, or connected again later, only moves a
   * step later or takes it away. The one change that brings steps sooner, a device able to send again, is looked for
   * among the devices whose messages wait.
   */
  nextStep(deviceOf: (serial: string) => DeviceRecord | undefined, timings: SandboxTimings): DueStep | null {
    for (const [serial, messages] of this.waiting) {
      const [first] = messages
      if (first && nextStep(first, deviceOf(serial), timings) === null) continue
      this.waiting.delete(serial)
      for (const message of messages) this.unscheduled.add(message)
    }
    for (const message of this.unscheduled) this.schedule(message, deviceOf, timings)
    this.unscheduled.clear()
    for (let top = this.dueSteps.peek(); top; top = this.dueSteps.peek()) {
      if (this.stepOf.get(top.message) !== top) {
        this.dueSteps.pop()
        continue
      }
      const step = nextStep(top.message, deviceOf(top.message.deviceSerial), timings)
      if (step && step.status === top.status && step.at === top.at) return top
      this.dueSteps.pop()
      this.schedule(top.message, deviceOf, timings)
    }
    return null
  }

  advance(message: MessageRecord, status: MessageStatus, at: number): void {
    moveTo(message, status, at)
    this.touched.add(message)
    if (isFinal(status)) this.settle(message)
    else this.reschedule(message)
  }

  /** resend-message: a message that failed or was canceled goes back to pending. */
  resend(message: MessageRecord, now: number): boolean {
    if (message.status !== 'cancel' && message.status !== 'rejected') return false
    moveTo(message, 'pending', now)
    message.acceptedAt = now
    this.active.add(message)
    this.reschedule(message)
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
    this.dueSteps = newDueQueue()
    this.stepOf.clear()
    this.unscheduled.clear()
    this.waiting.clear()
    for (const message of messages) {
      this.list.push(message)
      if (isFinal(message.status)) continue
      this.active.add(message)
      this.unscheduled.add(message)
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
    this.unschedule(message)
    this.touched.add(message)
  }

  /** The message's step is worked out again at the next ask (its old queue entry, if any, is no longer current). */
  private reschedule(message: MessageRecord): void {
    this.unschedule(message)
    this.unscheduled.add(message)
  }

  private unschedule(message: MessageRecord): void {
    this.stepOf.delete(message)
    this.unscheduled.delete(message)
    this.waiting.get(message.deviceSerial)?.delete(message)
  }

  /** Queues the message's next step, or has it wait for its device when the rule gives none. */
  private schedule(
    message: MessageRecord,
    deviceOf: (serial: string) => DeviceRecord | undefined,
    timings: SandboxTimings
  ): void {
    this.stepOf.delete(message)
    const step = nextStep(message, deviceOf(message.deviceSerial), timings)
    if (step === null) {
      const waiting = this.waiting.get(message.deviceSerial) ?? new Set<MessageRecord>()
      waiting.add(message)
      this.waiting.set(message.deviceSerial, waiting)
      return
    }
    const due: DueStep = { message, ...step }
    this.stepOf.set(message, due)
    this.dueSteps.push(due)
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
