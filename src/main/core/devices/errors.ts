// Operator-facing device errors: a code for the window, a message that can be shown as is, and the form field at fault.
import { ApiFailure } from '../commands'
import { isGatewayError } from '../gateway'
import { redact } from '../logging'

export type DeviceErrorCode =
  | 'invalid_url'
  | 'invalid_label'
  | 'invalid_token'
  | 'token_invalid'
  | 'secret_invalid'
  | 'unreachable'
  | 'not_a_gateway'
  | 'gateway_error'
  | 'rejected'
  | 'duplicate'
  | 'not_found'
  | 'token_locked'
  | 'vault_failed'
  | 'invalid_phone'

/** Extends ApiFailure so the contract dispatcher shows its message to the operator unchanged. */
export class DeviceError extends ApiFailure {
  declare readonly code: DeviceErrorCode
  constructor(code: DeviceErrorCode, message: string, field?: string) {
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
  context: { baseUrl: string; action: string; secrets?: ReadonlyArray<string | undefined> }
): DeviceError {
  const clean = (text: string): string => redact(text, context.secrets ?? [])
  if (isDeviceError(error)) return new DeviceError(error.code, clean(error.message), error.field)
  if (!isGatewayError(error)) {
    return new DeviceError('gateway_error', `${context.action} failed unexpectedly; see the log for details.`)
  }
  const said = error.gatewayMessage ? ` The gateway said: "${clean(error.gatewayMessage)}".` : ''
  switch (error.code) {
    case 'token_invalid':
      return new DeviceError(
        'token_invalid',
        `The gateway rejected this token.${said} Check the token, and that ${context.baseUrl} is the server your device belongs to.`,
        'token'
      )
    case 'device_not_found':
      return new DeviceError(
        'token_invalid',
        `The gateway does not know a device with this token.${said}`,
        'token'
      )
    case 'secret_invalid':
      return new DeviceError(
        'secret_invalid',
        `The gateway rejected the secret key (newer accounts need the one from Device → Settings).${said}`,
        'secret'
      )
    case 'network':
      return new DeviceError(
        'unreachable',
        `Cannot reach ${context.baseUrl}. Check the address and your network.`,
        'baseUrl'
      )
    case 'timeout':
      return new DeviceError(
        'unreachable',
        `${context.baseUrl} did not answer in time. Try again later.`,
        'baseUrl'
      )
    case 'not_supported':
    case 'bad_response':
      return new DeviceError(
        'not_a_gateway',
        `${context.baseUrl} answered, but not like a Wablas-compatible gateway. Check the server URL (for example https://solo.wablas.com).`,
        'baseUrl'
      )
    case 'server_error':
    case 'rate_limited':
      return new DeviceError(
        'gateway_error',
        `The gateway is having trouble${error.httpStatus ? ` (HTTP ${error.httpStatus})` : ''}; try again in a moment.${said}`
      )
    case 'device_not_connected':
      return new DeviceError('rejected', `${context.action} needs the device to be connected.${said}`)
    case 'invalid_input':
      return new DeviceError('rejected', clean(error.message))
    default:
      return new DeviceError('rejected', `${context.action} was refused.${said || ` (${error.code})`}`)
  }
}
