/**
 * What the window may open and where it may go: links leave for the browser only when they point at the gateway's
 * documentation or one of the configured gateways, and every kind of navigation (the page's own, a server
 * redirect, a subframe's) is held to the app's own page. Pure rules plus one wiring function, testable without
 * Electron.
 */

/** Where the gateway's documentation and support pages live. */
export const DOCUMENTATION_HOSTS: readonly string[] = ['wablas.com', 'www.wablas.com']

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * Whether a link may be handed to the operator's browser: https on a documentation host, or the exact origin of a
 * configured gateway (its web dashboard; the registry admits http only on loopback). Never credentials in the URL,
 * never another scheme (file:, smb:, a custom protocol handler).
 */
export function isAllowedExternalUrl(url: string, gatewayBaseUrls: readonly string[]): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.username || parsed.password) return false
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false
  if (gatewayBaseUrls.some((base) => originOf(base) === parsed.origin)) return true
  return parsed.protocol === 'https:' && parsed.port === '' && DOCUMENTATION_HOSTS.includes(parsed.hostname)
}

/** The navigation events of a WebContents that we guard (a structural subset, so tests need no Electron). */
export interface NavigationSource {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { url?: string; preventDefault(): void }, url?: string) => void
  ): unknown
  on(
    event: 'will-frame-navigate',
    listener: (details: { url: string; preventDefault(): void }) => void
  ): unknown
}

/** Holds the main frame, its redirects and every subframe to `isTrusted` URLs. */
export function guardNavigation(contents: NavigationSource, isTrusted: (url: string) => boolean): void {
  const guard = (event: { url?: string; preventDefault(): void }, url?: string): void => {
    // Electron passes the URL on the event (newer) and as the second argument (older, deprecated).
    const target = event.url ?? url ?? ''
    if (!isTrusted(target)) event.preventDefault()
  }
  contents.on('will-navigate', guard)
  contents.on('will-redirect', guard)
  contents.on('will-frame-navigate', (details) => guard(details))
}
