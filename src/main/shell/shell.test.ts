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
    constructorArgs: unknown[]
    listeners: Map<string, (...args: unknown[]) => void>
  }> = []
  const app = { isPackaged: false }
  const theme = { shouldUseDarkColors: false, shouldUseDarkColorsForSystemIntegratedUI: false }
  const iconPaths: string[] = []
  const notifications: Array<{
    options: Record<string, unknown>
    listeners: Map<string, () => void>
    shown: boolean
  }> = []
  const activation: { handler: ((details: { type: string; arguments: string }) => void) | null } = {
    handler: null
  }
  return { handlers, trays, app, theme, iconPaths, notifications, activation }
})

vi.mock('electron', () => {
  class Tray {
    tooltip = ''
    menu: unknown = null
    listeners = new Map<string, (...args: unknown[]) => void>()
    constructorArgs: unknown[]
    constructor(
      public image: unknown,
      ...rest: unknown[]
    ) {
      this.constructorArgs = [image, ...rest]
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
  class Notification {
    static isSupported = (): boolean => true
    static handleActivation(handler: (details: { type: string; arguments: string }) => void): void {
      fake.activation.handler = handler
    }
    listeners = new Map<string, () => void>()
    shown = false
    constructor(public options: Record<string, unknown>) {
      fake.notifications.push(this)
    }
    on(event: string, listener: () => void): void {
      this.listeners.set(event, listener)
    }
    show(): void {
      this.shown = true
    }
  }
  return {
    app: fake.app,
    Notification,
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, request: unknown) => Promise<unknown>) =>
        fake.handlers.set(channel, handler),
      removeHandler: (channel: string) => fake.handlers.delete(channel)
    },
    Tray,
    Menu: { buildFromTemplate: (template: unknown) => ({ template }) },
    nativeImage: {
      createFromPath: (path: string) => {
        fake.iconPaths.push(path)
        return image
      }
    },
    nativeTheme: Object.assign(fake.theme, { on: () => undefined }),
    BrowserWindow: class {},
    session: {},
    shell: {},
    net: {},
    protocol: {}
  }
})

const { isPermissionAllowed, isTrustedUrl } = await import('./window')
const { registerIpc } = await import('./ipc')
const { TrayService } = await import('./tray')
const { NotificationCenter, decodeLaunchArguments, encodeLaunchArguments, noticeDestination, toastXml } =
  await import('./notifications')
const { translate } = await import('../../shared/i18n')
const english = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]): string =>
  translate('en', key, params)

/** Runs `body` as if on another OS (the shell branches on process.platform). */
function onPlatform(platform: NodeJS.Platform, body: () => void): void {
  const original = Object.getOwnPropertyDescriptor(process, 'platform')!
  Object.defineProperty(process, 'platform', { value: platform })
  try {
    body()
  } finally {
    Object.defineProperty(process, 'platform', original)
  }
}

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
  cancelled_at_gateway: 0,
  revoked: 0,
  optedOut: 0,
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

  it('honours ELECTRON_RENDERER_URL in development only, never in a packaged app', () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173')
    try {
      fake.app.isPackaged = false
      expect(isTrustedUrl('http://localhost:5173/index.html')).toBe(true)
      fake.app.isPackaged = true
      expect(isTrustedUrl('http://localhost:5173/index.html')).toBe(false)
      expect(isTrustedUrl('app://renderer/index.html')).toBe(true)
    } finally {
      fake.app.isPackaged = false
      vi.unstubAllEnvs()
    }
  })

  it('grants exactly the clipboard write, and only to the app’s own page', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://renderer')).toBe(true)
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://renderer/index.html')).toBe(true)
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://attacker.example')).toBe(false)
    expect(isPermissionAllowed('clipboard-sanitized-write', undefined)).toBe(false)
    for (const other of ['clipboard-read', 'media', 'notifications', 'geolocation', 'openExternal']) {
      expect(isPermissionAllowed(other, 'app://renderer'), other).toBe(false)
    }
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

/** A connected mailbox with nothing in it. */
const connectedInbox = {
  state: 'connected' as const,
  behind: 0,
  since: null,
  retryAt: null,
  detail: null,
  mailbox: 'mbx',
  storage: null,
  lastContactAt: null,
  messages: 0,
  unread: 0,
  unreadCustomers: 0,
  refused: 0,
  pending: 0
}

describe('TrayService', () => {
  it('renders the model once per change, keeps one Tray, and routes menu clicks and drops', () => {
    const actions: unknown[] = []
    const drops: string[][] = []
    const tray = new TrayService(
      (a) => actions.push(a),
      (paths) => drops.push(paths),
      english
    )
    const state = { devices: [device], counts, sendingPaused: false }
    tray.render(state)
    tray.render(state)
    expect(fake.trays).toHaveLength(1)
    const created = fake.trays[0]!
    expect(created.tooltip).toContain('Shop: Needs a QR scan')
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

  it('redraws the relay line when the inbox state changes, and its item opens Messages in (issue 25)', () => {
    fake.trays.length = 0
    const actions: unknown[] = []
    const tray = new TrayService(
      (a) => actions.push(a),
      () => undefined,
      english
    )
    const inbox = connectedInbox
    const state = { devices: [{ ...device, state: 'connected' as const }], counts, sendingPaused: false }
    tray.render({ ...state, inbox })
    const created = fake.trays[0]!
    expect(created.tooltip).toBe('Sender Desk — 1/1 connected · 2 to send · Messages in — relay: ✓ connected')
    tray.render({ ...state, inbox: { ...inbox, state: 'unreachable', behind: null } })
    expect(created.tooltip).toContain('Messages in — relay: ⚠ cannot be reached')
    expect(tray.click('relay')).toBe(true)
    expect(actions).toEqual([{ kind: 'inbox' }])
    tray.destroy()
  })

  it('shows the unread count in the tooltip and the menu, follows it, and its item opens the inbox (issue 26)', () => {
    fake.trays.length = 0
    const actions: unknown[] = []
    const tray = new TrayService(
      (a) => actions.push(a),
      () => undefined,
      english
    )
    const inbox = { ...connectedInbox, messages: 5, unread: 3 }
    const state = { devices: [{ ...device, state: 'connected' as const }], counts, sendingPaused: false }
    tray.render({ ...state, inbox })
    const created = fake.trays[0]!
    expect(created.tooltip).toContain('3 unread messages')
    expect(tray.click('unread')).toBe(true)
    expect(actions).toEqual([{ kind: 'inbox' }])
    tray.render({ ...state, inbox: { ...inbox, unread: 1 } })
    expect(created.tooltip).toContain('1 unread message')
    tray.render({ ...state, inbox: { ...inbox, unread: 0 } })
    expect(created.tooltip).not.toContain('unread')
    expect(tray.click('unread')).toBe(false)
    tray.destroy()
  })
})

describe('tray icon per OS', () => {
  const state = { devices: [device], counts, sendingPaused: false }
  const lastIcon = (): string => fake.iconPaths.at(-1)!.split(/[\\/]/).at(-1)!

  it('Windows: follows the taskbar’s theme rather than the apps’, and claims no fixed GUID', () => {
    onPlatform('win32', () => {
      fake.trays.length = 0
      fake.iconPaths.length = 0
      // A light app theme on a dark taskbar (Windows' default): the icon must be the one for dark.
      fake.theme.shouldUseDarkColors = false
      fake.theme.shouldUseDarkColorsForSystemIntegratedUI = true
      const tray = new TrayService(
        () => undefined,
        () => undefined,
        english
      )
      tray.render(state)
      expect(fake.iconPaths.some((path) => path.endsWith('error-dark.png'))).toBe(true)
      expect(fake.iconPaths.some((path) => path.includes('-light'))).toBe(false)
      // One argument: a GUID would bind the icon to this exe path and starve every other build of an icon.
      expect(fake.trays[0]!.constructorArgs).toHaveLength(1)
      fake.theme.shouldUseDarkColorsForSystemIntegratedUI = false
    })
  })

  it('Linux: one pre-scaled picture readable on any panel', () => {
    onPlatform('linux', () => {
      fake.iconPaths.length = 0
      new TrayService(
        () => undefined,
        () => undefined,
        english
      ).render(state)
      expect(lastIcon()).toBe('error-linux.png')
    })
  })
})

describe('NotificationCenter', () => {
  it('keeps each notification referenced until it is clicked or closed, and routes the click', () => {
    onPlatform('linux', () => {
      fake.notifications.length = 0
      const activated: unknown[] = []
      const center = new NotificationCenter((action) => activated.push(action))
      center.show('Shop was logged out', 'Scan again', { kind: 'relink', deviceId: 'd1' })
      center.show('2 messages could not be sent', 'Open the outbox', { kind: 'open', view: 'outbox' })
      expect(center.pending()).toBe(2)
      expect(fake.notifications.every((n) => n.shown)).toBe(true)
      fake.notifications[0]!.listeners.get('click')!()
      expect(activated).toEqual([{ kind: 'relink', deviceId: 'd1' }])
      fake.notifications[1]!.listeners.get('close')!()
      expect(center.pending()).toBe(0)
    })
  })

  it('Windows: a toast clicked after a restart still routes, through handleActivation and its launch arguments', () => {
    onPlatform('win32', () => {
      fake.notifications.length = 0
      const activated: unknown[] = []
      const center = new NotificationCenter((action) => activated.push(action))
      center.show('Desk <1> & co', 'Check "token"', { kind: 'open', view: 'devices' })
      const xml = fake.notifications[0]!.options['toastXml'] as string
      expect(xml).toContain('Desk &lt;1&gt; &amp; co')
      const launch = /launch="([^"]*)"/.exec(xml)![1]!
      expect(launch).toBe(encodeLaunchArguments({ kind: 'open', view: 'devices' }))
      // The app restarted: Windows hands over the toast's arguments; no Notification object exists any more.
      fake.activation.handler!({ type: 'click', arguments: launch })
      expect(activated).toEqual([{ kind: 'open', view: 'devices' }])
      // Windows also calls the instance listener for a live toast; it must not route a second time.
      fake.notifications[0]!.listeners.get('click')!()
      expect(activated).toHaveLength(1)
      expect(center.pending()).toBe(0)
    })
  })

  it('a new-message notice opens its conversation, also when clicked after a restart on Windows (issue 26)', () => {
    const action = { kind: 'conversation', conversationId: 42 } as const
    onPlatform('linux', () => {
      fake.notifications.length = 0
      const activated: unknown[] = []
      new NotificationCenter((a) => activated.push(a)).show('Budi', 'Is the order ready?', action)
      fake.notifications[0]!.listeners.get('click')!()
      expect(activated).toEqual([action])
      expect(noticeDestination(activated[0] as typeof action)).toEqual({ view: 'inbox', conversationId: 42 })
    })
    onPlatform('win32', () => {
      fake.notifications.length = 0
      const activated: unknown[] = []
      new NotificationCenter((a) => activated.push(a)).show('Budi', 'Is the order ready?', action)
      const launch = /launch="([^"]*)"/.exec(fake.notifications[0]!.options['toastXml'] as string)![1]!
      fake.activation.handler!({ type: 'click', arguments: launch.replace(/&amp;/g, '&') })
      expect(activated).toEqual([action])
    })
    expect(
      decodeLaunchArguments(encodeLaunchArguments({ kind: 'conversation', conversationId: -1 }))
    ).toBeNull()
    expect(noticeDestination({ kind: 'relink', deviceId: 'd1' })).toEqual({ view: 'linking', deviceId: 'd1' })
    expect(noticeDestination({ kind: 'open', view: 'outbox' })).toEqual({ view: 'outbox' })
  })

  it('ignores launch arguments that are not ours', () => {
    expect(decodeLaunchArguments('')).toBeNull()
    expect(decodeLaunchArguments('sender-desk-notice:%7B%22kind%22%3A%22evil%22%7D')).toBeNull()
    expect(decodeLaunchArguments('sender-desk-notice:not-json')).toBeNull()
    expect(toastXml('a', 'b', { kind: 'relink', deviceId: 'x' })).toContain('<text>a</text><text>b</text>')
  })
})
