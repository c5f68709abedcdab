/**
 * Attack: a compromised or tricked renderer opens links (any https:// page, file:, a custom protocol) or navigates
 * away through a server redirect or a subframe; diagnostics keep error text with a token in it. Outcome: only the
 * gateway's documentation and the configured gateways open in the browser, every navigation kind is held to the
 * app's own page, and recent errors are masked as they are kept.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { composeCore } from '../../src/main/core/compose'
import { SecretList } from '../../src/main/core/logging'
import { MemoryVault } from '../../src/main/core/vault'
import { renewAddress } from '../../src/shared/device-status'

/** A device on a real gateway, not Sender Desk's built-in sandbox gateway (`DeviceView.sandbox`, no window setting). */
const ON_SANDBOX_GATEWAY = false

type Listener = (...args: unknown[]) => void

const fake = vi.hoisted(() => ({
  opened: [] as string[],
  listeners: new Map<string, Listener>(),
  openHandler: null as null | ((details: { url: string }) => { action: string })
}))

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = {
      setWindowOpenHandler: (handler: (details: { url: string }) => { action: string }) => {
        fake.openHandler = handler
      },
      on: (event: string, listener: Listener) => fake.listeners.set(event, listener)
    }
    once(): void {}
    on(): void {}
    loadURL(): Promise<void> {
      return Promise.resolve()
    }
  }
  return {
    app: { isPackaged: true },
    BrowserWindow,
    session: { defaultSession: { setPermissionRequestHandler() {}, setPermissionCheckHandler() {} } },
    shell: { openExternal: (url: string) => fake.opened.push(url) },
    net: {},
    protocol: {}
  }
})

const { createMainWindow } = await import('../../src/main/shell/window')

const GATEWAY = 'https://solo.wablas.com'

beforeEach(() => {
  fake.opened.length = 0
  fake.listeners.clear()
  createMainWindow({
    onHiddenToTray: () => undefined,
    isQuitting: () => false,
    startHidden: true,
    gatewayBaseUrls: () => [GATEWAY, 'http://127.0.0.1:4010']
  })
})

function open(url: string): void {
  expect(fake.openHandler?.({ url })).toEqual({ action: 'deny' })
}

/** Fires a navigation event the way Electron does; true when the window prevented it. */
function navigate(event: string, url: string): boolean {
  let prevented = false
  const details = { url, preventDefault: () => (prevented = true) }
  const listener = fake.listeners.get(event)
  expect(listener, `${event} is guarded`).toBeDefined()
  if (event === 'will-frame-navigate') listener!(details)
  else listener!(details, url)
  return prevented
}

describe('links the page opens', () => {
  it('opens only the documentation and the configured gateways in the browser', () => {
    open('https://wablas.com/documentation/api')
    open(`${GATEWAY}/dashboard`)
    open('http://127.0.0.1:4010/web')
    open('https://evil.example/phish')
    open('https://wablas.com.evil.example/')
    open('https://user:pw@wablas.com/')
    open('http://wablas.com/')
    open('file:///etc/passwd')
    open('smb://share/x')
    open('https://solo.wablas.com:8443/')
    expect(fake.opened).toEqual([
      'https://wablas.com/documentation/api',
      `${GATEWAY}/dashboard`,
      'http://127.0.0.1:4010/web'
    ])
  })
})

describe('the renewal link', () => {
  it("opens an ended subscription's renewal address, its gateway's dashboard, in the browser (QA Q7-11)", () => {
    const renew = renewAddress({ state: 'expired', baseUrl: `${GATEWAY}/api`, sandbox: ON_SANDBOX_GATEWAY })
    expect(renew).not.toBeNull()
    open(renew!.href)
    expect(fake.opened).toEqual([`${GATEWAY}/`])
  })
})

describe('navigation', () => {
  for (const event of ['will-navigate', 'will-redirect', 'will-frame-navigate']) {
    it(`${event}: stays on the app's own page`, () => {
      expect(navigate(event, 'https://evil.example/')).toBe(true)
      expect(navigate(event, 'file:///etc/passwd')).toBe(true)
      expect(navigate(event, 'app://renderer/index.html')).toBe(false)
    })
  }
})

describe('diagnostics', () => {
  it('keeps recent errors masked: no known token, no token-shaped field', async () => {
    const token = 'Tk7s9Q2wLx8vB3nM5pR1cD6fG0hJ4kZ2yU8iO3aE7sW1qT5rV9'
    const secrets = new SecretList()
    secrets.add(token)
    const core = await composeCore({
      dataDir: await mkdtemp(join(tmpdir(), 'sd-diag-')),
      vault: new MemoryVault(),
      appInfo: { version: 'test', platform: 'test' },
      secrets
    })
    core.reportUnexpected(
      'poll',
      new Error(`GET ${GATEWAY}/api/device/info?token=${token} failed for ${token}`)
    )
    core.reportUnexpected('send', new Error('Authorization: some-other-credential-value rejected'))
    const kept = core.recentErrors().join('\n')
    expect(kept).not.toContain(token)
    expect(kept).not.toContain('some-other-credential-value')
    const { text } = (await core.handlers['diagnostics:get']({})) as { text: string }
    expect(text).not.toContain(token)
    await core.stop()
  })
})
