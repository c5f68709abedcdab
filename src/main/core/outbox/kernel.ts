// The send queue's kernel: one pump over the durable state machine (dispatch, reconcile, gateway schedules,
// tracking, retention), the policies it asks before each send, and the one way producers put items in line.
// Producers (one-off sends, series, campaigns, replies) live outside and reach it through `add`.
import { TAKEN_BY_GATEWAY_STATUS } from '../../../shared/domain'
import { systemClock, type Clock, type TimerId } from '../clock'
import { silentLogger, type Logger } from '../logging'
import {
  isDiskFull,
  OutboxStore,
  SettingsStore,
  type NewItem,
  type SqliteDatabase,
  type StoredAttachment
} from '../store'
import { OutboxContext } from './context'
import { fillDevice } from './dispatcher'
import { takeBackDevice } from './take-back-calls'
import { nextSyncWakeAt, syncDevice } from './gateway-schedules'
import { nextReconcileWakeAt, reconcileDevice } from './reconcile'
import {
  AttachmentsGoneError,
  discardAbandonedBatches,
  discardAbandonedBatchesSoon,
  writeFenced
} from './batches'
import { sweepRetention, type SweepResult } from './retention'
import { nextScheduledWakeAt, promoteDue } from './scheduler'
import { nextTrackingWakeAt, trackDevice } from './tracker'
import { OutboxError, type OutboxEvents, type OutboxOptions, type SendingPort } from './types'
import type { RetryHook, SendPolicy } from './policies'
import { createLeaseWait, DISPATCHER_LEASE, processAlive } from './lease'
import { DEFAULT_OUTBOX_OPTIONS, resolveOptions } from './options'

export interface KernelInput {
  db: SqliteDatabase
  /** The app's data folder; attachments are copied into `<dataDir>/attachments/`. */
  dataDir: string
  clock?: Clock
  /** The gateway client for a device, or undefined while it has none (its items wait). Asked on every round. */
  clientFor: (deviceId: string) => SendingPort | undefined
  /** The file-size limit handed to the gateway client with a device's file sends (resolveFileLimit's answer). */
  fileLimitFor?: (deviceId: string) => number
  events?: Partial<OutboxEvents>
  options?: OutboxOptions
  /** Where failures that must not stop sending are reported (the redacting logger in the app). */
  logger?: Logger
}

/** How a producer adds items: its own rows written alongside, in the same transactions (see FencedWrite). */
export interface AddOptions {
  /** Copies the items reference (from copyFiles/copyFile), registered with them. */
  attachments?: readonly StoredAttachment[]
  /** Recipients to remember for the send view's suggestions. */
  recipients?: readonly { recipient: string; isGroup: boolean }[]
  /** Runs in each transaction that writes some of the items, with those (hidden until the last commits). */
  atChunk?: (chunk: readonly NewItem[]) => void
  /** Runs in the transaction that makes the items visible: the producer's own bookkeeping. */
  atCommit?: () => void
  /**
   * The same bytes again, for copies a retention sweep removed while the write waited its turn (see
   * AttachmentsGoneError); without it such a write is refused.
   */
  copyAgain?: (gone: readonly string[]) => Promise<void>
}

/**
 * A producer's timed work, run at the start of every round (a series' occurrence coming due): it may add items
 * now (addNow) and says when it wants the next round (null: only when something else wakes the queue).
 */
export type Ticker = () => number | null

export { DEFAULT_OUTBOX_OPTIONS, DISPATCHER_LEASE, processAlive, resolveOptions }
/** How soon a round that met a full disk is tried again. */
const DISK_FULL_RETRY_MS = 30_000

/** The kernel's state that its other modules (operator actions, flush) share; not for producers. */
export interface KernelCore {
  readonly ctx: OutboxContext
  readonly store: OutboxStore
  readonly settings: SettingsStore
  readonly clock: Clock
  /** Devices each round looks at: those with work at start, and any device an item moved or was acted on. */
  readonly knownDevices: Set<string>
  /** Run after every round (flush watches progress there). */
  readonly afterPump: Set<() => void>
  pump(): void
  /** Another process (the terminal) committed to the database: its devices' work is read again, and a round runs. */
  otherProcessCommitted(): void
  /**
   * Take the dispatcher lease, roll back cut-short writes, reconcile what was left in `sending`, and run. When another
   * live process holds the lease: refused (`busy`), or with `whenHeld`, started later by itself once it can take it
   * over (`whenHeld` runs then), the rest of the queue usable meanwhile (sendingHeldBy says who holds it).
   */
  start(mode: {
    tracking: boolean
    retention: boolean
    /** False: a run that only takes back (a terminal's take-back): nothing is sent and no schedule synced. */
    sends?: boolean
    whenHeld?: { takenOver: () => void }
  }): Promise<void>
  /** The other process holding the dispatcher lease while this one waits to take it over, or null. */
  sendingHeldBy(): number | null
  stop(): Promise<void>
  add(items: readonly NewItem[], options?: AddOptions): Promise<void>
  /** A few items written now, in one transaction (a ticker's work inside a round). */
  addNow(items: readonly NewItem[], options?: Pick<AddOptions, 'recipients' | 'atCommit'>): void
  addPolicy(policy: SendPolicy): void
  addRetryHook(hook: RetryHook): void
  /**
   * Told of each message the gateway takes (TAKEN_BY_GATEWAY_STATUS), in the transition that records it: from then on
   * it is its conversation's traffic (QA76), all producers' alike, at `acceptedAt` (a schedule the gateway kept: its
   * time).
   */
  onItemTaken(
    listener: (item: { deviceId: string; recipient: string; acceptedAt: number | null }) => void
  ): void
  addTicker(ticker: Ticker): void
  sweep(): Promise<SweepResult>
}

export function createKernelCore(input: KernelInput): KernelCore {
  const clock = input.clock ?? systemClock
  const store = new OutboxStore(input.db)
  const settings = new SettingsStore(input.db)
  const ctx = new OutboxContext(
    store,
    settings,
    input.dataDir,
    clock,
    input.clientFor,
    resolveOptions(input.options),
    input.logger ?? silentLogger,
    input.fileLimitFor
  )
  for (const [event, listener] of Object.entries(input.events ?? {})) {
    if (listener) ctx.on(event as keyof OutboxEvents, listener as never)
  }
  const lease = createLeaseWait(store, clock, ctx.options.isProcessAlive, () => ctx.countsChanged())
  const knownDevices = new Set<string>()
  ctx.transitionListeners.add((item) => knownDevices.add(item.deviceId))
  const afterPump = new Set<() => void>()
  const tickers: Ticker[] = []
  let tracking = ctx.options.tracking
  let sends = true
  let pumping = false
  let pumpAgain = false
  let wakeTimer: TimerId | null = null
  let wakeAt: number | null = null
  let sweepTimer: TimerId | null = null
  /** The add being written, if any: the next one starts after it, so two never interleave in a recipient's line. */
  let addTail: Promise<unknown> = Promise.resolve()

  /** One round: producers' timed work, due schedules, then per device reconcile, send, sync schedules, track. */
  function pump(): void {
    if (!ctx.running) return
    if (pumping) {
      pumpAgain = true
      return
    }
    pumping = true
    discardAbandonedBatchesSoon(ctx)
    let next: number | null = null
    const consider = (at: number | null): void => {
      if (at !== null && (next === null || at < next)) next = at
    }
    let diskFull = false
    try {
      do {
        pumpAgain = false
        next = null
        // Producers first (a series' due occurrence becomes scheduled items), so the promotion below takes them.
        for (const tick of tickers) consider(tick())
        // A large backlog of due items is promoted a round at a time, with a turn of the event loop in between.
        const dueReadAt = clock.now()
        if (promoteDue(ctx, dueReadAt)) consider(clock.now() + 1)
        consider(nextScheduledWakeAt(ctx, dueReadAt))
        for (const deviceId of knownDevices) {
          reconcileDevice(ctx, deviceId)
          consider(nextReconcileWakeAt(ctx, deviceId))
          // Before sends: a take-back waiting its turn gets the device as soon as its sends in flight end.
          consider(takeBackDevice(ctx, deviceId))
          if (sends) {
            consider(fillDevice(ctx, deviceId))
            syncDevice(ctx, deviceId)
            consider(nextSyncWakeAt(ctx, deviceId))
          }
          if (tracking) {
            trackDevice(ctx, deviceId)
            consider(nextTrackingWakeAt(ctx, deviceId))
          }
        }
      } while (pumpAgain && ctx.running)
    } catch (error) {
      // Never thrown out of a timer: a full disk pauses the round (nothing was written, so nothing is lost) and
      // the pump tries again by itself; anything else is a bug and still surfaces.
      if (!isDiskFull(error)) throw error
      diskFull = true
    } finally {
      pumping = false
    }
    if (diskFull) {
      ctx.diskFullHit()
      consider(clock.now() + DISK_FULL_RETRY_MS)
    } else if (ctx.diskFullSince !== null) {
      consider(clock.now() + (ctx.sendsInFlight === 0 && recoverFromDiskFull() ? 1 : DISK_FULL_RETRY_MS))
    }
    arm(next)
    for (const listener of afterPump) listener()
  }
  ctx.wake = pump

  /** Room again: sends that ended while the disk was full may not have recorded their outcome, so they are checked
   * against the gateway's reports (never resent blindly). False while the disk is still full. */
  function recoverFromDiskFull(): boolean {
    try {
      store.markSendingForReconcile(clock.now(), ctx.options.visibilityWindowMs)
    } catch (error) {
      if (isDiskFull(error)) return false
      throw error
    }
    ctx.diskFullCleared()
    return true
  }

  function arm(at: number | null): void {
    if (at !== null && wakeTimer !== null && wakeAt === at) return
    if (wakeTimer !== null) clock.clearTimeout(wakeTimer)
    wakeTimer = null
    wakeAt = null
    if (at === null || !ctx.running) return
    wakeAt = at
    wakeTimer = clock.setTimeout(
      () => {
        wakeTimer = null
        wakeAt = null
        pump()
      },
      Math.max(1, at - clock.now())
    )
  }

  /**
   * All or nothing, a large set in fenced chunks that yield (writeFenced: 10,000 items in one transaction blocked
   * the main process for about a second). Adds run one at a time, so two never interleave in a recipient's line.
   */
  async function add(items: readonly NewItem[], options: AddOptions = {}): Promise<void> {
    const write = {
      items,
      attachments: options.attachments ?? [],
      recipients: options.recipients ?? [],
      at: clock.now(),
      atChunk: options.atChunk,
      atCommit: options.atCommit
    }
    const run = addTail.then(async () => {
      // A copy may be removed by a sweep while this write waits its turn (see AttachmentsGoneError): copied again
      // once, the new file is unknown to the database, and the sweep leaves such files alone for an hour.
      try {
        await writeFenced(ctx, write)
      } catch (error) {
        if (!(error instanceof AttachmentsGoneError)) throw error
        if (!options.copyAgain)
          throw new OutboxError('attachment', { key: 'desktop.error.copyRemovedMeanwhile' }, 'entries', error)
        await options.copyAgain(error.sha256s)
        await writeFenced(ctx, write)
      }
    })
    addTail = run.catch(() => undefined)
    await run
    for (const item of items) knownDevices.add(item.deviceId)
    announce(items)
    pump()
  }

  function addNow(
    items: readonly NewItem[],
    options: Pick<AddOptions, 'recipients' | 'atCommit'> = {}
  ): void {
    store.batch(() => {
      store.insertItems(items, [], options.recipients ?? [], clock.now())
      options.atCommit?.()
    })
    for (const item of items) knownDevices.add(item.deviceId)
    announce(items)
  }

  /** One event for one item, one bulk change for more. */
  function announce(items: readonly NewItem[]): void {
    const first = items[0]
    const written = items.length === 1 && first ? store.getItem(first.id) : undefined
    if (written) ctx.emitItem(written)
    else if (items.length > 0) ctx.emitBulk(items.length)
  }

  /** The devices with work, as the database has them (at start, and after another process committed). */
  function readWorkingDevices(): void {
    for (const deviceId of store.activeDevices()) knownDevices.add(deviceId)
    for (const deviceId of ctx.takeBackStore.openDevices()) knownDevices.add(deviceId)
  }

  async function start(mode: Parameters<KernelCore['start']>[0]): Promise<void> {
    if (ctx.running || lease.heldBy() !== null) return
    const claimed = lease.claim()
    if (!claimed.ok) {
      const { whenHeld } = mode
      if (!whenHeld)
        throw new OutboxError('busy', { key: 'desktop.error.busy', params: { pid: claimed.pid } })
      lease.wait(claimed.pid, () =>
        ctx.run(async () => {
          await run(mode)
          whenHeld.takenOver()
        })
      )
      return
    }
    await run(mode)
  }

  /** With the lease held: what a crash or the previous holder left is settled before anything is sent. */
  async function run(mode: { tracking: boolean; retention: boolean; sends?: boolean }): Promise<void> {
    tracking = mode.tracking && ctx.options.tracking
    sends = mode.sends ?? true
    // An add a crash cut short is rolled back before anything else looks at the queue.
    await discardAbandonedBatches(ctx)
    readWorkingDevices()
    store.markSendingForReconcile(clock.now(), ctx.options.visibilityWindowMs)
    // Take-back calls a crash cut short: settled through the reports before any of their messages is asked again.
    ctx.takeBackStore.markCallingInDoubt(clock.now())
    ctx.running = true
    if (mode.retention) {
      const sweepNow = (): void => {
        ctx.run(async () => {
          await sweep()
        })
        sweepTimer = clock.setTimeout(sweepNow, ctx.options.retentionSweepIntervalMs)
      }
      sweepNow()
    }
    pump()
  }

  /** Retention, and adds another process left open when it died (the CLI while the app runs). */
  async function sweep(): Promise<SweepResult> {
    await discardAbandonedBatches(ctx)
    return sweepRetention(ctx)
  }

  async function stop(): Promise<void> {
    const wasRunning = ctx.running
    ctx.running = false
    lease.stop()
    arm(null)
    if (sweepTimer !== null) clock.clearTimeout(sweepTimer)
    sweepTimer = null
    await ctx.settled()
    if (!wasRunning) return
    try {
      store.releaseLease(DISPATCHER_LEASE, process.pid)
    } catch (error) {
      // A full disk cannot record the release. The lease names this process, and a lease whose process has ended
      // is taken over by the next start, so stopping goes on (a CLI flush then exits instead of hanging).
      if (!isDiskFull(error)) throw error
    }
  }

  return {
    ctx,
    store,
    settings,
    clock,
    knownDevices,
    afterPump,
    pump,
    otherProcessCommitted() {
      // Perhaps the lease's holder letting go: taken over now (its start reads the work), else its work read again.
      if (lease.lookNow()) return
      readWorkingDevices()
      pump()
    },
    start,
    sendingHeldBy: () => lease.heldBy(),
    stop,
    add,
    addNow,
    addPolicy: (policy) => ctx.policies.push(policy),
    addRetryHook: (hook) => ctx.retryHooks.push(hook),
    onItemTaken: (listener) =>
      ctx.transitionListeners.add((item) => {
        if (item.status === TAKEN_BY_GATEWAY_STATUS) listener(item)
      }),
    addTicker: (ticker) => tickers.push(ticker),
    sweep
  }
}
