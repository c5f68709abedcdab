/**
 * The Electron shell: life cycle, the single-instance lock, the vault on safeStorage (only after
 * whenReady), the window, tray, notifications and logs — all thin adapters around the core built by
 * composeCore. A quit lets the outbox finish in-flight sends (bounded) and never fails or drops a job.
 */
import { app, BrowserWindow, Notification, net, powerMonitor } from 'electron'
import log from 'electron-log/main'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { View } from '../../shared/contract'
import {
  composeCore,
  createRedactingLogger,
  describeCoreError,
  EncryptedFileVault,
  SecretList,
  type Core,
  type Notice
} from '../core/compose'
import { forwardEvents, registerIpc } from './ipc'
import { applyLoginItem } from './login-item'
import { createSafeStorageCipher } from './safe-storage-cipher'
import { TrayService } from './tray'
import type { TrayAction } from './tray-model'
import { createMainWindow } from './window'
import { registerRendererScheme, serveRenderer } from './renderer-protocol'
import { electronSqliteBinding } from './native-binding'

const QUIT_DRAIN_MS = 10_000
const NETWORK_CHECK_MS = 10_000

export function startShell(): void {
  const userData = process.env['SENDER_DESK_USER_DATA']
  if (userData) app.setPath('userData', userData)
  app.setName('Sender Desk')
  if (process.platform === 'win32') app.setAppUserModelId('id.senderdesk.app')

  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  registerRendererScheme()

  const secrets = new SecretList()
  log.transports.file.maxSize = 5 * 1024 * 1024
  log.transports.file.resolvePathFn = () => join(app.getPath('userData'), 'logs', 'main.log')
  const logger = createRedactingLogger((level, line) => log[level](line), secrets)

  let core: Core | null = null
  let window: BrowserWindow | null = null
  let tray: TrayService | null = null
  let quitting = false

  const showWindow = (): void => {
    if (!window || window.isDestroyed()) window = openWindow()
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }
  const navigate = (view: View, deviceId?: string): void => {
    showWindow()
    core?.events.emit('app:navigate', { view, ...(deviceId ? { deviceId } : {}) })
  }

  const hiddenNoticeFlag = (): string => join(app.getPath('userData'), '.tray-notice-shown')
  const openWindow = (): BrowserWindow =>
    createMainWindow({
      isQuitting: () => quitting,
      onHiddenToTray() {
        if (existsSync(hiddenNoticeFlag())) return
        writeFileSync(hiddenNoticeFlag(), new Date().toISOString())
        new Notification({
          title: 'Sender Desk keeps running',
          body: 'It stays in the tray and keeps sending. Quit it from the tray menu.'
        }).show()
      }
    })

  const showNotice = (notice: Notice): void => {
    if (!Notification.isSupported()) return
    const shown = new Notification({ title: notice.title, body: notice.body })
    shown.on('click', () => {
      if (notice.action.kind === 'relink') navigate('linking', notice.action.deviceId)
      else navigate(notice.action.view)
    })
    shown.show()
  }

  const onTrayAction = (action: TrayAction): void => {
    const current = core
    if (!current) return
    switch (action.kind) {
      case 'restart':
        void current.handlers['devices:restart']({ id: action.deviceId }).then(
          (result) =>
            showNotice({
              key: 'restart',
              title: 'Restart requested',
              body: result.message,
              action: { kind: 'open', view: 'devices' }
            }),
          (error: unknown) =>
            showNotice({
              key: 'restart',
              title: 'Restart failed',
              body: describeCoreError(error)?.message ?? String(error),
              action: { kind: 'open', view: 'devices' }
            })
        )
        return
      case 'relink':
        void current.handlers['linking:begin']({ id: action.deviceId }).then(
          () => navigate('linking', action.deviceId),
          (error: unknown) => current.reportUnexpected('tray relink', error)
        )
        return
      case 'info':
        navigate('devices', action.deviceId)
        return
      case 'toggle-pause': {
        // The same command as the window's pause button: one countsChanged, which also redraws the tray.
        void current.handlers['outbox:setPaused']({ paused: !current.snapshot().sendingPaused }).catch(
          (error: unknown) => current.reportUnexpected('tray pause', error)
        )
        return
      }
      case 'open':
        showWindow()
        return
      case 'settings':
        navigate('settings')
        return
      case 'quit':
        app.quit()
        return
    }
  }

  const onTrayDrop = (paths: string[]): void => {
    const current = core
    if (!current) return
    const sources = paths.map((path) => ({ kind: 'path' as const, path }))
    void current.handlers['files:register']({ sources }).then(({ files }) => {
      showWindow()
      current.events.emit('app:navigate', { view: 'send', handles: files })
    })
  }

  app.on('second-instance', () => showWindow())

  app.on('before-quit', (event) => {
    if (quitting || !core) return
    quitting = true
    event.preventDefault()
    const stopping = core.stop().catch((error: unknown) => logger.error('stopping the core failed', error))
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, QUIT_DRAIN_MS))
    void Promise.race([stopping, deadline]).finally(() => {
      tray?.destroy()
      app.exit(0)
    })
  })

  // Closing the window keeps the app in the tray; only Quit ends it.
  app.on('window-all-closed', () => undefined)

  void app.whenReady().then(async () => {
    // safeStorage is only trustworthy after ready: reading secrets earlier can lose them on Linux.
    serveRenderer(join(import.meta.dirname, '../renderer'))
    const cipher = await createSafeStorageCipher()
    const dataDir = app.getPath('userData')
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    const vault = new EncryptedFileVault({ cipher, file: join(dataDir, 'secrets.json'), secrets })
    core = await composeCore({
      dataDir,
      vault,
      logger,
      appInfo: {
        version: app.getVersion(),
        platform: `${process.platform} ${process.arch}`,
        runtime: {
          electron: process.versions.electron ?? '',
          chrome: process.versions.chrome ?? '',
          node: process.versions.node
        }
      },
      notify: showNotice,
      applyLoginItem: (enabled) => applyLoginItem(enabled),
      applyWeakStorage: (allowed) => vault.setAllowWeak(allowed),
      sqliteBinding: electronSqliteBinding(logger)
    })
    await vault.setAllowWeak(core.settings.get().allowWeakTokenStorage)
    const current = core
    registerIpc(current.handlers, {
      onUnexpected: current.reportUnexpected,
      describeError: describeCoreError
    })
    forwardEvents(
      current.events,
      () => (window && !window.isDestroyed() ? [window] : []),
      current.reportUnexpected
    )

    tray = new TrayService(onTrayAction, onTrayDrop)
    tray.render(current.snapshot())
    current.onSnapshotChange((snapshot) => tray?.render(snapshot))

    powerMonitor.on('resume', () => current.monitor.notifyResume())
    let online = net.isOnline()
    setInterval(() => {
      const now = net.isOnline()
      if (now === online) return
      online = now
      current.outbox.setNetworkOnline(now)
      current.monitor.notifyNetworkChange()
    }, NETWORK_CHECK_MS).unref()

    if (process.env['SENDER_DESK_TEST_HOOKS'] === '1')
      installTestHooks(
        current,
        () => tray,
        () => window
      )

    window = openWindow()
    await current.start()
    logger.info(`Sender Desk ${app.getVersion()} started`)
  })
}

/** Hooks for Playwright's _electron tests only (enabled by SENDER_DESK_TEST_HOOKS=1): tray and window facts. */
function installTestHooks(
  core: Core,
  tray: () => TrayService | null,
  window: () => BrowserWindow | null
): void {
  ;(globalThis as Record<string, unknown>)['__senderDeskTest'] = {
    trayMenuIds: () => tray()?.menuIds() ?? [],
    clickTray: (id: string) => tray()?.click(id) ?? false,
    webPreferences: () => {
      const contents = window()?.webContents as unknown as {
        getLastWebPreferences?: () => Record<string, unknown>
      }
      return contents?.getLastWebPreferences?.() ?? {}
    },
    snapshot: () => core.snapshot()
  }
}
