// The devices of the sandbox world and their life cycle: creation, the phone's and IT support's actions, what time
// alone does (expiry, a phone away 14 days), the per-device settings the routes change, and their snapshots.

import {
  connectionText,
  DEVICE_NOTES,
  LINKED_STATES,
  PHONE_AWAY_LOGOUT_MS,
  noteOf,
  qrView,
  type QrView
} from './device-lifecycle'
import { formatInZone, isValidTimeZone, parseInZone, plusCalendarInZone } from './local-time'
import { normalisePhone } from './phone-numbers'
import type { DeviceRecord, DeviceState, Quota } from './records'
import { GATEWAY_MESSAGES, GatewayRejection } from './rejections'
import { sendRateVerdict } from './send-pacing'
import type { WorldContext } from './world-context'
import {
  SandboxActionError,
  type CreateDeviceOptions,
  type CreatedDevice,
  type DeviceSnapshot
} from './world-interface'

/**
 * Indonesian mobile prefixes (Telkomsel, Indosat, XL, Tri) a made-up sender starts with: `628` and ten random digits
 * made numbers no phone could have (0849…, 0802…), which the app then showed as bare digits.
 */
const MOBILE_PREFIXES = ['811', '812', '813', '821', '822', '852', '857', '878', '896'] as const

const DEFAULT_TIMEZONE = 'Asia/Jakarta'
const DAY_MS = 24 * 60 * 60 * 1000
/** The most one top-up buys: beyond it an amount is a slip of the keyboard, not a package. */
const MAX_TOP_UP = 1_000_000

/** What device/create gives for the new device. */
export interface OrderedDeviceInput {
  name: string
  sender: string
  timezone: string
  quota?: Quota
  /** The subscription period the order names: the device is valid for one such period from now. */
  periode: 'monthly' | 'yearly'
  /** The device whose account orders it. */
  account: DeviceRecord
}

export class DeviceRegistry {
  private readonly bySerialMap = new Map<string, DeviceRecord>()

  /** `onConnectionChange`: the device went from connected to disconnected or back (the device-status webhook). */
  constructor(
    private readonly context: WorldContext,
    private readonly onConnectionChange: (device: DeviceRecord) => void = () => undefined
  ) {}

  // ---- test-facing actions (by token) ----

  create(opts: CreateDeviceOptions = {}): CreatedDevice {
    const { clock, random } = this.context
    const now = clock.now()
    const timezone = opts.timezone ?? DEFAULT_TIMEZONE
    if (!isValidTimeZone(timezone)) throw new SandboxActionError(`unknown time zone ${timezone}`, 400)
    const sender =
      opts.sender === undefined
        ? `62${MOBILE_PREFIXES[random.int(MOBILE_PREFIXES.length)]}${random.digits(8)}`
        : normalisePhone(opts.sender)
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
      numericId: `${1 + random.int(9)}${random.digits(5)}`,
      token: this.uniqueToken(),
      secret: opts.secret === true ? random.secret() : (opts.secret ?? null),
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
      qrSalt: random.token(),
      connectedSince: linked ? now : null,
      webhookUrl: null,
      trackingUrl: null,
      createdAt: now,
      invoiceNumber: null
    }
    if (accountOf) device.accountId = accountOf.accountId ?? accountOf.serial
    this.settleExpiry(device)
    this.bySerialMap.set(serial, device)
    this.context.changed()
    return device.secret === null
      ? { token: device.token, serial }
      : { token: device.token, serial, secret: device.secret }
  }

  device(token: string): DeviceSnapshot {
    return this.snapshot(this.requireByToken(token))
  }

  devices(): DeviceSnapshot[] {
    return [...this.bySerialMap.values()].map((device) => this.snapshot(this.settleExpiry(device)))
  }

  scan(token: string, qrText?: string): DeviceSnapshot {
    const device = this.requireByToken(token)
    if (LINKED_STATES.has(device.state)) throw new SandboxActionError('the phone is already linked')
    if (device.state !== 'qr-shown') {
      throw new SandboxActionError(`no QR code is shown (state ${device.state}); call device/scan first`)
    }
    if (qrText !== undefined) {
      const view = qrView(device, this.context.clock.now(), this.context.timings)
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
    if (device.state === 'expired') throw new SandboxActionError(`cannot activate a ${device.state} device`)
    if (device.activated) throw new SandboxActionError('the device is already activated')
    device.activated = true
    if (device.state === 'awaiting-activation') this.enter(device, 'connected')
    else this.context.changed()
    return this.snapshot(device)
  }

  logout(token: string): DeviceSnapshot {
    const device = this.requireByToken(token)
    if (!LINKED_STATES.has(device.state)) throw new SandboxActionError(`cannot log out from ${device.state}`)
    this.enter(device, 'needs-scan')
    return this.snapshot(device)
  }

  openWeb(token: string): DeviceSnapshot {
    return this.move(token, ['connected'], 'open WhatsApp Web', 'web-conflict')
  }

  goOffline(token: string): DeviceSnapshot {
    return this.move(token, ['connected'], 'go offline', 'offline')
  }

  goOnline(token: string): DeviceSnapshot {
    return this.move(token, ['offline'], 'go online', 'connected')
  }

  expire(token: string): DeviceSnapshot {
    const device = this.requireByToken(token)
    const now = this.context.clock.now()
    if (device.expiresAt > now) device.expiresAt = now - DAY_MS
    this.enter(device, 'expired')
    return this.snapshot(device)
  }

  /**
   * Undoes the end of the subscription: its period again from now (the one device/create ordered, else a year), on
   * the device's wall clock, back in the state it was in when it ended.
   */
  renew(token: string): DeviceSnapshot {
    const device = this.requireByToken(token)
    this.requireIn(device, ['expired'], 'renew')
    device.expiresAt = this.periodFrom(this.context.clock.now(), device.timezone, device.periode ?? 'yearly')
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
    this.context.changed()
    return this.snapshot(device)
  }

  setQuota(token: string, quota: Quota): DeviceSnapshot {
    const device = this.requireByToken(token)
    if (quota !== 'unlimited' && (!Number.isInteger(quota) || quota < 0)) {
      throw new SandboxActionError('quota must be a non-negative integer or "unlimited"', 400)
    }
    device.quota = quota
    this.context.changed()
    return this.snapshot(device)
  }

  /** A top-up: `amount` more messages on top of what is left (a quota without a limit needs none). */
  topUp(token: string, amount: number): DeviceSnapshot {
    const device = this.requireByToken(token)
    if (!Number.isInteger(amount) || amount < 1 || amount > MAX_TOP_UP) {
      throw new SandboxActionError(`amount must be a whole number from 1 to ${MAX_TOP_UP}`, 400)
    }
    if (device.quota === 'unlimited') throw new SandboxActionError('an unlimited quota needs no top-up')
    device.quota += amount
    this.context.changed()
    return this.snapshot(device)
  }

  setWebhookReply(token: string, enabled: boolean): DeviceSnapshot {
    const device = this.requireByToken(token)
    device.webhookReply = enabled
    this.context.changed()
    return this.snapshot(device)
  }

  requireByToken(token: string): DeviceRecord {
    const device = this.byToken(token)
    if (!device) throw new SandboxActionError('no device has this token', 404)
    return device
  }

  snapshot(device: DeviceRecord): DeviceSnapshot {
    const qr = qrView(device, this.context.clock.now(), this.context.timings)
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
      statusUrl: device.statusUrl ?? null,
      incomingWebhook: device.incoming === true,
      webhookReply: device.webhookReply === true,
      qr: qr && { text: qr.text, expiresInSec: qr.expiresInSec, previousText: qr.previous?.text ?? null }
    }
  }

  // ---- gateway-facing operations (used by the routes, which have already authenticated) ----

  /** The device holding this token, with expiry by date applied. */
  byToken(token: string): DeviceRecord | undefined {
    for (const device of this.bySerialMap.values()) {
      if (device.token === token) return this.settleExpiry(device)
    }
    return undefined
  }

  bySerial(serial: string): DeviceRecord | undefined {
    const device = this.bySerialMap.get(serial)
    return device && this.settleExpiry(device)
  }

  /** The device by serial as stored, without applying what time did to it. */
  storedBySerial(serial: string): DeviceRecord | undefined {
    return this.bySerialMap.get(serial)
  }

  all(): DeviceRecord[] {
    return [...this.bySerialMap.values()].map((device) => this.settleExpiry(device))
  }

  /** device/scan: starts a QR session when the device needs one and returns the current QR. */
  showQr(device: DeviceRecord): QrView {
    if (device.state === 'expired') throw new GatewayRejection(GATEWAY_MESSAGES.tokenInvalid, 401)
    if (LINKED_STATES.has(device.state)) throw new GatewayRejection(GATEWAY_MESSAGES.alreadyConnected)
    const now = this.context.clock.now()
    if (device.state === 'needs-scan') {
      device.qrGeneration += 1
      device.qr = { generation: device.qrGeneration, shownAt: now }
      this.enter(device, 'qr-shown')
    }
    const view = qrView(device, this.context.clock.now(), this.context.timings)
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
    this.context.changed()
    return device.token
  }

  setUrls(
    device: DeviceRecord,
    urls: { webhookUrl?: string | null; trackingUrl?: string | null; statusUrl?: string | null }
  ): void {
    if (urls.webhookUrl !== undefined) device.webhookUrl = urls.webhookUrl
    if (urls.trackingUrl !== undefined) device.trackingUrl = urls.trackingUrl
    if (urls.statusUrl !== undefined) device.statusUrl = urls.statusUrl
    this.context.changed()
  }

  /** device/incoming: "Get Incoming Message" on or off. */
  setIncoming(device: DeviceRecord, enabled: boolean): void {
    device.incoming = enabled
    this.context.changed()
  }

  /** device/create: a new device that still needs a scan and activation (quota 0 unless the caller gives one). */
  createOrdered(input: OrderedDeviceInput): DeviceRecord {
    const created = this.create({
      name: input.name,
      sender: input.sender,
      timezone: input.timezone,
      quota: input.quota ?? 0
    })
    const device = this.bySerialMap.get(created.serial)
    if (!device) throw new Error('a device just created is always there')
    device.accountId = input.account.accountId ?? input.account.serial
    device.periode = input.periode
    device.expiresAt = this.periodFrom(this.context.clock.now(), device.timezone, input.periode)
    const day = formatInZone(this.context.clock.now(), device.timezone).slice(0, 10).replace(/-/g, '')
    device.invoiceNumber = `INV/${day}/${this.context.random.digits(6)}`
    this.context.changed()
    return device
  }

  /** One subscription period after `instant`: a calendar month or year on the wall clock of `zone`. */
  private periodFrom(instant: number, zone: string, periode: 'monthly' | 'yearly'): number {
    return plusCalendarInZone(instant, zone, periode === 'yearly' ? { years: 1 } : { months: 1 })
  }

  setSpeed(device: DeviceRecord, delaySec: number): void {
    device.speedDelaySec = delaySec
    device.pacing = null
    this.context.changed()
  }

  setClosing(device: DeviceRecord, text: string): void {
    device.closingMessage = text
    this.context.changed()
  }

  /** device/delete: the device is gone (the world settles its queued work). */
  remove(device: DeviceRecord): void {
    this.bySerialMap.delete(device.serial)
  }

  /** The devices of this device's account, itself included (`random: true` picks among the connected ones). */
  accountDevices(device: DeviceRecord): DeviceRecord[] {
    const account = device.accountId ?? device.serial
    return this.all().filter((other) => (other.accountId ?? other.serial) === account)
  }

  /** The ban knob (see setBanRate): refuses a send over the rate, and bans the number at the third refusal. */
  checkSendRate(device: DeviceRecord, count: number): void {
    const verdict = sendRateVerdict(device, count, this.context.clock.now())
    if (verdict === 'ban') {
      this.enter(device, 'needs-scan', DEVICE_NOTES.banned)
      throw new GatewayRejection(DEVICE_NOTES.banned, 403)
    }
    if (verdict === 'too-fast') {
      this.context.changed()
      throw new GatewayRejection(GATEWAY_MESSAGES.sendingTooFast, 429)
    }
  }

  /** Why a message the world sends on its own (a schedule, a reminder) cannot go from this device, or null. */
  refusalFor(device: DeviceRecord): string | null {
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

  /** Applies what time alone does to a device: the subscription ends, a phone away 14 days is logged out. */
  settleExpiry(device: DeviceRecord): DeviceRecord {
    const now = this.context.clock.now()
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

  // ---- persistence ----

  records(): DeviceRecord[] {
    return [...this.bySerialMap.values()]
  }

  load(devices: readonly DeviceRecord[]): void {
    this.bySerialMap.clear()
    for (const device of devices) this.bySerialMap.set(device.serial, device)
  }

  // ---- internals ----

  private move(token: string, from: DeviceState[], action: string, to: DeviceState): DeviceSnapshot {
    const device = this.requireByToken(token)
    this.requireIn(device, from, action)
    this.enter(device, to)
    return this.snapshot(device)
  }

  private requireIn(device: DeviceRecord, states: DeviceState[], action: string): void {
    if (!states.includes(device.state)) {
      throw new SandboxActionError(`cannot ${action} from ${device.state} (only from ${states.join(', ')})`)
    }
  }

  private enter(device: DeviceRecord, state: DeviceState, note: string | null = null): void {
    if (state === 'expired' && device.state !== 'expired') device.stateBeforeExpiry = device.state
    const before = connectionText(device.state)
    device.state = state
    device.stateNote = note
    device.offlineSince = state === 'offline' ? this.context.clock.now() : null
    if (state !== 'qr-shown') device.qr = null
    if (state === 'connected') device.connectedSince = this.context.clock.now()
    if (connectionText(state) !== before) this.onConnectionChange(device)
    this.context.changed()
  }

  private uniqueSerial(): string {
    for (;;) {
      const serial = this.context.random.serial()
      if (!this.bySerialMap.has(serial)) return serial
    }
  }

  private uniqueToken(): string {
    for (;;) {
      const token = this.context.random.token()
      if (!this.byToken(token)) return token
    }
  }
}
