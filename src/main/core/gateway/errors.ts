/** Typed gateway errors, classified so the outbox knows what to retry (transient) and what to fail (permanent). */
import { errorCodes } from '../error-codes'

export type GatewayErrorKind = 'transient' | 'permanent'

export type GatewayErrorCode =
  // transient: worth retrying later
  | 'network' // connection refused/reset, DNS, TLS
  | 'timeout' // our per-call timeout elapsed
  | 'rate_limited' // HTTP 429 (retryAfterMs when the gateway said so)
  | 'server_error' // HTTP 5xx without a recognisable permanent message
  | 'bad_response' // body truncated/garbage/wrong shape: the request may or may not have been applied
  // permanent: retrying the same request cannot help
  | 'aborted' // the caller's AbortSignal fired
  | 'token_invalid' // token invalid or device expired / not authorized / wrong server subdomain
  | 'secret_invalid' // secret key missing or wrong
  | 'device_not_found'
  | 'device_not_connected' // the sender is not linked/connected
  | 'quota_exceeded'
  | 'file_too_large'
  | 'file_type' // type not allowed / plan does not support media
  | 'audio_caption' // an audio file with a caption: the gateway's audio sends take none (an edit must remove it)
  | 'invalid_input' // rejected by our own validation before sending (bad phone, >100 bulk items…)
  | 'rejected' // the gateway said status:false for another reason (param invalid…)
  | 'not_supported' // endpoint missing on this gateway (404/405)
  | 'redirect_refused' // the gateway redirected a request carrying a message, file or credential to another origin

const TRANSIENT: ReadonlySet<GatewayErrorCode> = new Set([
  'network',
  'timeout',
  'rate_limited',
  'server_error',
  'bad_response'
])

export interface GatewayErrorInit {
  code: GatewayErrorCode
  message: string
  httpStatus?: number
  /** The gateway's own `message` text, verbatim (never contains our token: we only echo the gateway). */
  gatewayMessage?: string
  retryAfterMs?: number
  /** For redirect_refused: the origin the gateway wanted the request to go to (never followed). */
  redirectTarget?: string
  /** The operation, e.g. 'send-image-from-local', for logs and the outbox's failure reason. */
  operation?: string
  cause?: unknown
}

export class GatewayError extends Error {
  readonly code: GatewayErrorCode
  readonly kind: GatewayErrorKind
  readonly httpStatus?: number
  readonly gatewayMessage?: string
  readonly retryAfterMs?: number
  readonly redirectTarget?: string
  readonly operation?: string

  constructor(init: GatewayErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = 'GatewayError'
    this.code = init.code
    this.kind = TRANSIENT.has(init.code) ? 'transient' : 'permanent'
    this.httpStatus = init.httpStatus
    this.gatewayMessage = init.gatewayMessage
    this.retryAfterMs = init.retryAfterMs
    this.redirectTarget = init.redirectTarget
    this.operation = init.operation
  }

  get transient(): boolean {
    return this.kind === 'transient'
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      kind: this.kind,
      message: this.message,
      httpStatus: this.httpStatus,
      gatewayMessage: this.gatewayMessage,
      retryAfterMs: this.retryAfterMs,
      redirectTarget: this.redirectTarget,
      operation: this.operation
    }
  }
}

export function isGatewayError(value: unknown): value is GatewayError {
  return value instanceof GatewayError
}

/** Connection errors raised before a single byte of the request could reach the gateway. */
const NEVER_CONNECTED = new Set([
  'ENOTFOUND',
  'ECONNREFUSED',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL'
])

/**
 * Whether a request that failed may have been applied by the gateway all the same: no answer (a timeout, a connection
 * cut after it was made), a garbled one, a 5xx, our own abort, or an error that is not the gateway's. What it made is
 * then to be found out or kept in doubt, never assumed not made (a send is reconciled, a reminder kept unconfirmed, a
 * device order not repeated unasked). A 429 is taken at its word: the gateway did not process the request.
 */
export function mayHaveReachedGateway(error: unknown): boolean {
  if (!isGatewayError(error)) return true
  switch (error.code) {
    case 'network':
      return !errorCodes(error).some((code) => NEVER_CONNECTED.has(code))
    case 'timeout':
    case 'bad_response':
    case 'server_error':
    case 'aborted':
      return true
    default:
      return false
  }
}
