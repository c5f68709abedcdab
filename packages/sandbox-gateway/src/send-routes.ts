// Gateway send routes: text (POST, simple GET, v2 bulk), media by URL (v1 and v2), the four *-from-local uploads,
// v2 rich messages (link, list, location, button, template), legacy group sends and `random: true` across an account.

import { wirePhone, wireRefId } from './wire-habits'
import {
  MAX_CUSTOM_FILENAME_CHARS,
  checkFileSize,
  checkFileType,
  checkTextLength,
  extensionOf,
  fileNameFromUrl,
  type MediaKind
} from './media-rules'
import { isGroupId, normalisePhone, splitRecipients } from './phone-numbers'
import type { DeviceRecord, MessageRecord } from './records'
import { GATEWAY_MESSAGES, GatewayRejection } from './rejections'
import { RequestFields } from './request-fields'
import { json, requestDevice, type ApiContext, type ApiResponse, type Route } from './route-table'
import type { MessageDraft } from './world'

const MAX_BULK_ITEMS = 100
const MEDIA_KINDS: readonly MediaKind[] = ['image', 'document', 'video', 'audio']

/** The authenticated device, refused when it cannot take messages. Offline devices queue them. */
export function sendingDevice(ctx: ApiContext): DeviceRecord {
  const device = requestDevice(ctx)
  if (device.state === 'needs-scan' || device.state === 'qr-shown') {
    throw new GatewayRejection(GATEWAY_MESSAGES.notConnected)
  }
  if (device.state === 'awaiting-activation') throw new GatewayRejection(GATEWAY_MESSAGES.notActivated)
  return device
}

export interface Recipients {
  raw: string[]
  phones: string[]
  isGroup: boolean
}

/** `phone` as CSV, normalised to 62… (group ids with isGroup untouched); legacy `groupId` means a group. */
export function recipientsOf(fields: RequestFields, prefix = ''): Recipients {
  const groupId = fields.text('groupId')?.trim()
  const isGroup = fields.flag('isGroup') || Boolean(groupId)
  const rawText = groupId || fields.text('phone')
  if (!rawText?.trim()) throw new GatewayRejection(`${prefix}phone is required`)
  const raw = splitRecipients(rawText)
  const phones = raw.map((entry) => {
    const phone = isGroup ? (isGroupId(entry) ? entry : null) : normalisePhone(entry)
    if (!phone)
      throw new GatewayRejection(`${prefix}${isGroup ? 'group id' : 'phone number'} ${entry} invalid`)
    return phone
  })
  return { raw, phones, isGroup }
}

function refIdOf(fields: RequestFields): string | null {
  return fields.text('ref_id')?.trim() || null
}

export function requiredText(fields: RequestFields, name: 'message', prefix = ''): string {
  const text = fields.text(name)
  if (text === undefined || text.trim() === '') throw new GatewayRejection(`${prefix}${name} is required`)
  checkTextLength(name, text)
  return text
}

function optionalCaption(fields: RequestFields): string | null {
  const caption = fields.text('caption')
  if (caption === undefined || caption === '') return null
  checkTextLength('caption', caption)
  return caption
}

/** The send answer: `{status: true, message, data: {device_id, quota, messages}}`. */
export function pending(
  device: DeviceRecord,
  messages: MessageRecord[],
  tidy: boolean,
  message: string = GATEWAY_MESSAGES.messagePending
): ApiResponse {
  return json({ status: true, message, data: deviceAnswer(device, messages, tidy) })
}

function deviceAnswer(
  device: DeviceRecord,
  messages: MessageRecord[],
  tidy: boolean
): Record<string, unknown> {
  return {
    device_id: device.serial,
    quota: device.quota,
    messages: messages.map((message) => responseItem(message, tidy))
  }
}

/** `random: true` (or the legacy `type=random`) asks for a random connected device of the account. */
function wantsRandom(fields: RequestFields): boolean {
  return fields.flag('random') || fields.text('type')?.trim().toLowerCase() === 'random'
}

/**
 * Accepts the drafts on the device, or with `random` on connected devices of its account picked at random per
 * recipient; then `data` is the documented array of `{device_id, quota, messages}`.
 */
function acceptAndAnswer(
  ctx: ApiContext,
  device: DeviceRecord,
  drafts: MessageDraft[],
  random: boolean,
  message: string = GATEWAY_MESSAGES.messagePending
): ApiResponse {
  const tidy = ctx.world.tidy
  if (!random) return pending(device, ctx.world.accept(device, drafts, ctx.path), tidy, message)
  const connected = ctx.world.accountDevices(device).filter((candidate) => candidate.state === 'connected')
  const pool = connected.length > 0 ? connected : [device]
  const byDevice = new Map<DeviceRecord, MessageDraft[]>()
  for (const draft of drafts) {
    const picked = pool[ctx.world.randomInt(pool.length)] ?? device
    byDevice.set(picked, [...(byDevice.get(picked) ?? []), draft])
  }
  const answers = [...byDevice].map(([picked, mine]) =>
    deviceAnswer(picked, ctx.world.accept(picked, mine, ctx.path), tidy)
  )
  return json({ status: true, message: 'Messages processed successfully', data: answers })
}

/** A `data.messages[]` item: text items carry `message`, media items `caption` and the stored file name. */
function responseItem(message: MessageRecord, tidy: boolean): Record<string, unknown> {
  const phone = wirePhone(message.phone, message.isGroup, tidy)
  const refId = wireRefId(message.refId, tidy)
  if (message.kind === 'text' || message.category) {
    return { id: message.id, phone, message: message.text, status: message.status, ref_id: refId }
  }
  return {
    id: message.id,
    phone,
    message: null,
    caption: message.kind === 'audio' ? 'audio' : message.text,
    [message.kind]: message.fileName,
    status: message.status,
    ref_id: refId
  }
}

async function sendText(ctx: ApiContext): Promise<ApiResponse> {
  const device = sendingDevice(ctx)
  const fields = await ctx.fields()
  const recipients = recipientsOf(fields)
  const message = requiredText(fields, 'message')
  const refId = refIdOf(fields)
  const drafts = recipients.phones.map((phone): MessageDraft => ({
    phone,
    isGroup: recipients.isGroup,
    kind: 'text',
    text: message,
    fileName: null,
    url: null,
    fileBytes: null,
    refId
  }))
  return acceptAndAnswer(ctx, device, drafts, wantsRandom(fields))
}

/** The `data` array of a v2 request (JSON, or a JSON string in a form), at most 100 items, each an object. */
function bulkItems(fields: RequestFields): RequestFields[] {
  let data = fields.value('data')
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data)
    } catch {
      throw new GatewayRejection('data must be a JSON array')
    }
  }
  if (!Array.isArray(data) || data.length === 0) throw new GatewayRejection('data is required')
  if (data.length > MAX_BULK_ITEMS) {
    throw new GatewayRejection(`maximum ${MAX_BULK_ITEMS} messages per request, got ${data.length}`)
  }
  return data.map((item: unknown, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new GatewayRejection(`data[${index}]: item must be an object`)
    }
    return new RequestFields(item as Record<string, unknown>)
  })
}

/** A v2 bulk route: each item becomes drafts; `random` on the request or any item spreads them over the account. */
function bulkRoute(draftsOf: (item: RequestFields, prefix: string) => MessageDraft[], message?: string) {
  return async (ctx: ApiContext): Promise<ApiResponse> => {
    const device = sendingDevice(ctx)
    const fields = await ctx.fields()
    const items = bulkItems(fields)
    const drafts = items.flatMap((item, index) => draftsOf(item, `data[${index}]: `))
    const random = wantsRandom(fields) || items.some(wantsRandom)
    return acceptAndAnswer(ctx, device, drafts, random, message)
  }
}

function textDrafts(item: RequestFields, prefix: string): MessageDraft[] {
  const recipients = recipientsOf(item, prefix)
  const message = requiredText(item, 'message', prefix)
  const refId = refIdOf(item)
  return recipients.phones.map((phone) => ({
    phone,
    isGroup: recipients.isGroup,
    kind: 'text',
    text: message,
    fileName: null,
    url: null,
    fileBytes: null,
    refId
  }))
}

const sendBulk = bulkRoute(textDrafts)

/** A media-by-URL request (v1 fields, or one v2 item) as drafts. */
function mediaDrafts(kind: MediaKind, item: RequestFields, prefix = ''): MessageDraft[] {
  const recipients = recipientsOf(item, prefix)
  const url = item.text(kind)?.trim()
  if (!url) throw new GatewayRejection(`${prefix}${kind} is required`)
  const fileName = fileNameFromUrl(url)
  checkFileType(kind, fileName, 'url')
  const caption = optionalCaption(item)
  const refId = refIdOf(item)
  return recipients.phones.map((phone) => ({
    phone,
    isGroup: recipients.isGroup,
    kind,
    text: caption,
    fileName,
    url,
    fileBytes: null,
    refId
  }))
}

type RichCategory = NonNullable<MessageDraft['category']>

const objectOf = (value: unknown): Record<string, unknown> | null => {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return null
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''
const isCoordinate = (value: unknown, limit: number): boolean =>
  value !== '' && value !== null && Number.isFinite(Number(value)) && Math.abs(Number(value)) <= limit

/** What each rich message needs in its `message` object (the reference's shapes). */
const RICH_RULES: Record<RichCategory, (message: Record<string, unknown>) => string | null> = {
  link: (m) =>
    isText(m.link) && /^https?:\/\//i.test(m.link) ? null : 'message.link must be an http(s) URL',
  list: (m) =>
    isText(m.title) && isText(m.buttonText) && Array.isArray(m.lists) && m.lists.length > 0
      ? null
      : 'message needs title, buttonText and a non-empty lists',
  location: (m) =>
    isCoordinate(m.latitude, 90) && isCoordinate(m.longitude, 180)
      ? null
      : 'message.latitude and longitude invalid',
  button: (m) =>
    isText(m.content) && Array.isArray(m.buttons) && m.buttons.length > 0 && m.buttons.length <= 3
      ? null
      : 'message needs content and 1 to 3 buttons',
  template: (m) => (isText(m.content) ? null : 'message.content is required')
}

function richDrafts(category: RichCategory) {
  return (item: RequestFields, prefix: string): MessageDraft[] => {
    const recipients = recipientsOf(item, prefix)
    const message = objectOf(item.value('message'))
    if (!message) throw new GatewayRejection(`${prefix}message must be an object`)
    const problem = RICH_RULES[category](message)
    if (problem) throw new GatewayRejection(`${prefix}${problem}`)
    // Stored and echoed as a JSON string, as the reference shows send-location's and the reports' button payloads.
    const text = JSON.stringify(message)
    const refId = refIdOf(item)
    return recipients.phones.map((phone) => ({
      phone,
      isGroup: recipients.isGroup,
      kind: 'text',
      text,
      fileName: null,
      url: null,
      fileBytes: null,
      refId,
      category
    }))
  }
}

/** v2/group/*: a Wablas contact group (address book) by `group_id`, one message per member. */
function contactGroupRoute(kind: 'text' | MediaKind) {
  return async (ctx: ApiContext): Promise<ApiResponse> => {
    const device = sendingDevice(ctx)
    const items = bulkItems(await ctx.fields())
    const groupIds: string[] = []
    const drafts = items.flatMap((item, index) => {
      const prefix = `data[${index}]: `
      const groupId = item.text('group_id')?.trim()
      if (!groupId) throw new GatewayRejection(`${prefix}group_id is required`)
      const group = ctx.world.contactBook.group(device.serial, groupId)
      if (!group || group.phones.length === 0)
        throw new GatewayRejection(`${prefix}group ${groupId} not found`)
      groupIds.push(groupId)
      const perMember = new RequestFields({ ...itemValues(item, kind), phone: group.phones.join(',') })
      return kind === 'text' ? textDrafts(perMember, prefix) : mediaDrafts(kind, perMember, prefix)
    })
    return acceptAndAnswer(
      ctx,
      device,
      drafts,
      false,
      `Message to Group ${groupIds.join(', ')} is pending and waiting to be processed`
    )
  }
}

function itemValues(item: RequestFields, kind: 'text' | MediaKind): Record<string, unknown> {
  const names = ['message', 'caption', 'ref_id', kind]
  return Object.fromEntries(
    names.map((name) => [name, item.value(name)]).filter(([, value]) => value !== undefined)
  )
}

function sendMediaUrl(kind: MediaKind) {
  return async (ctx: ApiContext): Promise<ApiResponse> => {
    const device = sendingDevice(ctx)
    const fields = await ctx.fields()
    return acceptAndAnswer(ctx, device, mediaDrafts(kind, fields), wantsRandom(fields))
  }
}

function decodeBase64(text: string): Buffer {
  // Accept a data: URL prefix, line breaks and the URL-safe alphabet.
  const body = text.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '')
  if (body === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body)) {
    throw new GatewayRejection('file must be the base64 encoded file content')
  }
  return Buffer.from(body, 'base64')
}

/** The file of a *-from-local request: a multipart part, or base64 text in a form or JSON field. */
function localFileOf(
  fields: RequestFields,
  kind: MediaKind
): { bytes: Buffer; name: string; typeName: string } {
  const upload = fields.file('file') ?? fields.file(kind)
  let bytes: Buffer
  if (upload) {
    bytes = upload.bytes
  } else {
    const text = fields.text('file')
    if (!text) throw new GatewayRejection('file is required')
    bytes = decodeBase64(text)
  }
  const custom = fields.text('filename')?.trim()
  if (custom && custom.length > MAX_CUSTOM_FILENAME_CHARS) {
    throw new GatewayRejection(`filename maximum ${MAX_CUSTOM_FILENAME_CHARS} characters`)
  }
  const dataName = fields.object('data')?.name
  const candidates = [
    custom,
    fields.text('name_file')?.trim(),
    typeof dataName === 'string' ? dataName.trim() : undefined,
    upload?.filename?.trim() ?? undefined
  ].filter((name): name is string => Boolean(name))
  const name = candidates[0]
  if (!name) throw new GatewayRejection('file name is required (filename, name_file or data.name)')
  // A custom display name may have no extension; the type then comes from the original name.
  const typeName = candidates.find((candidate) => extensionOf(candidate) !== '') ?? name
  return { bytes, name, typeName }
}

function sendLocal(kind: MediaKind) {
  return async (ctx: ApiContext): Promise<ApiResponse> => {
    const device = sendingDevice(ctx)
    const fields = await ctx.fields()
    const recipients = recipientsOf(fields)
    const file = localFileOf(fields, kind)
    checkFileType(kind, file.typeName, 'local')
    checkFileSize(file.bytes.length)
    const caption = optionalCaption(fields)
    const refId = refIdOf(fields)
    const drafts = recipients.phones.map((phone): MessageDraft => ({
      phone,
      isGroup: recipients.isGroup,
      kind,
      text: caption,
      fileName: file.name,
      url: null,
      fileBytes: file.bytes.length,
      refId
    }))
    return acceptAndAnswer(ctx, device, drafts, wantsRandom(fields))
  }
}

export const sendRoutes: Route[] = [
  { methods: ['GET', 'POST'], path: '/api/send-message', handler: sendText },
  { methods: ['POST'], path: '/api/v2/send-message', handler: sendBulk },
  // The official SLiMS plugin posts the same body here.
  { methods: ['POST'], path: '/api/v2/send', handler: sendBulk },
  ...MEDIA_KINDS.map((kind): Route => ({
    methods: ['POST'],
    path: `/api/send-${kind}`,
    handler: sendMediaUrl(kind)
  })),
  ...MEDIA_KINDS.map((kind): Route => ({
    methods: ['POST'],
    path: `/api/send-${kind}-from-local`,
    handler: sendLocal(kind)
  })),
  ...MEDIA_KINDS.map((kind): Route => ({
    methods: ['POST'],
    path: `/api/v2/send-${kind}`,
    handler: bulkRoute((item, prefix) => mediaDrafts(kind, item, prefix))
  })),
  {
    methods: ['POST'],
    path: '/api/v2/send-link',
    handler: bulkRoute(
      richDrafts('link'),
      'Link Preview Message is pending and waiting to be processed, with error: 0'
    )
  },
  ...(['list', 'location', 'button', 'template'] as const).map((category): Route => ({
    methods: ['POST'],
    path: `/api/v2/send-${category}`,
    handler: bulkRoute(richDrafts(category))
  })),
  // Legacy (S6) group sends: `groupId` names the WhatsApp group.
  { methods: ['POST'], path: '/api/send-group', handler: sendText },
  { methods: ['POST'], path: '/api/send-image-group', handler: sendMediaUrl('image') },
  { methods: ['POST'], path: '/api/send-document-group', handler: sendMediaUrl('document') },
  ...(['text', ...MEDIA_KINDS] as const).map((kind): Route => ({
    methods: kind === 'text' ? ['GET', 'POST'] : ['POST'],
    path: `/api/v2/group/${kind}`,
    handler: contactGroupRoute(kind)
  }))
]
