// The sandbox world's stored records: what the routes read and change and what the store saves. Each record type has
// one definition, a zod schema; its TypeScript type, the saved world's shape and the SQLite rows (see world-store.ts)
// are all derived from it, so a field added here is typed, saved and checked on load in one place.

import { z } from 'zod'
import { MESSAGE_KINDS } from './media-rules'

/**
 * The device life cycle. `needs-scan` → `qr-shown` (device/scan) → `awaiting-activation` (phone scanned,
 * first time) → `connected` (IT support activated it). `offline` and `web-conflict` keep the phone linked but
 * disconnected; `expired` ends everything.
 */
export const deviceStateSchema = z.enum([
  'needs-scan',
  'qr-shown',
  'awaiting-activation',
  'connected',
  'offline',
  'web-conflict',
  'expired'
])
export type DeviceState = z.infer<typeof deviceStateSchema>

export const quotaSchema = z.union([z.number(), z.literal('unlimited')])
export type Quota = z.infer<typeof quotaSchema>

export const deviceRecordSchema = z.object({
  serial: z.string(),
  /** The numeric id the legacy reconnect endpoint answers as `device_`. */
  numericId: z.string(),
  token: z.string(),
  secret: z.string().nullable(),
  name: z.string(),
  /** The device's own WhatsApp number, 62…. */
  sender: z.string(),
  quota: quotaSchema,
  expiresAt: z.number(),
  timezone: z.string(),
  state: deviceStateSchema,
  /** Activation by IT support survives a logout: a re-scan then connects straight away. */
  activated: z.boolean(),
  legacyInfo: z.boolean(),
  /** The QR session shown by device/scan; its content rotates with time. */
  qr: z.object({ generation: z.number(), shownAt: z.number() }).nullable(),
  qrGeneration: z.number(),
  /** Seeds this device's QR contents (derived by hashing, so no extra randomness per rotation). */
  qrSalt: z.string(),
  /** When the device last became connected: queued messages start sending from then. */
  connectedSince: z.number().nullable(),
  webhookUrl: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  createdAt: z.number(),
  invoiceNumber: z.string().nullable(),
  /** "Get Incoming Message": incoming messages are POSTed to the webhook URL (absent in older saved worlds: off). */
  incoming: z.boolean().optional(),
  /** "Get Auto Reply From Webhook": the webhook's answer is sent back to the chat (absent: off). */
  webhookReply: z.boolean().optional(),
  /** Why the device is in its state when the state's own note does not say it (a ban, a phone away too long). */
  stateNote: z.string().nullable().optional(),
  /** When the phone went away (state `offline`); 14 days later the device is logged out. */
  offlineSince: z.number().nullable().optional(),
  /** The state before the subscription ended, so a renewal can undo it. */
  stateBeforeExpiry: deviceStateSchema.nullable().optional(),
  /** Realism knob: sends per minute above which the platform starts refusing and then bans the number. */
  banRatePerMinute: z.number().nullable().optional(),
  /** When recent sends were accepted (the last minute's worth), for the ban knob. */
  recentSendTimes: z.array(z.number()).optional(),
  /** Sends refused for going too fast since the knob was set; the third one bans the number. */
  tooFastCount: z.number().optional(),
  /** The subscription period device/create ordered it for, which a renewal gives again; absent: a year. */
  periode: z.enum(['monthly', 'yearly']).optional(),
  /** The account the device belongs to (`random: true` picks among its devices); absent: its own serial. */
  accountId: z.string().optional(),
  /** device/speed: seconds between batches of 5 messages (10–120); absent: no pacing. */
  speedDelaySec: z.number().nullable().optional(),
  /** The current pacing batch: when it may start sending and how many of its 5 places are taken. */
  pacing: z.object({ slotAt: z.number(), used: z.number() }).nullable().optional(),
  /** device/change-closing: the closing message text. */
  closingMessage: z.string().nullable().optional(),
  /**
   * The device-status webhook URL (§5.5): set in the hosted gateway's dashboard only, here by a control route.
   * Absent in older saved worlds: none.
   */
  statusUrl: z.string().nullable().optional()
})
export type DeviceRecord = z.infer<typeof deviceRecordSchema>

/** Tracking statuses the reference lists for the tracking webhook and reports. */
export const messageStatusSchema = z.enum([
  'pending',
  'sent',
  'delivered',
  'read',
  'cancel',
  'rejected',
  'revoke'
])
export type MessageStatus = z.infer<typeof messageStatusSchema>

export const messageKindSchema = z.enum(MESSAGE_KINDS)

/** The channels besides WhatsApp a send can go out on (§4.12 of the reference: `channel/{…}` and the legacy SMS). */
export const OTHER_CHANNELS = ['telegram', 'line', 'facebook', 'twitter', 'sms'] as const
export const otherChannelSchema = z.enum(OTHER_CHANNELS)
export type OtherChannel = z.infer<typeof otherChannelSchema>

export const messageRecordSchema = z.object({
  id: z.string(),
  deviceSerial: z.string(),
  refId: z.string().nullable(),
  /** 62… or a group id. */
  phone: z.string(),
  isGroup: z.boolean(),
  kind: messageKindSchema,
  /** The message text, or the caption for media. */
  text: z.string().nullable(),
  fileName: z.string().nullable(),
  url: z.string().nullable(),
  fileBytes: z.number().nullable(),
  status: messageStatusSchema,
  history: z.array(z.object({ status: messageStatusSchema, at: z.number() })),
  acceptedAt: z.number(),
  updatedAt: z.number(),
  /** Which endpoint accepted it, e.g. `/api/send-image-from-local`, `schedule`, `reminder`, `autoreply`, `webhook-reply`. */
  endpoint: z.string(),
  /** The schedule (or, for `reminder` messages, the reminder) that fired it. */
  scheduleId: z.string().nullable(),
  note: z.string().nullable(),
  /** Rich messages (v2 send-link, list, location, button, template): the report category; `text` holds the JSON. */
  category: z.enum(['link', 'list', 'location', 'button', 'template']).optional(),
  /** device/speed pacing: not sent before this time. */
  notBefore: z.number().nullable().optional(),
  /** Sent on another channel than WhatsApp (absent: WhatsApp); for the chat channels `phone` holds the `user_id`. */
  channel: otherChannelSchema.optional()
})
export type MessageRecord = z.infer<typeof messageRecordSchema>

export type ScheduleCategory = z.infer<typeof messageKindSchema>

export const scheduleRecordSchema = z.object({
  id: z.string(),
  deviceSerial: z.string(),
  version: z.enum(['v1', 'v2']),
  category: messageKindSchema,
  /** As the caller wrote it (`"phones list"` echoes the raw input). */
  rawPhone: z.string(),
  phone: z.string(),
  isGroup: z.boolean(),
  text: z.string(),
  url: z.string().nullable(),
  timezone: z.string(),
  /** `Y-m-d H:i:s` in `timezone`, as the responses show it. */
  scheduleAt: z.string(),
  dueAt: z.number(),
  status: z.enum(['waiting', 'fired', 'cancel']),
  createdAt: z.number()
})
export type ScheduleRecord = z.infer<typeof scheduleRecordSchema>

export const incomingRecordSchema = z.object({
  id: z.string(),
  deviceSerial: z.string(),
  from: z.string(),
  message: z.string(),
  receivedAt: z.number(),
  /** The sender's display name (absent in older saved worlds). */
  pushName: z.string().optional(),
  /** Set when the message was written in a WhatsApp group: `from` is then the member who wrote. */
  groupId: z.string().nullable().optional(),
  groupSubject: z.string().nullable().optional(),
  /** An image, document, video or audio the contact sent (absent for a text and in older saved worlds). */
  media: z
    .object({
      kind: z.enum(['image', 'document', 'video', 'audio']),
      file: z.string(),
      mimeType: z.string(),
      sizeBytes: z.number().int().nonnegative()
    })
    .nullable()
    .optional()
})
export type IncomingRecord = z.infer<typeof incomingRecordSchema>

/** A keyword chatbot rule (`v2/autoreply`): an incoming message equal to the keyword gets the response. */
export const autoReplyRecordSchema = z.object({
  id: z.string(),
  deviceSerial: z.string(),
  keyword: z.string(),
  response: z.string(),
  createdAt: z.number(),
  updatedAt: z.number()
})
export type AutoReplyRecord = z.infer<typeof autoReplyRecordSchema>

export const reminderPeriodeSchema = z.enum(['daily', 'monthly', 'yearly', 'custom'])
export type ReminderPeriode = z.infer<typeof reminderPeriodeSchema>

/** A recurring message (`reminder`): sent at `startLocal` and then every period, in the device's time zone. */
export const reminderRecordSchema = z.object({
  id: z.string(),
  deviceSerial: z.string(),
  phone: z.string(),
  title: z.string(),
  message: z.string(),
  timezone: z.string(),
  /** `Y-m-d H:i:s` in `timezone`: the first occurrence and the anchor of every later one. */
  startLocal: z.string(),
  periode: reminderPeriodeSchema,
  /** Days between occurrences when `periode` is custom (1–1000). */
  customDay: z.number().nullable(),
  /** Which occurrence comes next (0 = the start) and when. */
  nextIndex: z.number(),
  nextAt: z.number(),
  sentCount: z.number(),
  lastSentAt: z.number().nullable(),
  createdAt: z.number()
})
export type ReminderRecord = z.infer<typeof reminderRecordSchema>

export const acceptedLogRecordSchema = z.object({
  seq: z.number().int(),
  messageId: z.string(),
  refId: z.string().nullable(),
  phone: z.string(),
  deviceSerial: z.string(),
  endpoint: z.string(),
  at: z.number()
})
export type AcceptedLogRecord = z.infer<typeof acceptedLogRecordSchema>

export const contactRecordSchema = z.object({
  id: z.string(),
  deviceSerial: z.string(),
  phone: z.string(),
  name: z.string(),
  email: z.string(),
  address: z.string(),
  /** `Y-m-d` or '' */
  birthDay: z.string(),
  createdAt: z.number(),
  updatedAt: z.number()
})
export type ContactRecord = z.infer<typeof contactRecordSchema>

export const contactGroupRecordSchema = z.object({
  deviceSerial: z.string(),
  name: z.string(),
  phones: z.array(z.string())
})
export type ContactGroupRecord = z.infer<typeof contactGroupRecordSchema>

export const agentRecordSchema = z.object({
  deviceSerial: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string()
})
export type AgentRecord = z.infer<typeof agentRecordSchema>

export const blacklistRecordSchema = z.object({ deviceSerial: z.string(), phone: z.string() })
export type BlacklistRecord = z.infer<typeof blacklistRecordSchema>

export const contactBookStateSchema = z.object({
  contacts: z.array(contactRecordSchema),
  groups: z.array(contactGroupRecordSchema),
  agents: z.array(agentRecordSchema),
  blacklist: z.array(blacklistRecordSchema)
})
export type ContactBookState = z.infer<typeof contactBookStateSchema>

/** The world as saved: the records of every concern, and where the seeded random stream stands. */
export const persistedWorldSchema = z.object({
  version: z.literal(1),
  randomState: z.number().int(),
  devices: z.array(deviceRecordSchema),
  messages: z.array(messageRecordSchema),
  schedules: z.array(scheduleRecordSchema),
  incoming: z.array(incomingRecordSchema),
  acceptedLog: z.array(acceptedLogRecordSchema),
  /** Added after the first saved worlds: absent means none. */
  autoReplies: z.array(autoReplyRecordSchema).optional(),
  /** Contacts, contact groups, agents and the blacklist (absent in older saved worlds). */
  contactBook: contactBookStateSchema.optional(),
  reminders: z.array(reminderRecordSchema).optional()
})
export type PersistedWorld = z.infer<typeof persistedWorldSchema>

/** The records that grow with use, saved as one row each; the rest of the world is small and saved whole. */
export const GROWING_LISTS = ['messages', 'acceptedLog', 'incoming'] as const
export type GrowingList = (typeof GROWING_LISTS)[number]

/** The small part of the saved world, saved whole. */
export const smallWorldSchema = persistedWorldSchema.omit({
  messages: true,
  acceptedLog: true,
  incoming: true
})
export type SmallWorld = z.infer<typeof smallWorldSchema>

/** The increments a store saves: new or changed rows of the growing lists, and the small state whole. */
export type WorldChanges = Pick<PersistedWorld, GrowingList> & { small: SmallWorld }
