/**
 * The contract's handlers for the gateway's service features (issue 9): webhook settings and the sandbox's webhook
 * inspector, the sandbox's "try it" and sent-message list. Like api.ts they are transport-agnostic; compose.ts merges
 * both into one ApiHandlers.
 */
import type {
  AutoReplyView,
  InvokeChannel,
  InvoiceView,
  ReminderView,
  SandboxMessageView
} from '../../shared/contract'
import { normaliseBaseUrl, type ClientFactory, type DeviceMonitor, type DeviceRegistry } from './devices'
import type { GatewayReminders } from './devices/gateway-reminders'
import type { WebhookSettings, WebhookSettingsBook } from './devices/webhook-settings'
import type { EmbeddedSandbox } from './embedded-sandbox'
import type { FileHandles } from './files/file-handles'
import { isGatewayError, normaliseRecipients } from './gateway'
import type { AutoReply, GatewayClient, GatewayCredentials, Invoice } from './gateway/types'
import { ApiFailure, type ApiHandlers } from './ipc-dispatch'
import type { EnqueueEntry, Outbox } from './outbox'
import type {
  DeviceSnapshot,
  MessageSnapshot,
  ReminderSnapshot,
  SandboxControl
} from '@sender-desk/sandbox-gateway'
import type { ReminderRecord } from './store'
import type { Vault } from './vault'

/** The channels handled here (api.ts handles every other one). */
export const SERVICE_CHANNELS = [
  'webhooks:get',
  'webhooks:update',
  'sandbox:webhookDeliveries',
  'sandbox:sent',
  'sandbox:receive',
  'autoReplies:list',
  'autoReplies:create',
  'autoReplies:update',
  'autoReplies:delete',
  'reminders:list',
  'reminders:create',
  'reminders:update',
  'reminders:refresh',
  'reminders:delete',
  'series:create',
  'series:list',
  'series:stop',
  'series:delete',
  'devices:create'
] as const satisfies readonly InvokeChannel[]

export type ServiceChannel = (typeof SERVICE_CHANNELS)[number]

export type ServiceHandlers = Pick<ApiHandlers, ServiceChannel>

export interface ServiceApiServices {
  vault: Vault
  registry: DeviceRegistry
  sandbox: EmbeddedSandbox
  webhookSettings: WebhookSettingsBook
  reminders: GatewayReminders
  outbox: Outbox
  files: FileHandles
  monitor: DeviceMonitor
  clientFactory: ClientFactory
  openClient: (deviceId: string) => Promise<void>
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

function toReminderView(record: ReminderRecord, inSandbox: ReminderSnapshot | undefined): ReminderView {
  return {
    id: record.id,
    deviceId: record.deviceId,
    reminderId: record.reminderId,
    phone: record.phone,
    title: record.title,
    message: record.message,
    startAt: record.startLocal,
    periode: record.periode,
    customDay: record.customDay,
    timezone: record.timeZone,
    reminderType: record.reminderType,
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
    sandbox: inSandbox
      ? { sentCount: inSandbox.sentCount, lastSentAt: inSandbox.lastSentAt, nextAt: inSandbox.nextAt }
      : null
  }
}

function toInvoiceView(invoice: Invoice): InvoiceView {
  return {
    number: invoice.numberInvoice,
    deviceName: invoice.deviceName,
    deviceSerial: invoice.device,
    product: invoice.product,
    periode: invoice.periode,
    bankName: invoice.bank?.bankName ?? null,
    accountNumber: invoice.bank?.accountNumber ?? null,
    accountName: invoice.bank?.accountName ?? null,
    discount: invoice.discount,
    total: invoice.total,
    dueDate: invoice.dueDate,
    message: invoice.message
  }
}

function toAutoReplyView(reply: AutoReply): AutoReplyView {
  return {
    id: reply.id,
    keyword: reply.keyword,
    response: reply.response,
    category: reply.category,
    file: reply.file
  }
}

interface SandboxAccess {
  control: SandboxControl
  token: string
  device: DeviceSnapshot
}

export function createServiceHandlers(services: ServiceApiServices): ServiceHandlers {
  const { registry, sandbox, webhookSettings } = services

  function requireDevice(id: string): { sandbox: boolean } {
    const device = registry.get(id)
    if (!device) throw new ApiFailure('not_found', 'That device no longer exists.', 'deviceId')
    return device
  }

  async function clientOf(deviceId: string): Promise<GatewayClient> {
    requireDevice(deviceId)
    const client = await registry.clientFor(deviceId)
    if (!client) throw new ApiFailure('token_locked', 'The device token is not available; enter it again.')
    return client
  }

  /** The sandbox's view of a sandbox device; null for other devices (or when `required` is false and it is off). */
  async function sandboxOf(deviceId: string, required: true): Promise<SandboxAccess>
  async function sandboxOf(deviceId: string, required: false): Promise<SandboxAccess | null>
  async function sandboxOf(deviceId: string, required: boolean): Promise<SandboxAccess | null> {
    const device = requireDevice(deviceId)
    if (!device.sandbox) {
      if (required) throw new ApiFailure('not_sandbox', 'Only sandbox devices can do this.', 'deviceId')
      return null
    }
    const running = await sandbox.current()
    if (!running) {
      if (required) throw new ApiFailure('sandbox_stopped', 'The sandbox gateway is not running.')
      return null
    }
    const loaded = await services.vault.load(deviceId)
    if (loaded.kind !== 'found')
      throw new ApiFailure('token_locked', 'The sandbox device token is not available.')
    const token = loaded.value.token
    try {
      return { control: running.control, token, device: await running.control.device(token) }
    } catch {
      throw new ApiFailure('sandbox_refused', 'The sandbox no longer knows this device.')
    }
  }

  function normalisedPhones(phones: string[], isGroup: boolean, field: string): string[] {
    try {
      return normaliseRecipients(phones, isGroup)
    } catch (error) {
      if (isGatewayError(error)) throw new ApiFailure('invalid_recipient', error.message, field)
      throw error
    }
  }

  function requireReminder(id: string): ReminderRecord {
    const record = services.reminders.get(id)
    if (!record) throw new ApiFailure('not_found', 'That reminder is no longer in Sender Desk.', 'id')
    return record
  }

  /** Reminder views, with what the sandbox sent for sandbox devices' reminders. */
  async function reminderViews(records: ReminderRecord[]): Promise<ReminderView[]> {
    const byDevice = new Map<string, ReminderSnapshot[]>()
    for (const deviceId of new Set(records.map((record) => record.deviceId))) {
      if (!registry.get(deviceId)?.sandbox) continue
      const access = await sandboxOf(deviceId, false).catch(() => null)
      if (access) byDevice.set(deviceId, await access.control.reminders(access.token))
    }
    return records.map((record) =>
      toReminderView(
        record,
        byDevice.get(record.deviceId)?.find((reminder) => reminder.id === record.reminderId)
      )
    )
  }

  async function reminderView(record: ReminderRecord): Promise<ReminderView> {
    const [view] = await reminderViews([record])
    if (!view) throw new Error('a reminder always has a view')
    return view
  }

  function settingsView(deviceId: string, settings: WebhookSettings, fromSandbox: boolean) {
    return { deviceId, ...settings, source: fromSandbox ? ('sandbox' as const) : ('remembered' as const) }
  }

  return {
    async 'webhooks:get'({ deviceId }) {
      const access = await sandboxOf(deviceId, false)
      return settingsView(deviceId, webhookSettings.get(deviceId, access?.device), access !== null)
    },

    async 'webhooks:update'({ deviceId, ...patch }) {
      const client = await clientOf(deviceId)
      const access = await sandboxOf(deviceId, false)
      if (patch.autoReplyFromWebhook !== undefined && !access) {
        throw new ApiFailure(
          'not_supported',
          'The hosted gateway has no call for "auto reply from webhook": switch it in the gateway dashboard (Device → Setting).',
          'autoReplyFromWebhook'
        )
      }
      await webhookSettings.update(deviceId, client, patch, async (enabled) => {
        await access?.control.setWebhookReply(access.token, enabled)
      })
      const after = await sandboxOf(deviceId, false)
      return settingsView(deviceId, webhookSettings.get(deviceId, after?.device), after !== null)
    },

    async 'sandbox:webhookDeliveries'({ deviceId }) {
      const { control, token } = await sandboxOf(deviceId, true)
      return { deliveries: await control.webhookDeliveries(token) }
    },

    async 'sandbox:sent'({ deviceId, limit }) {
      const { control, device } = await sandboxOf(deviceId, true)
      const mine = (await control.messages()).filter((message) => message.deviceSerial === device.serial)
      return { messages: mine.reverse().slice(0, limit).map(toSandboxMessageView) }
    },

    async 'sandbox:receive'({ deviceId, from, message, pushName }) {
      const { control, token } = await sandboxOf(deviceId, true)
      try {
        const received = await control.receive(token, { from, message, ...(pushName ? { pushName } : {}) })
        return {
          incomingId: received.incoming.id,
          replies: received.replies.map(toSandboxMessageView),
          webhookDeliveryId: received.webhookDeliveryId
        }
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error)
        // "from … is not a phone number" is about the field; "a needs-scan device receives nothing" is not.
        throw new ApiFailure('sandbox_refused', text, text.startsWith('from ') ? 'from' : undefined)
      }
    },

    async 'autoReplies:list'({ deviceId, keyword }) {
      const client = await clientOf(deviceId)
      const rules = await client.listAutoReplies(keyword ? { keyword } : {})
      return { autoReplies: rules.map(toAutoReplyView) }
    },

    async 'autoReplies:create'({ deviceId, keyword, response }) {
      const client = await clientOf(deviceId)
      return toAutoReplyView(await client.createAutoReply({ keyword, response }))
    },

    async 'autoReplies:update'({ deviceId, id, keyword, response }) {
      const client = await clientOf(deviceId)
      return toAutoReplyView(await client.updateAutoReply(id, { keyword, response }))
    },

    async 'autoReplies:delete'({ deviceId, id }) {
      const client = await clientOf(deviceId)
      const { message } = await client.deleteAutoReply(id)
      return { ok: true as const, message }
    },

    async 'reminders:list'({ deviceId }) {
      if (deviceId) requireDevice(deviceId)
      return { reminders: await reminderViews(services.reminders.list(deviceId)) }
    },

    async 'reminders:create'({ deviceId, phone, message, title, start, periode, customDay }) {
      const client = await clientOf(deviceId)
      const [normalised = phone] = normalisedPhones([phone], false, 'phone')
      const record = await services.reminders.create(deviceId, client, {
        phone: normalised,
        message,
        start,
        periode,
        ...(title ? { title } : {}),
        ...(customDay !== undefined ? { customDay } : {})
      })
      return reminderView(record)
    },

    async 'reminders:update'({ id, phone, message, title, start }) {
      const record = requireReminder(id)
      const client = await clientOf(record.deviceId)
      const [normalised = phone] = normalisedPhones([phone], false, 'phone')
      const updated = await services.reminders.update(record, client, {
        phone: normalised,
        message,
        start,
        ...(title !== undefined ? { title } : {})
      })
      return reminderView(updated)
    },

    async 'reminders:refresh'({ id }) {
      const record = requireReminder(id)
      return reminderView(await services.reminders.refresh(record, await clientOf(record.deviceId)))
    },

    async 'reminders:delete'({ id }) {
      const record = requireReminder(id)
      await services.reminders.delete(record, await clientOf(record.deviceId))
      return { ok: true as const }
    },

    async 'series:create'(request) {
      requireDevice(request.deviceId)
      const recipients = normalisedPhones(request.recipients, request.isGroup, 'recipients')
      const used: string[] = []
      const entries: EnqueueEntry[] = request.entries.map((entry) => {
        if (entry.kind === 'text') return { kind: 'text', text: entry.text }
        const file = services.files.get(entry.handle)
        if (!file)
          throw new ApiFailure('file_gone', 'A file is no longer available; add it again.', 'entries')
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
      const series = await services.outbox.createSeries({
        deviceId: request.deviceId,
        recipients,
        isGroup: request.isGroup,
        entries,
        start: request.start,
        rule: request.rule,
        overduePolicy: request.overduePolicy
      })
      // The series copied the files into the attachments folder; the handles' originals can go.
      await services.files.release(used)
      return series
    },

    async 'series:list'({ deviceId }) {
      return { series: services.outbox.listSeries(deviceId) }
    },

    async 'series:stop'({ id }) {
      return services.outbox.stopSeries(id)
    },

    async 'series:delete'({ id }) {
      services.outbox.deleteSeries(id)
      return { ok: true as const }
    },

    async 'devices:create'(request) {
      let credentials: GatewayCredentials
      if (request.accountDeviceId !== undefined) {
        const account = registry.get(request.accountDeviceId)
        if (!account) throw new ApiFailure('not_found', 'That device no longer exists.', 'accountDeviceId')
        const loaded = await services.vault.load(account.id)
        if (loaded.kind !== 'found') {
          throw new ApiFailure(
            'token_locked',
            'That device’s token is not available; enter it again.',
            'accountDeviceId'
          )
        }
        credentials = {
          baseUrl: account.baseUrl,
          token: loaded.value.token,
          ...(loaded.value.secret ? { secret: loaded.value.secret } : {})
        }
      } else {
        credentials = {
          baseUrl: normaliseBaseUrl(request.baseUrl ?? ''),
          token: request.token ?? '',
          ...(request.secret ? { secret: request.secret } : {})
        }
      }
      const [phone = request.phone] = normalisedPhones([request.phone], false, 'phone')
      const invoice = await services.clientFactory(credentials).createDevice({
        name: request.name,
        phone,
        product: request.product,
        periode: request.periode,
        bank: request.bank
      })
      if (!invoice.token) return { invoice: toInvoiceView(invoice), device: null }
      const running = await sandbox.current()
      const inSandbox =
        running !== null && normaliseBaseUrl(running.baseUrl) === normaliseBaseUrl(credentials.baseUrl)
      const { device } = await registry.add({
        label: request.label ?? request.name,
        baseUrl: credentials.baseUrl,
        token: invoice.token,
        sandbox: inSandbox
      })
      await services.openClient(device.id)
      await services.monitor.refresh(device.id)
      return { invoice: toInvoiceView(invoice), device: services.monitor.view(device.id) }
    }
  }
}
