// The sandbox's world: devices and their life cycle, accepted messages, schedules, reminders, incoming messages with
// their auto-replies and webhooks, on a Clock.

import type { Clock, TimerHandle } from './clock'
import {
  DEVICE_NOTES,
  LINKED_STATES,
  PHONE_AWAY_LOGOUT_MS,
  noteOf,
  qrView,
  type QrView
} from './device-lifecycle'
import type { MessageKind } from './media-rules'
import { isFinal, moveTo, nextStep } from './message-progress'
import { isGroupId, normalisePhone } from './phone-numbers'
import type {
  AcceptedLogRecord,
  AutoReplyRecord,
  DeviceRecord,
  DeviceState,
  IncomingRecord,
  MessageRecord,
  MessageStatus,
  PersistedWorld,
  Quota,
  ReminderRecord,
  ScheduleCategory,
  ScheduleRecord
} from './records'
import { reminderRepeat } from './reminder-periods'
import { WebhookDeliveries, type WebhookAnswer, type WebhookDeliveryRecord } from './webhook-deliveries'
import { incomingPayload, trackingPayload } from './webhook-payloads'
import { repliesFromAnswer, type WebhookReply } from './webhook-replies'
import { GATEWAY_MESSAGES, GatewayRejection } from './rejections'
import type { RandomSource } from './random-source'
import { ContactBook } from './contact-book'
import { lastMinute, sendRateVerdict, takePacedSlot } from './send-pacing'
import {
  SandboxActionError,
  type AcceptedLogEntry,
  type AutoReplySnapshot,
  type CreateDeviceOptions,
  type CreatedDevice,
  type DeviceSnapshot,
  type IncomingDelivery,
  type IncomingInput,
  type IncomingMessage,
  type MessageSnapshot,
  type ReminderSnapshot,
  type SandboxTimings,
  type SandboxWorld,
  type ScheduleSnapshot,
  type WebhookDeliverySnapshot
} from './world-interface'
import { formatInZone, isValidTimeZone, nextOccurrence, parseInZone } from './local-time'

const DEFAULT_TIMEZONE = 'Asia/Jakarta'
const DAY_MS = 24 * 60 * 60 * 1000
/** Per device: auto-replies (keyword and webhook answers together) beyond this in a minute are not sent. */
export const AUTO_REPLIES_PER_MINUTE = 20

/** The increments a store saves (see WorldState.takeChanges). */
export interface WorldChanges {
  messages: MessageRecord[]
  acceptedLog: AcceptedLogRecord[]
  incoming: IncomingRecord[]
  small: Omit<PersistedWorld, 'messages' | 'acceptedLog' | 'incoming'>
}

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
}

export interface ScheduleDraft {
  version: 'v1' | 'v2'
  category: ScheduleCategory
  rawPhone: string
  phone: string
  isGroup: boolean
  text: string
  url: string | null
  timezone: string
  scheduleAt: string
  dueAt: number
}

/** A reminder as create/update give it (the route has validated and normalised every field). */
export interface ReminderDraft {
  phone: string
  title: string
  message: string
  /** `Y-m-d H:i:s` in the device's zone. */
  startLocal: string
  periode: ReminderRecord['periode']
  customDay: number | null
}

const iso = (ms: number): string => new Date(ms).toISOString()
/** Keyword matching ignores case and repeated spaces: "Jam  Buka" answers "jam buka". */
const keywordKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase()

export class WorldState implements SandboxWorld {
  private readonly devicesBySerial = new Map<string, DeviceRecord>()
  private readonly messageList: MessageRecord[] = []
  /** Messages that can still move on, so the wake-up scan does not walk the whole history. */
  private readonly activeMessages = new Set<MessageRecord>()
  /** Messages new or changed since the store last saved: every change to a message marks it here. */
  private readonly touchedMessages = new Set<MessageRecord>()
  /** How much of the append-only lists the store has saved. */
  private saved = { log: 0, incoming: 0 }
  private scheduleList: ScheduleRecord[] = []
  private readonly incomingList: IncomingRecord[] = []
  private readonly log: AcceptedLogRecord[] = []
  private autoReplyList: AutoReplyRecord[] = []
  private reminderList: ReminderRecord[] = []
  private wake: { id: TimerHandle; at: number } | null = null
  private readonly listeners: (() => void)[] = []
  private readonly deliveryListeners: (() => void)[] = []
  private readonly webhooks: WebhookDeliveries
  private disposed = false
  /** Contacts, contact groups, agents and the blacklist of every device. */
  contactBook = new ContactBook()
  /** Off: the hosted service's habits on the wire (see wire-habits.ts); on: the sandbox's tidy forms. */
  tidy = false
  /** When each device last sent auto-replies (keyword or webhook answers), for the per-minute limit. */
  private readonly recentReplies = new Map<string, number[]>()

  constructor(
    private readonly clock: Clock,
    private readonly random: RandomSource,
    readonly timings: SandboxTimings,
    webhookBackoffMs?: readonly number[]
  ) {
    this.webhooks = new WebhookDeliveries({
      clock,
      ...(webhookBackoffMs ? { backoffMs: webhookBackoffMs } : {}),
      onAnswer: (delivery, answer) => this.answerFromWebhook(delivery, answer),
      onChange: () => {
        for (const listener of this.deliveryListeners) listener()
      }
    })
  }

  // ---- test-facing actions (by token) ----

  createDevice(opts: CreateDeviceOptions = {}): CreatedDevice {
    const now = this.clock.now()
    const timezone = opts.timezone ?? DEFAULT_TIMEZONE
    if (!isValidTimeZone(timezone)) throw new SandboxActionError(`unknown time zone ${timezone}`, 400)
    const sender = opts.sender === undefined ? `628${this.random.digits(10)}` : normalisePhone(opts.sender)
    if (!sender) throw new SandboxActionError(`sender ${opts.sender ?? ''} is not a phone number`, 400)
    const quota = opts.quota ?? 1000
    if (quota !== 'unlimited' && (!Number.isInteger(quota) || quota < 0)) {
      throw new SandboxActionError('quota must be a non-negative integer or "unlimited"', 400)
    }
    let expiresAt = now + 365 * DAY_MS
    if (opts.expiresAt !== undefined) {
      const parsed = parseInZone(opts.expiresAt, timezone) ?? Date.parse(opts.expiresAt)
      if (Number.isNaN(parsed)) throw new SandboxActionError(`expiresAt ${opts.expiresAt} is not a date`, 400)
      expiresAt = parsed
    }
    const accountOf = opts.sameAccountAs === undefined ? undefined : this.requireByToken(opts.sameAccountAs)
    const serial = this.uniqueSerial()
    const linked = opts.linked === true
    const device: DeviceRecord = {
      serial,
      numericId: `${1 + this.random.int(9)}${this.random.digits(5)}`,
      token: this.uniqueToken(),
      secret: opts.secret === true ? this.random.secret() : (opts.secret ?? null),
      name: opts.name ?? `Device ${serial}`,
      sender,
      quota,
      expiresAt,
      timezone,
      state: linked ? 'connected' : 'needs-scan',
      activated: linked,
      legacyInfo: opts.legacyInfo === true,
      qr: null,
      qrGeneration: 0,
      qrSalt: this.random.token(),
      connectedSince: linked ? now : null,
      webhookUrl: null,
      trackingUrl: null,
      createdAt: now,
      invoiceNumber: null
    }
    if (accountOf) device.accountId = accountOf.accountId ?? accountOf.serial
    this.settleExpiry(device)
    this.devicesBySerial.set(serial, device)
    this.changed()
    return device.secret === null
      ? { token: device.token, serial }
      : { token: device.token, serial, secret: device.secret }
  }

  device(token: string): DeviceSnapshot {
    return this.snapshot(this.requireByToken(token))
  }

  devices(): DeviceSnapshot[] {
    return [...this.devicesBySerial.values()].map((device) => this.snapshot(this.settleExpiry(device)))
  }

  scan(token: string, qrText?: string): DeviceSnapshot {
    const device = this.requireByToken(token)
    if (LINKED_STATES.has(device.state)) throw new SandboxActionError('the phone is already linked')
    if (device.state !== 'qr-shown') {
      throw new SandboxActionError(`no QR code is shown (state ${device.state}); call device/scan first`)
    }
    if (qrText !== undefined) {
      const view = qrView(device, this.clock.now(), this.timings)
      if (!view || (qrText !== view.text && qrText !== view.previous?.text)) {
        throw new SandboxActionError('QR code expired or not recognised', 400)
      }
    }
    device.qr = null
    this.enter(device, device.activated ? 'connected' : 'awaiting-activation')
    return this.snapshot(device)
  }

  activate(token: string): DeviceSnapshot {
    const device = this.requireByToken(token)
    this.refuseIn(device, ['expired'], 'activate')
    if (device.activated) throw new SandboxActionError('the device is already activated')
    device.activated = true
    if (device.state === 'awaiting-activation') this.enter(device, 'connected')
    else this.changed()
    return this.snapshot(device)
  }

  logout(token: string): DeviceSnapshot {
    const device = this.requireByToken(token)
    if (!LINKED_STATES.has(device.state)) throw new SandboxActionError(`cannot log out from ${device.state}`)
    this.enter(device, 'needs-scan')
    return this.snapshot(device)
  }

  openWeb(token: string): DeviceSnapshot {
    const device = this.requireByToken(token)
    this.requireIn(device, ['connected'], 'open WhatsApp Web')
    this.enter(device, 'web-conflict')
    return this.snapshot(device)
  }

  goOffline(token: string): DeviceSnapshot {
    const device = this.requireByToken(token)
    this.requireIn(device, ['connected'], 'go offline')
    this.enter(device, 'offline')
    return this.snapshot(device)
  }

  goOnline(token: string): DeviceSnapshot {
    const device = this.requireByToken(token)
    this.requireIn(device, ['offline'], 'go online')
    this.enter(device, 'connected')
    return this.snapshot(device)
  }

  expire(token: string): DeviceSnapshot {
    const device = this.requireByToken(token)
    const now = this.clock.now()
    if (device.expiresAt > now) device.expiresAt = now - DAY_MS
    this.enter(device, 'expired')
    return this.snapshot(device)
  }

  /** Undoes the end of the subscription: a year from now, back in the state it was in when it ended. */
  renew(token: string): DeviceSnapshot {
    const device = this.requireByToken(token)
    this.requireIn(device, ['expired'], 'renew')
    device.expiresAt = this.clock.now() + 365 * DAY_MS
    const before = device.stateBeforeExpiry ?? 'needs-scan'
    device.stateBeforeExpiry = null
    this.enter(device, before === 'expired' || before === 'qr-shown' ? 'needs-scan' : before)
    return this.snapshot(device)
  }

  /**
   * The ban knob: above `perMinute` sends in a minute the device's sends are refused, and the third refusal
   * bans the number (logged out with a note). `null` turns the knob off.
   */
  setBanRate(token: string, perMinute: number | null): DeviceSnapshot {
    const device = this.requireByToken(token)
    if (perMinute !== null && (!Number.isInteger(perMinute) || perMinute < 1)) {
      throw new SandboxActionError('perMinute must be a positive integer or null', 400)
    }
    device.banRatePerMinute = perMinute
    device.recentSendTimes = []
    device.tooFastCount = 0
    this.changed()
    return this.snapshot(device)
  }

  setQuota(token: string, quota: Quota): DeviceSnapshot {
    const device = this.requireByToken(token)
    if (quota !== 'unlimited' && (!Number.isInteger(quota) || quota < 0)) {
      throw new SandboxActionError('quota must be a non-negative integer or "unlimited"', 400)
    }
    device.quota = quota
    this.changed()
    return this.snapshot(device)
  }

  deliverIncoming(token: string, incoming: IncomingInput): IncomingMessage {
    return this.receive(token, incoming).incoming
  }

  /**
   * A message reaches the device: recorded, answered by a matching auto-reply, and POSTed to the webhook URL when
   * "Get Incoming Message" is on (whose answer may reply too, later, once the receiver has answered).
   */
  receive(token: string, incoming: IncomingInput): IncomingDelivery {
    const device = this.requireByToken(token)
    if (!LINKED_STATES.has(device.state)) {
      throw new SandboxActionError(`a ${device.state} device receives nothing: the phone is not linked`)
    }
    const from = normalisePhone(incoming.from)
    if (!from) throw new SandboxActionError(`from ${incoming.from} is not a phone number`, 400)
    const groupId = incoming.groupId?.trim() || null
    if (groupId !== null && !isGroupId(groupId)) {
      throw new SandboxActionError(`groupId ${groupId} is not a group id`, 400)
    }
    const record: IncomingRecord = {
      id: this.random.whatsappId(),
      deviceSerial: device.serial,
      from,
      message: incoming.message,
      receivedAt: this.clock.now(),
      pushName: incoming.pushName?.trim() || 'Sandbox contact',
      groupId,
      groupSubject: groupId === null ? null : incoming.groupSubject?.trim() || 'Sandbox group'
    }
    this.incomingList.push(record)
    const rule = this.autoReplyList.find(
      (reply) =>
        reply.deviceSerial === device.serial && keywordKey(reply.keyword) === keywordKey(record.message)
    )
    const replies: MessageSnapshot[] = []
    if (rule) {
      const sent = this.sendReply(device, record, { kind: 'text', text: rule.response }, 'autoreply')
      if (typeof sent !== 'string') replies.push(messageSnapshot(sent))
    }
    let delivery: WebhookDeliveryRecord | null = null
    if (device.incoming === true && device.webhookUrl !== null) {
      delivery = this.webhooks.enqueue({
        deviceSerial: device.serial,
        kind: 'incoming',
        url: device.webhookUrl,
        payload: incomingPayload(device, record)
      })
    }
    this.changed()
    return { incoming: this.incomingSnapshot(record), replies, webhookDeliveryId: delivery?.id ?? null }
  }

  incoming(token?: string): IncomingMessage[] {
    const serial = token === undefined ? undefined : this.requireByToken(token).serial
    return this.incomingList
      .filter((record) => serial === undefined || record.deviceSerial === serial)
      .map((record) => this.incomingSnapshot(record))
  }

  messages(filter: { refId?: string } = {}): MessageSnapshot[] {
    return this.messageList
      .filter((message) => filter.refId === undefined || message.refId === filter.refId)
      .map((message) => messageSnapshot(message))
  }

  acceptedLog(): AcceptedLogEntry[] {
    return this.log.map((entry) => ({ ...entry, at: iso(entry.at) }))
  }

  webhookDeliveries(token?: string): WebhookDeliverySnapshot[] {
    const serial = token === undefined ? undefined : this.requireByToken(token).serial
    return this.webhooks.list(serial).map((delivery) => ({
      ...delivery,
      createdAt: iso(delivery.createdAt),
      nextAttemptAt: delivery.nextAttemptAt === null ? null : iso(delivery.nextAttemptAt),
      attempts: delivery.attempts.map((attempt) => ({ ...attempt, at: iso(attempt.at) }))
    }))
  }

  /** Resolves when no webhook POST is on the wire. */
  webhooksSettled(): Promise<void> {
    return this.webhooks.settled()
  }

  setIncomingWebhook(token: string, enabled: boolean): DeviceSnapshot {
    const device = this.requireByToken(token)
    this.setIncoming(device, enabled)
    return this.snapshot(device)
  }

  setWebhookReply(token: string, enabled: boolean): DeviceSnapshot {
    const device = this.requireByToken(token)
    device.webhookReply = enabled
    this.changed()
    return this.snapshot(device)
  }

  autoReplies(token?: string): AutoReplySnapshot[] {
    const serial = token === undefined ? undefined : this.requireByToken(token).serial
    return this.autoReplyList
      .filter((reply) => serial === undefined || reply.deviceSerial === serial)
      .map((reply) => autoReplySnapshot(reply))
  }

  reminders(token?: string): ReminderSnapshot[] {
    const serial = token === undefined ? undefined : this.requireByToken(token).serial
    return this.reminderList
      .filter((reminder) => serial === undefined || reminder.deviceSerial === serial)
      .map((reminder) => reminderSnapshot(reminder))
  }

  onDeliveryChange(listener: () => void): void {
    this.deliveryListeners.push(listener)
  }

  schedules(token?: string): ScheduleSnapshot[] {
    const serial = token === undefined ? undefined : this.requireByToken(token).serial
    return this.scheduleList
      .filter((schedule) => serial === undefined || schedule.deviceSerial === serial)
      .map((schedule) => ({
        id: schedule.id,
        deviceSerial: schedule.deviceSerial,
        version: schedule.version,
        category: schedule.category,
        phone: schedule.phone,
        isGroup: schedule.isGroup,
        text: schedule.text,
        url: schedule.url,
        timezone: schedule.timezone,
        scheduleAt: schedule.scheduleAt,
        dueAt: iso(schedule.dueAt),
        status: schedule.status
      }))
  }

  // ---- gateway-facing operations (used by the routes, which have already authenticated) ----

  /** The device holding this token, with expiry by date applied. */
  deviceByToken(token: string): DeviceRecord | undefined {
    for (const device of this.devicesBySerial.values()) {
      if (device.token === token) return this.settleExpiry(device)
    }
    return undefined
  }

  deviceBySerial(serial: string): DeviceRecord | undefined {
    const device = this.devicesBySerial.get(serial)
    return device && this.settleExpiry(device)
  }

  allDevices(): DeviceRecord[] {
    return [...this.devicesBySerial.values()].map((device) => this.settleExpiry(device))
  }

  now(): number {
    return this.clock.now()
  }

  /** device/scan: starts a QR session when the device needs one and returns the current QR. */
  showQr(device: DeviceRecord): QrView {
    if (device.state === 'expired') throw new GatewayRejection(GATEWAY_MESSAGES.tokenInvalid, 401)
    if (LINKED_STATES.has(device.state)) throw new GatewayRejection(GATEWAY_MESSAGES.alreadyConnected)
    if (device.state === 'needs-scan') {
      device.qrGeneration += 1
      device.qr = { generation: device.qrGeneration, shownAt: this.clock.now() }
      this.enter(device, 'qr-shown')
    }
    const view = qrView(device, this.clock.now(), this.timings)
    if (!view) throw new Error('a device in qr-shown always has a QR session')
    return view
  }

  /** device/restart and the legacy reconnect: reconnects a device whose phone is still linked. */
  restart(device: DeviceRecord): void {
    if (device.state === 'needs-scan' || device.state === 'qr-shown') {
      throw new GatewayRejection(GATEWAY_MESSAGES.notConnected)
    }
    if (device.state === 'awaiting-activation') throw new GatewayRejection(GATEWAY_MESSAGES.notActivated)
    if (device.state === 'offline' || device.state === 'web-conflict') this.enter(device, 'connected')
  }

  /** device/change-number: the new number has to be linked by a new scan. */
  changeNumber(device: DeviceRecord, sender: string): void {
    device.sender = sender
    this.enter(device, 'needs-scan')
  }

  /** device/disconnect: the gateway drops the WhatsApp session. */
  disconnect(device: DeviceRecord): void {
    this.enter(device, 'needs-scan')
  }

  regenerateToken(device: DeviceRecord): string {
    device.token = this.uniqueToken()
    this.changed()
    return device.token
  }

  setUrls(device: DeviceRecord, urls: { webhookUrl?: string; trackingUrl?: string }): void {
    if (urls.webhookUrl !== undefined) device.webhookUrl = urls.webhookUrl
    if (urls.trackingUrl !== undefined) device.trackingUrl = urls.trackingUrl
    this.changed()
  }

  /** device/incoming: "Get Incoming Message" on or off. */
  setIncoming(device: DeviceRecord, enabled: boolean): void {
    device.incoming = enabled
    this.changed()
  }

  // ---- auto-replies (v2/autoreply) ----

  autoRepliesOf(device: DeviceRecord, keyword?: string): AutoReplyRecord[] {
    const wanted = keyword === undefined ? undefined : keywordKey(keyword)
    return this.autoReplyList.filter(
      (reply) =>
        reply.deviceSerial === device.serial && (wanted === undefined || keywordKey(reply.keyword) === wanted)
    )
  }

  addAutoReply(device: DeviceRecord, keyword: string, response: string): AutoReplyRecord {
    this.refuseDuplicateKeyword(device, keyword, null)
    const now = this.clock.now()
    const reply: AutoReplyRecord = {
      id: this.uniqueNumericId(
        6,
        this.autoReplyList.map((entry) => entry.id)
      ),
      deviceSerial: device.serial,
      keyword: keyword.trim(),
      response,
      createdAt: now,
      updatedAt: now
    }
    this.autoReplyList.push(reply)
    this.changed()
    return reply
  }

  updateAutoReply(device: DeviceRecord, id: string, keyword: string, response: string): AutoReplyRecord {
    const reply = this.autoReplyOf(device, id)
    this.refuseDuplicateKeyword(device, keyword, id)
    reply.keyword = keyword.trim()
    reply.response = response
    reply.updatedAt = this.clock.now()
    this.changed()
    return reply
  }

  removeAutoReply(device: DeviceRecord, id: string): AutoReplyRecord {
    const reply = this.autoReplyOf(device, id)
    this.autoReplyList = this.autoReplyList.filter((entry) => entry !== reply)
    this.changed()
    return reply
  }

  // ---- reminders ----

  reminderOf(device: DeviceRecord, id: string): ReminderRecord | undefined {
    return this.reminderList.find((reminder) => reminder.id === id && reminder.deviceSerial === device.serial)
  }

  addReminder(device: DeviceRecord, draft: ReminderDraft): ReminderRecord {
    const reminder: ReminderRecord = {
      id: this.uniqueNumericId(
        7,
        this.reminderList.map((entry) => entry.id)
      ),
      deviceSerial: device.serial,
      ...draft,
      timezone: device.timezone,
      nextIndex: 0,
      nextAt: 0,
      sentCount: 0,
      lastSentAt: null,
      createdAt: this.clock.now()
    }
    this.planReminder(reminder)
    this.reminderList.push(reminder)
    this.changed()
    return reminder
  }

  updateReminder(device: DeviceRecord, id: string, draft: ReminderDraft): ReminderRecord {
    const reminder = this.reminderOf(device, id)
    if (!reminder) throw new GatewayRejection(`reminder ${id} not found`)
    Object.assign(reminder, draft)
    this.planReminder(reminder)
    this.changed()
    return reminder
  }

  removeReminder(device: DeviceRecord, id: string): ReminderRecord {
    const reminder = this.reminderOf(device, id)
    if (!reminder) throw new GatewayRejection(`reminder ${id} not found`)
    this.reminderList = this.reminderList.filter((entry) => entry !== reminder)
    this.changed()
    return reminder
  }

  /** device/create: a new device that still needs a scan and activation (quota 0 unless the caller gives one). */
  createOrderedDevice(input: {
    name: string
    sender: string
    timezone: string
    quota?: Quota
    /** The device whose account orders it. */
    account: DeviceRecord
  }): DeviceRecord {
    const created = this.createDevice({
      name: input.name,
      sender: input.sender,
      timezone: input.timezone,
      quota: input.quota ?? 0
    })
    const device = this.devicesBySerial.get(created.serial)
    if (!device) throw new Error('a device just created is always there')
    device.accountId = input.account.accountId ?? input.account.serial
    device.invoiceNumber = `INV/${formatInZone(this.clock.now(), device.timezone).slice(0, 10).replace(/-/g, '')}/${this.random.digits(6)}`
    this.changed()
    return device
  }

  /** Accepts every draft as a pending message, or none: quota is checked for the whole request. */
  accept(device: DeviceRecord, drafts: MessageDraft[], endpoint: string): MessageRecord[] {
    if (device.quota !== 'unlimited' && device.quota < drafts.length) {
      throw new GatewayRejection(GATEWAY_MESSAGES.quotaExhausted)
    }
    this.checkSendRate(device, drafts.length)
    if (device.quota !== 'unlimited') device.quota -= drafts.length
    const now = this.clock.now()
    const accepted = drafts.map((draft) => {
      const message = this.record(device, draft, now, endpoint, null, this.random.uuid())
      if (draft.category) message.category = draft.category
      if (this.contactBook.isBlacklisted(device.serial, draft.phone)) {
        moveTo(message, 'rejected', now, 'number is on the blacklist')
        this.settle(message)
      } else {
        message.notBefore = takePacedSlot(device, now)
      }
      return message
    })
    this.changed()
    return accepted
  }

  setSpeed(device: DeviceRecord, delaySec: number): void {
    device.speedDelaySec = delaySec
    device.pacing = null
    this.changed()
  }

  /** device/delete: the device and its queued work are gone (its sent history stays for reports). */
  deleteDevice(device: DeviceRecord): void {
    this.devicesBySerial.delete(device.serial)
    for (const message of [...this.activeMessages]) {
      if (message.deviceSerial === device.serial) this.settle(message)
    }
    this.changed()
  }

  setClosing(device: DeviceRecord, text: string): void {
    device.closingMessage = text
    this.changed()
  }

  /** The devices of this device's account, itself included (`random: true` picks among the connected ones). */
  accountDevices(device: DeviceRecord): DeviceRecord[] {
    const account = device.accountId ?? device.serial
    return this.allDevices().filter((other) => (other.accountId ?? other.serial) === account)
  }

  randomInt(bound: number): number {
    return this.random.int(bound)
  }

  newId(): string {
    return this.random.uuid()
  }

  /** A message this device sent, by id. */
  messageOf(device: DeviceRecord, id: string): MessageRecord | undefined {
    return this.messageList.find((message) => message.id === id && message.deviceSerial === device.serial)
  }

  /** resend-message: a message that failed or was canceled goes back to pending. */
  resend(message: MessageRecord): boolean {
    if (message.status !== 'cancel' && message.status !== 'rejected') return false
    moveTo(message, 'pending', this.clock.now())
    message.acceptedAt = this.clock.now()
    this.activeMessages.add(message)
    this.touchedMessages.add(message)
    this.changed()
    return true
  }

  /** cancel-message: only a pending message can be canceled. */
  cancel(message: MessageRecord): boolean {
    if (message.status !== 'pending') return false
    moveTo(message, 'cancel', this.clock.now())
    this.settle(message)
    this.trackStatus(message)
    this.changed()
    return true
  }

  /** revoke-message: a message already on WhatsApp is deleted for everyone. */
  revoke(message: MessageRecord): boolean {
    if (message.status !== 'sent' && message.status !== 'delivered' && message.status !== 'read') return false
    moveTo(message, 'revoke', this.clock.now())
    this.settle(message)
    this.trackStatus(message)
    this.changed()
    return true
  }

  /** v2/media/delete: the stored file of a media message is removed (the message stays). */
  removeMedia(message: MessageRecord): boolean {
    if (message.kind === 'text' || message.fileName === null) return false
    this.touchedMessages.add(message)
    message.fileName = null
    message.url = null
    this.changed()
    return true
  }

  /** Saves a change made through contactBook (contacts, groups, agents, blacklist). */
  contactsChanged(): void {
    this.changed()
  }

  addSchedules(device: DeviceRecord, drafts: ScheduleDraft[]): ScheduleRecord[] {
    const now = this.clock.now()
    const added = drafts.map((draft): ScheduleRecord => ({
      ...draft,
      id: this.random.uuid(),
      deviceSerial: device.serial,
      status: 'waiting',
      createdAt: now
    }))
    this.scheduleList.push(...added)
    this.changed()
    return added
  }

  scheduleOf(device: DeviceRecord, id: string): ScheduleRecord | undefined {
    return this.scheduleList.find((schedule) => schedule.id === id && schedule.deviceSerial === device.serial)
  }

  updateSchedule(device: DeviceRecord, id: string, draft: ScheduleDraft): ScheduleRecord {
    const schedule = this.waitingSchedule(device, id)
    Object.assign(schedule, draft, { version: schedule.version })
    this.changed()
    return schedule
  }

  cancelSchedule(device: DeviceRecord, id: string): ScheduleRecord {
    const schedule = this.waitingSchedule(device, id)
    schedule.status = 'cancel'
    this.changed()
    return schedule
  }

  /** Deletes the device's schedules among `ids` (any status); how many were deleted. */
  deleteSchedules(device: DeviceRecord, ids: readonly string[]): number {
    const before = this.scheduleList.length
    this.scheduleList = this.scheduleList.filter(
      (schedule) => !(schedule.deviceSerial === device.serial && ids.includes(schedule.id))
    )
    const deleted = before - this.scheduleList.length
    if (deleted > 0) this.changed()
    return deleted
  }

  /** Every message, oldest first (reports filter and page these). */
  allMessages(): readonly MessageRecord[] {
    return this.messageList
  }

  // ---- persistence and lifetime ----

  onChange(listener: () => void): void {
    this.listeners.push(listener)
  }

  toJSON(): PersistedWorld {
    return {
      version: 1,
      randomState: this.random.snapshot,
      devices: [...this.devicesBySerial.values()],
      messages: this.messageList,
      schedules: this.scheduleList,
      incoming: this.incomingList,
      acceptedLog: this.log,
      autoReplies: this.autoReplyList,
      contactBook: this.contactBook.state,
      reminders: this.reminderList
    }
  }

  /** Replaces the world with a saved one and re-arms the clock for whatever was in flight. */
  load(saved: PersistedWorld): void {
    this.random.restore(saved.randomState)
    this.devicesBySerial.clear()
    for (const device of saved.devices) this.devicesBySerial.set(device.serial, device)
    this.messageList.length = 0
    this.activeMessages.clear()
    for (const message of saved.messages) {
      this.messageList.push(message)
      if (!isFinal(message.status)) this.activeMessages.add(message)
    }
    this.scheduleList = [...saved.schedules]
    this.incomingList.length = 0
    this.incomingList.push(...saved.incoming)
    this.log.length = 0
    this.log.push(...saved.acceptedLog)
    this.saved = { log: this.log.length, incoming: this.incomingList.length }
    this.touchedMessages.clear()
    this.autoReplyList = [...(saved.autoReplies ?? [])]
    if (saved.contactBook) this.contactBook = new ContactBook(saved.contactBook)
    this.reminderList = [...(saved.reminders ?? [])]
    // Whatever came due while the sandbox was down happens now, at the time it was due.
    this.processDue()
  }

  dispose(): void {
    this.disposed = true
    this.webhooks.dispose()
    if (this.wake) this.clock.clearTimeout(this.wake.id)
    this.wake = null
  }

  /**
   * What changed since the last call, for a store that saves increments: the messages that are new or changed, the
   * new accepted-log and incoming entries, and the small state (devices, schedules…) whole.
   */
  takeChanges(): WorldChanges {
    const messages = new Set(this.touchedMessages)
    this.touchedMessages.clear()
    const changes: WorldChanges = {
      messages: [...messages],
      acceptedLog: this.log.slice(this.saved.log),
      incoming: this.incomingList.slice(this.saved.incoming),
      small: {
        version: 1,
        randomState: this.random.snapshot,
        devices: [...this.devicesBySerial.values()],
        schedules: this.scheduleList,
        autoReplies: this.autoReplyList,
        reminders: this.reminderList,
        contactBook: this.contactBook.state
      }
    }
    this.saved = { log: this.log.length, incoming: this.incomingList.length }
    return changes
  }

  // ---- internals ----

  /** A message stops moving (final, canceled, its device gone): the store saves it once more. */
  private settle(message: MessageRecord): void {
    this.activeMessages.delete(message)
    this.touchedMessages.add(message)
  }

  private snapshot(device: DeviceRecord): DeviceSnapshot {
    const qr = qrView(device, this.clock.now(), this.timings)
    return {
      token: device.token,
      serial: device.serial,
      deviceId: device.numericId,
      name: device.name,
      sender: device.sender,
      quota: device.quota,
      ...(device.secret === null ? {} : { secret: device.secret }),
      state: device.state,
      activated: device.activated,
      linked: LINKED_STATES.has(device.state),
      expiresAt: formatInZone(device.expiresAt, device.timezone),
      timezone: device.timezone,
      legacyInfo: device.legacyInfo,
      note: noteOf(device),
      banRatePerMinute: device.banRatePerMinute ?? null,
      webhookUrl: device.webhookUrl,
      trackingUrl: device.trackingUrl,
      incomingWebhook: device.incoming === true,
      webhookReply: device.webhookReply === true,
      qr: qr && { text: qr.text, expiresInSec: qr.expiresInSec, previousText: qr.previous?.text ?? null }
    }
  }

  private incomingSnapshot(record: IncomingRecord): IncomingMessage {
    return {
      id: record.id,
      deviceSerial: record.deviceSerial,
      from: record.from,
      message: record.message,
      receivedAt: iso(record.receivedAt),
      pushName: record.pushName ?? '',
      groupId: record.groupId ?? null,
      groupSubject: record.groupSubject ?? null
    }
  }

  private autoReplyOf(device: DeviceRecord, id: string): AutoReplyRecord {
    const reply = this.autoReplyList.find((entry) => entry.id === id && entry.deviceSerial === device.serial)
    if (!reply) throw new GatewayRejection(`autoreply ${id} not found`)
    return reply
  }

  private refuseDuplicateKeyword(device: DeviceRecord, keyword: string, exceptId: string | null): void {
    const taken = this.autoRepliesOf(device, keyword).some((reply) => reply.id !== exceptId)
    if (taken) throw new GatewayRejection(`keyword ${keyword.trim()} already exist`)
  }

  /** The next occurrence still ahead of now (a reminder whose start has passed begins with the next one). */
  private planReminder(reminder: ReminderRecord): void {
    const next = nextOccurrence(
      reminder.startLocal,
      reminder.timezone,
      reminderRepeat(reminder.periode, reminder.customDay),
      this.clock.now() - 1
    )
    reminder.nextIndex = next.index
    reminder.nextAt = next.at
  }

  /**
   * Sends one reply into the chat an incoming message came from (a group reply goes to the group). Quota is taken
   * like any send; without quota nothing is sent and the reason is returned instead.
   */
  private sendReply(
    device: DeviceRecord,
    to: IncomingRecord,
    reply: WebhookReply,
    endpoint: 'autoreply' | 'webhook-reply'
  ): MessageRecord | string {
    if (device.quota !== 'unlimited' && device.quota < 1) return GATEWAY_MESSAGES.quotaExhausted
    const now = this.clock.now()
    const recent = lastMinute(this.recentReplies.get(device.serial), now)
    this.recentReplies.set(device.serial, recent)
    if (recent.length >= AUTO_REPLIES_PER_MINUTE) {
      return `not sent: over ${AUTO_REPLIES_PER_MINUTE} auto-replies a minute for this device`
    }
    recent.push(now)
    if (device.quota !== 'unlimited') device.quota -= 1
    const draft: MessageDraft = {
      phone: to.groupId ?? to.from,
      isGroup: to.groupId !== null && to.groupId !== undefined,
      kind: reply.kind,
      text: reply.kind === 'text' ? reply.text : reply.caption,
      fileName: reply.kind === 'text' ? null : (reply.url.split('/').pop() ?? null),
      url: reply.kind === 'text' ? null : reply.url,
      fileBytes: null,
      refId: null
    }
    return this.record(device, draft, this.clock.now(), endpoint, null, this.random.uuid())
  }

  /** "Get Auto Reply From Webhook": the receiver's answer goes back to the chat, when the device has it on. */
  private answerFromWebhook(
    delivery: WebhookDeliveryRecord,
    answer: WebhookAnswer
  ): { replies: string[]; note: string | null } {
    const device = this.devicesBySerial.get(delivery.deviceSerial)
    const incoming = this.incomingList.find((record) => record.id === delivery.payload.id)
    if (!device || !incoming) return { replies: [], note: 'the device or the message is gone' }
    if (device.webhookReply !== true) return { replies: [], note: 'auto reply from webhook is off' }
    const wanted = repliesFromAnswer(answer.contentType, answer.body)
    if (wanted.length === 0) return { replies: [], note: 'the answer asks for no reply' }
    const replies: string[] = []
    let note: string | null = null
    for (const reply of wanted) {
      const sent = this.sendReply(device, incoming, reply, 'webhook-reply')
      if (typeof sent === 'string') {
        note = sent
        break
      }
      replies.push(reply.kind === 'text' ? reply.text : `${reply.kind}: ${reply.url}`)
    }
    this.changed()
    return { replies, note }
  }

  private trackStatus(message: MessageRecord): void {
    const device = this.devicesBySerial.get(message.deviceSerial)
    if (!device?.trackingUrl) return
    this.webhooks.enqueue({
      deviceSerial: device.serial,
      kind: 'tracking',
      url: device.trackingUrl,
      payload: trackingPayload(device, message, this.tidy)
    })
  }

  /** The ban knob (see setBanRate): refuses a send over the rate, and bans the number at the third refusal. */
  private checkSendRate(device: DeviceRecord, count: number): void {
    const verdict = sendRateVerdict(device, count, this.clock.now())
    if (verdict === 'ban') {
      this.enter(device, 'needs-scan', DEVICE_NOTES.banned)
      throw new GatewayRejection(DEVICE_NOTES.banned, 403)
    }
    if (verdict === 'too-fast') {
      this.changed()
      throw new GatewayRejection(GATEWAY_MESSAGES.sendingTooFast, 429)
    }
  }

  private requireByToken(token: string): DeviceRecord {
    const device = this.deviceByToken(token)
    if (!device) throw new SandboxActionError('no device has this token', 404)
    return device
  }

  private requireIn(device: DeviceRecord, states: DeviceState[], action: string): void {
    if (!states.includes(device.state)) {
      throw new SandboxActionError(`cannot ${action} from ${device.state} (only from ${states.join(', ')})`)
    }
  }

  private refuseIn(device: DeviceRecord, states: DeviceState[], action: string): void {
    if (states.includes(device.state))
      throw new SandboxActionError(`cannot ${action} a ${device.state} device`)
  }

  /** Applies what time alone does to a device: the subscription ends, a phone away 14 days is logged out. */
  private settleExpiry(device: DeviceRecord): DeviceRecord {
    const now = this.clock.now()
    if (device.state !== 'expired' && now >= device.expiresAt) {
      device.stateBeforeExpiry = device.state
      device.state = 'expired'
      device.stateNote = null
      device.qr = null
    }
    if (
      device.state === 'offline' &&
      device.offlineSince != null &&
      now - device.offlineSince >= PHONE_AWAY_LOGOUT_MS
    ) {
      device.state = 'needs-scan'
      device.offlineSince = null
      device.stateNote = DEVICE_NOTES.awayTooLong
    }
    return device
  }

  private enter(device: DeviceRecord, state: DeviceState, note: string | null = null): void {
    if (state === 'expired' && device.state !== 'expired') device.stateBeforeExpiry = device.state
    device.state = state
    device.stateNote = note
    device.offlineSince = state === 'offline' ? this.clock.now() : null
    if (state !== 'qr-shown') device.qr = null
    if (state === 'connected') device.connectedSince = this.clock.now()
    this.changed()
  }

  private waitingSchedule(device: DeviceRecord, id: string): ScheduleRecord {
    const schedule = this.scheduleOf(device, id)
    if (!schedule) throw new GatewayRejection('schedule not found')
    if (schedule.status !== 'waiting') {
      throw new GatewayRejection(`schedule already ${schedule.status === 'fired' ? 'sent' : 'canceled'}`)
    }
    return schedule
  }

  private record(
    device: DeviceRecord,
    draft: MessageDraft,
    at: number,
    endpoint: string,
    scheduleId: string | null,
    id: string
  ): MessageRecord {
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
    this.messageList.push(message)
    this.activeMessages.add(message)
    this.touchedMessages.add(message)
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

  private uniqueSerial(): string {
    for (;;) {
      const serial = this.random.serial()
      if (!this.devicesBySerial.has(serial)) return serial
    }
  }

  /** Auto-reply and reminder ids look like the gateway's: numbers, here of `length` digits, never 0-led. */
  private uniqueNumericId(length: number, taken: readonly string[]): string {
    for (;;) {
      const id = `${1 + this.random.int(9)}${this.random.digits(length - 1)}`
      if (!taken.includes(id)) return id
    }
  }

  private uniqueToken(): string {
    for (;;) {
      const token = this.random.token()
      if (!this.deviceByToken(token)) return token
    }
  }

  private changed(): void {
    if (this.disposed) return
    this.rearm()
    for (const listener of this.listeners) listener()
  }

  /** The earliest thing due: a message step or a schedule. */
  private nextEvent(): { at: number; run: () => void } | null {
    let best: { at: number; run: () => void } | null = null
    for (const message of this.activeMessages) {
      const step = nextStep(message, this.devicesBySerial.get(message.deviceSerial), this.timings)
      if (step && (!best || step.at < best.at)) {
        best = { at: step.at, run: () => this.advanceMessage(message, step.status, step.at) }
      }
    }
    for (const schedule of this.scheduleList) {
      if (schedule.status === 'waiting' && (!best || schedule.dueAt < best.at)) {
        best = { at: schedule.dueAt, run: () => this.fire(schedule) }
      }
    }
    for (const reminder of this.reminderList) {
      if (!best || reminder.nextAt < best.at) best = { at: reminder.nextAt, run: () => this.remind(reminder) }
    }
    return best
  }

  private advanceMessage(message: MessageRecord, status: MessageStatus, at: number): void {
    moveTo(message, status, at)
    this.touchedMessages.add(message)
    if (isFinal(status)) this.settle(message)
    this.trackStatus(message)
  }

  /**
   * A reminder's occurrence comes due: it becomes a message (endpoint `reminder`, the reminder's id as its
   * scheduleId) and the reminder moves to its next occurrence. Refused like a schedule when the device cannot send.
   */
  private remind(reminder: ReminderRecord): void {
    const device = this.devicesBySerial.get(reminder.deviceSerial)
    const at = reminder.nextAt
    reminder.nextIndex += 1
    reminder.nextAt = nextOccurrence(
      reminder.startLocal,
      reminder.timezone,
      reminderRepeat(reminder.periode, reminder.customDay),
      at
    ).at
    if (!device) return
    this.settleExpiry(device)
    const draft: MessageDraft = {
      phone: reminder.phone,
      isGroup: false,
      kind: 'text',
      text: reminder.message,
      fileName: null,
      url: null,
      fileBytes: null,
      refId: null
    }
    const message = this.record(device, draft, at, 'reminder', reminder.id, this.random.uuid())
    reminder.sentCount += 1
    reminder.lastSentAt = at
    const refusal = this.refusalFor(device)
    if (refusal) {
      moveTo(message, 'rejected', at, `reminder not sent: ${refusal}`)
      this.settle(message)
      this.trackStatus(message)
    } else if (device.quota !== 'unlimited') {
      device.quota -= 1
    }
  }

  private refusalFor(device: DeviceRecord): string | null {
    return device.state === 'expired'
      ? GATEWAY_MESSAGES.tokenInvalid
      : device.state === 'needs-scan' || device.state === 'qr-shown'
        ? DEVICE_NOTES.needsScan
        : device.state === 'awaiting-activation'
          ? GATEWAY_MESSAGES.notActivated
          : device.quota !== 'unlimited' && device.quota < 1
            ? GATEWAY_MESSAGES.quotaExhausted
            : null
  }

  /** A due schedule becomes a message with the schedule's id, so reports find it by that id. */
  private fire(schedule: ScheduleRecord): void {
    schedule.status = 'fired'
    const device = this.devicesBySerial.get(schedule.deviceSerial)
    if (!device) return
    this.settleExpiry(device)
    const draft: MessageDraft = {
      phone: schedule.phone,
      isGroup: schedule.isGroup,
      kind: schedule.category,
      text: schedule.text,
      fileName: schedule.url === null ? null : (schedule.url.split('/').pop() ?? null),
      url: schedule.url,
      fileBytes: null,
      refId: null
    }
    const message = this.record(device, draft, schedule.dueAt, 'schedule', schedule.id, schedule.id)
    const refusal = this.refusalFor(device)
    if (refusal) {
      moveTo(message, 'rejected', schedule.dueAt, `schedule not sent: ${refusal}`)
      this.settle(message)
      this.trackStatus(message)
    } else if (device.quota !== 'unlimited') {
      device.quota -= 1
    }
  }

  private processDue(): void {
    if (this.disposed) return
    const now = this.clock.now()
    let progressed = false
    for (;;) {
      const event = this.nextEvent()
      if (!event || event.at > now) break
      event.run()
      progressed = true
    }
    if (progressed) this.changed()
    else this.rearm()
  }

  private rearm(): void {
    const at = this.nextEvent()?.at ?? null
    if (this.wake && this.wake.at === at) return
    if (this.wake) this.clock.clearTimeout(this.wake.id)
    this.wake = null
    if (at === null) return
    const id = this.clock.setTimeout(
      () => {
        this.wake = null
        this.processDue()
      },
      Math.max(0, at - this.clock.now())
    )
    this.wake = { id, at }
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
    note: message.note
  }
}

function autoReplySnapshot(reply: AutoReplyRecord): AutoReplySnapshot {
  return {
    id: reply.id,
    deviceSerial: reply.deviceSerial,
    keyword: reply.keyword,
    response: reply.response,
    createdAt: iso(reply.createdAt),
    updatedAt: iso(reply.updatedAt)
  }
}

function reminderSnapshot(reminder: ReminderRecord): ReminderSnapshot {
  return {
    id: reminder.id,
    deviceSerial: reminder.deviceSerial,
    phone: reminder.phone,
    title: reminder.title,
    message: reminder.message,
    timezone: reminder.timezone,
    startAt: reminder.startLocal,
    periode: reminder.periode,
    customDay: reminder.customDay,
    nextAt: iso(reminder.nextAt),
    sentCount: reminder.sentCount,
    lastSentAt: reminder.lastSentAt === null ? null : iso(reminder.lastSentAt)
  }
}
