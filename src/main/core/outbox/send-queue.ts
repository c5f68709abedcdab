// The send queue as the rest of the core sees it: the kernel's life cycle, operator actions and device controls,
// and the narrow port producers get (add, cancel, move, wake, outcomes by producer tag).
import {
  hasAttachment,
  type SqliteDatabase,
  type ChatPlace,
  type ItemOutcome,
  type SendLogCounts,
  type ItemKind,
  type ItemStatus,
  type NewItem,
  type ProducerRefsPage,
  type ProgressPoints,
  producerRefsIn,
  producerUnsent,
  producerLatestTakeBack,
  producerOpenTakeBacks,
  type StoredAttachment,
  type UnsentItem
} from '../store'
import { dayBoundsIn } from '../../../shared/domain'
import { createDeviceControls } from './device-controls'
import { deviceBudget, deviceBudgetPolicy, deviceCapWait, type DeviceBudgetDeps } from './device-budget'
import { gatewayHoldUntil, reviseDeviceWait } from './device-waits'
import { copyFile, copyFiles, sentPicture } from './file-copies'
import { flush, type FlushOptions } from './flush'
import { createKernelCore, type AddOptions, type KernelInput, type Ticker } from './kernel'
import { createOperatorActions, type BulkResult, type ItemMove } from './operator-actions'
import type { RetryHook, SendPolicy } from './policies'
import { releaseAttachments, type SweepResult } from './retention'
import { applyReportStatus } from './tracker'
import type { BlockReason, FileEntry, FlushSummary, OutboxEvents } from './types'
import { countsView, itemViews, sinceView, summaryCountsView, type SummaryFilter } from './views'
import { createTakeBacks } from './take-back'
import { createOtherProcesses } from './other-processes'
import type { OutboxItemView, TakeBackPlanView, TakeBackView } from '../../../shared/contract'

/** What a producer asks of its own items, by the tag it gave them: never a join with the kernel's table. */
export interface ProducerOutcomes {
  /** How many of the producer's items are in each status. */
  counts(tag: string): { status: ItemStatus; n: number }[]
  /**
   * How many of its items had first reached sent (or later), delivered (or read), read and failed by each instant: its
   * every instant, or `maxPoints` evenly spaced ones when there are more (counted in SQL, never item by item).
   */
  progress(tag: string, maxPoints: number): ProgressPoints
  /** A page of its items in one status, as the refs it gave them (in their order), and how many there are. */
  refsIn(tag: string, status: ItemStatus, page: { offset: number; limit: number }): ProducerRefsPage
  /** How many of its items a policy cancelled with this reason (its encoded note). */
  cancelledWith(tag: string, reason: string): number
  /** Where each of these items stands (purged ones are left out). */
  of(ids: readonly string[]): ItemOutcome[]
  /** Its items made and not gone yet (scheduled, queued, sending), soonest first. */
  unsent(tag: string): UnsentItem[]
  /** Their status changes, oldest first. */
  history(ids: readonly string[]): Map<string, { at: number; status: ItemStatus }[]>
  /** Which of them exist. */
  existing(ids: readonly string[]): Set<string>
  /** Which of them a take-back has still to ask the gateway about (a device that cannot act holds them). */
  takeBackOpen(ids: readonly string[]): Set<string>
  /** What any producer gave the gateway for this number since `since`, or has in line now (same-message rule). */
  messagesTo(
    recipient: string,
    since: number
  ): { status: ItemStatus; acceptedAt: number | null; text: string | null; producerTag: string | null }[]
  /** Recipients the producer handed to the gateway (or may have): not to be sent to again by it. */
  reached(tag: string): Set<string>
  /** Final statuses of its last `limit` sends on a device since `from`, newest first. */
  recent(tag: string, deviceId: string, from: number, limit: number): ItemStatus[]
  /** Its sends on a device: how many, first and last, and how many in [from, to). */
  sendLog(tag: string, deviceId: string, from: number, to: number): SendLogCounts
  /** How many of its items wait in line on a device. */
  queued(tag: string, deviceId: string): number
  /** How many of its items are in doubt on each device (sent, the answer cut short; the reports are checked). */
  inDoubt(tag: string): Map<string, number>
  /** Its queued, never-tried items on a device in line order (the ones that may move), the first `limit`. */
  untried(tag: string, deviceId: string, limit?: number): string[]
}

/** The narrow port a producer gets: it never reads or writes the kernel's table itself. */
export interface QueuePort {
  /** The producer's items in line, all or nothing; its own rows written in the same transactions (AddOptions). */
  add(items: readonly NewItem[], options?: AddOptions): Promise<void>
  /** One file copied for items the producer builds (a campaign's rows share one copy); add them in the same turn. */
  copyFile(entry: FileEntry): Promise<StoredAttachment>
  /** Whether the attachments folder still holds this copy. */
  hasCopy(sha256: string): boolean
  /**
   * Cancel what has not left; `reason` (an encoded note) is why it never will be, kept on the item as its failure
   * and in its timeline (a producer's own cancel, e.g. a number that opted out); without one it is the operator's.
   */
  cancelMany(ids: readonly string[], reason?: string): BulkResult
  move(
    moves: readonly ItemMove[],
    note: (move: { itemId: string; from: string; to: string }) => string,
    alongside?: (moved: readonly ItemMove[]) => void
  ): string[]
  /**
   * The producer's items the terminal filed under its own ids (`terminalIds`, a listed device's credentials hashed)
   * become `deviceId`'s, in one transaction with `alongside` (its own rows renamed), in-doubt ones settled through the
   * reports before any resend; null, nothing moved, when they cannot all move now (this process is not the
   * dispatcher, or some are still being written or in flight). How many moved.
   */
  adoptTerminalProducer(
    tag: string,
    terminalIds: readonly string[],
    deviceId: string,
    alongside: () => void
  ): number | null
  /** Hold the producer's queued items on a device until `until`, saying why (a pause); see SendPolicy for waits. */
  holdProducer(tag: string, deviceId: string, until: number, reason: string): void
  /** The producer's queued items may be looked at again now (resumed, or its policy changed). */
  releaseProducer(tag: string): void
  /** Look at the queues again now. */
  wake(): void
  /**
   * The zone whose midnights start a device's day, as its daily count and budget read it (the kernel's `dayZoneOf`):
   * a producer's own daily limits count the same days. No device named: the zone a device not chosen yet would have.
   */
  dayZoneOf(deviceId?: string): string
  /** The operator says a refused device may be fine again: its next probe is now. */
  probeDeviceNow(deviceId: string): void
  sendBlock(deviceId: string): { reason: BlockReason; detail: string | null } | null
  /** Why a policy holds the whole device now (its daily cap: an encoded note) and until when; null when none does. */
  deviceWait(deviceId: string): { until: number; reason: string } | null
  addPolicy(policy: SendPolicy): void
  addRetryHook(hook: RetryHook): void
  /**
   * Tell the window many of the queue's items changed though none was written (a producer's own records: a campaign
   * cancelled, whose rows' retry its hook now refuses): the window reads them again.
   */
  announceBulk(count: number): void
  outcomes: ProducerOutcomes
  /**
   * Take back the producer's messages by its tag: stop what has not left, cancel what the gateway holds, delete
   * for everyone what was sent when asked; recorded first, then carried by the queue like sends.
   */
  takeBackProducer(tag: string, options: { revokeDelivered: boolean }): TakeBackView
  /** What takeBackProducer would do now (the counts a confirmation states). */
  planTakeBack(tag: string, options: { revokeDelivered: boolean }): TakeBackPlanView
  /** When the producer's messages were first taken back (a take-back that did something), or null. */
  takenBackAt(tag: string): number | null
  /**
   * The producer's take-back a window drawn afresh follows (outbox:takeBackProgress): the newest running or paused,
   * else the newest that did something; null when none did.
   */
  latestTakeBack(tag: string): string | null
  /** How many of the producer's take-back ops are still to be done (a device that cannot act holds them). */
  takeBackPending(tag: string): number
  /** The producer's take-backs not finished yet (running or paused), oldest first. */
  openTakeBacks(tag: string): string[]
  on<K extends keyof OutboxEvents>(event: K, listener: OutboxEvents[K]): () => void
}

export type SendQueue = ReturnType<typeof createSendQueue>

export function createSendQueue(input: KernelInput) {
  const core = createKernelCore(input)
  const { ctx, store } = core
  const dataDir = input.dataDir
  const actions = createOperatorActions(core)
  const controls = createDeviceControls(core)
  const budgetDeps = (capOf: (deviceId: string) => number | null): DeviceBudgetDeps => ({
    capOf,
    zoneOf: (deviceId) => ctx.options.dayZoneOf(deviceId),
    sendsOn: (deviceId, day) => store.sendsOn(deviceId, day)
  })
  // The daily cap's source, once addDeviceBudget plugged it in.
  let dailyCapOf: ((deviceId: string) => number | null) | null = null
  const takeBacks = createTakeBacks(core, actions.cancelMany)
  const others = createOtherProcesses(core)
  const outcomes: ProducerOutcomes = {
    counts: (tag) => store.producerCounts(tag),
    refsIn: (tag, status, page) => producerRefsIn(store.db, tag, status, page),
    cancelledWith: (tag, reason) => store.producerCancelledWith(tag, reason),
    progress: (tag, maxPoints) => store.producerProgress(tag, maxPoints),
    of: (ids) => store.outcomesOf(ids),
    unsent: (tag) => producerUnsent(store.db, tag),
    history: (ids) => store.statusHistoryOf(ids),
    existing: (ids) => store.existingIds(ids),
    takeBackOpen: (ids) => ctx.takeBackStore.itemsWithOpenOps(ids),
    messagesTo: (recipient, since) => store.messagesTo(recipient, since),
    reached: (tag) => store.recipientsReached(tag),
    recent: (tag, deviceId, from, limit) => store.recentOutcomes(tag, deviceId, from, limit),
    sendLog: (tag, deviceId, from, to) => store.sendLog(tag, deviceId, from, to),
    queued: (tag, deviceId) => store.producerQueued(tag, deviceId),
    inDoubt: (tag) => store.producerInDoubt(tag),
    untried: (tag, deviceId, limit) => store.untriedOf(tag, deviceId, limit)
  }
  const queue = {
    ...actions,
    ...controls,
    add: core.add,
    addNow: core.addNow,
    addPolicy: core.addPolicy,
    addRetryHook: core.addRetryHook,
    onItemTaken: core.onItemTaken,
    addTicker: (ticker: Ticker): void => core.addTicker(ticker),
    copyFiles: (entries: readonly FileEntry[]) => copyFiles(dataDir, entries),
    copyFile: (entry: FileEntry) => copyFile(dataDir, entry),
    hasCopy: (sha256: string) => hasAttachment(dataDir, sha256),
    picture: (id: string) => sentPicture(store.getItem(id), dataDir),
    holdProducer(tag: string, deviceId: string, until: number, reason: string): void {
      store.deferProducer(tag, deviceId, until, reason)
    },
    releaseProducer(tag: string): void {
      store.releaseProducer(tag)
    },
    wake: (): void => core.pump(),
    /** Scheduled items soonest due first, after the (due time, id) of the previous page's last: Schedules' pages. */
    scheduled(limit: number, after?: { at: number; id: string }, deviceId?: string) {
      const page = store.scheduledByDue(limit, after, deviceId)
      // A full page may end inside a send (one enqueue to many): how many the send holds, for its card.
      const last = page.items.at(-1)
      const send =
        page.items.length === limit && last?.notBefore != null
          ? store.scheduledOfSend(last.deviceId, last.createdAt, last.notBefore)
          : null
      return {
        items: page.items.map(itemViews(ctx)),
        total: page.total,
        ...(send
          ? { lastSend: { messages: send.length, numbers: new Set(send.map((item) => item.recipient)).size } }
          : {})
      }
    },
    /** One send's scheduled items due at one instant (scheduledOfSend): what Schedules settles as one. */
    scheduledOfSend: (deviceId: string, createdAt: number, notBefore: number) =>
      store.scheduledOfSend(deviceId, createdAt, notBefore),
    dayZoneOf: (deviceId?: string): string => ctx.options.dayZoneOf(deviceId ?? ''),
    adoptTerminalItems: others.adoptTerminalItems,
    adoptTerminalProducer: others.adoptTerminalProducer,
    otherDispatcher: others.otherDispatcher,
    otherProcessCommitted: (): void => core.otherProcessCommitted(),
    /**
     * Where a device's daily budget stands (its cap from `capOf`), for its card and a campaign's estimate; with the
     * gateway's 429 hold over it, if one is on, which its card says too.
     */
    budgetOf(deviceId: string, capOf: (deviceId: string) => number | null) {
      const now = core.clock.now()
      return {
        ...deviceBudget(budgetDeps(capOf), deviceId, now),
        gatewayHoldUntil: gatewayHoldUntil(ctx.settings, deviceId, now)
      }
    },
    /**
     * What every producer has waiting to go through a device before its day ends: a new campaign shares the number's
     * cap with them (asked by the pre-send check only: a count over the device's waiting items).
     */
    waitingToday(deviceId: string): number {
      const now = core.clock.now()
      return store.waitingOn(deviceId, dayBoundsIn(now, ctx.options.dayZoneOf(deviceId)).end)
    },
    /** The per-device daily cap as a send policy, counted across every producer. */
    addDeviceBudget(capOf: (deviceId: string) => number | null): void {
      dailyCapOf = capOf
      core.addPolicy(deviceBudgetPolicy(budgetDeps(capOf)))
    },
    /**
     * A device's daily cap changed (`capOf` answers the new one): a wait held under the old cap is asked again now,
     * not at midnight (raised: what it held goes at once within the new cap; lowered: it holds, saying the new cap).
     */
    dailyCapChanged(deviceId: string): void {
      if (!dailyCapOf) return
      reviseDeviceWait(ctx, deviceId, deviceCapWait(budgetDeps(dailyCapOf), deviceId, core.clock.now()))
      core.pump()
    },
    /**
     * A status the gateway pushed for one of its messages (its tracking webhook): applied as a report poll would
     * apply it (never backwards, a failure only while the gateway still holds the message). False when no item has
     * that gateway id (another app's message, or purged).
     */
    applyGatewayStatus(gatewayId: string, status: string, note: string | null = null): boolean {
      const item = store.itemByGatewayId(gatewayId)
      if (!item) return false
      ctx.batch(() => applyReportStatus(ctx, item, status, note))
      return true
    },
    /** The message with this gateway id, as a status report names it; null when the outbox knows none. */
    messageOfGatewayId(
      gatewayId: string
    ): { kind: ItemKind; text: string | null; fileName: string | null } | null {
      const item = store.itemByGatewayId(gatewayId)
      return item ? { kind: item.kind, text: item.text, fileName: item.fileName } : null
    },
    /** Where things stand now, on every device or on one. */
    counts: (deviceId?: string) => countsView(store, deviceId),
    /** The Outbox's summary under its Device and Campaign filters: what the list lists, by status (QA73). */
    summaryCounts: (filter: SummaryFilter) => summaryCountsView(store, filter),
    /**
     * What happened since an instant (the Overview's "today"): by when messages were sent, not where they are now;
     * with `until` (the day's end), also how many scheduled go only from then on (not today's waiting, QA13 Q13-07),
     * and how many due before it a device's daily cap holds past its day (scheduledCapHeld).
     */
    since: (since: number, until?: number) =>
      sinceView(store, since, until, dailyCapOf ? budgetDeps(dailyCapOf) : null, core.clock.now()),
    recentRecipients: (limit = 20): string[] => store.recentRecipients(limit),
    /**
     * What a device sent to one chat, each with when it shows there (when the gateway took it; see SHOWN_AT), newest
     * first from `place` (the store's ChatPlace), shown after `shownAfter` when given (a chat whose conversation was
     * deleted then): an inbox thread's half.
     */
    sentToChat: (
      deviceId: string,
      recipient: string,
      limit: number,
      place?: ChatPlace,
      shownAfter?: number
    ): { at: number; item: OutboxItemView }[] => {
      const view = itemViews(ctx)
      return store
        .itemsToRecipient(deviceId, recipient, limit, place, shownAfter)
        .map(({ shownAt, item }) => ({ at: shownAt, item: view(item) }))
    },
    /**
     * Each chat's newest item that is its conversation's traffic (a device and a recipient, shown after `shownAfter`
     * when given; countsAsConversationTraffic, QA76), with when the gateway took it, or null, in the order asked: the
     * inbox's page of conversations in one read.
     */
    newestToChats: (
      chats: readonly { deviceId: string; recipient: string; shownAfter?: number }[]
    ): ({ at: number; item: OutboxItemView } | null)[] => {
      const view = itemViews(ctx)
      return store
        .newestToChats(chats)
        .map((newest) => (newest ? { at: newest.happenedAt, item: view(newest.item) } : null))
    },
    /**
     * Where what was sent (or is being sent) whose text holds `text` went, newest first by when each shows in its chat
     * (SHOWN_AT, then id), `before` the previous read's last, until `limit` or `goOn` says stop, and the last item read
     * (`readTo`, matching or not): the inbox search's, which keeps few of many and asks sentAt for those (by position).
     */
    sentWithText: (
      text: string,
      limit: number,
      before?: { at: number; id: string },
      goOn?: (read?: number) => boolean
    ): {
      matches: { position: number; id: string; deviceId: string; recipient: string; shownAt: number }[]
      readTo: { at: number; id: string } | null
    } => store.matchesWithText(text, limit, before, goOn),
    /**
     * The items at these positions in the queue (sentWithText's), newest first, each with when it shows in its chat
     * (SHOWN_AT): those gone since are left out.
     */
    sentAt: (positions: readonly number[]): { position: number; at: number; item: OutboxItemView }[] => {
      const view = itemViews(ctx)
      return store
        .itemsAt(positions)
        .map(({ position, shownAt, item }) => ({ position, at: shownAt, item: view(item) }))
    },
    outcomes,
    /** Revoke, cancel or resend a selection at the gateway (take-back.ts): recorded, then paced like sends. */
    takeBackItems: takeBacks.takeBackItems,
    takeBackProducer: takeBacks.takeBackProducer,
    planTakeBack: takeBacks.planProducer,
    takenBackAt: takeBacks.producerTakenBackAt,
    takeBackPending: takeBacks.producerTakeBackPending,
    openTakeBacks: (tag: string): string[] => producerOpenTakeBacks(store.db, tag),
    latestTakeBack: (tag: string): string | null => producerLatestTakeBack(store.db, tag),
    /** The item each id names (its own id, or the gateway's for it): a terminal command's take-back is given either. */
    itemIdsNamed: (ids: readonly string[]): Map<string, string> => store.itemIdsNamed(ids),
    takeBackProgress: takeBacks.progress,
    openTakeBackOf: takeBacks.openFor,
    setTakeBackPaused: takeBacks.setPaused,
    settleTakeBacksOfRemovedDevice: takeBacks.settleRemovedDevice,
    /** Take the dispatcher lease, reconcile items left in `sending`, and run; `busy` while another process holds it. */
    start: (): Promise<void> => core.start({ tracking: true, retention: true }),
    /**
     * The app's start: as start, but while another process (a terminal command) holds the lease, the queue is usable
     * and sends nothing; it takes the lease over by itself once that process lets go or ends, then `takenOver` runs.
     */
    startBesideHolder: (takenOver: () => void): Promise<void> =>
      core.start({ tracking: true, retention: true, whenHeld: { takenOver } }),
    /** The other process (a terminal command) holding sending while this queue waits to take it over, or null. */
    sendingHeldBy: (): number | null => core.sendingHeldBy(),
    /** Stop starting work, let in-flight requests finish and record their outcome. Never fails or deletes an item. */
    stop: (): Promise<void> => core.stop(),
    flush: (options: FlushOptions): Promise<FlushSummary> => flush(core, options),
    /** Delete final items past retention and attachments nobody needs (also runs by itself while started). */
    sweepRetention: (): Promise<SweepResult> => core.sweep(),
    on: <K extends keyof OutboxEvents>(event: K, listener: OutboxEvents[K]): (() => void) =>
      ctx.on(event, listener),
    /** Let go of copies a producer's own records held (a deleted series): removed once nothing references them. */
    releaseCopies: (shas: readonly string[]): number => releaseAttachments(ctx, shas),
    /** Tell the window many things changed (a producer's own records: a series made, stopped or deleted). */
    announceBulk: (count: number): void => ctx.emitBulk(count),
    /** For producers that keep their own state in the same database (series), in the kernel's transactions. */
    database: input.db as SqliteDatabase,
    dataDir,
    now: (): number => core.clock.now()
  }
  return queue satisfies QueuePort
}
