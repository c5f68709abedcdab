// Sorts a failed send into what the outbox must do next: retry, check the gateway's reports first, fail the item, or pause the device.
import { isGatewayError } from '../gateway'

export type SendErrorAction =
  /** The gateway surely did not take the message: retry after backoff. */
  | 'retry'
  /** The gateway may have taken it: reconcile through the report API before any resend. */
  | 'reconcile'
  /** The gateway refused this item: fail it with the reason. */
  | 'fail-item'
  /** The gateway refused the device (logged out, token invalid, out of quota): the item waits with its device. */
  | 'pause-device'

export interface ClassifiedSendError {
  action: SendErrorAction
  code: string
  message: string
  gatewayMessage: string | null
  retryAfterMs: number | null
}

/** Connection errors raised before a single byte of the request could reach the gateway. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL'
])

const DEVICE_CODES = new Set([
  'token_invalid',
  'secret_invalid',
  'device_not_found',
  'device_not_connected',
  'quota_exceeded'
])

function neverConnected(error: unknown): boolean {
  const seen = new Set<unknown>()
  const queue: unknown[] = [error]
  while (queue.length > 0) {
    const current = queue.shift()
    if (current === null || typeof current !== 'object' || seen.has(current)) continue
    seen.add(current)
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && NEVER_CONNECTED.has(code)) return true
    queue.push((current as { cause?: unknown }).cause)
    const errors = (current as { errors?: unknown }).errors
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]))
  }
  return false
}

/**
 * Exactly-once hinges on this table. Anything that may have reached the gateway (a timeout, a reset, a 5xx, a
 * garbled body, our own abort) is reconciled, never blindly resent. A 429 is taken at its word: the gateway
 * says it did not process the request, so it is retried after Retry-After without a report check.
 */
export function classifySendError(error: unknown): ClassifiedSendError {
  if (!isGatewayError(error)) {
    return {
      action: 'reconcile',
      code: 'unexpected',
      message: error instanceof Error ? error.message : String(error),
      gatewayMessage: null,
      retryAfterMs: null
    }
  }
  const base = {
    code: error.code,
    message: error.message,
    gatewayMessage: error.gatewayMessage ?? null,
    retryAfterMs: error.retryAfterMs ?? null
  }
  switch (error.code) {
    case 'rate_limited':
      return { ...base, action: 'retry' }
    case 'network':
      return { ...base, action: neverConnected(error) ? 'retry' : 'reconcile' }
    case 'timeout':
    case 'bad_response':
    case 'server_error':
    case 'aborted':
      return { ...base, action: 'reconcile' }
    default:
      return { ...base, action: DEVICE_CODES.has(error.code) ? 'pause-device' : 'fail-item' }
  }
}
