// Gateway schedule routes: v1 (flat responses with "phones list") and v2 (JSON `{data:[…]}`), fired by the world's clock.

import { checkFileType, checkTextLength, fileNameFromUrl, isMediaKind } from './media-rules'
import type { DeviceRecord, ScheduleCategory, ScheduleRecord } from './records'
import { GATEWAY_MESSAGES, GatewayRejection } from './rejections'
import { RequestFields } from './request-fields'
import { json, requestDevice, type ApiContext, type ApiResponse, type Route } from './route-table'
import { recipientsOf } from './send-routes'
import type { ScheduleDraft } from './world'
import { formatInZone, isValidTimeZone, parseInZone } from './local-time'

const MAX_V2_ITEMS = 100
/** A schedule a little in the past (clock skew, a slow request) is sent at once rather than refused. */
const PAST_TOLERANCE_MS = 60_000

function dueAtOf(local: string, timezone: string, now: number, prefix = ''): number {
  const dueAt = parseInZone(local, timezone)
  if (dueAt === null) throw new GatewayRejection(`${prefix}date or time format invalid, use Y-m-d H:i:s`)
  if (dueAt < now - PAST_TOLERANCE_MS)
    throw new GatewayRejection(`${prefix}schedule time must be later than now`)
  return dueAt
}

function checkQuota(device: DeviceRecord, count: number): void {
  if (device.quota !== 'unlimited' && device.quota < count)
    throw new GatewayRejection(GATEWAY_MESSAGES.quotaExhausted)
}

interface V1Input {
  raw: string[]
  drafts: ScheduleDraft[]
}

/** v1 form: phone (CSV), message, date, time, timezone (legacy accounts omit it: the device's zone). */
function v1Input(
  fields: RequestFields,
  device: DeviceRecord,
  now: number,
  fallback?: ScheduleRecord
): V1Input {
  const hasPhone = Boolean(fields.text('phone')?.trim() || fields.text('groupId')?.trim())
  const recipients = hasPhone || !fallback ? recipientsOf(fields) : null
  const message = fields.text('message') ?? fallback?.text
  if (!message?.trim()) throw new GatewayRejection('message is required')
  checkTextLength('message', message)
  const timezone = fields.text('timezone')?.trim() || fallback?.timezone || device.timezone
  if (!isValidTimeZone(timezone)) throw new GatewayRejection(`timezone ${timezone} invalid`)
  const date = fields.text('date')?.trim() || fallback?.scheduleAt.slice(0, 10)
  const time = fields.text('time')?.trim() || fallback?.scheduleAt.slice(11)
  if (!date) throw new GatewayRejection('date is required')
  if (!time) throw new GatewayRejection('time is required')
  const dueAt = dueAtOf(`${date} ${time}`, timezone, now)
  const scheduleAt = formatInZone(dueAt, timezone)
  const targets = recipients
    ? recipients.phones.map((phone, i) => ({
        phone,
        rawPhone: recipients.raw[i] ?? phone,
        isGroup: recipients.isGroup
      }))
    : [
        {
          phone: fallback?.phone ?? '',
          rawPhone: fallback?.rawPhone ?? '',
          isGroup: fallback?.isGroup ?? false
        }
      ]
  return {
    raw: targets.map((target) => target.rawPhone),
    drafts: targets.map((target) => ({
      version: 'v1',
      category: 'text',
      rawPhone: target.rawPhone,
      phone: target.phone,
      isGroup: target.isGroup,
      text: message,
      url: null,
      timezone,
      scheduleAt,
      dueAt
    }))
  }
}

async function createV1(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const input = v1Input(await ctx.fields(), device, ctx.world.now())
  checkQuota(device, input.drafts.length)
  const schedules = ctx.world.addSchedules(device, input.drafts)
  return json({
    status: true,
    category: 'text',
    message: 'Scheduled Messages is succesfully saved and waiting to be processed',
    'phones list': input.raw,
    messages: schedules.map((schedule) => ({
      id: schedule.id,
      phone: schedule.phone,
      message: schedule.text,
      status: true,
      timezone: schedule.timezone,
      schedule_at: schedule.scheduleAt
    }))
  })
}

async function updateV1(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const id = ctx.params.id ?? ''
  const current = ctx.world.scheduleOf(device, id)
  if (!current) throw new GatewayRejection('schedule not found')
  // Fields left out keep their stored values.
  const input = v1Input(await ctx.fields(), device, ctx.world.now(), current)
  const [draft] = input.drafts
  if (!draft) throw new GatewayRejection('phone is required')
  const schedule = ctx.world.updateSchedule(device, id, draft)
  return json({
    status: true,
    id: schedule.id,
    category: schedule.category,
    message: 'Scheduled Messages is succesfully updated',
    timezone: schedule.timezone,
    schedule_at: schedule.scheduleAt,
    device: { serial: device.serial, name: device.name },
    'phones list': input.raw.slice(0, 1),
    messages: schedule.text
  })
}

function cancelV1(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  ctx.world.cancelSchedule(device, ctx.params.id ?? '')
  return json({ status: true, message: 'schedule canceled successfully' })
}

function deleteV1(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  // 400, not 404: clients read a 404 as a missing endpoint.
  if (ctx.world.deleteSchedules(device, [ctx.params.id ?? '']) === 0)
    throw new GatewayRejection('schedule not found')
  return json({ status: true, message: 'schedule deleted successfully' })
}

const V2_CATEGORIES: readonly ScheduleCategory[] = ['text', 'image', 'video', 'document', 'audio']

/** v2 items: `{category, phone, scheduled_at (device's zone), text, url?}`. */
function v2Drafts(fields: RequestFields, device: DeviceRecord, now: number): ScheduleDraft[] {
  const data = fields.value('data')
  if (!Array.isArray(data) || data.length === 0) throw new GatewayRejection('data is required')
  if (data.length > MAX_V2_ITEMS) throw new GatewayRejection(`maximum ${MAX_V2_ITEMS} schedules per request`)
  return data.flatMap((item: unknown, index): ScheduleDraft[] => {
    const prefix = `data[${index}]: `
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new GatewayRejection(`${prefix}item must be an object`)
    }
    const itemFields = new RequestFields(item as Record<string, unknown>)
    const category = (itemFields.text('category')?.trim().toLowerCase() || 'text') as ScheduleCategory
    if (!V2_CATEGORIES.includes(category))
      throw new GatewayRejection(`${prefix}category ${category} not supported`)
    const recipients = recipientsOf(itemFields, prefix)
    const text = itemFields.text('text') ?? ''
    if (category === 'text' && !text.trim()) throw new GatewayRejection(`${prefix}text is required`)
    checkTextLength(category === 'text' ? 'message' : 'caption', text)
    let url: string | null = null
    if (isMediaKind(category)) {
      url = itemFields.text('url')?.trim() || null
      if (!url) throw new GatewayRejection(`${prefix}url is required for ${category}`)
      checkFileType(category, fileNameFromUrl(url), 'url')
    }
    const scheduledAt = itemFields.text('scheduled_at')?.trim()
    if (!scheduledAt) throw new GatewayRejection(`${prefix}scheduled_at is required`)
    const dueAt = dueAtOf(scheduledAt, device.timezone, now, prefix)
    return recipients.phones.map((phone, i) => ({
      version: 'v2',
      category,
      rawPhone: recipients.raw[i] ?? phone,
      phone,
      isGroup: recipients.isGroup,
      text,
      url,
      timezone: device.timezone,
      scheduleAt: formatInZone(dueAt, device.timezone),
      dueAt
    }))
  })
}

async function createV2(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const drafts = v2Drafts(await ctx.fields(), device, ctx.world.now())
  checkQuota(device, drafts.length)
  const schedules = ctx.world.addSchedules(device, drafts)
  return json({
    status: true,
    message: GATEWAY_MESSAGES.messagePending,
    data: {
      messages: schedules.map((schedule) => ({
        id: schedule.id,
        phone: schedule.phone,
        messages: schedule.text,
        file: schedule.url,
        timezone: schedule.timezone,
        schedule_at: schedule.scheduleAt
      }))
    }
  })
}

async function updateV2(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const [draft] = v2Drafts(await ctx.fields(), device, ctx.world.now())
  if (!draft) throw new GatewayRejection('data is required')
  const schedule = ctx.world.updateSchedule(device, ctx.params.id ?? '', draft)
  return json({
    status: true,
    id: schedule.id,
    category: schedule.category,
    message: 'Scheduled Messages is succesfully Updated',
    timezone: schedule.timezone,
    schedule_at: schedule.scheduleAt,
    phone: schedule.phone,
    messages: schedule.text,
    file: schedule.url
  })
}

/** `?id=a,b`, or `id` in the body (yii2), or the path. */
async function deleteV2(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const fields = await ctx.fields()
  const value = ctx.params.id ?? fields.value('id')
  const ids = (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [])
    .map((id) => id.trim())
    .filter(Boolean)
  if (ids.length === 0) throw new GatewayRejection('id is required')
  if (ctx.world.deleteSchedules(device, ids) === 0) throw new GatewayRejection('schedule not found')
  return json({ status: true, message: 'schedules deleted successfully' })
}

export const scheduleRoutes: Route[] = [
  { methods: ['POST'], path: '/api/schedule', handler: createV1 },
  { methods: ['PUT', 'POST'], path: '/api/schedule/:id', handler: updateV1 },
  { methods: ['DELETE'], path: '/api/schedule/:id', handler: deleteV1 },
  { methods: ['PUT', 'POST'], path: '/api/schedule-cancel/:id', handler: cancelV1 },
  { methods: ['POST'], path: '/api/v2/schedule', handler: createV2 },
  // Third-party clients call it so (the reference, §4.7); the same request as v2/schedule.
  { methods: ['POST'], path: '/api/v2/send-schedule', handler: createV2 },
  { methods: ['PUT'], path: '/api/v2/schedule/:id', handler: updateV2 },
  { methods: ['DELETE'], path: '/api/v2/schedule/:id', handler: deleteV2 },
  { methods: ['DELETE'], path: '/api/v2/delete-schedule', handler: deleteV2 },
  { methods: ['DELETE'], path: '/api/delete-schedule', handler: deleteV2 }
]
