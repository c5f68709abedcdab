// Every credential form the reference lists: `Authorization: token[.secret]`, `Bearer`, `Secret-key`, `?token=`.

import type { IncomingHttpHeaders } from 'node:http'
import type { DeviceRecord } from './records'
import { GATEWAY_MESSAGES, GatewayRejection, tokenInvalid } from './rejections'
import type { WorldState } from './world'

export interface Credential {
  token: string
  secret: string | null
}

function headerText(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined
}

/** Splits `token.secret` on the first dot, as the gateway does (secrets may contain dots, tokens do not). */
function splitCredential(raw: string): Credential {
  const dot = raw.indexOf('.')
  return dot < 0
    ? { token: raw, secret: null }
    : { token: raw.slice(0, dot), secret: raw.slice(dot + 1) || null }
}

/** The credential in a request, header first, then `?token=` (or a path token such as `device/info/{token}`). */
export function credentialOf(
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  pathToken?: string
): Credential | null {
  const authorization = headerText(headers, 'authorization')?.replace(/^bearer\s+/i, '')
  const raw = authorization || query.get('token')?.trim() || pathToken
  if (!raw) return null
  const credential = splitCredential(raw)
  // The SLiMS plugin sends the secret in its own header.
  const secretHeader = headerText(headers, 'secret-key')
  return credential.secret === null && secretHeader ? { ...credential, secret: secretHeader } : credential
}

/**
 * The device a request speaks for. Expired devices are refused unless `allowExpired` (device/info still answers
 * for them, with the `device expired` note).
 */
export function authenticate(
  world: WorldState,
  credential: Credential | null,
  options: { allowExpired?: boolean } = {}
): DeviceRecord {
  if (!credential) throw tokenInvalid()
  const device = world.deviceByToken(credential.token)
  if (!device) throw tokenInvalid()
  if (device.secret !== null) {
    if (credential.secret === null) throw new GatewayRejection(GATEWAY_MESSAGES.needSecret, 401)
    if (credential.secret !== device.secret) throw new GatewayRejection(GATEWAY_MESSAGES.secretInvalid, 401)
  }
  if (device.state === 'expired' && !options.allowExpired) throw tokenInvalid()
  return device
}
