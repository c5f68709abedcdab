// Every credential form the reference lists: `Authorization: token[.secret]`, `Bearer`, `Secret-key`, `?token=`.

import type { IncomingHttpHeaders } from 'node:http'
import type { DeviceRecord } from './records'
import { GATEWAY_MESSAGES, GatewayRejection, tokenInvalid } from './rejections'
import type { WorldState } from './world'

export interface Credential {
  token: string
  secret: string | null
  /** Where the token came from: the query (`?token=`) and path forms are the ones the reference documents bare. */
  from: 'header' | 'query' | 'path'
}

function headerText(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined
}

/** Splits `token.secret` on the first dot, as the gateway does (secrets may contain dots, tokens do not). */
function splitCredential(raw: string, from: Credential['from']): Credential {
  const dot = raw.indexOf('.')
  return dot < 0
    ? { token: raw, secret: null, from }
    : { token: raw.slice(0, dot), secret: raw.slice(dot + 1) || null, from }
}

/** The credential in a request, header first, then `?token=` (or a path token such as `device/info/{token}`). */
export function credentialOf(
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  pathToken?: string
): Credential | null {
  const authorization = headerText(headers, 'authorization')?.replace(/^bearer\s+/i, '')
  const queryToken = query.get('token')?.trim()
  const raw = authorization || queryToken || pathToken
  if (!raw) return null
  const credential = splitCredential(raw, authorization ? 'header' : queryToken ? 'query' : 'path')
  // The SLiMS plugin sends the secret in its own header.
  const secretHeader = headerText(headers, 'secret-key')
  return credential.secret === null && secretHeader ? { ...credential, secret: secretHeader } : credential
}

export interface AuthOptions {
  /** device/info still answers for an expired device, with the `device expired` note. */
  allowExpired?: boolean
  /**
   * device/info, device/scan and the legacy reconnect are documented with `?token=<token>` alone: there a device
   * with a secret key is served without it (a wrong secret is still refused).
   */
  bareQueryToken?: boolean
  /** check-phone-number is documented with `Authorization: <token>` alone. */
  bareHeaderToken?: boolean
}

/** The device a request speaks for. Expired devices are refused unless `allowExpired`. */
export function authenticate(
  world: WorldState,
  credential: Credential | null,
  options: AuthOptions = {}
): DeviceRecord {
  if (!credential) throw tokenInvalid()
  const device = world.deviceByToken(credential.token)
  if (!device) throw tokenInvalid()
  const bareAllowed =
    (options.bareQueryToken === true && credential.from !== 'header') || options.bareHeaderToken === true
  if (device.secret !== null) {
    if (credential.secret === null && bareAllowed) return refuseExpired(device, options)
    if (credential.secret === null) throw new GatewayRejection(GATEWAY_MESSAGES.needSecret, 401)
    if (credential.secret !== device.secret) throw new GatewayRejection(GATEWAY_MESSAGES.secretInvalid, 401)
  }
  return refuseExpired(device, options)
}

function refuseExpired(device: DeviceRecord, options: AuthOptions): DeviceRecord {
  if (device.state === 'expired' && !options.allowExpired) throw tokenInvalid()
  return device
}
