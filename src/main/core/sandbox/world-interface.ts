// The sandbox world as tests and control routes see it: actions named by device token, and the snapshots they return.

import type { MessageKind } from './media-rules'
import type { DeviceState, MessageStatus, Quota, ScheduleCategory } from './records'

export interface SandboxTimings {
  /** How often the QR content rotates (WhatsApp: 20 s). */
  qrRotateMs: number
  /** How long a rotated-out QR is still accepted by a scan. */
  qrGraceMs: number
  sentAfterMs: number
  deliveredAfterMs: number
  readAfterMs: number
}

export const DEFAULT_TIMINGS: SandboxTimings = {
  qrRotateMs: 20_000,
  qrGraceMs: 5_000,
  sentAfterMs: 1_500,
  deliveredAfterMs: 2_500,
  readAfterMs: 6_000
}

/** A test or control-route action that the world refuses (unknown device, transition not allowed…). */
export class SandboxActionError extends Error {
  constructor(
    message: string,
    readonly httpStatus: 400 | 404 | 409 = 409
  ) {
    super(message)
    this.name = 'SandboxActionError'
  }
}

export interface CreateDeviceOptions {
  name?: string
  sender?: string
  quota?: Quota
  secret?: string
  /** Start linked, activated and connected. */
  linked?: boolean
  /** `Y-m-d`, `Y-m-d H:i:s` (device time zone) or ISO-8601. Default: a year from now. */
  expiresAt?: string
  /** Answer device/info in the legacy `data.whatsapp` shape. */
  legacyInfo?: boolean
  /** IANA zone for v2 schedules and report dates. Default Asia/Jakarta. */
  timezone?: string
}

export interface CreatedDevice {
  token: string
  serial: string
  secret?: string
}

export interface DeviceSnapshot {
  token: string
  serial: string
  /** Numeric id, answered as `device_` by the legacy reconnect. */
  deviceId: string
  name: string
  sender: string
  quota: Quota
  secret?: string
  state: DeviceState
  activated: boolean
  /** The phone is linked (no scan needed). */
  linked: boolean
  expiresAt: string
  timezone: string
  legacyInfo: boolean
  /** The device/info note for this state. */
  note: string
  webhookUrl: string | null
  trackingUrl: string | null
  qr: { text: string; expiresInSec: number; previousText: string | null } | null
}

export interface MessageSnapshot {
  id: string
  refId: string | null
  phone: string
  isGroup: boolean
  kind: MessageKind
  text: string | null
  fileName: string | null
  url: string | null
  fileBytes: number | null
  status: MessageStatus
  history: { status: MessageStatus; at: string }[]
  deviceSerial: string
  acceptedAt: string
  updatedAt: string
  endpoint: string
  scheduleId: string | null
  note: string | null
}

export interface AcceptedLogEntry {
  seq: number
  messageId: string
  refId: string | null
  phone: string
  deviceSerial: string
  endpoint: string
  at: string
}

export interface IncomingMessage {
  id: string
  deviceSerial: string
  from: string
  message: string
  receivedAt: string
}

export interface ScheduleSnapshot {
  id: string
  deviceSerial: string
  version: 'v1' | 'v2'
  category: ScheduleCategory
  phone: string
  isGroup: boolean
  text: string
  url: string | null
  timezone: string
  scheduleAt: string
  dueAt: string
  status: 'waiting' | 'fired' | 'cancel'
}

/** What tests (and the `/__sandbox/` control routes) can do to the world. Devices are named by token. */
export interface SandboxWorld {
  createDevice(opts?: CreateDeviceOptions): CreatedDevice
  device(token: string): DeviceSnapshot
  devices(): DeviceSnapshot[]
  /** The phone scans the QR; `qrText`, when given, must be the current QR or the previous one within grace. */
  scan(token: string, qrText?: string): DeviceSnapshot
  /** IT support activates the device. */
  activate(token: string): DeviceSnapshot
  /** The phone logged the device out: a new scan is needed. */
  logout(token: string): DeviceSnapshot
  /** The number was opened in WhatsApp Web at the same time: the device disconnects. */
  openWeb(token: string): DeviceSnapshot
  goOffline(token: string): DeviceSnapshot
  goOnline(token: string): DeviceSnapshot
  expire(token: string): DeviceSnapshot
  setQuota(token: string, quota: Quota): DeviceSnapshot
  deliverIncoming(token: string, incoming: { from: string; message: string }): IncomingMessage
  incoming(token?: string): IncomingMessage[]
  messages(filter?: { refId?: string }): MessageSnapshot[]
  acceptedLog(): AcceptedLogEntry[]
  schedules(token?: string): ScheduleSnapshot[]
}
