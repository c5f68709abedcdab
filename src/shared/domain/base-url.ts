// Gateway base URLs: https to any host, plain http only to this computer unless the caller explicitly allows it.

export interface BaseUrlOptions {
  /** Plain http:// to a non-loopback host sends the token unencrypted; only an explicit opt-in allows it (CLI --allow-insecure-http). */
  allowInsecureHttp?: boolean
}

export type BaseUrlProblem = 'empty' | 'not_a_url' | 'scheme' | 'credentials' | 'query' | 'insecure_http'

export type BaseUrlCheck =
  { ok: true; value: string } | { ok: false; problem: BaseUrlProblem; message: string }

const ENDPOINT_SUFFIX = /\/api$/i

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  // Only `localhost` itself: a name under .localhost is resolved by whatever DNS the machine uses, not always to
  // this computer, so it could carry the token off in clear text.
  if (host === 'localhost') return true
  if (host === '[::1]' || host === '::1') return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/**
 * The canonical form of a gateway address (`solo.wablas.com/api/` → `https://solo.wablas.com`), or what is
 * wrong with it in words an operator can act on. https is assumed when no scheme is typed.
 */
export function checkBaseUrl(input: string, options: BaseUrlOptions = {}): BaseUrlCheck {
  const text = typeof input === 'string' ? input.trim() : ''
  const fail = (problem: BaseUrlProblem, message: string): BaseUrlCheck => ({ ok: false, problem, message })
  if (text === '') return fail('empty', 'Enter the gateway address, for example https://solo.wablas.com.')
  // `http:/host` or `https:host` is a mistyped scheme, not a host named "http": refused rather than guessed at.
  if (/^https?:(?!\/\/)/i.test(text)) {
    return fail(
      'not_a_url',
      `"${text.slice(0, 80)}" is not a web address. Use the form https://solo.wablas.com.`
    )
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return fail(
      'not_a_url',
      `"${text.slice(0, 80)}" is not a web address. Use the form https://solo.wablas.com.`
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return fail('scheme', 'The gateway address must start with https://.')
  }
  if (url.username || url.password) {
    return fail('credentials', 'Leave the user name and password out of the gateway address.')
  }
  if (url.search || url.hash) {
    return fail(
      'query',
      'Enter the server address only (no ?token= or other parameters), for example https://solo.wablas.com.'
    )
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && options.allowInsecureHttp !== true) {
    return fail(
      'insecure_http',
      'Plain http:// would send the token unencrypted; use https:// (http is only allowed for this computer).'
    )
  }
  let path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '')
  while (ENDPOINT_SUFFIX.test(path)) path = path.replace(ENDPOINT_SUFFIX, '').replace(/\/+$/, '')
  return { ok: true, value: `${url.protocol}//${url.host}${path}` }
}

/** The longest webhook or callback address the app passes on. */
export const MAX_HTTP_URL_LENGTH = 500

/** What is wrong with a webhook or callback address, each worded on its own by the front doors. */
export type HttpUrlProblem =
  | 'too_long'
  | 'scheme'
  | 'not_a_url'
  | 'port'
  | 'credentials'
  | 'host'
  | 'host_underscore'
  | 'ip_part'
  | 'insecure_http'

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
// The port as typed (the URL parser refuses one out of range without saying so): after the host, before the path.
const TYPED_PORT = /^https?:\/\/(?:[^/?#@]*@)?(?:\[[^\]]*\]|[^/?#:]*):(\d+)(?:[/?#]|$)/i

/** The host as typed (between `//` and the port or path), to name it in the words of a host problem. */
export const typedHost = (value: string): string =>
  /^[a-z]+:\/\/(?:[^/?#@]*@)?([^/?#:]*)/i.exec(value.trim())?.[1] ?? ''

/** A host name that can exist: an IP address, or dot-separated labels of letters, digits and inner dashes. */
function isPossibleHost(hostname: string): boolean {
  if (hostname.startsWith('[')) return true
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname
  return name.length <= 253 && name.split('.').every((label) => HOST_LABEL.test(label))
}

/**
 * What is wrong with a webhook or callback address the gateway will POST to, or null when nothing is: `https://`
 * (or `http://` to this computer only, as the relay's addresses: the address may carry a secret and what is posted
 * is private) typed out, no spaces, a port from 1 to 65535, no user name or password, a host name that can exist, at most MAX_HTTP_URL_LENGTH
 * characters. Surrounding spaces are ignored.
 */
export function httpUrlProblem(input: string): HttpUrlProblem | null {
  const text = input.trim()
  if (text.length > MAX_HTTP_URL_LENGTH) return 'too_long'
  if (!/^https?:\/\//i.test(text)) return 'scheme'
  if (!/^\S+$/.test(text)) return 'not_a_url'
  const port = TYPED_PORT.exec(text)?.[1]
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return 'port'
  // An IPv4 address with a part over 255: the URL parser refuses it without saying why.
  const host = typedHost(text)
  if (/^\d+(?:\.\d+){3}\.?$/.test(host) && host.split('.').some((part) => Number(part) > 255))
    return 'ip_part'
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'not_a_url'
  }
  // The gateway refuses a user name or password in a webhook address: a secret goes in the path.
  if (url.username || url.password) return 'credentials'
  if (url.hostname.includes('_')) return 'host_underscore'
  if (!isPossibleHost(url.hostname)) return 'host'
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return 'insecure_http'
  return null
}

/** A webhook or callback address the gateway may POST to: one with no httpUrlProblem. */
export function isHttpUrl(input: string): boolean {
  return httpUrlProblem(input) === null
}
