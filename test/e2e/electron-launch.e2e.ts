/**
 * Electron-launch tests: the real app binary, its window security, tray and single-instance lock.
 * They run wherever the Electron binary exists (a machine that ran `npm ci` with internet) and are
 * reported as skipped, with the reason, where it does not.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { _electron as electron, type ElectronApplication } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain JS helper shared with `npm start`
import { locateElectronBinary } from '../../scripts/electron-binary.js'

const located = locateElectronBinary() as { path: string } | { missing: string }
const missing = 'missing' in located ? located.missing : null
const root = join(import.meta.dirname, '../..')
if (missing) console.warn(`[electron-launch] skipped: Electron binary not available (${missing})`)

describe.skipIf(missing !== null /* no Electron binary: reason printed */)(
  `Electron launch${missing ? ` — skipped: Electron binary not available (${missing})` : ''}`,
  () => {
    let app: ElectronApplication
    let userData: string

    beforeAll(async () => {
      userData = await mkdtemp(join(tmpdir(), 'sd-electron-'))
      app = await electron.launch({
        executablePath: (located as { path: string }).path,
        args: [root, '--no-sandbox-warning'],
        env: { ...process.env, SENDER_DESK_USER_DATA: userData, SENDER_DESK_TEST_HOOKS: '1' }
      })
    })
    afterAll(async () => app?.close())

    it('opens a sandboxed, context-isolated window that exposes only the contract API', async () => {
      const page = await app.firstWindow()
      await page.waitForLoadState('domcontentloaded')
      const prefs = await app.evaluate(() => {
        const hooks = (
          globalThis as unknown as { __senderDeskTest?: { webPreferences(): Record<string, unknown> } }
        ).__senderDeskTest
        const p = hooks?.webPreferences() ?? {}
        return {
          contextIsolation: p['contextIsolation'],
          sandbox: p['sandbox'],
          nodeIntegration: p['nodeIntegration']
        }
      })
      expect(prefs).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false })
      const exposed = await page.evaluate(() => ({
        api: Object.keys((window as unknown as { senderDesk: object }).senderDesk).sort(),
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process
      }))
      expect(exposed).toEqual({
        api: ['invoke', 'on', 'registerFiles'],
        require: 'undefined',
        process: 'undefined'
      })
    })

    it('refuses file paths named by the page itself', async () => {
      const page = await app.firstWindow()
      const refused = await page.evaluate(async () => {
        const api = (window as unknown as { senderDesk: { invoke(c: string, r: unknown): Promise<unknown> } })
          .senderDesk
        return api
          .invoke('files:register', { sources: [{ kind: 'path', path: '/etc/hosts' }] })
          .then(() => 'accepted')
          .catch((error: { code?: string }) => error.code)
      })
      expect(refused).toBe('forbidden')
    })

    it('denies window.open and navigation away from the app', async () => {
      const page = await app.firstWindow()
      const opened = await page.evaluate(() => window.open('https://example.com') === null)
      expect(opened).toBe(true)
      await page.evaluate(() => {
        window.location.href = 'https://example.com'
      })
      await page.waitForTimeout(500)
      expect(page.url()).not.toContain('example.com')
    })

    it('lets the copy buttons write to the clipboard (the one permission the window has)', async () => {
      const page = await app.firstWindow()
      const copied = await page.evaluate(() =>
        navigator.clipboard.writeText('sender-desk clipboard probe').then(
          () => 'ok',
          (error: Error) => error.name
        )
      )
      expect(copied).toBe('ok')
      const onClipboard = await app.evaluate(({ clipboard }) => clipboard.readText())
      expect(onClipboard).toBe('sender-desk clipboard probe')
    })

    it('serves the window with the release CSP header from app:// (the page’s own CSP forbids it to fetch)', async () => {
      const header = await app.evaluate(async ({ net }) =>
        (await net.fetch('app://renderer/index.html')).headers.get('content-security-policy')
      )
      expect(header).toContain("default-src 'none'")
    })

    it('shows a tray whose menu offers Open, Pause and Quit', async () => {
      const ids = await app.evaluate(() => {
        const hooks = (globalThis as unknown as { __senderDeskTest?: { trayMenuIds(): string[] } })
          .__senderDeskTest
        return hooks?.trayMenuIds() ?? []
      })
      expect(ids).toEqual(expect.arrayContaining(['toggle-pause', 'open', 'settings', 'quit']))
    })

    it('keeps a single instance: a second launch exits and focuses the first', async () => {
      const second = spawn((located as { path: string }).path, [root], {
        env: { ...process.env, SENDER_DESK_USER_DATA: userData }
      })
      const code = await new Promise<number | null>((resolve) => second.on('exit', resolve))
      expect(code).toBe(0)
    })
  }
)
