// What the dispatcher, reconciler, scheduler and tracker share: the store, gates per device, events and work in flight.
import type { Clock } from '../clock'
import type { Logger } from '../logging'
import {
  isDiskFull,
  type ItemPatch,
  type ItemRecord,
  type ItemStatus,
  OutboxTakeBackStore,
  type OutboxStore,
  type SettingsStore
} from '../store'
import { backoffDelay } from './backoff'
import { FINAL } from './status'
import type { BlockReason, DeviceNews, OutboxEvents, ResolvedOutboxOptions, SendingPort } from './types'
import type { RetryHook, SendPolicy } from './policies'
import { countsView, oneView } from './views'
import { DEFAULT_MAX_FILE_BYTES } from '../../../shared/domain'

/** What the outbox knows about one device, in memory (the device monitor owns the device's real state). */
export interface DeviceRuntime {
  sendsInFlight: number
  lastSendAt: number | null
  /** No new send before this (Retry-After, or backoff after transient failures on this device). */
  retryAt: number
  /** Consecutive transient send failures on this device. */
  failures: number
  /** The gateway refused the device itself (logged out, token invalid, quota): its queue waits. */
  refused: { code: string; message: string } | null
  refusals: number
  /** While refused, one probe send is allowed at this time, in case the app never reports the device back. */
  probeAt: number
  /** As last told by the app; undefined until then. */
  sendable: boolean | undefined
  reconciling: boolean
  reconcileFailures: number
  reconcileRetryAt: number
  tracking: boolean
  trackingFailures: number
  trackingRetryAt: number
  syncing: boolean
  /** A send policy's wait over the whole device (a daily cap): until when, and why (a note; see device-waits.ts). */
  policyWait: { until: number; reason: string } | null
  /** A take-back call or report check is in flight: no send starts meanwhile (take-back-calls.ts). */
  takingBack: boolean
  /** A take-back batch waits for this device's sends in flight to end: no new send starts meanwhile. */
  takeBackWaiting: boolean
  /** No take-back call before this (backoff after calls that surely did not go through). */
  takeBackRetryAt: number
  takeBackFailures: number
}

/** Above this many changes in one batch, listeners get one bulkChanged instead of one event per item. */
export const BULK_EVENT_THRESHOLD = 20

export interface Block {
  reason: BlockReason
  detail: string | null
}

export class OutboxContext {
  readonly devices = new Map<string, DeviceRuntime>()
  networkOnline = true
  pausedAll = false
  /** Since when writes fail for lack of space (SQLITE_FULL, ENOSPC, EDQUOT); null while there is room. */
  diskFullSince: number | null = null
  readonly pausedDevices = new Set<string>()
  running = false
  /** Items whose gateway-schedule call is in flight: nobody else may touch their schedule row meanwhile. */
  readonly scheduleCallsInFlight = new Set<string>()
  /** Called after every completed piece of async work, and by API calls that may unblock work. */
  wake: () => void = () => undefined
  readonly transitionListeners = new Set<(item: ItemRecord) => void>()
  /** Asked, in order, before each send (see policies.ts); features add theirs as they are built. */
  readonly policies: SendPolicy[] = []
  /** Asked before an operator's retry (see RetryHook): producers add theirs as they are built. */
  readonly retryHooks: RetryHook[] = []
  /** Take-back requests and their ops (take-back.ts, take-back-calls.ts), in the same database. */
  readonly takeBackStore: OutboxTakeBackStore

  private readonly work = new Set<Promise<unknown>>()
  private readonly listeners: { [K in keyof OutboxEvents]: Set<OutboxEvents[K]> } = {
    itemChanged: new Set(),
    bulkChanged: new Set(),
    countsChanged: new Set(),
    diskFullChanged: new Set(),
    deviceRefused: new Set(),
    gatewayFailing: new Set(),
    quotaReported: new Set(),
    deviceWaitChanged: new Set()
  }
  private countsPending = false
  /** Outcomes of sends that came back, written with the next transaction of this turn (see deferOutcome). */
  private readonly deferredOutcomes: (() => void)[] = []
  /** Changes made inside batch(), announced when it commits. */
  private collected: ItemRecord[] | null = null

  constructor(
    readonly store: OutboxStore,
    readonly settings: SettingsStore,
    readonly dataDir: string,
    readonly clock: Clock,
    private readonly clientLookup: (deviceId: string) => SendingPort | undefined,
    readonly options: ResolvedOutboxOptions,
    readonly logger: Logger,
    /** The file-size limit passed to the gateway client with each file send. */
    readonly fileLimitFor: (deviceId: string) => number = () => DEFAULT_MAX_FILE_BYTES
  ) {
    this.takeBackStore = new OutboxTakeBackStore(store.db)
  }

  now(): number {
    return this.clock.now()
  }

  device(deviceId: string): DeviceRuntime {
    let runtime = this.devices.get(deviceId)
    if (!runtime) {
      runtime = {
        sendsInFlight: 0,
        lastSendAt: null,
        retryAt: 0,
        failures: 0,
        refused: null,
        refusals: 0,
        probeAt: 0,
        sendable: undefined,
        reconciling: false,
        reconcileFailures: 0,
        reconcileRetryAt: 0,
        tracking: false,
        trackingFailures: 0,
        trackingRetryAt: 0,
        syncing: false,
        policyWait: null,
        takingBack: false,
        takeBackWaiting: false,
        takeBackRetryAt: 0,
        takeBackFailures: 0
      }
      this.devices.set(deviceId, runtime)
    }
    return runtime
  }

  /** The device's client when the gateway can be reached at all (network up, client configured). */
  reachableClient(deviceId: string): SendingPort | undefined {
    if (!this.networkOnline) return undefined
    try {
      return this.clientLookup(deviceId)
    } catch {
      return undefined
    }
  }

  /** Why this device may not start a send now, ignoring time-based waits (pacing, Retry-After). */
  sendBlock(deviceId: string): Block | null {
    if (!this.networkOnline) return { reason: 'offline', detail: null }
    if (this.pausedAll) return { reason: 'paused', detail: null }
    if (this.pausedDevices.has(deviceId)) return { reason: 'device-paused', detail: null }
    const runtime = this.device(deviceId)
    if (!(runtime.sendable ?? this.options.devicesSendableByDefault))
      return { reason: 'not-sendable', detail: null }
    if (!this.reachableClient(deviceId)) return { reason: 'no-client', detail: null }
    if (runtime.refused)
      return { reason: 'device-refused', detail: `${runtime.refused.code}: ${runtime.refused.message}` }
    return null
  }

  backoff(failures: number): number {
    return backoffDelay(failures, {
      baseMs: this.options.backoffBaseMs,
      capMs: this.options.backoffCapMs,
      random: this.options.random
    })
  }

  // ------------------------------------------------------------------------------------ item changes

  /**
   * Several changes in one transaction (one fsync instead of one per item). Listeners hear about them after the
   * commit: item by item when there are few, as one bulkChanged when there are many (the UI refetches).
   * `asOne` announces any number of changes as one bulkChanged (an operator's bulk action is one change to them).
   */
  batch<T>(fn: () => T, asOne = false): T {
    if (this.collected) return this.store.batch(fn)
    const changed: ItemRecord[] = []
    this.collected = changed
    let result: T
    try {
      result = this.store.batch(fn)
    } finally {
      this.collected = null
    }
    // Only reached when the transaction committed: a rolled-back batch announces nothing.
    if (changed.length > BULK_EVENT_THRESHOLD || (asOne && changed.length > 0))
      this.emitBulk(new Set(changed.map((i) => i.id)).size)
    else for (const item of changed) this.emitItem(item)
    return result
  }

  /**
   * One transition: one transaction with one history row, then one event. Final statuses close the item
   * (retention counts from here) and stop any timers it had. Undefined when the item is gone or no longer in one
   * of `from` (the store's UPDATE checks that itself: no read before it).
   */
  /** `at`: when it happened, when that was before now (a gateway's schedule that fired while the app was closed). */
  transition(
    id: string,
    from: readonly ItemStatus[],
    to: ItemStatus,
    patch: ItemPatch,
    note: string | null,
    at: number = this.now()
  ): ItemRecord | undefined {
    const closing: ItemPatch = FINAL.has(to)
      ? { closedAt: at, trackNextAt: null, nextAttemptAt: null, reconcileUntil: null }
      : {}
    // Changed now, whenever it happened: what follows changes (the window's refetches) goes by updatedAt.
    const item = this.store.transition(
      id,
      from,
      to,
      { ...closing, updatedAt: this.now(), ...patch },
      note,
      at
    )
    if (!item) return undefined
    this.emitItem(item)
    for (const listener of this.transitionListeners) listener(item)
    return item
  }

  /** Change an item without a status change; `note` adds a timeline entry (an edit, a gateway schedule saved). */
  patch(id: string, patch: ItemPatch, onlyIn?: readonly ItemStatus[], note?: string): ItemRecord | undefined {
    const item = this.store.batch(() => {
      const updated = this.store.patchItem(id, { ...patch, updatedAt: this.now() }, onlyIn)
      if (updated && note) this.store.addNote(id, updated.status, note, this.now())
      return updated
    })
    if (item) this.emitItem(item)
    return item
  }

  /** Bookkeeping that the operator never sees (next check time…): no event. */
  patchQuietly(id: string, patch: ItemPatch, onlyIn?: readonly ItemStatus[]): ItemRecord | undefined {
    return this.store.patchItem(id, patch, onlyIn)
  }

  /**
   * Write a send's outcome with the next transaction of this turn instead of in one of its own: the send that
   * ended frees a slot, and the pump marks the next item `sending` right away (a commit its request must wait for
   * anyway), so one fsync covers both. Until that commit the item stays `sending`, that is in doubt: a crash in
   * between leaves it to the reconciler (which finds it at the gateway), never to a resend. At the latest the
   * outcome is written when the send's work ends (run), in the same turn.
   */
  deferOutcome(write: () => void): void {
    this.deferredOutcomes.push(write)
  }

  /** Write the deferred outcomes, in a transaction of their own. True when there were some. */
  writeDeferredOutcomes(): boolean {
    if (this.deferredOutcomes.length === 0) return false
    this.withDeferredOutcomes(() => undefined)
    return true
  }

  /**
   * Run `work` in one transaction after the deferred outcomes. If that transaction fails (a full disk at the pick,
   * a failing send gate), it took the outcomes with it: they are kept to be written again, on their own when the
   * send's work ends (run), instead of leaving answered items `sending` until a reconcile.
   */
  withDeferredOutcomes<T>(work: () => T): T {
    const writes = this.deferredOutcomes.splice(0)
    try {
      return this.batch(() => {
        for (const write of writes) write()
        return work()
      })
    } catch (error) {
      this.deferredOutcomes.unshift(...writes)
      throw error
    }
  }

  // ------------------------------------------------------------------------------------------ events

  on<K extends keyof OutboxEvents>(event: K, listener: OutboxEvents[K]): () => void {
    this.listeners[event].add(listener)
    return () => this.listeners[event].delete(listener)
  }

  emitItem(item: ItemRecord): void {
    if (this.collected) {
      this.collected.push(item)
      return
    }
    const view = oneView(this, item)
    for (const listener of this.listeners.itemChanged) this.safely(() => listener(view))
    this.countsChanged()
  }

  /** News about a device a send's answer brought (refused, quota, gateway failing), for its listeners. */
  deviceNews<K extends DeviceNews>(event: K, ...args: Parameters<OutboxEvents[K]>): void {
    const listeners = this.listeners[event] as Set<(...news: Parameters<OutboxEvents[K]>) => void>
    for (const listener of listeners) this.safely(() => listener(...args))
  }

  emitBulk(count: number): void {
    for (const listener of this.listeners.bulkChanged) this.safely(() => listener(count))
    this.countsChanged()
  }

  /** Coalesced: many changes in one tick produce one countsChanged. */
  countsChanged(): void {
    if (this.countsPending || this.listeners.countsChanged.size === 0) return
    this.countsPending = true
    queueMicrotask(() => {
      this.countsPending = false
      const counts = countsView(this.store)
      for (const listener of this.listeners.countsChanged) this.safely(() => listener(counts))
    })
  }

  private safely(fn: () => void): void {
    try {
      fn()
    } catch (error) {
      // A broken listener (the UI) must never break sending.
      this.logger.error('outbox listener failed', error)
    }
  }

  /** A write failed for lack of space: note it (once) and tell listeners; the pump retries by itself. */
  diskFullHit(): void {
    if (this.diskFullSince !== null) return
    this.diskFullSince = this.now()
    for (const listener of this.listeners.diskFullChanged) this.safely(() => listener(true))
  }

  /** Writes work again. */
  diskFullCleared(): void {
    if (this.diskFullSince === null) return
    this.diskFullSince = null
    for (const listener of this.listeners.diskFullChanged) this.safely(() => listener(false))
  }

  /** Sends in flight on any device. */
  get sendsInFlight(): number {
    let total = 0
    for (const runtime of this.devices.values()) total += runtime.sendsInFlight
    return total
  }

  // ------------------------------------------------------------------------------------ work in flight

  /** Track async work so stop() can wait for it; wake the pump when it ends. */
  run(task: () => Promise<void>): void {
    const promise = task()
      .catch((error: unknown) => {
        // A send whose outcome could not be written stays `sending`; recovery reconciles it with the gateway.
        if (isDiskFull(error)) this.diskFullHit()
        else this.logger.error('outbox task failed', error)
      })
      .finally(() => {
        this.work.delete(promise)
        // The pump usually writes a deferred outcome with the next send's `sending` mark; whatever it did not
        // (nothing left to send, stopped, its transaction failed) is written now, and the pump looks again at what
        // that unblocked.
        try {
          this.wake()
        } finally {
          if (this.writeDeferredOutcomesNow()) this.wake()
        }
      })
    this.work.add(promise)
  }

  /** writeDeferredOutcomes outside the pump: a write that fails for lack of space is handled as the pump does. */
  private writeDeferredOutcomesNow(): boolean {
    try {
      return this.writeDeferredOutcomes()
    } catch (error) {
      // Not written: those items stay `sending` and recovery checks them against the gateway's reports.
      if (isDiskFull(error)) this.diskFullHit()
      else this.logger.error('outbox outcome not written', error)
      return false
    }
  }

  get busy(): boolean {
    return this.work.size > 0
  }

  async settled(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work])
  }
}
