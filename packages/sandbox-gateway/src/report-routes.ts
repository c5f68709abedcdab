// Gateway report routes: report-realtime (today only, by id, paged) and report/message (filters, paged).

import { storedStatus, wireRefId, wireStatus } from './wire-habits'
import { normalisePhone } from './phone-numbers'
import type { DeviceRecord, MessageRecord } from './records'
import { json, rawJson, requestDevice, type ApiContext, type ApiResponse, type Route } from './route-table'
import type { WorldState } from './world'
import { dayIn, formatInZone } from './local-time'

function positiveInt(raw: string | null, fallback: number, max: number): number {
  const value = Number.parseInt(raw ?? '', 10)
  return Number.isFinite(value) && value >= 1 ? Math.min(value, max) : fallback
}

function csv(raw: string | null): string[] {
  return (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
}

function newestFirst(messages: readonly MessageRecord[]): MessageRecord[] {
  return [...messages].reverse().sort((a, b) => b.acceptedAt - a.acceptedAt)
}

function page<T>(items: readonly T[], pageNumber: number, perPage: number): T[] {
  return items.slice((pageNumber - 1) * perPage, pageNumber * perPage)
}

function dates(
  message: MessageRecord,
  device: DeviceRecord | undefined
): { created_at: string; updated_at: string } {
  const zone = device?.timezone ?? 'Asia/Jakarta'
  return {
    created_at: formatInZone(message.acceptedAt, zone),
    updated_at: formatInZone(message.updatedAt, zone)
  }
}

function senderOf(world: WorldState, message: MessageRecord): DeviceRecord | undefined {
  return world.deviceBySerial(message.deviceSerial)
}

/** Stored media are served by the gateway as `{base}/{kind}/{file}`. */
function fileUrl(ctx: ApiContext, message: MessageRecord): string | null {
  if (message.url) return message.url
  return message.fileName ? `${ctx.baseUrl}/${message.kind}/${encodeURIComponent(message.fileName)}` : null
}

function reportRealtime(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  const today = dayIn(ctx.world.now(), device.timezone)
  const ids = new Set(csv(ctx.query.get('message_id')))
  const matching = newestFirst(
    ctx.world
      .allMessages()
      .filter(
        (message) =>
          message.deviceSerial === device.serial &&
          dayIn(message.acceptedAt, device.timezone) === today &&
          (ids.size === 0 || ids.has(message.id))
      )
  )
  const limit = positiveInt(ctx.query.get('limit'), 100, 1000)
  const pageNumber = positiveInt(ctx.query.get('page'), 1, Number.MAX_SAFE_INTEGER)
  const items = page(matching, pageNumber, limit).map((message) => ({
    id: message.id,
    phone: { from: device.sender, to: message.phone },
    message: message.text,
    file: fileUrl(ctx, message),
    status: wireStatus(message.status, ctx.world.tidy),
    category: message.kind,
    type: 'agent',
    ref_id: wireRefId(message.refId, ctx.world.tidy),
    note: message.note,
    date: dates(message, device)
  }))
  const head = {
    status: true,
    message: 'success, report only today',
    device_id: device.serial,
    page: pageNumber,
    totalPage: Math.ceil(matching.length / limit),
    totalData: matching.length
  }
  // The reference's sample has two `message` keys, a text and then the list; parsers keep the last one.
  return rawJson(`${JSON.stringify(head).slice(0, -1)},"message":${JSON.stringify(items)}}`)
}

/** A day (Y-m-d) is on `date` when given, and within `from`…`to` (either end open); Y-m-d text sorts as dates do. */
function inDays(day: string, date: string | null, from: string | null, to: string | null): boolean {
  return (date === null || day === date) && (from === null || day >= from) && (to === null || day <= to)
}

function reportMessages(ctx: ApiContext): ApiResponse {
  const device = requestDevice(ctx)
  const q = ctx.query
  const deviceFilter = q.get('device')?.trim() || device.serial
  const phoneFilter = q.get('phone')?.trim()
  const phone = phoneFilter ? (normalisePhone(phoneFilter) ?? phoneFilter) : null
  const refId = q.get('ref_id')?.trim() || null
  const statusWord = q.get('status')?.trim().toLowerCase() || null
  const status = statusWord === null ? null : storedStatus(statusWord)
  const date = q.get('date')?.trim() || null
  // The legacy `report?from=&to=` takes a range of days (Y-m-d, both included) and `limit` for `perPage`.
  const from = q.get('from')?.trim() || null
  const to = q.get('to')?.trim() || null
  const ids = new Set(csv(q.get('message_id')))
  const text = q.get('text')?.trim().toLowerCase() || null
  const type = q.get('type')?.trim().toLowerCase() || null
  const matching = newestFirst(
    ctx.world.allMessages().filter((message) => {
      const sender = senderOf(ctx.world, message)
      return (
        (deviceFilter === 'all' || message.deviceSerial === deviceFilter) &&
        (phone === null || message.phone === phone) &&
        (refId === null || message.refId === refId) &&
        (status === null || message.status === status) &&
        inDays(dayIn(message.acceptedAt, sender?.timezone ?? device.timezone), date, from, to) &&
        (ids.size === 0 || ids.has(message.id)) &&
        (text === null || (message.text ?? '').toLowerCase().includes(text)) &&
        (type === null || message.kind === type)
      )
    })
  )
  const perPage = positiveInt(q.get('perPage') ?? q.get('limit'), 10, 1000)
  const pageNumber = positiveInt(q.get('page'), 1, Number.MAX_SAFE_INTEGER)
  return json({
    status: true,
    totalData: matching.length,
    perPage,
    page: pageNumber,
    totalPage: Math.ceil(matching.length / perPage),
    message: page(matching, pageNumber, perPage).map((message) => {
      const sender = senderOf(ctx.world, message)
      return {
        id: message.id,
        phone: { from: sender?.sender ?? null, to: message.phone },
        category: message.kind,
        text: message.text,
        URL_file: fileUrl(ctx, message),
        status: wireStatus(message.status, ctx.world.tidy),
        type: 'agent',
        ref_id: wireRefId(message.refId, ctx.world.tidy),
        note: message.note,
        date: dates(message, sender)
      }
    })
  })
}

export const reportRoutes: Route[] = [
  { methods: ['GET'], path: '/api/report-realtime', handler: reportRealtime },
  { methods: ['GET'], path: '/api/report/message', handler: reportMessages },
  // The legacy report (the reference, §4.9: `from`, `to`, `limit`; its answer's shape was not recovered, so it
  // answers as report/message does).
  { methods: ['GET'], path: '/api/report', handler: reportMessages }
]
