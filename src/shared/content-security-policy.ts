/**
 * The window's Content-Security-Policy, with one owner. It travels as a response header only: from `app://` in the
 * app (src/main/shell/renderer-protocol.ts), from the dev server in `npm run dev` (electron.vite.config.ts) and from
 * the browser harness in tests. Not as a `<meta>` tag in index.html: Chromium holds the page's early script requests
 * until the parser has applied a meta policy, about 15 ms of every first load (issue 18), and the header is where
 * `frame-ancestors` counts anyway.
 */
export type CspDirective =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'media-src'
  | 'font-src'
  | 'connect-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors'

const RELEASE_DIRECTIVES: Readonly<Record<CspDirective, string>> = {
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  // Customers' videos and audio play from blob: URLs made of bytes the core fetched; nothing remote, ever.
  'media-src': 'blob:',
  'font-src': "'self'",
  'connect-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'"
}

/** The release policy with some directives replaced (the dev server's and the harness's needs). */
export function contentSecurityPolicy(replaced: Partial<Record<CspDirective, string>> = {}): string {
  return Object.entries({ ...RELEASE_DIRECTIVES, ...replaced })
    .map(([directive, sources]) => `${directive} ${sources}`)
    .join('; ')
}

/** What the built window is served with. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy()
