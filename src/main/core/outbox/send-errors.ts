// Sorts a failed send into what the outbox must do next: retry, check the gateway's reports first, fail the item, or pause the device.
import {
  capRetryAfter,
  isGatewayError,
  mayHaveReachedGateway,
  type GatewayError,
  type GatewayErrorCode
} from '../gateway'
import type { MessageKey } from '../../../shared/i18n'
import { encodeNote } from '../../../shared/i18n/notes'

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
  /** In English, with the operation: for logs. */
  message: string
  /**
   * For the operator: a gateway error's reason as an encoded note (shared/i18n/notes), so the window and the
   * CLI word it in their language; an unexpected error's message as it came.
   */
  reason: string
  gatewayMessage: string | null
  retryAfterMs: number | null
}

const DEVICE_CODES = new Set([
  'token_invalid',
  'secret_invalid',
  'device_not_found',
  'device_not_connected',
  'quota_exceeded',
  // The base URL points somewhere that sends requests elsewhere: every item of the device would meet the same.
  'redirect_refused'
])

/** The gateway itself is failing (an error answer, no answer, garbage, not reachable): news about its device. */
const GATEWAY_FAILING: ReadonlySet<string> = new Set<GatewayErrorCode>([
  'server_error',
  'timeout',
  'network',
  'bad_response'
])

export function isGatewayFailing(error: Pick<ClassifiedSendError, 'code'>): boolean {
  return GATEWAY_FAILING.has(error.code)
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
      reason: error instanceof Error ? error.message : String(error),
      gatewayMessage: null,
      retryAfterMs: null
    }
  }
  const base = {
    code: error.code,
    message: error.message,
    reason: sendFailureReason(error),
    gatewayMessage: error.gatewayMessage ?? null,
    // Capped here too: an error built elsewhere (a test double, a future transport) must not hold a device for days.
    retryAfterMs: error.retryAfterMs === undefined ? null : capRetryAfter(error.retryAfterMs)
  }
  switch (error.code) {
    case 'rate_limited':
      return { ...base, action: 'retry' }
    case 'network':
      // Refused before a byte was sent: surely not taken. Cut off on the way: reconciled.
      return { ...base, action: mayHaveReachedGateway(error) ? 'reconcile' : 'retry' }
    default:
      if (mayHaveReachedGateway(error)) return { ...base, action: 'reconcile' }
      return { ...base, action: DEVICE_CODES.has(error.code) ? 'pause-device' : 'fail-item' }
  }
}

const REASON_KEYS: Record<GatewayErrorCode, MessageKey> = {
  network: 'desktop.gateway.network',
  timeout: 'desktop.gateway.timeout',
  rate_limited: 'desktop.gateway.rateLimited',
  server_error: 'desktop.gateway.serverError',
  bad_response: 'desktop.gateway.badResponse',
  aborted: 'desktop.gateway.aborted',
  token_invalid: 'desktop.gateway.tokenInvalid',
  secret_invalid: 'desktop.gateway.secretInvalid',
  device_not_found: 'desktop.gateway.deviceNotFound',
  device_not_connected: 'desktop.gateway.deviceNotConnected',
  quota_exceeded: 'desktop.gateway.quotaExceeded',
  file_too_large: 'desktop.gateway.fileTooLarge',
  file_type: 'desktop.gateway.fileType',
  audio_caption: 'desktop.gateway.audioCaption',
  invalid_input: 'desktop.gateway.invalidInput',
  rejected: 'desktop.gateway.rejected',
  not_supported: 'desktop.gateway.notSupported',
  redirect_refused: 'desktop.gateway.redirectRefused'
}

/** Codes the client also raises from its own checks, whose English message names the detail (which file, which limit). */
const CHECKED_LOCALLY: ReadonlySet<GatewayErrorCode> = new Set([
  'invalid_input',
  'file_too_large',
  'file_type'
])

/**
 * Why a send failed, for the operator, as an encoded note: the code's reason, the HTTP status and the gateway's
 * own words (quoted as they came). A refusal our client made before asking the gateway keeps its detailed
 * English text: it names the file or the limit, which the code alone cannot.
 */
export function sendFailureReason(error: GatewayError): string {
  if (CHECKED_LOCALLY.has(error.code) && error.httpStatus === undefined && error.gatewayMessage === undefined)
    return error.message
  let reason = encodeNote(
    REASON_KEYS[error.code],
    error.code === 'redirect_refused' ? { target: error.redirectTarget ?? '?' } : {}
  )
  if (error.httpStatus !== undefined && error.code !== 'rate_limited' && error.code !== 'redirect_refused')
    reason = encodeNote('desktop.gateway.httpStatus', { reason, status: error.httpStatus })
  if (error.gatewayMessage)
    reason = encodeNote('desktop.gateway.said', { reason, gateway: error.gatewayMessage })
  return reason
}
