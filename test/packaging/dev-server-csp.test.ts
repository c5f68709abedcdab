// The window's CSP travels as a header only (src/shared/content-security-policy.ts): `npm run dev` renders when the
// dev server sends a policy that lets React's preamble and Vite's hot reload run, and index.html carries no <meta>
// policy, which would hold the built window's early script requests (issue 18).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Connect, ViteDevServer } from 'vite'
import { describe, expect, it } from 'vitest'
import { DEV_SERVER_CSP, devServerCsp } from '../../electron.vite.config'
import { CONTENT_SECURITY_POLICY } from '../../src/shared/content-security-policy'

const indexHtml = readFileSync(join(import.meta.dirname, '../../src/renderer/index.html'), 'utf8')

/** The headers the plugin's middleware sets on one dev-server response. */
function devServerHeaders(): Map<string, string> {
  const middlewares: Connect.NextHandleFunction[] = []
  const server = { middlewares: { use: (handler: Connect.NextHandleFunction) => middlewares.push(handler) } }
  const plugin = devServerCsp()
  ;(plugin.configureServer as (server: ViteDevServer) => void)(server as unknown as ViteDevServer)
  const headers = new Map<string, string>()
  const response = { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) }
  let passedOn = 0
  for (const middleware of middlewares)
    middleware({} as Connect.IncomingMessage, response as never, () => (passedOn += 1))
  expect(passedOn).toBe(middlewares.length)
  return headers
}

describe('the window’s CSP', () => {
  it('lets the inline refresh preamble and the hot-reload socket through on the dev server, as a header', () => {
    expect(devServerCsp().apply).toBe('serve')
    const served = devServerHeaders().get('content-security-policy') ?? ''
    expect(served).toBe(DEV_SERVER_CSP)
    expect(served).toContain("script-src 'self' 'unsafe-inline'")
    expect(served).toMatch(/connect-src [^;]*ws:\/\/localhost:\*/)
    // Still no remote code or connections to anywhere else.
    expect(served).not.toMatch(/https?:|\*(?!\s|;|$)/)
  })

  it('keeps the release policy strict', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';")
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'none'")
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'")
    // The inbox shows customers' media from blob: URLs only: no remote origin for images, videos or audio.
    expect(CONTENT_SECURITY_POLICY).toContain("img-src 'self' data: blob:;")
    expect(CONTENT_SECURITY_POLICY).toContain('media-src blob:;')
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:/)
  })

  it('is not in index.html, where a <meta> policy would hold the early script requests', () => {
    expect(indexHtml).not.toMatch(/Content-Security-Policy/i)
  })
})
