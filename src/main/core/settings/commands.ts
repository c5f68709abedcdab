/**
 * The settings feature's commands, with the app-wide questions that read every feature: what the window needs
 * at start (bootstrap) and the diagnostics text the operator copies into a support request.
 */
import { type Commands } from '../commands'
import type { DeviceMonitor, DeviceRegistry } from '../devices'
import type { SendQueue } from '../outbox'
import type { EmbeddedSandbox } from '../sandbox-control'
import type { Vault } from '../vault'
import type { SettingsService } from './settings'
import type { PacedQueued } from '../../../shared/contract'

export type SettingsChannel =
  | 'app:bootstrap'
  | 'app:damaged'
  | 'app:startFresh'
  | 'app:dataFolder'
  | 'settings:update'
  | 'diagnostics:get'

export interface AppInfo {
  version: string
  platform: string
  runtime?: Record<string, string>
}

export interface SettingsCommandsDeps {
  appInfo: AppInfo
  /** The folder everything is kept in, named to the window for the terminal's --data-dir. */
  dataDir: string
  vault: Vault
  settings: SettingsService
  monitor: DeviceMonitor
  /** The devices file found unreadable at start (started without devices, its copy kept). */
  devices: Pick<DeviceRegistry, 'damaged' | 'acknowledgeDamage'>
  outbox: Pick<
    SendQueue,
    'counts' | 'pausedState' | 'sendingHeldBy' | 'heldOverdue' | 'scheduledOptedOut'
  > & {
    damagedSeries(): { file: string; message: string }[]
    removeDamagedSeries(): void
  }
  /** Of the queued, how many a pause holds (sending, a device, a campaign or its device part paused). */
  pausedQueued: () => number
  /** Of the rest, how many campaigns hold for working hours or their daily cap. */
  pacedQueued: () => PacedQueued
  sandbox: EmbeddedSandbox
  recentErrors: () => string[]
  /** The sandbox's "set aside and start fresh" (sandbox:startFresh's work, on the port its devices expect). */
  startSandboxFresh: () => Promise<unknown>
  /** Called when the operator changes the weak-storage opt-in (the shell's vault honours it). */
  applyWeakStorage?: ((allowed: boolean) => Promise<void>) | undefined
}

export function createSettingsCommands(deps: SettingsCommandsDeps): Commands<SettingsChannel> {
  const { settings, monitor, outbox, appInfo } = deps
  return {
    async 'app:bootstrap'() {
      const status = deps.vault.status()
      const devices = monitor.views()
      return {
        version: appInfo.version,
        platform: appInfo.platform,
        firstRun: devices.length === 0,
        secretStorage: status.storage,
        secretStorageNote: status.note,
        settings: settings.get(),
        devices,
        counts: outbox.counts(),
        sendingPaused: outbox.pausedState().all,
        sendingHeldBy: outbox.sendingHeldBy(),
        pausedQueued: deps.pausedQueued(),
        pacedQueued: deps.pacedQueued(),
        heldOverdue: outbox.heldOverdue(),
        scheduledOptedOut: outbox.scheduledOptedOut(),
        sandboxRunning: deps.sandbox.isRunning
      }
    },

    async 'app:damaged'() {
      const parts: { part: 'sandbox' | 'settings' | 'series' | 'devices'; file: string; message: string }[] =
        []
      const devices = deps.devices.damaged()
      if (devices)
        parts.push({
          part: 'devices',
          file: devices.file,
          message:
            `The devices list in ${devices.file} could not be read (${devices.reason}), so Sender Desk started ` +
            `without devices. It was kept as ${devices.keptAs}; add your devices again (queued messages stay).`
        })
      const sandbox = deps.sandbox.damage
      if (sandbox) parts.push({ part: 'sandbox', file: sandbox.file, message: sandbox.message })
      const stored = settings.damaged()
      if (stored)
        parts.push({
          part: 'settings',
          file: stored.file,
          message: `The settings kept in ${stored.file} (${stored.part}) cannot be read: ${stored.reason}.`
        })
      for (const series of outbox.damagedSeries())
        parts.push({ part: 'series', file: series.file, message: series.message })
      return { parts }
    },

    async 'app:startFresh'({ part }) {
      if (part === 'sandbox') await deps.startSandboxFresh()
      else if (part === 'settings') settings.setAsideDamaged()
      // Already set aside at start: starting fresh is the operator having read it.
      else if (part === 'devices') deps.devices.acknowledgeDamage()
      else outbox.removeDamagedSeries()
      return { ok: true as const }
    },

    async 'app:dataFolder'() {
      return { path: deps.dataDir }
    },

    async 'settings:update'(patch) {
      const before = settings.get()
      const next = settings.update(patch)
      if (next.allowWeakTokenStorage !== before.allowWeakTokenStorage) {
        await deps.applyWeakStorage?.(next.allowWeakTokenStorage)
      }
      return next
    },

    async 'diagnostics:get'() {
      const status = deps.vault.status()
      const errors = deps.recentErrors()
      const lines = [
        `Sender Desk ${appInfo.version} on ${appInfo.platform}`,
        ...Object.entries(appInfo.runtime ?? {}).map(([name, version]) => `${name}: ${version}`),
        `Secret storage: ${status.storage}${status.backend ? ` (${status.backend})` : ''}`,
        `Sending paused: ${outbox.pausedState().all ? 'yes' : 'no'}`,
        `Outbox: ${JSON.stringify(outbox.counts())}`,
        'Devices:',
        ...monitor
          .views()
          .map(
            (d) =>
              `  ${d.label} [${d.state}] ${new URL(d.baseUrl).host} token ${d.tokenHint}${d.stateNote ? ` — ${d.stateNote}` : ''}`
          ),
        'Recent errors:',
        ...(errors.length > 0 ? errors.map((e) => `  ${e}`) : ['  none'])
      ]
      return { text: lines.join('\n') }
    }
  }
}
