// The sandbox world as tests and control routes see it: actions named by device token, and the snapshots they return.

import type { IncomingMediaInput } from './incoming-media'
import type { MediaKind } from './media-rules'
import type { DeviceState, MessageRecord, MessageStatus, Quota, ScheduleRecord } from './records'

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
  /** The device's secret key; `true` draws one like the gateway's (8 characters). */
  secret?: string | true
  /** Start linked, activated and connected. */
  linked?: boolean
  /** `Y-m-d`, `Y-m-d H:i:s` (device time zone) or ISO-8601. Default: a year from now. */
  expiresAt?: string
  /** Answer device/info in the legacy `data.whatsapp` shape. */
  legacyInfo?: boolean
  /** IANA zone for v2 schedules and report dates. Default Asia/Jakarta. */
  timezone?: string
  /** Put the new device in the account of the device with this token (`random: true` picks among them). */
  sameAccountAs?: string
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
  /** The device/info note: why it is in this state (a ban, a phone away too long) or the state's own note. */
  note: string
  /** The ban knob: sends per minute above which sends are refused and then the number banned; null = off. */
  banRatePerMinute: number | null
  webhookUrl: string | null
  trackingUrl: string | null
  /** The device-status webhook URL (§5.5), set by `POST /__sandbox/device/status-url`. */
  statusUrl: string | null
  /** "Get Incoming Message": incoming messages are POSTed to `webhookUrl`. */
  incomingWebhook: boolean
  /** "Get Auto Reply From Webhook": the webhook's answer is sent back to the chat. */
  webhookReply: boolean
  qr: { text: string; expiresInSec: number; previousText: string | null } | null
}

/** A message as tests and control routes see it: the stored record with its times as ISO-8601 text. */
export type MessageSnapshot = Omit<MessageRecord, 'history' | 'acceptedAt' | 'updatedAt'> & {
  history: { status: MessageStatus; at: string }[]
  acceptedAt: string
  updatedAt: string
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
  pushName: string
  /** The WhatsApp group it was written in, or null for a private chat. */
  groupId: string | null
  groupSubject: string | null
  /** The file a contact sent with the message (its caption is `message`), or null for a text. */
  media: IncomingMediaSnapshot | null
}

export interface IncomingMediaSnapshot {
  kind: MediaKind
  file: string
  mimeType: string
  sizeBytes: number
  /** Where the webhook payload says it can be downloaded: `{sandbox}/{kind}/{file}`. */
  url: string
}

/** What arrives at a device: the sender's number, the text, and optionally who they are and which group. */
export interface IncomingInput {
  from: string
  message: string
  pushName?: string
  groupId?: string
  groupSubject?: string
  /** The contact sends a file: `message` is then its caption. */
  media?: IncomingMediaInput
}

/** An incoming message and what the sandbox did with it right away (webhook answers come later). */
export interface IncomingDelivery {
  incoming: IncomingMessage
  /** Sent at once by a matching auto-reply (keyword chatbot). */
  replies: MessageSnapshot[]
  /** The POST to the device's webhook, when "Get Incoming Message" is on and a URL is set. */
  webhookDeliveryId: string | null
}

export interface AutoReplySnapshot {
  id: string
  deviceSerial: string
  keyword: string
  response: string
  createdAt: string
  updatedAt: string
}

export interface ReminderSnapshot {
  id: string
  deviceSerial: string
  phone: string
  title: string
  message: string
  timezone: string
  /** `Y-m-d H:i:s` in `timezone`. */
  startAt: string
  periode: 'daily' | 'monthly' | 'yearly' | 'custom'
  customDay: number | null
  nextAt: string
  sentCount: number
  lastSentAt: string | null
}

export interface WebhookAttemptSnapshot {
  at: string
  httpStatus: number | null
  error: string | null
  contentType: string | null
  body: string | null
}

/** Per kind: deliveries waiting for their minute, and those dropped because their queue was full. */
export interface WebhookQueueStats {
  queued: Record<WebhookDeliverySnapshot['kind'], number>
  dropped: Record<WebhookDeliverySnapshot['kind'], number>
}

export interface WebhookDeliverySnapshot {
  id: string
  deviceSerial: string
  /** incoming message (§5.2), message status (§5.4), device status (§5.5). */
  kind: 'incoming' | 'tracking' | 'device'
  url: string
  payload: Record<string, unknown>
  createdAt: string
  state: 'pending' | 'delivered' | 'failed'
  attempts: WebhookAttemptSnapshot[]
  nextAttemptAt: string | null
  replies: string[]
  replyNote: WebhookReplyNote | null
}

/**
 * Why the receiver's answer was not (or only partly) sent back to the chat: a reason the window words in its own
 * language, and the gateway's own words when the gateway refused the reply.
 */
export type WebhookReplyNote =
  | { reason: 'reply-off' | 'no-reply-asked' | 'device-or-message-gone' }
  | { reason: 'gateway-refused'; gatewaySaid: string }

/** A schedule as tests see it: the stored record without bookkeeping, its due time as ISO-8601 text. */
export type ScheduleSnapshot = Omit<ScheduleRecord, 'rawPhone' | 'createdAt' | 'dueAt'> & { dueAt: string }

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
  /** Undoes `expire`: the subscription runs a year from now and the device returns to its earlier state. */
  renew(token: string): DeviceSnapshot
  setBanRate(token: string, perMinute: number | null): DeviceSnapshot
  setQuota(token: string, quota: Quota): DeviceSnapshot
  /** Buys more messages: `amount` is added to what is left, as a real package top-up does. */
  topUp(token: string, amount: number): DeviceSnapshot
  deliverIncoming(token: string, incoming: IncomingInput): IncomingMessage
  /** Like deliverIncoming, with the auto-replies it triggered and the webhook delivery it queued. */
  receive(token: string, incoming: IncomingInput): IncomingDelivery
  incoming(token?: string): IncomingMessage[]
  /** The webhook POSTs (incoming messages and status tracking), newest first. */
  webhookDeliveries(token?: string): WebhookDeliverySnapshot[]
  webhookQueue(): WebhookQueueStats
  /** The device-status webhook URL (§5.5); null removes it. Refused like any webhook target. */
  setStatusUrl(token: string, url: string | null): DeviceSnapshot
  /** The dashboard empties the inbound-message and/or tracking URL (the API cannot). */
  clearWebhookUrls(token: string, fields: readonly ('webhookUrl' | 'trackingUrl')[]): DeviceSnapshot
  /** Resolves when no webhook POST is on the wire. */
  webhooksSettled(): Promise<void>
  setIncomingWebhook(token: string, enabled: boolean): DeviceSnapshot
  /** The dashboard's "Get Auto Reply From Webhook" switch (no API exists for it on the hosted gateway). */
  setWebhookReply(token: string, enabled: boolean): DeviceSnapshot
  autoReplies(token?: string): AutoReplySnapshot[]
  reminders(token?: string): ReminderSnapshot[]
  /** Called after any change to the world (messages, devices, deliveries excluded). */
  onChange(listener: () => void): void
  /** Called when a webhook delivery changes (an attempt ended, a retry was planned). */
  onDeliveryChange(listener: () => void): void
  messages(filter?: { refId?: string }): MessageSnapshot[]
  acceptedLog(): AcceptedLogEntry[]
  schedules(token?: string): ScheduleSnapshot[]
}
