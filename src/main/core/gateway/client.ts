// The gateway client: one method per operation of the reference, validated before sending, parsed into typed results.
import { GatewayError, isGatewayError } from './errors'
import { createHttp, type CallContext, type Http, type HttpRequest } from './http'
import {
  checkDateTime,
  checkDate,
  checkFlags,
  checkHttpUrl,
  checkWebhookUrl,
  checkId,
  checkLocalFile,
  checkPositiveInteger,
  checkText,
  checkTime,
  checkTimezone,
  extensionOf,
  inputError,
  MAX_BULK_ITEMS,
  MAX_CUSTOM_FILENAME,
  MAX_MESSAGE_IDS_PER_CALL,
  MAX_REPORT_LIMIT,
  mimeOf
} from './input-rules'
import { normaliseEchoedPhone, normalisePhone, normaliseRecipients } from './phone'
import { scanQrCode } from './qr-scan'
import {
  BILLING_PERIODS,
  checkReminderRepeat,
  DEVICE_PRODUCTS,
  isWithinTextLimit,
  MAX_EVERY_N_DAYS,
  MAX_KEYWORD_LENGTH,
  MAX_TITLE_LENGTH,
  MEDIA_KINDS,
  PAYMENT_CHANNELS,
  REMINDER_PERIODS
} from '../../../shared/domain'
import {
  base64Of,
  flagFields,
  flagJson,
  formBody,
  jsonBody,
  multipartBody,
  type FormFields
} from './request-bodies'
import {
  parseAutoReply,
  parseAutoReplyList,
  parseCancelAll,
  parseDeviceInfo,
  parseGeneratedToken,
  parseInvoice,
  parseJsonKeepingListUnder,
  parseMessageOnly,
  parseReminder,
  parseReportPage,
  parseRestart,
  parseScheduleResult,
  parseSendResult,
  parseTakeBackAnswer,
  parseContactOutcomes,
  parseContactPage
} from './responses'
import type {
  GatewayContactInput,
  GatewayContactOutcome,
  AutoReplyInput,
  BulkTextItem,
  CallOptions,
  GatewayClient,
  GatewayClientOptions,
  ReportMessageQuery,
  ReminderInput,
  ReminderUpdate,
  ReportRealtimeQuery,
  RestartResult,
  ScheduleInput,
  ScheduleV2Item,
  SendResult,
  TakeBackCall,
  TakeBackOutcome,
  TakeBackResult
} from './types'

/** Which restart endpoint works, per base URL, shared by every client in the process unless one is injected. */
const processRestartMemory = new Map<string, 'restart' | 'reconnect'>()

const BANKS = PAYMENT_CHANNELS
const PRODUCTS = DEVICE_PRODUCTS
const PERIODES = BILLING_PERIODS
const SCHEDULE_CATEGORIES: readonly ScheduleV2Item['category'][] = [
  'text',
  'image',
  'video',
  'document',
  'audio'
]
const REPORT_STATUSES: readonly NonNullable<ReportMessageQuery['status']>[] = [
  'pending',
  'cancel',
  'read',
  'sent'
]
const parseReportJson = (text: string): unknown => parseJsonKeepingListUnder(text, 'message')
const REMINDER_PERIODES = REMINDER_PERIODS

function autoReplyBody(operation: string, input: AutoReplyInput): { keyword: string; response: string } {
  if (typeof input?.keyword !== 'string' || input.keyword.trim() === '')
    throw inputError(operation, 'keyword is empty')
  if (!isWithinTextLimit(input.keyword.trim(), MAX_KEYWORD_LENGTH)) {
    throw inputError(operation, `keyword is longer than ${MAX_KEYWORD_LENGTH} characters`)
  }
  checkText(operation, 'response', input.response, true)
  return { keyword: input.keyword.trim(), response: input.response }
}

/** The reminder's form fields; `periode`/`custom_day` only on create (update keeps the period). */
function reminderFields(
  operation: string,
  input: ReminderInput | ReminderUpdate,
  create: boolean
): FormFields {
  checkText(operation, 'message', input.message, true)
  const title = input.title?.trim()
  if (title !== undefined && !isWithinTextLimit(title, MAX_TITLE_LENGTH)) {
    throw inputError(operation, `title is longer than ${MAX_TITLE_LENGTH} characters`)
  }
  const fields: FormFields = [
    ['phone', recipientsOf(input.phone, false, operation)],
    ['message', input.message],
    ['start_date', checkDateTime(operation, input.startDate)],
    ['title', title === '' ? undefined : title]
  ]
  if (!create) return fields
  const full = input as ReminderInput
  const periode = oneOf(operation, 'periode', full.periode, REMINDER_PERIODES)
  const repeat = checkReminderRepeat(periode, full.customDay)
  if (repeat === 'days_without_custom') throw inputError(operation, 'customDay goes with periode custom only')
  if (repeat) throw inputError(operation, `a custom reminder needs customDay from 1 to ${MAX_EVERY_N_DAYS}`)
  return [...fields, ['periode', periode], ['custom_day', periode === 'custom' ? full.customDay : undefined]]
}

function oneOf<T extends string>(operation: string, field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T
  throw inputError(operation, `${field} must be one of ${allowed.join(', ')}`)
}

/** A name for `filename` (≤ 60 characters on send-image-from-local), shortened before the extension if needed. */
function customFilename(name: string): string {
  const trimmed = name.trim()
  if (trimmed.length <= MAX_CUSTOM_FILENAME) return trimmed
  const extension = extensionOf(trimmed)
  const stem = trimmed.slice(0, trimmed.length - extension.length - 1)
  return `${stem.slice(0, MAX_CUSTOM_FILENAME - extension.length - 1)}.${extension}`
}

/** The gateway takes at most this many contacts a call (its documented and the sandbox's limit). */
export const MAX_CONTACTS_PER_CALL = 100

/** v2/contact's `data`: each contact's number normalised and its name present, at most 100 a call. */
function contactData(
  operation: string,
  contacts: readonly GatewayContactInput[]
): { name: string; phone: string }[] {
  if (contacts.length === 0) throw inputError(operation, 'at least one contact is needed')
  if (contacts.length > MAX_CONTACTS_PER_CALL)
    throw inputError(operation, `at most ${MAX_CONTACTS_PER_CALL} contacts a call, got ${contacts.length}`)
  return contacts.map((contact) => {
    const name = contact.name.trim()
    if (name === '') throw inputError(operation, `the contact ${contact.phone} has no name`)
    return { name, phone: recipientsOf(contact.phone, false, operation) }
  })
}

function recipientsOf(phone: string | string[], isGroup: boolean | undefined, operation: string): string {
  try {
    return normaliseRecipients(phone, isGroup === true).join(',')
  } catch (error) {
    if (isGatewayError(error)) throw inputError(operation, error.message)
    throw error
  }
}

function scheduleFields(operation: string, input: ScheduleInput): FormFields {
  checkText(operation, 'message', input.message, true)
  return [
    ['phone', recipientsOf(input.phone, input.isGroup, operation)],
    ['message', input.message],
    ['date', checkDate(operation, input.date)],
    ['time', checkTime(operation, input.time)],
    ['timezone', checkTimezone(operation, input.timezone)],
    ['isGroup', input.isGroup]
  ]
}

function scheduleV2Data(operation: string, items: ScheduleV2Item[]): Record<string, unknown>[] {
  if (!Array.isArray(items) || items.length === 0) throw inputError(operation, 'no schedule items given')
  if (items.length > MAX_BULK_ITEMS) {
    throw inputError(
      operation,
      `${items.length} items; the gateway takes at most ${MAX_BULK_ITEMS} per request`
    )
  }
  return items.map((item, index) => {
    const where = `${operation} item ${index + 1}`
    const category = oneOf(where, 'category', item.category, SCHEDULE_CATEGORIES)
    checkText(where, 'text', item.text, category === 'text')
    const url = item.url === undefined ? undefined : checkHttpUrl(where, 'url', item.url)
    if (category !== 'text' && url === undefined)
      throw inputError(where, `a ${category} schedule needs a url`)
    return {
      category,
      phone: recipientsOf(item.phone, false, where),
      scheduled_at: checkDateTime(where, item.scheduledAt),
      text: item.text,
      url
    }
  })
}

/** The ids of a take-back call, checked (they go in the query), without repeats, in the order given. */
function messageIdsOf(operation: string, ids: unknown): string[] {
  if (!Array.isArray(ids) || ids.length === 0) throw inputError(operation, 'no message ids given')
  return [...new Set(ids.map((id) => checkId(operation, 'message id', id)))]
}

/** The ids of the calls a failure kept from going through: those of the failed call, then those never sent. */
function stoppedOutcomes(
  failed: readonly string[],
  unsent: readonly string[],
  error: GatewayError
): TakeBackOutcome[] {
  const unknown = (id: string, reason: 'call_failed' | 'not_attempted'): TakeBackOutcome => ({
    id,
    result: 'unknown',
    reason,
    gatewayStatus: null,
    errorCode: error.code
  })
  return [
    ...failed.map((id) => unknown(id, 'call_failed')),
    ...unsent.map((id) => unknown(id, 'not_attempted'))
  ]
}

/** A typed error for anything unforeseen, so callers only ever see GatewayError. */
function unexpected(operation: string, error: unknown, http: Http | undefined): GatewayError {
  const init = {
    code: 'bad_response' as const,
    message: `${operation}: unexpected failure while reading the answer`,
    operation,
    cause: error
  }
  return http ? http.fail(init) : new GatewayError({ ...init, cause: undefined })
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  let http: Http | undefined
  let configError: GatewayError | undefined
  try {
    http = createHttp(options)
  } catch (error) {
    configError = isGatewayError(error)
      ? error
      : new GatewayError({ code: 'invalid_input', message: 'invalid gateway settings' })
  }
  const restartMemory = options.restartMemory ?? processRestartMemory
  const baseUrl = http?.baseUrl ?? String(options.baseUrl)

  /** Every method runs through here: settings checked, inputs validated, one deadline, GatewayError only. */
  const run = async <T>(
    operation: string,
    opts: CallOptions | undefined,
    work: (http: Http, begin: (uploadBytes?: number) => CallContext) => Promise<T>
  ): Promise<T> => {
    if (http === undefined) throw configError
    const ready = http
    try {
      return await work(ready, (uploadBytes) => ready.begin(operation, opts, uploadBytes))
    } catch (error) {
      throw isGatewayError(error) ? error : unexpected(operation, error, ready)
    }
  }
  /** POST a device setting as a form to /api/device/{name}; the answer is only a message. Fields are built (and
   *  checked) inside the call, so bad input rejects like any other gateway error. */
  const postDeviceSetting = (
    name: string,
    opts: CallOptions | undefined,
    fields: (operation: string) => FormFields
  ): Promise<{ message: string }> => {
    const operation = `device/${name}`
    return run(operation, opts, async (http, begin) => {
      const body = formBody(fields(operation))
      const answer = await http.json(
        { operation, method: 'POST', path: `/api/${operation}`, auth: 'header', body },
        begin()
      )
      return parseMessageOnly(answer, operation)
    })
  }

  /** v2/contact's add and update: the same body and answer on two paths. */
  const contactsCall = (
    operation: string,
    path: string,
    contacts: readonly GatewayContactInput[],
    opts: CallOptions | undefined
  ): Promise<GatewayContactOutcome[]> =>
    run(operation, opts, async (http, begin) => {
      const body = jsonBody({ data: contactData(operation, contacts) })
      return parseContactOutcomes(
        await http.json({ operation, method: 'POST', path, auth: 'header', body }, begin()),
        operation
      )
    })

  const get = (
    operation: string,
    path: string,
    auth: HttpRequest['auth'] = 'header',
    query?: HttpRequest['query']
  ) => ({ operation, method: 'GET', path, auth, query }) satisfies HttpRequest

  /**
   * revoke-, cancel- and resend-message: `GET /api/{name}?id=a,b` with the header credential, the ids split into
   * calls of MAX_MESSAGE_IDS_PER_CALL made one after the other, each with its own deadline. The first call failing
   * rejects, as every method does; a later one ends the run with what the earlier calls settled (TakeBackResult).
   */
  const takeBack =
    (action: TakeBackCall, name: string) =>
    (ids: string[], opts?: CallOptions): Promise<TakeBackResult> =>
      run(name, opts, async (http, begin) => {
        const all = messageIdsOf(name, ids)
        const result: TakeBackResult = { action, outcomes: [], messages: [], quota: null, stoppedBy: null }
        for (let start = 0; start < all.length; start += MAX_MESSAGE_IDS_PER_CALL) {
          const chunk = all.slice(start, start + MAX_MESSAGE_IDS_PER_CALL)
          const later = all.slice(start + chunk.length)
          // begin() refuses a call the caller has already aborted: then this chunk was never asked.
          let asked = false
          try {
            const call = begin()
            asked = true
            const body = await http.json(get(name, `/api/${name}`, 'header', [['id', chunk.join(',')]]), call)
            const answer = parseTakeBackAnswer(body, chunk, action, name)
            result.outcomes.push(...answer.outcomes)
            result.messages.push(answer.message)
            result.quota = answer.quota ?? result.quota
          } catch (error) {
            if (start === 0) throw error
            const failure = isGatewayError(error) ? error : unexpected(name, error, http)
            result.outcomes.push(
              ...stoppedOutcomes(asked ? chunk : [], asked ? later : [...chunk, ...later], failure)
            )
            result.stoppedBy = failure
            return result
          }
        }
        return result
      })

  const send = async (
    ready: Http,
    request: HttpRequest,
    call: CallContext,
    refIdFor: (phone: string) => string | null
  ): Promise<SendResult> => {
    const body = await ready.json(request, call)
    return parseSendResult(body, { operation: request.operation, refIdFor })
  }

  const client: GatewayClient = {
    baseUrl,

    // ── device ────────────────────────────────────────────────────────────────────────────────────────────────
    deviceInfo: (opts) =>
      run('device/info', opts, async (http, begin) =>
        parseDeviceInfo(
          await http.json(get('device/info', '/api/device/info', 'bare-query'), begin()),
          'device/info'
        )
      ),

    scanQr: (opts) => run('device/scan', opts, async (http, begin) => scanQrCode(http, begin())),

    restart: (opts) =>
      run('device/restart', opts, async (http, begin) => {
        const call = begin()
        const remembered = restartMemory.get(http.baseUrl)
        const order: RestartResult['via'][] =
          remembered === 'reconnect' ? ['reconnect', 'restart'] : ['restart', 'reconnect']
        let lastError: GatewayError | undefined
        for (const via of order) {
          const request =
            via === 'restart'
              ? get('device/restart', '/api/device/restart')
              : get('device/reconnect', '/api/device/reconnect', 'bare-query')
          let body: Record<string, unknown>
          try {
            body = await http.json(request, call)
          } catch (error) {
            // Only a missing endpoint sends us to the other one; any other failure is the answer.
            if (isGatewayError(error) && error.code === 'not_supported') {
              lastError = error
              continue
            }
            throw error
          }
          restartMemory.set(http.baseUrl, via)
          return parseRestart(body, via, request.operation)
        }
        throw lastError
      }),

    changeNumber: (phone, opts) =>
      run('device/change-number', opts, async (http, begin) => {
        const fields = formBody([['phone', recipientsOf(phone, false, 'device/change-number')]])
        const call = begin()
        const post = (operation: string, path: string) =>
          http.json({ operation, method: 'POST', path, auth: 'header', body: fields }, call)
        let body: Record<string, unknown>
        try {
          body = await post('device/change-number', '/api/device/change-number')
        } catch (error) {
          if (!isGatewayError(error) || error.code !== 'not_supported') throw error
          body = await post('device/change-sender', '/api/device/change-sender')
        }
        return parseMessageOnly(body, 'device/change-number')
      }),

    createDevice: (input, opts) =>
      run('device/create', opts, async (http, begin) => {
        const operation = 'device/create'
        checkText(operation, 'name', input.name, true)
        const body = formBody([
          ['name', input.name.trim()],
          ['phone', recipientsOf(input.phone, false, operation)],
          ['bank', oneOf(operation, 'bank', input.bank, BANKS)],
          ['product', oneOf(operation, 'product', input.product, PRODUCTS)],
          [
            'periode',
            input.periode === undefined ? undefined : oneOf(operation, 'periode', input.periode, PERIODES)
          ]
        ])
        const answer = await http.json(
          { operation, method: 'POST', path: '/api/device/create', auth: 'header', body },
          begin()
        )
        return parseInvoice(answer, operation)
      }),

    generateToken: (opts) =>
      run('device/generate-token', opts, async (http, begin) =>
        parseGeneratedToken(
          await http.json(get('device/generate-token', '/api/device/generate-token'), begin())
        )
      ),

    disconnect: (opts) =>
      run('device/disconnect', opts, async (http, begin) =>
        parseMessageOnly(
          await http.json(get('device/disconnect', '/api/device/disconnect'), begin()),
          'device/disconnect'
        )
      ),

    changeWebhookUrl: (url, opts) =>
      postDeviceSetting('change-webhook-url', opts, (operation) => [
        ['webhook_url', checkWebhookUrl(operation, 'webhook url', url)]
      ]),

    changeTrackingUrl: (url, opts) =>
      postDeviceSetting('change-tracking-url', opts, (operation) => [
        ['tracking_url', checkWebhookUrl(operation, 'tracking url', url)]
      ]),

    setIncoming: (active, opts) =>
      postDeviceSetting('incoming', opts, (operation) => {
        if (typeof active !== 'boolean') throw inputError(operation, 'active must be true or false')
        // The reference: `active` turns it on, anything else off.
        return [['incoming', active ? 'active' : 'inactive']]
      }),

    // ── send ──────────────────────────────────────────────────────────────────────────────────────────────────
    sendText: (input, opts) =>
      run('send-message', opts, async (http, begin) => {
        const operation = 'send-message'
        checkText(operation, 'message', input.message, true)
        checkFlags(operation, input)
        const body = formBody([
          ['phone', recipientsOf(input.phone, input.isGroup, operation)],
          ['message', input.message],
          ...flagFields(input)
        ])
        const request: HttpRequest = {
          operation,
          method: 'POST',
          path: '/api/send-message',
          auth: 'header',
          body
        }
        return send(http, request, begin(), () => input.refId ?? null)
      }),

    sendTextSimple: (input, opts) =>
      run('send-message (GET)', opts, async (http, begin) => {
        const operation = 'send-message (GET)'
        checkText(operation, 'message', input.message, true)
        checkFlags(operation, input)
        const query: FormFields = [
          ['phone', recipientsOf(input.phone, input.isGroup, operation)],
          ['message', input.message],
          ...flagFields(input)
        ]
        return send(
          http,
          get(operation, '/api/send-message', 'query', query),
          begin(),
          () => input.refId ?? null
        )
      }),

    sendTextBulk: (items: BulkTextItem[], opts) =>
      run('v2/send-message', opts, async (http, begin) => {
        const operation = 'v2/send-message'
        if (!Array.isArray(items) || items.length === 0) throw inputError(operation, 'no messages given')
        if (items.length > MAX_BULK_ITEMS) {
          throw inputError(
            operation,
            `${items.length} messages; the gateway takes at most ${MAX_BULK_ITEMS} per request (split them into batches yourself)`
          )
        }
        const data = items.map((item, index) => {
          const where = `${operation} item ${index + 1}`
          checkText(where, 'message', item.message, true)
          checkFlags(where, item)
          return {
            phone: recipientsOf(item.phone, item.isGroup, where),
            message: item.message,
            ...flagJson(item)
          }
        })
        const refIdFor = (phone: string): string | null => {
          const matches = data.filter((item) => item.phone === phone)
          return matches.length === 1 ? (matches[0]?.ref_id ?? null) : null
        }
        const request: HttpRequest = {
          operation,
          method: 'POST',
          path: '/api/v2/send-message',
          auth: 'header',
          body: jsonBody({ data })
        }
        return send(http, request, begin(), refIdFor)
      }),

    sendMediaUrl: (input, opts) =>
      run(`send-${String(input?.kind)}`, opts, async (http, begin) => {
        const kind = oneOf('send-media', 'kind', input.kind, MEDIA_KINDS)
        const operation = `send-${kind}`
        const url = checkHttpUrl(operation, `${kind} url`, input.url)
        checkText(operation, 'caption', input.caption, false)
        if (kind === 'audio' && input.caption !== undefined && input.caption !== '') {
          throw inputError(operation, 'audio messages carry no caption', 'audio_caption')
        }
        checkFlags(operation, input)
        const body = formBody([
          ['phone', recipientsOf(input.phone, input.isGroup, operation)],
          [kind, url],
          ['caption', kind === 'audio' ? undefined : input.caption],
          ...flagFields(input)
        ])
        const request: HttpRequest = {
          operation,
          method: 'POST',
          path: `/api/send-${kind}`,
          auth: 'header',
          body
        }
        return send(http, request, begin(), () => input.refId ?? null)
      }),

    sendLocalFile: (input, opts) =>
      run(`send-${String(input?.kind)}-from-local`, opts, async (http, begin) => {
        const kind = oneOf('send-from-local', 'kind', input.kind, MEDIA_KINDS)
        const operation = `send-${kind}-from-local`
        checkLocalFile(operation, kind, input.file, input.maxFileBytes)
        checkText(operation, 'caption', input.caption, false)
        if (kind === 'audio' && input.caption !== undefined && input.caption !== '') {
          throw inputError(operation, 'audio messages carry no caption', 'audio_caption')
        }
        checkFlags(operation, input)
        const phone = recipientsOf(input.phone, input.isGroup, operation)
        const { file } = input
        let body
        if (kind === 'image' || kind === 'document') {
          // The gateway reads these like a PHP upload: base64 bytes in `file`, the $_FILES entry as JSON in `data`.
          body = formBody([
            ['phone', phone],
            ['caption', input.caption],
            ['file', base64Of(file.bytes)],
            ['data', JSON.stringify({ name: file.name })],
            kind === 'image' ? ['filename', customFilename(file.name)] : ['name_file', file.name],
            ...flagFields(input)
          ])
        } else {
          body = multipartBody(
            [
              ['phone', phone],
              ['caption', kind === 'video' ? input.caption : undefined],
              ...flagFields(input)
            ],
            { name: 'file', filename: file.name, type: mimeOf(file), bytes: file.bytes }
          )
        }
        const request: HttpRequest = {
          operation,
          method: 'POST',
          path: `/api/${operation}`,
          auth: 'header',
          body
        }
        return send(http, request, begin(body.size), () => input.refId ?? null)
      }),

    // ── schedule ──────────────────────────────────────────────────────────────────────────────────────────────
    createSchedule: (input, opts) =>
      run('schedule', opts, async (http, begin) => {
        const operation = 'schedule'
        const body = formBody(scheduleFields(operation, input))
        const answer = await http.json(
          { operation, method: 'POST', path: '/api/schedule', auth: 'header', body },
          begin()
        )
        return parseScheduleResult(answer, operation)
      }),

    updateSchedule: (scheduleId, input, opts) =>
      run('schedule (update)', opts, async (http, begin) => {
        const operation = 'schedule (update)'
        const id = checkId(operation, 'scheduleId', scheduleId)
        const body = formBody(scheduleFields(operation, input))
        const path = `/api/schedule/${encodeURIComponent(id)}`
        const answer = await http.json({ operation, method: 'PUT', path, auth: 'header', body }, begin())
        return parseScheduleResult(answer, operation)
      }),

    cancelSchedule: (scheduleId, opts) =>
      run('schedule-cancel', opts, async (http, begin) => {
        const operation = 'schedule-cancel'
        const path = `/api/schedule-cancel/${encodeURIComponent(checkId(operation, 'scheduleId', scheduleId))}`
        return parseMessageOnly(
          await http.json({ operation, method: 'PUT', path, auth: 'header' }, begin()),
          operation
        )
      }),

    deleteSchedule: (scheduleId, opts) =>
      run('schedule (delete)', opts, async (http, begin) => {
        const operation = 'schedule (delete)'
        const path = `/api/schedule/${encodeURIComponent(checkId(operation, 'scheduleId', scheduleId))}`
        return parseMessageOnly(
          await http.json({ operation, method: 'DELETE', path, auth: 'header' }, begin()),
          operation
        )
      }),

    createScheduleV2: (items, opts) =>
      run('v2/schedule', opts, async (http, begin) => {
        const operation = 'v2/schedule'
        const body = jsonBody({ data: scheduleV2Data(operation, items) })
        const answer = await http.json(
          { operation, method: 'POST', path: '/api/v2/schedule', auth: 'header', body },
          begin()
        )
        return parseScheduleResult(answer, operation)
      }),

    updateScheduleV2: (scheduleId, items, opts) =>
      run('v2/schedule (update)', opts, async (http, begin) => {
        const operation = 'v2/schedule (update)'
        const id = checkId(operation, 'scheduleId', scheduleId)
        const body = jsonBody({ data: scheduleV2Data(operation, items) })
        const path = `/api/v2/schedule/${encodeURIComponent(id)}`
        const answer = await http.json({ operation, method: 'PUT', path, auth: 'header', body }, begin())
        return parseScheduleResult(answer, operation)
      }),

    deleteSchedulesV2: (scheduleIds, opts) =>
      run('v2/delete-schedule', opts, async (http, begin) => {
        const operation = 'v2/delete-schedule'
        if (!Array.isArray(scheduleIds) || scheduleIds.length === 0)
          throw inputError(operation, 'no schedule ids given')
        const ids = [...new Set(scheduleIds.map((id) => checkId(operation, 'schedule id', id)))].join(',')
        const request = {
          ...get(operation, '/api/v2/delete-schedule', 'header', [['id', ids]]),
          method: 'DELETE' as const
        }
        return parseMessageOnly(await http.json(request, begin()), operation)
      }),

    // ── report and tracking ───────────────────────────────────────────────────────────────────────────────────
    reportRealtime: (query: ReportRealtimeQuery, opts) =>
      run('report-realtime', opts, async (http, begin) => {
        const operation = 'report-realtime'
        const ids = (query?.messageIds ?? []).map((id) => checkId(operation, 'message id', id))
        checkPositiveInteger(operation, 'page', query?.page)
        checkPositiveInteger(operation, 'limit', query?.limit, MAX_REPORT_LIMIT)
        const request = get(operation, '/api/report-realtime', 'header', [
          ['message_id', ids.length > 0 ? ids.join(',') : undefined],
          ['page', query?.page],
          ['limit', query?.limit]
        ])
        return parseReportPage(await http.json(request, begin(), parseReportJson), operation, query?.page)
      }),

    reportMessages: (query: ReportMessageQuery, opts) =>
      run('report/message', opts, async (http, begin) => {
        const operation = 'report/message'
        const q = query ?? {}
        checkPositiveInteger(operation, 'page', q.page)
        checkPositiveInteger(operation, 'perPage', q.perPage)
        let phone: string | undefined
        if (q.phone !== undefined) {
          // A phone filter is normalised like the stored numbers; a group id is passed as given.
          try {
            phone = normalisePhone(q.phone)
          } catch {
            phone = normaliseEchoedPhone(q.phone)
          }
        }
        const request = get(operation, '/api/report/message', 'header', [
          ['ref_id', q.refId],
          [
            'status',
            q.status === undefined ? undefined : oneOf(operation, 'status', q.status, REPORT_STATUSES)
          ],
          ['date', q.date === undefined ? undefined : checkDate(operation, q.date)],
          [
            'message_id',
            q.messageId === undefined ? undefined : checkId(operation, 'messageId', q.messageId)
          ],
          ['phone', phone === '' ? undefined : phone],
          ['device', q.device],
          ['page', q.page],
          ['perPage', q.perPage]
        ])
        return parseReportPage(await http.json(request, begin(), parseReportJson), operation, q.page)
      }),

    // ── auto-reply ────────────────────────────────────────────────────────────────────────────────────────────
    createAutoReply: (input, opts) =>
      run('v2/autoreply', opts, async (http, begin) => {
        const operation = 'v2/autoreply'
        // Not wrapped in `data`, unlike the other v2 calls.
        const body = jsonBody(autoReplyBody(operation, input))
        const answer = await http.json(
          { operation, method: 'POST', path: '/api/v2/autoreply', auth: 'header', body },
          begin()
        )
        return parseAutoReply(answer, operation)
      }),

    updateAutoReply: (id, input, opts) =>
      run('v2/autoreply (update)', opts, async (http, begin) => {
        const operation = 'v2/autoreply (update)'
        const path = `/api/v2/autoreply/${encodeURIComponent(checkId(operation, 'id', id))}`
        const body = jsonBody(autoReplyBody(operation, input))
        return parseAutoReply(
          await http.json({ operation, method: 'PUT', path, auth: 'header', body }, begin()),
          operation
        )
      }),

    // ── contacts ──────────────────────────────────────────────────────────────────────────────────────────────
    addContacts: (contacts, opts) => contactsCall('v2/contact', '/api/v2/contact', contacts, opts),

    updateContacts: (contacts, opts) =>
      contactsCall('v2/contact/update', '/api/v2/contact/update', contacts, opts),

    deleteContacts: (phones, opts) =>
      run('contact (delete)', opts, async (http, begin) => {
        const operation = 'contact (delete)'
        const query: HttpRequest['query'] = [['phone', recipientsOf([...phones], false, operation)]]
        return parseMessageOnly(
          await http.json(
            { operation, method: 'DELETE', path: '/api/contact', auth: 'header', query },
            begin()
          ),
          operation
        )
      }),

    listContacts: (query, opts) =>
      run('v2/contact (list)', opts, async (http, begin) => {
        const operation = 'v2/contact (list)'
        const request = get(operation, '/api/v2/contact', 'header', [
          ['page', query?.page],
          ['limit', query?.limit]
        ])
        return parseContactPage(await http.json(request, begin()), operation)
      }),

    blacklist: (phone, opts) =>
      run('blacklist', opts, async (http, begin) =>
        parseMessageOnly(
          await http.json(
            get('blacklist', '/api/blacklist', 'query', [['phone', recipientsOf(phone, false, 'blacklist')]]),
            begin()
          ),
          'blacklist'
        )
      ),

    unblacklist: (phone, opts) =>
      run('blacklist/cancel', opts, async (http, begin) =>
        parseMessageOnly(
          await http.json(
            get('blacklist/cancel', '/api/blacklist/cancel', 'query', [
              ['phone', recipientsOf(phone, false, 'blacklist/cancel')]
            ]),
            begin()
          ),
          'blacklist/cancel'
        )
      ),

    deleteAutoReply: (id, opts) =>
      run('v2/autoreply (delete)', opts, async (http, begin) => {
        const operation = 'v2/autoreply (delete)'
        const path = `/api/v2/autoreply/${encodeURIComponent(checkId(operation, 'id', id))}`
        return parseMessageOnly(
          await http.json({ operation, method: 'DELETE', path, auth: 'header' }, begin()),
          operation
        )
      }),

    listAutoReplies: (query, opts) =>
      run('v2/autoreply/getData', opts, async (http, begin) => {
        const operation = 'v2/autoreply/getData'
        const keyword = query?.keyword?.trim()
        const request = get(operation, '/api/v2/autoreply/getData', 'header', [
          ['keyword', keyword === '' ? undefined : keyword]
        ])
        return parseAutoReplyList(await http.json(request, begin()), operation)
      }),

    // ── reminders ─────────────────────────────────────────────────────────────────────────────────────────────
    createReminder: (input, opts) =>
      run('reminder', opts, async (http, begin) => {
        const operation = 'reminder'
        const body = formBody(reminderFields(operation, input, true))
        const answer = await http.json(
          { operation, method: 'POST', path: '/api/reminder', auth: 'header', body },
          begin()
        )
        return parseReminder(answer, operation)
      }),

    updateReminder: (id, input, opts) =>
      run('reminder (update)', opts, async (http, begin) => {
        const operation = 'reminder (update)'
        const path = `/api/reminder/${encodeURIComponent(checkId(operation, 'id', id))}`
        const body = formBody(reminderFields(operation, input, false))
        return parseReminder(
          await http.json({ operation, method: 'POST', path, auth: 'header', body }, begin()),
          operation
        )
      }),

    reminderInfo: (id, opts) =>
      run('reminder/info', opts, async (http, begin) => {
        const operation = 'reminder/info'
        const path = `/api/reminder/info/${encodeURIComponent(checkId(operation, 'id', id))}`
        return parseReminder(await http.json(get(operation, path), begin()), operation)
      }),

    deleteReminder: (id, opts) =>
      run('reminder (delete)', opts, async (http, begin) => {
        const operation = 'reminder (delete)'
        const path = `/api/reminder/${encodeURIComponent(checkId(operation, 'id', id))}`
        return parseMessageOnly(
          await http.json({ operation, method: 'DELETE', path, auth: 'header' }, begin()),
          operation
        )
      }),

    // ── message management ────────────────────────────────────────────────────────────────────────────────────
    revokeMessages: takeBack('revoke', 'revoke-message'),
    cancelMessages: takeBack('cancel', 'cancel-message'),
    resendMessages: takeBack('resend', 'resend-message'),

    cancelAllMessages: (opts) =>
      run('cancel-all-message', opts, async (http, begin) =>
        parseCancelAll(
          await http.json(get('cancel-all-message', '/api/cancel-all-message'), begin()),
          'cancel-all-message'
        )
      )
  }
  return client
}
