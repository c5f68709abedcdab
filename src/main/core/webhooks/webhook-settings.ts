// A device's webhook settings (receive-message URL, tracking URL, incoming on/off, auto reply from webhook): sent to
// the gateway and remembered here, since the gateway has no call that reads them back. Sandbox devices read them back
// from the sandbox itself.
import type { GatewayClient } from '../gateway'
import type { SettingsStore } from '../store'

export interface WebhookSettings {
  webhookUrl: string | null
  trackingUrl: string | null
  incoming: boolean
  /** The dashboard's "Get Auto Reply From Webhook"; only the sandbox can be switched from here. */
  autoReplyFromWebhook: boolean
  /** When Sender Desk last saved them at the gateway (ISO), or null. */
  savedAt: string | null
}

export type WebhookAddress = 'webhookUrl' | 'trackingUrl'

export interface WebhookSettingsPatch {
  webhookUrl?: string
  trackingUrl?: string
  incoming?: boolean
  autoReplyFromWebhook?: boolean
  /** Addresses to remove: the sandbox only (`sandbox.clearUrls`), as the gateway's API cannot. */
  clear?: readonly WebhookAddress[]
}

/** What only the sandbox's own control can change; without it the caller refuses those changes. */
export interface SandboxWebhookControl {
  setReply(enabled: boolean): Promise<void>
  clearUrls(fields: readonly WebhookAddress[]): Promise<void>
}

/** What the sandbox reports for its device, when the device is a sandbox device. */
export interface SandboxWebhookState {
  webhookUrl: string | null
  trackingUrl: string | null
  incomingWebhook: boolean
  webhookReply: boolean
}

const EMPTY: WebhookSettings = {
  webhookUrl: null,
  trackingUrl: null,
  incoming: false,
  autoReplyFromWebhook: false,
  savedAt: null
}

const keyOf = (deviceId: string): string => `webhooks.${deviceId}`

export class WebhookSettingsBook {
  private readonly listeners = new Set<(deviceId: string, settings: WebhookSettings) => void>()

  constructor(
    private readonly store: SettingsStore,
    private readonly now: () => number
  ) {}

  /** What Sender Desk last saved; the sandbox's own values win when given. */
  get(deviceId: string, sandbox?: SandboxWebhookState): WebhookSettings {
    const remembered = { ...EMPTY, ...(this.store.get<Partial<WebhookSettings>>(keyOf(deviceId)) ?? {}) }
    if (!sandbox) return remembered
    return {
      webhookUrl: sandbox.webhookUrl,
      trackingUrl: sandbox.trackingUrl,
      incoming: sandbox.incomingWebhook,
      autoReplyFromWebhook: sandbox.webhookReply,
      savedAt: remembered.savedAt
    }
  }

  /**
   * Sends what changed to the gateway, one call per setting, and remembers each as soon as the gateway took it (a
   * failure part-way keeps what was already saved). `autoReplyFromWebhook` and `clear` are applied through `sandbox`
   * (the sandbox only); without it those changes are refused by the caller.
   */
  async update(
    deviceId: string,
    client: GatewayClient,
    patch: WebhookSettingsPatch,
    sandbox?: SandboxWebhookControl
  ): Promise<WebhookSettings> {
    const save = (change: Partial<WebhookSettings>): void => {
      const current = this.get(deviceId)
      const saved = { ...current, ...change, savedAt: new Date(this.now()).toISOString() }
      this.store.set(keyOf(deviceId), saved)
      for (const listener of [...this.listeners]) listener(deviceId, saved)
    }
    if (patch.webhookUrl !== undefined) {
      await client.changeWebhookUrl(patch.webhookUrl)
      save({ webhookUrl: patch.webhookUrl })
    }
    if (patch.trackingUrl !== undefined) {
      await client.changeTrackingUrl(patch.trackingUrl)
      save({ trackingUrl: patch.trackingUrl })
    }
    if (patch.incoming !== undefined) {
      await client.setIncoming(patch.incoming)
      save({ incoming: patch.incoming })
    }
    if (patch.autoReplyFromWebhook !== undefined && sandbox) {
      await sandbox.setReply(patch.autoReplyFromWebhook)
      save({ autoReplyFromWebhook: patch.autoReplyFromWebhook })
    }
    if (patch.clear?.length && sandbox) {
      await sandbox.clearUrls(patch.clear)
      save(Object.fromEntries(patch.clear.map((field) => [field, null])))
    }
    return this.get(deviceId)
  }

  /** Told after each setting the gateway took (what Sender Desk now remembers for the device). */
  onSaved(listener: (deviceId: string, settings: WebhookSettings) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  forget(deviceId: string): void {
    this.store.delete(keyOf(deviceId))
  }
}
