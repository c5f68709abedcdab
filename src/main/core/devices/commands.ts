/**
 * The devices feature's commands: adding, re-keying, renaming, ordering, limiting, polling, restarting and removing
 * devices, linking them by QR and ordering new ones from a gateway account. Removing a device does every side effect
 * here, in one place: its waiting messages are cancelled, what other features keep for it is dropped, its secret is
 * erased and its client closed, and the window hears about it once.
 */
import type {
  InvoiceHistoryEntry,
  RemovalCampaign,
  RemovalDraft,
  RemovalReminder,
  RemovalSeries
} from '../../../shared/contract'
import { noteFields } from '../../../shared/i18n/notes'
import { ApiFailure, normalisedRecipients, type Commands } from '../commands'
import { mayHaveReachedGateway, type GatewayCredentials, type Invoice } from '../gateway'
import type { InvoiceRecord, InvoiceStore } from '../store'
import type { Vault } from '../vault'
import { requireDevice } from './access'
import type { DeviceActions } from './actions'
import { invoiceRecord, toInvoiceView } from './invoice-record'
import type { KeptAtGatewayRecords } from './kept-at-gateway'
import type { DeviceMonitor } from './monitor'
import { normaliseBaseUrl, type ClientFactory, type DeviceRegistry } from './registry'
import type { UnconfirmedOrders } from './unconfirmed-orders'

export type DeviceChannel =
  | 'devices:list'
  | 'devices:add'
  | 'devices:updateToken'
  | 'devices:setFileLimit'
  | 'devices:setDailyCap'
  | 'devices:rename'
  | 'devices:reorder'
  | 'devices:removalPreview'
  | 'devices:remove'
  | 'devices:keptAtGateway'
  | 'devices:dismissKeptAtGateway'
  | 'devices:refresh'
  | 'devices:restart'
  | 'devices:changeNumber'
  | 'devices:history'
  | 'devices:qr'
  | 'devices:create'
  | 'devices:invoices'
  | 'linking:begin'
  | 'linking:end'

/** What the removal does to what features keep for a device, counted (and named) for the window's question. */
export interface DeviceRemovalPreview {
  /** Reminders kept at the gateway: deleted there first, with the device's token. */
  gatewayReminders: number
  /** Those reminders, named, oldest first. */
  reminders: RemovalReminder[]
  /** Sender Desk's own series: deleted, their waiting messages cancelled. */
  series: number
  /** Those series, named, as the Reminders view lists them. */
  namedSeries: RemovalSeries[]
  /** The campaigns sending on it: whether each moves its rows to its other devices, or ends (QA77). */
  campaigns: RemovalCampaign[]
  /** The drafts naming it: the devices each keeps, or none (it cannot start until one is chosen). */
  drafts: RemovalDraft[]
}

/** What another feature keeps per device, settled when the device is removed. */
export interface DeviceRemovalHook {
  /** Its part of the removal's preview. */
  preview?(deviceId: string): Partial<DeviceRemovalPreview>
  /**
   * First, while the token is still here: what the feature keeps at the gateway for the device is deleted there.
   * Throws (an ApiFailure naming what was not deleted) to stop the removal before anything else is touched, unless
   * the operator chose to keep it at the gateway: then it answers what the gateway keeps, named, since the app forgets
   * it once the device is gone.
   */
  clearAtGateway?(
    deviceId: string,
    options: { keepGatewayReminders: boolean }
  ): Promise<RemovalReminder[] | void>
  /** Before the secret is erased, so nothing more goes out for the device (e.g. its waiting messages are cancelled). */
  holdDevice?(deviceId: string): void
  /** Once the device is gone: what was kept for it is dropped. */
  forgetDevice?(deviceId: string): void
}

export interface DeviceCommandsDeps {
  registry: DeviceRegistry
  monitor: DeviceMonitor
  actions: DeviceActions
  vault: Vault
  clientFactory: ClientFactory
  /** The embedded sandbox's base URL while it runs: a device ordered from it is a sandbox device. */
  sandboxBaseUrl: () => Promise<string | null>
  /** Every feature holding per-device state (the outbox's queue and series, webhook settings, reminders). */
  removalHooks: DeviceRemovalHook[]
  /** What the gateway goes on sending for devices removed anyway, until the operator dismisses it. */
  keptAtGateway: KeptAtGatewayRecords
  /**
   * Orders (gateway, name, number) whose answer was lost where the gateway may have made the device: one is made again
   * only when the operator says so (`createAgain`), after a restart too.
   */
  unconfirmedOrders: Pick<UnconfirmedOrders, 'has' | 'add' | 'delete'>
  /** Every invoice a gateway answered, kept: the gateway cannot list them later. */
  invoices: InvoiceStore
  now: () => number
}

function toHistoryEntry(
  { createdAt, deviceId, ...invoice }: InvoiceRecord,
  deviceLabel: string | null
): InvoiceHistoryEntry {
  return {
    ...invoice,
    createdAt: new Date(createdAt).toISOString(),
    // A device removed since is no longer named: only its name at the gateway stays.
    deviceId: deviceLabel === null ? null : deviceId,
    deviceLabel
  }
}

export function createDeviceCommands(deps: DeviceCommandsDeps): Commands<DeviceChannel> {
  const { registry, monitor, actions } = deps
  const required = (id: string): void => void requireDevice(registry, id)
  const lostOrders = deps.unconfirmedOrders

  /** A device just added: its client opened and its first poll done, so the reply shows its real state. */
  async function opened(deviceId: string) {
    await registry.openClient(deviceId)
    await monitor.refresh(deviceId)
    return monitor.view(deviceId)
  }

  async function accountCredentials(request: {
    accountDeviceId?: string | undefined
    baseUrl?: string | undefined
    token?: string | undefined
    secret?: string | undefined
  }): Promise<GatewayCredentials> {
    if (request.accountDeviceId === undefined) {
      return {
        baseUrl: normaliseBaseUrl(request.baseUrl ?? ''),
        token: request.token ?? '',
        ...(request.secret ? { secret: request.secret } : {})
      }
    }
    const account = requireDevice(registry, request.accountDeviceId, 'accountDeviceId')
    const loaded = await deps.vault.load(account.id)
    if (loaded.kind !== 'found') {
      throw new ApiFailure('token_locked', { key: 'desktop.error.accountTokenLocked' }, 'accountDeviceId')
    }
    return {
      baseUrl: account.baseUrl,
      token: loaded.value.token,
      ...(loaded.value.secret ? { secret: loaded.value.secret } : {})
    }
  }

  return {
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
      return opened(device.id)
    },

    async 'devices:updateToken'({ id, token, secret }) {
      required(id)
      await registry.updateCredentials(id, { token, ...(secret ? { secret } : {}) })
      return opened(id)
    },

    async 'devices:setDailyCap'({ id, dailyCap }) {
      required(id)
      await registry.setDailyCap(id, dailyCap)
      return monitor.view(id)
    },

    async 'devices:setFileLimit'({ id, maxFileBytes }) {
      required(id)
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

    async 'devices:removalPreview'({ id }) {
      required(id)
      const preview: DeviceRemovalPreview = {
        gatewayReminders: 0,
        reminders: [],
        series: 0,
        namedSeries: [],
        campaigns: [],
        drafts: []
      }
      for (const hook of deps.removalHooks) Object.assign(preview, hook.preview?.(id))
      return preview
    },

    async 'devices:remove'({ id, keepGatewayReminders = false }) {
      const { label } = requireDevice(registry, id)
      // What the gateway keeps sending for the device goes first, with its token: once the token is erased nothing
      // in the app can stop it (QA42 Q42-01). A refusal keeps the device whole.
      const keptAtGateway: RemovalReminder[] = []
      for (const hook of deps.removalHooks) {
        keptAtGateway.push(...((await hook.clearAtGateway?.(id, { keepGatewayReminders })) ?? []))
      }
      // Nothing may wait forever for a device that is gone: its unsent items are cancelled, not lost silently.
      for (const hook of deps.removalHooks) hook.holdDevice?.(id)
      // Erases the secret and closes the client (a secret that cannot be erased keeps the device listed);
      // the monitor then tells the window once.
      await registry.remove(id)
      for (const hook of deps.removalHooks) hook.forgetDevice?.(id)
      if (keptAtGateway.length === 0) return { ok: true as const }
      // Sender Desk no longer manages them: this record is what the operator has of them, after a restart too.
      deps.keptAtGateway.record(id, label, keptAtGateway)
      return { ok: true as const, keptAtGateway }
    },

    async 'devices:keptAtGateway'() {
      return { records: deps.keptAtGateway.list() }
    },

    async 'devices:dismissKeptAtGateway'({ deviceId }) {
      return { records: deps.keptAtGateway.dismiss(deviceId) }
    },

    async 'devices:refresh'({ id }) {
      required(id)
      await monitor.refresh(id)
      return monitor.view(id)
    },

    async 'devices:restart'({ id }) {
      required(id)
      return actions.restart(id)
    },

    async 'devices:changeNumber'({ id, phone }) {
      required(id)
      return actions.changeNumber(id, phone)
    },

    async 'devices:history'({ id }) {
      required(id)
      return {
        entries: monitor.history(id).map(({ at, state, note }) => ({
          at,
          state,
          ...noteFields(note, 'note', 'noteKey', 'noteParams')
        }))
      }
    },

    async 'devices:qr'({ id }) {
      required(id)
      return actions.qr(id)
    },

    async 'linking:begin'({ id }) {
      required(id)
      monitor.beginLinking(id)
      return monitor.view(id)
    },

    async 'linking:end'({ id }) {
      if (registry.get(id)) monitor.endLinking(id)
      return { ok: true as const }
    },

    async 'devices:create'(request) {
      const credentials = await accountCredentials(request)
      const [phone = request.phone] = normalisedRecipients([request.phone], false, 'phone')
      const order = `${normaliseBaseUrl(credentials.baseUrl)} ${request.name} ${phone}`
      if (lostOrders.has(order) && !request.createAgain)
        throw new ApiFailure('device_create_unconfirmed', {
          key: 'desktop.error.deviceCreateAgain',
          params: { name: request.name }
        })
      let invoice: Invoice
      try {
        invoice = await deps.clientFactory(credentials).createDevice({
          name: request.name,
          phone,
          product: request.product,
          periode: request.periode,
          bank: request.bank
        })
      } catch (error) {
        if (!mayHaveReachedGateway(error)) throw error
        // The gateway may have made it, and billed it: ordered again unasked, it would be two devices, two invoices.
        lostOrders.add(order)
        throw new ApiFailure('device_create_unconfirmed', {
          key: 'desktop.error.deviceCreateUnconfirmed',
          params: { name: request.name }
        })
      }
      lostOrders.delete(order)
      // Kept before anything else can fail: the invoice is owed whether or not the device is added here.
      const kept = invoiceRecord(invoice, credentials.baseUrl, deps.now())
      deps.invoices.add(kept)
      if (!invoice.token) return { invoice: toInvoiceView(invoice), device: null }
      const sandboxUrl = await deps.sandboxBaseUrl()
      const inSandbox =
        sandboxUrl !== null && normaliseBaseUrl(sandboxUrl) === normaliseBaseUrl(credentials.baseUrl)
      const { device } = await registry.add({
        label: request.label ?? request.name,
        baseUrl: credentials.baseUrl,
        token: invoice.token,
        sandbox: inSandbox
      })
      deps.invoices.linkDevice(kept.id, device.id)
      return { invoice: toInvoiceView(invoice), device: await opened(device.id) }
    },

    async 'devices:invoices'() {
      return {
        invoices: deps.invoices
          .list()
          .map((record) =>
            toHistoryEntry(record, record.deviceId ? (registry.get(record.deviceId)?.label ?? null) : null)
          )
      }
    }
  }
}
