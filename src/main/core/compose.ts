/**
 * Builds the whole core from its ports (vault, clock, data folder, notifier, login-item switch): the
 * database, settings, device registry and monitor, outbox, file handles and the embedded sandbox, wired
 * together and exposed as the contract's handlers plus events. Electron shell and browser harness both
 * start here; only the ports differ.
 */
import { join } from 'node:path'
import type { DeviceState, DeviceView, OutboxCounts } from '../../shared/contract'
import { createApiHandlers } from './api'
import { systemClock, type Clock } from './clock'
import { CoreEvents } from './core-events'
import {
  DeviceActions,
  DeviceMonitor,
  DeviceRegistry,
  isSendable,
  type ClientFactory,
  type PollIntervals
} from './devices'
import { GatewayReminders } from './devices/gateway-reminders'
import { WebhookSettingsBook } from './devices/webhook-settings'
import { EmbeddedSandbox, portOf, type EmbeddedSandboxOptions } from './embedded-sandbox'
import { FileHandles } from './files/file-handles'
import { createGatewayClient } from './gateway'
import type { GatewayClient } from './gateway/types'
import type { ApiHandlers } from './ipc-dispatch'
import { NoticeBoard, type Notice } from './notices'
import { createOutbox, type Outbox, type OutboxOptions } from './outbox'
import { createServiceHandlers } from './service-api'
import { SettingsService } from './settings'
import { openDatabase, ReminderStore, SettingsStore, type SqliteDatabase } from './store'
import { silentLogger, type Logger, type Vault } from './vault'

export interface CorePorts {
  dataDir: string
  vault: Vault
  clock?: Clock
  appInfo: { version: string; platform: string; runtime?: Record<string, string> }
  clientFactory?: ClientFactory
  notify?: (notice: Notice) => void
  /** Apply the start-at-login setting (shell only). */
  applyLoginItem?: (enabled: boolean) => void
  /** Called when the operator changes the weak-storage opt-in (the shell's vault honours it). */
  applyWeakStorage?: (allowed: boolean) => Promise<void>
  logger?: Logger
  sandbox?: EmbeddedSandboxOptions
  outbox?: OutboxOptions
  pollIntervals?: Partial<PollIntervals>
  /** Debounce for native notifications. */
  noticeDebounceMs?: number
  /** better-sqlite3 addon built for the runtime (Electron's ABI in the shell). */
  sqliteBinding?: string
}

export interface CoreSnapshot {
  devices: DeviceView[]
  counts: OutboxCounts
  sendingPaused: boolean
}

export interface Core {
  readonly handlers: ApiHandlers
  readonly events: CoreEvents
  readonly settings: SettingsService
  readonly registry: DeviceRegistry
  readonly monitor: DeviceMonitor
  readonly actions: DeviceActions
  readonly outbox: Outbox
  readonly files: FileHandles
  readonly sandbox: EmbeddedSandbox
  start(): Promise<void>
  /** Stops polling and sending; in-flight sends finish and are recorded (never failed or deleted by a quit). */
  stop(): Promise<void>
  snapshot(): CoreSnapshot
  onSnapshotChange(listener: (snapshot: CoreSnapshot) => void): () => void
  /** Recent unexpected errors (already redacted), for diagnostics. */
  recentErrors(): string[]
  reportUnexpected(where: string, error: unknown): void
}

const SETTINGS_KEY = 'app.settings'
const RECENT_ERRORS = 20

export async function composeCore(ports: CorePorts): Promise<Core> {
  const clock = ports.clock ?? systemClock
  const logger = ports.logger ?? silentLogger
  const events = new CoreEvents()
  const db: SqliteDatabase = openDatabase({
    dataDir: ports.dataDir,
    ...(ports.sqliteBinding ? { nativeBinding: ports.sqliteBinding } : {})
  })
  const settingsStore = new SettingsStore(db)
  const settings = new SettingsService({
    load: () => settingsStore.get<Record<string, unknown>>(SETTINGS_KEY) ?? null,
    save: (values) => settingsStore.set(SETTINGS_KEY, values)
  })
  const initial = settings.get()
  const errors: string[] = []
  const reportUnexpected = (where: string, error: unknown): void => {
    logger.error(`unexpected error in ${where}`, error)
    errors.push(
      `${new Date(clock.now()).toISOString()} ${where}: ${error instanceof Error ? error.message : String(error)}`
    )
    if (errors.length > RECENT_ERRORS) errors.shift()
  }

  const sandbox = new EmbeddedSandbox(ports.dataDir, ports.clock, ports.sandbox)
  const clientFactory = ports.clientFactory ?? ((credentials) => createGatewayClient(credentials))
  const registry = await DeviceRegistry.open({
    file: join(ports.dataDir, 'devices.json'),
    vault: ports.vault,
    clientFactory,
    clock
  })

  // The outbox asks for a device's client synchronously on every round; the vault answers asynchronously,
  // so clients are opened ahead of time and kept here.
  const clients = new Map<string, GatewayClient>()
  const openClient = async (id: string): Promise<void> => {
    const client = await registry.clientFor(id)
    if (client) clients.set(id, client)
    else clients.delete(id)
  }

  // The monitor shows each device's paused flag, which the outbox (created after it) owns.
  let pausedDevices: () => string[] = () => []
  const monitor = await DeviceMonitor.open({
    registry,
    clock,
    stateFile: join(ports.dataDir, 'device-states.json'),
    intervals: { idleMs: initial.pollIntervalSec * 1000, ...ports.pollIntervals },
    isPaused: (id) => pausedDevices().includes(id),
    logger
  })
  const actions = new DeviceActions({ registry, monitor, clock, logger })
  const notices = new NoticeBoard({
    clock,
    notify: (notice) => ports.notify?.(notice),
    enabled: () => settings.get().notifications,
    ...(ports.noticeDebounceMs !== undefined ? { debounceMs: ports.noticeDebounceMs } : {})
  })

  const theOutbox: Outbox = createOutbox({
    db,
    dataDir: ports.dataDir,
    clock,
    clientFor: (id) => clients.get(id),
    options: {
      pacingMs: initial.pacingMs,
      retentionMs: initial.retentionDays * 86_400_000,
      devicesSendableByDefault: false,
      ...ports.outbox
    }
  })
  pausedDevices = () => theOutbox.pausedState().devices
  // A file is accepted at drop time if any gateway could take it; enqueue checks the chosen device's own limit.
  const files = new FileHandles({
    dataDir: ports.dataDir,
    maxFileBytes: () =>
      Math.max(settings.get().maxFileBytes, ...registry.list().map((d) => d.maxFileBytes ?? 0))
  })

  const snapshotListeners = new Set<(snapshot: CoreSnapshot) => void>()
  const snapshot = (): CoreSnapshot => ({
    devices: monitor.views(),
    counts: theOutbox.counts(),
    sendingPaused: theOutbox.pausedState().all
  })
  const snapshotChanged = (): void => {
    const current = snapshot()
    for (const listener of snapshotListeners) listener(current)
  }

  registry.onChange((change) => {
    if (change.kind === 'removed') clients.delete(change.id)
    else if (change.kind === 'added' || change.kind === 'credentials') void openClient(change.device.id)
  })
  monitor.on('devicesChanged', (devices) => {
    events.emit('devices:changed', { devices })
    snapshotChanged()
  })
  monitor.on('stateChanged', (deviceId: string, from: DeviceState, to: DeviceState, note: string | null) => {
    theOutbox.setDeviceSendable(deviceId, isSendable(to))
    const label = registry.get(deviceId)?.label ?? deviceId
    notices.deviceStateChanged(deviceId, label, from, to, note)
    // A token that becomes readable again (keyring unlocked) needs a fresh client.
    if (!clients.has(deviceId)) void openClient(deviceId)
  })
  theOutbox.on('itemChanged', (item) => {
    events.emit('outbox:itemChanged', { item })
    if (item.status === 'failed') notices.sendFailed()
  })
  theOutbox.on('bulkChanged', (count) => events.emit('outbox:bulkChanged', { count }))
  theOutbox.on('countsChanged', (counts) => {
    events.emit('outbox:countsChanged', { counts, sendingPaused: theOutbox.pausedState().all })
    snapshotChanged()
  })
  settings.onChange((next) => {
    monitor.setIdleInterval(next.pollIntervalSec * 1000)
    theOutbox.updateOptions({ pacingMs: next.pacingMs, retentionMs: next.retentionDays * 86_400_000 })
    ports.applyLoginItem?.(next.startAtLogin)
    events.emit('settings:changed', next)
  })

  const webhookSettings = new WebhookSettingsBook(settingsStore, () => clock.now())
  const reminders = new GatewayReminders(new ReminderStore(db), () => clock.now())
  registry.onChange((change) => {
    if (change.kind !== 'removed') return
    webhookSettings.forget(change.id)
    reminders.forgetDevice(change.id)
    for (const series of theOutbox.listSeries(change.id)) theOutbox.deleteSeries(series.id)
  })
  // The sandbox's world changes often (every message step): sandbox panels hear about it at most every 250 ms.
  let sandboxChangeTimer: ReturnType<Clock['setTimeout']> | null = null
  const sandboxChanged = (): void => {
    if (sandboxChangeTimer !== null) return
    sandboxChangeTimer = clock.setTimeout(() => {
      sandboxChangeTimer = null
      events.emit('sandbox:changed', { at: new Date(clock.now()).toISOString() })
    }, 250)
  }
  sandbox.onChange(sandboxChanged)

  const coreHandlers = createApiHandlers({
    appInfo: ports.appInfo,
    vault: ports.vault,
    clock,
    events,
    settings,
    registry,
    monitor,
    actions,
    outbox: theOutbox,
    files,
    sandbox,
    recentErrors: () => [...errors],
    applyWeakStorage: ports.applyWeakStorage,
    openClient
  })
  const handlers: ApiHandlers = {
    ...coreHandlers,
    ...createServiceHandlers({
      vault: ports.vault,
      registry,
      sandbox,
      webhookSettings,
      reminders,
      outbox: theOutbox,
      files,
      monitor,
      clientFactory,
      openClient
    })
  }

  let started = false
  return {
    handlers,
    events,
    settings,
    registry,
    monitor,
    actions,
    outbox: theOutbox,
    files,
    sandbox,
    async start() {
      if (started) return
      started = true
      await files.cleanupLeftovers()
      const sandboxDevice = registry.list().find((d) => d.sandbox)
      if (sandboxDevice) await sandbox.ensure(portOf(sandboxDevice.baseUrl))
      await Promise.all(registry.list().map((d) => openClient(d.id)))
      for (const device of registry.list())
        theOutbox.setDeviceSendable(device.id, monitor.isSendable(device.id))
      await monitor.start()
      await theOutbox.start()
    },
    async stop() {
      if (sandboxChangeTimer !== null) clock.clearTimeout(sandboxChangeTimer)
      sandboxChangeTimer = null
      notices.dispose()
      await monitor.stop()
      await theOutbox.stop()
      await monitor.close()
      await sandbox.close()
      db.close()
    },
    snapshot,
    onSnapshotChange(listener) {
      snapshotListeners.add(listener)
      return () => snapshotListeners.delete(listener)
    },
    recentErrors: () => [...errors],
    reportUnexpected
  }
}
