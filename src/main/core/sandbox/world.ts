// The sandbox's world: devices and their life cycle, accepted messages, schedules and incoming messages, on a Clock.

import type { Clock, TimerId } from '../clock'
import { DEVICE_NOTES, LINKED_STATES, deviceNote, qrView, type QrView } from './device-lifecycle'
import type { MessageKind } from './media-rules'
import { isFinal, moveTo, nextStep } from './message-progress'
import { normalisePhone } from './phone-numbers'
import type {
  AcceptedLogRecord,
  DeviceRecord,
  DeviceState,
  IncomingRecord,
  MessageRecord,
  MessageStatus,
  PersistedWorld,
  Quota,
  ScheduleCategory,
  ScheduleRecord
} from './records'
import { GATEWAY_MESSAGES, GatewayRejection } from './rejections'
import { SeededRandom } from './seeded-random'
import {
  SandboxActionError,
  type AcceptedLogEntry,
  type CreateDeviceOptions,
  type CreatedDevice,
  type DeviceSnapshot,
  type IncomingMessage,
  type MessageSnapshot,
  type SandboxTimings,
  type SandboxWorld,
  type ScheduleSnapshot
} from './world-interface'
import { formatInZone, isValidTimeZone, parseInZone } from './zoned-time'

const DEFAULT_TIMEZONE = 'Asia/Jakarta'
const DAY_MS = 24 * 60 * 60 * 1000

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

const iso = (ms: number): string => new Date(ms).toISOString()

export class WorldState implements SandboxWorld {
  private readonly devicesBySerial = new Map<string, DeviceRecord>()
  private readonly messageList: MessageRecord[] = []
  /** Messages that can still move on, so the wake-up scan does not walk the whole history. */
  private readonly activeMessages = new Set<MessageRecord>()
  private scheduleList: ScheduleRecord[] = []
  private readonly incomingList: IncomingRecord[] = []
  private readonly log: AcceptedLogRecord[] = []
  private readonly random: SeededRandom
  private wake: { id: TimerId; at: number } | null = null
  private readonly listeners: (() => void)[] = []
  private disposed = false

  constructor(
    private readonly clock: Clock,
    seed: number,
    readonly timings: SandboxTimings
  ) {
    this.random = new SeededRandom(seed)
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
    const serial = this.uniqueSerial()
    const linked = opts.linked === true
    const device: DeviceRecord = {
      serial,
      numericId: `${1 + this.random.int(9)}${this.random.digits(5)}`,
      token: this.uniqueToken(),
      secret: opts.secret ?? null,
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

  setQuota(token: string, quota: Quota): DeviceSnapshot {
    const device = this.requireByToken(token)
    if (quota !== 'unlimited' && (!Number.isInteger(quota) || quota < 0)) {
      throw new SandboxActionError('quota must be a non-negative integer or "unlimited"', 400)
    }
    device.quota = quota
    this.changed()
    return this.snapshot(device)
  }

  deliverIncoming(token: string, incoming: { from: string; message: string }): IncomingMessage {
    const device = this.requireByToken(token)
    if (!LINKED_STATES.has(device.state)) {
      throw new SandboxActionError(`a ${device.state} device receives nothing: the phone is not linked`)
    }
    const from = normalisePhone(incoming.from)
    if (!from) throw new SandboxActionError(`from ${incoming.from} is not a phone number`, 400)
    const record: IncomingRecord = {
      id: this.random.whatsappId(),
      deviceSerial: device.serial,
      from,
      message: incoming.message,
      receivedAt: this.clock.now()
    }
    this.incomingList.push(record)
    this.changed()
    return this.incomingSnapshot(record)
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

  /** device/create: a new, unpaid device that still needs a scan and activation. */
  createOrderedDevice(input: { name: string; sender: string; timezone: string }): DeviceRecord {
    const created = this.createDevice({
      name: input.name,
      sender: input.sender,
      timezone: input.timezone,
      quota: 0
    })
    const device = this.devicesBySerial.get(created.serial)
    if (!device) throw new Error('a device just created is always there')
    device.invoiceNumber = `INV/${formatInZone(this.clock.now(), device.timezone).slice(0, 10).replace(/-/g, '')}/${this.random.digits(6)}`
    this.changed()
    return device
  }

  /** Accepts every draft as a pending message, or none: quota is checked for the whole request. */
  accept(device: DeviceRecord, drafts: MessageDraft[], endpoint: string): MessageRecord[] {
    if (device.quota !== 'unlimited' && device.quota < drafts.length) {
      throw new GatewayRejection(GATEWAY_MESSAGES.quotaExhausted)
    }
    if (device.quota !== 'unlimited') device.quota -= drafts.length
    const now = this.clock.now()
    const accepted = drafts.map((draft) =>
      this.record(device, draft, now, endpoint, null, this.random.uuid())
    )
    this.changed()
    return accepted
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
      acceptedLog: this.log
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
    // Whatever came due while the sandbox was down happens now, at the time it was due.
    this.processDue()
  }

  dispose(): void {
    this.disposed = true
    if (this.wake) this.clock.clearTimeout(this.wake.id)
    this.wake = null
  }

  // ---- internals ----

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
      note: deviceNote(device.state),
      webhookUrl: device.webhookUrl,
      trackingUrl: device.trackingUrl,
      qr: qr && { text: qr.text, expiresInSec: qr.expiresInSec, previousText: qr.previous?.text ?? null }
    }
  }

  private incomingSnapshot(record: IncomingRecord): IncomingMessage {
    return { ...record, receivedAt: iso(record.receivedAt) }
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

  private settleExpiry(device: DeviceRecord): DeviceRecord {
    if (device.state !== 'expired' && this.clock.now() >= device.expiresAt) {
      device.state = 'expired'
      device.qr = null
    }
    return device
  }

  private enter(device: DeviceRecord, state: DeviceState): void {
    device.state = state
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
    return best
  }

  private advanceMessage(message: MessageRecord, status: MessageStatus, at: number): void {
    moveTo(message, status, at)
    if (isFinal(status)) this.activeMessages.delete(message)
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
    const refusal =
      device.state === 'expired'
        ? GATEWAY_MESSAGES.tokenInvalid
        : device.state === 'needs-scan' || device.state === 'qr-shown'
          ? DEVICE_NOTES.needsScan
          : device.state === 'awaiting-activation'
            ? GATEWAY_MESSAGES.notActivated
            : device.quota !== 'unlimited' && device.quota < 1
              ? GATEWAY_MESSAGES.quotaExhausted
              : null
    if (refusal) {
      moveTo(message, 'rejected', schedule.dueAt, `schedule not sent: ${refusal}`)
      this.activeMessages.delete(message)
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
