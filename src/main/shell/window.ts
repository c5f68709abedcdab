/**
 * The operator's window with the security posture a messaging tool needs: sandboxed, context-isolated
 * renderer without Node, a strict CSP (also sent as a header), no navigation, no new windows, no
 * permissions. Closing hides it to the tray; the first time, the operator is told where it went.
 */
import { BrowserWindow, session, shell, type WebContents } from 'electron'
import { join } from 'node:path'
import { RENDERER_ENTRY } from './renderer-protocol'

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join('; ')

/** The only page our window may show: the built renderer, or the dev server in `npm run dev`. */
export function isTrustedUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    const devUrl = process.env['ELECTRON_RENDERER_URL']
    if (devUrl) return parsed.origin === new URL(devUrl).origin
    return parsed.protocol === 'app:' && parsed.host === 'renderer'
  } catch {
    return false
  }
}

export function isTrustedSender(contents: WebContents, frameUrl: string | undefined): boolean {
  return frameUrl !== undefined && isTrustedUrl(frameUrl) && !contents.isDestroyed()
}

let hardened = false

/** Session-wide rules, set once: CSP header and a blanket "no" to permission requests. */
function hardenSession(): void {
  if (hardened) return
  hardened = true
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] }
    })
  })
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.defaultSession.setPermissionCheckHandler(() => false)
}

export interface WindowOptions {
  /** Called when the window is closed by the operator while the app keeps running in the tray. */
  onHiddenToTray: () => void
  isQuitting: () => boolean
}

export function createMainWindow(options: WindowOptions): BrowserWindow {
  hardenSession()
  const window = new BrowserWindow({
    width: 1100,
    height: 760,
    minWidth: 360,
    minHeight: 480,
    show: false,
    title: 'Sender Desk',
    icon: join(import.meta.dirname, '../../resources/icon.png'),
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false
    }
  })
  window.once('ready-to-show', () => {
    if (!process.argv.includes('--hidden')) window.show()
  })
  window.webContents.setWindowOpenHandler(({ url }) => {
    // Links to the gateway's documentation or support open in the browser; nothing opens in-app.
    if (url.startsWith('https://')) void shell.openExternal(url)
    return { action: 'deny' }
  })
  window.webContents.on('will-navigate', (event, url) => {
    if (!isTrustedUrl(url)) event.preventDefault()
  })
  window.webContents.on('will-attach-webview', (event) => event.preventDefault())
  window.on('close', (event) => {
    if (options.isQuitting()) return
    event.preventDefault()
    window.hide()
    options.onHiddenToTray()
  })
  void window.loadURL(process.env['ELECTRON_RENDERER_URL'] ?? RENDERER_ENTRY)
  return window
}
