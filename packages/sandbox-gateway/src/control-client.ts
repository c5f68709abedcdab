// A typed caller of the `/__sandbox/` control routes: how the app, the CLI and tests drive a sandbox, over HTTP only.

import type { DeviceAction } from './device-actions'
import type { FaultRule } from './faults'
import type { Quota } from './records'
import type {
  AcceptedLogEntry,
  AutoReplySnapshot,
  CreateDeviceOptions,
  CreatedDevice,
  DeviceSnapshot,
  IncomingDelivery,
  IncomingInput,
  IncomingMessage,
  MessageSnapshot,
  ReminderSnapshot,
  ScheduleSnapshot,
  WebhookDeliverySnapshot,
  WebhookQueueStats
} from './world-interface'

/** The header the control token travels in (kept here too so this module stands alone in a client bundle). */
const CONTROL_HEADER = 'x-sandbox-control'

export type { DeviceAction } from './device-actions'

/** A control route refused (`status` 4xx, the message is the sandbox's reason) or the sandbox did not answer (`status` 0). */
export class SandboxControlError extends Error {
  constructor(
    message: string,
    readonly status: number
  ) {
    super(message)
    this.name = 'SandboxControlError'
  }
}

export class SandboxControl {
  constructor(
    readonly baseUrl: string,
    private readonly controlToken: string,
    private readonly timeoutMs = 10_000
  ) {}

  /** Any control route: `{ok:true, …}` answers come back whole; anything else is a SandboxControlError. */
  async call<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { body?: object; deviceToken?: string; query?: Record<string, string>; timeoutMs?: number } = {}
  ): Promise<T> {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/__sandbox/${path.replace(/^\/+/, '')}`)
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value)
    const headers: Record<string, string> = { [CONTROL_HEADER]: this.controlToken }
    if (options.deviceToken !== undefined) headers.authorization = options.deviceToken
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs)
      })
    } catch (cause) {
      throw new SandboxControlError(`the sandbox at ${this.baseUrl} is not reachable (${String(cause)})`, 0)
    }
    const answer = (await response.json().catch(() => null)) as
      (Record<string, unknown> & { ok?: unknown }) | null
    if (!response.ok || !answer || answer.ok !== true) {
      const why = typeof answer?.error === 'string' ? answer.error : `HTTP ${response.status}`
      throw new SandboxControlError(why, response.status)
    }
    return answer as T
  }

  async createDevice(options: CreateDeviceOptions = {}): Promise<CreatedDevice> {
    const { ok: _ok, ...created } = await this.call<CreatedDevice & { ok: true }>('POST', 'devices', {
      body: options
    })
    return created
  }

  async devices(): Promise<DeviceSnapshot[]> {
    return (await this.call<{ devices: DeviceSnapshot[] }>('GET', 'devices')).devices
  }

  async device(token: string): Promise<DeviceSnapshot> {
    return (await this.call<{ device: DeviceSnapshot }>('GET', 'device', { deviceToken: token })).device
  }

  /** Plays the phone or IT support: scan (optionally the QR text seen), activate, logout, … renew. */
  async act(token: string, action: DeviceAction, qrText?: string): Promise<DeviceSnapshot> {
    const body = action === 'scan' && qrText !== undefined ? { qr: qrText } : undefined
    return (
      await this.call<{ device: DeviceSnapshot }>('POST', `device/${action}`, {
        deviceToken: token,
        ...(body ? { body } : {})
      })
    ).device
  }

  async setQuota(token: string, quota: Quota): Promise<DeviceSnapshot> {
    return (
      await this.call<{ device: DeviceSnapshot }>('POST', 'device/quota', {
        deviceToken: token,
        body: { quota }
      })
    ).device
  }

  /** A top-up of a spent or low quota: `amount` more messages on top of what is left (1 to 1,000,000). */
  async topUp(token: string, amount: number): Promise<DeviceSnapshot> {
    return (
      await this.call<{ device: DeviceSnapshot }>('POST', 'device/top-up', {
        deviceToken: token,
        body: { amount }
      })
    ).device
  }

  /** The ban knob: above `perMinute` sends a minute sends are refused, the third refusal bans the number. */
  async setBanRate(token: string, perMinute: number | null): Promise<DeviceSnapshot> {
    return (
      await this.call<{ device: DeviceSnapshot }>('POST', 'device/ban-rate', {
        deviceToken: token,
        body: { perMinute }
      })
    ).device
  }

  /** The device-status webhook URL (§5.5; the hosted gateway sets it in its dashboard only); null removes it. */
  async setStatusUrl(token: string, url: string | null): Promise<DeviceSnapshot> {
    return (
      await this.call<{ device: DeviceSnapshot }>('POST', 'device/status-url', {
        deviceToken: token,
        body: { url }
      })
    ).device
  }

  /** The dashboard empties the inbound-message and/or tracking URL (Device → Setting; the API cannot). */
  async clearWebhookUrls(
    token: string,
    fields: readonly ('webhookUrl' | 'trackingUrl')[]
  ): Promise<DeviceSnapshot> {
    return (
      await this.call<{ device: DeviceSnapshot }>('POST', 'device/clear-webhook-urls', {
        deviceToken: token,
        body: { fields }
      })
    ).device
  }

  async setWebhookReply(token: string, enabled: boolean): Promise<DeviceSnapshot> {
    return (
      await this.call<{ device: DeviceSnapshot }>('POST', 'device/webhook-reply', {
        deviceToken: token,
        body: { enabled }
      })
    ).device
  }

  /** A message arrives at the device from `from`. */
  async receive(token: string, incoming: IncomingInput): Promise<IncomingDelivery> {
    const { ok: _ok, ...delivery } = await this.call<IncomingDelivery & { ok: true }>(
      'POST',
      'device/incoming',
      {
        deviceToken: token,
        body: incoming
      }
    )
    return delivery
  }

  async incoming(token: string): Promise<IncomingMessage[]> {
    return (
      await this.call<{ incoming: IncomingMessage[] }>('GET', 'device/incoming', { deviceToken: token })
    ).incoming
  }

  async messages(filter: { refId?: string } = {}): Promise<MessageSnapshot[]> {
    return (
      await this.call<{ messages: MessageSnapshot[] }>('GET', 'messages', {
        ...(filter.refId !== undefined ? { query: { ref_id: filter.refId } } : {})
      })
    ).messages
  }

  async acceptedLog(): Promise<AcceptedLogEntry[]> {
    return (await this.call<{ entries: AcceptedLogEntry[] }>('GET', 'accepted-log')).entries
  }

  async schedules(token?: string): Promise<ScheduleSnapshot[]> {
    return (
      await this.call<{ schedules: ScheduleSnapshot[] }>('GET', 'schedules', {
        ...(token !== undefined ? { deviceToken: token } : {})
      })
    ).schedules
  }

  async webhookDeliveries(token?: string): Promise<WebhookDeliverySnapshot[]> {
    return (
      await this.call<{ deliveries: WebhookDeliverySnapshot[] }>('GET', 'webhooks', {
        ...(token !== undefined ? { deviceToken: token } : {})
      })
    ).deliveries
  }

  /** Deliveries waiting for their minute, and those dropped because their queue was full, by kind. */
  async webhookQueue(): Promise<WebhookQueueStats> {
    return (await this.call<{ queue: WebhookQueueStats }>('GET', 'webhooks')).queue
  }

  async autoReplies(token?: string): Promise<AutoReplySnapshot[]> {
    return (
      await this.call<{ autoReplies: AutoReplySnapshot[] }>('GET', 'autoreplies', {
        ...(token !== undefined ? { deviceToken: token } : {})
      })
    ).autoReplies
  }

  async reminders(token?: string): Promise<ReminderSnapshot[]> {
    return (
      await this.call<{ reminders: ReminderSnapshot[] }>('GET', 'reminders', {
        ...(token !== undefined ? { deviceToken: token } : {})
      })
    ).reminders
  }

  async addFault(rule: FaultRule): Promise<string> {
    return (await this.call<{ id: string }>('POST', 'faults', { body: rule })).id
  }

  async clearFaults(): Promise<void> {
    await this.call('DELETE', 'faults')
  }

  /** The whole gateway stops answering (connections dropped) or answers again; control routes keep working. */
  async setUnreachable(unreachable: boolean): Promise<void> {
    await this.call('POST', 'unreachable', { body: { unreachable } })
  }

  /** Waits up to `waitMs` for the world to change past `after`; returns the change count. */
  async changesAfter(after: number, waitMs = 25_000): Promise<number> {
    return (
      await this.call<{ changes: number }>('GET', 'changes', {
        query: { after: String(after), waitMs: String(waitMs) },
        timeoutMs: waitMs + 10_000
      })
    ).changes
  }
}
