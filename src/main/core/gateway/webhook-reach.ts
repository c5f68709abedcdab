// Whether a device's gateway can reach a webhook address at all. A gateway POSTs from where it runs: one on the
// internet cannot reach this computer (localhost, 127.0.0.1) or a private network (192.168.x, 10.x, printer.local),
// and a hosted gateway takes such an address and posts nowhere. So it is refused before the request, at the field,
// in words. A gateway run on this computer (a compatible one, or a test's) reaches both; one on the office network
// reaches that network.
import { BlockList, isIP } from 'node:net'

/** Where an address leads: the computer it is typed on, a private network, or the internet. */
export type AddressPlace = 'this-computer' | 'private-network' | 'internet'

function blockList(subnets: readonly [string, number][]): BlockList {
  const list = new BlockList()
  for (const [network, prefix] of subnets)
    list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4')
  return list
}

// 0.0.0.0 and :: reach the computer they are used on.
const THIS_COMPUTER = blockList([
  ['127.0.0.0', 8],
  ['0.0.0.0', 8],
  ['::1', 128],
  ['::', 128]
])
const PRIVATE_NETWORK = blockList([
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['fc00::', 7],
  ['fe80::', 10]
])
// Names only a local network answers: mDNS (.local), the home network's (RFC 8375) and common office suffixes.
const PRIVATE_SUFFIXES = ['.local', '.lan', '.home.arpa', '.internal', '.intranet', '.corp']

/** The host of a URL without IPv6 brackets or the root's trailing dot, in lower case. */
export function urlHost(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()
}

/** Where this address leads, from the URL alone (no DNS: a public name is taken at its word). */
export function addressPlace(url: URL): AddressPlace {
  const host = urlHost(url)
  const family = isIP(host)
  if (family !== 0) {
    // BlockList matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against the IPv4 ranges too.
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (THIS_COMPUTER.check(host, type)) return 'this-computer'
    return PRIVATE_NETWORK.check(host, type) ? 'private-network' : 'internet'
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return 'this-computer'
  // A name of one label (https://intranet/…) is completed by the local network's search domain.
  if (!host.includes('.') || PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix)))
    return 'private-network'
  return 'internet'
}

/**
 * Why a gateway at `gatewayBaseUrl` cannot reach `target`: the place the target is in, or null when it can. A
 * gateway reaches its own place and everything wider: on this computer, everything; on a private network, that
 * network and the internet; on the internet, the internet only.
 */
export function unreachableBy(
  gatewayBaseUrl: string,
  target: string
): Exclude<AddressPlace, 'internet'> | null {
  const to = addressPlace(new URL(target))
  if (to === 'internet') return null
  const from = addressPlace(new URL(gatewayBaseUrl))
  if (from === 'this-computer') return null
  return to === 'private-network' && from === 'private-network' ? null : to
}
