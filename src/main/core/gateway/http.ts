// The client's transport: URLs, auth (header or ?token=), per-call deadlines and aborts, and HTTP-level errors.
import type { CallOptions } from './types'
import { GatewayError, type GatewayErrorCode, type GatewayErrorInit } from './errors'
import { classifyGatewayMessage, describeCode, gatewayMessageText } from './gateway-messages'
import { createRedactor, redactedCause, type Redact } from './redaction'
import { checkBaseUrl, type BaseUrlOptions } from '../../../shared/domain'

export const DEFAULT_TIMEOUT_MS = 20_000
/** Bodies larger than this are refused: no gateway answer we read (JSON, a QR image) comes near it. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024
/** Uploads get extra time assuming a slow 64 KiB/s uplink, so a 2 MB file on a poor line is not cut off. */
const UPLOAD_BYTES_PER_SECOND = 64 * 1024

/** On a 404/405 these still mean "the endpoint exists, the credentials are wrong": no fallback can help. */
const AUTH_CODES: ReadonlySet<GatewayErrorCode> = new Set([
  'token_invalid',
  'secret_invalid',
  'device_not_found'
])

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'
export type QueryValue = string | number | boolean | undefined

export interface EncodedBody {
  /** Unset for multipart: fetch writes the boundary itself. */
  contentType?: string
  payload: string | FormData
  /** Bytes on the wire (approximate for multipart), for the upload allowance. */
  size: number
}

export interface HttpRequest {
  operation: string
  method: HttpMethod
  /** Path under the base URL, e.g. `/api/device/info`. Ignored when `url` is set. */
  path: string
  /** Ordered, undefined values dropped. */
  query?: ReadonlyArray<readonly [string, QueryValue]>
  /**
   * `header`: Authorization; `query`: `?token=<token>.<secret>` first in the query; `bare-query`: `?token=<token>`
   * without the secret, as the reference documents device/info, device/scan and the legacy reconnect (and as five
   * independent clients send them); `none`: e.g. a QR image the page links.
   */
  auth: 'header' | 'query' | 'bare-query' | 'none'
  body?: EncodedBody
  accept?: string
  /** An absolute URL on the gateway's origin (checked by the caller). */
  url?: string
}

export interface HttpResponse {
  status: number
  headers: Headers
  /** Media type only, lower case, no parameters; '' when absent. */
  mediaType: string
  bytes: Uint8Array
  url: string
}

/** One call's deadline and abort wiring; a call may make several requests (QR page + image, restart fallback). */
export interface CallContext {
  signal: AbortSignal
  callerSignal: AbortSignal | undefined
  timeoutSignal: AbortSignal
  timeoutMs: number
}

export interface HttpConfig {
  baseUrl: string
  /** Plain http:// to a non-loopback gateway (CLI --allow-insecure-http); refused otherwise. */
  allowInsecureHttp?: boolean
  token: string
  secret?: string
  timeoutMs?: number
  fetch?: typeof fetch
}

export interface Http {
  readonly baseUrl: string
  readonly origin: string
  readonly redact: Redact
  begin(operation: string, opts: CallOptions | undefined, uploadBytes?: number): CallContext
  send(request: HttpRequest, call: CallContext): Promise<HttpResponse>
  /** send + non-2xx mapping + JSON parse + `{status:false}` classification; resolves with the envelope object. */
  json(
    request: HttpRequest,
    call: CallContext,
    parse?: (text: string) => unknown
  ): Promise<Record<string, unknown>>
  fail(init: GatewayErrorInit): GatewayError
  failForStatus(response: HttpResponse, operation: string): GatewayError
  refusal(envelope: Record<string, unknown>, httpStatus: number, operation: string): GatewayError
  parseJson(response: HttpResponse, operation: string, parse?: (text: string) => unknown): unknown
}

function invalidConfig(message: string): GatewayError {
  return new GatewayError({ code: 'invalid_input', message, operation: 'configure' })
}

/**
 * The shared base-URL rule (`https://solo.wablas.com/api/` → `https://solo.wablas.com`; https anywhere, http only
 * to loopback unless `allowInsecureHttp`), failing as GatewayError `invalid_input`.
 */
export function normaliseBaseUrl(baseUrl: string, options: BaseUrlOptions = {}): string {
  const checked = checkBaseUrl(baseUrl, options)
  if (!checked.ok) throw invalidConfig(checked.message)
  return checked.value
}

/** Header values must be visible ASCII: fetch would otherwise throw an error that quotes the value. */
function checkCredential(value: unknown, what: string): void {
  if (typeof value !== 'string' || !/^[\x21-\x7e]+$/.test(value)) {
    throw invalidConfig(`the ${what} must be non-empty printable ASCII without spaces`)
  }
}

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 5

/** Node timers overflow (and fire at once) above this. */
const MAX_TIMER_MS = 2 ** 31 - 1

function validTimeout(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined
}

/** The longest wait a gateway may ask for: a Retry-After of days would hold a device's queue until a restart. */
export const MAX_RETRY_AFTER_MS = 15 * 60_000

/** A gateway's requested wait, kept within 0 … MAX_RETRY_AFTER_MS. */
export function capRetryAfter(ms: number): number {
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : MAX_RETRY_AFTER_MS
}

/** Retry-After as seconds or an HTTP date, capped; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return capRetryAfter(Math.round(Number(trimmed) * 1000))
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return undefined
  return capRetryAfter(at - now)
}

function mediaTypeOf(headers: Headers): string {
  return (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

async function readBody(response: Response): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array()
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined)
      throw new RangeError('response body too large')
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** The envelope's `status`: true/"true"/1/"success" succeed, false/"false"/0/"error" refuse, anything else is unknown. */
export function envelopeStatus(value: unknown): boolean | undefined {
  if (value === true || value === 1) return true
  if (value === false || value === 0) return false
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase()
    if (['true', '1', 'success', 'ok'].includes(text)) return true
    if (['false', '0', 'error', 'failed', 'fail'].includes(text)) return false
  }
  return undefined
}

export function createHttp(config: HttpConfig): Http {
  const baseUrl = normaliseBaseUrl(config.baseUrl, { allowInsecureHttp: config.allowInsecureHttp })
  const origin = new URL(baseUrl).origin
  checkCredential(config.token, 'token')
  if (config.secret !== undefined && config.secret !== '') checkCredential(config.secret, 'secret key')
  const secret = config.secret || undefined
  // A token pasted as "token.secret" is passed through rather than doubled.
  const credential =
    secret && !config.token.endsWith(`.${secret}`) ? `${config.token}.${secret}` : config.token
  // The token alone (a pasted "token.secret" cut at its first dot, where the gateway splits it too).
  const bareToken = config.token.split('.')[0] ?? config.token
  const redact = createRedactor([credential, config.token, secret])
  const fetchImpl = config.fetch ?? globalThis.fetch
  const defaultTimeout = validTimeout(config.timeoutMs) ?? DEFAULT_TIMEOUT_MS

  const fail = (init: GatewayErrorInit): GatewayError =>
    new GatewayError({
      ...init,
      message: redact(init.message),
      gatewayMessage: init.gatewayMessage === undefined ? undefined : redact(init.gatewayMessage),
      cause: init.cause === undefined ? undefined : redactedCause(init.cause, redact)
    })

  const begin = (operation: string, opts: CallOptions | undefined, uploadBytes = 0): CallContext => {
    const callerSignal = opts?.signal
    if (callerSignal?.aborted) {
      throw fail({ code: 'aborted', message: `${operation}: cancelled before it started`, operation })
    }
    const base = validTimeout(opts?.timeoutMs) ?? defaultTimeout
    const timeoutMs = Math.min(
      MAX_TIMER_MS,
      Math.round(base + (uploadBytes * 1000) / UPLOAD_BYTES_PER_SECOND)
    )
    const timeoutSignal = AbortSignal.timeout(timeoutMs)
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutSignal]) : timeoutSignal
    return { signal, callerSignal, timeoutSignal, timeoutMs }
  }

  const buildUrl = (request: HttpRequest): string => {
    const pairs: string[] = []
    if (request.auth === 'query') pairs.push(`token=${encodeURIComponent(credential)}`)
    if (request.auth === 'bare-query') pairs.push(`token=${encodeURIComponent(bareToken)}`)
    for (const [key, value] of request.query ?? []) {
      if (value === undefined) continue
      // Lists (`id=a,b`, `phone=0812…,0813…`) keep their commas readable, as in the reference.
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value)).replace(/%2C/g, ',')}`)
    }
    const base = request.url ?? `${baseUrl}${request.path}`
    if (pairs.length === 0) return base
    return `${base}${base.includes('?') ? '&' : '?'}${pairs.join('&')}`
  }

  /** Our deadline or the caller's abort, else undefined (a genuine failure). */
  const interruption = (call: CallContext, operation: string, error: unknown): GatewayError | undefined => {
    if (call.callerSignal?.aborted) {
      return fail({ code: 'aborted', message: `${operation}: cancelled`, operation, cause: error })
    }
    if (call.timeoutSignal.aborted) {
      return fail({
        code: 'timeout',
        message: `${operation}: ${describeCode('timeout')} (${call.timeoutMs} ms)`,
        operation,
        cause: error
      })
    }
    return undefined
  }

  /**
   * Redirects that stay on the gateway's origin are followed here (at most MAX_REDIRECTS, with fetch's method
   * rules); one that leaves it is refused before anything is re-sent, because our requests carry a credential and
   * often a message or a file. Only a plain unauthenticated GET (a QR image the page links) follows anywhere.
   */
  const send = async (request: HttpRequest, call: CallContext): Promise<HttpResponse> => {
    const { operation } = request
    const headers: Record<string, string> = { Accept: request.accept ?? 'application/json' }
    if (request.auth === 'header') headers.Authorization = credential
    if (request.body?.contentType) headers['Content-Type'] = request.body.contentType
    const followAnywhere = request.auth === 'none' && request.body === undefined
    let url = buildUrl(request)
    let method: HttpMethod = request.method
    let body = request.body
    let response: Response
    for (let hops = 0; ; hops++) {
      try {
        response = await fetchImpl(url, {
          method,
          headers,
          body: body?.payload,
          signal: call.signal,
          redirect: followAnywhere ? 'follow' : 'manual'
        })
      } catch (error) {
        throw (
          interruption(call, operation, error) ??
          fail({
            code: 'network',
            message: `${operation}: ${describeCode('network')}`,
            operation,
            cause: error
          })
        )
      }
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null
      if (followAnywhere || location === null) break
      await response.body?.cancel().catch(() => undefined)
      let target: URL
      try {
        target = new URL(location, url)
      } catch {
        target = new URL('invalid:')
      }
      if (target.origin !== origin) {
        throw fail({
          code: 'redirect_refused',
          message: `${operation}: the gateway redirected this request to ${target.origin === 'null' ? 'an unreadable address' : target.origin}; it was not followed, so no message, file or credential went there (check the base URL: https://, server name)`,
          httpStatus: response.status,
          redirectTarget: target.origin,
          operation
        })
      }
      if (hops >= MAX_REDIRECTS) {
        throw fail({
          code: 'rejected',
          message: `${operation}: the gateway redirected more than ${MAX_REDIRECTS} times; check the base URL`,
          httpStatus: response.status,
          operation
        })
      }
      // fetch's rules: 303 (and a POST meeting 301/302) becomes a GET without a body; 307/308 repeat as they were.
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && method === 'POST')
      ) {
        method = 'GET'
        body = undefined
        delete headers['Content-Type']
      }
      url = target.href
    }
    let bytes: Uint8Array
    try {
      bytes = await readBody(response)
    } catch (error) {
      // Headers arrived, so the request reached the gateway: a cut-off body is a bad response, not a network error.
      throw (
        interruption(call, operation, error) ??
        fail({
          code: 'bad_response',
          message: `${operation}: the response was cut off or too large (HTTP ${response.status})`,
          httpStatus: response.status,
          operation,
          cause: error
        })
      )
    }
    return {
      status: response.status,
      headers: response.headers,
      mediaType: mediaTypeOf(response.headers),
      bytes,
      url: response.url || url
    }
  }

  const parseJson = (response: HttpResponse, operation: string, parse = JSON.parse): unknown => {
    const text = new TextDecoder()
      .decode(response.bytes)
      .replace(/^\uFEFF/, '')
      .trim()
    try {
      if (text === '') throw new SyntaxError('empty body')
      // Gateway text is data: a device name or message echoing the credentials (split, escaped, encoded) is masked
      // before anything is parsed out of it, so nothing downstream stores, returns, logs or prints it.
      return parse(redact(text))
    } catch {
      throw fail({
        code: 'bad_response',
        message: `${operation}: the response is not JSON (HTTP ${response.status}, ${response.mediaType || 'no content-type'}, ${response.bytes.byteLength} bytes)`,
        httpStatus: response.status,
        operation
      })
    }
  }

  const refusal = (
    envelope: Record<string, unknown>,
    httpStatus: number,
    operation: string
  ): GatewayError => {
    const text = gatewayMessageText(envelope.message ?? envelope.error ?? envelope.errors)
    const code = text === undefined ? 'rejected' : classifyGatewayMessage(text)
    return fail({
      code,
      message: `${operation}: ${describeCode(code)}${text === undefined ? '' : `: "${text}"`}`,
      gatewayMessage: text,
      httpStatus,
      operation
    })
  }

  const failForStatus = (response: HttpResponse, operation: string): GatewayError => {
    const { status } = response
    let text: string | undefined
    let refused = false
    try {
      const body = parseJson(response, operation)
      if (isPlainObject(body)) {
        text = gatewayMessageText(body.message ?? body.error ?? body.errors)
        refused = envelopeStatus(body.status) === false
      }
    } catch {
      // Not JSON (an HTML error page, an empty body): decided by the status alone.
    }
    const anyCode = text === undefined ? 'rejected' : classifyGatewayMessage(text)
    // Only the gateway's own {status:false} envelope may turn a 5xx/404 permanent: a framework's
    // debug page ("…must be of the type string", "method not supported") must not.
    const envelopeCode = refused ? anyCode : 'rejected'
    const redirected = status >= 300 && status < 400
    let code: GatewayError['code']
    if (status === 429) code = 'rate_limited'
    else if (status === 404 || status === 405)
      code = AUTH_CODES.has(envelopeCode) ? envelopeCode : 'not_supported'
    else if (status >= 500) code = envelopeCode === 'rejected' ? 'server_error' : envelopeCode
    else if (status === 401 || status === 403) code = anyCode === 'rejected' ? 'token_invalid' : anyCode
    else if (status === 413) code = 'file_too_large'
    else if (status === 415) code = 'file_type'
    else if (status >= 400) code = anyCode
    else code = redirected ? 'rejected' : 'bad_response'
    const what = redirected
      ? 'the gateway redirects this request elsewhere; check the base URL (https://, server name)'
      : describeCode(code)
    return fail({
      code,
      message: `${operation}: ${what} (HTTP ${status})${text === undefined ? '' : `: "${text}"`}`,
      gatewayMessage: text,
      httpStatus: status,
      retryAfterMs:
        code === 'rate_limited' ? parseRetryAfter(response.headers.get('retry-after')) : undefined,
      operation
    })
  }

  const json = async (
    request: HttpRequest,
    call: CallContext,
    parse?: (text: string) => unknown
  ): Promise<Record<string, unknown>> => {
    const response = await send(request, call)
    if (response.status < 200 || response.status > 299) throw failForStatus(response, request.operation)
    const body = parseJson(response, request.operation, parse)
    if (!isPlainObject(body)) {
      throw fail({
        code: 'bad_response',
        message: `${request.operation}: expected a JSON object, got ${body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body}`,
        httpStatus: response.status,
        operation: request.operation
      })
    }
    const ok = envelopeStatus(body.status)
    if (ok === false) throw refusal(body, response.status, request.operation)
    if (ok === undefined) {
      throw fail({
        code: 'bad_response',
        message: `${request.operation}: the response has no readable "status"`,
        httpStatus: response.status,
        operation: request.operation
      })
    }
    return body
  }

  return { baseUrl, origin, redact, begin, send, json, fail, failForStatus, refusal, parseJson }
}
