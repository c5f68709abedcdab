// The sandbox world's stored records: what the state file holds and what the routes read and change.

import type { MessageKind } from './media-rules'

/**
 * The device life cycle. `needs-scan` → `qr-shown` (device/scan) → `awaiting-activation` (phone scanned,
 * first time) → `connected` (IT support activated it). `offline` and `web-conflict` keep the phone linked but
 * disconnected; `expired` ends everything.
 */
export type DeviceState =
  'needs-scan' | 'qr-shown' | 'awaiting-activation' | 'connected' | 'offline' | 'web-conflict' | 'expired'

export type Quota = number | 'unlimited'

export interface DeviceRecord {
  serial: string
  /** The numeric id the legacy reconnect endpoint answers as `device_`. */
  numericId: string
  token: string
  secret: string | null
  name: string
  /** The device's own WhatsApp number, 62…. */
  sender: string
  quota: Quota
  expiresAt: number
  timezone: string
  state: DeviceState
  /** Activation by IT support survives a logout: a re-scan then connects straight away. */
  activated: boolean
  legacyInfo: boolean
  /** The QR session shown by device/scan; its content rotates with time. */
  qr: { generation: number; shownAt: number } | null
  qrGeneration: number
  /** Seeds this device's QR contents (derived by hashing, so no extra randomness per rotation). */
  qrSalt: string
  /** When the device last became connected: queued messages start sending from then. */
  connectedSince: number | null
  webhookUrl: string | null
  trackingUrl: string | null
  createdAt: number
  invoiceNumber: string | null
}

/** Tracking statuses the reference lists for the tracking webhook and reports. */
export type MessageStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'cancel' | 'rejected'

export interface MessageRecord {
  id: string
  deviceSerial: string
  refId: string | null
  /** 62… or a group id. */
  phone: string
  isGroup: boolean
  kind: MessageKind
  /** The message text, or the caption for media. */
  text: string | null
  fileName: string | null
  url: string | null
  fileBytes: number | null
  status: MessageStatus
  history: { status: MessageStatus; at: number }[]
  acceptedAt: number
  updatedAt: number
  /** Which endpoint accepted it, e.g. `/api/send-image-from-local` or `schedule`. */
  endpoint: string
  scheduleId: string | null
  note: string | null
}

export type ScheduleCategory = MessageKind

export interface ScheduleRecord {
  id: string
  deviceSerial: string
  version: 'v1' | 'v2'
  category: ScheduleCategory
  /** As the caller wrote it (`"phones list"` echoes the raw input). */
  rawPhone: string
  phone: string
  isGroup: boolean
  text: string
  url: string | null
  timezone: string
  /** `Y-m-d H:i:s` in `timezone`, as the responses show it. */
  scheduleAt: string
  dueAt: number
  status: 'waiting' | 'fired' | 'cancel'
  createdAt: number
}

export interface IncomingRecord {
  id: string
  deviceSerial: string
  from: string
  message: string
  receivedAt: number
}

export interface AcceptedLogRecord {
  seq: number
  messageId: string
  refId: string | null
  phone: string
  deviceSerial: string
  endpoint: string
  at: number
}

export interface PersistedWorld {
  version: 1
  randomState: number
  devices: DeviceRecord[]
  messages: MessageRecord[]
  schedules: ScheduleRecord[]
  incoming: IncomingRecord[]
  acceptedLog: AcceptedLogRecord[]
}
