// The gateway's webhook bodies (gateway-api.md §5.2 incoming, §5.4 tracking, §5.5 device status) as the inbox relay
// hands them back — content type and raw text — turned into typed events, each with the identity that makes it
// land once. Every documented shape is accepted (current JSON, the intermediate JSON of ~2022, the legacy form POST,
// multipart); anything else is a typed refusal kept for diagnostics, never a throw.
import { z } from 'zod'
import { normaliseEchoedPhone } from './phone'
import { connectionOf, idLike, nullableBoolean, nullablePhone, nullableText } from './responses'
import type { DeviceConnection } from './types'

export type WebhookKind = 'incoming' | 'tracking' | 'device'

export interface IncomingMedia {
  url: string | null
  file: string | null
  mimeType: string | null
}

/** A message someone wrote to one of our devices (or the device wrote itself, `isFromMe`). */
export interface IncomingMessageEvent {
  kind: 'incoming'
  /** `incoming:<device serial>/<WhatsApp message id>`: the same post twice is one message. */
  identity: string
  messageId: string
  /** The receiving device's serial (`deviceId`), when the shape carries it. */
  deviceSerial: string | null
  /** The receiving device's own number (`sender` today, `receiver` in the legacy form). */
  devicePhone: string | null
  /** Who the conversation is with: the sender's number, or the group id for a group. */
  chatId: string
  isGroup: boolean
  groupSubject: string | null
  /** In a group, the member who wrote. */
  groupMember: string | null
  pushName: string | null
  /** The text, or a media message's caption ('' when there is none). */
  text: string
  /** `text, image, document, video, audio, location`, as the gateway names it. */
  messageType: string
  media: IncomingMedia | null
  /** When WhatsApp says it was written, epoch ms; null when the body gave no readable time. */
  sentAt: number | null
  isFromMe: boolean
  /** Which documented shape it came in. */
  shape: 'current' | 'intermediate' | 'legacy'
}

/** A status change of a message we sent (the tracking webhook). */
export interface TrackingEvent {
  kind: 'tracking'
  /** `tracking:<gateway message id>/<status>`: each status of a message once. */
  identity: string
  /** The id the send call returned (a UUID), not our ref_id. */
  gatewayMessageId: string
  /** Lower-cased as posted (`sent, delivered, read, received, cancel, reject(ed), pending`). */
  status: string
  phone: string | null
  note: string | null
  deviceSerial: string | null
  at: number | null
}

/** The device-status webhook: connected, or disconnected with a note that says why. */
export interface DeviceStatusEvent {
  kind: 'device'
  /** `device:<serial>/<status>/<timestamp as posted>`. */
  identity: string
  deviceSerial: string
  deviceName: string | null
  devicePhone: string | null
  status: string
  connection: DeviceConnection
  note: string | null
  at: number | null
}

export type WebhookEvent = IncomingMessageEvent | TrackingEvent | DeviceStatusEvent

export type WebhookRefusalCode =
  /** No body at all. */
  | 'empty'
  /** A content type the gateway never posts. */
  | 'unsupported-type'
  /** JSON (or JSON-labelled text) that does not parse, or parses to something other than an object. */
  | 'bad-json'
  /** A form or multipart body that cannot be read. */
  | 'bad-form'
  /** A field the event cannot be told apart without (its id, its status, its device), or one of the wrong type. */
  | 'bad-fields'

export interface WebhookRefusal {
  code: WebhookRefusalCode
  /** English, for diagnostics: which field, or what the parser said. */
  detail: string
}

export type WebhookParse = { ok: true; event: WebhookEvent } | { ok: false; refusal: WebhookRefusal }

const refuse = (code: WebhookRefusalCode, detail: string): WebhookParse => ({
  ok: false,
  refusal: { code, detail }
})

// ── bodies ──────────────────────────────────────────────────────────────────────────────────────────────────

type Fields = Record<string, unknown>

/** `group[subject]=x` → `{group: {subject: 'x'}}`, as PHP reads a form; flat keys stay flat. */
function nestFormKeys(pairs: Iterable<[string, string]>): Fields {
  const fields: Fields = {}
  for (const [key, value] of pairs) {
    const nested = /^([^[\]]+)\[([^[\]]+)\]$/.exec(key)
    if (!nested) {
      fields[key] = value
      continue
    }
    const [, outer, inner] = nested as unknown as [string, string, string]
    const holder = fields[outer]
    const object: Fields = typeof holder === 'object' && holder !== null ? (holder as Fields) : {}
    object[inner] = value
    fields[outer] = object
  }
  return fields
}

function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase()
}

/** The body as fields, or why it cannot be read. JSON labelled text/plain, or unlabelled, is JSON (the relay's rule). */
export async function decodeWebhookBody(
  contentType: string,
  text: string
): Promise<{ ok: true; fields: Fields } | { ok: false; refusal: WebhookRefusal }> {
  if (text.trim() === '') return { ok: false, refusal: { code: 'empty', detail: 'the body is empty' } }
  const type = mediaTypeOf(contentType)
  if (type === 'application/x-www-form-urlencoded') {
    return { ok: true, fields: nestFormKeys(new URLSearchParams(text)) }
  }
  if (type === 'multipart/form-data') {
    try {
      const form = await new Response(text, { headers: { 'content-type': contentType } }).formData()
      const pairs: [string, string][] = []
      form.forEach((value, key) => pairs.push([key, typeof value === 'string' ? value : value.name]))
      return { ok: true, fields: nestFormKeys(pairs) }
    } catch (error) {
      return { ok: false, refusal: { code: 'bad-form', detail: `multipart: ${String(error)}` } }
    }
  }
  if (type === 'application/json' || type === 'text/plain' || type === '' || type.endsWith('+json')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      return { ok: false, refusal: { code: 'bad-json', detail: String(error) } }
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { ok: false, refusal: { code: 'bad-json', detail: 'the JSON is not an object' } }
    }
    return { ok: true, fields: parsed as Fields }
  }
  return { ok: false, refusal: { code: 'unsupported-type', detail: `content type ${type}` } }
}

// ── field values ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A time as the shapes give it: ISO-8601 (`2021-03-31T02:15:45Z`, nanoseconds included), unix seconds (legacy
 * integers), or milliseconds. Null when absent or unreadable: a message without a readable time is still a message.
 */
export function webhookTime(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0)
    return value < 1e11 ? value * 1000 : value
  if (typeof value !== 'string' || value.trim() === '') return null
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return webhookTime(Number(text))
  // JavaScript reads at most milliseconds: cut longer fractions (Go writes nanoseconds).
  const parsed = Date.parse(text.replace(/(\.\d{3})\d+/, '$1'))
  return Number.isNaN(parsed) ? null : parsed
}

/** The raw timestamp text, for an identity that must match the same post byte for byte. */
const rawText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''

const text = nullableText
const flag = nullableBoolean.catch(null)

const groupObject = z
  .object({
    sender: nullablePhone.catch(null),
    subject: text.catch(null),
    owner: text.catch(null)
  })
  .nullable()
  .optional()
  .catch(null)

const IncomingFields = z.object({
  id: idLike,
  phone: idLike,
  pushName: text.catch(null),
  isGroup: flag,
  group: groupObject,
  groupId: text.catch(null),
  groupSubject: text.catch(null),
  message: text.catch(null),
  messageType: text.catch(null),
  file: text.catch(null),
  image: text.catch(null),
  url: text.catch(null),
  mimeType: text.catch(null),
  deviceId: text.catch(null),
  sender: nullablePhone.catch(null),
  receiver: nullablePhone.catch(null),
  isFromMe: flag,
  timestamp: z.unknown().optional()
})

const TrackingFields = z.object({
  id: idLike,
  status: z.string().trim().min(1),
  phone: nullablePhone.catch(null),
  note: text.catch(null),
  deviceId: text.catch(null),
  timestamp: z.unknown().optional()
})

const DeviceFields = z.object({
  deviceId: idLike,
  status: z.string().trim().min(1),
  deviceName: text.catch(null),
  sender: nullablePhone.catch(null),
  note: text.catch(null),
  timestamp: z.unknown().optional()
})

function fieldProblem(error: z.ZodError): WebhookRefusal {
  const issue = error.issues[0]
  const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'the body'
  return { code: 'bad-fields', detail: `${where}: ${issue?.message ?? 'unreadable'}` }
}

function incomingFrom(fields: Fields): WebhookParse {
  const parsed = IncomingFields.safeParse(fields)
  if (!parsed.success) return { ok: false, refusal: fieldProblem(parsed.error) }
  const f = parsed.data
  // The legacy form names a group by groupId (phone is then the member who wrote); today phone is the group id.
  const legacyGroup = f.groupId !== null
  const isGroup = f.isGroup ?? legacyGroup
  const chatRaw = legacyGroup ? f.groupId! : f.phone
  const chatId = isGroup ? chatRaw.trim() : normaliseEchoedPhone(chatRaw)
  const groupMember = isGroup
    ? legacyGroup
      ? normaliseEchoedPhone(f.phone)
      : (f.group?.sender ?? null)
    : null
  // Legacy: `image` holds an image's file name and `file` a document's or a video's; no messageType.
  const messageType =
    f.messageType?.trim().toLowerCase() || (f.image ? 'image' : f.file ? 'document' : 'text')
  const file = f.image ?? f.file
  const media = file !== null || f.url !== null ? { url: f.url, file, mimeType: f.mimeType } : null
  const shape: IncomingMessageEvent['shape'] =
    f.groupId !== null || f.groupSubject !== null || f.image !== null || f.receiver !== null
      ? 'legacy'
      : f.deviceId !== null
        ? 'current'
        : f.messageType !== null || f.isGroup !== null
          ? 'intermediate'
          : 'legacy'
  const deviceSerial = f.deviceId?.trim() || null
  return {
    ok: true,
    event: {
      kind: 'incoming',
      // Scoped by device: two of our devices in one group each receive the same WhatsApp message id.
      identity: `incoming:${deviceSerial ?? ''}/${f.id}`,
      messageId: f.id,
      deviceSerial,
      devicePhone: f.sender ?? f.receiver,
      chatId,
      isGroup,
      groupSubject: isGroup ? (f.group?.subject ?? f.groupSubject) : null,
      groupMember,
      pushName: f.pushName,
      text: f.message ?? '',
      messageType,
      media,
      sentAt: webhookTime(f.timestamp),
      isFromMe: f.isFromMe ?? false,
      shape
    }
  }
}

function trackingFrom(fields: Fields): WebhookParse {
  const parsed = TrackingFields.safeParse(fields)
  if (!parsed.success) return { ok: false, refusal: fieldProblem(parsed.error) }
  const f = parsed.data
  const status = f.status.toLowerCase()
  return {
    ok: true,
    event: {
      kind: 'tracking',
      identity: `tracking:${f.id}/${status}`,
      gatewayMessageId: f.id,
      status,
      phone: f.phone,
      note: f.note,
      deviceSerial: f.deviceId?.trim() || null,
      at: webhookTime(f.timestamp)
    }
  }
}

function deviceFrom(fields: Fields): WebhookParse {
  const parsed = DeviceFields.safeParse(fields)
  if (!parsed.success) return { ok: false, refusal: fieldProblem(parsed.error) }
  const f = parsed.data
  const status = f.status.toLowerCase()
  return {
    ok: true,
    event: {
      kind: 'device',
      // The time as posted: a device that disconnects twice is two events, the same post twice is one.
      identity: `device:${f.deviceId}/${status}/${rawText(f.timestamp)}`,
      deviceSerial: f.deviceId,
      deviceName: f.deviceName,
      devicePhone: f.sender,
      status,
      connection: connectionOf(status),
      note: f.note,
      at: webhookTime(f.timestamp)
    }
  }
}

/** One webhook body of the given kind, as the relay kept it, to a typed event or a refusal. Never throws. */
export async function parseWebhook(
  kind: WebhookKind,
  contentType: string,
  body: string
): Promise<WebhookParse> {
  const decoded = await decodeWebhookBody(contentType, body)
  if (!decoded.ok) return decoded
  switch (kind) {
    case 'incoming':
      return incomingFrom(decoded.fields)
    case 'tracking':
      return trackingFrom(decoded.fields)
    case 'device':
      return deviceFrom(decoded.fields)
    default:
      return refuse('bad-fields', `unknown kind ${String(kind)}`)
  }
}
