// The sandbox world's stored records: what the state file holds and what the routes read and change.

import type { ContactBookState } from './contact-book'
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
  /** "Get Incoming Message": incoming messages are POSTed to the webhook URL (absent in older saved worlds: off). */
  incoming?: boolean
  /** "Get Auto Reply From Webhook": the webhook's answer is sent back to the chat (absent: off). */
  webhookReply?: boolean
  /** Why the device is in its state when the state's own note does not say it (a ban, a phone away too long). */
  stateNote?: string | null
  /** When the phone went away (state `offline`); 14 days later the device is logged out. */
  offlineSince?: number | null
  /** The state before the subscription ended, so a renewal can undo it. */
  stateBeforeExpiry?: DeviceState | null
  /** Realism knob: sends per minute above which the platform starts refusing and then bans the number. */
  banRatePerMinute?: number | null
  /** When recent sends were accepted (the last minute's worth), for the ban knob. */
  recentSendTimes?: number[]
  /** Sends refused for going too fast since the knob was set; the third one bans the number. */
  tooFastCount?: number
  /** The account the device belongs to (`random: true` picks among its devices); absent: its own serial. */
  accountId?: string
  /** device/speed: seconds between batches of 5 messages (10–120); absent: no pacing. */
  speedDelaySec?: number | null
  /** The current pacing batch: when it may start sending and how many of its 5 places are taken. */
  pacing?: { slotAt: number; used: number } | null
  /** device/change-closing: the closing message text. */
  closingMessage?: string | null
}

/** Tracking statuses the reference lists for the tracking webhook and reports. */
export type MessageStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'cancel' | 'rejected' | 'revoke'

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
  /** Which endpoint accepted it, e.g. `/api/send-image-from-local`, `schedule`, `reminder`, `autoreply`, `webhook-reply`. */
  endpoint: string
  /** The schedule (or, for `reminder` messages, the reminder) that fired it. */
  scheduleId: string | null
  note: string | null
  /** Rich messages (v2 send-link, list, location, button, template): the report category; `text` holds the JSON. */
  category?: 'link' | 'list' | 'location' | 'button' | 'template'
  /** device/speed pacing: not sent before this time. */
  notBefore?: number | null
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
  /** The sender's display name (absent in older saved worlds). */
  pushName?: string
  /** Set when the message was written in a WhatsApp group: `from` is then the member who wrote. */
  groupId?: string | null
  groupSubject?: string | null
}

/** A keyword chatbot rule (`v2/autoreply`): an incoming message equal to the keyword gets the response. */
export interface AutoReplyRecord {
  id: string
  deviceSerial: string
  keyword: string
  response: string
  createdAt: number
  updatedAt: number
}

export type ReminderPeriode = 'daily' | 'monthly' | 'yearly' | 'custom'

/** A recurring message (`reminder`): sent at `startLocal` and then every period, in the device's time zone. */
export interface ReminderRecord {
  id: string
  deviceSerial: string
  phone: string
  title: string
  message: string
  timezone: string
  /** `Y-m-d H:i:s` in `timezone`: the first occurrence and the anchor of every later one. */
  startLocal: string
  periode: ReminderPeriode
  /** Days between occurrences when `periode` is custom (1–1000). */
  customDay: number | null
  /** Which occurrence comes next (0 = the start) and when. */
  nextIndex: number
  nextAt: number
  sentCount: number
  lastSentAt: number | null
  createdAt: number
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
  /** Added after the first saved worlds: absent means none. */
  autoReplies?: AutoReplyRecord[]
  /** Contacts, contact groups, agents and the blacklist (absent in older saved worlds). */
  contactBook?: ContactBookState
  reminders?: ReminderRecord[]
}
