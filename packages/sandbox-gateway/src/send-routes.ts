// Gateway send routes: text (POST, simple GET, v2 bulk), media by URL and the four *-from-local uploads.

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

function requiredText(fields: RequestFields, name: 'message', prefix = ''): string {
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

function pending(device: DeviceRecord, messages: MessageRecord[], tidy: boolean): ApiResponse {
  return json({
    status: true,
    message: GATEWAY_MESSAGES.messagePending,
    data: {
      device_id: device.serial,
      quota: device.quota,
      messages: messages.map((message) => responseItem(message, tidy))
    }
  })
}

/** A `data.messages[]` item: text items carry `message`, media items `caption` and the stored file name. */
function responseItem(message: MessageRecord, tidy: boolean): Record<string, unknown> {
  const phone = wirePhone(message.phone, message.isGroup, tidy)
  const refId = wireRefId(message.refId, tidy)
  if (message.kind === 'text') {
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
  return pending(device, ctx.world.accept(device, drafts, ctx.path), ctx.world.tidy)
}

async function sendBulk(ctx: ApiContext): Promise<ApiResponse> {
  const device = sendingDevice(ctx)
  const fields = await ctx.fields()
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
  const drafts = data.flatMap((item: unknown, index): MessageDraft[] => {
    const prefix = `data[${index}]: `
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new GatewayRejection(`${prefix}item must be an object`)
    }
    const itemFields = new RequestFields(item as Record<string, unknown>)
    const recipients = recipientsOf(itemFields, prefix)
    const message = requiredText(itemFields, 'message', prefix)
    const refId = refIdOf(itemFields)
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
  })
  return pending(device, ctx.world.accept(device, drafts, ctx.path), ctx.world.tidy)
}

function sendMediaUrl(kind: MediaKind) {
  return async (ctx: ApiContext): Promise<ApiResponse> => {
    const device = sendingDevice(ctx)
    const fields = await ctx.fields()
    const recipients = recipientsOf(fields)
    const url = fields.text(kind)?.trim()
    if (!url) throw new GatewayRejection(`${kind} is required`)
    const fileName = fileNameFromUrl(url)
    checkFileType(kind, fileName, 'url')
    const caption = optionalCaption(fields)
    const refId = refIdOf(fields)
    const drafts = recipients.phones.map((phone): MessageDraft => ({
      phone,
      isGroup: recipients.isGroup,
      kind,
      text: caption,
      fileName,
      url,
      fileBytes: null,
      refId
    }))
    return pending(device, ctx.world.accept(device, drafts, ctx.path), ctx.world.tidy)
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
    return pending(device, ctx.world.accept(device, drafts, ctx.path), ctx.world.tidy)
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
  }))
]
