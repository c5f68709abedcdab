// `npm run dev` renders: the dev server's page gets a policy that lets React's preamble and Vite's hot reload run,
// while the built page keeps the release CSP (the plugin applies to the dev server only).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEV_SERVER_CSP, devServerCsp } from '../../electron.vite.config'

const indexHtml = readFileSync(join(import.meta.dirname, '../../src/renderer/index.html'), 'utf8')
const policyOf = (html: string): string =>
  /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? ''

describe('the window’s CSP in development', () => {
  it('lets the inline refresh preamble and the hot-reload socket through on the dev server', () => {
    const plugin = devServerCsp()
    expect(plugin.apply).toBe('serve')
    const transform = plugin.transformIndexHtml as (html: string) => string
    const served = policyOf(transform(indexHtml))
    expect(served).toBe(DEV_SERVER_CSP)
    expect(served).toContain("script-src 'self' 'unsafe-inline'")
    expect(served).toMatch(/connect-src [^;]*ws:\/\/localhost:\*/)
    // Still no remote code or connections to anywhere else.
    expect(served).not.toMatch(/https?:|\*(?!\s|;|$)/)
  })

  it('leaves the release policy in index.html strict for built pages', () => {
    expect(policyOf(indexHtml)).toContain("script-src 'self';")
    expect(policyOf(indexHtml)).toContain("connect-src 'none'")
  })
})
