/**
 * The contract's handlers, written once and transport-agnostic: each channel turns a validated request
 * into calls on the core's services and returns the contract's reply shape. Operator-facing refusals
 * are thrown as ApiFailure (or an error that describeCoreError maps); nothing here knows about Electron.
 */
import type { FileHandleView, InvokeReply, ParsedRequest } from '../../shared/contract'
import type { Clock } from './clock'
import type { CoreEvents } from './core-events'
import type { DeviceActions, DeviceMonitor, DeviceRegistry } from './devices'
import type { EmbeddedSandbox } from './embedded-sandbox'
import { formatSize, type FileHandles, type RegisteredFile } from './files/file-handles'
import { isGatewayError, normaliseRecipients } from './gateway'
import { ApiFailure, type ApiHandlers } from './ipc-dispatch'
import type { ServiceChannel } from './service-api'
import { OutboxError, type EnqueueEntry, type Outbox } from './outbox'
import type { SettingsService } from './settings'
import type { Vault } from './vault'

export interface ApiServices {
  appInfo: { version: string; platform: string; runtime?: Record<string, string> }
  vault: Vault
  clock: Clock
  events: CoreEvents
  settings: SettingsService
  registry: DeviceRegistry
  monitor: DeviceMonitor
  actions: DeviceActions
  outbox: Outbox
  files: FileHandles
  sandbox: EmbeddedSandbox
  recentErrors: () => string[]
  applyWeakStorage?: (allowed: boolean) => Promise<void>
  openClient: (deviceId: string) => Promise<void>
}

function toHandleView(file: RegisteredFile): FileHandleView {
  return { handle: file.handle, name: file.name, size: file.size, kind: file.kind, mime: file.mime }
}

/** Maps the core's own error types to what the window shows. */
export function describeCoreError(
  error: unknown
): { code: string; message: string; field?: string } | undefined {
  if (error instanceof OutboxError)
    return { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) }
  if (isGatewayError(error)) return { code: error.code, message: error.message }
  if (error instanceof RangeError) return { code: 'invalid_request', message: error.message }
  return undefined
}

const SANDBOX_LABEL = 'Sandbox device'

/** Every channel but the service features' (service-api.ts), which compose.ts adds. */
export type CoreApiHandlers = Omit<ApiHandlers, ServiceChannel>

export function createApiHandlers(services: ApiServices): CoreApiHandlers {
  const { registry, monitor, actions, outbox, files, settings, sandbox } = services

  function requireDevice(id: string): void {
    if (!registry.get(id)) throw new ApiFailure('not_found', 'That device no longer exists.', 'deviceId')
  }

  async function sandboxToken(deviceId: string): Promise<string> {
    const device = registry.get(deviceId)
    if (!device) throw new ApiFailure('not_found', 'That device no longer exists.', 'deviceId')
    if (!device.sandbox) throw new ApiFailure('not_sandbox', 'Only sandbox devices can be played with.')
    const loaded = await services.vault.load(deviceId)
    if (loaded.kind !== 'found')
      throw new ApiFailure('token_locked', 'The sandbox device token is not available.')
    return loaded.value.token
  }

  /** The device's own gateway limit when it has one, else the app-wide setting. */
  function fileLimitFor(deviceId: string): number {
    return registry.get(deviceId)?.maxFileBytes ?? settings.get().maxFileBytes
  }

  function normaliseTo(recipients: string[], isGroup: boolean): string[] {
    try {
      return normaliseRecipients(recipients, isGroup)
    } catch (error) {
      if (isGatewayError(error)) throw new ApiFailure('invalid_recipient', error.message, 'recipients')
      throw error
    }
  }

  const handlers: CoreApiHandlers = {
    async 'app:bootstrap'() {
      const status = services.vault.status()
      const devices = monitor.views()
      return {
        version: services.appInfo.version,
        platform: services.appInfo.platform,
        firstRun: devices.length === 0,
        secretStorage: status.storage,
        secretStorageNote: status.note,
        settings: settings.get(),
        devices,
        counts: outbox.counts(),
        sendingPaused: outbox.pausedState().all,
        sandboxRunning: sandbox.isRunning
      }
    },

    async 'settings:update'(patch) {
      const before = settings.get()
      const next = settings.update(patch)
      if (next.allowWeakTokenStorage !== before.allowWeakTokenStorage) {
        await services.applyWeakStorage?.(next.allowWeakTokenStorage)
      }
      return next
    },

    async 'devices:list'() {
      return { devices: monitor.views() }
    },

    async 'devices:add'(request) {
      const { device } = await registry.add({
        label: request.label,
        baseUrl: request.baseUrl,
        token: request.token,
        ...(request.secret ? { secret: request.secret } : {})
      })
      await services.openClient(device.id)
      await monitor.refresh(device.id)
      return monitor.view(device.id)
    },

    async 'devices:updateToken'({ id, token, secret }) {
      requireDevice(id)
      await registry.updateCredentials(id, { token, ...(secret ? { secret } : {}) })
      await services.openClient(id)
      await monitor.refresh(id)
      return monitor.view(id)
    },

    async 'devices:setFileLimit'({ id, maxFileBytes }) {
      requireDevice(id)
      await registry.setFileLimit(id, maxFileBytes)
      return monitor.view(id)
    },

    async 'devices:rename'({ id, label }) {
      await registry.rename(id, label)
      return monitor.view(id)
    },

    async 'devices:reorder'({ ids }) {
      await registry.reorder(ids)
      return { devices: monitor.views() }
    },

    async 'devices:remove'({ id }) {
      requireDevice(id)
      // Nothing may wait forever for a device that is gone: its unsent items are cancelled, not lost silently.
      const waiting = outbox.list({ deviceId: id, status: ['scheduled', 'queued'], limit: 100_000 })
      for (const item of waiting.items) outbox.cancel(item.id)
      await registry.remove(id)
      return { ok: true as const }
    },

    async 'devices:refresh'({ id }) {
      requireDevice(id)
      await monitor.refresh(id)
      return monitor.view(id)
    },

    async 'devices:restart'({ id }) {
      requireDevice(id)
      return actions.restart(id)
    },

    async 'devices:changeNumber'({ id, phone }) {
      requireDevice(id)
      return actions.changeNumber(id, phone)
    },

    async 'devices:history'({ id }) {
      requireDevice(id)
      return { entries: monitor.history(id) }
    },

    async 'devices:qr'({ id }) {
      requireDevice(id)
      return actions.qr(id)
    },

    async 'linking:begin'({ id }) {
      requireDevice(id)
      monitor.beginLinking(id)
      return monitor.view(id)
    },

    async 'linking:end'({ id }) {
      if (registry.get(id)) monitor.endLinking(id)
      return { ok: true as const }
    },

    async 'files:register'({ sources }) {
      const { files: registered, rejected } = await files.register(sources)
      return { files: registered.map(toHandleView), rejected }
    },

    async 'files:release'({ handles }) {
      await files.release(handles)
      return { ok: true as const }
    },

    async 'outbox:enqueue'(request) {
      requireDevice(request.deviceId)
      const recipients = normaliseTo(request.recipients, request.isGroup)
      const used: string[] = []
      const limit = fileLimitFor(request.deviceId)
      const entries: EnqueueEntry[] = request.entries.map((entry) => {
        if (entry.kind === 'text') return { kind: 'text', text: entry.text }
        const file = files.get(entry.handle)
        if (!file)
          throw new ApiFailure('file_gone', 'A file is no longer available; add it again.', 'entries')
        if (file.size > limit) {
          throw new ApiFailure(
            'too_large',
            `${file.name} is ${formatSize(file.size)}; this device's gateway accepts files up to ${formatSize(limit)}.`,
            'entries'
          )
        }
        used.push(file.handle)
        return {
          kind: 'file',
          path: file.path,
          name: file.name,
          mime: file.mime,
          mediaKind: file.kind,
          ...(entry.caption ? { caption: entry.caption } : {})
        }
      })
      const result = await outbox.enqueue({
        deviceId: request.deviceId,
        recipients,
        isGroup: request.isGroup,
        entries,
        ...(request.schedule ? { schedule: request.schedule } : {})
      })
      // The outbox copied the files into its attachments folder; pasted originals can go.
      await files.release(used)
      return result
    },

    async 'outbox:list'(request) {
      return outbox.list(request)
    },

    async 'outbox:get'({ id }) {
      return outbox.get(id)
    },

    async 'outbox:counts'() {
      return outbox.counts()
    },

    async 'outbox:retry'({ id }) {
      return outbox.retry(id)
    },

    async 'outbox:cancel'({ id }) {
      return outbox.cancel(id)
    },

    async 'outbox:delete'({ id }) {
      outbox.delete(id)
      return { ok: true as const }
    },

    async 'outbox:edit'({ id, text, recipient, schedule }) {
      const current = outbox.get(id).item
      const normalised = recipient === undefined ? undefined : normaliseTo([recipient], current.isGroup)[0]
      return outbox.edit(id, {
        ...(text !== undefined ? { text } : {}),
        ...(normalised !== undefined ? { recipient: normalised } : {}),
        ...(schedule ? { schedule } : {})
      })
    },

    async 'outbox:release'({ id }) {
      return outbox.release(id)
    },

    async 'outbox:setPaused'({ paused, deviceId }) {
      if (deviceId) requireDevice(deviceId)
      const result = outbox.setPaused(paused, deviceId)
      services.events.emit('outbox:countsChanged', {
        counts: outbox.counts(),
        sendingPaused: result.sendingPaused
      })
      services.events.emit('devices:changed', { devices: monitor.views() })
      return result
    },

    async 'recipients:recent'() {
      return { recipients: outbox.recentRecipients(20) }
    },

    async 'sandbox:start'() {
      const running = await sandbox.ensure()
      const created = await running.control.createDevice({ name: SANDBOX_LABEL })
      const { device } = await registry.add({
        label: SANDBOX_LABEL,
        baseUrl: running.baseUrl,
        token: created.token,
        sandbox: true
      })
      await services.openClient(device.id)
      await monitor.refresh(device.id)
      return { device: monitor.view(device.id) }
    },

    async 'sandbox:control'({ deviceId, action }) {
      const token = await sandboxToken(deviceId)
      const running = await sandbox.current()
      if (!running) throw new ApiFailure('sandbox_stopped', 'The sandbox gateway is not running.')
      try {
        await running.control.act(token, action)
      } catch (error) {
        throw new ApiFailure('sandbox_refused', error instanceof Error ? error.message : String(error))
      }
      await monitor.refresh(deviceId)
      return monitor.view(deviceId)
    },

    async 'diagnostics:get'() {
      const status = services.vault.status()
      const lines = [
        `Sender Desk ${services.appInfo.version} on ${services.appInfo.platform}`,
        ...Object.entries(services.appInfo.runtime ?? {}).map(([name, version]) => `${name}: ${version}`),
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
        ...(services.recentErrors().length > 0 ? services.recentErrors().map((e) => `  ${e}`) : ['  none'])
      ]
      return { text: lines.join('\n') }
    }
  }
  return handlers
}

export type { InvokeReply, ParsedRequest }
