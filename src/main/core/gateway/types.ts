/** The gateway client's public shapes: what every other core module (outbox, devices, CLI) codes against. */
import type { GatewayError, GatewayErrorCode } from './errors'
import type {
  BILLING_PERIODS,
  DEVICE_PRODUCTS,
  MediaKind,
  PAYMENT_CHANNELS,
  REMINDER_PERIODS
} from '../../../shared/domain'

export interface GatewayCredentials {
  /** e.g. https://solo.wablas.com (no trailing /api). http:// only for loopback unless the client is created with allowInsecureHttp. */
  baseUrl: string
  token: string
  /** Newer accounts: sent as `Authorization: <token>.<secret>` and `?token=<token>.<secret>`. */
  secret?: string
  /** Plain http:// to a gateway other than this computer sends the token unencrypted: refused unless set (the
   * operator's explicit opt-in, CLI --allow-insecure-http). */
  allowInsecureHttp?: boolean
}

export interface CallOptions {
  signal?: AbortSignal
  /** Overrides the client's default timeout for this call. */
  timeoutMs?: number
}

export type Quota = number | 'unlimited'

export type DeviceConnection = 'connected' | 'disconnected' | 'unknown'

/** `device/info`, current flat shape and legacy `data.whatsapp.*` shape, parsed into one. */
export interface DeviceInfo {
  name: string | null
  serial: string | null
  /** The device's own WhatsApp number, normalised 62… when present. */
  sender: string | null
  quota: Quota | null
  /** As the gateway gives it (e.g. '2026-12-31' or '2026-12-31 23:59:59'). */
  expiresAt: string | null
  /** Current shape only: whether the device is activated (IT support) and not expired. */
  active: boolean | null
  connection: DeviceConnection
  /** The gateway's own status text, verbatim (e.g. 'connected'). */
  statusText: string | null
  /** A free-text note when the gateway gives one (e.g. 'whatsapp sender not connected, need scan qr code again'). */
  note: string | null
  shape: 'current' | 'legacy'
}

/** What `device/scan` returned, made safe for the renderer: never remote HTML. */
export type QrCode =
  | { kind: 'text'; text: string }
  | {
      kind: 'image'
      mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/svg+xml' | 'image/webp'
      bytes: Uint8Array
    }

export interface RestartResult {
  /** Which endpoint worked; the client remembers it per base URL. */
  via: 'restart' | 'reconnect'
  message: string
  /** `device_` of the legacy reconnect response, or the id parsed from the restart message. */
  deviceId: string | null
}

export interface AcceptedMessage {
  id: string
  /** Normalised recipient (62…) or group id; always a string even if the gateway sent a number. */
  phone: string
  status: string
  refId: string | null
  /** Added: the device that took this message (several may when `random` spreads a send); the client always sets it. */
  deviceId?: string | null
}

export interface SendResult {
  deviceId: string | null
  quota: Quota | null
  messages: AcceptedMessage[]
  /** The gateway's message text. */
  message: string
}

export type { MediaKind }

export interface SendFlags {
  /** Recipient is a WhatsApp group id (sent as isGroup=true, phone untouched). */
  isGroup?: boolean
  /** Caller's transaction id; the outbox uses its item id so reports can be searched by it. */
  refId?: string
  secret?: boolean
  retry?: number
  priority?: boolean
}

export interface SendTextInput extends SendFlags {
  /** One or more recipients; joined with ',' on the wire. */
  phone: string | string[]
  message: string
}

export interface SendMediaUrlInput extends SendFlags {
  phone: string | string[]
  kind: MediaKind
  url: string
  caption?: string
}

export interface LocalFile {
  /** File name shown to the recipient / used for the type (x.jpg). */
  name: string
  mime?: string
  bytes: Uint8Array
}

export interface SendLocalFileInput extends SendFlags {
  phone: string | string[]
  kind: MediaKind
  file: LocalFile
  caption?: string
  /**
   * The file-size limit that applies to the sending device, resolved by the caller (device → settings →
   * gateway default, `resolveFileLimit`); the gateway's documented default when absent.
   */
  maxFileBytes?: number
}

export interface BulkTextItem extends SendFlags {
  phone: string
  message: string
}

export interface CreateDeviceInput {
  name: string
  phone: string
  bank: (typeof PAYMENT_CHANNELS)[number]
  product: (typeof DEVICE_PRODUCTS)[number]
  periode?: (typeof BILLING_PERIODS)[number]
}

export interface Invoice {
  deviceName: string | null
  device: string | null
  product: string | null
  numberInvoice: string | null
  periode: string | null
  bank: { bankName: string | null; accountNumber: string | null; accountName: string | null } | null
  discount: number | null
  total: number | null
  dueDate: string | null
  message: string
  /**
   * Sandbox extension (not in the reference): the Sender Desk sandbox also answers the new device's own token, so the
   * linking wizard can take it from here. Absent from hosted gateways.
   */
  token?: string
}

export interface GeneratedToken {
  deviceName: string | null
  deviceSerial: string | null
  token: string
}

export interface ScheduleInput {
  phone: string | string[]
  message: string
  /** Y-m-d */
  date: string
  /** H:i:s */
  time: string
  /** IANA name, e.g. Asia/Jakarta */
  timezone: string
  isGroup?: boolean
}

export interface ScheduleV2Item {
  category: 'text' | 'image' | 'video' | 'document' | 'audio'
  phone: string
  /** Y-m-d H:i:s in the device's timezone */
  scheduledAt: string
  text: string
  url?: string
}

export interface ScheduledMessage {
  id: string
  phone: string
  scheduleAt: string | null
  timezone: string | null
}

export interface ScheduleResult {
  message: string
  scheduleId: string | null
  messages: ScheduledMessage[]
}

/** One line of report-realtime or report/message, normalised. */
export interface ReportItem {
  id: string
  from: string | null
  to: string | null
  status: string
  /** The gateway's free-text note beside the status ("number is on the blacklist"), when it gave one. */
  note: string | null
  refId: string | null
  category: string | null
  text: string | null
  createdAt: string | null
  updatedAt: string | null
}

export interface ReportPage {
  page: number
  totalPage: number
  totalData: number
  items: ReportItem[]
}

export interface ReportMessageQuery {
  refId?: string
  status?: 'pending' | 'cancel' | 'read' | 'sent'
  /** Y-m-d */
  date?: string
  messageId?: string
  phone?: string
  device?: string
  page?: number
  perPage?: number
}

export interface ReportRealtimeQuery {
  messageIds?: string[]
  page?: number
  /** ≤ 1000 */
  limit?: number
}

/** A keyword chatbot rule (`v2/autoreply`). */
export interface AutoReply {
  id: string
  /** The device serial the gateway keeps it under, when it says. */
  device: string | null
  keyword: string
  response: string
  /** `text` (the list answer also names media rules' category and file). */
  category: string | null
  file: string | null
}

export interface AutoReplyInput {
  keyword: string
  response: string
}

export type ReminderPeriode = (typeof REMINDER_PERIODS)[number]

export interface ReminderInput {
  /** One recipient: 08…, 62… or +62…. */
  phone: string
  message: string
  /** `Y-m-d H:i:s` (or `Y-m-d H:i`) in the device's time zone. */
  startDate: string
  periode: ReminderPeriode
  /** Every N days (1–1000), only with periode `custom`. */
  customDay?: number
  title?: string
}

/** Update takes phone, start date, message and title (the reference's list); the period stays. */
export type ReminderUpdate = Pick<ReminderInput, 'phone' | 'startDate' | 'message' | 'title'>

export interface Reminder {
  id: string
  phone: string | null
  title: string | null
  message: string | null
  timezone: string | null
  /** `Y-m-d H:i:s` as the gateway shows it. */
  startAt: string | null
  /** e.g. `custom: send every 5 days`. */
  reminderType: string | null
  /** The gateway's message text. */
  gatewayMessage: string
}

// ── taking messages back (revoke, cancel, resend) ─────────────────────────────────────────────────────────────

/** Which take-back call: what it asks of the gateway for each message id. */
export type TakeBackCall = 'revoke' | 'cancel' | 'resend'

/** Why a message's fate after a take-back call is not known. */
export type TakeBackUnknownReason =
  /** The answer did not mention this id (or mentioned more or fewer items than ids, so it could not be matched). */
  | 'not_listed'
  /** The answer mentioned it with a status that is neither the action's nor a refusal (`gatewayStatus` says it). */
  | 'unexpected_status'
  /** The call carrying it failed after an earlier call had gone through: it may or may not have been applied. */
  | 'call_failed'
  /** An earlier call failed, so it was never sent (asking again is safe). */
  | 'not_attempted'

/** One message's answer from revoke-message, cancel-message or resend-message. */
export type TakeBackOutcome =
  | {
      id: string
      result: 'revoked' | 'cancelled' | 'resent'
      /** The gateway's own status word for it (`revoke`, `cancel`, `pending`). */
      gatewayStatus: string
      /** Normalised recipient when the gateway echoes it. */
      phone: string | null
    }
  | {
      id: string
      result: 'refused'
      /** The gateway's own words, verbatim (e.g. "Id Invalid or message is not pending anymore"); null if it gave none. */
      gatewayMessage: string | null
    }
  | {
      id: string
      result: 'unknown'
      reason: TakeBackUnknownReason
      gatewayStatus: string | null
      /** For call_failed and not_attempted: the failure of the call that stopped the run. */
      errorCode: GatewayErrorCode | null
    }

export interface TakeBackResult {
  action: TakeBackCall
  /** One per distinct id asked, in the order asked. */
  outcomes: TakeBackOutcome[]
  /** The gateway's message text of each call made, in order. */
  messages: string[]
  /** The device's quota when an answer gives it (resend does), else null. */
  quota: Quota | null
  /**
   * The failure that stopped a list longer than one call after at least one call had gone through: its ids are
   * `unknown` (`call_failed`), the later ones `not_attempted`. When the first call fails the method rejects instead,
   * like every other method.
   */
  stoppedBy: GatewayError | null
}

/** `cancel-all-message`: every message pending at the gateway for this device. */
export interface CancelAllResult {
  /** The ids the answer lists as cancelled. */
  cancelledIds: string[]
  /** N of "Cancel N pending messages" when the text says it, else the number of ids listed. */
  count: number
  /** The gateway's message text. */
  message: string
}

/** Every operation the seed names, one method each. All reject with GatewayError only. */
export interface GatewayClient {
  readonly baseUrl: string

  // device
  deviceInfo(opts?: CallOptions): Promise<DeviceInfo>
  scanQr(opts?: CallOptions): Promise<QrCode>
  restart(opts?: CallOptions): Promise<RestartResult>
  changeNumber(phone: string, opts?: CallOptions): Promise<{ message: string }>
  createDevice(input: CreateDeviceInput, opts?: CallOptions): Promise<Invoice>
  generateToken(opts?: CallOptions): Promise<GeneratedToken>
  disconnect(opts?: CallOptions): Promise<{ message: string }>
  changeWebhookUrl(url: string, opts?: CallOptions): Promise<{ message: string }>
  changeTrackingUrl(url: string, opts?: CallOptions): Promise<{ message: string }>
  /** POST /api/device/incoming: "Get Incoming Message" on (`incoming=active`) or off (`inactive`). */
  setIncoming(active: boolean, opts?: CallOptions): Promise<{ message: string }>

  // send
  sendText(input: SendTextInput, opts?: CallOptions): Promise<SendResult>
  /** GET /api/send-message with everything in the query (token included). */
  sendTextSimple(input: SendTextInput, opts?: CallOptions): Promise<SendResult>
  /** POST /api/v2/send-message; at most 100 items (more is an invalid_input error, never split silently). */
  sendTextBulk(items: BulkTextItem[], opts?: CallOptions): Promise<SendResult>
  sendMediaUrl(input: SendMediaUrlInput, opts?: CallOptions): Promise<SendResult>
  /** POST /api/send-{kind}-from-local with the encoding the reference gives for that kind. */
  sendLocalFile(input: SendLocalFileInput, opts?: CallOptions): Promise<SendResult>

  // schedule
  createSchedule(input: ScheduleInput, opts?: CallOptions): Promise<ScheduleResult>
  updateSchedule(scheduleId: string, input: ScheduleInput, opts?: CallOptions): Promise<ScheduleResult>
  cancelSchedule(scheduleId: string, opts?: CallOptions): Promise<{ message: string }>
  deleteSchedule(scheduleId: string, opts?: CallOptions): Promise<{ message: string }>
  createScheduleV2(items: ScheduleV2Item[], opts?: CallOptions): Promise<ScheduleResult>
  updateScheduleV2(scheduleId: string, items: ScheduleV2Item[], opts?: CallOptions): Promise<ScheduleResult>
  deleteSchedulesV2(scheduleIds: string[], opts?: CallOptions): Promise<{ message: string }>

  // report and tracking
  reportRealtime(query: ReportRealtimeQuery, opts?: CallOptions): Promise<ReportPage>
  reportMessages(query: ReportMessageQuery, opts?: CallOptions): Promise<ReportPage>

  // blacklist (the gateway keeps broadcasts away from these numbers; it has no call to list them)
  /** GET /api/blacklist?token=&phone= */
  blacklist(phone: string, opts?: CallOptions): Promise<{ message: string }>
  /** GET /api/blacklist/cancel?token=&phone= */
  unblacklist(phone: string, opts?: CallOptions): Promise<{ message: string }>

  // contacts (the gateway's address book of a device: names its spintax variables and dashboard show)
  /** POST /api/v2/contact `{data:[{name, phone}]}`, at most 100 a call; each contact's own outcome. */
  addContacts(contacts: readonly GatewayContactInput[], opts?: CallOptions): Promise<GatewayContactOutcome[]>
  /** POST /api/v2/contact/update with the same body; a number it does not have is a failed outcome. */
  updateContacts(
    contacts: readonly GatewayContactInput[],
    opts?: CallOptions
  ): Promise<GatewayContactOutcome[]>
  /** DELETE /api/contact?phone=a,b (the documented v1 path). */
  deleteContacts(phones: readonly string[], opts?: CallOptions): Promise<{ message: string }>
  /** GET /api/v2/contact?page=&limit=: one page of the device's contacts. */
  listContacts(query?: { page?: number; limit?: number }, opts?: CallOptions): Promise<GatewayContactPage>

  // auto-reply (keyword chatbot)
  /** POST /api/v2/autoreply with JSON `{keyword, response}`. */
  createAutoReply(input: AutoReplyInput, opts?: CallOptions): Promise<AutoReply>
  /** PUT /api/v2/autoreply/{id}. */
  updateAutoReply(id: string, input: AutoReplyInput, opts?: CallOptions): Promise<AutoReply>
  deleteAutoReply(id: string, opts?: CallOptions): Promise<{ message: string }>
  /** GET /api/v2/autoreply/getData[?keyword=]: every rule, or those for one keyword. */
  listAutoReplies(query?: { keyword?: string }, opts?: CallOptions): Promise<AutoReply[]>

  // reminders (recurring messages)
  createReminder(input: ReminderInput, opts?: CallOptions): Promise<Reminder>
  /** POST (not PUT) /api/reminder/{id}. */
  updateReminder(id: string, input: ReminderUpdate, opts?: CallOptions): Promise<Reminder>
  reminderInfo(id: string, opts?: CallOptions): Promise<Reminder>
  deleteReminder(id: string, opts?: CallOptions): Promise<{ message: string }>

  // message management: taking messages back. Ids go MAX_MESSAGE_IDS_PER_CALL to a call (`id=a,b,…`); a longer
  // list is split into several calls, made one after the other.
  /** GET /api/revoke-message?id=a,b: deletes already-sent WhatsApp messages for everyone. */
  revokeMessages(ids: string[], opts?: CallOptions): Promise<TakeBackResult>
  /** GET /api/cancel-message?id=a,b: cancels messages still pending at the gateway. */
  cancelMessages(ids: string[], opts?: CallOptions): Promise<TakeBackResult>
  /** GET /api/cancel-all-message: cancels every message pending at the gateway for this device. */
  cancelAllMessages(opts?: CallOptions): Promise<CancelAllResult>
  /** GET /api/resend-message?id=a,b: queues again messages the gateway failed. */
  resendMessages(ids: string[], opts?: CallOptions): Promise<TakeBackResult>
}

/**
 * What taking messages back needs from a device's gateway, next to the outbox's `SendingPort`: the four
 * message-management calls, not the whole client.
 */
export type TakeBackPort = Pick<
  GatewayClient,
  'revokeMessages' | 'cancelMessages' | 'cancelAllMessages' | 'resendMessages'
>

export interface GatewayClientOptions extends GatewayCredentials {
  /** Default per-call timeout (ms). Default 20 000; uploads scale it with size. */
  timeoutMs?: number
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch
  /** Remembers per base URL which restart endpoint works; defaults to a process-wide memory. */
  restartMemory?: Map<string, 'restart' | 'reconnect'>
}

/** A contact as the gateway's v2/contact takes it. */
export interface GatewayContactInput {
  name: string
  phone: string
}

/** What the gateway said about one contact of an add or update call. */
export interface GatewayContactOutcome {
  phone: string
  ok: boolean
  message: string
}

export interface GatewayContactPage {
  contacts: { phone: string; name: string }[]
  page: number
  totalPage: number
  totalData: number
}
