// The sandbox's world: the parts below, each owning its records, and what ties them together — the clock that moves
// messages and fires schedules, the webhooks that report it, and saving. The parts: devices and their life cycle
// (device-registry.ts), messages and their progress (message-book.ts), schedules and reminders (schedule-book.ts),
// contacts and the blacklist (contact-book.ts), incoming messages and auto-replies (incoming-book.ts), webhook
// deliveries (webhook-deliveries.ts); the records and their saved form are defined in records.ts.

import type { Clock, TimerHandle } from './clock'
import { ContactBook } from './contact-book'
import { DeviceRegistry, type OrderedDeviceInput } from './device-registry'
import { LINKED_STATES, type QrView } from './device-lifecycle'
import { incomingSnapshot, IncomingBook } from './incoming-book'
import type { IncomingMediaRecord } from './incoming-media'
import type { MediaKind } from './media-rules'
import { MessageBook, messageSnapshot, type MessageDraft } from './message-book'
import type { RandomSource } from './random-source'
import type {
  AutoReplyRecord,
  DeviceRecord,
  IncomingRecord,
  MessageRecord,
  MessageStatus,
  PersistedWorld,
  Quota,
  ReminderRecord,
  ScheduleRecord,
  WorldChanges
} from './records'
import { GATEWAY_MESSAGES, GatewayRejection } from './rejections'
import { ScheduleBook, type DueSend, type ReminderDraft, type ScheduleDraft } from './schedule-book'
import { takePacedSlot } from './send-pacing'
import {
  WebhookDeliveries,
  type WebhookAnswer,
  type WebhookDeliveryRecord,
  type WebhookKind,
  type WebhookQueueStats,
  type WebhookRetry
} from './webhook-deliveries'
import { webhookTargetRefusal, type WebhookTargetPolicy } from './webhook-targets'
import { deviceStatusPayload, incomingPayload, trackingPayload } from './webhook-payloads'
import { repliesFromAnswer, type WebhookReply } from './webhook-replies'
import { iso, type WorldContext } from './world-context'
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
  type WebhookDeliverySnapshot,
  type WebhookReplyNote
} from './world-interface'

export { AUTO_REPLIES_PER_MINUTE } from './incoming-book'
export type { MessageDraft } from './message-book'
export type { ReminderDraft, ScheduleDraft } from './schedule-book'
export type { WorldChanges } from './records'

/** How the world's webhooks go out (see SandboxOptions). */
export interface WorldWebhookOptions {
  retry?: WebhookRetry
  allowPrivateTargets?: boolean
  allowLoopbackTargets?: boolean
  allowLoopbackOrigin?: (origin: string) => boolean
  perMinute?: Partial<Record<WebhookKind, number>>
  queueLimit?: number
}

export class WorldState implements SandboxWorld {
  private readonly deviceRegistry: DeviceRegistry
  private readonly messageBook = new MessageBook()
  private readonly scheduleBook: ScheduleBook
  private readonly incomingBook: IncomingBook
  private readonly webhooks: WebhookDeliveries
  /** Contacts, contact groups, agents and the blacklist of every device. */
  contactBook = new ContactBook()
  /** Off: the hosted service's habits on the wire (see wire-habits.ts); on: the sandbox's tidy forms. */
  tidy = false
  /** Where contacts' media is served (the sandbox's own origin, set once it listens): the webhook `url`s point here. */
  mediaBaseUrl = 'http://127.0.0.1'
  private wake: { id: TimerHandle; at: number } | null = null
  private readonly listeners: (() => void)[] = []
  private readonly deliveryListeners: (() => void)[] = []
  private disposed = false
  private readonly webhookPolicy: WebhookTargetPolicy

  constructor(
    private readonly clock: Clock,
    private readonly random: RandomSource,
    readonly timings: SandboxTimings,
    webhookOptions: WorldWebhookOptions = {}
  ) {
    this.webhookPolicy = {
      allowPrivateTargets: webhookOptions.allowPrivateTargets === true,
      allowLoopbackTargets: webhookOptions.allowLoopbackTargets === true,
      ...(webhookOptions.allowLoopbackOrigin
        ? { allowLoopbackOrigin: webhookOptions.allowLoopbackOrigin }
        : {})
    }
    const context: WorldContext = { clock, random, timings, changed: () => this.changed() }
    this.deviceRegistry = new DeviceRegistry(context, (device) => this.postDeviceStatus(device))
    this.scheduleBook = new ScheduleBook(context)
    this.incomingBook = new IncomingBook(context)
    this.webhooks = new WebhookDeliveries({
      clock,
      policy: this.webhookPolicy,
      ...(webhookOptions.retry ? { retry: webhookOptions.retry } : {}),
      ...(webhookOptions.perMinute ? { perMinute: webhookOptions.perMinute } : {}),
      ...(webhookOptions.queueLimit !== undefined ? { queueLimit: webhookOptions.queueLimit } : {}),
      onAnswer: (delivery, answer) => this.answerFromWebhook(delivery, answer),
      onChange: () => {
        for (const listener of this.deliveryListeners) listener()
      }
    })
  }

  // ---- test-facing actions (by token) ----

  createDevice(opts: CreateDeviceOptions = {}): CreatedDevice {
    return this.deviceRegistry.create(opts)
  }

  device(token: string): DeviceSnapshot {
    return this.deviceRegistry.device(token)
  }

  devices(): DeviceSnapshot[] {
    return this.deviceRegistry.devices()
  }

  scan(token: string, qrText?: string): DeviceSnapshot {
    return this.deviceRegistry.scan(token, qrText)
  }

  activate(token: string): DeviceSnapshot {
    return this.deviceRegistry.activate(token)
  }

  logout(token: string): DeviceSnapshot {
    return this.deviceRegistry.logout(token)
  }

  openWeb(token: string): DeviceSnapshot {
    return this.deviceRegistry.openWeb(token)
  }

  goOffline(token: string): DeviceSnapshot {
    return this.deviceRegistry.goOffline(token)
  }

  goOnline(token: string): DeviceSnapshot {
    return this.deviceRegistry.goOnline(token)
  }

  expire(token: string): DeviceSnapshot {
    return this.deviceRegistry.expire(token)
  }

  renew(token: string): DeviceSnapshot {
    return this.deviceRegistry.renew(token)
  }

  setBanRate(token: string, perMinute: number | null): DeviceSnapshot {
    return this.deviceRegistry.setBanRate(token, perMinute)
  }

  setQuota(token: string, quota: Quota): DeviceSnapshot {
    return this.deviceRegistry.setQuota(token, quota)
  }

  topUp(token: string, amount: number): DeviceSnapshot {
    return this.deviceRegistry.topUp(token, amount)
  }

  setIncomingWebhook(token: string, enabled: boolean): DeviceSnapshot {
    const device = this.deviceRegistry.requireByToken(token)
    this.deviceRegistry.setIncoming(device, enabled)
    return this.deviceRegistry.snapshot(device)
  }

  setWebhookReply(token: string, enabled: boolean): DeviceSnapshot {
    return this.deviceRegistry.setWebhookReply(token, enabled)
  }

  deliverIncoming(token: string, incoming: IncomingInput): IncomingMessage {
    return this.receive(token, incoming).incoming
  }

  /**
   * A message reaches the device: recorded, answered by a matching auto-reply, and POSTed to the webhook URL when
   * "Get Incoming Message" is on (whose answer may reply too, later, once the receiver has answered).
   */
  receive(token: string, incoming: IncomingInput): IncomingDelivery {
    const device = this.deviceRegistry.requireByToken(token)
    if (!LINKED_STATES.has(device.state)) {
      throw new SandboxActionError(`a ${device.state} device receives nothing: the phone is not linked`)
    }
    const record = this.incomingBook.receive(device, incoming)
    const rule = this.incomingBook.ruleFor(record)
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
        payload: incomingPayload(device, record, this.mediaBaseUrl)
      })
    }
    this.changed()
    return {
      incoming: incomingSnapshot(record, this.mediaBaseUrl),
      replies,
      webhookDeliveryId: delivery?.id ?? null
    }
  }

  /** The media a contact sent under this stored name (served at `GET /{kind}/{file}`). */
  incomingMedia(kind: MediaKind, file: string): IncomingMediaRecord | undefined {
    return this.incomingBook.media(kind, file)
  }

  incoming(token?: string): IncomingMessage[] {
    return this.incomingBook.incoming(this.serialOf(token), this.mediaBaseUrl)
  }

  messages(filter: { refId?: string } = {}): MessageSnapshot[] {
    return this.messageBook.snapshots(filter)
  }

  acceptedLog(): AcceptedLogEntry[] {
    return this.messageBook.acceptedLog()
  }

  webhookDeliveries(token?: string): WebhookDeliverySnapshot[] {
    return this.webhooks.list(this.serialOf(token)).map((delivery) => ({
      ...delivery,
      createdAt: iso(delivery.createdAt),
      nextAttemptAt: delivery.nextAttemptAt === null ? null : iso(delivery.nextAttemptAt),
      attempts: delivery.attempts.map((attempt) => ({ ...attempt, at: iso(attempt.at) }))
    }))
  }

  /** How many deliveries wait for their minute, and how many were dropped because their queue was full. */
  webhookQueue(): WebhookQueueStats {
    return this.webhooks.queueStats()
  }

  /** Why the sandbox would not POST to this URL (credentials, a non-public host without the opt-in), or null. */
  webhookTargetRefusal(url: string): string | null {
    return webhookTargetRefusal(url, this.webhookPolicy)
  }

  /** Resolves when no webhook POST is on the wire. */
  webhooksSettled(): Promise<void> {
    return this.webhooks.settled()
  }

  autoReplies(token?: string): AutoReplySnapshot[] {
    return this.incomingBook.autoReplies(this.serialOf(token))
  }

  reminders(token?: string): ReminderSnapshot[] {
    return this.scheduleBook.reminders(this.serialOf(token))
  }

  schedules(token?: string): ScheduleSnapshot[] {
    return this.scheduleBook.schedules(this.serialOf(token))
  }

  onDeliveryChange(listener: () => void): void {
    this.deliveryListeners.push(listener)
  }

  // ---- gateway-facing operations (used by the routes, which have already authenticated) ----

  /** The device holding this token, with expiry by date applied. */
  deviceByToken(token: string): DeviceRecord | undefined {
    return this.deviceRegistry.byToken(token)
  }

  deviceBySerial(serial: string): DeviceRecord | undefined {
    return this.deviceRegistry.bySerial(serial)
  }

  allDevices(): DeviceRecord[] {
    return this.deviceRegistry.all()
  }

  now(): number {
    return this.clock.now()
  }

  /** device/scan: starts a QR session when the device needs one and returns the current QR. */
  showQr(device: DeviceRecord): QrView {
    return this.deviceRegistry.showQr(device)
  }

  /** device/restart and the legacy reconnect: reconnects a device whose phone is still linked. */
  restart(device: DeviceRecord): void {
    this.deviceRegistry.restart(device)
  }

  /** device/change-number: the new number has to be linked by a new scan. */
  changeNumber(device: DeviceRecord, sender: string): void {
    this.deviceRegistry.changeNumber(device, sender)
  }

  /** device/disconnect: the gateway drops the WhatsApp session. */
  disconnect(device: DeviceRecord): void {
    this.deviceRegistry.disconnect(device)
  }

  regenerateToken(device: DeviceRecord): string {
    return this.deviceRegistry.regenerateToken(device)
  }

  setUrls(device: DeviceRecord, urls: { webhookUrl?: string | null; trackingUrl?: string | null }): void {
    this.deviceRegistry.setUrls(device, urls)
  }

  /** device/incoming: "Get Incoming Message" on or off. */
  setIncoming(device: DeviceRecord, enabled: boolean): void {
    this.deviceRegistry.setIncoming(device, enabled)
  }

  /** device/create: a new device that still needs a scan and activation (quota 0 unless the caller gives one). */
  createOrderedDevice(input: OrderedDeviceInput): DeviceRecord {
    return this.deviceRegistry.createOrdered(input)
  }

  setSpeed(device: DeviceRecord, delaySec: number): void {
    this.deviceRegistry.setSpeed(device, delaySec)
  }

  setClosing(device: DeviceRecord, text: string): void {
    this.deviceRegistry.setClosing(device, text)
  }

  /** device/delete: the device and its queued work are gone (its sent history stays for reports). */
  deleteDevice(device: DeviceRecord): void {
    this.deviceRegistry.remove(device)
    this.messageBook.settleDevice(device.serial)
    this.changed()
  }

  /** The devices of this device's account, itself included (`random: true` picks among the connected ones). */
  accountDevices(device: DeviceRecord): DeviceRecord[] {
    return this.deviceRegistry.accountDevices(device)
  }

  randomInt(bound: number): number {
    return this.random.int(bound)
  }

  newId(): string {
    return this.random.uuid()
  }

  // ---- messages ----

  /** Accepts every draft as a pending message, or none: quota is checked for the whole request. */
  accept(device: DeviceRecord, drafts: MessageDraft[], endpoint: string): MessageRecord[] {
    if (device.quota !== 'unlimited' && device.quota < drafts.length) {
      throw new GatewayRejection(GATEWAY_MESSAGES.quotaExhausted)
    }
    this.deviceRegistry.checkSendRate(device, drafts.length)
    if (device.quota !== 'unlimited') device.quota -= drafts.length
    const now = this.clock.now()
    const accepted = drafts.map((draft) => {
      const message = this.messageBook.record(device, draft, {
        at: now,
        endpoint,
        scheduleId: null,
        id: this.random.uuid()
      })
      if (draft.category) message.category = draft.category
      if (draft.channel) message.channel = draft.channel
      if (this.contactBook.isBlacklisted(device.serial, draft.phone)) {
        this.messageBook.reject(message, now, GATEWAY_MESSAGES.blacklisted)
      } else {
        message.notBefore = takePacedSlot(device, now)
      }
      return message
    })
    this.changed()
    return accepted
  }

  /** A message this device sent, by id. */
  messageOf(device: DeviceRecord, id: string): MessageRecord | undefined {
    return this.messageBook.messageOf(device, id)
  }

  /** Every message, oldest first (reports filter and page these). */
  allMessages(): readonly MessageRecord[] {
    return this.messageBook.all()
  }

  /** resend-message: a message that failed or was canceled goes back to pending. */
  resend(message: MessageRecord): boolean {
    if (!this.messageBook.resend(message, this.clock.now())) return false
    this.changed()
    return true
  }

  /** cancel-message: only a pending message can be canceled. */
  cancel(message: MessageRecord): boolean {
    if (!this.messageBook.cancel(message, this.clock.now())) return false
    this.trackStatus(message)
    this.changed()
    return true
  }

  /** revoke-message: a message already on WhatsApp is deleted for everyone. */
  revoke(message: MessageRecord): boolean {
    if (!this.messageBook.revoke(message, this.clock.now())) return false
    this.trackStatus(message)
    this.changed()
    return true
  }

  /** v2/media/delete: the stored file of a media message is removed (the message stays). */
  removeMedia(message: MessageRecord): boolean {
    if (!this.messageBook.removeMedia(message)) return false
    this.changed()
    return true
  }

  /** Saves a change made through contactBook (contacts, groups, agents, blacklist). */
  contactsChanged(): void {
    this.changed()
  }

  // ---- auto-replies, reminders, schedules ----

  autoRepliesOf(device: DeviceRecord, keyword?: string): AutoReplyRecord[] {
    return this.incomingBook.autoRepliesOf(device, keyword)
  }

  addAutoReply(device: DeviceRecord, keyword: string, response: string): AutoReplyRecord {
    return this.incomingBook.addAutoReply(device, keyword, response)
  }

  updateAutoReply(device: DeviceRecord, id: string, keyword: string, response: string): AutoReplyRecord {
    return this.incomingBook.updateAutoReply(device, id, keyword, response)
  }

  removeAutoReply(device: DeviceRecord, id: string): AutoReplyRecord {
    return this.incomingBook.removeAutoReply(device, id)
  }

  reminderOf(device: DeviceRecord, id: string): ReminderRecord | undefined {
    return this.scheduleBook.reminderOf(device, id)
  }

  addReminder(device: DeviceRecord, draft: ReminderDraft): ReminderRecord {
    return this.scheduleBook.addReminder(device, draft)
  }

  updateReminder(device: DeviceRecord, id: string, draft: ReminderDraft): ReminderRecord {
    return this.scheduleBook.updateReminder(device, id, draft)
  }

  removeReminder(device: DeviceRecord, id: string): ReminderRecord {
    return this.scheduleBook.removeReminder(device, id)
  }

  addSchedules(device: DeviceRecord, drafts: ScheduleDraft[]): ScheduleRecord[] {
    return this.scheduleBook.addSchedules(device, drafts)
  }

  scheduleOf(device: DeviceRecord, id: string): ScheduleRecord | undefined {
    return this.scheduleBook.scheduleOf(device, id)
  }

  updateSchedule(device: DeviceRecord, id: string, draft: ScheduleDraft): ScheduleRecord {
    return this.scheduleBook.updateSchedule(device, id, draft)
  }

  cancelSchedule(device: DeviceRecord, id: string): ScheduleRecord {
    return this.scheduleBook.cancelSchedule(device, id)
  }

  /** Deletes the device's schedules among `ids` (any status); how many were deleted. */
  deleteSchedules(device: DeviceRecord, ids: readonly string[]): number {
    return this.scheduleBook.deleteSchedules(device, ids)
  }

  // ---- persistence and lifetime ----

  onChange(listener: () => void): void {
    this.listeners.push(listener)
  }

  toJSON(): PersistedWorld {
    const { messages, acceptedLog } = this.messageBook.records()
    const { incoming } = this.incomingBook.records()
    return { ...this.smallState(), messages, incoming, acceptedLog }
  }

  /** Replaces the world with a saved one and re-arms the clock for whatever was in flight. */
  load(saved: PersistedWorld): void {
    this.random.restore(saved.randomState)
    this.deviceRegistry.load(saved.devices)
    this.messageBook.load(saved.messages, saved.acceptedLog)
    this.scheduleBook.load(saved.schedules, saved.reminders ?? [])
    this.incomingBook.load(saved.incoming, saved.autoReplies ?? [])
    if (saved.contactBook) this.contactBook = new ContactBook(saved.contactBook)
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
    const { messages, acceptedLog } = this.messageBook.takeChanges()
    return { messages, acceptedLog, incoming: this.incomingBook.takeChanges(), small: this.smallState() }
  }

  // ---- internals ----

  private smallState(): WorldChanges['small'] {
    const { schedules, reminders } = this.scheduleBook.records()
    return {
      version: 1,
      randomState: this.random.snapshot,
      devices: this.deviceRegistry.records(),
      schedules,
      autoReplies: this.incomingBook.records().autoReplies,
      contactBook: this.contactBook.state,
      reminders
    }
  }

  private serialOf(token: string | undefined): string | undefined {
    return token === undefined ? undefined : this.deviceRegistry.requireByToken(token).serial
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
    const overLimit = this.incomingBook.takeReplySlot(device)
    if (overLimit !== null) return overLimit
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
    return this.messageBook.record(device, draft, {
      at: this.clock.now(),
      endpoint,
      scheduleId: null,
      id: this.random.uuid()
    })
  }

  /** "Get Auto Reply From Webhook": the receiver's answer goes back to the chat, when the device has it on. */
  private answerFromWebhook(
    delivery: WebhookDeliveryRecord,
    answer: WebhookAnswer
  ): { replies: string[]; note: WebhookReplyNote | null } {
    const device = this.deviceRegistry.storedBySerial(delivery.deviceSerial)
    const incoming = this.incomingBook.byId(delivery.payload.id)
    if (!device || !incoming) return { replies: [], note: { reason: 'device-or-message-gone' } }
    if (device.webhookReply !== true) return { replies: [], note: { reason: 'reply-off' } }
    const wanted = repliesFromAnswer(answer.contentType, answer.body)
    if (wanted.length === 0) return { replies: [], note: { reason: 'no-reply-asked' } }
    const replies: string[] = []
    let note: WebhookReplyNote | null = null
    for (const reply of wanted) {
      const sent = this.sendReply(device, incoming, reply, 'webhook-reply')
      if (typeof sent === 'string') {
        note = { reason: 'gateway-refused', gatewaySaid: sent }
        break
      }
      replies.push(reply.kind === 'text' ? reply.text : `${reply.kind}: ${reply.url}`)
    }
    this.changed()
    return { replies, note }
  }

  /** §5.5: the device connected or disconnected; POSTed to its status URL when it has one. */
  private postDeviceStatus(device: DeviceRecord): void {
    if (!device.statusUrl) return
    this.webhooks.enqueue({
      deviceSerial: device.serial,
      kind: 'device',
      url: device.statusUrl,
      payload: deviceStatusPayload(device, this.clock.now())
    })
  }

  /**
   * The dashboard empties "Webhook URL for Inbound Message" and/or "Tracking URL" (Device → Setting): the API can only
   * set them to a URL, never empty them.
   */
  clearWebhookUrls(token: string, fields: readonly ('webhookUrl' | 'trackingUrl')[]): DeviceSnapshot {
    const device = this.deviceRegistry.requireByToken(token)
    this.deviceRegistry.setUrls(device, Object.fromEntries(fields.map((field) => [field, null])))
    return this.deviceRegistry.snapshot(device)
  }

  /** The device-status webhook URL (the hosted gateway sets it in its dashboard only); null removes it. */
  setStatusUrl(token: string, url: string | null): DeviceSnapshot {
    const device = this.deviceRegistry.requireByToken(token)
    if (url !== null) {
      const refusal = this.webhookTargetRefusal(url)
      if (refusal !== null) throw new SandboxActionError(`status url invalid: ${refusal}`, 400)
    }
    this.deviceRegistry.setUrls(device, { statusUrl: url })
    return this.deviceRegistry.snapshot(device)
  }

  private trackStatus(message: MessageRecord): void {
    const device = this.deviceRegistry.storedBySerial(message.deviceSerial)
    if (!device?.trackingUrl) return
    this.webhooks.enqueue({
      deviceSerial: device.serial,
      kind: 'tracking',
      url: device.trackingUrl,
      payload: trackingPayload(device, message, this.tidy)
    })
  }

  private changed(): void {
    if (this.disposed) return
    this.rearm()
    for (const listener of this.listeners) listener()
  }

  /** The earliest thing due: a message's next status, a schedule or a reminder. */
  private nextEvent(): { at: number; run: () => void } | null {
    const step = this.messageBook.nextStep(
      (serial) => this.deviceRegistry.storedBySerial(serial),
      this.timings
    )
    const due = this.scheduleBook.nextDue()
    if (step && (!due || step.at <= due.at)) {
      return { at: step.at, run: () => this.advanceMessage(step.message, step.status, step.at) }
    }
    return due && { at: due.at, run: () => this.sendDue(due.fire()) }
  }

  private advanceMessage(message: MessageRecord, status: MessageStatus, at: number): void {
    this.messageBook.advance(message, status, at)
    this.trackStatus(message)
  }

  /**
   * A schedule or reminder came due: its message is sent, or refused when the device cannot send or the number is on
   * the device's blacklist (checked now, as send-message checks it when asked: the hosted blacklist blocks broadcasts).
   */
  private sendDue(send: DueSend): void {
    const device = this.deviceRegistry.bySerial(send.deviceSerial)
    if (!device) return
    const message = this.messageBook.record(device, send.draft, {
      at: send.at,
      endpoint: send.endpoint,
      scheduleId: send.scheduleId,
      id: send.messageId ?? this.random.uuid()
    })
    send.onRecorded()
    const refusal =
      this.deviceRegistry.refusalFor(device) ??
      (this.contactBook.isBlacklisted(device.serial, send.draft.phone) ? GATEWAY_MESSAGES.blacklisted : null)
    if (refusal) {
      this.messageBook.reject(message, send.at, `${send.refusedAs}: ${refusal}`)
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
