/** The shell's Electron adapters, run under plain Node against a fake `electron` module. */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { DeviceView, OutboxCounts } from '../../shared/contract'

/** These devices are on a real gateway, not Sender Desk's built-in sandbox gateway. */
const ON_SANDBOX_GATEWAY = false

const fake = vi.hoisted(() => {
  const handlers = new Map<string, (event: unknown, request: unknown) => Promise<unknown>>()
  const trays: Array<{
    tooltip: string
    menu: unknown
    image: unknown
    listeners: Map<string, (...args: unknown[]) => void>
  }> = []
  return { handlers, trays }
})

vi.mock('electron', () => {
  class Tray {
    tooltip = ''
    menu: unknown = null
    listeners = new Map<string, (...args: unknown[]) => void>()
    constructor(public image: unknown) {
      fake.trays.push(this)
    }
    on(event: string, listener: (...args: unknown[]) => void): void {
      this.listeners.set(event, listener)
    }
    setToolTip(text: string): void {
      this.tooltip = text
    }
    setContextMenu(menu: unknown): void {
      this.menu = menu
    }
    setImage(image: unknown): void {
      this.image = image
    }
    destroy(): void {}
  }
  const image = {
    setTemplateImage: () => undefined,
    addRepresentation: () => undefined,
    toPNG: () => Buffer.alloc(0)
  }
  return {
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, request: unknown) => Promise<unknown>) =>
        fake.handlers.set(channel, handler),
      removeHandler: (channel: string) => fake.handlers.delete(channel)
    },
    Tray,
    Menu: { buildFromTemplate: (template: unknown) => ({ template }) },
    nativeImage: { createFromPath: () => image },
    nativeTheme: { shouldUseDarkColors: false, on: () => undefined },
    BrowserWindow: class {},
    session: {},
    shell: {},
    net: {},
    protocol: {}
  }
})

const { isTrustedUrl } = await import('./window')
const { registerIpc } = await import('./ipc')
const { TrayService } = await import('./tray')

const counts: OutboxCounts = {
  scheduled: 0,
  queued: 2,
  sending: 0,
  accepted: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  cancelled: 0,
  total: 2
}
const device: DeviceView = {
  id: 'd1',
  label: 'Shop',
  state: 'needs-scan',
  baseUrl: 'https://solo.wablas.com',
  tokenHint: '••••abcd',
  hasSecret: false,
  sandbox: ON_SANDBOX_GATEWAY,
  stateNote: null,
  name: null,
  serial: null,
  sender: null,
  quota: null,
  expiresAt: null,
  lastCheckedAt: null,
  stateSince: null,
  paused: false
}

describe('window trust', () => {
  it('trusts only the app:// renderer origin (or the dev server when one is configured)', () => {
    expect(isTrustedUrl('app://renderer/index.html')).toBe(true)
    expect(isTrustedUrl('app://evil/index.html')).toBe(false)
    expect(isTrustedUrl('file:///tmp/renderer/index.html')).toBe(false)
    expect(isTrustedUrl('https://example.com/renderer/index.html')).toBe(false)
    expect(isTrustedUrl('not a url')).toBe(false)
  })
})

describe('IPC wiring', () => {
  beforeEach(() => fake.handlers.clear())

  it('registers every contract channel and refuses frames that are not the app', async () => {
    const seen: unknown[] = []
    registerIpc({ 'devices:list': async () => ({ devices: [] }) } as never, {
      onUnexpected: (_channel, error) => seen.push(error)
    })
    expect(fake.handlers.has('outbox:enqueue')).toBe(true)
    const handler = fake.handlers.get('devices:list')!
    const trusted = {
      sender: { isDestroyed: () => false },
      senderFrame: { url: 'app://renderer/index.html' }
    }
    const untrusted = {
      sender: { isDestroyed: () => false },
      senderFrame: { url: 'https://attacker.example/' }
    }
    await expect(handler(trusted, {})).resolves.toEqual({ ok: true, value: { devices: [] } })
    await expect(handler(untrusted, {})).resolves.toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(seen).toHaveLength(1)
  })
})

describe('TrayService', () => {
  it('renders the model once per change, keeps one Tray, and routes menu clicks and drops', () => {
    const actions: unknown[] = []
    const drops: string[][] = []
    const tray = new TrayService(
      (a) => actions.push(a),
      (paths) => drops.push(paths)
    )
    const state = { devices: [device], counts, sendingPaused: false }
    tray.render(state)
    tray.render(state)
    expect(fake.trays).toHaveLength(1)
    const created = fake.trays[0]!
    expect(created.tooltip).toContain('Shop: needs a QR scan')
    expect(tray.menuIds()).toContain('device:d1:relink')
    expect(tray.click('device:d1:relink')).toBe(true)
    expect(actions).toEqual([{ kind: 'relink', deviceId: 'd1' }])
    created.listeners.get('click')!()
    expect(actions.at(-1)).toEqual({ kind: 'open' })
    created.listeners.get('drop-files')!({}, ['/tmp/a.jpg'])
    expect(drops).toEqual([['/tmp/a.jpg']])
    tray.render({ ...state, devices: [{ ...device, state: 'connected' }] })
    expect(created.tooltip).toBe('Sender Desk — 1/1 connected · 2 to send')
    tray.destroy()
    tray.render(state)
    expect(fake.trays).toHaveLength(1)
  })
})
