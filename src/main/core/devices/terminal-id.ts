// The id the terminal files a device's messages under: a one-way hash of the gateway address and token (the token is
// never written), the same for every spelling of one address. The app keeps these ids in its device list, so the
// terminal, given a listed device's credentials, files its messages under that device (QA24 Q24-01).
import { createHash } from 'node:crypto'
import { checkBaseUrl, TERMINAL_DEVICE_PREFIX } from '../../../shared/domain'
import type { GatewayCredentials } from '../gateway'

type TerminalCredentials = Pick<GatewayCredentials, 'baseUrl' | 'token'>

/** The id of a base URL and token: the same for every way of writing one gateway address. */
function idOf(baseUrl: string, token: string): string {
  return `${TERMINAL_DEVICE_PREFIX}${createHash('sha256').update(`${baseUrl}\n${token}`).digest('hex').slice(0, 16)}`
}

/** The gateway address as the domain's rule writes it (scheme, case, `/api` and slashes folded), else as given. */
function canonicalBaseUrl(baseUrl: string): string {
  const checked = checkBaseUrl(baseUrl, { allowInsecureHttp: true })
  return checked.ok ? checked.value : baseUrl.trim().replace(/\/+$/, '')
}

/**
 * The terminal's device for these credentials: one per gateway address and token, whichever way the address is
 * written (`solo.wablas.com`, `https://SOLO.wablas.com/api/` and `https://solo.wablas.com` are one device).
 */
export function terminalDeviceId(credentials: TerminalCredentials): string {
  return idOf(canonicalBaseUrl(credentials.baseUrl), credentials.token)
}

/**
 * The ids earlier versions gave the same device (the address hashed as typed, less trailing slashes), so items
 * queued under an old spelling are still sent and listed as this device's.
 */
export function terminalDeviceAliases(credentials: TerminalCredentials): string[] {
  const canonical = canonicalBaseUrl(credentials.baseUrl)
  const bare = canonical.replace(/^https:\/\//, '')
  const spellings = [credentials.baseUrl.trim(), canonical, `${canonical}/api`, bare, `${bare}/api`]
  const ids = spellings.map((spelling) => idOf(spelling.replace(/\/+$/, ''), credentials.token))
  return [...new Set(ids)].filter((id) => id !== terminalDeviceId(credentials))
}

/** Every id the terminal may have filed these credentials' messages under: its own first, then earlier spellings'. */
export function terminalIdsOf(credentials: TerminalCredentials): string[] {
  return [terminalDeviceId(credentials), ...terminalDeviceAliases(credentials)]
}
