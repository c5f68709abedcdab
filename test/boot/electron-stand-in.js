// A recording stand-in for the `electron` module, so the built main bundle (out/main/index.js) runs under plain Node.
// It proves wiring, not Electron: every call the shell makes is recorded, and the driver plays the OS (ready, a
// second launch, quit). Loaded in place of `electron` by test/boot/drive-main.js.
import { EventEmitter } from 'node:events'
import { existsSync } from 'node:fs'
import Database from 'better-sqlite3'
import { tmpdir } from 'node:os'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Everything the shell did, read by the driver and printed as JSON for the test. */
export const record = {
  events: [],
  ipcHandlers: [],
  windows: [],
  trays: [],
  dialogs: [],
  notifications: [],
  permissionHandlers: { request: null, check: null },
  headerHooks: 0,
  protocolHandlers: [],
  privilegedSchemes: [],
  clipboard: [],
  lockRequested: false,
  lockReleased: false,
  exitCode: null,
  /** What the shell asked the window to show (app:navigate payloads), in order. */
  navigations: []
}

/** The tray menu's click handlers by item id, for the driver to click as a person would (not recorded). */
export const trayClicks = new Map()
const note = (what, detail) => record.events.push(detail === undefined ? what : `${what}:${detail}`)

let exited
const exitPromise = new Promise((resolve) => (exited = resolve))
let readyResolve
const readyPromise = new Promise((resolve) => (readyResolve = resolve))
const paths = new Map([
  ['appData', process.env.STAND_IN_APP_DATA ?? tmpdir()],
  ['temp', tmpdir()],
  ['home', tmpdir()]
])

class App extends EventEmitter {
  /** STAND_IN_PACKAGED=1 plays an installed app (app.isPackaged), where test-only environment doors are shut. */
  isPackaged = process.env.STAND_IN_PACKAGED === '1'
  name = 'sender-desk'
  #ready = false
  #lockAvailable = process.env.STAND_IN_LOCK !== 'taken'
  whenReady() {
    return readyPromise
  }
  isReady() {
    return this.#ready
  }
  getPath(name) {
    if (name === 'logs') return join(this.getPath('userData'), 'logs')
    // Like Electron: the app's own folder under appData unless set.
    if (name === 'userData' && !paths.has(name)) return join(this.getPath('appData'), this.name)
    const path = paths.get(name)
    if (!path) throw new Error(`stand-in: no path for ${name}`)
    return path
  }
  setPath(name, path) {
    paths.set(name, path)
  }
  getName() {
    return this.name
  }
  setName(name) {
    this.name = name
  }
  getVersion() {
    return '0.0.0-stand-in'
  }
  getLocale() {
    return process.env.STAND_IN_LOCALE ?? 'en-US'
  }
  /** Chromium reads its switches once, before ready: a switch appended later is recorded as too late. */
  commandLine = {
    appendSwitch: (name, value) =>
      note(
        'commandLine.appendSwitch',
        `${name}=${value ?? ''}${this.#ready ? ' (after ready: ignored)' : ''}`
      )
  }
  setAppUserModelId() {}
  getLoginItemSettings() {
    return { openAtLogin: false, wasOpenedAtLogin: false }
  }
  setLoginItemSettings(settings) {
    note('setLoginItemSettings', JSON.stringify(settings))
  }
  requestSingleInstanceLock() {
    record.lockRequested = true
    return this.#lockAvailable
  }
  releaseSingleInstanceLock() {
    record.lockReleased = true
    note('releaseSingleInstanceLock')
  }
  /** Like Electron: before-quit (cancellable), then will-quit, then the process ends (here: recorded). */
  quit() {
    note('quit')
    let prevented = false
    this.emit('before-quit', { preventDefault: () => (prevented = true) })
    if (prevented) {
      note('before-quit:prevented')
      return
    }
    this.emit('will-quit', { preventDefault: () => undefined })
    this.exit(0)
  }
  exit(code = 0) {
    if (record.exitCode !== null) return
    record.exitCode = code
    note('exit', code)
    exited(code)
  }
  markReady() {
    this.#ready = true
    this.emit('ready')
    readyResolve()
  }
}
export const app = new App()

class WebContents extends EventEmitter {
  url = ''
  windowOpenHandler = null
  sent = []
  isDestroyed() {
    return false
  }
  getURL() {
    return this.url
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler
  }
  send(channel, payload) {
    this.sent.push(channel)
    if (channel === 'app:navigate') record.navigations.push(payload)
  }
  executeJavaScript() {
    return Promise.resolve()
  }
}

/** The data folder's schema version as another program would read it at this moment (null: no database yet). */
function databaseVersionNow() {
  const file = join(app.getPath('userData'), 'sender-desk.db')
  if (!existsSync(file)) return null
  const db = new Database(file, { readonly: true })
  try {
    return db.pragma('user_version', { simple: true })
  } finally {
    db.close()
  }
}

export class BrowserWindow extends EventEmitter {
  static getAllWindows() {
    return record.windows.map((entry) => entry.instance)
  }
  constructor(options) {
    super()
    this.webContents = new WebContents()
    this.entry = {
      options,
      url: null,
      shown: 0,
      focused: 0,
      hidden: 0,
      destroyed: false,
      databaseVersionAtShow: undefined,
      instance: this
    }
    record.windows.push(this.entry)
    note('BrowserWindow')
  }
  loadURL(url) {
    this.entry.url = url
    this.webContents.url = url
    setImmediate(() => this.emit('ready-to-show'))
    return Promise.resolve()
  }
  isDestroyed() {
    return this.entry.destroyed
  }
  destroy() {
    this.entry.destroyed = true
    note('BrowserWindow.destroy')
    this.emit('closed')
  }
  isMinimized() {
    return false
  }
  restore() {}
  show() {
    if (this.entry.shown === 0) this.entry.databaseVersionAtShow = databaseVersionNow()
    this.entry.shown += 1
  }
  focus() {
    this.entry.focused += 1
  }
  hide() {
    this.entry.hidden += 1
  }
}

export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: () => undefined
}

export class Tray extends EventEmitter {
  constructor(...args) {
    super()
    this.entry = { constructorArgs: args.length, tooltip: '', menu: [], destroyed: false }
    record.trays.push(this.entry)
  }
  setToolTip(text) {
    this.entry.tooltip = text
  }
  setContextMenu(menu) {
    trayClicks.clear()
    const strip = (items) =>
      items.map((item) => {
        if (item.id && item.click) trayClicks.set(item.id, item.click)
        return {
          id: item.id,
          label: item.label,
          type: item.type,
          ...(item.submenu ? { submenu: strip(item.submenu) } : {})
        }
      })
    this.entry.menu = strip(menu.template)
  }
  setImage() {}
  destroy() {
    this.entry.destroyed = true
  }
}

const image = { setTemplateImage() {}, addRepresentation() {}, toPNG: () => Buffer.alloc(0) }
export const nativeImage = { createFromPath: () => image, createEmpty: () => image }
export const nativeTheme = Object.assign(new EventEmitter(), {
  shouldUseDarkColors: false,
  shouldUseDarkColorsForSystemIntegratedUI: true
})

/** The handlers the shell registered, for the driver to call as the window would. */
export const ipcHandlers = new Map()
export const ipcMain = Object.assign(new EventEmitter(), {
  handle(channel, handler) {
    record.ipcHandlers.push(channel)
    ipcHandlers.set(channel, handler)
  },
  removeHandler() {}
})

// A keyring that works, unless the driver locks it: tokens round-trip through base64.
export const safeStorage = {
  isAsyncEncryptionAvailable: async () => process.env.STAND_IN_KEYRING !== 'broken',
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptStringAsync: async (text) => Buffer.from(Buffer.from(text).toString('base64')),
  decryptStringAsync: async (data) => ({ result: Buffer.from(data.toString(), 'base64').toString() })
}

export const protocol = {
  registerSchemesAsPrivileged(schemes) {
    record.privilegedSchemes.push(...schemes)
  },
  handle(scheme, handler) {
    record.protocolHandlers.push(scheme)
    protocolHandlers.set(scheme, handler)
  }
}
/** The shell's scheme handlers, for the driver to ask as the window would (not recorded: functions). */
const protocolHandlers = new Map()

export const net = {
  isOnline: () => true,
  // Electron's net.fetch reads file: URLs, which Node's fetch refuses; the window's files are served that way.
  fetch: async (url, ...rest) => {
    if (!String(url).startsWith('file:')) return fetch(url, ...rest)
    try {
      return new Response(await readFile(fileURLToPath(String(url))))
    } catch {
      return new Response('not found', { status: 404 })
    }
  }
}

export class Notification extends EventEmitter {
  static isSupported() {
    return true
  }
  static handleActivation() {}
  constructor(options) {
    super()
    this.options = options
  }
  show() {
    record.notifications.push({ title: this.options.title, body: this.options.body })
  }
}

export const dialog = {
  showErrorBox(title, content) {
    note('showErrorBox')
    record.dialogs.push({ title, content })
  },
  showMessageBox: async () => ({ response: 0 })
}

export const clipboard = {
  writeText(text) {
    record.clipboard.push(text)
  }
}

export const session = {
  defaultSession: {
    webRequest: {
      onHeadersReceived() {
        record.headerHooks += 1
      }
    },
    setPermissionRequestHandler(handler) {
      record.permissionHandlers.request = handler
    },
    setPermissionCheckHandler(handler) {
      record.permissionHandlers.check = handler
    }
  }
}

export const shell = { openExternal: async (url) => note('openExternal', url) }
export const powerMonitor = new EventEmitter()
export const webContents = { getAllWebContents: () => [] }
export const screen = { getPrimaryDisplay: () => ({ workAreaSize: { width: 1920, height: 1080 } }) }

/** The driver's handles: play the OS and wait for the app to end. */
export const control = { exited: exitPromise, protocolHandlers }

export default {
  app,
  BrowserWindow,
  Menu,
  Tray,
  nativeImage,
  nativeTheme,
  ipcMain,
  safeStorage,
  protocol,
  net,
  Notification,
  dialog,
  clipboard,
  session,
  shell,
  powerMonitor,
  webContents,
  screen
}
