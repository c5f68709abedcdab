/**
 * The operator's window with the security posture a messaging tool needs: sandboxed, context-isolated
 * renderer without Node, a strict CSP (a header on app://), no navigation, no new windows, no
 * permission but the clipboard write. Closing hides it to the tray; the first time, the operator is told where it went.
 */
import { app, BrowserWindow, session, shell, type WebContents } from 'electron'
import { join } from 'node:path'
import { guardNavigation, isAllowedExternalUrl } from './navigation'
import { RENDERER_ENTRY } from './renderer-protocol'

/**
 * The dev server's address in `npm run dev`, never in a packaged app: there the variable would point the window,
 * with full IPC trust, at any origin — the kind of environment-variable door the fuses close.
 */
export function devRendererUrl(): string | null {
  if (app.isPackaged) return null
  return process.env['ELECTRON_RENDERER_URL'] ?? null
}

/** The only page our window may show: the built renderer, or the dev server in `npm run dev`. */
export function isTrustedUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    const devUrl = devRendererUrl()
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

/** What every window's page runs with: sandboxed, isolated, no Node, nothing but its own content (the boot test checks). */
export const LOCKED_DOWN_PAGE = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false
} as const

/** The one permission the window gets: writing sanitized text to the clipboard (its copy buttons). */
export const ALLOWED_PERMISSION = 'clipboard-sanitized-write'

/** Whether a permission request or check from `origin` (a URL or an origin) is granted. */
export function isPermissionAllowed(permission: string, origin: string | undefined): boolean {
  return permission === ALLOWED_PERMISSION && origin !== undefined && isTrustedUrl(origin)
}

/**
 * Session-wide rules, set once: every permission denied except the clipboard write for our own page. The release CSP
 * is sent only with app:// responses (renderer-protocol.ts): added to every response it also blocked the dev
 * server's React preamble and HMR socket, leaving `npm run dev` blank.
 */
function hardenSession(): void {
  if (hardened) return
  hardened = true
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(isPermissionAllowed(permission, details.requestingUrl ?? contents?.getURL()))
  )
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin)
  )
}

/**
 * One guard for every web contents the app ever creates (a window, a devtools page, a webview someone manages to
 * add): no new windows, no navigation or redirect away from our page, no webview, no permission but the window's
 * clipboard write, in whatever session it runs. The main window adds its own link handling on top.
 */
export function guardEveryWebContents(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
    guardNavigation(contents, isTrustedUrl)
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.session.setPermissionRequestHandler((requester, permission, callback, details) =>
      callback(isPermissionAllowed(permission, details.requestingUrl ?? requester?.getURL()))
    )
    contents.session.setPermissionCheckHandler((_requester, permission, requestingOrigin) =>
      isPermissionAllowed(permission, requestingOrigin)
    )
  })
}

export interface WindowOptions {
  /** Called when the window is closed by the operator while the app keeps running in the tray. */
  onHiddenToTray: () => void
  isQuitting: () => boolean
  /** Started at login (`--hidden`, or macOS's wasOpenedAtLogin): stay in the tray until asked. */
  startHidden: boolean
  /** The configured gateways' base URLs: their pages may open in the browser (with the documentation). */
  gatewayBaseUrls: () => readonly string[]
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
    webPreferences: { preload: join(import.meta.dirname, '../preload/index.cjs'), ...LOCKED_DOWN_PAGE }
  })
  window.once('ready-to-show', () => {
    if (!options.startHidden) window.show()
  })
  window.webContents.setWindowOpenHandler(({ url }) => {
    // Links to the gateway's documentation or a configured gateway open in the browser; nothing opens in-app.
    if (isAllowedExternalUrl(url, options.gatewayBaseUrls())) void shell.openExternal(url)
    return { action: 'deny' }
  })
  guardNavigation(window.webContents, isTrustedUrl)
  window.webContents.on('will-attach-webview', (event) => event.preventDefault())
  window.on('close', (event) => {
    if (options.isQuitting()) return
    event.preventDefault()
    window.hide()
    options.onHiddenToTray()
  })
  void window.loadURL(devRendererUrl() ?? RENDERER_ENTRY)
  return window
}
