/**
 * The sandbox-control feature's commands: starting the embedded sandbox with a device in it, playing the phone's
 * part (scan, log out, go offline…), receiving a message as a contact would, and reading what the sandbox sent
 * and which webhooks it delivered.
 */
import type { SandboxMessageView, WebhookDeliveryView } from '../../../shared/contract'
import { translate } from '../../../shared/i18n'
import { ApiFailure, type Commands } from '../commands'
import { requireDevice, type DeviceMonitor, type DeviceRegistry } from '../devices'
import type { Vault } from '../vault'
import type { MessageSnapshot } from '@sender-desk/sandbox-gateway'
import type { SandboxLookup } from './access'
import { portOf, type EmbeddedSandbox } from './embedded-sandbox'
import { withDeliveryMessages } from '../../../shared/webhook-headline'
import { isSandboxDevice } from '../../../shared/device-status'

export type SandboxChannel =
  | 'sandbox:start'
  | 'sandbox:health'
  | 'sandbox:startFresh'
  | 'sandbox:control'
  | 'sandbox:topUp'
  | 'sandbox:webhookDeliveries'
  | 'sandbox:sent'
  | 'sandbox:receive'

export interface SandboxCommandsDeps {
  registry: DeviceRegistry
  monitor: DeviceMonitor
  sandbox: EmbeddedSandbox
  vault: Vault
  sandboxOf: SandboxLookup
  /** The outbox message with this gateway id (what a status delivery is about), or null when it knows none. */
  outboxMessageOf: (gatewayId: string) => WebhookDeliveryView['message']
}

const SOURCES: Record<string, SandboxMessageView['source']> = {
  schedule: 'schedule',
  reminder: 'reminder',
  autoreply: 'autoreply',
  'webhook-reply': 'webhook-reply'
}

export function toSandboxMessageView(message: MessageSnapshot): SandboxMessageView {
  return {
    id: message.id,
    phone: message.phone,
    isGroup: message.isGroup,
    kind: message.kind,
    text: message.text,
    fileName: message.fileName,
    status: message.status,
    source: SOURCES[message.endpoint] ?? 'send',
    acceptedAt: message.acceptedAt,
    updatedAt: message.updatedAt
  }
}

/**
 * The sandbox refuses an arriving message with its own English sentence; the window needs words it can translate.
 * Its control routes answer 400 for a field it cannot read (only `from` here) and 409 for a device whose phone is
 * not linked ("a logged_out device receives nothing…").
 */
function receiveRefusal(error: unknown, from: string): ApiFailure {
  const status = controlStatus(error)
  if (status === 400)
    // Naming what was typed: the form starts filled in, and a number typed after the example reads as "a number".
    return new ApiFailure(
      'sandbox_refused',
      { key: 'desktop.error.sandboxFromInvalid', params: { from } },
      'from'
    )
  if (status === 409) return new ApiFailure('sandbox_not_linked', { key: 'desktop.error.sandboxNotLinked' })
  return new ApiFailure('sandbox_refused', error instanceof Error ? error.message : String(error))
}

/**
 * A SandboxControlError's status, told by its name: the sandbox is loaded on demand (its own module instance), and a
 * value import here would bring it into the core's start.
 */
function controlStatus(error: unknown): number | null {
  return error instanceof Error && error.name === 'SandboxControlError' && 'status' in error
    ? Number(error.status)
    : null
}

/** "Set aside and start fresh" for the sandbox, back on the port its saved devices expect. */
export function startSandboxFresh(
  registry: Pick<DeviceRegistry, 'list'>,
  sandbox: Pick<EmbeddedSandbox, 'startFresh'>
): Promise<unknown> {
  const device = registry.list().find(isSandboxDevice)
  return sandbox.startFresh(device ? portOf(device.baseUrl) : 0)
}

export function createSandboxCommands(deps: SandboxCommandsDeps): Commands<SandboxChannel> {
  const { registry, monitor, sandbox, sandboxOf } = deps

  async function sandboxToken(deviceId: string): Promise<string> {
    const device = requireDevice(registry, deviceId)
    if (!isSandboxDevice(device)) throw new ApiFailure('not_sandbox', { key: 'desktop.error.notSandbox' })
    const loaded = await deps.vault.load(deviceId)
    if (loaded.kind !== 'found')
      throw new ApiFailure('token_locked', { key: 'desktop.error.sandboxTokenLocked' })
    return loaded.value.token
  }
  return {
    async 'sandbox:start'({ language }) {
      const running = await sandbox.ensure()
      // Named once, in the words of the window that asked (the operator may rename it later).
      const label = translate(language ?? 'en', 'desktop.sandbox.deviceLabel')
      const created = await running.control.createDevice({ name: label })
      const { device } = await registry.add({
        label,
        baseUrl: running.baseUrl,
        token: created.token,
        sandbox: true
      })
      await registry.openClient(device.id)
      await monitor.refresh(device.id)
      return { device: monitor.view(device.id) }
    },

    async 'sandbox:health'() {
      return { damaged: sandbox.damage }
    },

    async 'sandbox:startFresh'() {
      await startSandboxFresh(registry, sandbox)
      return { ok: true as const }
    },

    async 'sandbox:control'({ deviceId, action }) {
      const token = await sandboxToken(deviceId)
      const running = await sandbox.current()
      if (!running) throw new ApiFailure('sandbox_stopped', { key: 'desktop.error.sandboxStopped' })
      try {
        if (action === 'unreachable' || action === 'reachable')
          await running.control.setUnreachable(action === 'unreachable')
        else await running.control.act(token, action)
      } catch (error) {
        throw new ApiFailure('sandbox_refused', error instanceof Error ? error.message : String(error))
      }
      await monitor.refresh(deviceId)
      // The monitor tolerates a few failed checks before it calls a gateway unreachable (no flapping on one lost
      // answer); the operator asked for exactly that state, so check again until it shows.
      for (
        let i = 0;
        i < 5 && action === 'unreachable' && monitor.view(deviceId).state !== 'unreachable';
        i++
      )
        await monitor.refresh(deviceId)
      return monitor.view(deviceId)
    },

    async 'sandbox:topUp'({ deviceId, amount }) {
      const { control, token } = await sandboxOf(deviceId, true)
      try {
        await control.topUp(token, amount)
      } catch (error) {
        throw new ApiFailure('sandbox_refused', error instanceof Error ? error.message : String(error))
      }
      // Seen as a real gateway's top-up is: by checking the device ("Check again"), which also lets what waited for
      // quota go at once (the monitor's quotaRestored).
      await monitor.refresh(deviceId)
      return monitor.view(deviceId)
    },

    async 'sandbox:webhookDeliveries'({ deviceId }) {
      const { control, token, device } = await sandboxOf(deviceId, true)
      const deliveries = await control.webhookDeliveries(token)
      // Which message each status is about: the outbox's, else what the sandbox sent (the terminal's lookup too).
      const named = await withDeliveryMessages(deliveries, {
        outboxMessageOf: deps.outboxMessageOf,
        sandboxMessages: async () =>
          (await control.messages()).filter((message) => message.deviceSerial === device.serial)
      })
      return { deliveries: named }
    },

    async 'sandbox:sent'({ deviceId, limit }) {
      const { control, device } = await sandboxOf(deviceId, true)
      const mine = (await control.messages()).filter((message) => message.deviceSerial === device.serial)
      return { messages: mine.reverse().slice(0, limit).map(toSandboxMessageView) }
    },

    async 'sandbox:receive'({ deviceId, from, message, pushName, media, groupId, groupSubject }) {
      const { control, token } = await sandboxOf(deviceId, true)
      try {
        const received = await control.receive(token, {
          from,
          message,
          ...(pushName ? { pushName } : {}),
          ...(media ? { media: { kind: media } } : {}),
          ...(groupId ? { groupId } : {}),
          ...(groupSubject ? { groupSubject } : {})
        })
        return {
          incomingId: received.incoming.id,
          replies: received.replies.map(toSandboxMessageView),
          webhookDeliveryId: received.webhookDeliveryId
        }
      } catch (error) {
        throw receiveRefusal(error, from)
      }
    }
  }
}
