// Where the sandbox may POST a webhook: public addresses only, unless the run opts in: to this computer only (a relay
// on loopback) or to every private address (tests).
// A URL with credentials, or whose host is (or resolves to) a loopback, link-local, private or unspecified address,
// is refused; the address checked is the one the socket connects to, so a name that re-resolves (DNS rebinding)
// cannot slip through between the check and the connection.

import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'

const LOOPBACK = 'a loopback address'

/** Address ranges refused as webhook targets, and how a refusal names them. */
const RANGES: { family: 'ipv4' | 'ipv6'; network: string; prefix: number; what: string }[] = [
  { family: 'ipv4', network: '0.0.0.0', prefix: 8, what: 'an unspecified address' },
  { family: 'ipv4', network: '127.0.0.0', prefix: 8, what: LOOPBACK },
  { family: 'ipv4', network: '10.0.0.0', prefix: 8, what: 'a private address' },
  { family: 'ipv4', network: '172.16.0.0', prefix: 12, what: 'a private address' },
  { family: 'ipv4', network: '192.168.0.0', prefix: 16, what: 'a private address' },
  { family: 'ipv4', network: '100.64.0.0', prefix: 10, what: 'a private (carrier-grade NAT) address' },
  { family: 'ipv4', network: '169.254.0.0', prefix: 16, what: 'a link-local address' },
  { family: 'ipv4', network: '224.0.0.0', prefix: 4, what: 'a multicast address' },
  { family: 'ipv4', network: '240.0.0.0', prefix: 4, what: 'a reserved address' },
  { family: 'ipv6', network: '::', prefix: 128, what: 'an unspecified address' },
  { family: 'ipv6', network: '::1', prefix: 128, what: LOOPBACK },
  { family: 'ipv6', network: 'fe80::', prefix: 10, what: 'a link-local address' },
  { family: 'ipv6', network: 'fc00::', prefix: 7, what: 'a private address' },
  { family: 'ipv6', network: 'ff00::', prefix: 8, what: 'a multicast address' }
]

const LISTS = RANGES.map((range) => {
  const list = new BlockList()
  list.addSubnet(range.network, range.prefix, range.family)
  return { list, what: range.what }
})

/** What kind of non-public address this is ("a loopback address"…), or null for a public one. */
export function nonPublicAddress(address: string): string | null {
  const family = isIP(address)
  if (family === 0) return null
  // BlockList matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against the IPv4 ranges too.
  const type = family === 4 ? 'ipv4' : 'ipv6'
  for (const { list, what } of LISTS) if (list.check(address, type)) return what
  return null
}

/** Resolves a host name to all its addresses (node:dns `lookup` with `all: true`; tests pass their own). */
export type ResolveAll = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void
) => void

export interface WebhookTargetPolicy {
  /** Let webhooks reach loopback, link-local and private addresses (tests). */
  allowPrivateTargets: boolean
  /** Let webhooks reach this computer only (127/8, ::1, localhost): a relay on loopback; private networks stay refused. */
  allowLoopbackTargets?: boolean
  /**
   * Let webhooks reach these loopback origins only (`http://127.0.0.1:8787`): a relay the app itself runs on this
   * computer. Asked with the URL's origin when a URL is set and before each POST. Only address literals can pass (a
   * name is resolved, and the resolved loopback address is refused), so `localhost` is no way around it.
   */
  allowLoopbackOrigin?: (origin: string) => boolean
  /** The system resolver unless a test gives another (e.g. a name that rebinds to 127.0.0.1). */
  resolve?: ResolveAll
}

/** Why an address may not be a target under the policy ("a loopback address"…), or null when it may. */
function refusedAddress(address: string, policy: WebhookTargetPolicy): string | null {
  if (policy.allowPrivateTargets) return null
  const what = nonPublicAddress(address)
  return what === LOOPBACK && policy.allowLoopbackTargets === true ? null : what
}

/** The host without IPv6 brackets or the root's trailing dot (`localhost.` is localhost). */
const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '')

/**
 * Why this URL may not be a webhook target, from the URL alone (no DNS), or null. Used when a URL is set and again
 * before each POST; the resolved address is checked at connect time by `vettedLookup`.
 */
export function webhookTargetRefusal(raw: string, policy: WebhookTargetPolicy): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'it is not a URL'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http and https are allowed'
  if (url.username !== '' || url.password !== '')
    return 'it carries a user name or password (put a secret in the path instead)'
  if (policy.allowPrivateTargets) return null
  const host = hostOf(url).toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost'))
    return policy.allowLoopbackTargets === true ? null : `${host} is ${LOOPBACK}`
  const what = refusedAddress(host, policy)
  if (loopbackOriginAllowed(url, policy) !== null) return null
  return what === null ? null : `${host} is ${what}`
}

/**
 * The loopback address literal of a URL whose origin the policy names (`allowLoopbackOrigin`), or null: the one
 * address such a URL may connect to.
 */
function loopbackOriginAllowed(url: URL, policy: WebhookTargetPolicy): string | null {
  const host = hostOf(url)
  if (isIP(host) === 0 || nonPublicAddress(host) !== LOOPBACK) return null
  return policy.allowLoopbackOrigin?.(url.origin) === true ? host : null
}

/** The refusal of a connection to a non-public address; its message is shown on the delivery's attempt. */
export class WebhookTargetRefused extends Error {
  readonly code = 'WEBHOOK_TARGET_REFUSED'
}

/**
 * A `lookup` for http.request: resolves the host and hands the socket only addresses that pass the policy, so the
 * address checked is the address connected to. A name with any non-public address is refused whole.
 */
export function vettedLookup(policy: WebhookTargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const resolve: ResolveAll =
      policy.resolve ?? ((name, done) => dnsLookup(name, { family: options.family ?? 0, all: true }, done))
    resolve(hostname, (error, addresses) => {
      if (error) {
        callback(error, '', 0)
        return
      }
      const refused = addresses.find((entry) => refusedAddress(entry.address, policy) !== null)
      if (refused) {
        const what = refusedAddress(refused.address, policy)
        callback(
          new WebhookTargetRefused(`refused: ${hostname} resolves to ${refused.address}, ${what}`),
          '',
          0
        )
        return
      }
      if (options.all) callback(null, addresses)
      else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4)
    })
  }
}

/** An answer to a webhook POST, its body read up to the cap. */
export interface WebhookHttpAnswer {
  status: number
  /** Media type only, lower case, '' when absent. */
  contentType: string
  text: string
}

/**
 * POSTs a JSON body to `url` on a fresh connection whose address passed the policy (checked at lookup and again
 * once connected), reading at most `maxAnswerBytes` of the answer (the connection is dropped after that). Redirects
 * are not followed.
 */
export function postWebhook(
  url: string,
  body: string,
  options: { signal: AbortSignal; policy: WebhookTargetPolicy; maxAnswerBytes: number; userAgent: string }
): Promise<WebhookHttpAnswer> {
  const { signal, policy, maxAnswerBytes } = options
  return new Promise((resolve, reject) => {
    const refusal = webhookTargetRefusal(url, policy)
    if (refusal !== null) {
      reject(new WebhookTargetRefused(`refused: ${refusal}`))
      return
    }
    const target = new URL(url)
    const allowedLoopback = loopbackOriginAllowed(target, policy)
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest
    const request = send(
      target,
      {
        method: 'POST',
        agent: false,
        signal,
        lookup: vettedLookup(policy),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': options.userAgent
        }
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        let finished = false
        const finish = (): void => {
          if (finished) return
          finished = true
          const contentType =
            (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
          resolve({
            status: response.statusCode ?? 0,
            contentType,
            text: Buffer.concat(chunks).toString('utf8')
          })
        }
        response.on('data', (chunk: Buffer) => {
          if (finished) return
          const room = maxAnswerBytes - size
          if (chunk.length >= room) {
            chunks.push(chunk.subarray(0, room))
            size = maxAnswerBytes
            finish()
            // The rest is never read.
            response.destroy()
            return
          }
          chunks.push(chunk)
          size += chunk.length
        })
        response.on('end', finish)
        response.on('error', (error) => {
          if (!finished) reject(error)
        })
      }
    )
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        const address = socket.remoteAddress ?? ''
        if (allowedLoopback !== null && address === allowedLoopback) return
        const what = refusedAddress(address, policy)
        if (what !== null)
          request.destroy(
            new WebhookTargetRefused(`refused: ${target.hostname} connected to ${address}, ${what}`)
          )
      })
    })
    request.on('error', reject)
    request.end(body)
  })
}
