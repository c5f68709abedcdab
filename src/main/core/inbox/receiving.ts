// "Receive messages" per device (issue 25, point 3): points a device's webhook URL and tracking URL at the connected
// mailbox and turns incoming on, through the webhooks feature's own commands (one copy of the gateway calls); keeps
// what was there before so an undo can put it back; rotates the mailbox's ingress secret and sets the new URLs on the
// devices that used the old ones. The mailbox's pull token and private key stay in the vault: nothing here returns
// them, and the window sees only the ingress URLs the operator has to paste into the dashboard anyway.
import type {
  ApiErrorShape,
  ReceivingDeviceView,
  ReceivingReplaced,
  ReceivingView
} from '../../../shared/contract'
import type { Clock, TimerId } from '../clock'
import type { MessageKey } from '../../../shared/i18n'
import { ApiFailure, failureShape, type Commands } from '../commands'
import type { SettingsStore } from '../store'
import type { WebhookChannel, WebhookSettings } from '../webhooks'
import {
  requireInboxCredentials,
  type InboxCredentials,
  type InboxCredentialsPort,
  type IngressUrls
} from './credentials'
import { pendingSecretRotation, rotateMailboxSecret } from './ingress-secret'
import type { FetchPort } from './relay-client'

/** What a device had before "Receive messages", and which mailbox it now posts to. Kept in the settings store. */
interface ReceivingRecord {
  mailbox: string
  /** The URLs it set: a later change of either (or incoming turned off) means the device no longer receives here. */
  webhookUrl: string
  trackingUrl: string
  since: string
  previous: ReceivingReplaced
}

const keyOf = (deviceId: string): string => `inbox.receiving.${deviceId}`

export interface ReceivingDeps {
  credentials: InboxCredentialsPort
  /** Where each device's record is kept (the app's settings store). */
  settings: Pick<SettingsStore, 'get' | 'set' | 'delete'>
  /** The webhooks feature's commands: the only path to the gateway's webhook settings. */
  webhooks: Commands<WebhookChannel>
  /** The devices there are now, in the window's order. */
  deviceIds: () => string[]
  fetch: FetchPort
  clock: Clock
  /** Told when a device starts or stops receiving through the mailbox (the monitor's polling follows). */
  onChange?: () => void
  /** Told when a rotation of the secret starts or stops waiting for the relay's answer (the window's view follows). */
  onPendingRotationChange?: () => void
  /**
   * Sets a device's device-status URL where the app can: only the gateway's dashboard can for a hosted device (the
   * window shows the URL to paste), the built-in sandbox stands in for its dashboard. Answers whether it was set.
   */
  dashboardStatusUrl?: (deviceId: string, url: string | null) => Promise<boolean>
  /**
   * Empties a device's webhook and/or tracking URL where the app can: the gateway's API only sets a URL, and only the
   * built-in sandbox's stand-in dashboard can be reached. Answers whether it was done.
   */
  dashboardClearUrls?: (
    deviceId: string,
    fields: readonly ('webhookUrl' | 'trackingUrl')[]
  ) => Promise<boolean>
  /**
   * The webhooks feature's refusal of addresses the device's gateway cannot reach: asked before "Receive messages on
   * …?" is put to the operator, so a relay it could never post to is said before, not after, the confirmation.
   */
  refuseUnreachable?: (
    deviceId: string,
    addresses: { webhookUrl: string; trackingUrl: string }
  ) => Promise<void>
  /** Whether a relay address is the relay this computer runs for the sandbox (LocalRelay). */
  isLocalRelay?: (relayUrl: string) => boolean
  /** Subscribes to the webhooks feature's saves: a device set elsewhere afterwards stops receiving here. */
  onWebhooksSaved?: (listener: (deviceId: string, settings: WebhookSettings) => void) => () => void
  /**
   * The core's errors (a gateway's refusal) as the window shows them: English text with its key. The composition's
   * one mapping; an ApiFailure carries its own.
   */
  describeError?: (error: unknown) => ApiErrorShape | undefined
}

/** Why a device was not set again: English (CLI, logs), with its key so the window words it in its language. */
export type RotationFailure = { deviceId: string } & Pick<
  ApiErrorShape,
  'message' | 'messageKey' | 'messageParams'
>

export interface RotationOutcome {
  view: ReceivingView
  reprovisioned: string[]
  failed: RotationFailure[]
}

/**
 * A rotation whose answer was lost is asked again after these waits, the last one repeating: the old secret's grace is
 * a day, so tries every quarter of an hour finish it long before, once the relay answers (QA30 Q30-02).
 */
const PENDING_ROTATION_RETRY_MS = [30_000, 60_000, 120_000, 300_000, 900_000]

/** The webhooks rule's refusals of an address, each said of the relay: the operator chose a relay, not an address. */
const RELAY_UNREACHABLE: Partial<Record<string, MessageKey>> = {
  'desktop.error.webhookThisComputer': 'desktop.error.relayThisComputer',
  'desktop.error.webhookPrivateNetwork': 'desktop.error.relayPrivateNetwork',
  'desktop.error.webhookSandboxThisComputer': 'desktop.error.relaySandboxThisComputer',
  'desktop.error.webhookSandboxPrivateNetwork': 'desktop.error.relaySandboxPrivateNetwork'
}

function saidOfTheRelay(error: unknown): unknown {
  if (!(error instanceof ApiFailure) || error.text === undefined) return error
  const key = RELAY_UNREACHABLE[error.text.key]
  return key === undefined
    ? error
    : new ApiFailure(error.code, { key, params: error.text.params ?? {} }, 'deviceId')
}

export class Receiving {
  private retryTimer: TimerId | null = null
  private retries = 0
  private stopped = false

  constructor(private readonly deps: ReceivingDeps) {
    deps.onWebhooksSaved?.((deviceId, settings) => this.webhooksSaved(deviceId, settings))
  }

  /** Whether the device's webhook and tracking URLs were set to this mailbox by "Receive messages". */
  isReceiving(deviceId: string, mailbox: string | null): boolean {
    return mailbox !== null && this.record(deviceId)?.mailbox === mailbox
  }

  async view(): Promise<ReceivingView> {
    const loaded = await this.deps.credentials.load()
    const credentials = loaded.kind === 'found' ? loaded.credentials : null
    return this.viewOf(credentials)
  }

  /** Whether a rotation of the connected mailbox's secret waits for the relay's answer (kept in the vault). */
  private async rotationPending(mailbox: string | null): Promise<boolean> {
    if (mailbox === null) return false
    const pending = await this.deps.credentials.loadPendingIngressSecret()
    return pending !== null && pending.mailbox === mailbox
  }

  async preview(
    deviceId: string
  ): Promise<{ deviceId: string; relayHost: string; replaces: ReceivingReplaced }> {
    const credentials = await this.requireUrls()
    const urls = credentials.ingressUrls
    await this.deps
      .refuseUnreachable?.(deviceId, { webhookUrl: urls.incoming, trackingUrl: urls.tracking })
      .catch((error: unknown) => {
        throw saidOfTheRelay(error)
      })
    return {
      deviceId,
      relayHost: new URL(credentials.relayUrl).host,
      replaces: await this.current(deviceId)
    }
  }

  async provision(deviceId: string): Promise<ReceivingView> {
    const credentials = await this.requireUrls()
    const urls = credentials.ingressUrls
    const existing = this.record(deviceId)
    const current = await this.current(deviceId)
    // Set again (a second click, a rotation, a new mailbox in place of the last one while the device still points at
    // it): what came before Sender Desk's first change is what an undo restores, never Sender Desk's own old URLs.
    const stillOurs =
      existing !== undefined &&
      (existing.mailbox === credentials.mailbox ||
        (current.webhookUrl === existing.webhookUrl && current.trackingUrl === existing.trackingUrl))
    const previous = stillOurs ? existing.previous : current
    await this.deps.webhooks['webhooks:update']({
      deviceId,
      webhookUrl: urls.incoming,
      trackingUrl: urls.tracking,
      incoming: true
    }).catch((error: unknown) => {
      throw saidOfTheRelay(error)
    })
    await this.deps.dashboardStatusUrl?.(deviceId, urls.device)
    const record: ReceivingRecord = {
      mailbox: credentials.mailbox,
      webhookUrl: urls.incoming,
      trackingUrl: urls.tracking,
      // Set again on the same mailbox (a rotation, a second click): it has been receiving since the first time. On a
      // new mailbox it receives from now, even though the undo still goes back to what came before the first one.
      since:
        existing !== undefined && existing.mailbox === credentials.mailbox
          ? existing.since
          : new Date(this.deps.clock.now()).toISOString(),
      previous
    }
    this.deps.settings.set(keyOf(deviceId), record)
    this.deps.onChange?.()
    return await this.viewOf(credentials)
  }

  /** Puts back the webhook settings from before; a URL Sender Desk never knew cannot be put back, and is named. */
  async undo(
    deviceId: string
  ): Promise<{ view: ReceivingView; notRestored: ('webhookUrl' | 'trackingUrl')[] }> {
    const record = this.record(deviceId)
    if (!record) throw new ApiFailure('not_receiving', { key: 'desktop.error.notReceiving' })
    const { previous } = record
    const empty = (['webhookUrl', 'trackingUrl'] as const).filter((field) => previous[field] === null)
    await this.deps.webhooks['webhooks:update']({
      deviceId,
      ...(previous.webhookUrl === null ? {} : { webhookUrl: previous.webhookUrl }),
      ...(previous.trackingUrl === null ? {} : { trackingUrl: previous.trackingUrl }),
      // Unknown before: off, so that no message goes to a mailbox the operator took the device away from.
      incoming: previous.source === 'unknown' ? false : previous.incoming
    })
    // The device-status URL Sender Desk set on the sandbox's stand-in dashboard goes with it. A URL the sandbox said
    // was empty is emptied there again; one Sender Desk never knew (a hosted device's) cannot be put back, and is named.
    await this.deps.dashboardStatusUrl?.(deviceId, null)
    const cleared =
      previous.source === 'sandbox' && empty.length > 0
        ? ((await this.deps.dashboardClearUrls?.(deviceId, empty)) ?? false)
        : false
    const notRestored = cleared ? [] : empty
    this.deps.settings.delete(keyOf(deviceId))
    this.deps.onChange?.()
    return { view: await this.view(), notRestored }
  }

  /** A new ingress secret from the relay, kept in the vault, and set on every device that used the old URLs. */
  async rotate(options: { stopOldAtOnce?: boolean } = {}): Promise<RotationOutcome> {
    const credentials = await requireInboxCredentials(this.deps.credentials)
    try {
      await rotateMailboxSecret(credentials, this.deps, options)
    } catch (error) {
      // No answer: the relay may hold the new secret already, its grace running for the old one. Asked again in the
      // background until it answers, and the window says it waits.
      if (error instanceof ApiFailure && error.code === 'relay_unreachable') this.retryLater()
      this.deps.onPendingRotationChange?.()
      throw error
    }
    this.stopRetrying()
    this.deps.onPendingRotationChange?.()
    const reprovisioned: string[] = []
    const failed: { deviceId: string; message: string }[] = []
    for (const deviceId of this.deps.deviceIds()) {
      if (!this.isReceiving(deviceId, credentials.mailbox)) continue
      try {
        await this.provision(deviceId)
        reprovisioned.push(deviceId)
      } catch (error) {
        failed.push({ deviceId, ...this.failureText(error) })
      }
    }
    return { view: await this.view(), reprovisioned, failed }
  }

  /**
   * A rotation an earlier run asked for and never heard the answer to, finished (at start): the relay's answer to the
   * same proposal, kept, and the devices set again. Null when none waits.
   */
  async finishPendingRotation(): Promise<RotationOutcome | null> {
    const loaded = await this.deps.credentials.load()
    if (loaded.kind !== 'found') return null
    const pending = await pendingSecretRotation(this.deps.credentials, loaded.credentials.mailbox)
    return pending === null ? null : this.rotate(pending)
  }

  /**
   * Finishes a rotation left pending (by an earlier run, or a lost answer now) in the background: tried at once, then
   * after growing waits through the clock while the relay does not answer. Never throws.
   */
  keepFinishingPendingRotation(): void {
    this.stopRetrying()
    void this.tryPendingRotation()
  }

  /** No more background tries (the app stops). */
  stop(): void {
    this.stopped = true
    this.stopRetrying()
  }

  private async tryPendingRotation(): Promise<void> {
    try {
      await this.finishPendingRotation()
    } catch {
      // rotate() scheduled the next try when the relay did not answer; any other refusal is the view's to say.
    }
  }

  private retryLater(): void {
    if (this.stopped) return
    if (this.retryTimer !== null) this.deps.clock.clearTimeout(this.retryTimer)
    const wait = PENDING_ROTATION_RETRY_MS[Math.min(this.retries, PENDING_ROTATION_RETRY_MS.length - 1)]!
    this.retries++
    this.retryTimer = this.deps.clock.setTimeout(() => {
      this.retryTimer = null
      void this.tryPendingRotation()
    }, wait)
  }

  private stopRetrying(): void {
    if (this.retryTimer !== null) this.deps.clock.clearTimeout(this.retryTimer)
    this.retryTimer = null
    this.retries = 0
  }

  /**
   * The webhooks feature saved a setting: when the device's URLs no longer both point here, or incoming is off, it no
   * longer receives through the mailbox (its record goes, and polling takes over). Saves on the way to pointing here
   * (the three calls of a provisioning) find no record yet, or the one a rotation replaces.
   */
  private webhooksSaved(deviceId: string, settings: WebhookSettings): void {
    const record = this.record(deviceId)
    if (!record) return
    if (
      settings.webhookUrl === record.webhookUrl &&
      settings.trackingUrl === record.trackingUrl &&
      settings.incoming
    )
      return
    this.deps.settings.delete(keyOf(deviceId))
    this.deps.onChange?.()
  }

  forgetDevice(deviceId: string): void {
    this.deps.settings.delete(keyOf(deviceId))
  }

  // ------------------------------------------------------------------------------------------

  private failureText(error: unknown): Omit<RotationFailure, 'deviceId'> {
    const shape = error instanceof ApiFailure ? failureShape(error) : this.deps.describeError?.(error)
    if (!shape) return { message: error instanceof Error ? error.message : String(error) }
    const { message, messageKey, messageParams } = shape
    return { message, ...(messageKey ? { messageKey, messageParams: messageParams ?? {} } : {}) }
  }

  private record(deviceId: string): ReceivingRecord | undefined {
    return this.deps.settings.get<ReceivingRecord>(keyOf(deviceId))
  }

  /** The device's webhook settings as the webhooks feature knows them, worded as what a change would replace. */
  private async current(deviceId: string): Promise<ReceivingReplaced> {
    const settings = await this.deps.webhooks['webhooks:get']({ deviceId })
    const known = settings.source === 'sandbox' || settings.savedAt !== null
    return {
      source: settings.source === 'sandbox' ? 'sandbox' : known ? 'remembered' : 'unknown',
      webhookUrl: settings.webhookUrl,
      trackingUrl: settings.trackingUrl,
      incoming: settings.incoming,
      savedAt: settings.savedAt
    }
  }

  private async requireUrls(): Promise<InboxCredentials & { ingressUrls: IngressUrls }> {
    const credentials = await requireInboxCredentials(this.deps.credentials)
    const urls = credentials.ingressUrls
    if (!urls) throw new ApiFailure('mailbox_urls_unknown', { key: 'desktop.error.mailboxUrlsUnknown' })
    return { ...credentials, ingressUrls: urls }
  }

  private async viewOf(credentials: InboxCredentials | null): Promise<ReceivingView> {
    const mailbox = credentials?.mailbox ?? null
    const devices: ReceivingDeviceView[] = this.deps.deviceIds().map((deviceId) => {
      const record = this.record(deviceId)
      const receiving = this.isReceiving(deviceId, mailbox)
      return { deviceId, receiving, since: receiving ? record!.since : null, canUndo: record !== undefined }
    })
    return {
      connected: credentials !== null,
      relayUrl: credentials?.relayUrl ?? null,
      onThisComputer: credentials !== null && this.deps.isLocalRelay?.(credentials.relayUrl) === true,
      mailbox,
      deviceStatusUrl: credentials?.ingressUrls?.device ?? null,
      secretRotationPending: await this.rotationPending(mailbox),
      devices
    }
  }
}
