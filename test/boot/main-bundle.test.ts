/**
 * Boot test of the built main bundle: out/main/index.js runs under plain Node with a recording stand-in for
 * `electron` (test/boot/electron-stand-in.js) against a temporary data folder — the real startup, core, IPC wiring,
 * window, tray and quit. A stand-in cannot prove Electron works (test/e2e/electron-launch.e2e.ts does, where the
 * binary exists); it catches wiring errors before an operator does.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { invokeChannels } from '../../src/shared/contract'
import { DATABASE_FILE, LATEST_SCHEMA_VERSION, migrations, openDatabase } from '../../src/main/core/store'
import { openSettings } from '../../src/main/core/compose-command-line'
import { CONTENT_SECURITY_POLICY } from '../../src/shared/content-security-policy'

const root = join(import.meta.dirname, '../..')
const bundle = join(root, 'out/main/index.js')

interface Recording {
  events: string[]
  ipcHandlers: string[]
  windows: Array<{
    options: { webPreferences: Record<string, unknown> }
    url: string | null
    shown: number
    focused: number
    destroyed: boolean
    databaseVersionAtShow: number | null | undefined
  }>
  trays: Array<{
    constructorArgs: number
    tooltip: string
    menu: Array<{ id?: string; label?: string; submenu?: Array<{ id?: string; label?: string }> }>
  }>
  navigations: Array<Record<string, unknown>>
  dialogs: Array<{ title: string; content: string }>
  notifications: Array<{ title: string; body: string }>
  privilegedSchemes: Array<{ scheme: string; privileges: Record<string, boolean> }>
  protocolHandlers: string[]
  headerHooks: number
  lockReleased: boolean
  exitCode: number | null
  permissions?: Record<string, boolean>
  badEscape?: { status?: number; thrown?: string }
  webContentsGuard?: Record<string, unknown>
  userData: string
  testHooks: boolean
  logMode: string | null
  servedWindow?: { status: number; csp: string | null; page: string }
  failure: string | null
  log: string
}

const scratch: string[] = []
function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sd-boot-'))
  scratch.push(dir)
  return dir
}
afterEach(() => scratch.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

function boot(steps: string[], dataDir: string, env: Record<string, string> = {}): Recording {
  const run = spawnSync(process.execPath, ['test/boot/drive-main.js', steps.join(',')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, SENDER_DESK_USER_DATA: dataDir, ...env }
  })
  // electron-log also prints to stdout; the recording is the last line.
  const last = run.stdout.trim().split('\n').at(-1) ?? ''
  if (!last.startsWith('{')) throw new Error(`the driver printed no recording:\n${run.stdout}\n${run.stderr}`)
  return JSON.parse(last) as Recording
}

beforeAll(() => {
  // npm test builds first; a missing bundle must fail loudly rather than skip.
  if (!existsSync(bundle)) throw new Error('out/main/index.js is not built: run `npm run build` first')
})

describe('the built main bundle under a stand-in Electron', () => {
  it('starts: every contract channel handled, a secure window, the tray menu; quit drains and closes', () => {
    const dataDir = dataFolder()
    const run = boot(
      [
        'ready',
        'wait-started',
        'settle',
        'probe-permissions',
        'fetch-window',
        'second-instance',
        'quit',
        'wait-exit'
      ],
      dataDir
    )
    expect(run.failure).toBeNull()
    expect(run.dialogs).toEqual([])
    // The database's log is copied from a worker thread, which the bundle starts from code of its own (no file).
    expect(run.log).not.toContain('background checkpoints')

    for (const channel of Object.keys(invokeChannels)) expect(run.ipcHandlers, channel).toContain(channel)

    expect(run.windows).toHaveLength(1)
    const [window] = run.windows
    expect(window!.url).toBe('app://renderer/index.html')
    expect(window!.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false
    })
    expect(existsSync(window!.options.webPreferences['preload'] as string)).toBe(true)
    // A standard, secure scheme whose scripts V8 may cache between starts (codeCache works on standard schemes only).
    expect(run.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, codeCache: true } }
    ])
    expect(run.protocolHandlers).toEqual(['app'])
    // The release CSP travels with app:// responses only; a session-wide header hook blanks `npm run dev`.
    expect(run.headerHooks).toBe(0)
    // It is the window's only policy (index.html has no <meta> one), so the page must come with it.
    expect(run.servedWindow).toMatchObject({ status: 200, csp: CONTENT_SECURITY_POLICY })
    expect(run.servedWindow?.page).toContain('<div id="root">')
    // The copy buttons' navigator.clipboard.writeText needs exactly this one permission, for our page only.
    expect(run.permissions).toEqual({
      clipboardFromApp: true,
      clipboardFromElsewhere: false,
      mediaFromApp: false,
      checkClipboardFromApp: true,
      checkReadFromApp: false
    })

    expect(run.trays).toHaveLength(1)
    expect(run.trays[0]!.constructorArgs).toBe(1)
    expect(run.trays[0]!.menu.map((item) => item.id).filter(Boolean)).toEqual([
      'toggle-pause',
      'open',
      'settings',
      'quit'
    ])
    expect(run.trays[0]!.tooltip).toBe('Sender Desk — no device yet')

    // The second launch focused the first window instead of opening another.
    expect(window!.focused).toBeGreaterThanOrEqual(1)

    // Quit waited for the core to stop (outbox drained, database closed: SQLite folds the WAL back and removes it).
    expect(run.events.slice(-2)).toEqual(['before-quit:prevented', 'exit:0'])
    expect(run.exitCode).toBe(0)
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(true)
    expect(existsSync(join(dataDir, `${DATABASE_FILE}-wal`))).toBe(false)
  })

  it('a device whose token cannot be read: the tray offers "Enter token…", which opens its card on that action', () => {
    const dataDir = dataFolder()
    // A device on the list whose token the keyring does not hold: the core says its token is locked.
    const ON_SANDBOX_GATEWAY = false // a device on a real gateway, not the built-in sandbox one
    writeFileSync(
      join(dataDir, 'devices.json'),
      JSON.stringify({
        version: 1,
        devices: [
          {
            id: 'dev-shop',
            label: 'Shop',
            baseUrl: 'https://solo.wablas.com',
            order: 0,
            sandbox: ON_SANDBOX_GATEWAY,
            createdAt: '2026-01-01T00:00:00.000Z',
            tokenHint: '••••abcd',
            hasSecret: false
          }
        ]
      })
    )
    const run = boot(
      ['ready', 'wait-started', 'click-tray=device:dev-shop:enterToken', 'quit', 'wait-exit'],
      dataDir
    )
    expect(run.failure).toBeNull()
    const shop = run.trays[0]!.menu.find((item) => item.id === 'device:dev-shop')
    expect(shop?.label).toBe('Shop — Token locked')
    expect(shop?.submenu?.[0]).toMatchObject({ id: 'device:dev-shop:enterToken', label: 'Enter token…' })
    // Through the contract's check on the way to the window: the action is not dropped as an unknown field.
    expect(run.navigations).toEqual([{ view: 'devices', deviceId: 'dev-shop', deviceAction: 'enterToken' }])
    expect(run.windows[0]!.shown).toBeGreaterThanOrEqual(1)
  })

  it('guards every web contents, answers a malformed app:// escape with 400 and keeps its log private', () => {
    const run = boot(['ready', 'wait-started', 'fetch-bad-escape', 'probe-web-contents'], dataFolder())
    expect(run.failure).toBeNull()
    expect(run.badEscape).toEqual({ status: 400 })
    expect(run.webContentsGuard).toEqual({
      newWindow: { action: 'deny' },
      navigationStopped: true,
      redirectStopped: true,
      webviewStopped: true,
      permissionGranted: false,
      permissionCheck: false
    })
    expect(run.logMode).toBe('600')
  })

  it('an installed app ignores the test-only environment: its own data folder, no test hooks', () => {
    const appData = dataFolder()
    const elsewhere = dataFolder()
    const run = boot(['ready', 'wait-started'], elsewhere, {
      STAND_IN_PACKAGED: '1',
      STAND_IN_APP_DATA: appData,
      SENDER_DESK_TEST_HOOKS: '1'
    })
    expect(run.failure).toBeNull()
    expect(run.userData).toBe(join(appData, 'Sender Desk'))
    expect(existsSync(join(elsewhere, DATABASE_FILE))).toBe(false)
    expect(run.testHooks).toBe(false)
    // Unpackaged (development and these tests), both are honoured.
    const dev = boot(['ready', 'wait-started'], elsewhere, { SENDER_DESK_TEST_HOOKS: '1' })
    expect([dev.userData, dev.testHooks]).toEqual([elsewhere, true])
  })

  it('the native date and time inputs start in the language chosen in Settings: Chromium gets it before ready', () => {
    const dataDir = dataFolder()
    const switches = (run: Recording): string[] => run.events.filter((e) => e.startsWith('commandLine.'))
    // The first start knows no choice: Chromium keeps the system's locale.
    const first = boot(['ready', 'wait-started', 'language-id', 'quit', 'wait-exit'], dataDir)
    expect(first.failure).toBeNull()
    expect(switches(first)).toEqual([])
    // Bahasa Indonesia chosen there: the next start hands Chromium Indonesian before it is ready.
    const next = boot(['ready', 'wait-started', 'quit', 'wait-exit'], dataDir)
    expect(next.failure).toBeNull()
    expect(switches(next)).toEqual(['commandLine.appendSwitch:lang=id'])
    // A file someone else wrote there is not a language.
    writeFileSync(join(dataDir, 'window-language'), '--disable-web-security')
    const tampered = boot(['ready', 'wait-started', 'quit', 'wait-exit'], dataDir)
    expect(switches(tampered)).toEqual([])
  })

  it('a first start on an Indonesian computer speaks Bahasa Indonesia; a language already saved is kept (QA31)', () => {
    const trayLabel = (run: Recording, id: string): string | undefined =>
      run.trays.at(-1)?.menu.find((item) => item.id === id)?.label
    const fresh = dataFolder()
    const first = boot(['ready', 'wait-started', 'quit', 'wait-exit'], fresh, { STAND_IN_LOCALE: 'id-ID' })
    expect(first.failure).toBeNull()
    expect(trayLabel(first, 'quit')).toBe('Keluar')
    // A data folder whose settings were saved with English (every save before this fix kept the language too).
    const saved = dataFolder()
    const db = openDatabase({ dataDir: saved })
    openSettings(db).settings.update({ language: 'en' })
    db.close()
    const kept = boot(['ready', 'wait-started', 'quit', 'wait-exit'], saved, { STAND_IN_LOCALE: 'id-ID' })
    expect(kept.failure).toBeNull()
    expect(trayLabel(kept, 'quit')).toBe('Quit')
  })

  it('a language never chosen is not kept for the window: the next start follows the computer’s language', () => {
    const switches = (run: Recording): string[] => run.events.filter((e) => e.startsWith('commandLine.'))
    const dataDir = dataFolder()
    // Each start in the same folder waits for its own "started" line.
    const bootAgain = (steps: string[], locale: string): Recording => {
      rmSync(join(dataDir, 'logs'), { recursive: true, force: true })
      const run = boot(steps, dataDir, { STAND_IN_LOCALE: locale })
      expect(run.failure).toBeNull()
      return run
    }
    // Installed on an Indonesian computer, the language never chosen.
    bootAgain(['ready', 'wait-started', 'quit', 'wait-exit'], 'id-ID')
    expect(existsSync(join(dataDir, 'window-language'))).toBe(false)
    // The computer now speaks English: Chromium keeps its locale for the date and time inputs, as the words follow it.
    const moved = bootAgain(['ready', 'wait-started', 'quit', 'wait-exit'], 'en-US')
    expect(switches(moved)).toEqual([])
    expect(moved.trays.at(-1)?.menu.find((item) => item.id === 'quit')?.label).toBe('Quit')
    // A file an earlier version kept for a language never chosen is let go at the first start that knows better.
    writeFileSync(join(dataDir, 'window-language'), 'id')
    bootAgain(['ready', 'wait-started', 'quit', 'wait-exit'], 'en-US')
    expect(existsSync(join(dataDir, 'window-language'))).toBe(false)
    // Chosen, it is kept whatever the computer speaks.
    bootAgain(['ready', 'wait-started', 'language-id', 'quit', 'wait-exit'], 'en-US')
    const chosen = bootAgain(['ready', 'wait-started', 'quit', 'wait-exit'], 'en-US')
    expect(switches(chosen)).toEqual(['commandLine.appendSwitch:lang=id'])
  })

  it('a second launch during startup shows the one window once the app is up', () => {
    const run = boot(['ready', 'second-instance', 'wait-started'], dataFolder())
    expect(run.failure).toBeNull()
    expect(run.windows).toHaveLength(1)
    expect(run.windows[0]!.focused).toBe(1)
  })

  it('after startup, uncaught exceptions and unhandled rejections are logged and surfaced, and the app runs on', () => {
    const run = boot(['ready', 'wait-started', 'throw-late', 'reject-late'], dataFolder())
    expect(run.failure).toBeNull()
    expect(run.exitCode).toBeNull()
    expect(run.log).toContain('late failure in a timer')
    expect(run.log).toContain('late rejection nobody awaited')
    // One notice, not a flood: the second error falls inside the minute.
    expect(run.notifications).toEqual([
      {
        title: 'Sender Desk hit an unexpected error',
        body: expect.stringContaining(join('logs', 'main.log')) as string
      }
    ])
  })

  it('a damaged database: logged, explained in a dialog, quits with the lock released', () => {
    const dataDir = dataFolder()
    writeFileSync(join(dataDir, DATABASE_FILE), Buffer.alloc(8192, 0x42))
    const run = boot(['ready', 'wait-exit'], dataDir)
    expect(run.failure).toBeNull()
    expect(run.dialogs).toHaveLength(1)
    expect(run.dialogs[0]!.title).toBe('Sender Desk could not start')
    expect(run.dialogs[0]!.content).toContain('is damaged')
    expect(run.exitCode).toBe(1)
    expect(run.lockReleased).toBe(true)
    expect(run.windows).toEqual([])
    expect(run.log).toContain('Sender Desk could not start')
  })

  it('a database from a newer version: says to update or restore, in the system’s language before settings load', () => {
    const dataDir = dataFolder()
    const db = new Database(join(dataDir, DATABASE_FILE))
    db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 3}`)
    db.close()
    const run = boot(['ready', 'wait-exit'], dataDir, { STAND_IN_LOCALE: 'id-ID' })
    expect(run.dialogs).toHaveLength(1)
    expect(run.dialogs[0]!.title).toBe('Sender Desk tidak dapat dimulai')
    expect(run.dialogs[0]!.content).toContain(`versi basis data ${LATEST_SCHEMA_VERSION + 3}`)
    expect(run.exitCode).toBe(1)
    expect(run.lockReleased).toBe(true)
  })

  it('a data folder an older version wrote: a window says the data is being updated before the update starts', () => {
    const dataDir = dataFolder()
    const previous = LATEST_SCHEMA_VERSION - 1
    openDatabase({ dataDir, migrations: migrations.slice(0, previous) }).close()
    const run = boot(['ready', 'wait-started', 'quit', 'wait-exit'], dataDir)
    expect(run.failure).toBeNull()
    expect(run.dialogs).toEqual([])
    const [updating, main] = run.windows
    // Shown while the database was still at the previous version, then gone once the app window opens.
    expect(updating?.databaseVersionAtShow).toBe(previous)
    expect(updating?.destroyed).toBe(true)
    const page = decodeURIComponent(updating?.url ?? '')
    expect(page).toMatch(/^data:text\/html/)
    expect(page).toContain('Updating your data')
    expect(page).toContain('keep Sender Desk open')
    expect(main?.url).toBe('app://renderer/index.html')
    expect(run.windows).toHaveLength(2)
    expect(run.log).toMatch(/Updating the data folder: step 1 of 1 \(.+\)/)
    expect(run.log).toMatch(/Updating the data folder: done in [\d.]+ s/)
    // In the language of the window's last start: Bahasa Indonesia chosen in Settings.
    const again = dataFolder()
    openDatabase({ dataDir: again, migrations: migrations.slice(0, previous) }).close()
    writeFileSync(join(again, 'window-language'), 'id')
    const indonesian = boot(['ready', 'wait-started', 'quit', 'wait-exit'], again)
    expect(decodeURIComponent(indonesian.windows[0]?.url ?? '')).toContain('Memperbarui data Anda')
  })

  it('an up-to-date data folder starts without the update window', () => {
    const dataDir = dataFolder()
    openDatabase({ dataDir }).close()
    const run = boot(['ready', 'wait-started', 'quit', 'wait-exit'], dataDir)
    expect(run.failure).toBeNull()
    expect(run.windows).toHaveLength(1)
    expect(run.windows[0]!.url).toBe('app://renderer/index.html')
  })

  it('a second copy that cannot take the single-instance lock quits before doing anything', () => {
    const run = boot(['ready', 'wait-exit'], dataFolder(), { STAND_IN_LOCK: 'taken' })
    expect(run.exitCode).toBe(0)
    expect(run.windows).toEqual([])
    expect(run.ipcHandlers.filter((channel) => channel in invokeChannels)).toEqual([])
  })
})
