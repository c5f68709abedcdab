// Polls every device's device/info on an adaptive schedule through the Clock, runs the state machine on each
// answer, keeps a bounded state history on disk, and tells listeners when states or views change.
import { z } from 'zod'
import type { DeviceState, DeviceView } from '../../../shared/contract'
import { DeviceState as DeviceStateSchema } from '../../../shared/contract'
import type { Clock, TimerId } from '../clock'
import { isGatewayError } from '../gateway'
import type { DeviceConnection, DeviceInfo, Quota } from '../gateway'
import { CorruptFileError, readJsonFile, setAside, writeJsonAtomic } from '../private-files'
import { silentLogger, type Logger } from '../logging'
import type { DeviceRegistry, RegistryChange } from './registry'
import {
  DEFAULT_FAILURES_BEFORE_UNREACHABLE,
  SCANNED_STATES,
  SETTLED_STATES,
  infoForState,
  isSendable,
  nextState,
  pendingNumberChange,
  type PollOutcome
} from './state'
import { buildDeviceView, UNPOLLED_STATUS, type DeviceBudgetView, type DeviceStatus } from './view'

/** One line of a device's state history; the contract's DeviceHistoryEntry. */
export type DeviceHistoryItem = z.infer<typeof HistoryEntry>

export interface PollIntervals {
  /** Between polls when nothing is going on. Settings → pollIntervalSec. */
  idleMs: number
  /** While the linking wizard is open for the device. */
  linkingMs: number
  /** After a restart, until the state settles. */
  settlingMs: number
  /** Longest fast polling after a restart. */
  settleWindowMs: number
  /** Longest fast polling for a wizard that never said it closed. */
  linkingWindowMs: number
  /**
   * The safety cadence while the device's statuses arrive by push (its webhooks point at a healthy inbox relay):
   * a poll now and then still catches what a lost push would miss.
   */
  pushedMs: number
}

export interface BackoffPolicy {
  /** First retry after a transient failure (before jitter). */
  baseMs: number
  /** Ceiling of the doubling. */
  maxMs: number
}

export const DEFAULT_INTERVALS: PollIntervals = {
  idleMs: 30_000,
  linkingMs: 5_000,
  settlingMs: 5_000,
  settleWindowMs: 120_000,
  linkingWindowMs: 10 * 60_000,
  pushedMs: 15 * 60_000
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 5_000, maxMs: 5 * 60_000 }

export interface DeviceMonitorOptions {
  registry: DeviceRegistry
  clock: Clock
  /** e.g. <userData>/device-states.json; omitted keeps history in memory only. */
  stateFile?: string
  intervals?: Partial<PollIntervals>
  backoff?: Partial<BackoffPolicy>
  /** [0, 1); injected so jitter is reproducible in tests. */
  random?: () => number
  /** History entries kept per device. */
  historyLimit?: number
  failuresBeforeUnreachable?: number
  /** Per-poll timeout, so a request that died in a sleep cannot stall a device's polling. */
  pollTimeoutMs?: number
  /** Whether sending to a device is paused (owned by the outbox); only shown in views. */
  isPaused?: (deviceId: string) => boolean
  /** A device's sends today against its daily cap (owned by the send queue); only shown in views. */
  budgetOf?: (deviceId: string) => DeviceBudgetView | null
  logger?: Logger
}

/** A device status the gateway pushed, as its webhook names the device. */
export interface PushedDeviceStatus {
  serial: string
  phone: string | null
  status: string
  connection: DeviceConnection
  note: string | null
  /** When the gateway says it happened (epoch ms), if it said. */
  at: number | null
}

export type PushedStatusOutcome = 'applied' | 'stale' | 'unknown-device'

export interface MonitorEvents {
  /** Any visible change to the list: state, note, info, label, order, added or removed devices. */
  devicesChanged: (views: DeviceView[]) => void
  /** The state (not just the note) changed. */
  stateChanged: (deviceId: string, from: DeviceState, to: DeviceState, note: string | null) => void
  /**
   * A check found messages left on a device whose quota was spent: it was topped up (the provider's dashboard, the
   * sandbox's control), and what waited for quota may go now rather than at the queue's next probe.
   */
  quotaRestored: (deviceId: string) => void
}

const HistoryEntry = z.object({ at: z.string(), state: DeviceStateSchema, note: z.string().nullable() })

const StoredInfo = z.object({
  name: z.string().nullable(),
  serial: z.string().nullable(),
  sender: z.string().nullable(),
  quota: z.union([z.number(), z.literal('unlimited')]).nullable(),
  expiresAt: z.string().nullable(),
  active: z.boolean().nullable(),
  connection: z.enum(['connected', 'disconnected', 'unknown']),
  statusText: z.string().nullable(),
  note: z.string().nullable(),
  shape: z.enum(['current', 'legacy'])
})

const StoredDevice = z.object({
  state: DeviceStateSchema,
  note: z.string().nullable(),
  since: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  info: StoredInfo.nullable(),
  // Absent from files written before it was kept (restore works it out from the history where it can).
  linked: z.boolean().nullable().default(null),
  history: z.array(HistoryEntry)
})

const StatesFile = z.object({ version: z.literal(1), devices: z.record(z.string(), StoredDevice) })
type StatesFile = z.infer<typeof StatesFile>

interface Tracked {
  status: DeviceStatus
  history: DeviceHistoryItem[]
  /** Transient failures in a row; drives backoff and the unreachable threshold. */
  failures: number
  retryAfterMs: number
  timer: TimerId | null
  nextPollAt: number | null
  inFlight: Promise<void> | null
  linkingUntil: number | null
  settlingUntil: number | null
  /** When the quota shown arrived (a poll's answer or a send's), to tell an older send's answer from a top-up. */
  quotaSince: number
}

/** How long a send's change to "sent today" may wait to be shown, so that a burst of sends is one update. */
const BUDGET_VIEWS_MS = 1_000
/** How long after a device's midnight its views are shown again (its count then read on the new day). */
const DAY_END_MARGIN_MS = 1_000

/** Whether a quota the gateway reported has messages left (unlimited has; unknown does not say so). */
function quotaLeft(quota: Quota | null): boolean {
  return quota === 'unlimited' || (typeof quota === 'number' && quota > 0)
}

export class DeviceMonitor {
  private readonly tracked = new Map<string, Tracked>()
  private readonly listeners: { [E in keyof MonitorEvents]: Set<MonitorEvents[E]> } = {
    devicesChanged: new Set(),
    stateChanged: new Set(),
    quotaRestored: new Set()
  }
  private readonly intervals: PollIntervals
  private readonly backoff: BackoffPolicy
  private readonly random: () => number
  private readonly logger: Logger
  private running = false
  /** Whether a device's statuses arrive by push now (set by the composition from the inbox's health). */
  private pushCovered: (deviceId: string) => boolean = () => false
  private unsubscribe: (() => void) | null = null
  private writes: Promise<unknown> = Promise.resolve()
  /** A view update asked for by a send (`budgetsChanged`), coalesced. */
  private budgetViews: TimerId | null = null
  /** The next midnight a device's day count starts again at, and the timer that shows the views then. */
  private dayEnd: { at: number; timer: TimerId } | null = null
  /** A send's answer moved a quota since the states were last saved (saved with the coalesced update). */
  private quotaUnsaved = false

  private constructor(private readonly options: DeviceMonitorOptions) {
    this.intervals = { ...DEFAULT_INTERVALS, ...options.intervals }
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff }
    this.random = options.random ?? Math.random
    this.logger = options.logger ?? silentLogger
  }

  /** Loads the stored states and history; call `start()` to begin polling. */
  static async open(options: DeviceMonitorOptions): Promise<DeviceMonitor> {
    const monitor = new DeviceMonitor(options)
    await monitor.restore()
    monitor.unsubscribe = options.registry.onChange((change) => monitor.onRegistryChange(change))
    return monitor
  }

  on<E extends keyof MonitorEvents>(event: E, listener: MonitorEvents[E]): () => void {
    const set = this.listeners[event] as Set<MonitorEvents[E]>
    set.add(listener)
    return () => set.delete(listener)
  }

  /** Polls every device now, then keeps polling; resolves when the first round is done. */
  async start(): Promise<void> {
    if (this.running) return
    this.running = true
    await Promise.all(this.options.registry.list().map((device) => this.poll(device.id)))
  }

  /** Stops all timers and waits for polls in flight. Listeners stay; `start()` resumes. */
  async stop(): Promise<void> {
    this.running = false
    for (const entry of this.tracked.values()) this.clearTimer(entry)
    if (this.budgetViews !== null) this.options.clock.clearTimeout(this.budgetViews)
    this.budgetViews = null
    if (this.dayEnd !== null) this.options.clock.clearTimeout(this.dayEnd.timer)
    this.dayEnd = null
    this.saveReportedQuota()
    await Promise.all([...this.tracked.values()].map((entry) => entry.inFlight?.catch(() => undefined)))
    await this.writes
  }

  /** Stops and detaches from the registry for good. */
  async close(): Promise<void> {
    await this.stop()
    this.unsubscribe?.()
    this.unsubscribe = null
  }

  /**
   * The gateway took a send: the devices' "sent today" (their views' budget) moved. The views follow within a second,
   * once for however many sends a campaign makes in it, so the window's counts never wait for the next poll.
   */
  budgetsChanged(): void {
    if (this.budgetViews !== null) return
    this.budgetViews = this.options.clock.setTimeout(() => {
      this.budgetViews = null
      this.saveReportedQuota()
      this.emitViews()
    }, BUDGET_VIEWS_MS)
  }

  /**
   * The gateway's answer to a send said how much quota the device has left: its own figure, newer than the last
   * poll's. Shown with the send's other changes (coalesced as `budgetsChanged`), so a campaign's quota counts down.
   */
  quotaReported(deviceId: string, quota: Quota, askedAt: number): void {
    const entry = this.tracked.get(deviceId)
    const info = entry?.status.info
    if (!entry || !info || info.quota === quota) return
    // Sends go several at a time and their answers may come back out of order: a higher figure from a send asked
    // before the shown figure arrived is an older answer, not a top-up (which a later send or the next poll shows).
    const olderAnswer =
      typeof quota === 'number' &&
      typeof info.quota === 'number' &&
      quota > info.quota &&
      askedAt < entry.quotaSince
    if (olderAnswer) return
    entry.quotaSince = this.options.clock.now()
    entry.status.info = { ...info, quota }
    this.quotaUnsaved = true
    this.budgetsChanged()
  }

  private saveReportedQuota(): void {
    if (!this.quotaUnsaved) return
    this.quotaUnsaved = false
    this.persist()
  }

  /** Polls the device now (joining a poll already in flight) and returns the resulting status. */
  async refresh(deviceId: string): Promise<DeviceStatus> {
    this.options.registry.require(deviceId)
    await this.poll(deviceId)
    return this.status(deviceId)
  }

  status(deviceId: string): DeviceStatus {
    const entry = this.tracked.get(deviceId)
    return entry ? { ...entry.status } : { ...UNPOLLED_STATUS }
  }

  history(deviceId: string): DeviceHistoryItem[] {
    return [...(this.tracked.get(deviceId)?.history ?? [])]
  }

  /** The outbox's question: may it send through this device now? */
  isSendable(deviceId: string): boolean {
    return isSendable(this.status(deviceId).state)
  }

  view(deviceId: string): DeviceView {
    const record = this.options.registry.require(deviceId)
    return buildDeviceView(
      record,
      this.tracked.get(deviceId)?.status,
      this.options.isPaused?.(deviceId) ?? false,
      this.options.budgetOf?.(deviceId) ?? null,
      this.checking(deviceId),
      this.isSettling(deviceId)
    )
  }

  views(): DeviceView[] {
    return this.options.registry
      .list()
      .map((record) =>
        buildDeviceView(
          record,
          this.tracked.get(record.id)?.status,
          this.options.isPaused?.(record.id) ?? false,
          this.options.budgetOf?.(record.id) ?? null,
          this.checking(record.id),
          this.isSettling(record.id)
        )
      )
  }

  /** How often a healthy device is checked now: the safety cadence while its statuses arrive by push. */
  private checking(deviceId: string): { everyMs: number; pushed: boolean } {
    const pushed = this.pushCovered(deviceId)
    return {
      everyMs: pushed ? Math.max(this.intervals.idleMs, this.intervals.pushedMs) : this.intervals.idleMs,
      pushed
    }
  }

  /** When the next poll of a device is due (epoch ms), for diagnostics and tests. */
  nextPollAt(deviceId: string): number | null {
    return this.tracked.get(deviceId)?.nextPollAt ?? null
  }

  isLinking(deviceId: string): boolean {
    return this.fastUntil(this.tracked.get(deviceId), 'linkingUntil')
  }

  isSettling(deviceId: string): boolean {
    return this.fastUntil(this.tracked.get(deviceId), 'settlingUntil')
  }

  /** The linking wizard is open: poll every few seconds until connected, `endLinking`, or the window passes. */
  beginLinking(deviceId: string): void {
    this.options.registry.require(deviceId)
    const entry = this.entry(deviceId)
    entry.linkingUntil = this.options.clock.now() + this.intervals.linkingWindowMs
    this.pullForward(deviceId, entry)
  }

  endLinking(deviceId: string): void {
    const entry = this.tracked.get(deviceId)
    if (entry) entry.linkingUntil = null
  }

  /** After a restart: poll fast until the state settles (connected, or something a restart cannot fix). */
  beginSettling(deviceId: string): void {
    this.options.registry.require(deviceId)
    const entry = this.entry(deviceId)
    entry.settlingUntil = this.options.clock.now() + this.intervals.settleWindowMs
    this.pullForward(deviceId, entry)
    this.emitViews()
  }

  /**
   * After a number change or a logout we know better than a plain "disconnected": the phone must scan. A number
   * change the gateway took also gives the sender number now, shown before the next poll confirms it (QA16 Q16-11).
   */
  markNeedsScan(deviceId: string, note: string, sender?: string): void {
    this.options.registry.require(deviceId)
    const entry = this.entry(deviceId)
    const info = entry.status.info
    const senderChanged = sender !== undefined && info !== null && info.sender !== sender
    if (senderChanged) entry.status.info = { ...info, sender }
    if (this.transition(deviceId, entry, { state: 'needs-scan', note }) || senderChanged) {
      this.persist()
      this.emitViews()
    }
  }

  /**
   * A state the gateway pushed (its device-status webhook, through the inbox relay): applied at once, as a poll
   * answering the same would be, over the info we last had. The gateway names its device by serial (or number), so
   * only a device we polled once can be found. A push older than our last poll is stale and changes nothing.
   */
  applyPushedStatus(push: PushedDeviceStatus): PushedStatusOutcome {
    const serial = push.serial.trim().toLowerCase()
    const found = this.options.registry.list().find((device) => {
      const info = this.tracked.get(device.id)?.status.info
      return (
        (info?.serial !== null && info?.serial?.trim().toLowerCase() === serial) ||
        (push.phone !== null && info?.sender === push.phone)
      )
    })
    const entry = found ? this.tracked.get(found.id) : undefined
    const info = entry?.status.info
    if (!found || !entry || !info) return 'unknown-device'
    const lastChecked = entry.status.lastCheckedAt === null ? null : Date.parse(entry.status.lastCheckedAt)
    if (push.at !== null && lastChecked !== null && push.at < lastChecked) return 'stale'
    entry.failures = 0
    this.apply(found.id, entry, {
      kind: 'info',
      info: { ...info, connection: push.connection, statusText: push.status, note: push.note }
    })
    return 'applied'
  }

  /** The computer woke up: whatever we knew may be stale, and timers may have slept. */
  notifyResume(): void {
    this.pollAllNow('resume')
  }

  notifyNetworkChange(): void {
    this.pollAllNow('network change')
  }

  /**
   * Which devices' statuses arrive by push (through a healthy inbox relay): those drop to the safety cadence from
   * their next poll. Call `pushCoverageChanged()` when the answer may have changed.
   */
  setPushCoverage(covered: (deviceId: string) => boolean): void {
    this.pushCovered = covered
    this.pushCoverageChanged()
  }

  /**
   * The relay's health or a device's provisioning changed: a device no longer covered has its next poll brought
   * forward to the usual cadence at once (a covered one keeps its next poll, then slows down).
   */
  pushCoverageChanged(): void {
    for (const device of this.options.registry.list()) {
      const entry = this.tracked.get(device.id)
      if (entry) this.pullForward(device.id, entry)
    }
    // The views say how often each device is checked.
    this.emitViews()
  }

  /** Settings → pollIntervalSec; takes effect from each device's next poll. */
  setIdleInterval(ms: number): void {
    this.intervals.idleMs = Math.max(1_000, ms)
  }

  // ------------------------------------------------------------------------------------------

  private fastUntil(entry: Tracked | undefined, key: 'linkingUntil' | 'settlingUntil'): boolean {
    const until = entry?.[key]
    return until !== null && until !== undefined && until > this.options.clock.now()
  }

  private entry(deviceId: string): Tracked {
    let entry = this.tracked.get(deviceId)
    if (!entry) {
      entry = {
        status: { ...UNPOLLED_STATUS },
        history: [],
        failures: 0,
        retryAfterMs: 0,
        timer: null,
        nextPollAt: null,
        inFlight: null,
        linkingUntil: null,
        settlingUntil: null,
        quotaSince: 0
      }
      this.tracked.set(deviceId, entry)
    }
    return entry
  }

  private pollAllNow(reason: string): void {
    if (!this.running) return
    this.logger.info(`devices: polling all now (${reason})`)
    for (const device of this.options.registry.list()) void this.poll(device.id)
  }

  /** Brings the next poll forward to the fast cadence, never pushes it back. */
  private pullForward(deviceId: string, entry: Tracked): void {
    if (!this.running || entry.inFlight) return
    const due = this.options.clock.now() + this.delayFor(entry, deviceId)
    if (entry.nextPollAt === null || due < entry.nextPollAt) this.scheduleAt(deviceId, entry, due)
  }

  private delayFor(entry: Tracked, deviceId: string): number {
    if (entry.failures > 0) {
      const exponential = Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** (entry.failures - 1))
      // Equal jitter: at least half the step, so many devices behind one dead gateway do not retry in step.
      const jittered = exponential / 2 + this.random() * (exponential / 2)
      return Math.max(Math.round(jittered), entry.retryAfterMs)
    }
    if (this.fastUntil(entry, 'linkingUntil')) return this.intervals.linkingMs
    if (this.fastUntil(entry, 'settlingUntil')) return this.intervals.settlingMs
    return this.checking(deviceId).everyMs
  }

  private scheduleAt(deviceId: string, entry: Tracked, at: number): void {
    this.clearTimer(entry)
    entry.nextPollAt = at
    entry.timer = this.options.clock.setTimeout(() => {
      entry.timer = null
      void this.poll(deviceId)
    }, at - this.options.clock.now())
  }

  private clearTimer(entry: Tracked): void {
    if (entry.timer !== null) this.options.clock.clearTimeout(entry.timer)
    entry.timer = null
    entry.nextPollAt = null
  }

  private poll(deviceId: string): Promise<void> {
    if (!this.options.registry.get(deviceId)) return Promise.resolve()
    const entry = this.entry(deviceId)
    if (entry.inFlight) return entry.inFlight
    this.clearTimer(entry)
    const run = this.pollOnce(deviceId, entry)
      .catch((error: unknown) => this.logger.error(`devices: poll of ${deviceId} failed unexpectedly`, error))
      .finally(() => {
        entry.inFlight = null
        if (this.running && this.tracked.get(deviceId) === entry) {
          this.scheduleAt(deviceId, entry, this.options.clock.now() + this.delayFor(entry, deviceId))
        }
      })
    entry.inFlight = run
    return run
  }

  private async pollOnce(deviceId: string, entry: Tracked): Promise<void> {
    const access = await this.options.registry.openClient(deviceId)
    let outcome: PollOutcome
    switch (access.kind) {
      case 'unknown-device':
        return
      case 'locked':
        outcome = { kind: 'locked', reason: access.reason }
        break
      case 'absent':
        outcome = { kind: 'absent' }
        break
      case 'ready':
        try {
          const info = await access.client.deviceInfo({ timeoutMs: this.options.pollTimeoutMs ?? 15_000 })
          outcome = { kind: 'info', info }
        } catch (error) {
          outcome = { kind: 'error', error }
        }
    }
    if (this.tracked.get(deviceId) !== entry) return
    this.apply(deviceId, entry, outcome)
  }

  private apply(deviceId: string, entry: Tracked, outcome: PollOutcome): void {
    const now = this.options.clock.now()
    const transient = outcome.kind === 'error' && (!isGatewayError(outcome.error) || outcome.error.transient)
    if (outcome.kind === 'error') {
      this.logger.warn(`devices: ${deviceId} device/info failed`, outcome.error)
    }
    entry.failures = transient ? entry.failures + 1 : 0
    entry.retryAfterMs =
      transient && isGatewayError(outcome.error) && outcome.kind === 'error'
        ? (outcome.error.retryAfterMs ?? 0)
        : 0

    const verdict = nextState(outcome, {
      now,
      previous: entry.status.state === 'unknown' && entry.status.since === null ? undefined : entry.status,
      consecutiveFailures: entry.failures,
      failuresBeforeUnreachable:
        this.options.failuresBeforeUnreachable ?? DEFAULT_FAILURES_BEFORE_UNREACHABLE,
      lastInfo: entry.status.info,
      numberChange: pendingNumberChange(entry.history),
      device: this.options.registry.get(deviceId)
    })

    let visible = false
    if (outcome.kind === 'info') entry.quotaSince = now
    const info = outcome.kind === 'info' ? outcome.info : entry.status.info
    const kept = info === null ? null : infoForState(info, verdict.state, now)
    const restored =
      entry.status.info?.quota === 0 && outcome.kind === 'info' && kept !== null && quotaLeft(kept.quota)
    if (kept !== null && !sameInfo(entry.status.info, kept)) {
      entry.status.info = kept
      visible = true
    }
    const checkedBefore = entry.status.lastCheckedAt
    entry.status.lastCheckedAt = new Date(now).toISOString()
    if (this.transition(deviceId, entry, verdict)) visible = true

    if (this.fastUntil(entry, 'linkingUntil') && entry.status.state === 'connected') entry.linkingUntil = null
    // Settled, or the window passed: the views say so even when nothing else changed, as a restart's verdict waits
    // for it.
    if (
      entry.settlingUntil !== null &&
      (!this.fastUntil(entry, 'settlingUntil') || SETTLED_STATES.has(entry.status.state))
    ) {
      entry.settlingUntil = null
      visible = true
    }

    if (visible) {
      this.persist()
      this.emitViews()
    } else if (checkedBefore?.slice(0, 16) !== entry.status.lastCheckedAt.slice(0, 16)) {
      // The card names the minute it was last checked at: told when that moves, or it read as if checking had stopped
      // (QA60: "Last checked 18:40" at 18:43). Not kept on disk for it: a time, not a state.
      this.emitViews()
    }
    if (restored)
      for (const listener of [...this.listeners.quotaRestored]) this.safely(() => listener(deviceId))
  }

  /** Records a new state or note; returns whether anything changed. Emits stateChanged for state changes. */
  private transition(
    deviceId: string,
    entry: Tracked,
    verdict: { state: DeviceState; note: string | null }
  ): boolean {
    const from = entry.status.state
    const stateChanged = verdict.state !== from || entry.status.since === null
    const noteChanged = verdict.note !== entry.status.note
    const nowLinked = SCANNED_STATES.has(verdict.state) && entry.status.linked !== true
    if (nowLinked) entry.status.linked = true
    if (!stateChanged && !noteChanged) return nowLinked
    const at = new Date(this.options.clock.now()).toISOString()
    entry.status.state = verdict.state
    entry.status.note = verdict.note
    if (stateChanged) entry.status.since = at
    entry.history.push({ at, state: verdict.state, note: verdict.note })
    const limit = this.options.historyLimit ?? 100
    if (entry.history.length > limit) entry.history.splice(0, entry.history.length - limit)
    if (verdict.state !== from) {
      for (const listener of [...this.listeners.stateChanged]) {
        this.safely(() => listener(deviceId, from, verdict.state, verdict.note))
      }
    }
    return true
  }

  private onRegistryChange(change: RegistryChange): void {
    switch (change.kind) {
      case 'added':
      case 'credentials': {
        const entry = this.entry(change.device.id)
        // Known from here on: a device added now has not been scanned until a poll sees it scanned (its first, just
        // below, when it was linked already).
        if (change.kind === 'added') entry.status.linked = false
        entry.failures = 0
        this.apply(change.device.id, entry, { kind: 'info', info: change.info })
        if (this.running && !entry.inFlight) {
          this.scheduleAt(
            change.device.id,
            entry,
            this.options.clock.now() + this.delayFor(entry, change.device.id)
          )
        }
        this.emitViews()
        return
      }
      case 'listed': {
        // Listed by another process (or its account changed there): nothing is known of it here, so it is asked now.
        const entry = this.entry(change.device.id)
        entry.failures = 0
        if (this.running) void this.poll(change.device.id)
        this.emitViews()
        return
      }
      case 'removed': {
        const entry = this.tracked.get(change.id)
        if (entry) this.clearTimer(entry)
        this.tracked.delete(change.id)
        this.persist()
        this.emitViews()
        return
      }
      case 'updated':
      case 'reordered':
        this.emitViews()
    }
  }

  private emitViews(): void {
    if (this.listeners.devicesChanged.size === 0) return
    const views = this.views()
    this.showAtDayEnd(views)
    for (const listener of [...this.listeners.devicesChanged]) this.safely(() => listener(views))
  }

  /**
   * The views again at the first midnight a shown day count starts again at (QA59: past it, a card said "182 send
   * attempts · count starts again 00:00", a time gone, until the next poll minutes later). While polling.
   */
  private showAtDayEnd(views: readonly DeviceView[]): void {
    const ends = views.flatMap((view) => (view.sentToday ? [Date.parse(view.sentToday.resetsAt)] : []))
    const at = ends.length > 0 ? Math.min(...ends) : null
    if (!this.running || at === null || at === this.dayEnd?.at) return
    if (this.dayEnd !== null) this.options.clock.clearTimeout(this.dayEnd.timer)
    // A moment past it: the count read then is the new day's.
    const timer = this.options.clock.setTimeout(
      () => {
        this.dayEnd = null
        this.emitViews()
      },
      Math.max(0, at - this.options.clock.now()) + DAY_END_MARGIN_MS
    )
    this.dayEnd = { at, timer }
  }

  private safely(call: () => void): void {
    try {
      call()
    } catch (error) {
      this.logger.error('devices: a listener failed', error)
    }
  }

  private persist(): void {
    const file = this.options.stateFile
    if (!file) return
    const snapshot: StatesFile = { version: 1, devices: {} }
    for (const [id, entry] of this.tracked) {
      snapshot.devices[id] = { ...entry.status, history: [...entry.history] }
    }
    // Writes are chained so the last snapshot always lands last.
    this.writes = this.writes
      .then(() => writeJsonAtomic(file, snapshot))
      .catch((error: unknown) => this.logger.error('devices: could not save device states', error))
  }

  /** Waits for the polls in flight right now (without starting any). */
  async whenIdle(): Promise<void> {
    await Promise.all([...this.tracked.values()].map((entry) => entry.inFlight))
  }

  /** Waits until every queued state write is on disk (tests, quit). */
  async flush(): Promise<void> {
    await this.writes
  }

  private async restore(): Promise<void> {
    const file = this.options.stateFile
    if (!file) return
    let raw: unknown
    try {
      raw = await readJsonFile(file)
    } catch (error) {
      if (!(error instanceof CorruptFileError)) throw error
      raw = null
    }
    if (raw === undefined) return
    const parsed = StatesFile.safeParse(raw)
    if (!parsed.success) {
      const aside = await setAside(file, this.options.clock.now())
      this.logger.warn(`devices: unreadable device states moved to ${aside}`)
      return
    }
    for (const [id, stored] of Object.entries(parsed.data.devices)) {
      if (!this.options.registry.get(id)) continue
      const entry = this.entry(id)
      const { history, ...status } = stored
      entry.status = {
        ...status,
        // Kept before `linked` was: a scanned state in the history says linked; otherwise not known.
        linked: status.linked ?? (history.some((item) => SCANNED_STATES.has(item.state)) ? true : null)
      }
      entry.history = history
    }
  }
}

function sameInfo(a: DeviceInfo | null, b: DeviceInfo): boolean {
  return a !== null && JSON.stringify(a) === JSON.stringify(b)
}
