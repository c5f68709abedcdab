/**
 * Serves the built window from `app://renderer/` instead of file://. With the GrantFileProtocolExtraPrivileges
 * fuse off (as release builds set it), module scripts no longer load from file:// — and a custom secure scheme
 * also gives the page a real origin for the IPC sender check. Only files under out/renderer are served.
 */
import { net, protocol } from 'electron'
import { join, normalize, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy'

export const RENDERER_ORIGIN = 'app://renderer'
export const RENDERER_ENTRY = `${RENDERER_ORIGIN}/index.html`

/**
 * Must run before app `ready`. `codeCache`: V8 keeps the window's compiled scripts between starts, as it does for
 * http(s); without it every start compiles the start chunk again, function by function as each is first called, and
 * that is most of what the window's first load spends beyond a minimal React app (issue 29, docs/perf-status.md).
 */
export function registerRendererScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, codeCache: true } }
  ])
}

export function serveRenderer(rendererDir: string): void {
  const root = normalize(rendererDir)
  protocol.handle('app', async (request) => {
    const url = new URL(request.url)
    if (url.host !== 'renderer') return new Response('Not found', { status: 404 })
    let path: string
    try {
      path = decodeURIComponent(url.pathname)
    } catch {
      // A malformed escape (`%E0%A4%A`) is the page's bad request, not the main process's URIError.
      return new Response('Bad request', { status: 400 })
    }
    const file = normalize(join(root, path))
    if (!file.startsWith(root + sep)) return new Response('Forbidden', { status: 403 })
    const response = await net.fetch(pathToFileURL(file).toString())
    const headers = new Headers(response.headers)
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    headers.set('X-Content-Type-Options', 'nosniff')
    return new Response(response.body, { status: response.status, headers })
  })
}
