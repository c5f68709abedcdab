// Zod schemas and normalisers for every gateway answer: all documented variants in, one typed shape out, no undefined.
import { z } from 'zod'
import { GatewayError } from './errors'
import { envelopeStatus } from './http'
import { normaliseEchoedPhone } from './phone'
import type {
  AcceptedMessage,
  CancelAllResult,
  TakeBackCall,
  TakeBackOutcome,
  AutoReply,
  Reminder,
  DeviceConnection,
  DeviceInfo,
  GeneratedToken,
  Invoice,
  Quota,
  ReportItem,
  ReportPage,
  RestartResult,
  ScheduledMessage,
  ScheduleResult,
  SendResult,
  GatewayContactOutcome,
  GatewayContactPage
} from './types'

// ── primitives ──────────────────────────────────────────────────────────────────────────────────────────────

/** Ids and phones: strings, or JSON numbers that are exact integers (a bigger number has already lost digits). */
export const idLike = z
  .union([
    z.string().trim().min(1),
    z.number().int().refine(Number.isSafeInteger, 'number too large to be exact')
  ])
  .transform((value) => String(value).trim())

const phoneLike = idLike.transform(normaliseEchoedPhone)

export const nullablePhone = z
  .union([
    z.string(),
    z.number().int().refine(Number.isSafeInteger, 'number too large to be exact'),
    z.null()
  ])
  .optional()
  .transform((value) =>
    value === null || value === undefined || String(value).trim() === ''
      ? null
      : normaliseEchoedPhone(String(value))
  )

/** Free text the types call `string | null`: absent, null and blank become null; numbers become text. */
export const nullableText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) =>
    value === null || value === undefined || String(value).trim() === '' ? null : String(value)
  )

/** The envelope's own text: absent becomes ''. */
const messageText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => value ?? '')

/** Text that may also be a structured payload (location, button): kept as JSON text. */
const textOrPayload = z
  .union([
    z.string(),
    z.number(),
    z.boolean(),
    z.record(z.string(), z.unknown()),
    z.array(z.unknown()),
    z.null()
  ])
  .optional()
  .transform((value) => {
    if (value === null || value === undefined) return null
    if (typeof value === 'object') return JSON.stringify(value)
    return String(value)
  })

function toCount(value: number | string, ctx: z.RefinementCtx): number {
  const number = typeof value === 'number' ? value : Number(value.trim())
  if (value === '' || !Number.isFinite(number) || number < 0) {
    ctx.addIssue({ code: 'custom', message: 'expected a non-negative number' })
    return z.NEVER
  }
  return number
}

/** Totals and amounts: numbers or numeric strings. */
const nullableNumber = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx) => (value === null || value === undefined ? null : toCount(value, ctx)))

/** `quota`: an integer, the string "unlimited", or a numeric string. */
const nullableQuota = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx): Quota | null => {
    if (value === null || value === undefined) return null
    if (typeof value === 'string' && value.trim().toLowerCase() === 'unlimited') return 'unlimited'
    return toCount(value, ctx)
  })

/** Booleans as the gateway's PHP writes them: true,"true","1",1 / false,"false","0",0,"". */
export const nullableBoolean = z
  .union([z.boolean(), z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx): boolean | null => {
    if (value === null || value === undefined) return null
    const text = String(value).trim().toLowerCase()
    if (text === 'true' || text === '1') return true
    if (text === 'false' || text === '0' || text === '') return false
    ctx.addIssue({ code: 'custom', message: 'expected a boolean' })
    return z.NEVER
  })

const statusValue = z.union([z.string(), z.boolean(), z.null()]).optional()

function shapeError(operation: string, error: z.ZodError): GatewayError {
  // Only our own schema's keys and indexes appear here, never response values (a legacy body carries the token).
  const issue = error.issues[0]
  const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'the body'
  return new GatewayError({
    code: 'bad_response',
    message: `${operation}: unexpected response shape at ${where}${issue ? ` (${issue.message})` : ''}`,
    operation
  })
}

function parseShape<S extends z.ZodType>(schema: S, value: unknown, operation: string): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw shapeError(operation, result.error)
  return result.data
}

function badShape(operation: string, what: string): GatewayError {
  return new GatewayError({ code: 'bad_response', message: `${operation}: ${what}`, operation })
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

// ── device ──────────────────────────────────────────────────────────────────────────────────────────────────

export function connectionOf(status: string | boolean | null | undefined): DeviceConnection {
  if (typeof status === 'boolean') return status ? 'connected' : 'disconnected'
  if (typeof status !== 'string') return 'unknown'
  const text = status.trim().toLowerCase()
  if (/not[\s_-]*connected|disconnect|offline|close|logout|logged[\s_-]*out|unpaired|scan|qr/.test(text)) {
    return 'disconnected'
  }
  if (/connected|online|ready|open|authenticated/.test(text)) return 'connected'
  return 'unknown'
}

function statusTextOf(status: string | boolean | null | undefined): string | null {
  if (status === null || status === undefined) return null
  return typeof status === 'string' ? status : String(status)
}

function senderOf(value: string | null): string | null {
  return value === null ? null : normaliseEchoedPhone(value)
}

const currentInfoData = z.object({
  name: nullableText,
  serial: nullableText,
  sender: nullableText,
  quota: nullableQuota,
  expired_date: nullableText,
  active: nullableBoolean,
  status: statusValue,
  note: nullableText
})

const legacyInfoData = z.object({
  sender: nullableText,
  note: nullableText,
  whatsapp: z.object({ quota: nullableQuota, expired: nullableText, status: statusValue })
})

const CURRENT_INFO_KEYS = ['name', 'serial', 'sender', 'quota', 'expired_date', 'active', 'status'] as const

export function parseDeviceInfo(body: Record<string, unknown>, operation = 'device/info'): DeviceInfo {
  const data = body.data
  if (!isObject(data)) throw badShape(operation, 'the response has no "data" object')
  if (isObject(data.whatsapp)) {
    const legacy = parseShape(legacyInfoData, data, operation)
    return {
      name: null,
      serial: null,
      sender: senderOf(legacy.sender),
      quota: legacy.whatsapp.quota,
      expiresAt: legacy.whatsapp.expired,
      active: null,
      connection: connectionOf(legacy.whatsapp.status),
      statusText: statusTextOf(legacy.whatsapp.status),
      note: legacy.note,
      shape: 'legacy'
    }
  }
  if (!CURRENT_INFO_KEYS.some((key) => data[key] !== undefined)) {
    throw badShape(operation, '"data" holds none of the device fields')
  }
  const current = parseShape(currentInfoData, data, operation)
  return {
    name: current.name,
    serial: current.serial,
    sender: senderOf(current.sender),
    quota: current.quota,
    expiresAt: current.expired_date,
    active: current.active,
    connection: connectionOf(current.status),
    statusText: statusTextOf(current.status),
    note: current.note,
    shape: 'current'
  }
}

const messageOnly = z.object({ message: messageText })

export function parseMessageOnly(body: Record<string, unknown>, operation: string): { message: string } {
  return { message: parseShape(messageOnly, body, operation).message }
}

const restartBody = z.object({
  message: messageText,
  device_: nullableText,
  device_id: nullableText,
  data: z.object({ device_id: nullableText, deviceId: nullableText }).nullish().catch(null)
})

export function parseRestart(
  body: Record<string, unknown>,
  via: RestartResult['via'],
  operation: string
): RestartResult {
  const parsed = parseShape(restartBody, body, operation)
  const fromMessage = /restart(?:ed)?\s+device\s+(\S+)\s+success/i.exec(parsed.message)?.[1] ?? null
  const deviceId =
    parsed.device_ ?? parsed.device_id ?? parsed.data?.device_id ?? parsed.data?.deviceId ?? fromMessage
  return { via, message: parsed.message, deviceId }
}

const invoiceBody = z.object({
  message: messageText,
  data: z.object({
    device_name: nullableText,
    device: nullableText,
    product: nullableText,
    numberInvoice: nullableText,
    periode: nullableText,
    bank: z
      .object({ bankName: nullableText, account_number: nullableText, account_name: nullableText })
      .nullish()
      .transform((bank) =>
        bank
          ? { bankName: bank.bankName, accountNumber: bank.account_number, accountName: bank.account_name }
          : null
      ),
    discount: nullableNumber,
    total: nullableNumber,
    due_date: nullableText,
    // Sandbox extension: the new device's token.
    token: nullableText
  })
})

export function parseInvoice(body: Record<string, unknown>, operation = 'device/create'): Invoice {
  const { message, data } = parseShape(invoiceBody, body, operation)
  return {
    deviceName: data.device_name,
    device: data.device,
    product: data.product,
    numberInvoice: data.numberInvoice,
    periode: data.periode,
    bank: data.bank,
    discount: data.discount,
    total: data.total,
    dueDate: data.due_date,
    message,
    ...(data.token ? { token: data.token } : {})
  }
}

const generatedTokenBody = z.object({
  data: z.object({ device_name: nullableText, device_serial: nullableText, token: z.string().trim().min(1) })
})

export function parseGeneratedToken(
  body: Record<string, unknown>,
  operation = 'device/generate-token'
): GeneratedToken {
  const { data } = parseShape(generatedTokenBody, body, operation)
  return { deviceName: data.device_name, deviceSerial: data.device_serial, token: data.token }
}

// ── sends ───────────────────────────────────────────────────────────────────────────────────────────────────

const sendItem = z.object({
  id: idLike,
  phone: phoneLike,
  // Every send answers "pending"; an item without a status was still accepted (it has an id).
  status: z
    .union([z.string(), z.number(), z.boolean()])
    .optional()
    .transform((value) => (value === undefined || String(value).trim() === '' ? 'pending' : String(value))),
  ref_id: nullableText
})

const sendItems = z
  .union([z.array(sendItem), sendItem])
  .transform((items) => (Array.isArray(items) ? items : [items]))

const deviceBatch = z.object({ device_id: nullableText, quota: nullableQuota })

export interface SendParseContext {
  operation: string
  /** The ref_id we sent for a recipient, used when the gateway does not echo it. */
  refIdFor(phone: string): string | null
}

export function parseSendResult(body: Record<string, unknown>, context: SendParseContext): SendResult {
  const { operation } = context
  const message = parseShape(messageOnly, body, operation).message
  const batches = Array.isArray(body.data) ? body.data : isObject(body.data) ? [body.data] : null
  if (batches === null) throw badShape(operation, 'the response has no "data"')

  const messages: AcceptedMessage[] = []
  const devices: Array<{ deviceId: string | null; quota: Quota | null }> = []
  batches.forEach((batch, index) => {
    if (!isObject(batch)) throw badShape(operation, `data.${index} is not an object`)
    const device = parseShape(deviceBatch, batch, operation)
    // The docs name the list `messages` or `message`, as an array or a single object.
    const listed = batch.messages !== undefined ? batch.messages : batch.message
    if (listed === undefined || listed === null) throw badShape(operation, 'the response lists no messages')
    for (const item of parseShape(sendItems, listed, operation)) {
      messages.push({
        id: item.id,
        phone: item.phone,
        status: item.status,
        refId: item.ref_id ?? context.refIdFor(item.phone),
        deviceId: device.device_id
      })
    }
    devices.push({ deviceId: device.device_id, quota: device.quota })
  })
  // Accepted without a single message id: we cannot tell what happened, so the outbox must treat it as unknown.
  if (messages.length === 0)
    throw badShape(operation, 'the gateway accepted the request but returned no message ids')

  const single = devices.length === 1 || new Set(devices.map((device) => device.deviceId)).size === 1
  return {
    deviceId: single ? (devices[0]?.deviceId ?? null) : null,
    quota: single ? (devices[0]?.quota ?? null) : null,
    messages,
    message
  }
}

// ── schedules ───────────────────────────────────────────────────────────────────────────────────────────────

const scheduledItem = z.object({
  id: idLike,
  phone: phoneLike,
  schedule_at: nullableText,
  timezone: nullableText
})

const flatSchedule = z.object({
  message: messageText,
  id: idLike.optional(),
  schedule_at: nullableText,
  timezone: nullableText,
  phone: z.union([z.string(), z.number()]).nullish(),
  'phones list': z.array(z.union([z.string(), z.number()])).nullish()
})

/**
 * v1 create (flat, `messages[]`), v1 update (flat, `id`, `"phones list"`, `messages` = text),
 * v2 create (`data.messages[]`) and v2 update (flat, `id`, `phone`) into one shape.
 */
export function parseScheduleResult(body: Record<string, unknown>, operation: string): ScheduleResult {
  const flat = parseShape(flatSchedule, body, operation)
  const listed = Array.isArray(body.messages)
    ? body.messages
    : isObject(body.data) && Array.isArray(body.data.messages)
      ? body.data.messages
      : Array.isArray(body.data)
        ? body.data
        : null

  let messages: ScheduledMessage[]
  if (listed !== null) {
    messages = parseShape(z.array(scheduledItem), listed, operation).map((item) => ({
      id: item.id,
      phone: item.phone,
      scheduleAt: item.schedule_at ?? flat.schedule_at,
      timezone: item.timezone ?? flat.timezone
    }))
  } else if (flat.id !== undefined) {
    const id = flat.id
    const phones =
      flat['phones list'] ??
      (flat.phone === null || flat.phone === undefined ? [] : String(flat.phone).split(','))
    messages = phones
      .map((phone) => String(phone).trim())
      .filter((phone) => phone !== '')
      .map((phone) => ({
        id,
        phone: normaliseEchoedPhone(phone),
        scheduleAt: flat.schedule_at,
        timezone: flat.timezone
      }))
  } else {
    throw badShape(operation, 'the response has neither a schedule id nor a list of scheduled messages')
  }
  const scheduleId = flat.id ?? messages[0]?.id ?? null
  if (scheduleId === null) throw badShape(operation, 'the response names no schedule id')
  return { message: flat.message, scheduleId, messages }
}

// ── reports ─────────────────────────────────────────────────────────────────────────────────────────────────

const reportDate = z
  .object({ created_at: nullableText, updated_at: nullableText })
  .nullish()
  .transform((date) => date ?? { created_at: null, updated_at: null })

const reportItem = z.object({
  id: idLike,
  phone: z
    .union([z.object({ from: nullablePhone, to: nullablePhone }), z.string(), z.number(), z.null()])
    .optional()
    .transform((phone) => {
      if (phone === null || phone === undefined) return { from: null, to: null }
      if (typeof phone === 'object') return phone
      return { from: null, to: String(phone).trim() === '' ? null : normaliseEchoedPhone(String(phone)) }
    }),
  status: z.union([z.string().trim().min(1), z.number(), z.boolean()]).transform(String),
  note: nullableText,
  ref_id: nullableText,
  category: nullableText,
  text: textOrPayload,
  message: textOrPayload,
  date: reportDate,
  created_at: nullableText,
  updated_at: nullableText
})

const reportTotals = z.object({ page: nullableNumber, totalPage: nullableNumber, totalData: nullableNumber })

export function parseReportPage(
  body: Record<string, unknown>,
  operation: string,
  requestedPage: number | undefined
): ReportPage {
  const totals = parseShape(reportTotals, body, operation)
  // The list lives under `message`; a text `message` (the realtime sample's first key) with nothing counted means none.
  const listed = Array.isArray(body.message) ? body.message : Array.isArray(body.data) ? body.data : null
  let rawItems: unknown[]
  if (listed !== null) rawItems = listed
  else if (typeof body.message === 'string' && (totals.totalData ?? 0) === 0) rawItems = []
  else throw badShape(operation, 'the response has no list of messages')

  const items: ReportItem[] = parseShape(z.array(reportItem), rawItems, operation).map((item) => ({
    id: item.id,
    from: item.phone.from,
    to: item.phone.to,
    status: item.status,
    note: item.note,
    refId: item.ref_id,
    category: item.category,
    text: item.text ?? item.message,
    createdAt: item.date.created_at ?? item.created_at,
    updatedAt: item.date.updated_at ?? item.updated_at
  }))
  const page = totals.page ?? requestedPage ?? 1
  return {
    page,
    totalPage: totals.totalPage ?? (items.length > 0 ? page : 0),
    totalData: totals.totalData ?? items.length,
    items
  }
}

/**
 * JSON.parse keeps the last of duplicate keys. report-realtime writes `message` twice (a text, then the list);
 * should a gateway write them the other way round, this keeps the list wherever it sits.
 */
export function parseJsonKeepingListUnder(text: string, key: string): unknown {
  const value: unknown = JSON.parse(text)
  if (!isObject(value) || Array.isArray(value[key])) return value
  const marker = `${key}\u0001dup`
  let count = 0
  const pattern = new RegExp(`"${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"(\\s*):`, 'g')
  // The marker's control character is written escaped, so the JSON stays valid and no real key can collide.
  const marked = text.replace(pattern, (_match, space: string) => `"${key}\\u0001dup${count++}"${space}:`)
  if (count < 2) return value
  let reparsed: unknown
  try {
    reparsed = JSON.parse(marked)
  } catch {
    return value
  }
  const restore = (node: unknown, top: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => restore(item, false))
    if (!isObject(node)) return node
    const out: Record<string, unknown> = {}
    let chosen: { value: unknown } | undefined
    for (const [name, child] of Object.entries(node)) {
      const restored = restore(child, false)
      if (!name.startsWith(marker)) {
        out[name] = restored
        continue
      }
      // At the top prefer a list over a text; elsewhere behave like JSON.parse (the last wins).
      if (!top || chosen === undefined || !Array.isArray(chosen.value) || Array.isArray(restored)) {
        chosen = { value: restored }
      }
    }
    if (chosen !== undefined) out[key] = chosen.value
    return out
  }
  return restore(reparsed, true)
}

// ── auto-replies and reminders ──────────────────────────────────────────────────────────────────────────────

const autoReplyItem = z.object({
  id: idLike,
  device: nullableText,
  keyword: z.union([z.string(), z.number()]).transform(String),
  response: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value) => String(value ?? '')),
  category: nullableText,
  file: nullableText
})

function toAutoReply(item: z.output<typeof autoReplyItem>): AutoReply {
  return {
    id: item.id,
    device: item.device,
    keyword: item.keyword,
    response: item.response,
    category: item.category,
    file: item.file
  }
}

/** create/update: `data{id, device, keyword, response}` (an array of one when the gateway lists what it made). */
export function parseAutoReply(body: Record<string, unknown>, operation: string): AutoReply {
  const data = Array.isArray(body.data) ? body.data[0] : body.data
  if (!isObject(data)) throw badShape(operation, 'the response has no "data" object')
  return toAutoReply(parseShape(autoReplyItem, data, operation))
}

/** getData: `data[…]`; no rules may come as an empty list, null or no `data` at all. */
export function parseAutoReplyList(body: Record<string, unknown>, operation: string): AutoReply[] {
  const data = body.data
  if (data === undefined || data === null) return []
  const list = Array.isArray(data) ? data : [data]
  return parseShape(z.array(autoReplyItem), list, operation).map(toAutoReply)
}

const reminderData = z.object({
  id: idLike,
  phone: nullablePhone,
  title: nullableText,
  message: nullableText,
  timezone: nullableText,
  start_at: nullableText,
  reminder_type: nullableText
})

export function parseReminder(body: Record<string, unknown>, operation: string): Reminder {
  const message = parseShape(messageOnly, body, operation).message
  const data = Array.isArray(body.data) ? body.data[0] : body.data
  if (!isObject(data)) throw badShape(operation, 'the response has no "data" object')
  const parsed = parseShape(reminderData, data, operation)
  return {
    id: parsed.id,
    phone: parsed.phone,
    title: parsed.title,
    message: parsed.message,
    timezone: parsed.timezone,
    startAt: parsed.start_at,
    reminderType: parsed.reminder_type,
    gatewayMessage: message
  }
}

// ── message management: revoke, cancel, resend ──────────────────────────────────────────────────────────────

/** The status words that mean the action was taken, per action (the reference's word first). */
const TAKE_BACK_DONE: Record<TakeBackCall, { result: 'revoked' | 'cancelled' | 'resent'; words: RegExp }> = {
  revoke: { result: 'revoked', words: /^(revoke|revoked|delete|deleted)$/i },
  cancel: { result: 'cancelled', words: /^(cancel|canceled|cancelled)$/i },
  // A resent message is queued again: the reference's items say "pending".
  resend: { result: 'resent', words: /^(pending|queued|resend|resent)$/i }
}

/** One item of `data.messages[]`: a changed message `{id, phone, message, status}` or a refusal `{message, status:false}`. */
interface TakeBackItem {
  id: string | null
  /** `status` false as the envelope's is read (false, "false", 0, "error"…): the gateway refused this one. */
  refused: boolean
  /** `status` true as the envelope's is read (true, 1, "success"…): PHP's way of saying it was done. */
  affirmed: boolean
  /** The status as the gateway wrote it, when it wrote one and did not refuse. */
  status: string | null
  /** The refusal text of a refused item (on a changed item `message` is the message's own text, not ours to show). */
  refusal: string | null
  phone: string | null
}

function takeBackItem(value: unknown): TakeBackItem | null {
  if (!isObject(value)) return null
  const id = idLike.safeParse(value.id)
  const verdict = envelopeStatus(value.status)
  const written =
    typeof value.status === 'string' || typeof value.status === 'number' || typeof value.status === 'boolean'
      ? String(value.status).trim()
      : ''
  const text = typeof value.message === 'string' && value.message.trim() !== '' ? value.message.trim() : null
  const phone = nullablePhone.safeParse(value.phone)
  return {
    id: id.success ? id.data : null,
    refused: verdict === false,
    affirmed: verdict === true,
    status: verdict === false || written === '' ? null : written,
    refusal: verdict === false ? text : null,
    phone: phone.success ? phone.data : null
  }
}

function outcomeOf(id: string, item: TakeBackItem | undefined, action: TakeBackCall): TakeBackOutcome {
  if (item === undefined) {
    return { id, result: 'unknown', reason: 'not_listed', gatewayStatus: null, errorCode: null }
  }
  if (item.refused) return { id, result: 'refused', gatewayMessage: item.refusal }
  const done = TAKE_BACK_DONE[action]
  if (item.status !== null && (item.affirmed || done.words.test(item.status))) {
    return { id, result: done.result, gatewayStatus: item.status, phone: item.phone }
  }
  return { id, result: 'unknown', reason: 'unexpected_status', gatewayStatus: item.status, errorCode: null }
}

export interface TakeBackAnswer {
  outcomes: TakeBackOutcome[]
  message: string
  quota: Quota | null
}

/**
 * One answer of revoke-/cancel-/resend-message for the ids sent in that call. Items name their id, except the
 * reference's refusal item `{message, status:false}`, which does not: those are matched by position when the answer
 * has one item per id (the gateway answers in the order asked), else in order to the ids nothing else names; an id
 * still unmatched is `unknown`, never guessed.
 */
export function parseTakeBackAnswer(
  body: Record<string, unknown>,
  ids: readonly string[],
  action: TakeBackCall,
  operation: string
): TakeBackAnswer {
  const message = parseShape(messageOnly, body, operation).message
  const data = body.data
  // The list is `data.messages`, or `data` itself when a gateway leaves out the wrapper.
  const listed = Array.isArray(data) ? data : isObject(data) ? data.messages : undefined
  if (!Array.isArray(listed)) throw badShape(operation, 'the response lists no messages')
  const quota = isObject(data) ? nullableQuota.catch(null).parse(data.quota) : null

  const items = listed.map(takeBackItem)
  const asked = new Set(ids)
  const byId = new Map<string, TakeBackItem>()
  for (const item of items) {
    if (item !== null && item.id !== null && asked.has(item.id) && !byId.has(item.id)) byId.set(item.id, item)
  }
  // One item per id, every named one in its id's place: the nameless ones stand in the place of theirs.
  const positional =
    items.length === ids.length && items.every((item, index) => item?.id == null || item.id === ids[index])
  const nameless = items.flatMap((item, index) =>
    item !== null && item.id === null ? [{ item, index }] : []
  )
  const unnamed = ids.filter((id) => !byId.has(id))
  nameless.forEach(({ item, index }, order) => {
    const id = positional ? ids[index] : unnamed.length === nameless.length ? unnamed[order] : undefined
    if (id !== undefined) byId.set(id, item)
  })
  return { outcomes: ids.map((id) => outcomeOf(id, byId.get(id), action)), message, quota }
}

/** cancel-all-message: `message:"Cancel N pending messages"`, `data.messages[{id}]`. */
export function parseCancelAll(body: Record<string, unknown>, operation: string): CancelAllResult {
  const message = parseShape(messageOnly, body, operation).message
  const data = body.data
  const listed = Array.isArray(data) ? data : isObject(data) ? data.messages : undefined
  const counted = /\bcancel(?:ed|led)?\s+(\d+)\b/i.exec(message)?.[1]
  if (listed === undefined || listed === null) {
    // Nothing listed: only a text that counts the cancelled messages tells what happened.
    if (counted === undefined) throw badShape(operation, 'the response neither lists nor counts messages')
    return { cancelledIds: [], count: Number(counted), message }
  }
  if (!Array.isArray(listed)) throw badShape(operation, 'data.messages is not a list')
  const cancelledIds = new Set<string>()
  for (const entry of listed) {
    // `{id}` as documented; a bare id is read as well.
    const id = idLike.safeParse(isObject(entry) ? entry.id : entry)
    if (id.success) cancelledIds.add(id.data)
  }
  const count = counted === undefined ? cancelledIds.size : Number(counted)
  return { cancelledIds: [...cancelledIds], count, message }
}

const contactOutcome = z.object({
  phone: z.union([z.string(), z.number()]).transform(String),
  message: messageText,
  status: z.union([z.boolean(), z.string(), z.number()]).optional()
})

/** v2/contact (add, update): `data.messages[{phone, message, status}]`, one per contact sent. */
export function parseContactOutcomes(
  body: Record<string, unknown>,
  operation: string
): GatewayContactOutcome[] {
  parseShape(messageOnly, body, operation)
  const data = body.data
  const messages = isObject(data) ? data.messages : undefined
  if (!Array.isArray(messages)) throw badShape(operation, 'the response has no "data.messages" list')
  return parseShape(z.array(contactOutcome), messages, operation).map((item) => ({
    phone: item.phone,
    ok: item.status === true || item.status === 'true' || item.status === 1,
    message: item.message
  }))
}

const contactListItem = z.object({
  phone: z.union([z.string(), z.number()]).transform(String),
  name: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => value ?? '')
})

const contactListBody = z.object({
  totalData: z.coerce.number().int().nonnegative().catch(0),
  page: z.coerce.number().int().positive().catch(1),
  totalPage: z.coerce.number().int().nonnegative().catch(0),
  message: z.array(contactListItem)
})

/** GET v2/contact: the page's contacts under `message` (a list, where other answers keep their text). */
export function parseContactPage(body: Record<string, unknown>, operation: string): GatewayContactPage {
  const parsed = parseShape(contactListBody, body, operation)
  return {
    contacts: parsed.message.map((c) => ({ phone: c.phone, name: c.name.trim() })),
    page: parsed.page,
    totalPage: parsed.totalPage,
    totalData: parsed.totalData
  }
}
