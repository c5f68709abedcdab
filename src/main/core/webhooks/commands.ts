/**
 * The webhooks feature's commands: a device's webhook settings, read from the sandbox for sandbox devices and
 * otherwise as last set from this app (the hosted gateway cannot be asked), and changed through the gateway.
 */
import { isSandboxDevice } from '../../../shared/device-status'
import type { MessageKey } from '../../../shared/i18n'
import { ApiFailure, type Commands, type KeyedText } from '../commands'
import { requireClient, requireDevice, type DeviceRegistry } from '../devices'
import { addressPlace, unreachableBy, urlHost, type AddressPlace } from '../gateway'
import type { SandboxLookup } from '../sandbox-control'
import type { WebhookSettings, WebhookSettingsBook, WebhookSettingsPatch } from './webhook-settings'

export type WebhookChannel = 'webhooks:get' | 'webhooks:update'

export interface WebhookCommandsDeps {
  registry: DeviceRegistry
  webhookSettings: WebhookSettingsBook
  sandboxOf: SandboxLookup
  /** Why the app's sandbox refuses a webhook address (its words), or null: the sandbox's own policy, asked. */
  sandboxRefusesWebhook: (url: string) => Promise<string | null>
}

/** A hosted gateway that cannot reach the address, or the sandbox that will not, by where the address leads. */
const UNREACHABLE_KEYS: Record<
  'hosted' | 'sandbox',
  Record<Exclude<AddressPlace, 'internet'>, MessageKey>
> = {
  hosted: {
    'this-computer': 'desktop.error.webhookThisComputer',
    'private-network': 'desktop.error.webhookPrivateNetwork'
  },
  sandbox: {
    'this-computer': 'desktop.error.webhookSandboxThisComputer',
    'private-network': 'desktop.error.webhookSandboxPrivateNetwork'
  }
}

/**
 * Refuses, at its field and before any request, an address the device's gateway cannot post to: a hosted gateway
 * would take it and post nowhere, and the sandbox, which plays a hosted gateway, answered "localhost is a loopback
 * address" above the form (an operator's probe, stop 54).
 */
export function createWebhookReachCheck(
  deps: Pick<WebhookCommandsDeps, 'registry' | 'sandboxRefusesWebhook'>
): (deviceId: string, patch: Pick<WebhookSettingsPatch, 'webhookUrl' | 'trackingUrl'>) => Promise<void> {
  return async function refuseUnreachable(deviceId, patch) {
    const device = requireDevice(deps.registry, deviceId)
    const sandbox = isSandboxDevice(device)
    // Every field refused is named at once: the operator puts them right before one more Save.
    const refused: { field: string; text: KeyedText }[] = []
    for (const field of ['webhookUrl', 'trackingUrl'] as const) {
      const target = patch[field]
      if (target === undefined) continue
      const place = sandbox
        ? (await deps.sandboxRefusesWebhook(target)) === null
          ? null
          : addressPlace(new URL(target))
        : unreachableBy(device.baseUrl, target)
      // The sandbox refusing a public address (it has no other reason today) is left to its own answer.
      if (place === null || place === 'internet') continue
      const key = UNREACHABLE_KEYS[sandbox ? 'sandbox' : 'hosted'][place]
      refused.push({ field, text: { key, params: { host: urlHost(new URL(target)) } } })
    }
    const [first, ...others] = refused
    if (first) throw new ApiFailure('unreachable_webhook', first.text, first.field, others)
  }
}

export function createWebhookCommands(deps: WebhookCommandsDeps): Commands<WebhookChannel> {
  const { webhookSettings, sandboxOf } = deps
  const refuseUnreachable = createWebhookReachCheck(deps)

  function settingsView(deviceId: string, settings: WebhookSettings, fromSandbox: boolean) {
    return { deviceId, ...settings, source: fromSandbox ? ('sandbox' as const) : ('remembered' as const) }
  }

  return {
    async 'webhooks:get'({ deviceId }) {
      const access = await sandboxOf(deviceId, false)
      return settingsView(deviceId, webhookSettings.get(deviceId, access?.device), access !== null)
    },

    async 'webhooks:update'({ deviceId, ...patch }) {
      const client = await requireClient(deps.registry, deviceId)
      const access = await sandboxOf(deviceId, false)
      if (patch.autoReplyFromWebhook !== undefined && !access) {
        throw new ApiFailure(
          'not_supported',
          { key: 'desktop.error.webhookReplyHosted' },
          'autoReplyFromWebhook'
        )
      }
      if (patch.clear?.length && !access) {
        throw new ApiFailure('not_supported', { key: 'desktop.error.webhookClearHosted' }, 'clear')
      }
      await refuseUnreachable(deviceId, patch)
      await webhookSettings.update(
        deviceId,
        client,
        patch,
        access
          ? {
              setReply: async (enabled) => {
                await access.control.setWebhookReply(access.token, enabled)
              },
              clearUrls: async (fields) => {
                await access.control.clearWebhookUrls(access.token, fields)
              }
            }
          : undefined
      )
      const after = await sandboxOf(deviceId, false)
      return settingsView(deviceId, webhookSettings.get(deviceId, after?.device), after !== null)
    }
  }
}
