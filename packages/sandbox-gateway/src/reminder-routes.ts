// Gateway reminder routes: recurring messages (daily, monthly, yearly, custom every N days) kept in the device's
// time zone and fired by the world's clock as messages.

import type { DeviceRecord, ReminderRecord } from './records'
import { checkTextLength } from './media-rules'
import { normalisePhone } from './phone-numbers'
import { GatewayRejection } from './rejections'
import { MAX_CUSTOM_DAY, REMINDER_PERIODES, reminderType } from './reminder-periods'
import type { RequestFields } from './request-fields'
import { json, requestDevice, type ApiContext, type ApiResponse, type Route } from './route-table'
import type { ReminderDraft } from './world'
import { formatInZone, parseInZone } from './local-time'

const MAX_TITLE_CHARS = 100

/** Create needs every field; update keeps what it leaves out. */
function draftOf(fields: RequestFields, device: DeviceRecord, current?: ReminderRecord): ReminderDraft {
  const rawPhone = fields.text('phone')?.trim()
  const phone = rawPhone ? normalisePhone(rawPhone) : (current?.phone ?? null)
  if (!phone) throw new GatewayRejection(rawPhone ? `phone number ${rawPhone} invalid` : 'phone is required')
  const message = fields.text('message') ?? current?.message
  if (message === undefined || message.trim() === '') throw new GatewayRejection('message is required')
  checkTextLength('message', message)
  const title = fields.text('title')?.trim() ?? current?.title ?? ''
  if ([...title].length > MAX_TITLE_CHARS)
    throw new GatewayRejection(`title max ${MAX_TITLE_CHARS} characters`)

  const rawStart = fields.text('start_date')?.trim()
  let startLocal = current?.startLocal
  if (rawStart) {
    const at = parseInZone(rawStart, device.timezone)
    if (at === null) throw new GatewayRejection('start_date format invalid, use Y-m-d H:i:s')
    startLocal = formatInZone(at, device.timezone)
  }
  if (!startLocal) throw new GatewayRejection('start_date is required')

  const rawPeriode = fields.text('periode')?.trim().toLowerCase()
  const periode = (rawPeriode || current?.periode) as ReminderDraft['periode'] | undefined
  if (!periode) throw new GatewayRejection('periode is required')
  if (!REMINDER_PERIODES.includes(periode))
    throw new GatewayRejection(`periode invalid, use ${REMINDER_PERIODES.join(', ')}`)
  let customDay: number | null = null
  if (periode === 'custom') {
    // The reference's table calls it custom_date.
    const raw = fields.text('custom_day') ?? fields.text('custom_date')
    const days = raw === undefined ? (current?.customDay ?? NaN) : Number(raw.trim())
    if (!Number.isInteger(days) || days < 1 || days > MAX_CUSTOM_DAY)
      throw new GatewayRejection(`custom_day must be a number from 1 to ${MAX_CUSTOM_DAY}`)
    customDay = days
  }
  return { phone, title, message, startLocal, periode, customDay }
}

function data(reminder: ReminderRecord): Record<string, unknown> {
  return {
    id: reminder.id,
    phone: reminder.phone,
    title: reminder.title,
    message: reminder.message,
    timezone: reminder.timezone,
    start_at: reminder.startLocal,
    reminder_type: reminderType(reminder.periode, reminder.customDay)
  }
}

function requireReminder(ctx: ApiContext, device: DeviceRecord): ReminderRecord {
  const id = ctx.params.id ?? ''
  const reminder = ctx.world.reminderOf(device, id)
  if (!reminder) throw new GatewayRejection(`reminder ${id} not found`)
  return reminder
}

async function create(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const reminder = ctx.world.addReminder(device, draftOf(await ctx.fields(), device))
  return json({
    status: true,
    category: 'text',
    message: 'Reminder Messages is succesfully saved and waiting to be processed',
    data: data(reminder)
  })
}

/** Update is a POST to `/api/reminder/{id}` (not PUT), as the reference documents it. */
async function update(ctx: ApiContext): Promise<ApiResponse> {
  const device = requestDevice(ctx)
  const current = requireReminder(ctx, device)
  const reminder = ctx.world.updateReminder(device, current.id, draftOf(await ctx.fields(), device, current))
  return json({ status: true, message: 'Reminder Messages is succesfully updated', data: data(reminder) })
}

function info(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  return json({
    status: true,
    message: 'successfully get reminder',
    data: data(requireReminder(ctx, device))
  })
}

function remove(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  const reminder = ctx.world.removeReminder(device, requireReminder(ctx, device).id)
  return json({ status: true, message: `Reminder ${reminder.id} is succesfully deleted` })
}

export const reminderRoutes: Route[] = [
  { methods: ['POST'], path: '/api/reminder', handler: create },
  { methods: ['GET'], path: '/api/reminder/info/:id', handler: info },
  { methods: ['POST', 'PUT'], path: '/api/reminder/:id', handler: update },
  { methods: ['DELETE'], path: '/api/reminder/:id', handler: remove }
]
