// The offline outbox's API for the app's API layer and the CLI: enqueue, inspect, operator actions, start/stop/flush, events.
import { randomUUID } from 'node:crypto'
import { systemClock, type Clock, type TimerId } from '../clock'
import { silentLogger, type Logger } from '../logging'
import { GATEWAY_TIME_ZONE } from '../../../shared/domain'
import type { OutboxCounts, OutboxItemView, SeriesView } from '../../../shared/contract'
import { detectFileType, FileChangedError, openPinned } from '../files'
import {
  AttachmentError,
  AttachmentTooLongError,
  DiskFullError,
  hasAttachment,
  isDiskFull,
  OutboxStore,
  SeriesStore,
  SettingsStore,
  storeAttachment,
  storeAttachmentFrom,
  type ItemPatch,
  type ItemRecord,
  type NewItem,
  type SqliteDatabase,
  type StoredAttachment,
  UNSENT
} from '../store'
import { BULK_EVENT_THRESHOLD, OutboxContext } from './context'
import { fillDevice } from './dispatcher'
import {
  assertNoScheduleCall,
  nextSyncWakeAt,
  planCreate,
  planRemoval,
  planUpdate,
  syncDevice
} from './gateway-schedules'
import { nextReconcileWakeAt, reconcileDevice } from './reconcile'
import {
  AttachmentsGoneError,
  discardAbandonedBatches,
  discardAbandonedBatchesSoon,
  writeFenced,
  type FencedWrite
} from './batches'
import { releaseAttachments, sweepRetention, type SweepResult } from './retention'
import { nextScheduledWakeAt, promoteDue, resolveSchedule } from './scheduler'
import {
  checkSeriesRule,
  firstOccurrence,
  materialiseDueSeries,
  nextSeriesWakeAt,
  normaliseStart,
  toSeriesView
} from './series'
import { CANCELLABLE, EDITABLE, RETRYABLE } from './status'
import { nextTrackingWakeAt, trackDevice } from './tracker'
import {
  OutboxError,
  type BlockReason,
  type EditInput,
  type EnqueueInput,
  type FileEntry,
  type FlushProgress,
  type FlushSummary,
  type ListFilter,
  type OutboxEvents,
  type OutboxOptions,
  type ResolvedOutboxOptions,
  type SeriesInput,
  type SendingPort
} from './types'
import { toCountsView, toHistoryView, toItemView, type OutboxHistoryEntry } from './views'
import type { MessageKey } from '../../../shared/i18n'
import { encodeNote } from '../../../shared/i18n/notes'

export interface CreateOutboxInput {
  db: SqliteDatabase
  /** The app's data folder; attachments are copied into `<dataDir>/attachments/`. */
  dataDir: string
  clock?: Clock
  /** The gateway client for a device, or undefined while it has none (its items wait). Asked on every round. */
  clientFor: (deviceId: string) => SendingPort | undefined
  /**
   * The file-size limit that applies to a device's sends (device → settings → gateway default, resolved by the
   * composition with resolveFileLimit) and is handed to the gateway client. The gateway default when absent.
   */
  fileLimitFor?: (deviceId: string) => number
  events?: Partial<OutboxEvents>
  options?: OutboxOptions
  /** Where failures that must not stop sending are reported (the redacting logger in the app). */
  logger?: Logger
}

export interface BulkResult {
  done: string[]
  refused: { id: string; reason: string }[]
}

export interface FlushOptions {
  timeoutMs: number
  onProgress?: (progress: FlushProgress) => void
}

export interface Outbox {
  /** Queue (or schedule) every entry for every recipient in one transaction; files are copied first. */
  enqueue(input: EnqueueInput): Promise<{ itemIds: string[] }>
  /** Newest first. */
  list(filter?: ListFilter): { items: OutboxItemView[]; total: number }
  get(id: string): { item: OutboxItemView; history: OutboxHistoryEntry[] }
  counts(): OutboxCounts
  /** A failed or cancelled item goes back in line (or back to its schedule if that is still ahead). */
  retry(id: string): OutboxItemView
  /** Scheduled, queued or failed items only: an item in flight or with the gateway cannot be taken back. */
  cancel(id: string): OutboxItemView
  /** Bulk retry and cancel: one transaction; `refused` says why an item was left as it was. */
  retryMany(ids: readonly string[]): BulkResult
  cancelMany(ids: readonly string[]): BulkResult
  /**
   * Items built elsewhere (a campaign's rows, already checked and rendered; files as one copy from copyFile) go in line.
   * Their campaign's gate (options.sendGate) decides when each may go. All or nothing, a large set in fenced chunks
   * that yield (as enqueue); `alongside` runs in the transaction that makes them visible (the campaign's own
   * bookkeeping); dispatching starts only after it committed. `alongsideEachChunk` runs in each transaction that
   * writes some of them, with those (bookkeeping too large for the closing one; hidden until `alongside` commits).
   */
  insertPrepared(
    items: readonly NewItem[],
    alongside?: () => void,
    attachments?: readonly StoredAttachment[],
    alongsideEachChunk?: (chunk: readonly NewItem[]) => void
  ): Promise<void>
  /**
   * Copy one file into the attachments folder, checked as at enqueue, for items prepared elsewhere (a campaign's
   * rows share this one copy); pass the result to insertPrepared in the same turn so no sweep sees it unreferenced.
   */
  copyFile(entry: FileEntry): Promise<StoredAttachment>
  /** Whether the attachments folder still holds this copy (a retention sweep removes copies nobody references). */
  hasCopy(sha256: string): boolean
  /** Look at the queues again now: a campaign's pacing or pause changed outside this API. */
  wake(): void
  /** Remove an item and its history (not while it is in flight or in doubt). */
  delete(id: string): void
  /** Change text/caption, recipient or schedule of a scheduled, queued or failed item. */
  edit(id: string, changes: EditInput): OutboxItemView
  /** Send a held overdue item now. */
  release(id: string): OutboxItemView
  /** Pause or resume all sending, or one device's. Survives restarts. */
  setPaused(paused: boolean, deviceId?: string): { sendingPaused: boolean }
  pausedState(): { all: boolean; devices: string[] }
  /** From the device monitor: whether this device can send now (connected, linked, not expired). */
  setDeviceSendable(deviceId: string, sendable: boolean): void
  /** The operator says a refused device may be fine again (quota topped up): its next probe is now, not in minutes. */
  probeDeviceNow(deviceId: string): void
  /** Why this device may not start a send now (paused, not sendable, refused…), ignoring time-based waits; null if it may. */
  sendBlock(deviceId: string): { reason: BlockReason; detail: string | null } | null
  /**
   * Hand queued items that were never tried to another device (a campaign's rotation), in one transaction with
   * `alongside`, each with `note` in its timeline. An item tried even once stays where it is: its outcome may be
   * unknown (the gateway may have it), and only the device that tried it can settle that. Returns the moved ids.
   */
  moveUntried(
    moves: readonly { itemId: string; deviceId: string }[],
    note: (move: { itemId: string; from: string; to: string }) => string,
    alongside?: (moved: readonly { itemId: string; deviceId: string }[]) => void
  ): string[]
  setNetworkOnline(online: boolean): void
  /** Apply changed settings (pacing, retention…) without a restart. */
  updateOptions(options: Pick<OutboxOptions, 'pacingMs' | 'concurrency' | 'maxAgeMs' | 'retentionMs'>): void
  /** Take the dispatcher lease, reconcile items left in `sending`, and run. */
  start(): Promise<void>
  /** Stop starting work, let in-flight requests finish and record their outcome. Never fails or deletes an item. */
  stop(): Promise<void>
  /** Reconcile, then dispatch until nothing sendable is left or the timeout passes. Starts and stops if not running. */
  flush(options: FlushOptions): Promise<FlushSummary>
  /** Delete final items past retention and attachments nobody needs (also runs by itself while started). */
  sweepRetention(): Promise<SweepResult>
  recentRecipients(limit?: number): string[]
  /** A recurring series kept here: files are copied now; each occurrence becomes items when it comes due. */
  createSeries(input: SeriesInput): Promise<SeriesView>
  /** Newest first; optionally one device's. */
  listSeries(deviceId?: string): SeriesView[]
  /** No more occurrences; items already made stay. */
  stopSeries(id: string): SeriesView
  /** Stop and forget a series (its files go once no item needs them). */
  deleteSeries(id: string): void
  on<K extends keyof OutboxEvents>(event: K, listener: OutboxEvents[K]): () => void
}

export const DEFAULT_OUTBOX_OPTIONS: Omit<ResolvedOutboxOptions, 'random' | 'isProcessAlive'> = {
  concurrency: 1,
  pacingMs: 1000,
  maxAgeMs: 24 * 3_600_000,
  backoffBaseMs: 2000,
  backoffCapMs: 15 * 60_000,
  visibilityWindowMs: 2 * 60_000,
  reconcileIntervalMs: 15_000,
  overdueGraceMs: 2 * 60_000,
  trackingIntervalMs: 3_000,
  trackingCapMs: 30 * 60_000,
  trackingRetentionMs: 7 * 24 * 3_600_000,
  tracking: true,
  retentionMs: 30 * 24 * 3_600_000,
  retentionSweepIntervalMs: 6 * 3_600_000,
  gatewayTimeZone: GATEWAY_TIME_ZONE,
  devicesSendableByDefault: true,
  sendGate: () => null
}

const REFUSED_ACTION_KEYS = {
  retry: 'desktop.error.cannotRetry',
  cancel: 'desktop.error.cannotCancel',
  delete: 'desktop.error.cannotDelete',
  edit: 'desktop.error.cannotEdit'
} as const satisfies Record<string, MessageKey>

const LEASE = 'dispatcher'
const PAUSED_ALL_KEY = 'outbox.pausedAll'
const PAUSED_DEVICES_KEY = 'outbox.pausedDevices'
const FILE_COPIES_AT_ONCE = 4
/** How soon a round that met a full disk is tried again. */
const DISK_FULL_RETRY_MS = 30_000

/** Whether a process (a writer that left a lease or a half-written batch behind) still runs. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function resolveOptions(options: OutboxOptions = {}): ResolvedOutboxOptions {
  const resolved: ResolvedOutboxOptions = {
    ...DEFAULT_OUTBOX_OPTIONS,
    random: Math.random,
    isProcessAlive: processAlive,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined))
  }
  if (!Number.isInteger(resolved.concurrency) || resolved.concurrency < 1) {
    throw new OutboxError('invalid_input', { key: 'desktop.error.concurrency' }, 'concurrency')
  }
  return resolved
}

export function createOutbox(input: CreateOutboxInput): Outbox {
  const clock = input.clock ?? systemClock
  const store = new OutboxStore(input.db)
  const seriesStore = new SeriesStore(input.db)
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
  ctx.pausedAll = settings.get<boolean>(PAUSED_ALL_KEY) ?? false
  for (const id of settings.get<string[]>(PAUSED_DEVICES_KEY) ?? []) ctx.pausedDevices.add(id)

  /** Devices each round looks at: those with work at start, and any device an item moved or was acted on. */
  const knownDevices = new Set<string>()
  ctx.transitionListeners.add((item) => knownDevices.add(item.deviceId))
  const afterPump = new Set<() => void>()
  let tracking = ctx.options.tracking
  let pumping = false
  let pumpAgain = false
  let wakeTimer: TimerId | null = null
  let wakeAt: number | null = null
  let sweepTimer: TimerId | null = null
  /** The enqueue being written, if any: the next one starts after it (see insertInChunks). */
  let enqueueTail: Promise<unknown> = Promise.resolve()

  // ------------------------------------------------------------------------------------------- pump

  /** One round: promote due schedules, then per device reconcile, send, sync schedules, poll statuses. */
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
        // Due occurrences of recurring series become scheduled items first, so the promotion below takes them.
        const series = materialiseDueSeries(ctx, seriesStore)
        for (const deviceId of series.devices) knownDevices.add(deviceId)
        if (series.more) consider(clock.now() + 1)
        consider(nextSeriesWakeAt(ctx, seriesStore))
        // A large backlog of due items is promoted a round at a time, with a turn of the event loop in between.
        if (promoteDue(ctx)) consider(clock.now() + 1)
        consider(nextScheduledWakeAt(ctx))
        for (const deviceId of knownDevices) {
          reconcileDevice(ctx, deviceId)
          consider(nextReconcileWakeAt(ctx, deviceId))
          consider(fillDevice(ctx, deviceId))
          syncDevice(ctx, deviceId)
          consider(nextSyncWakeAt(ctx, deviceId))
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

  // ------------------------------------------------------------------------------------------- helpers

  function mustGet(id: string): ItemRecord {
    const item = store.getItem(id)
    if (!item) throw new OutboxError('not_found', { key: 'desktop.error.itemGone', params: { id } }, 'id')
    // An operator action on an item may give its device work again (a retry, a gateway delete owed).
    knownDevices.add(item.deviceId)
    return item
  }

  function view(id: string): OutboxItemView {
    return toItemView(mustGet(id))
  }

  function refuse(item: ItemRecord, action: 'retry' | 'cancel' | 'delete' | 'edit'): never {
    // The reason is a note of its own, worded in the operator's language inside the refusal.
    const why =
      item.status === 'sending'
        ? encodeNote('desktop.error.whySending')
        : ['accepted', 'sent', 'delivered', 'read'].includes(item.status)
          ? encodeNote('desktop.error.whyAtGateway')
          : encodeNote('desktop.error.whyStatus', { status: item.status })
    throw new OutboxError('invalid_state', { key: REFUSED_ACTION_KEYS[action], params: { why } }, 'id')
  }

  function validateText(text: string, field: string, allowEmpty: boolean): void {
    if ((!allowEmpty && text.trim() === '') || text.length > 1024) {
      throw new OutboxError('invalid_input', { key: 'desktop.error.textLength' }, field)
    }
  }

  /** Copy one file: from its pinned identity when it has one (the file the operator added, or a refusal). */
  async function copyEntry(entry: FileEntry): Promise<StoredAttachment> {
    const pinned = entry.pinned
    if (!pinned) return storeAttachment(ctx.dataDir, entry.path)
    const handle = await openPinned(pinned, entry.name)
    try {
      const copy = await storeAttachmentFrom(ctx.dataDir, handle, pinned.size)
      // Shorter than checked, or no longer the type it was when added (rewritten in place within the same size
      // and second): the copy is not what the operator chose. It stays unreferenced and the stray sweep removes it.
      const type = detectFileType(copy.head, entry.name)
      if (copy.size !== pinned.size || type?.mime !== entry.mime) throw new FileChangedError(entry.name)
      return { sha256: copy.sha256, size: copy.size }
    } catch (error) {
      if (error instanceof AttachmentTooLongError) throw new FileChangedError(entry.name, error)
      throw error
    } finally {
      await handle.close().catch(() => undefined)
    }
  }

  async function copyFiles(entries: FileEntry[]): Promise<Map<string, StoredAttachment>> {
    const copies = new Map<string, StoredAttachment>()
    const pending = [...new Map(entries.map((entry) => [entry.path, entry])).values()]
    const worker = async (): Promise<void> => {
      for (let entry = pending.shift(); entry !== undefined; entry = pending.shift()) {
        try {
          copies.set(entry.path, await copyEntry(entry))
        } catch (error) {
          if (error instanceof AttachmentError || error instanceof FileChangedError)
            throw new OutboxError('attachment', error.message, 'entries', error)
          if (isDiskFull(error)) throw new DiskFullError(error)
          throw error
        }
      }
    }
    await Promise.all(Array.from({ length: FILE_COPIES_AT_ONCE }, worker))
    return copies
  }

  /**
   * Write an enqueue's items all or nothing, a large one in fenced chunks that yield (writeFenced: 10,000 items in
   * one transaction blocked the main process for about a second). Enqueues run one at a time, so two never
   * interleave in a recipient's line.
   */
  function insertAll(
    write: FencedWrite,
    copyAgain?: (gone: readonly string[]) => Promise<void>
  ): Promise<void> {
    const run = enqueueTail.then(async () => {
      // A copy may be removed by a sweep while this write waits its turn (see AttachmentsGoneError): copied again
      // once, the new file is unknown to the database, and the sweep leaves such files alone for an hour.
      try {
        await writeFenced(ctx, write)
      } catch (error) {
        if (!(error instanceof AttachmentsGoneError)) throw error
        if (!copyAgain)
          throw new OutboxError('attachment', { key: 'desktop.error.copyRemovedMeanwhile' }, 'entries', error)
        await copyAgain(error.sha256s)
        await writeFenced(ctx, write)
      }
    })
    enqueueTail = run.catch(() => undefined)
    return run
  }

  // ------------------------------------------------------------------------------------------- API

  async function enqueue(request: EnqueueInput): Promise<{ itemIds: string[] }> {
    if (!request.deviceId)
      throw new OutboxError('invalid_input', { key: 'desktop.error.deviceRequired' }, 'deviceId')
    const recipients = [...new Set(request.recipients.map((r) => r.trim()).filter((r) => r !== ''))]
    if (recipients.length === 0)
      throw new OutboxError('invalid_input', { key: 'desktop.error.recipientsRequired' }, 'recipients')
    if (request.entries.length === 0)
      throw new OutboxError('invalid_input', { key: 'desktop.error.nothingToSend' }, 'entries')
    request.entries.forEach((entry, i) => {
      if (entry.kind === 'text') validateText(entry.text, `entries.${i}.text`, false)
      else if (entry.caption !== undefined) validateText(entry.caption, `entries.${i}.caption`, true)
    })
    const schedules = request.entries.map((entry) =>
      request.schedule
        ? resolveSchedule(request.schedule, entry.kind === 'text' ? 'text' : entry.mediaKind)
        : null
    )

    const fileEntries = request.entries.filter((e): e is FileEntry => e.kind === 'file')
    const copies = await copyFiles(fileEntries)
    /** The same bytes again, for copies a retention sweep removed before the items were written (see insertAll). */
    const copyAgain = async (gone: readonly string[]): Promise<void> => {
      const again = fileEntries.filter((entry) => gone.includes(copies.get(entry.path)?.sha256 ?? ''))
      for (const [path, copy] of await copyFiles(again)) {
        const name = again.find((entry) => entry.path === path)?.name ?? path
        if (copy.sha256 !== copies.get(path)?.sha256)
          throw new OutboxError('attachment', new FileChangedError(name).message, 'entries')
      }
    }

    const now = clock.now()
    const items: NewItem[] = []
    request.entries.forEach((entry, i) => {
      const schedule = schedules[i] ?? null
      const due = schedule === null || schedule.notBefore <= now
      const copy = entry.kind === 'file' ? copies.get(entry.path) : undefined
      for (const recipient of recipients) {
        items.push({
          id: randomUUID(),
          deviceId: request.deviceId,
          recipient,
          isGroup: request.isGroup ?? false,
          kind: entry.kind === 'text' ? 'text' : entry.mediaKind,
          text: entry.kind === 'text' ? entry.text : entry.caption || null,
          attachmentSha256: copy?.sha256 ?? null,
          fileName: entry.kind === 'file' ? entry.name : null,
          fileMime: entry.kind === 'file' ? entry.mime : null,
          fileSize: copy?.size ?? null,
          status: due ? 'queued' : 'scheduled',
          ...UNSENT,
          queuedAt: due ? now : null,
          createdAt: now,
          notBefore: schedule?.notBefore ?? null,
          scheduledLocal: schedule?.scheduledLocal ?? null,
          timezone: schedule?.timezone ?? null,
          scheduleMode: schedule?.scheduleMode ?? null,
          overduePolicy: schedule?.overduePolicy ?? null,
          note: schedule && due ? encodeNote('desktop.note.lateQueued') : null
        })
      }
    })
    const attachments = [...new Map([...copies.values()].map((c) => [c.sha256, c])).values()]
    const isGroup = request.isGroup ?? false
    await insertAll(
      {
        items,
        attachments,
        recipients: recipients.map((recipient) => ({ recipient, isGroup })),
        at: now
      },
      copyAgain
    )
    knownDevices.add(request.deviceId)
    const first = items[0]
    if (items.length === 1 && first) ctx.emitItem(mustGet(first.id))
    else ctx.emitBulk(items.length)
    pump()
    return { itemIds: items.map((i) => i.id) }
  }

  async function createSeries(request: SeriesInput): Promise<SeriesView> {
    if (!request.deviceId)
      throw new OutboxError('invalid_input', { key: 'desktop.error.deviceRequired' }, 'deviceId')
    const recipients = [...new Set(request.recipients.map((r) => r.trim()).filter((r) => r !== ''))]
    if (recipients.length === 0)
      throw new OutboxError('invalid_input', { key: 'desktop.error.recipientsRequired' }, 'recipients')
    if (request.entries.length === 0)
      throw new OutboxError('invalid_input', { key: 'desktop.error.nothingToSend' }, 'entries')
    request.entries.forEach((entry, i) => {
      if (entry.kind === 'text') validateText(entry.text, `entries.${i}.text`, false)
      else if (entry.caption !== undefined) validateText(entry.caption, `entries.${i}.caption`, true)
    })
    checkSeriesRule(request.rule)
    const startLocal = normaliseStart(request.start.localTime, request.start.timezone)
    const copies = await copyFiles(request.entries.filter((e): e is FileEntry => e.kind === 'file'))
    const now = clock.now()
    const first = firstOccurrence(startLocal, request.start.timezone, request.rule, now)
    const id = randomUUID()
    seriesStore.insert(
      {
        id,
        deviceId: request.deviceId,
        recipients,
        isGroup: request.isGroup ?? false,
        startLocal,
        timeZone: request.start.timezone,
        ruleKind: request.rule.kind,
        ruleDays: request.rule.kind === 'every-n-days' ? request.rule.days : null,
        overduePolicy: request.overduePolicy ?? 'send',
        status: 'active',
        nextIndex: first.index,
        nextAt: first.at,
        occurrences: 0,
        lastOccurrenceAt: null,
        createdAt: now,
        updatedAt: now,
        entries: request.entries.map((entry) => {
          if (entry.kind === 'text') {
            return {
              kind: 'text',
              text: entry.text,
              attachmentSha256: null,
              fileName: null,
              fileMime: null,
              fileSize: null
            }
          }
          const copy = copies.get(entry.path)
          return {
            kind: entry.mediaKind,
            text: entry.caption || null,
            attachmentSha256: copy?.sha256 ?? null,
            fileName: entry.name,
            fileMime: entry.mime,
            fileSize: copy?.size ?? null
          }
        })
      },
      [...new Map([...copies.values()].map((c) => [c.sha256, c])).values()]
    )
    knownDevices.add(request.deviceId)
    ctx.emitBulk(0)
    pump()
    return toSeriesView(mustGetSeries(id))
  }

  function mustGetSeries(id: string) {
    const record = seriesStore.get(id)
    if (!record) throw new OutboxError('not_found', { key: 'desktop.error.seriesGone', params: { id } }, 'id')
    return record
  }

  function stopSeries(id: string): SeriesView {
    const record = mustGetSeries(id)
    if (record.status !== 'stopped') {
      seriesStore.patch(id, { status: 'stopped', nextAt: null, updatedAt: clock.now() })
      ctx.emitBulk(0)
      pump()
    }
    return toSeriesView(mustGetSeries(id))
  }

  function deleteSeries(id: string): void {
    mustGetSeries(id)
    const shas = seriesStore.delete(id)
    releaseAttachments(ctx, shas)
    ctx.emitBulk(0)
    pump()
  }

  function list(filter: ListFilter = {}): { items: OutboxItemView[]; total: number } {
    const toMs = (value: string | undefined, field: string): number | undefined => {
      if (value === undefined) return undefined
      const ms = Date.parse(value)
      if (Number.isNaN(ms))
        throw new OutboxError('invalid_input', { key: 'desktop.error.notADate', params: { value } }, field)
      return ms
    }
    const result = store.listItems({
      status: filter.status,
      deviceId: filter.deviceId,
      recipient: filter.recipient,
      text: filter.text,
      from: toMs(filter.from, 'from'),
      to: toMs(filter.to, 'to'),
      offset: filter.offset ?? 0,
      limit: Math.min(filter.limit ?? 200, 1000)
    })
    return { items: result.items.map(toItemView), total: result.total }
  }

  function get(id: string): { item: OutboxItemView; history: OutboxHistoryEntry[] } {
    return { item: view(id), history: store.history(id).map(toHistoryView) }
  }

  function retry(id: string): OutboxItemView {
    retryItem(id)
    const result = view(id)
    pump()
    return result
  }

  function retryItem(id: string): void {
    const item = mustGet(id)
    if (!RETRYABLE.includes(item.status)) refuse(item, 'retry')
    assertNoScheduleCall(ctx, id)
    const now = clock.now()
    const reset: ItemPatch = {
      failureCode: null,
      failureMessage: null,
      failureGatewayMessage: null,
      closedAt: null,
      held: false,
      nextAttemptAt: null,
      reconcileUntil: null,
      trackNextAt: null,
      seq: store.nextSeq()
    }
    ctx.batch(() => {
      if (item.scheduleMode !== null && item.notBefore !== null && item.notBefore > now) {
        ctx.transition(
          id,
          RETRYABLE,
          'scheduled',
          { ...reset, queuedAt: null },
          encodeNote('desktop.note.retriedByOperator')
        )
        if (item.scheduleMode === 'gateway') planCreate(ctx, item)
      } else {
        ctx.transition(
          id,
          RETRYABLE,
          'queued',
          { ...reset, queuedAt: now },
          encodeNote('desktop.note.retriedByOperator')
        )
      }
    })
  }

  function cancel(id: string): OutboxItemView {
    cancelItem(id)
    const result = view(id)
    pump()
    return result
  }

  function cancelItem(id: string): void {
    const item = mustGet(id)
    if (item.status === 'cancelled') return
    if (!CANCELLABLE.includes(item.status)) refuse(item, 'cancel')
    assertNoScheduleCall(ctx, id)
    ctx.batch(() => {
      if (item.status === 'scheduled' && item.scheduleMode === 'gateway') planRemoval(ctx, id, 'cancel')
      ctx.transition(
        id,
        CANCELLABLE,
        'cancelled',
        { held: false },
        encodeNote('desktop.note.cancelledByOperator')
      )
    })
  }

  /**
   * One action over many items in one transaction and one bulkChanged; items it does not apply to are reported,
   * not failed.
   */
  function bulk(ids: readonly string[], action: (id: string) => void): BulkResult {
    const done: string[] = []
    const refused: BulkResult['refused'] = []
    ctx.batch(() => {
      for (const id of ids) {
        try {
          action(id)
          done.push(id)
        } catch (error) {
          refused.push({ id, reason: error instanceof Error ? error.message : String(error) })
        }
      }
    }, true)
    pump()
    return { done, refused }
  }

  async function insertPrepared(
    items: readonly NewItem[],
    alongside?: () => void,
    attachments: readonly StoredAttachment[] = [],
    alongsideEachChunk?: (chunk: readonly NewItem[]) => void
  ): Promise<void> {
    await insertAll({
      items,
      attachments,
      recipients: [],
      at: clock.now(),
      atChunk: alongsideEachChunk,
      atCommit: alongside
    })
    for (const item of items) knownDevices.add(item.deviceId)
    ctx.emitBulk(items.length)
    pump()
  }

  function remove(id: string): void {
    const item = mustGet(id)
    // In flight or in doubt: deleting it would forget whether the gateway has it.
    if (item.status === 'sending') refuse(item, 'delete')
    assertNoScheduleCall(ctx, id)
    const { attachmentSha256 } = ctx.batch(() => {
      const row = store.scheduleForItem(id)
      if (row && (item.status === 'scheduled' || row.pendingOp === 'cancel')) planRemoval(ctx, id, 'delete')
      return store.deleteItem(id)
    })
    if (attachmentSha256) releaseAttachments(ctx, [attachmentSha256])
    ctx.emitBulk(1)
    pump()
  }

  function edit(id: string, changes: EditInput): OutboxItemView {
    const item = mustGet(id)
    if (!EDITABLE.includes(item.status)) refuse(item, 'edit')
    assertNoScheduleCall(ctx, id)
    const patch: ItemPatch = {}
    const edited: string[] = []
    if (changes.text !== undefined) {
      validateText(changes.text, 'text', item.kind !== 'text')
      patch.text = item.kind === 'text' ? changes.text : changes.text || null
      edited.push(item.kind === 'text' ? 'text' : 'caption')
    }
    if (changes.recipient !== undefined) {
      const recipient = changes.recipient.trim()
      if (recipient === '' || recipient.length > 100) {
        throw new OutboxError('invalid_input', { key: 'desktop.error.recipientRequired' }, 'recipient')
      }
      patch.recipient = recipient
      edited.push('recipient')
    }
    const schedule = changes.schedule ? resolveSchedule(changes.schedule, item.kind) : null
    ctx.batch(() => {
      const wasGateway = item.status === 'scheduled' && item.scheduleMode === 'gateway'
      if (!schedule) {
        if (edited.length === 0) return
        ctx.patch(id, patch, [item.status], encodeNote('desktop.note.edited', { fields: edited.join(', ') }))
        if (wasGateway) planUpdate(ctx, id)
        return
      }
      const toGateway = schedule.scheduleMode === 'gateway'
      if (wasGateway && !toGateway) planRemoval(ctx, id, 'delete')
      const fields: ItemPatch = { ...patch, ...schedule, held: false }
      edited.push('schedule')
      if (item.status === 'scheduled') {
        ctx.patch(id, fields, ['scheduled'], encodeNote('desktop.note.edited', { fields: edited.join(', ') }))
      } else {
        ctx.transition(
          id,
          ['queued', 'failed'],
          'scheduled',
          {
            ...fields,
            failureCode: null,
            failureMessage: null,
            failureGatewayMessage: null,
            closedAt: null,
            nextAttemptAt: null,
            queuedAt: null
          },
          `rescheduled by the operator (${edited.join(', ')})`
        )
      }
      if (toGateway) {
        if (wasGateway) planUpdate(ctx, id)
        else planCreate(ctx, mustGet(id))
      }
    })
    const result = view(id)
    pump()
    return result
  }

  function release(id: string): OutboxItemView {
    const item = mustGet(id)
    if (item.status !== 'scheduled' || !item.held) {
      throw new OutboxError('invalid_state', { key: 'desktop.error.notHeld' }, 'id')
    }
    ctx.transition(
      id,
      ['scheduled'],
      'queued',
      { held: false, queuedAt: clock.now(), nextAttemptAt: null },
      encodeNote('desktop.note.releasedByOperator')
    )
    const result = view(id)
    pump()
    return result
  }

  function setPaused(paused: boolean, deviceId?: string): { sendingPaused: boolean } {
    if (deviceId === undefined) ctx.pausedAll = paused
    else if (paused) ctx.pausedDevices.add(deviceId)
    else ctx.pausedDevices.delete(deviceId)
    settings.setMany({ [PAUSED_ALL_KEY]: ctx.pausedAll, [PAUSED_DEVICES_KEY]: [...ctx.pausedDevices] })
    ctx.countsChanged()
    pump()
    return { sendingPaused: ctx.pausedAll }
  }

  function probeDeviceNow(deviceId: string): void {
    const runtime = ctx.device(deviceId)
    if (runtime.refused) runtime.probeAt = 0
    pump()
  }

  function moveUntried(
    moves: readonly { itemId: string; deviceId: string }[],
    note: (move: { itemId: string; from: string; to: string }) => string,
    alongside?: (moved: readonly { itemId: string; deviceId: string }[]) => void
  ): string[] {
    const at = clock.now()
    // An item named twice goes where its last move sends it, as when the moves were made one by one.
    const lastMoves = [...new Map(moves.map((m) => [m.itemId, m.deviceId])).entries()].map(
      ([itemId, deviceId]) => ({ itemId, deviceId })
    )
    const moved = ctx.batch(() => {
      // Guarded in SQL (queued, never tried), so an item the dispatcher took meanwhile cannot move.
      const done = store
        .moveManyUntried(lastMoves, note, at)
        .map(({ itemId, to }) => ({ itemId, deviceId: to }))
      // One event each for a few; many are one bulk change (read back only when announced one by one).
      if (done.length <= BULK_EVENT_THRESHOLD)
        for (const move of done) {
          const after = store.getItem(move.itemId)
          if (after) ctx.emitItem(after)
        }
      alongside?.(done)
      return done
    })
    if (moved.length > BULK_EVENT_THRESHOLD) ctx.emitBulk(moved.length)
    for (const move of moved) knownDevices.add(move.deviceId)
    if (moved.length > 0) pump()
    return moved.map((m) => m.itemId)
  }

  function setDeviceSendable(deviceId: string, sendable: boolean): void {
    const runtime = ctx.device(deviceId)
    const was = runtime.sendable ?? ctx.options.devicesSendableByDefault
    runtime.sendable = sendable
    if (sendable) {
      // The app says the device is back: forget the gateway's refusal and don't make its queue sit out a backoff.
      runtime.refused = null
      runtime.refusals = 0
      runtime.probeAt = 0
      if (!was || runtime.retryAt > clock.now()) {
        runtime.retryAt = 0
        runtime.failures = 0
        store.pullRetriesForward(clock.now(), deviceId)
      }
    }
    pump()
  }

  function setNetworkOnline(online: boolean): void {
    const was = ctx.networkOnline
    ctx.networkOnline = online
    if (online && !was) {
      // Back online: whatever waited out a network backoff goes now, still within its age limit.
      for (const runtime of ctx.devices.values()) {
        runtime.retryAt = 0
        runtime.failures = 0
        runtime.reconcileRetryAt = 0
        runtime.trackingRetryAt = 0
      }
      store.pullRetriesForward(clock.now())
    }
    pump()
  }

  function updateOptions(
    options: Pick<OutboxOptions, 'pacingMs' | 'concurrency' | 'maxAgeMs' | 'retentionMs'>
  ): void {
    Object.assign(ctx.options, resolveOptions({ ...ctx.options, ...options }))
    pump()
  }

  async function startInternal(mode: { tracking: boolean; retention: boolean }): Promise<void> {
    if (ctx.running) return
    const lease = store.claimLease(LEASE, process.pid, ctx.options.isProcessAlive, clock.now())
    if (!lease.ok) {
      throw new OutboxError('busy', { key: 'desktop.error.busy', params: { pid: lease.pid } })
    }
    tracking = mode.tracking && ctx.options.tracking
    // An enqueue a crash cut short is rolled back before anything else looks at the queue.
    await discardAbandonedBatches(ctx)
    for (const deviceId of store.activeDevices()) knownDevices.add(deviceId)
    store.markSendingForReconcile(clock.now(), ctx.options.visibilityWindowMs)
    ctx.running = true
    if (mode.retention) {
      const sweep = (): void => {
        ctx.run(async () => {
          await sweepAll()
        })
        sweepTimer = clock.setTimeout(sweep, ctx.options.retentionSweepIntervalMs)
      }
      sweep()
    }
    pump()
  }

  /** Retention, and enqueues another process left open when it died (the CLI while the app runs). */
  async function sweepAll(): Promise<SweepResult> {
    await discardAbandonedBatches(ctx)
    return sweepRetention(ctx)
  }

  async function stop(): Promise<void> {
    const wasRunning = ctx.running
    ctx.running = false
    arm(null)
    if (sweepTimer !== null) clock.clearTimeout(sweepTimer)
    sweepTimer = null
    await ctx.settled()
    if (!wasRunning) return
    try {
      store.releaseLease(LEASE, process.pid)
    } catch (error) {
      // A full disk cannot record the release. The lease names this process, and a lease whose process has ended
      // is taken over by the next start, so stopping goes on (a CLI flush then exits instead of hanging).
      if (!isDiskFull(error)) throw error
    }
  }

  /** Whether flush must keep waiting, and which devices hold items it cannot send. */
  function flushState(): { waiting: boolean; blocked: FlushSummary['blocked'] } {
    let waiting = false
    const blocked: FlushSummary['blocked'] = []
    const byDevice = new Map<string, { queued: number; sending: number }>()
    for (const row of store.activeCounts()) {
      const entry = byDevice.get(row.deviceId) ?? { queued: 0, sending: 0 }
      entry[row.status] += row.count
      byDevice.set(row.deviceId, entry)
    }
    for (const [deviceId, { queued, sending }] of byDevice) {
      const runtime = ctx.device(deviceId)
      const reachable = ctx.reachableClient(deviceId) !== undefined
      const block = ctx.sendBlock(deviceId)
      if (runtime.sendsInFlight > 0 || (sending > 0 && reachable) || (queued > 0 && !block)) waiting = true
      else if (block) blocked.push({ deviceId, reason: block.reason, detail: block.detail })
    }
    for (const deviceId of knownDevices) {
      if (nextSyncWakeAt(ctx, deviceId) !== null || ctx.device(deviceId).syncing) waiting = true
    }
    return { waiting, blocked }
  }

  async function flush(options: FlushOptions): Promise<FlushSummary> {
    const ownRun = !ctx.running
    if (ownRun) await startInternal({ tracking: false, retention: false })
    let accepted = 0
    let failed = 0
    const progress = (): void => {
      if (!options.onProgress) return
      const counts = store.counts()
      options.onProgress({ accepted, failed, remaining: counts.queued + counts.sending })
    }
    const onTransition = (item: ItemRecord): void => {
      if (item.status === 'accepted') accepted++
      else if (item.status === 'failed') failed++
      else return
      progress()
    }
    ctx.transitionListeners.add(onTransition)
    // The clock's timers never hold the process open, but a flush is a foreground job (the CLI awaits it):
    // without this, a process whose only pending work is a backoff timer would simply exit mid-flush.
    const keepAlive = setInterval(() => undefined, 1 << 30)
    let blocked: FlushSummary['blocked'] = []
    let timedOut: boolean
    let diskFull = false
    try {
      timedOut = await new Promise<boolean>((resolve) => {
        const finish = (didTimeOut: boolean): void => {
          clock.clearTimeout(timer)
          afterPump.delete(check)
          resolve(didTimeOut)
        }
        const check = (): void => {
          if (ctx.diskFullSince !== null) {
            diskFull = true
            finish(false)
            return
          }
          const state = flushState()
          blocked = state.blocked
          if (!state.waiting) finish(false)
        }
        const timer = clock.setTimeout(() => finish(true), options.timeoutMs)
        afterPump.add(check)
        if (ctx.running) pump()
        else check()
      })
    } finally {
      // First: whatever stopping throws, the process must not be held open by this interval.
      clearInterval(keepAlive)
      ctx.transitionListeners.delete(onTransition)
      if (ownRun) await stop()
    }
    // A foreground flush (the CLI) stops at a full disk with one clear error; the app's dispatcher waits instead.
    if (diskFull) throw new DiskFullError()
    const counts = store.counts()
    if (timedOut) blocked = flushState().blocked
    return {
      accepted,
      failed,
      remaining: { queued: counts.queued, sending: counts.sending, scheduled: counts.scheduled },
      blocked,
      timedOut
    }
  }

  return {
    enqueue,
    list,
    get,
    counts: () => toCountsView(store.counts()),
    retry,
    cancel,
    retryMany: (ids) => bulk(ids, retryItem),
    cancelMany: (ids) => bulk(ids, cancelItem),
    insertPrepared,
    async copyFile(entry: FileEntry): Promise<StoredAttachment> {
      let copy = (await copyFiles([entry])).get(entry.path)
      // A retention sweep may have removed an identical file while it was copied: copy again. (The write that
      // references it checks once more: insertPrepared refuses, rather than queue items whose file is gone.)
      if (copy && !hasAttachment(ctx.dataDir, copy.sha256)) copy = (await copyFiles([entry])).get(entry.path)
      if (!copy) throw new Error(`${entry.name} was not copied`)
      return copy
    },
    hasCopy: (sha256) => hasAttachment(ctx.dataDir, sha256),
    wake: () => pump(),
    delete: remove,
    edit,
    release,
    setPaused,
    pausedState: () => ({ all: ctx.pausedAll, devices: [...ctx.pausedDevices] }),
    setDeviceSendable,
    probeDeviceNow,
    sendBlock: (deviceId) => ctx.sendBlock(deviceId),
    moveUntried,
    setNetworkOnline,
    updateOptions,
    start: () => startInternal({ tracking: true, retention: true }),
    stop,
    flush,
    sweepRetention: sweepAll,
    recentRecipients: (limit = 20) => store.recentRecipients(limit),
    createSeries,
    listSeries: (deviceId) => seriesStore.list(deviceId).map(toSeriesView),
    stopSeries,
    deleteSeries,
    on: (event, listener) => ctx.on(event, listener)
  }
}
