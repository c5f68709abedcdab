// Operator-facing device errors: a code for the window, a message that can be shown as is, and the form field at fault.
import { ApiFailure, type KeyedText } from '../commands'
import { isGatewayError } from '../gateway'
import { redact } from '../logging'
import { isSandboxDevice } from '../../../shared/device-status'
import type { MessageKey } from '../../../shared/i18n'
import { encodeNote } from '../../../shared/i18n/notes'

export type DeviceErrorCode =
  | 'invalid_url'
  | 'invalid_label'
  | 'invalid_token'
  | 'token_invalid'
  | 'secret_invalid'
  | 'unreachable'
  | 'not_a_gateway'
  | 'gateway_error'
  /** The gateway answered with a server error (5xx) / asked to slow down (429): reached, and busy. */
  | 'server_error'
  | 'rate_limited'
  | 'rejected'
  | 'duplicate'
  | 'not_found'
  | 'token_locked'
  | 'vault_failed'
  | 'invalid_phone'

/** Extends ApiFailure so the contract dispatcher shows its message to the operator unchanged. */
export class DeviceError extends ApiFailure {
  declare readonly code: DeviceErrorCode
  constructor(code: DeviceErrorCode, message: string | KeyedText, field?: string) {
    super(code, message, field)
    this.name = 'DeviceError'
  }
}

export function isDeviceError(value: unknown): value is DeviceError {
  return value instanceof DeviceError
}

/**
 * A gateway failure in the operator's words. `secrets` are masked from every message (the client already
 * redacts its own errors; this guards the texts we compose and any gateway echo).
 */
export function deviceErrorFromGateway(
  error: unknown,
  context: {
    baseUrl: string
    action: MessageKey
    secrets?: ReadonlyArray<string | undefined>
    /** The device asked for: the built-in sandbox's runs on this computer, with no address or network to check. */
    device?: { sandbox?: boolean | undefined } | undefined
  }
): DeviceError {
  const clean = (text: string): string => redact(text, context.secrets ?? [])
  if (isDeviceError(error))
    return new DeviceError(
      error.code,
      error.text ? cleanText(error.text, clean) : clean(error.message),
      error.field
    )
  const { baseUrl } = context
  // The action is a note of its own ("Restarting the device"), worded inside the refusal's sentence.
  const action = encodeNote(context.action)
  if (!isGatewayError(error))
    return new DeviceError('gateway_error', { key: 'desktop.error.deviceUnexpected', params: { action } })
  // The gateway's own words, quoted as they came after our sentence (in the operator's language).
  const said = error.gatewayMessage
    ? encodeNote('desktop.error.gatewaySaid', { gateway: clean(error.gatewayMessage) })
    : ''
  switch (error.code) {
    case 'token_invalid':
      return new DeviceError(
        'token_invalid',
        { key: 'desktop.error.tokenRejected', params: { said, baseUrl } },
        'token'
      )
    case 'device_not_found':
      return new DeviceError(
        'token_invalid',
        { key: 'desktop.error.tokenUnknown', params: { said } },
        'token'
      )
    case 'secret_invalid':
      return new DeviceError(
        'secret_invalid',
        { key: 'desktop.error.secretRejected', params: { said } },
        'secret'
      )
    case 'network':
      return new DeviceError(
        'unreachable',
        {
          key: isSandboxDevice(context.device ?? {})
            ? 'desktop.error.sandboxUnreachable'
            : 'desktop.error.unreachable',
          params: { baseUrl }
        },
        'baseUrl'
      )
    case 'timeout':
      return new DeviceError('unreachable', { key: 'desktop.error.tooSlow', params: { baseUrl } }, 'baseUrl')
    case 'not_supported':
    case 'bad_response':
      return new DeviceError(
        'not_a_gateway',
        { key: 'desktop.error.notAGateway', params: { baseUrl } },
        'baseUrl'
      )
    // Told apart from any other failure (the linking wizard says each as the device card says its check's cause).
    case 'server_error':
    case 'rate_limited':
      return new DeviceError(
        error.code,
        error.httpStatus
          ? { key: 'desktop.error.gatewayTroubleStatus', params: { status: error.httpStatus, said } }
          : { key: 'desktop.error.gatewayTrouble', params: { said } }
      )
    case 'device_not_connected':
      return new DeviceError('rejected', { key: 'desktop.error.needsConnected', params: { action, said } })
    case 'invalid_input':
      return new DeviceError('rejected', clean(error.message))
    default:
      return new DeviceError(
        'rejected',
        said
          ? { key: 'desktop.error.actionRefused', params: { action, said } }
          : { key: 'desktop.error.actionRefusedCode', params: { action, code: error.code } }
      )
  }
}

/** Keyed text with every plain-text param masked (a gateway echo may carry a secret). */
function cleanText(text: KeyedText, clean: (text: string) => string): KeyedText {
  const params = Object.fromEntries(
    Object.entries(text.params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'string' ? clean(value) : value
    ])
  )
  return { key: text.key, params }
}
