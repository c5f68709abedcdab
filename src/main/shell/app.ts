/**
 * The Electron shell: life cycle, the single-instance lock, the vault on safeStorage (only after
 * whenReady), the window, tray, notifications and logs — all thin adapters around the core built by
 * composeCore. A quit lets the outbox finish in-flight sends (bounded) and never fails or drops a job.
 * Startup cannot fail silently: any error before the app is up is logged, explained in a native dialog
 * (cause and next step), and the app quits releasing the single-instance lock.
 */
import { app, BrowserWindow, dialog, net, powerMonitor } from 'electron'
import log from 'electron-log/main'
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { EventPayload } from '../../shared/contract'
import {
  chromiumLocaleOf,
  translate,
  type Language,
  type MessageKey,
  type Params,
  type Translate
} from '../../shared/i18n'
import { coreText } from '../../shared/i18n/notes'
import {
  ApiFailure,
  composeCore,
  createRedactingLogger,
  describeCoreError,
  EncryptedFileVault,
  pendingDataUpdate,
  SecretList,
  type Core,
  type Notice,
  type NoticeAction
} from '../core/compose'
import { forwardEvents, registerIpc } from './ipc'
import { applyLoginItem } from './login-item'
import { createSafeStorageCipher } from './safe-storage-cipher'
import { TrayService } from './tray'
import { dropOnTray } from './tray-drop'
import { trayDestination, type TrayAction } from './tray-model'
import { createMainWindow, guardEveryWebContents } from './window'
import { NotificationCenter, noticeDestination } from './notifications'
import { describeStartupFailure, languageOfLocale } from './startup-failure'
import { registerRendererScheme, serveRenderer } from './renderer-protocol'
import { rememberedWindowLanguage, rememberWindowLanguage } from './window-locale'
import { showUpdatingWindow } from './updating-window'

const QUIT_DRAIN_MS = 10_000
const NETWORK_CHECK_MS = 10_000
/** At most one "unexpected error" notice per minute: a failing timer must not flood the desktop. */
const UNEXPECTED_NOTICE_GAP_MS = 60_000
/** The app's switch that lets the built-in sandbox post webhooks to a relay on this computer (loopback only). */
const SANDBOX_WEBHOOKS_TO_THIS_COMPUTER = '--sandbox-webhooks-to-this-computer'

type Phase = 'starting' | 'running' | 'failed'

export function startShell(): void {
  // Tests and development only: in an installed app, an environment variable must not move the data folder (and
  // with it the vault and the outbox) somewhere another program chose.
  const userData = app.isPackaged ? undefined : process.env['SENDER_DESK_USER_DATA']
  if (userData) app.setPath('userData', userData)
  app.setName('Sender Desk')
  if (process.platform === 'win32') app.setAppUserModelId('id.senderdesk.app')

  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  registerRendererScheme()
  guardEveryWebContents()
  // Before ready, or Chromium keeps the OS's locale for its native date and time inputs (window-locale.ts).
  const startedInLanguage = rememberedWindowLanguage(app.getPath('userData'))
  if (startedInLanguage) app.commandLine.appendSwitch('lang', chromiumLocaleOf(startedInLanguage))

  const secrets = new SecretList()
  const logFile = (): string => join(app.getPath('userData'), 'logs', 'main.log')
  log.transports.file.maxSize = 5 * 1024 * 1024
  log.transports.file.resolvePathFn = logFile
  // The log holds device names, recipients and error text: readable by this user only, like every data file.
  log.transports.file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' }
  try {
    if (existsSync(logFile())) chmodSync(logFile(), 0o600)
  } catch {
    // Only a log written by an older build; the next one is created private anyway.
  }
  const logger = createRedactingLogger((level, line) => log[level](line), secrets)

  let core: Core | null = null
  let window: BrowserWindow | null = null
  let tray: TrayService | null = null
  let notifications: NotificationCenter | null = null
  let quitting = false
  let phase: Phase = 'starting'
  /** A second launch (or a Dock click) that arrived while starting: shown once the app is up. */
  let showWhenRunning = false
  let lastUnexpectedNotice = -Infinity

  const language = (): Language => core?.settings.get().language ?? languageOfLocale(app.getLocale())
  const t: Translate = (key: MessageKey, params?: Params) => translate(language(), key, params)
  const noticeText = (text: Notice['title']): string =>
    'text' in text ? text.text : t(text.key, text.params)

  const showWindow = (): void => {
    if (phase !== 'running') {
      showWhenRunning = true
      return
    }
    if (!window || window.isDestroyed()) window = openWindow()
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }
  const navigate = (target: EventPayload<'app:navigate'>): void => {
    showWindow()
    core?.events.emit('app:navigate', target)
  }
  const onNoticeActivated = (action: NoticeAction | null): void => {
    const target = action && noticeDestination(action)
    if (!target) showWindow()
    else navigate(target)
  }

  // Started at login: Windows and Linux pass --hidden; macOS passes no arguments but says so itself.
  const startHidden =
    process.argv.includes('--hidden') ||
    (process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin)
  const hiddenNoticeFlag = (): string => join(app.getPath('userData'), '.tray-notice-shown')
  const openWindow = (): BrowserWindow =>
    createMainWindow({
      isQuitting: () => quitting,
      startHidden,
      gatewayBaseUrls: () => core?.registry.list().map((device) => device.baseUrl) ?? [],
      onHiddenToTray() {
        if (existsSync(hiddenNoticeFlag())) return
        writeFileSync(hiddenNoticeFlag(), new Date().toISOString())
        notifications?.show(t('desktop.notice.hiddenTitle'), t('desktop.notice.hiddenBody'), {
          kind: 'open',
          view: 'devices'
        })
      }
    })

  const showNotice = (notice: Notice): void =>
    notifications?.show(noticeText(notice.title), noticeText(notice.body), notice.action)

  const onTrayAction = (action: TrayAction): void => {
    const current = core
    if (!current) return
    // Info, a device's Enter token… / Renew…, Settings and the inbox only open the window somewhere.
    const destination = trayDestination(action)
    if (destination) {
      navigate(destination)
      return
    }
    switch (action.kind) {
      case 'restart':
        void current.handlers['devices:restart']({ id: action.deviceId }).then(
          (result) =>
            showNotice({
              key: 'restart',
              title: { key: 'desktop.notice.restartRequested' },
              body: { text: result.message },
              action: { kind: 'open', view: 'devices' }
            }),
          (error: unknown) =>
            showNotice({
              key: 'restart',
              title: { key: 'desktop.notice.restartFailed' },
              body: { text: describeCoreError(error)?.message ?? String(error) },
              action: { kind: 'open', view: 'devices' }
            })
        )
        return
      case 'relink':
        void current.handlers['linking:begin']({ id: action.deviceId }).then(
          () => navigate({ view: 'linking', deviceId: action.deviceId }),
          (error: unknown) => current.reportUnexpected('tray relink', error)
        )
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
      case 'quit':
        app.quit()
        return
    }
  }

  const onTrayDrop = (paths: string[]): void => {
    const current = core
    if (!current) return
    void dropOnTray(paths, {
      register: (request) => current.handlers['files:register'](request),
      openSend(files, sheets) {
        showWindow()
        current.events.emit('app:navigate', { view: 'send', handles: files, sheets })
      },
      refused: (lines) =>
        showNotice({
          key: 'tray-drop',
          title: { key: 'desktop.notice.dropRefused' },
          body: { text: lines.join('\n') },
          action: { kind: 'open', view: 'send' }
        }),
      word: (text) => coreText(language(), text.message, text.messageKey, text.messageParams),
      describe: (error) =>
        describeCoreError(error) ??
        (error instanceof ApiFailure
          ? { message: error.message, messageKey: error.text?.key, messageParams: error.text?.params }
          : undefined),
      unexpected: (error) => current.reportUnexpected('tray drop', error)
    })
  }

  /** Before the app is up: log, explain in a dialog (cause + next step), then quit and free the lock. */
  const failStartup = (error: unknown): void => {
    if (phase === 'failed') return
    phase = 'failed'
    quitting = true
    logger.error('Sender Desk could not start', error)
    const { title, content } = describeStartupFailure(error, {
      language: language(),
      dataDir: app.getPath('userData'),
      logFile: logFile()
    })
    dialog.showErrorBox(title, content)
    const partial = core
    void Promise.resolve()
      .then(() => partial?.stop())
      .catch((stopError: unknown) => logger.error('stopping the core after a failed start failed', stopError))
      .finally(() => {
        tray?.destroy()
        app.releaseSingleInstanceLock()
        app.exit(1)
      })
  }

  /** After startup: an error nobody caught is logged and surfaced, never swallowed, and the app keeps running. */
  const onUncaught = (where: string, error: unknown): void => {
    if (phase === 'starting') {
      failStartup(error)
      return
    }
    if (core) core.reportUnexpected(where, error)
    else logger.error(`unexpected error in ${where}`, error)
    if (phase !== 'running') return
    const now = Date.now()
    if (now - lastUnexpectedNotice < UNEXPECTED_NOTICE_GAP_MS) return
    lastUnexpectedNotice = now
    notifications?.show(
      t('desktop.notice.unexpectedTitle'),
      t('desktop.notice.unexpectedBody', { log: logFile() }),
      { kind: 'open', view: 'devices' }
    )
  }
  process.on('uncaughtException', (error) => onUncaught('uncaughtException', error))
  process.on('unhandledRejection', (reason) => onUncaught('unhandledRejection', reason))

  app.on('second-instance', () => showWindow())
  // macOS: a click on the Dock icon after the window was closed to the tray.
  app.on('activate', () => showWindow())

  app.on('before-quit', (event) => {
    // Marked first, even before the core is up, so a window's close handler never cancels this quit.
    const first = !quitting
    quitting = true
    if (!first || !core || phase === 'failed') return
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

  const boot = async (): Promise<void> => {
    // safeStorage is only trustworthy after ready: reading secrets earlier can lose them on Linux.
    serveRenderer(join(import.meta.dirname, '../renderer'))
    notifications = new NotificationCenter(onNoticeActivated)
    const cipher = await createSafeStorageCipher()
    const dataDir = app.getPath('userData')
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    const vault = new EncryptedFileVault({ cipher, file: join(dataDir, 'secrets.json'), secrets })
    // A data folder an older version wrote is updated as the core opens it, blocking this thread (a minute with a
    // million contacts): a window saying so is drawn first, in the language of the last start, and closed after.
    const updatingLanguage = startedInLanguage ?? language()
    const updating = pendingDataUpdate(dataDir)
      ? await showUpdatingWindow(updatingLanguage, (key, params) => translate(updatingLanguage, key, params))
      : null
    core = await composeCore({
      dataDir,
      vault,
      // The window's process: no commit of its event loop waits on copying the database's log (a busy disk).
      checkpointInBackground: true,
      // The window's language until the operator chooses one (QA31 Q31-01: an Indonesian computer opened in English).
      computerLanguage: languageOfLocale(app.getLocale()),
      logger,
      secrets,
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
      // "Allow webhooks to this computer": the sandbox's webhooks may reach a relay on 127.0.0.1 only when the run
      // is started with this switch (README, "Receive messages"); private targets stay refused otherwise.
      sandbox: { allowLoopbackWebhookTargets: process.argv.includes(SANDBOX_WEBHOOKS_TO_THIS_COMPUTER) },
      applyLoginItem: (enabled) => applyLoginItem(enabled),
      applyWeakStorage: (allowed) => vault.setAllowWeak(allowed)
    }).finally(() => updating?.destroy())
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

    tray = new TrayService(onTrayAction, onTrayDrop, t)
    tray.render(current.snapshot())
    current.onSnapshotChange((snapshot) => tray?.render(snapshot))
    // The tray speaks the language chosen in Settings as soon as it changes; the window's date and time inputs at
    // the next start (window-locale.ts). One never chosen is the computer's, which Chromium reads itself.
    const keepWindowLanguage = (): void => {
      try {
        const chosen = current.settings.languageIsChosen() ? current.settings.get().language : null
        rememberWindowLanguage(dataDir, chosen)
      } catch (error) {
        logger.warn("the window's language for the next start was not kept", error)
      }
    }
    keepWindowLanguage()
    current.events.subscribe((event) => {
      if (event !== 'settings:changed') return
      tray?.render(current.snapshot())
      keepWindowLanguage()
    })

    powerMonitor.on('resume', () => current.computerWoke())
    let online = net.isOnline()
    setInterval(() => {
      const now = net.isOnline()
      if (now === online) return
      online = now
      current.outbox.setNetworkOnline(now)
      current.monitor.notifyNetworkChange()
    }, NETWORK_CHECK_MS).unref()

    // Never in an installed app: the hooks reach into the tray and the window from the main process.
    if (!app.isPackaged && process.env['SENDER_DESK_TEST_HOOKS'] === '1')
      installTestHooks(
        current,
        () => tray,
        () => window
      )

    window = openWindow()
    await current.start()
    if (phase !== 'starting' || quitting) return
    phase = 'running'
    logger.info(`Sender Desk ${app.getVersion()} started`)
    if (showWhenRunning) showWindow()
  }

  app.whenReady().then(boot).catch(failStartup)
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
