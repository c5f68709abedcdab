// Message management routes: resend, cancel (one, several, all pending), revoke, media delete, upload, and the
// legacy remove-pending-message.

import { checkFileSize, checkFileType, isMediaKind } from './media-rules'
import type { MessageRecord } from './records'
import { GatewayRejection } from './rejections'
import { json, requestDevice, type ApiContext, type ApiResponse, type Route } from './route-table'
import { wirePhone, wireRefId, wireStatus } from './wire-habits'

/** `id=a,b` from the query or the body, or the path form `/{id}` (yii2). */
async function idsOf(ctx: ApiContext): Promise<string[]> {
  const raw = ctx.params.id ?? (await ctx.fields()).text('id') ?? ''
  const ids = raw
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
  if (ids.length === 0) throw new GatewayRejection('id is required')
  return ids
}

function item(ctx: ApiContext, message: MessageRecord): Record<string, unknown> {
  return {
    id: message.id,
    phone: wirePhone(message.phone, message.isGroup, ctx.world.tidy),
    message: message.text,
    status: wireStatus(message.status, ctx.world.tidy),
    ref_id: wireRefId(message.refId, ctx.world.tidy)
  }
}

/**
 * For each id, in the order asked: the changed message's item, or the refusal item, which names no id as the reference
 * documents it (`{message, status:false}`: a reader tells whose it is by its place); tidy mode adds the id.
 */
function perId(
  ctx: ApiContext,
  ids: readonly string[],
  change: (message: MessageRecord) => boolean,
  refusal: string
): Record<string, unknown>[] {
  const device = requestDevice(ctx)
  return ids.map((id) => {
    const message = ctx.world.messageOf(device, id)
    if (message && change(message)) return item(ctx, message)
    return ctx.world.tidy ? { id, message: refusal, status: false } : { message: refusal, status: false }
  })
}

async function resend(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const messages = perId(
    ctx,
    await idsOf(ctx),
    (m) => ctx.world.resend(m),
    'Id Invalid or message can not be resent'
  )
  return json({
    status: true,
    message: 'Resend Message is pending and waiting to be processed',
    data: { device_id: device.serial, quota: device.quota, messages }
  })
}

async function cancel(ctx: ApiContext): Promise<ApiResponse> {
  const messages = perId(
    ctx,
    await idsOf(ctx),
    (m) => ctx.world.cancel(m),
    'Id Invalid or message is not pending anymore'
  )
  return json({
    status: true,
    message: 'Message is canceled and waiting to be processed',
    data: { messages }
  })
}

function cancelAll(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  const pending = ctx.world
    .allMessages()
    .filter((m) => m.deviceSerial === device.serial && m.status === 'pending')
  for (const message of pending) ctx.world.cancel(message)
  return json({
    status: true,
    message: `Cancel ${pending.length} pending messages`,
    data: { messages: pending.map((message) => ({ id: message.id })) }
  })
}

async function revoke(ctx: ApiContext): Promise<ApiResponse> {
  const messages = perId(
    ctx,
    await idsOf(ctx),
    (m) => ctx.world.revoke(m),
    'Id Invalid or message is not sent yet'
  )
  return json({
    status: true,
    message: 'Message is being deleted and waiting to be processed',
    data: { messages }
  })
}

function deleteMedia(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  const message = ctx.world.messageOf(device, ctx.params.id ?? '')
  if (!message) throw new GatewayRejection('message not found', 404)
  const kind = message.kind
  if (!ctx.world.removeMedia(message)) throw new GatewayRejection('message has no media file')
  return json({ status: true, message: `${kind} file succesfully removed` })
}

/** upload/{kind}: a multipart `file` part (or base64 `file`), stored; answers its URL both documented ways. */
async function upload(ctx: ApiContext): Promise<ApiResponse> {
  requestDevice(ctx)
  const kind = ctx.params.kind ?? ''
  if (!isMediaKind(kind)) throw new GatewayRejection('type invalid, use image, video, audio or document')
  const fields = await ctx.fields()
  const part = fields.file('file')
  const name = part?.filename?.trim() || fields.text('filename')?.trim()
  const bytes = part?.bytes ?? (fields.text('file') ? Buffer.from(fields.text('file') ?? '', 'base64') : null)
  if (!bytes || !name) throw new GatewayRejection('file is required')
  checkFileType(kind, name, 'local')
  checkFileSize(bytes.length)
  const stored = `${ctx.world.now().toString(36)}-${ctx.world.newId().slice(0, 8)}-${name.replace(/[^\w.-]+/g, '_')}`
  const url = `${ctx.baseUrl}/${kind}/${encodeURIComponent(stored)}`
  // `data.messages[0].url` as the docs show it, and `data.url` as the official package reads it.
  return json({ status: true, message: 'Upload file successfully', data: { url, messages: [{ url }] } })
}

/** Legacy: cancels the pending messages accepted between two dates (`Y-m-d`, the device's day). */
async function removePending(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const fields = await ctx.fields()
  const from = Date.parse(`${fields.text('start_date') ?? ''}T00:00:00Z`)
  const to = Date.parse(`${fields.text('end_date') ?? ''}T23:59:59Z`)
  if (Number.isNaN(from) || Number.isNaN(to))
    throw new GatewayRejection('start_date and end_date must be Y-m-d')
  const pending = ctx.world
    .allMessages()
    .filter((m) => m.deviceSerial === device.serial && m.status === 'pending')
    .filter((m) => m.acceptedAt >= from && m.acceptedAt <= to)
  for (const message of pending) ctx.world.cancel(message)
  return json({ status: true, message: `${pending.length} pending messages removed` })
}

const GET_OR_POST = ['GET', 'POST'] as const

export const messageRoutes: Route[] = [
  { methods: GET_OR_POST, path: '/api/resend-message', handler: resend },
  { methods: GET_OR_POST, path: '/api/resend-message/:id', handler: resend },
  { methods: GET_OR_POST, path: '/api/cancel-message', handler: cancel },
  { methods: GET_OR_POST, path: '/api/cancel-message/:id', handler: cancel },
  { methods: GET_OR_POST, path: '/api/cancel-all-message', handler: cancelAll },
  { methods: GET_OR_POST, path: '/api/revoke-message', handler: revoke },
  { methods: GET_OR_POST, path: '/api/revoke-message/:id', handler: revoke },
  // The reference's sample uses a custom verb DEL.
  { methods: ['DELETE', 'DEL', 'POST'], path: '/api/v2/media/delete/:id', handler: deleteMedia },
  { methods: ['POST'], path: '/api/upload/:kind', handler: upload },
  { methods: ['POST'], path: '/api/remove-pending-message', handler: removePending }
]
