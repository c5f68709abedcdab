/**
 * The webhooks feature's commands: a device's webhook settings, read from the sandbox for sandbox devices and
 * otherwise as last set from this app (the hosted gateway cannot be asked), and changed through the gateway.
 */
import { ApiFailure, type Commands } from '../commands'
import { requireClient, type DeviceRegistry } from '../devices'
import type { SandboxLookup } from '../sandbox-control'
import type { WebhookSettings, WebhookSettingsBook } from './webhook-settings'

export type WebhookChannel = 'webhooks:get' | 'webhooks:update'

export interface WebhookCommandsDeps {
  registry: DeviceRegistry
  webhookSettings: WebhookSettingsBook
  sandboxOf: SandboxLookup
}

export function createWebhookCommands(deps: WebhookCommandsDeps): Commands<WebhookChannel> {
  const { webhookSettings, sandboxOf } = deps

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
