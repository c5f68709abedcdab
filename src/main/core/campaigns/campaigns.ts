// Campaigns, a producer of the send queue: create from a checked spreadsheet, add the ready rows as items tagged
// 'campaign:<id>', pace them through a send policy, pause/resume/cancel, auto-pause a troubled device (from the device
// monitor's and the queue's own events), and prove what was sent from the queue's outcomes by tag.
import { randomUUID } from 'node:crypto'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import type { Clock } from '../clock'
import { englishText, type KeyedText } from '../commands'
import { decodeNote, encodeNote } from '../../../shared/i18n/notes'
import type {
  DeviceState,
  DraftExample,
  PacedQueued,
  SameMessageMoves,
  TakeBackPlanView,
  TakeBackView
} from '../../../shared/contract'
import { devicePauseWords, type DevicePauseCause } from '../../../shared/device-status'
import type { MessageKey } from '../../../shared/i18n'
import type { Language } from '../../../shared/i18n'
import {
  bucketOf,
  dayIn,
  finishEstimate,
  holdingWait,
  isSendInDoubt,
  listSeparatorOf,
  campaignNameFromFile,
  quotaFinishEstimate,
  quotaCovers,
  type QuotaFinish,
  SAME_MESSAGE_WINDOW_MS,
  uniqueCampaignName,
  usablePacing
} from '../../../shared/domain'
import type { MediaKind } from '../gateway'
import type { RegisteredFile } from '../files'
import {
  cancellingPolicy,
  fileEntryOf,
  nextChunkSize,
  OPTED_OUT_NOTE,
  processAlive,
  type BlockReason,
  type BulkResult,
  type PolicyVerdict,
  type QueuePort
} from '../outbox'
import { isSendable, type DeviceMonitor, type DeviceRemovalHook } from '../devices'
import {
  CampaignStore,
  type CampaignEndReason,
  type CampaignRecord,
  type CampaignRowRecord,
  type CampaignRowResult,
  type ItemRecord,
  type ItemStatus,
  type NewItem,
  type ContactNameFromRow,
  type OptOutRecord,
  type SqliteDatabase,
  campaignTag,
  UNSENT
} from '../store'
import {
  checkRowsInSlices,
  fileKey,
  guessMapping,
  layoutKey,
  nameColumnOf,
  ROWS_PER_SLICE,
  rowChecker,
  rowContent,
  SAME_MESSAGE_CODES,
  sameMessageProblem,
  sheetNameOf,
  WaitingCampaign,
  type CheckedRows,
  type CheckInput,
  type CheckSummary,
  type ColumnMapping,
  type RowProblem
} from './check'
import {
  capLeft,
  dayBounds,
  decideFromLog,
  estimateSchedule,
  estimateScheduleInSlices,
  type DeviceCapToday,
  pacingProblemTexts,
  nextWorkingInstant,
  pacingOnDays,
  problemList,
  zoneOfPolicy,
  type CampaignPacing,
  type PacingPolicy,
  type PacingWait,
  type SendLog
} from './pacing'
import type { Sheet, SheetRow } from './spreadsheet'
import {
  exportTimeZone,
  resultsTable,
  skippedTable,
  tableToCsv,
  writeTable,
  type ExportControl
} from './export'
import { rowSeed } from './template'
import { progressSeries, type ProgressSeries } from './progress'

/** A wait with no end: the campaign (or its device) is paused until the operator resumes it. */
const PAUSED_UNTIL = Number.MAX_SAFE_INTEGER
/** The last instant a JavaScript Date can hold (a wait's time in a reason). */
const LAST_DATE_MS = 8.64e15

/** The tag a campaign's items carry in the send queue; outcomes are asked for by it. */
export const tagOf = campaignTag
const campaignOfTag = (tag: string | null): string | null =>
  tag?.startsWith('campaign:') ? tag.slice('campaign:'.length) : null

/** Why a campaign's rows wait, as the queue keeps it (the window words it; see campaigns/wait-text.ts). */
const WAIT_NOTE = {
  gap: 'campaigns.wait.gap',
  batch_pause: 'campaigns.wait.batchPause',
  outside_hours: 'campaigns.wait.outsideHours',
  daily_cap: 'campaigns.wait.dailyCap'
} as const satisfies Record<PacingWait['code'], MessageKey>
const AUTO_PAUSE_NOTE = {
  disconnected: 'campaigns.autoPause.disconnected',
  failure_rate: 'campaigns.autoPause.failureRate',
  quota: 'campaigns.autoPause.quota',
  unreachable: 'campaigns.autoPause.unreachable'
} as const satisfies Record<AutoPauseReason, MessageKey>

/** Why a device cannot send now, as a moved row's note says it: the reasons the campaign and the queue know. */
const AUTO_PAUSE_WHY = {
  disconnected: 'desktop.stopWhy.disconnected',
  failure_rate: 'desktop.stopWhy.failureRate',
  quota: 'desktop.stopWhy.quota',
  unreachable: 'desktop.stopWhy.unreachable'
} as const satisfies Record<AutoPauseReason, MessageKey>
const BLOCK_WHY = {
  paused: 'desktop.stopWhy.paused',
  'device-paused': 'desktop.stopWhy.devicePaused',
  offline: 'desktop.stopWhy.offline',
  'no-client': 'desktop.stopWhy.noClient',
  'not-sendable': 'desktop.stopWhy.notSendable',
  'device-refused': 'desktop.stopWhy.refused'
} as const satisfies Record<BlockReason, MessageKey>

/**
 * Why a part's rows wait, as the queue keeps it (their timeline): the device state that paused it when one did (kept
 * with the part, worded from device-status.ts' table), else the reason's own words.
 */
function autoPauseNote(reason: AutoPauseReason, cause: DevicePauseCause | null): string {
  if (!cause) return encodeNote(AUTO_PAUSE_NOTE[reason] ?? AUTO_PAUSE_NOTE.failure_rate)
  const words = devicePauseWords(cause)
  return 'stateKey' in words
    ? encodeNote(words.key, { state: encodeNote(words.stateKey) })
    : encodeNote(words.key)
}

/**
 * The send queue's wait over a whole device as a part's wait: its daily cap, counted across every producer (the one
 * device-wide policy), which holds the part however its own pacing reads (QA28 Q28-01: "Sending now" at 8 of 8); or
 * the gateway's 429, which holds the device until its next try (QA39 Q39-01: "Sending now" through it).
 */
function deviceHoldWait(
  wait: { until: number; reason: string } | null,
  pacing: PacingPolicy
): { code: 'daily_cap' | 'rate_limited'; until: number } | null {
  const key = wait && decodeNote(wait.reason)?.key
  if (!wait || !key) return null
  // The cap's new day starts at midnight, the part when its hours are open too (QA61: "continues at 00:00" beside
  // "sending starts 08:00").
  if (key === 'desktop.wait.deviceDailyCap')
    return { code: 'daily_cap', until: nextWorkingInstant(pacing, wait.until) }
  return key === 'desktop.wait.gatewayRateLimited' ? { code: 'rate_limited', until: wait.until } : null
}

/** The device state kept with a paused part, as the view and the notes read it; null when none paused it. */
function causeOf(part: {
  pausedState: string | null
  pausedStateNote: string | null
}): DevicePauseCause | null {
  if (part.pausedState === null) return null
  return {
    state: part.pausedState as DeviceState,
    ...(part.pausedStateNote === null ? {} : { stateNoteKey: part.pausedStateNote })
  }
}

/** A create writes this many rows in its first chunk; later chunks are sized to ~10 ms each (nextChunkSize). */
const FIRST_IMPORT_ROWS = 100
/**
 * Rows a rotation moves in its first turn (in the dispatcher's gate call; a dropped device's 200 rows or fewer still
 * move at once); later turns move what takes ROTATION_MOVES_CPU_MS (nextChunkSize): a fixed 500 was a 35-40 ms
 * block once list positions were kept by triggers on every move.
 */
export const FIRST_ROTATION_MOVES = 200
/**
 * CPU a rotation turn's moves may take: with the reads before them (~2 ms) a turn stays near 12 ms, and a backlog of
 * thousands still moves in a few dozen turns (each turn reads the devices' standings again). At 15 ms, the moves of
 * one turn took up to 24 ms on a slower day (their CPU per row varies with the WAL), the longest block 45 ms.
 */
const ROTATION_MOVES_CPU_MS = 10
/** The process's CPU time in ms: during a synchronous write, the main thread's. */
function processCpuMs(): number {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1000
}

/** Rows deleted per transaction when a half-written campaign is rolled back. */
const DISCARD_IMPORT_ROWS = 500

/**
 * Campaigns this process is creating right now. Module-wide: two campaign stores on one database in one process
 * share the pid, and one must not roll back the other's create as abandoned.
 */
const importingHere = new Set<string>()

/** `unreachable`: the gateway itself could not be reached; `disconnected`: the device dropped or logged out. */
export type AutoPauseReason = 'disconnected' | 'unreachable' | 'failure_rate' | 'quota'

/** A campaign refusal: English in its message (CLI, logs), its key in `text` for the window's language. */
export class CampaignError extends Error {
  readonly text: KeyedText
  constructor(
    readonly code: 'not_found' | 'invalid_input' | 'invalid_state',
    text: KeyedText,
    readonly field?: string
  ) {
    super(englishText(text))
    this.name = 'CampaignError'
    this.text = text
  }
}

/** A campaign's status as a nested note, worded in the operator's language inside a refusal. */
const statusNote = (status: CampaignRecord['status']): string => encodeNote(`campaigns.status.${status}`)

type EndedUnsentBucket = 'optedOut' | 'failed' | 'cancelled'

/**
 * The bucket of a row's message that had already ended unsent, where the buckets put its status (bucketOf): failed,
 * or cancelled here or at the gateway (a row taken back there is not "already with the gateway": it never goes), and
 * as the campaign counts them, a cancel because the number opted out apart (campaign-buckets). Null: not ended unsent.
 */
function endedUnsentBucket(status: ItemStatus, failureMessage: string | null): EndedUnsentBucket | null {
  const bucket = bucketOf(status)
  if (bucket === 'failed') return 'failed'
  if (bucket !== 'cancelled') return null
  return status === 'cancelled' && failureMessage === OPTED_OUT_NOTE ? 'optedOut' : 'cancelled'
}

export interface CreateCampaignInput {
  name: string
  fileName: string
  sheet: Sheet
  mapping: ColumnMapping
  template: string
  pacing: PacingPolicy
  devices: string[]
  /** Seeds the rows' spintax; the preview seeded with the same key (the sheet's id) is what will be sent. */
  seedKey?: string
  /** One file goes with every row (its name): the rendered message becomes its caption, checked against that limit. */
  attachmentName?: string | null
  /** The files picked for the mapping's attachment column: a row naming none of them is skipped (missing_file). */
  fileNames?: readonly string[]
  /** Send to numbers that got the same message within 24 hours too (left out by default: the check's sent_recently). */
  sendRecent?: boolean
}

export interface StartOptions {
  /** Send to numbers that got the same message within 24 hours too (the start checks again: its 24 hours end now). */
  sendRecent?: boolean
}

/** The one file every row of a campaign carries: the outbox's single copy, shared by all its items. */
export interface CampaignFile {
  sha256: string
  size: number
  name: string
  mime: string
  mediaKind: MediaKind
}

export interface CampaignDeviceView {
  deviceId: string
  /** Why its next row waits, and until when (null = it may send now). */
  wait: { code: PacingWait['code'] | 'paused' | 'rate_limited'; until: number | null } | null
  autoPaused: AutoPauseReason | null
  /** The device state (and what its check met) that paused it, kept with the part; null when none did. */
  deviceCause: DevicePauseCause | null
  /** Its rows whose send is in doubt (a 5xx or a time-out cut the answer short): the reports are checked first. */
  checking: number
}

export interface CampaignView {
  id: string
  name: string
  fileName: string
  status: CampaignRecord['status']
  template: string
  mapping: ColumnMapping
  pacing: PacingPolicy
  headers: string[]
  summary: CheckSummary
  /**
   * Rows per outbox status; `waiting` = ready rows not queued yet (draft), `skipped` = rows the check held back,
   * `optedOut` = items cancelled because their number opted out (not under `cancelled`): the domain's CampaignCounts.
   */
  counts: Record<ItemStatus | 'waiting' | 'skipped' | 'optedOut', number>
  devices: CampaignDeviceView[]
  estimate: CampaignEstimate
  createdAt: number
  startedAt: number | null
  /** When it became finished or cancelled; null while it can send, or not known (it ended before this was kept). */
  endedAt: number | null
  /** Why it ended, when its device's removal ended it (`device_removed`); null otherwise. */
  endReason: CampaignEndReason | null
  /** The one file sent with every row, or null for text only. */
  attachmentName: string | null
  /** When it was first taken back, from the take-back's record (its status stays as it was), or null. */
  takenBackAt: number | null
  /** Its take-back its page follows (running or paused first, else the newest that did something), or null. */
  takeBackId: string | null
  /** How many of its take-back's gateway calls are still to be done: while not 0, it is not all taken back yet. */
  takeBackPending: number
  /** Paused by the take-back question on screen (its hold kept), not by the operator. */
  heldForTakeBack?: true
}

/**
 * A campaign's estimated end: of every row left, and against its devices' gateway quotas as last heard (the domain's
 * quotaFinishEstimate), so a running campaign says what its pre-send check said: the part the quotas cover and its
 * end, and how many wait for the quota.
 */
export interface CampaignEstimate {
  finishAt: number | null
  quotaFinish: QuotaFinish
}

export interface CancelReport {
  cancelledRows: number[]
  /** Rows the gateway had already accepted (or that were in flight and cannot be taken back). */
  alreadyAccepted: { rowNumber: number; phone: string | null; status: ItemStatus; gatewayId: string | null }[]
  /**
   * Rows whose messages had already ended unsent, by the campaign's bucket: opted out during the campaign, failed, or
   * cancelled before (alone in the outbox, or taken back at the gateway). With the two above, every row that became a
   * message (QA77: "37 rows cancelled; 1 was already sent" of 40, the two opted out named nowhere).
   */
  endedUnsent: {
    rowNumber: number
    phone: string | null
    bucket: EndedUnsentBucket
    /** Its status: the `cancelled` bucket holds the cancels here and those at the gateway, each named in its words. */
    status: ItemStatus
  }[]
}

export interface AutoPauseOptions {
  /** Look at this many of a device's latest campaign sends… */
  window: number
  /** …and pause its part when this share or more of them failed. */
  maxFailureRate: number
}

export interface CampaignsDeps {
  db: SqliteDatabase
  /** The send queue's producer port: campaigns never touch its table. */
  queue: QueuePort
  /** A device that drops pauses its part of every running campaign (the monitor's state changes). */
  monitor?: Pick<DeviceMonitor, 'on'>
  clock: Clock
  newId?: () => string
  autoPause?: AutoPauseOptions
  /** Told when a device's part of a campaign pauses itself, for a notice with one-click resume. */
  onAutoPause?: (event: {
    campaignId: string
    name: string
    deviceId: string
    reason: AutoPauseReason
    /** The gateway's or the device's own words, when there are any (for example why the number was logged out). */
    note: string | null
  }) => void
  /**
   * Told when a device whose drop paused a campaign's part is sendable again: the part stays paused (the operator
   * resumes it), so the operator is told it can go on.
   */
  onDeviceBack?: (event: { campaignId: string; name: string; deviceId: string }) => void
  onChanged?: (campaignId: string) => void
  /** The opt-out list changed: the scheduled that will not be sent may be more or fewer (QA76). */
  onOptOutsChanged?: () => void
  /** A device's name as the operator knows it, for the rows' notes (a moved row names both devices). */
  deviceName?: (deviceId: string) => string
  /** Told when a created campaign's name column taught contacts' names (the window's names refetch). */
  onContactNamesLearnt?: () => void
  /** Whether the process that began a create still runs (tests stand in for the operating system). */
  isProcessAlive?: (pid: number) => boolean
  /** This process's id, as its creates and holds record it (tests stand in for another process). */
  pid?: number
  /**
   * A device's own daily cap and its sends today (the send queue's budget): the finish estimate holds each device to
   * it, else it promised today's end while the cap sent the rest on later days (QA6 Q04).
   */
  budgetOf?: (
    deviceId: string
  ) => { cap: number | null; sentToday: number; resetsAt: number; zone: string } | null
  /**
   * What other producers (direct sends, series, other campaigns) have waiting to go through a device before its day
   * ends: a campaign not started yet shares the number's cap with them (QA28 Q28-07), so its estimate counts them as
   * sent today. A running campaign's own rows are among them, so only the estimates before a start ask.
   */
  waitingToday?: (deviceId: string) => number
  /**
   * A device's gateway quota as last heard (the monitor's figure, counted down by each send's answer; null: not
   * known): the check's and a campaign's estimate give the part the devices' quotas cover its own end, rather than
   * only the end of every row.
   */
  quotaOf?: (deviceId: string) => number | 'unlimited' | null
  /**
   * CPU time in ms, which sizes a rotation's turns. Tests script it: sizing from the test machine's real CPU made the
   * sizing test fail whenever a loaded machine kept every turn slow.
   */
  cpuMs?: () => number
}

/** Campaigns with at most this many rows left get their finish estimate simulated as the view is made. */
export const SYNC_ESTIMATE_ROWS = 2_000
/** A larger campaign's estimate is made again after this long (or when its pacing, seed or devices change). */
export const ESTIMATE_FRESH_MS = 60_000

/** No end to promise: nothing left to send, or no estimate yet. */
const NO_ESTIMATE: Readonly<CampaignEstimate> = Object.freeze({
  finishAt: null,
  quotaFinish: { kind: 'none' as const }
})

/** An estimate's arguments, its devices' own caps included (one per device, null: none). */
type EstimatePlan = Required<Parameters<typeof estimateSchedule>>

/**
 * What an estimate depends on besides the clock and the rows left (both move with every send), the devices' sends
 * today and their lanes' waits (which move with every send too).
 */
function estimateKey([pacing, seed, , devices, , deviceCaps]: EstimatePlan): string {
  return JSON.stringify([pacing, seed, devices, deviceCaps.map((c) => (c ? [c.cap, c.zone] : null))])
}

/** The earlier / later of two instants either of which may be unknown. */
const earliest = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.min(a, b)
const latest = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b)

/**
 * The rows the same-message rule moves at a draft's start (or would, for checkDraft), each by its row number: one
 * now first left out for it is set aside, one with no problem left is ready again.
 */
class SameMessageTally {
  private readonly setAsideRows: number[] = []
  private readonly readyAgainRows: number[] = []
  // QA73 follow-up: which of those wait (or waited) for the same message rather than got it, and where.
  private readonly setAsideWaitingRows: number[] = []
  private readonly readyAgainWaitingRows: number[] = []
  private readonly setAsideWaitingIn = new WaitingCampaign()
  private readonly readyAgainWaitingIn = new WaitingCampaign()
  // The rows it would have sent whose number opted out since the draft's check: set aside as opted out.
  private readonly optedOutRows: number[] = []

  /**
   * Counts a changed row; its first problem now (undefined: none). A row left out for the same message before and
   * now, only the other way (got it once the gateway reports it sent: QA73), is neither set aside nor ready again.
   */
  add({ rowNumber, problems, before, optedOutRecipient }: SameMessageChange): string | undefined {
    const first = problems[0]
    if (optedOutRecipient === true) this.optedOutRows.push(rowNumber)
    if (first !== undefined && SAME_MESSAGE_CODES.includes(first.code)) {
      if (before === undefined || !SAME_MESSAGE_CODES.includes(before.code)) {
        this.setAsideRows.push(rowNumber)
        if (first.code === 'same_message_waiting') {
          this.setAsideWaitingRows.push(rowNumber)
          this.setAsideWaitingIn.add(first.campaign ?? null)
        }
      }
    } else if (first === undefined) {
      this.readyAgainRows.push(rowNumber)
      if (before?.code === 'same_message_waiting') {
        this.readyAgainWaitingRows.push(rowNumber)
        this.readyAgainWaitingIn.add(before.campaign ?? null)
      }
    }
    return first?.code
  }

  moves(): SameMessageMoves {
    const setAsideWaitingIn = this.setAsideWaitingIn.name()
    const readyAgainWaitingIn = this.readyAgainWaitingIn.name()
    return {
      setAside: this.setAsideRows.length,
      readyAgain: this.readyAgainRows.length,
      setAsideRows: [...this.setAsideRows],
      readyAgainRows: [...this.readyAgainRows],
      ...(this.setAsideWaitingRows.length > 0 ? { setAsideWaitingRows: [...this.setAsideWaitingRows] } : {}),
      ...(this.readyAgainWaitingRows.length > 0
        ? { readyAgainWaitingRows: [...this.readyAgainWaitingRows] }
        : {}),
      ...(setAsideWaitingIn !== null ? { setAsideWaitingIn } : {}),
      ...(readyAgainWaitingIn !== null ? { readyAgainWaitingIn } : {}),
      ...(this.optedOutRows.length > 0 ? { optedOutRows: [...this.optedOutRows] } : {})
    }
  }
}

/** A row's first problem as the same-message rule reads it: its code, and the campaign a waiting row waits in. */
type FirstProblem = { code: string; campaign?: string }

/** The problem of a row whose number is on the opt-out list, as the check writes it. */
const OPTED_OUT: FirstProblem = Object.freeze({ code: 'opted_out' })

/**
 * A row the same-message rule changes: its problems now, and its first problem before (undefined: none). A row whose
 * number opted out since the draft's check is left out as opted out, as the check leaves it out (first, and never asked
 * about the same message); `optedOutRecipient` when the start would have sent it.
 */
interface SameMessageChange {
  rowNumber: number
  problems: FirstProblem[]
  before: FirstProblem | undefined
  optedOutRecipient?: boolean
}

export type Campaigns = ReturnType<typeof createCampaigns>

export function createCampaigns(deps: CampaignsDeps) {
  const store = new CampaignStore(deps.db)
  const queue = deps.queue
  const newId = deps.newId ?? randomUUID
  const autoPause = deps.autoPause ?? { window: 10, maxFailureRate: 0.5 }
  const now = (): number => deps.clock.now()
  const nameOf = (deviceId: string): string => deps.deviceName?.(deviceId) ?? deviceId
  const isProcessAlive = deps.isProcessAlive ?? processAlive
  const ownPid = deps.pid ?? process.pid
  const cpuMs = deps.cpuMs ?? processCpuMs
  /**
   * The devices' own caps for an estimate, in lane order; `othersWaiting` (before a start): what other producers have
   * waiting on each today counts as sent, the number's cap being shared with them.
   */
  const deviceCapsOf = (deviceIds: readonly string[], othersWaiting = false): (DeviceCapToday | null)[] =>
    deviceIds.map((id) => {
      const budget = deps.budgetOf?.(id)
      const waiting = othersWaiting ? (deps.waitingToday?.(id) ?? 0) : 0
      return budget && budget.cap !== null
        ? {
            cap: budget.cap,
            sentToday: budget.sentToday + waiting,
            resetsAt: budget.resetsAt,
            zone: budget.zone
          }
        : null
    })
  /** How many rows a rotation moves per turn, from how long the last full turn took. */
  let rotationMoves = FIRST_ROTATION_MOVES

  /** Delete a half-written campaign's rows in short transactions that yield, then the campaign. */
  async function discardImport(id: string): Promise<void> {
    while (store.discardImportRows(id, DISCARD_IMPORT_ROWS) === DISCARD_IMPORT_ROWS) await yieldToEventLoop()
    store.deleteImport(id)
  }

  /**
   * Creates a crash cut short (their writer is gone; or it is this process's pid, come round again, but not a create
   * running here) are rolled back. A create another live process runs (the CLI while the app runs) is left alone.
   */
  async function discardAbandonedImports(): Promise<number> {
    let discarded = 0
    for (const { id, pid } of store.importing()) {
      if (importingHere.has(id) || (pid !== process.pid && isProcessAlive(pid))) continue
      await discardImport(id)
      discarded++
    }
    return discarded
  }
  // When the store is opened (the app's and each CLI command's start); hidden meanwhile, so nothing waits for it.
  // A failure (the database closed under it) leaves the campaign hidden for the next open to roll back.
  const abandonedImportsDiscarded = discardAbandonedImports().catch(() => 0)

  /**
   * The separator a campaign's CSVs are written with (QA73): the one of the CSV it was imported from, which the
   * operator's spreadsheet program opens; else (an XLSX, or imported before it was kept) the window language's.
   */
  function csvSeparatorOf(campaign: CampaignRecord, language: Language): string {
    return campaign.csvDelimiter ?? listSeparatorOf(language)
  }

  function mustGet(id: string): CampaignRecord {
    const campaign = store.get(id)
    if (!campaign) throw new CampaignError('not_found', { key: 'desktop.error.campaignGone', params: { id } })
    return campaign
  }

  /**
   * Every row (or a page of them) with its item's state as the send queue tells it (rows never queued, or whose items
   * were purged, have none), in row order.
   */
  function resultsOf(id: string, page?: { offset: number; limit: number }): CampaignRowResult[] {
    return withOutcomes(store.rows(id, page))
  }

  /** Rows with where their items stand, as the kernel says it. */
  function withOutcomes(rows: readonly CampaignRowRecord[]): CampaignRowResult[] {
    const ids = rows.flatMap((row) => (row.itemId ? [row.itemId] : []))
    const outcomes = new Map(queue.outcomes.of(ids).map((outcome) => [outcome.id, outcome]))
    const history = queue.outcomes.history(ids)
    const takeBackOpen = queue.outcomes.takeBackOpen(ids)
    return rows.map((row) => {
      const outcome = row.itemId ? outcomes.get(row.itemId) : undefined
      // Its message left the outbox (deleted, or purged): where it ended, as the row kept it (QA62).
      const settled = outcome === undefined ? (row.settled ?? null) : null
      return {
        ...row,
        status: outcome?.status ?? settled?.status ?? null,
        gatewayId: outcome?.gatewayId ?? settled?.gatewayId ?? null,
        sentAt: outcome?.lastAttemptAt ?? settled?.sentAt ?? null,
        acceptedAt: outcome?.acceptedAt ?? settled?.acceptedAt ?? null,
        closedAt: outcome?.closedAt ?? settled?.closedAt ?? null,
        failureMessage: outcome?.failureMessage ?? (settled?.optedOut ? OPTED_OUT_NOTE : null),
        history: row.itemId ? (history.get(row.itemId) ?? []) : [],
        takeBackWaiting: row.itemId !== null && takeBackOpen.has(row.itemId),
        // In doubt, as the outbox says such an item (its waiting reason): the domain's one rule.
        checking: outcome !== undefined && isSendInDoubt(outcome)
      }
    })
  }

  /** The stored policy (JSON) through the domain's rule: one written before the ranges is read as the nearest usable. */
  const pacingOf = (c: CampaignRecord): PacingPolicy => usablePacing(c.pacing)
  /**
   * A policy counting its days where the send queue counts the devices' (`deviceIds`' first; none: a device not
   * chosen yet): a stored policy names no zone when it sends any time of day, and is read with it, never with UTC.
   */
  const onDays = (pacing: PacingPolicy, deviceIds: readonly string[] = []): CampaignPacing =>
    pacingOnDays(pacing, queue.dayZoneOf(deviceIds[0]))
  const mappingOf = (c: CampaignRecord): ColumnMapping => c.mapping as ColumnMapping
  const deviceSeed = (c: CampaignRecord, deviceId: string): number => (c.seed ^ rowSeed(deviceId, 0)) >>> 0

  function assertPacing(pacing: PacingPolicy): void {
    const problems = pacingProblemTexts(pacing)
    if (problems.length > 0) throw new CampaignError('invalid_input', problemList(problems), 'pacing')
  }

  /** The mapping remembered for this layout, else a guess. */
  function mappingFor(headers: readonly string[]): { mapping: ColumnMapping; remembered: boolean } {
    const remembered = store.layout(layoutKey(headers)) as ColumnMapping | undefined
    if (remembered && headers.includes(remembered.phone)) {
      return {
        mapping: { ...remembered, variables: remembered.variables.filter((v) => headers.includes(v)) },
        remembered: true
      }
    }
    return { mapping: guessMapping(headers), remembered: false }
  }

  /**
   * The same-message rule's inputs for a check (shared/domain/same-message): what this app gave the gateway for a
   * number in the last 24 hours, looked up by the outbox's recipient index row by row, and the time now.
   */
  function sameMessageCheck(
    sendRecent = false
  ): Required<Pick<CheckInput, 'recentMessages' | 'now' | 'sendRecent'>> {
    const at = now()
    const since = at - SAME_MESSAGE_WINDOW_MS
    // The campaign a message still waits in is named (QA73), each campaign read once per check.
    const names = new Map<string, string | null>()
    const campaignName = (tag: string | null): string | null => {
      const campaignId = campaignOfTag(tag)
      if (campaignId === null) return null
      if (!names.has(campaignId)) names.set(campaignId, store.get(campaignId)?.name ?? null)
      return names.get(campaignId) ?? null
    }
    return {
      recentMessages: (phone) =>
        queue.outcomes
          .messagesTo(phone, since)
          .map(({ producerTag, ...message }) => ({ ...message, campaign: campaignName(producerTag) })),
      now: at,
      sendRecent
    }
  }

  /** The check the window asks for while the operator edits: in slices, so a large sheet never blocks the core. */
  function check(input: {
    campaignId?: string
    sheet: Sheet
    mapping: ColumnMapping
    template: string
    withAttachment?: boolean
    fileNames?: readonly string[]
    sendRecent?: boolean
  }): Promise<{
    rows: CheckedRows
    summary: CheckSummary
  }> {
    return checkRowsInSlices({
      campaignId: input.campaignId ?? 'preview',
      sheet: input.sheet,
      mapping: input.mapping,
      template: input.template,
      withAttachment: input.withAttachment ?? false,
      fileNames: input.fileNames ?? [],
      optedOut: store.optedOutSet(),
      alreadySent: input.campaignId ? queue.outcomes.reached(tagOf(input.campaignId)) : new Set(),
      ...sameMessageCheck(input.sendRecent)
    })
  }

  /**
   * The end a campaign not created yet would reach, starting now: seeded as create will seed it (by `seedKey`), so
   * it is the estimate the campaign's view gives once started from the same rows.
   */
  async function estimateBeforeCreate(input: {
    pacing: PacingPolicy
    seedKey: string
    rows: number
    devices: number
    /** The devices chosen, when known: each is held to its own daily cap and its gateway quota. */
    deviceIds?: readonly string[]
  }): Promise<CampaignEstimate> {
    return estimateFromNow({ ...input, seed: rowSeed(input.seedKey, 0) })
  }

  /**
   * The end `rows` seeded by `seed` would reach from now, and against the devices' gateway quotas (as last heard):
   * the check's estimate before a create, and a saved draft's before its start.
   */
  async function estimateFromNow(input: {
    pacing: PacingPolicy
    seed: number
    rows: number
    devices: number
    deviceIds?: readonly string[]
  }): Promise<CampaignEstimate> {
    const deviceIds = input.deviceIds ?? []
    const plan: EstimatePlan = [
      onDays(input.pacing, deviceIds),
      input.seed,
      input.rows,
      deviceIds.length || input.devices,
      now(),
      deviceCapsOf(deviceIds, true),
      // Before a start no lane waits, and none has sent.
      [],
      [],
      []
    ]
    return estimateInSlices(plan, deviceIds)
  }

  /**
   * What the devices' gateway quotas (as last heard) cover of `plan`'s rows between them (quotaCovers: rotation gives
   * a spent device's rows to the others), and, when they cover only part, that part's plan: each lane held to its
   * device's quota (covering fewer than every row means every quota is a count), so its end is the last of those
   * sends. Devices not named have no quota known: they cover every row.
   */
  function quotaPlanOf(
    plan: EstimatePlan,
    deviceIds: readonly string[]
  ): { covered: number; coveredPlan: EstimatePlan | null } {
    const quotas = deviceIds.length
      ? deviceIds.map((id) => ({ quota: deps.quotaOf?.(id) ?? null }))
      : [{ quota: null }]
    const quota = quotaCovers(quotas)
    const laneQuotas = quotas.map((q) => (typeof q.quota === 'number' ? q.quota : null))
    const [pacing, seed, rows, devices, start, deviceCaps, laneStarts, , laneLogs] = plan
    return {
      covered: quota,
      coveredPlan:
        quota < rows && quota > 0
          ? [pacing, seed, rows, devices, start, deviceCaps, laneStarts, laneQuotas, laneLogs]
          : null
    }
  }

  /** `plan`'s estimate, simulated now: every row's end, and against the devices' quotas (quotaPlanOf). */
  function estimateNow(plan: EstimatePlan, deviceIds: readonly string[]): CampaignEstimate {
    const { covered, coveredPlan } = quotaPlanOf(plan, deviceIds)
    const { finishAt } = estimateSchedule(...plan)
    const coveredFinishAt = coveredPlan ? estimateSchedule(...coveredPlan).finishAt : null
    return {
      finishAt,
      quotaFinish: quotaFinishEstimate({ messages: plan[2], covered, finishAt, coveredFinishAt })
    }
  }

  /** The same estimate, simulated in slices that yield (estimateScheduleInSlices). */
  async function estimateInSlices(
    plan: EstimatePlan,
    deviceIds: readonly string[]
  ): Promise<CampaignEstimate> {
    const { covered, coveredPlan } = quotaPlanOf(plan, deviceIds)
    const { finishAt } = await estimateScheduleInSlices(...plan, ROWS_PER_SLICE)
    const coveredFinishAt = coveredPlan
      ? (await estimateScheduleInSlices(...coveredPlan, ROWS_PER_SLICE)).finishAt
      : null
    return {
      finishAt,
      quotaFinish: quotaFinishEstimate({ messages: plan[2], covered, finishAt, coveredFinishAt })
    }
  }

  /**
   * Checks the sheet and stores the campaign as a draft. Each chunk of rows is checked, rendered and written in ~10 ms
   * with turns of the event loop between (as the window's check does), so creating from 1,000,000 rows neither holds
   * the core for their whole length nor holds them all as records; all or nothing (writeRows).
   */
  async function create(input: CreateCampaignInput): Promise<CampaignView> {
    if (input.devices.length === 0)
      throw new CampaignError('invalid_input', { key: 'desktop.error.chooseDevice' }, 'devices')
    if (input.template.trim() === '')
      throw new CampaignError('invalid_input', { key: 'desktop.error.messageEmpty' }, 'template')
    if (!input.sheet.headers.includes(input.mapping.phone))
      throw new CampaignError(
        'invalid_input',
        { key: 'desktop.error.noSuchColumn', params: { column: input.mapping.phone } },
        'mapping'
      )
    assertPacing(input.pacing)
    const id = newId()
    // The id seeds the spintax, so the preview shown before create (seeded with the same id) matches the send.
    const checkInput = {
      campaignId: input.seedKey ?? id,
      sheet: input.sheet,
      mapping: input.mapping,
      template: input.template,
      withAttachment: Boolean(input.attachmentName),
      fileNames: input.fileNames ?? [],
      optedOut: store.optedOutSet(),
      ...sameMessageCheck(input.sendRecent)
    }
    // Each row is checked, rendered and written in the chunk that stores it, in order (a duplicate is found against
    // the rows before it): the 1,000,000 rows of a sheet are never all held as records at once.
    const checker = rowChecker(checkInput)
    // What the campaign keeps of each row: its variables for the export and the message it sends.
    const content = rowContent(checkInput)
    const rowsFrom = (start: number, count: number): CampaignRowRecord[] => {
      const chunk: CampaignRowRecord[] = []
      for (let index = start; index < Math.min(start + count, input.sheet.rows.length); index++) {
        const row = checker.check(index)
        const sheetRow = input.sheet.rows.at(index) as SheetRow
        chunk.push({
          ...row,
          values: content.values(sheetRow),
          message: content.message(sheetRow),
          itemId: null,
          deviceId: null
        })
      }
      return chunk
    }
    const at = now()
    // The phone column is no name column (a first guess may name both until the operator fixes the phone's).
    const nameColumn = nameColumnOf(input.mapping)
    if (nameColumn !== null && !input.sheet.headers.includes(nameColumn))
      throw new CampaignError(
        'invalid_input',
        { key: 'desktop.error.noSuchColumn', params: { column: nameColumn } },
        'mapping'
      )
    // The names a chunk's rows teach: a valid number's first row only (a duplicate row's name is not the one kept).
    const namesOf = (chunk: readonly CampaignRowRecord[]): ContactNameFromRow[] => {
      if (nameColumn === null) return []
      const names: ContactNameFromRow[] = []
      for (const row of chunk) {
        if (row.phone === null || row.problems.some((p) => (p as RowProblem).code === 'duplicate')) continue
        const name = sheetNameOf(input.mapping, row.values)
        if (name !== null) names.push({ phone: row.phone, name })
      }
      return names
    }
    await writeRows(
      {
        id,
        // Unnamed: its file's name, numbered when a campaign has it already (QA4 F22: two "promo3" in the list).
        name:
          input.name.trim() ||
          uniqueCampaignName(
            campaignNameFromFile(input.fileName),
            store.list().map((c) => c.name)
          ),
        fileName: input.fileName,
        headers: input.sheet.headers,
        mapping: input.mapping,
        template: input.template,
        pacing: input.pacing,
        devices: [...new Set(input.devices)],
        // Seeded by the key the check's estimate used (the sheet's id): the end the pre-send summary promised is the
        // end the started campaign shows (QA N12: 08:00 there, 08:01 on the Overview, two seeds' gaps).
        seed: rowSeed(input.seedKey ?? id, 0),
        status: 'draft',
        createdAt: at,
        updatedAt: at,
        startedAt: null,
        attachmentName: input.attachmentName ?? null,
        blankRows: input.sheet.blankRows ?? 0,
        // QA73: its CSVs are written with the separator of the file it came from (a `;` file opens in a `;` Excel).
        csvDelimiter: input.sheet.format.kind === 'csv' ? input.sheet.format.delimiter : null
      },
      { count: input.sheet.rows.length, rowsFrom, namesOf },
      () => store.rememberLayout(layoutKey(input.sheet.headers), input.mapping, at)
    )
    if (nameColumn !== null) deps.onContactNamesLearnt?.()
    return viewInSlices(id)
  }

  /**
   * The campaign and its rows, all or nothing, without holding the event loop: the campaign is written as
   * 'importing' (seen by nothing: not listed, counted, started or exported), its rows follow in chunks of ~10 ms with
   * a turn between, and one last transaction makes it a draft (with `atCommit`). A chunk that fails deletes what was
   * written and rejects; a crash leaves an importing campaign that the next open rolls back.
   */
  const rolledBackMeanwhile = (): CampaignError =>
    new CampaignError('invalid_state', { key: 'desktop.error.campaignRolledBack' })

  async function writeRows(
    campaign: CampaignRecord,
    rows: {
      count: number
      rowsFrom(start: number, count: number): CampaignRowRecord[]
      /**
       * The contacts' names a chunk teaches, learnt in its transaction: a create rolled back later keeps them (they are
       * still the operator's spreadsheet's names), and holding 1,000,000 of them for a last transaction would not fit.
       */
      namesOf?(chunk: readonly CampaignRowRecord[]): ContactNameFromRow[]
    },
    atCommit: () => void
  ): Promise<void> {
    importingHere.add(campaign.id)
    try {
      store.beginImport(campaign, process.pid)
      let size = FIRST_IMPORT_ROWS
      for (let start = 0; start < rows.count;) {
        await yieldToEventLoop()
        const began = performance.now()
        const chunk = rows.rowsFrom(start, size)
        if (!store.insertImportRows(campaign.id, chunk, rows.namesOf?.(chunk), campaign.createdAt))
          throw rolledBackMeanwhile()
        start += chunk.length
        size = nextChunkSize(size, performance.now() - began)
      }
      await yieldToEventLoop()
      store.batch(() => {
        if (!store.finishImport(campaign.id, now())) throw rolledBackMeanwhile()
        atCommit()
      })
    } catch (error) {
      importingHere.delete(campaign.id)
      // Still hidden if this fails too: the next open rolls it back.
      await discardImport(campaign.id).catch(() => undefined)
      throw error
    } finally {
      importingHere.delete(campaign.id)
    }
  }

  /** Finish estimates of large campaigns, simulated in slices in the background and kept a while. */
  const estimates = new Map<string, { key: string; at: number; estimate: CampaignEstimate }>()
  const estimating = new Set<string>()

  /**
   * A campaign's view. Its estimate simulates every remaining send (25-70 ms at 10,000 rows, 250 ms at 50,000 here),
   * and the window asks for the view at every change: a small one is simulated now, a large one in the background
   * (the view carries the last estimate, at most ESTIMATE_FRESH_MS old, or none yet; a change event follows).
   */
  function view(id: string): CampaignView {
    const { view, plan, deviceIds } = viewToEstimate(id)
    if (!plan) return view
    view.estimate =
      plan[2] <= SYNC_ESTIMATE_ROWS ? estimateNow(plan, deviceIds) : estimateLater(id, plan, deviceIds)
    return view
  }

  /**
   * What a large campaign's estimate depends on: its plan's (estimateKey), and whether its devices' quotas cover
   * every row left (a top-up, or a quota spent, makes it again at once; the quota's count moves with every send).
   */
  function keyOf(plan: EstimatePlan, deviceIds: readonly string[]): string {
    return `${estimateKey(plan)}|${quotaPlanOf(plan, deviceIds).covered >= plan[2]}`
  }

  function estimateLater(id: string, plan: EstimatePlan, deviceIds: readonly string[]): CampaignEstimate {
    const kept = estimates.get(id)
    const key = keyOf(plan, deviceIds)
    // An end gone by with rows left (the sends went slower than paced) is made again now, however young: the view
    // carries it meanwhile and the window says the campaign runs late rather than promise that time.
    const keptEnd =
      kept?.estimate.quotaFinish.kind === 'part' ? kept.estimate.quotaFinish.at : kept?.estimate.finishAt
    const passed = finishEstimate(keptEnd ?? null, now()).kind === 'late'
    if (kept?.key === key && !passed && now() - kept.at < ESTIMATE_FRESH_MS) return kept.estimate
    if (!estimating.has(id)) {
      estimating.add(id)
      void estimateInSlices(plan, deviceIds)
        .then((estimate) => {
          estimates.set(id, { key, at: now(), estimate })
          deps.onChanged?.(id)
        })
        // The same simulation as a small campaign's, whose tests cover it; failing, the view shows no estimate.
        .catch(() => estimates.set(id, { key, at: now(), estimate: NO_ESTIMATE }))
        .finally(() => estimating.delete(id))
    }
    return kept?.estimate ?? NO_ESTIMATE
  }

  /** The same view with its estimate simulated in slices that yield: what create and start answer with. */
  async function viewInSlices(id: string): Promise<CampaignView> {
    // A turn first: it follows a write's last transaction, and the two together were one block.
    await yieldToEventLoop()
    const { view, plan, deviceIds } = viewToEstimate(id)
    if (plan) {
      view.estimate = await estimateInSlices(plan, deviceIds)
      estimates.set(id, { key: keyOf(plan, deviceIds), at: now(), estimate: view.estimate })
    }
    return view
  }

  /**
   * The view with no estimate yet, and the arguments of the estimate (null: nothing left to send) with its devices, in
   * lane order (their quotas hold it too).
   */
  function viewToEstimate(id: string): {
    view: CampaignView
    plan: EstimatePlan | null
    deviceIds: readonly string[]
  } {
    const campaign = mustGet(id)
    const tally = store.tally(id)
    const itemCounts = queue.outcomes.counts(tagOf(id))
    const counts: CampaignView['counts'] = {
      waiting: 0,
      skipped: 0,
      scheduled: 0,
      queued: 0,
      sending: 0,
      accepted: 0,
      sent: 0,
      delivered: 0,
      read: 0,
      failed: 0,
      cancelled: 0,
      cancelled_at_gateway: 0,
      revoked: 0,
      optedOut: 0
    }
    // Ready rows whose items the queue does not hold (not started, or purged by retention) wait, as before a start.
    let linked = 0
    for (const { status, n } of itemCounts) {
      counts[status] += n
      linked += n
    }
    // Rows whose messages left the outbox (deleted there, or purged) count where they ended (QA62: a finished
    // campaign's deleted messages read as queued again).
    let settledOptedOut = 0
    for (const { status, optedOut, n } of store.settledCounts(id)) {
      counts[status] += n
      linked += n
      if (optedOut) settledOptedOut += n
    }
    // Cancelled because the number opted out: nobody cancelled those, so they are counted apart (the domain's
    // campaign-buckets; QA23 Q23-04), never under cancelled too.
    counts.optedOut = queue.outcomes.cancelledWith(tagOf(id), OPTED_OUT_NOTE) + settledOptedOut
    counts.cancelled -= counts.optedOut
    counts.waiting += Math.max(0, tally.ready - linked)
    const byProblem: CheckSummary['byProblem'] = {}
    const waitingIn = new WaitingCampaign()
    for (const { code, campaign: waitsIn, n } of tally.skipped) {
      counts.skipped += n
      // A row counts once, under its first problem (as summarise counts), so the parts add up to the skipped total.
      const known = code as keyof CheckSummary['byProblem'] | null
      if (known) byProblem[known] = (byProblem[known] ?? 0) + n
      if (code === 'same_message_waiting') waitingIn.add(waitsIn)
    }
    const sameMessageWaitingIn = waitingIn.name()
    // A number that opted out during the campaign passed the check (QA17 Q17-03): the check's summary counts only
    // what the check skipped.
    const ready = Object.values(counts).reduce((sum, n) => sum + n, 0) - counts.skipped
    const summary: CheckSummary = {
      total: ready + counts.skipped,
      ready,
      skipped: counts.skipped,
      byProblem,
      // A draft's rows left out for the same message alone: the ones its "Before you start" may send to again.
      ...(campaign.status === 'draft' && tally.sentRecentlyAlone > 0
        ? { sentRecently: tally.sentRecentlyAlone }
        : {}),
      ...(campaign.status === 'draft' && tally.sentRecentlyWaitingAlone > 0
        ? { sentRecentlyWaiting: tally.sentRecentlyWaitingAlone }
        : {}),
      ...(sameMessageWaitingIn !== null ? { sameMessageWaitingIn } : {}),
      // Kept with the campaign: a saved draft's summary and its export account for every row under the header too.
      ...(campaign.blankRows ? { blankRows: campaign.blankRows } : {})
    }
    const pacing = pacingOf(campaign)
    const remaining = counts.waiting + counts.queued
    const start = Math.max(now(), campaign.startedAt ?? 0)
    const inDoubt = queue.outcomes.inDoubt(tagOf(id))
    // Closed hours hold every row of a running campaign, before any has had its turn (which records the wait): a
    // split's first part, behind another campaign's rows, read "sending" for a minute (QA15 Q15-05).
    const opens = campaign.status === 'running' && remaining > 0 ? nextWorkingInstant(pacing, now()) : null
    const hoursOpenAt = opens !== null && opens > now() ? opens : null
    const view: CampaignView = {
      id,
      name: campaign.name,
      fileName: campaign.fileName,
      status: campaign.status,
      template: campaign.template,
      mapping: mappingOf(campaign),
      pacing,
      headers: campaign.headers,
      summary,
      counts,
      devices: store.devices(id).map((d) => ({
        checking: inDoubt.get(d.deviceId) ?? 0,
        deviceId: d.deviceId,
        wait:
          campaign.status === 'paused'
            ? { code: 'paused', until: null }
            : holdingWait(
                [
                  d.waitCode && d.waitUntil !== null
                    ? { code: d.waitCode as PacingWait['code'], until: d.waitUntil }
                    : null,
                  hoursOpenAt !== null ? { code: 'outside_hours' as const, until: hoursOpenAt } : null,
                  deviceHoldWait(queue.deviceWait(d.deviceId), pacing)
                ],
                now()
              ),
        autoPaused: d.pausedReason as AutoPauseReason | null,
        deviceCause: causeOf(d)
      })),
      estimate: NO_ESTIMATE,
      createdAt: campaign.createdAt,
      startedAt: campaign.startedAt,
      endedAt: campaign.endedAt ?? null,
      endReason: campaign.endReason ?? null,
      attachmentName: campaign.attachmentName,
      takenBackAt: queue.takenBackAt(tagOf(id)),
      takeBackId: queue.latestTakeBack(tagOf(id)),
      takeBackPending: queue.takeBackPending(tagOf(id)),
      ...(campaign.status === 'paused' && store.takeBackHold(id) !== null
        ? { heldForTakeBack: true as const }
        : {})
    }
    // A device in a pause or a gap sends nothing before it ends: its lane starts there (a batch pause's end came
    // after the estimated end when the rows left fitted in one batch, QA12 Q12-07).
    const laneStarts = campaign.devices.map(
      (deviceId) => view.devices.find((d) => d.deviceId === deviceId)?.wait?.until ?? start
    )
    return {
      view,
      deviceIds: campaign.devices,
      // A draft with no device (its only one removed) has no pace, and no end until one is chosen.
      plan:
        remaining === 0 || campaign.devices.length === 0
          ? null
          : [
              onDays(pacing, campaign.devices),
              campaign.seed,
              remaining,
              campaign.devices.length,
              start,
              deviceCapsOf(campaign.devices),
              laneStarts,
              // Every row left: what the devices' quotas cover is planned again from this (quotaPlanOf).
              [],
              // What it sent today on each: the day's cap counts them, as the send decision does.
              campaign.devices.map((deviceId) => sendLogOf(campaign, deviceId, start))
            ]
    }
  }

  /** The file name column's value of a row (as written in the sheet), or null when the mapping names no such column. */
  function rowFileName(campaign: CampaignRecord, row: { values: Record<string, string> }): string | null {
    const column = mappingOf(campaign).attachment
    return column ? (row.values[column] ?? '') : null
  }

  /**
   * The distinct file names (matching keys) the ready, unqueued rows of a campaign name in its attachment column, and
   * the rows left out for the same message alone (a start checks them again, or sends to them again).
   */
  function rowFileNames(id: string): string[] {
    const campaign = mustGet(id)
    const names = store.unqueuedReadyRows(id, undefined, true).map((row) => rowFileName(campaign, row))
    return [...new Set(names.filter((n): n is string => n !== null).map(fileKey))]
  }

  /**
   * A draft's rows against the same-message rule again, as they are about to go (QA: a draft started a day later still
   * left them out, and two campaigns of one message started seconds apart both went): the 24 hours are measured from
   * now, and messages still in line count. A row that no longer matches, or that the operator sends to again
   * (`sendRecent`), is ready again; a ready row that now matches is left out. A row whose number opted out since the
   * draft's check is left out as opted out, as the check leaves it out (not queued, to be cancelled at its turn as
   * opted out "during the campaign"). A slice at a time with a turn between. How many went each way, counted here as
   * they are written (the window says it after the start).
   */
  async function checkSameMessageAgain(id: string, sendRecent: boolean): Promise<SameMessageMoves> {
    const moves = new SameMessageTally()
    await sameMessageChanges(id, sendRecent, (changes) => {
      store.setRowProblems(id, changes)
      for (const change of changes) moves.add(change)
    })
    return moves.moves()
  }

  /**
   * The rows of a draft whose verdict the same-message rule changes now (checkSameMessageAgain), a page at a time to
   * `onPage`, which writes them (a start) or counts them (checkDraft): each with its problems now. A row whose number
   * is on the opt-out list now (it opted out after the draft's check) is left out as opted out, as the check leaves it
   * out; a recipient of the start (ready, or left out for the same message alone and sent to again with `sendsRecent`)
   * is marked so.
   */
  async function sameMessageChanges(
    id: string,
    sendRecent: boolean,
    onPage: (changes: SameMessageChange[]) => void,
    sendsRecent = sendRecent
  ): Promise<{ waitingIn: string | null; waitingAlone: number }> {
    // A lookup in the outbox per row: 2,000 of them and their page were ~40 ms of one block on a busy machine.
    const rowsPerSlice = ROWS_PER_SLICE / 4
    const { recentMessages, now: at } = sameMessageCheck()
    const optedOut = store.optedOutSet()
    const problemNow = (row: { phone: string; message: string }) =>
      sendRecent ? null : sameMessageProblem(recentMessages(row.phone), row.message, at)
    // Every row that can be left out for the same message is read here: the campaign they wait in, as they are now.
    const waitingIn = new WaitingCampaign()
    let waitingAlone = 0
    for (let afterRow = 0; ; await yieldToEventLoop()) {
      const page = store.sameMessageRows(id, { afterRow, limit: rowsPerSlice })
      const changes = page.flatMap((row): SameMessageChange[] => {
        const first = row.problems[0]
        const held = first !== undefined && SAME_MESSAGE_CODES.includes(first.code)
        const others = held ? row.problems.slice(1) : row.problems
        if (optedOut.has(row.phone)) {
          const optedOutRecipient = !held || (sendsRecent && others.length === 0)
          return [
            { rowNumber: row.rowNumber, problems: [OPTED_OUT, ...others], before: first, optedOutRecipient }
          ]
        }
        const now = problemNow(row)
        if (now?.code === 'same_message_waiting') {
          waitingIn.add(now.campaign ?? null)
          // QA73 follow-up: left out for it alone, a start with sendRecent sends to it as well.
          if (others.length === 0) waitingAlone++
        }
        // Still left out the same way (got it, or waiting in the same campaign): unchanged.
        if (held ? JSON.stringify(first) === JSON.stringify(now) : now === null) return []
        return [{ rowNumber: row.rowNumber, problems: now ? [now, ...others] : others, before: first }]
      })
      onPage(changes)
      const last = page.at(-1)
      if (page.length < rowsPerSlice || last === undefined) break
      afterRow = last.rowNumber
    }
    return { waitingIn: waitingIn.name(), waitingAlone }
  }

  /**
   * A draft as its start now would find it (its "Before you start"): the same-message rule asked again of its rows as
   * a start without sendRecent asks it, and the numbers opted out since its check left out, nothing written, and the end of the rows the start would send (with
   * `sendRecent`, those left out for the same message alone too) as the check's estimate gives it.
   */
  async function checkDraft(
    id: string,
    options: StartOptions = {}
  ): Promise<{
    view: CampaignView
    sameMessage: SameMessageMoves
    estimate: CampaignEstimate
    example: DraftExample | null
  }> {
    const campaign = mustGet(id)
    if (campaign.status !== 'draft')
      throw new CampaignError('invalid_state', {
        key: 'desktop.error.onlyDraftStarts',
        params: { status: statusNote(campaign.status) }
      })
    // How the rows a start would change move between the view's counts: a ready row set aside (for the same message
    // alone), a row set aside for it alone ready again, or one set aside for it first left under its next problem.
    const tally = new SameMessageTally()
    // Each changed row moves from its first problem before (none: ready) to its first problem now.
    const firstBefore: Record<string, number> = {}
    const firstNow: Record<string, number> = {}
    // Rows whose number opted out since the draft's check, set aside as opted out: ready ones, and ones left out for
    // the same message alone (no longer rows a start with sendRecent sends to).
    let optedOutReady = 0
    let optedOutAlone = 0
    const onPage = (changes: SameMessageChange[]): void => {
      for (const change of changes) {
        const first = tally.add(change)
        if (change.before !== undefined)
          firstBefore[change.before.code] = (firstBefore[change.before.code] ?? 0) + 1
        if (first !== undefined) firstNow[first] = (firstNow[first] ?? 0) + 1
        if (first === OPTED_OUT.code && change.before === undefined) optedOutReady++
        else if (first === OPTED_OUT.code && change.problems.length === 1) optedOutAlone++
      }
    }
    const { waitingIn, waitingAlone } = await sameMessageChanges(
      id,
      false,
      onPage,
      options.sendRecent ?? false
    )
    const sameMessage = tally.moves()
    const { setAside, readyAgain } = sameMessage
    const { view } = viewToEstimate(id)
    const { counts, summary } = view
    const byProblem: Record<string, number> = { ...summary.byProblem }
    const movedBySameMessage = setAside - readyAgain
    const moved = movedBySameMessage + optedOutReady
    counts.waiting -= moved
    counts.skipped += moved
    for (const [code, n] of Object.entries(firstBefore)) byProblem[code] = (byProblem[code] ?? 0) - n
    for (const [code, n] of Object.entries(firstNow)) byProblem[code] = (byProblem[code] ?? 0) + n
    for (const [code, n] of Object.entries(byProblem)) if (n <= 0) delete byProblem[code]
    const alone = (summary.sentRecently ?? 0) + movedBySameMessage - optedOutAlone
    const {
      sentRecently: _stored,
      sentRecentlyWaiting: _storedWaiting,
      sameMessageWaitingIn: _storedIn,
      ...rest
    } = summary
    view.summary = {
      ...rest,
      ready: summary.ready - moved,
      skipped: summary.skipped + moved,
      byProblem: byProblem as CheckSummary['byProblem'],
      ...(alone > 0 ? { sentRecently: alone } : {}),
      ...(waitingAlone > 0 ? { sentRecentlyWaiting: waitingAlone } : {}),
      ...(waitingIn !== null ? { sameMessageWaitingIn: waitingIn } : {})
    }
    // With no device to send from (its only one was removed) there is no pace: no end until one is chosen.
    const estimate =
      campaign.devices.length === 0
        ? NO_ESTIMATE
        : await estimateFromNow({
            pacing: pacingOf(campaign),
            seed: campaign.seed,
            rows: view.summary.ready + (options.sendRecent ? alone : 0),
            devices: campaign.devices.length,
            deviceIds: campaign.devices
          })
    view.estimate = estimate
    const example = await firstRecipient(campaign, sameMessage, options.sendRecent ?? false)
    return { view, sameMessage, estimate, example }
  }

  /**
   * The first row a start now would send, as checkDraft read the start (`moves`): a ready row it does not set aside,
   * or one left out for the same message alone that it makes ready (or sends to again, with `sendRecent`), its number
   * not opted out since. With the message kept for it at create, the one the start sends (QA81: a draft's "Before you
   * start" showed no message at all), and its name as its sheet gives it. Null when the start would send none.
   */
  async function firstRecipient(
    campaign: CampaignRecord,
    moves: SameMessageMoves,
    sendRecent: boolean
  ): Promise<DraftExample | null> {
    const optedOut = new Set(moves.optedOutRows ?? [])
    const setAside = new Set(sendRecent ? [] : moves.setAsideRows)
    const readyAgain = new Set(moves.readyAgainRows)
    const sends = (row: CampaignRowRecord): boolean =>
      row.phone !== null &&
      !optedOut.has(row.rowNumber) &&
      (row.problems.length === 0 ? !setAside.has(row.rowNumber) : sendRecent || readyAgain.has(row.rowNumber))
    const mapping = mappingOf(campaign)
    for (let afterRow = 0; ; await yieldToEventLoop()) {
      const page = store.unqueuedReadyRows(campaign.id, { afterRow, limit: ROWS_PER_SLICE }, true)
      const row = page.find(sends)
      if (row?.phone) {
        return {
          rowNumber: row.rowNumber,
          phone: row.phone,
          name: sheetNameOf(mapping, row.values),
          message: row.message
        }
      }
      const last = page.at(-1)
      if (page.length < ROWS_PER_SLICE || last === undefined) return null
      afterRow = last.rowNumber
    }
  }

  /**
   * Ready rows become outbox items, dealt to the campaign's devices in turn; with a file, each row is its caption.
   * With an attachment column, `rowFiles` (by fileKey) holds each row's own file, copied once however many rows name it.
   */
  async function start(
    id: string,
    file: CampaignFile | null = null,
    rowFiles: ReadonlyMap<string, CampaignFile> | null = null,
    options: StartOptions = {}
  ): Promise<CampaignView & { sameMessage: SameMessageMoves }> {
    const campaign = mustGet(id)
    if (campaign.status !== 'draft')
      throw new CampaignError('invalid_state', {
        key: 'desktop.error.onlyDraftStarts',
        params: { status: statusNote(campaign.status) }
      })
    // Its only device was removed: its rows went in line on no device, and it read "sending" with none.
    if (campaign.devices.length === 0)
      throw new CampaignError('invalid_input', { key: 'desktop.error.draftNoDevice' }, 'devices')
    // Never text only when the operator attached a file (a restarted app has lost the file until attached again).
    if (campaign.attachmentName !== null && file === null)
      throw new CampaignError(
        'invalid_input',
        { key: 'desktop.error.attachAgain', params: { name: campaign.attachmentName } },
        'attachment'
      )
    const sameMessage = await checkSameMessageAgain(id, options.sendRecent ?? false)
    // Read a slice at a time with a turn between: 10,000 rows (each one's JSON parsed) were ~18 ms of one block.
    const ready: CampaignRowRecord[] = []
    for (let afterRow = 0; ; await yieldToEventLoop()) {
      const page = store.unqueuedReadyRows(id, { afterRow, limit: ROWS_PER_SLICE })
      ready.push(...page)
      const last = page.at(-1)
      if (page.length < ROWS_PER_SLICE || last === undefined) break
      afterRow = last.rowNumber
    }
    const fileOf = (row: (typeof ready)[number]): CampaignFile | null => {
      const name = rowFileName(campaign, row)
      if (name === null) return file
      const own = rowFiles?.get(fileKey(name))
      // Checked at create; a restarted app has lost the picked files until they are picked again.
      if (!own)
        throw new CampaignError(
          'invalid_input',
          { key: 'desktop.error.attachAgain', params: { name } },
          'attachment'
        )
      return own
    }
    const files = ready.map(fileOf)
    const at = now()
    const newItems: NewItem[] = []
    // Built in slices with a turn between: 10,000 items (ids, texts) were ~30 ms of one block before the write.
    for (const [index, row] of ready.entries()) {
      if (index > 0 && index % ROWS_PER_SLICE === 0) await yieldToEventLoop()
      const deviceId = campaign.devices[index % campaign.devices.length] ?? ''
      const itemId = randomUUID()
      const file = files[index] ?? null
      newItems.push({
        id: itemId,
        deviceId,
        recipient: row.phone ?? '',
        isGroup: false,
        kind: file ? file.mediaKind : 'text',
        text: row.message,
        attachmentSha256: file?.sha256 ?? null,
        fileName: file?.name ?? null,
        fileMime: file?.mime ?? null,
        fileSize: file?.size ?? null,
        status: 'queued',
        ...UNSENT,
        queuedAt: at,
        createdAt: at,
        notBefore: null,
        scheduledLocal: null,
        timezone: null,
        scheduleMode: null,
        overduePolicy: null,
        producerTag: tagOf(id),
        producerRef: row.rowNumber,
        note: encodeNote('desktop.note.campaignRow', { name: campaign.name, row: row.rowNumber })
      })
    }
    /** Refused unless the campaign is still a draft: a second start of it, or a cancel, got there first. */
    const assertStillDraft = (): void => {
      const current = mustGet(id)
      if (current.status !== 'draft')
        throw new CampaignError('invalid_state', {
          key: 'desktop.error.onlyDraftStarts',
          params: { status: statusNote(current.status) }
        })
    }
    // Items, links and status all or nothing (a large start is written in fenced chunks that yield): each chunk links
    // its rows, which mean nothing until a start committed (CampaignStore's LINKED_ITEM); the last makes it
    // running. A crash leaves either a draft or a fully queued campaign, and nothing is sent before.
    await queue.add(newItems, {
      // Checked again in the last chunk's transaction: a second start of the same draft passed the check above while
      // this one yielded, and only one of them may queue the rows (the other's chunks roll back).
      atCommit: () => {
        assertStillDraft()
        store.update(id, { status: 'running', startedAt: at }, at)
      },
      attachments: [
        ...new Map(
          files.flatMap((f) => (f ? [[f.sha256, { sha256: f.sha256, size: f.size }] as const] : []))
        ).values()
      ],
      atChunk: (chunk) => {
        assertStillDraft()
        const links = chunk.map((item) => ({
          rowNumber: item.producerRef ?? 0,
          itemId: item.id,
          deviceId: item.deviceId
        }))
        // A row already linked to an item that exists is another start's, still being written: it goes on, this
        // one rolls back (both link in row order, so the first chunk to commit decides).
        const live = queue.outcomes.existing(
          store.linkedItems(
            id,
            links.map((l) => l.rowNumber)
          )
        )
        if (store.linkStartingRows(id, links, [...live]) < links.length)
          throw new CampaignError('invalid_state', { key: 'desktop.error.startUnderWay' })
      }
    })
    deps.onChanged?.(id)
    return { ...(await viewInSlices(id)), sameMessage }
  }

  /**
   * "Split" on a quota or budget shortfall (issue 27, point 1): a draft keeps its first `keep` ready rows, to start now,
   * and a new draft named `restName` takes the ready rows after them (same message, pacing, devices and file name), to
   * be started when the quota allows. Two campaigns, each with its own counts, proof and Start, rather than rows
   * waiting inside a running campaign for a reason no policy could check (the gateway's quota is not ours to count).
   * The rest's files are picked again at its Start, as after a restart (a file's handle goes with the first start).
   */
  function split(id: string, keep: number, restName: string): { kept: CampaignView; rest: CampaignView } {
    const restId = newId()
    const at = now()
    store.batch(() => {
      const campaign = mustGet(id)
      if (campaign.status !== 'draft')
        throw new CampaignError('invalid_state', {
          key: 'desktop.error.onlyDraftSplits',
          params: { status: statusNote(campaign.status) }
        })
      const ready = store.tally(id).ready
      const afterRow = Number.isInteger(keep) && keep >= 1 ? store.nthReadyRow(id, keep) : null
      if (afterRow === null || keep >= ready)
        throw new CampaignError(
          'invalid_input',
          { key: 'desktop.error.splitRange', params: { max: Math.max(0, ready - 1), ready } },
          'keep'
        )
      store.splitOff(
        id,
        {
          ...campaign,
          id: restId,
          // Never a name a campaign has: the window names it past the ones it knows, and may not know them all.
          name: uniqueCampaignName(
            restName.trim() || campaign.name,
            store.list().map((c) => c.name)
          ),
          seed: rowSeed(restId, 0),
          status: 'draft',
          createdAt: at,
          updatedAt: at,
          startedAt: null,
          // The sheet's blank rows stay with the part that keeps its skipped rows (splitOff moves ready rows only).
          blankRows: 0
        },
        afterRow
      )
    })
    deps.onChanged?.(id)
    deps.onChanged?.(restId)
    return { kept: view(id), rest: view(restId) }
  }

  function pause(id: string): CampaignView {
    const campaign = mustGet(id)
    if (campaign.status !== 'running')
      throw new CampaignError('invalid_state', {
        key: 'desktop.error.onlyRunningPauses',
        params: { status: statusNote(campaign.status) }
      })
    store.update(id, { status: 'paused' }, now())
    for (const deviceId of campaign.devices)
      queue.holdProducer(tagOf(id), deviceId, PAUSED_UNTIL, encodeNote('campaigns.wait.paused'))
    deps.onChanged?.(id)
    return view(id)
  }

  /** Resume the whole campaign, or only a device's part that paused itself. */
  function resume(id: string, deviceId?: string): CampaignView {
    const campaign = mustGet(id)
    if (deviceId === undefined && campaign.status !== 'paused' && campaign.status !== 'running')
      throw new CampaignError('invalid_state', {
        key: 'desktop.error.onlyPausedResumes',
        params: { status: statusNote(campaign.status) }
      })
    // With nothing left to send it ends, never "sending" with nothing to send (QA80).
    if (campaign.status === 'paused' && settle(id)) return view(id)
    store.batch(() => {
      if (campaign.status === 'paused') store.update(id, { status: 'running' }, now())
      // The operator's own Resume answers for the campaign: a take-back hold has nothing left to give back.
      if (deviceId === undefined) store.setTakeBackHold(id, null)
      store.setDevicePaused(id, deviceId ?? null, null)
      store.restartOutcomes(id, deviceId ?? null, now())
      queue.releaseProducer(tagOf(id))
    })
    // A part paused because the gateway refused its device (quota spent) is tried at once, not after the backoff.
    const resumed = deviceId === undefined ? campaign.devices : [deviceId]
    for (const device of resumed) queue.probeDeviceNow(device)
    const fresh = mustGet(id)
    for (const device of resumed) rebalance(fresh, device)
    queue.wake()
    deps.onChanged?.(id)
    return view(id)
  }

  function cancel(id: string): CancelReport {
    const campaign = mustGet(id)
    if (campaign.status === 'cancelled' || campaign.status === 'finished')
      throw new CampaignError('invalid_state', {
        key: 'desktop.error.campaignAlready',
        params: { status: statusNote(campaign.status) }
      })
    store.batch(() => {
      store.update(id, { status: 'cancelled' }, now())
      store.setTakeBackHold(id, null)
    })
    const results = resultsOf(id)
    const open = results.filter((r) => r.itemId && (r.status === 'queued' || r.status === 'scheduled'))
    const bulk: BulkResult = queue.cancelMany(open.map((r) => r.itemId ?? ''))
    rowsRefusedFromNow(bulk.done.length)
    const cancelled = new Set(bulk.done)
    const after = resultsOf(id)
    deps.onChanged?.(id)
    const ended = after.flatMap((r) => {
      const bucket = r.status === null ? null : endedUnsentBucket(r.status, r.failureMessage)
      return bucket && r.status && !cancelled.has(r.itemId ?? '')
        ? [{ rowNumber: r.rowNumber, phone: r.phone, bucket, status: r.status }]
        : []
    })
    return {
      cancelledRows: after.filter((r) => r.itemId && cancelled.has(r.itemId)).map((r) => r.rowNumber),
      alreadyAccepted: after
        .filter(
          (r) =>
            r.status !== null &&
            r.status !== 'queued' &&
            r.status !== 'scheduled' &&
            endedUnsentBucket(r.status, r.failureMessage) === null
        )
        .map((r) => ({
          rowNumber: r.rowNumber,
          phone: r.phone,
          status: r.status as ItemStatus,
          gatewayId: r.gatewayId
        })),
      endedUnsent: ended
    }
  }

  /**
   * Take the campaign back (issue 30): it is cancelled first so nothing more leaves, then the queue stops what has
   * not left, cancels what the gateway holds and, when asked, deletes for everyone what was sent. The reply is the
   * take-back's tally; the queue carries the gateway calls like sends.
   */
  function takeBack(id: string, options: { revokeDelivered: boolean }): TakeBackView {
    const campaign = mustGet(id)
    const cancelling = campaign.status === 'running' || campaign.status === 'paused'
    store.batch(() => {
      if (cancelling) store.update(id, { status: 'cancelled' }, now())
      store.setTakeBackHold(id, null)
    })
    const result = queue.takeBackProducer(tagOf(id), options)
    if (cancelling) rowsRefusedFromNow(result.stoppedLocally)
    deps.onChanged?.(id)
    return result
  }

  /**
   * The campaign was just cancelled: from now on the retry hook below refuses its rows, and their views say so
   * (`retryRefusal`). The queue's cancel of its rows announced them (`cancelledNow` of them); with none left to cancel
   * (the operator had cancelled them in the outbox, the rest had gone) nothing was announced, and the window offered
   * Retry on them until it read them again: the change is announced here.
   */
  function rowsRefusedFromNow(cancelledNow: number): void {
    if (cancelledNow === 0) queue.announceBulk(0)
  }

  /**
   * The take-back question is on screen (QA14 Q14-02: rows kept leaving behind it, and its counts went stale): a
   * running campaign is paused at once, as Pause does, so nothing more leaves while the operator reads it. The hold
   * is kept on disk before it pauses (as the dispatcher keeps `sending` before the request): an app closed or crashed
   * with the question open gives the campaign back on its next start (restoreTakeBackHolds). `held` says whether
   * this question paused it (one paused or finished already stays so).
   */
  function holdForTakeBack(id: string): { held: boolean; campaign: CampaignView } {
    const campaign = mustGet(id)
    if (campaign.status !== 'running') return { held: store.takeBackHold(id) !== null, campaign: view(id) }
    store.setTakeBackHold(id, { from: campaign.status, pid: ownPid })
    return { held: true, campaign: pause(id) }
  }

  /** A held campaign back to the status it had before the question; the hold let go in the same write. */
  function endTakeBackHold(id: string, from: CampaignRecord['status']): void {
    const campaign = mustGet(id)
    const restore = campaign.status === 'paused' && from !== 'paused'
    store.batch(() => {
      if (restore) store.update(id, { status: from }, now())
      store.setTakeBackHold(id, null)
    })
    if (!restore) return
    queue.releaseProducer(tagOf(id))
    queue.wake()
    deps.onChanged?.(id)
  }

  /**
   * The operator kept the campaign: the state before the question comes back. Only a campaign this question paused
   * runs again; a device's part that paused itself stays paused (its rows are held again by the pacing check).
   */
  function keepAfterTakeBack(id: string): CampaignView {
    const hold = store.takeBackHold(id)
    if (hold) endTakeBackHold(id, hold.from)
    return view(id)
  }

  /**
   * When the store is opened: a campaign still held for a question no one answers any more (its app closed or
   * crashed with it open, or the process is this one's pid come round again) is given back what it had. A hold a
   * live process keeps (the app, while a CLI command opens the store) is left alone.
   */
  function restoreTakeBackHolds(): void {
    for (const hold of store.takeBackHolds())
      if (hold.pid === ownPid || !isProcessAlive(hold.pid)) endTakeBackHold(hold.id, hold.from)
  }

  /** What takeBack would do now: the counts its confirmation states. */
  function planTakeBack(id: string, options: { revokeDelivered: boolean }): TakeBackPlanView {
    mustGet(id)
    return queue.planTakeBack(tagOf(id), options)
  }

  /** The devices a draft's rows are dealt to at its start, chosen again (one whose only device was removed has none). */
  function setDevices(id: string, devices: readonly string[]): CampaignView {
    const chosen = [...new Set(devices)]
    store.batch(() => {
      const campaign = mustGet(id)
      if (campaign.status !== 'draft')
        throw new CampaignError('invalid_state', {
          key: 'desktop.error.onlyDraftDevices',
          params: { status: statusNote(campaign.status) }
        })
      if (chosen.length === 0)
        throw new CampaignError('invalid_input', { key: 'desktop.error.chooseDevice' }, 'devices')
      store.setDevices(id, chosen, now())
    })
    deps.onChanged?.(id)
    return view(id)
  }

  function setPacing(id: string, pacing: PacingPolicy): CampaignView {
    const campaign = mustGet(id)
    if (campaign.status === 'cancelled' || campaign.status === 'finished')
      throw new CampaignError('invalid_state', {
        key: 'desktop.error.campaignIs',
        params: { status: statusNote(campaign.status) }
      })
    assertPacing(pacing)
    store.update(id, { pacing }, now())
    // Waits computed under the old policy are dropped; the gate recomputes them under the new one.
    if (campaign.status === 'running') {
      queue.releaseProducer(tagOf(id))
      queue.wake()
    }
    deps.onChanged?.(id)
    return view(id)
  }

  function pauseDevice(
    campaign: CampaignRecord,
    deviceId: string,
    reason: AutoPauseReason,
    note: string | null = null,
    cause: DevicePauseCause | null = null
  ): void {
    store.setDevicePaused(
      campaign.id,
      deviceId,
      reason,
      cause && { state: cause.state, note: cause.stateNoteKey ?? null }
    )
    queue.holdProducer(tagOf(campaign.id), deviceId, PAUSED_UNTIL, autoPauseNote(reason, cause))
    deps.onAutoPause?.({ campaignId: campaign.id, name: campaign.name, deviceId, reason, note })
    deps.onChanged?.(campaign.id)
    // Its rows move from the next turn on: the deferral above has just rewritten each of them (5,000 rows and the
    // first rotation turn in one block were the longest block of a rotation, 38-47 ms of the 50 ms budget).
    onNextTurn(campaign.id, (fresh) => rotate(fresh, now()))
  }

  /**
   * `work` on the campaign as it stands on the next turn of the event loop (it may be paused or gone by then). A
   * database closed meanwhile is no error: the next send gate rotates again.
   */
  function onNextTurn(campaignId: string, work: (fresh: CampaignRecord) => void): void {
    setImmediate(() => {
      try {
        const fresh = store.get(campaignId)
        if (fresh) work(fresh)
      } catch {
        // Closed meanwhile: see above.
      }
    })
  }

  /** A device's sends in a campaign as pacing reads them, for the day of `at`. */
  function sendLogOf(campaign: CampaignRecord, deviceId: string, at: number): SendLog {
    const pacing = onDays(pacingOf(campaign), [deviceId])
    const today = dayBounds(pacing, at)
    const queued = queue.outcomes.sendLog(tagOf(campaign.id), deviceId, today.start, today.end)
    // Sends whose messages were deleted from the outbox were made all the same: the cap and the gaps count them.
    const settled = store.settledSendLog(campaign.id, deviceId, today.start, today.end)
    const first = earliest(queued.first, settled.first)
    return {
      count: queued.count + settled.count,
      last: latest(queued.last, settled.last),
      firstDay: first === null ? null : dayIn(first, zoneOfPolicy(pacing)),
      perDay: new Map([[today.day, queued.inRange + settled.inRange]])
    }
  }

  /**
   * Where each chosen device stands for rotation: `stopped` waits for the operator or the device (paused, logged
   * out, refused), `capped` has used today's cap, `ready` may send today, `left` more sends today.
   */
  function standings(
    campaign: CampaignRecord,
    at: number
  ): { deviceId: string; state: 'ready' | 'capped' | 'stopped'; left: number; why?: MessageKey }[] {
    return store.devices(campaign.id).map(({ deviceId, pausedReason }) => {
      const block = queue.sendBlock(deviceId)
      if (pausedReason !== null || block !== null) {
        const why =
          pausedReason !== null ? AUTO_PAUSE_WHY[pausedReason as AutoPauseReason] : BLOCK_WHY[block!.reason]
        return { deviceId, state: 'stopped', left: 0, why }
      }
      const left = capLeft(onDays(pacingOf(campaign), [deviceId]), sendLogOf(campaign, deviceId, at), at)
      return { deviceId, state: left > 0 ? 'ready' : 'capped', left }
    })
  }

  /**
   * Rotation across the chosen devices: rows never tried that wait on a stopped or capped device go to devices that
   * may send today, up to what their cap leaves beyond the rows they hold; a stopped device's remaining rows go to
   * the others in turn (a capped device goes on by itself tomorrow, a stopped one only when someone acts). Each
   * device's own pacing still applies to what it receives (its gate counts its own sends). A row tried even once
   * never moves: its outcome may be unknown. `keep` is a device whose row the dispatcher is about to send: it is
   * never a source. Runs on every campaign send, so the common case (every device ready) costs no queue query.
   */
  function rotate(campaign: CampaignRecord, at: number, keep?: string): void {
    if (campaign.status !== 'running' || campaign.devices.length < 2) return
    const all = standings(campaign, at)
    // A turn moves at most one slice: the first moves, dealt from the first rows of each line. One row more than a
    // slice per line deals the same first moves, and one more than a slice when there are (then moveInSlices turns
    // again); reading whole lines (a 5,000-row backlog, again every turn) was thrown away.
    const sources = all
      .filter((d) => d.state !== 'ready' && d.deviceId !== keep)
      .map((d) => ({ ...d, ids: queue.outcomes.untried(tagOf(campaign.id), d.deviceId, rotationMoves + 1) }))
      .filter((d) => d.ids.length > 0)
    if (sources.length === 0) return
    const ready = all
      .filter((d) => d.state === 'ready')
      .map((d) => ({
        ...d,
        room: Math.max(0, d.left - queue.outcomes.queued(tagOf(campaign.id), d.deviceId))
      }))
    const others = all.filter((d) => d.state !== 'stopped')
    const moves: { itemId: string; deviceId: string }[] = []
    const reasons = new Map<string, MessageKey | 'capped'>()
    for (const source of sources) {
      let next = 0
      const give = (deviceId: string): void => {
        const itemId = source.ids[next++]
        if (itemId === undefined) return
        moves.push({ itemId, deviceId })
        reasons.set(
          itemId,
          source.state === 'stopped' ? (source.why ?? 'desktop.stopWhy.notSendable') : 'capped'
        )
      }
      // What the devices that may still send today can take, dealt in turn.
      for (let open = ready.filter((d) => d.room > 0); next < source.ids.length && open.length > 0;) {
        for (const device of open) {
          if (next >= source.ids.length) break
          give(device.deviceId)
          device.room--
        }
        open = open.filter((d) => d.room > 0)
      }
      if (source.state !== 'stopped' || others.length === 0) continue
      for (let turn = 0; next < source.ids.length; turn++) give(others[turn % others.length]?.deviceId ?? '')
    }
    moveInSlices(
      campaign,
      moves,
      ({ itemId, from, to }) => {
        const why = reasons.get(itemId) ?? 'capped'
        const names = { from: nameOf(from), to: nameOf(to) }
        return why === 'capped'
          ? encodeNote('desktop.note.rowMovedCapped', names)
          : encodeNote('desktop.note.rowMovedStopped', { ...names, why: encodeNote(why) })
      },
      (fresh) => rotate(fresh, now(), keep)
    )
  }

  /**
   * Move a campaign's untried rows to other devices, a slice a turn: a large backlog moves `rotationMoves` now and
   * the rest on the next turn, worked out afresh by `again` (the campaign may be paused or a device back by then).
   * Rows not moved yet wait where they are; none is lost.
   */
  function moveInSlices(
    campaign: CampaignRecord,
    moves: { itemId: string; deviceId: string }[],
    note: (move: { itemId: string; from: string; to: string }) => string,
    again: (fresh: CampaignRecord) => void
  ): void {
    if (moves.length === 0) return
    const slice = rotationMoves
    if (moves.length > slice) {
      moves.length = slice
      onNextTurn(campaign.id, again)
    }
    const began = cpuMs()
    const moved = queue.move(moves, note, (done) => store.setItemDevices(campaign.id, done))
    // Only a full slice tells how many rows fit in a turn. Its moves alone are timed, in CPU: the reads before them
    // (standings, lines) and the commit's fsync do not grow with the slice, and on a loaded machine the wall clock
    // runs several times the CPU; either counted in shrank the slices to 20 rows, each turn paying the reads again.
    if (moves.length === slice) rotationMoves = nextChunkSize(slice, cpuMs() - began, ROTATION_MOVES_CPU_MS)
    if (moved.length > 0) deps.onChanged?.(campaign.id)
  }

  /**
   * A device back in a running campaign (its part resumed) takes its share of the rows never tried that the other
   * devices able to send hold: while it was stopped, rotation gave its rows away, and without this it would sit idle
   * while the others carry its part. Rows come from the end of the fullest devices' lines (the rows about to go stay
   * put), within what its own cap leaves today; in rotation's slices.
   */
  function rebalance(campaign: CampaignRecord, to: string): void {
    if (campaign.status !== 'running' || campaign.devices.length < 2) return
    const all = standings(campaign, now())
    const target = all.find((d) => d.deviceId === to)
    if (target?.state !== 'ready') return
    const ready = all.filter((d) => d.state === 'ready')
    const held = ready.map((d) => ({
      deviceId: d.deviceId,
      ids: queue.outcomes.untried(tagOf(campaign.id), d.deviceId)
    }))
    const total = held.reduce((n, d) => n + d.ids.length, 0)
    let holds = held.find((d) => d.deviceId === to)?.ids.length ?? 0
    const share = Math.floor(total / ready.length) - holds
    const room = target.left - queue.outcomes.queued(tagOf(campaign.id), to)
    const wanted = Math.min(share, room)
    const donors = held.filter((d) => d.deviceId !== to)
    const moves: { itemId: string; deviceId: string }[] = []
    while (moves.length < wanted) {
      const fullest = donors.reduce<(typeof donors)[number] | undefined>(
        (most, d) => (most === undefined || d.ids.length > most.ids.length ? d : most),
        undefined
      )
      // Stop once no donor holds more than the device does: moving more would only unbalance the other way.
      if (!fullest || fullest.ids.length <= holds + 1) break
      const itemId = fullest.ids.pop()
      if (itemId === undefined) break
      moves.push({ itemId, deviceId: to })
      holds++
    }
    moveInSlices(
      campaign,
      moves,
      ({ from, to: device }) =>
        encodeNote('desktop.note.rowMovedResumed', { from: nameOf(from), to: nameOf(device) }),
      (fresh) => rebalance(fresh, to)
    )
  }

  /**
   * From the device monitor (disconnected, logged out: with the state the check met, `cause`) or a send error (quota
   * spent).
   */
  function autoPauseDevice(
    deviceId: string,
    reason: AutoPauseReason,
    note: string | null = null,
    cause: DevicePauseCause | null = null
  ): string[] {
    const paused: string[] = []
    for (const campaignId of store.runningOn(deviceId)) {
      const campaign = store.get(campaignId)
      const device = store.devices(campaignId).find((d) => d.deviceId === deviceId)
      if (!campaign || device?.pausedReason) continue
      pauseDevice(campaign, deviceId, reason, note, cause)
      paused.push(campaignId)
    }
    return paused
  }

  /** A device is sendable again: each running campaign whose part its drop paused is said to be waiting for Resume. */
  function tellDeviceBack(deviceId: string): void {
    for (const campaignId of store.runningOn(deviceId)) {
      const campaign = store.get(campaignId)
      const reason = store.devices(campaignId).find((d) => d.deviceId === deviceId)?.pausedReason
      if (campaign && (reason === 'disconnected' || reason === 'unreachable'))
        deps.onDeviceBack?.({ campaignId, name: campaign.name, deviceId })
    }
  }

  function campaignOfRow(item: ItemRecord): CampaignRecord | undefined {
    const campaignId = campaignOfTag(item.producerTag)
    return campaignId === null ? undefined : store.get(campaignId)
  }

  /**
   * The campaign's send policy: when may this row go? Paused campaigns and devices hold their rows; a troubled device
   * pauses its part; otherwise pacing decides. The queue keeps the wait and its reason with the rows.
   */
  function checkRow(item: ItemRecord, at: number): PolicyVerdict {
    const campaign = campaignOfRow(item)
    if (!campaign) return null
    // However a row of a cancelled campaign came back in line (an edit of a failed row), it does not go.
    if (campaign.status === 'cancelled')
      return { cancel: { reason: encodeNote('desktop.note.campaignCancelled', { name: campaign.name }) } }
    const hold = (reason: string): PolicyVerdict => ({
      wait: { until: PAUSED_UNTIL, reason, scope: 'producer' }
    })
    if (campaign.status === 'paused' || campaign.status === 'draft')
      return hold(encodeNote('campaigns.wait.paused'))
    const device = store.devices(campaign.id).find((d) => d.deviceId === item.deviceId)
    if (device?.pausedReason) {
      rotate(campaign, at)
      return hold(autoPauseNote(device.pausedReason as AutoPauseReason, causeOf(device)))
    }
    const since = store.outcomesFrom(campaign.id, item.deviceId)
    const outcomes = queue.outcomes.recent(tagOf(campaign.id), item.deviceId, since, autoPause.window)
    const failed = outcomes.filter((s) => s === 'failed').length
    if (outcomes.length >= autoPause.window && failed / outcomes.length >= autoPause.maxFailureRate) {
      pauseDevice(campaign, item.deviceId, 'failure_rate')
      return hold(encodeNote(AUTO_PAUSE_NOTE.failure_rate))
    }
    const decision = decideFromLog(
      onDays(pacingOf(campaign), [item.deviceId]),
      deviceSeed(campaign, item.deviceId),
      sendLogOf(campaign, item.deviceId, at),
      at
    )
    if (decision.go) {
      store.setWait(campaign.id, item.deviceId, null, null)
      // This device may send: it takes over rows waiting on a stopped or capped one (never its own row about to go).
      rotate(campaign, at, item.deviceId)
      return null
    }
    store.setWait(campaign.id, item.deviceId, decision.wait.code, decision.wait.until)
    if (decision.wait.code === 'daily_cap') rotate(campaign, at)
    deps.onChanged?.(campaign.id)
    const reason = encodeNote(WAIT_NOTE[decision.wait.code], {
      until: new Date(Math.min(decision.wait.until, LAST_DATE_MS)).toISOString()
    })
    return { wait: { until: decision.wait.until, reason, scope: 'producer' } }
  }
  // A campaign never sends to a number that opted out, whenever it opted out: its row is cancelled at its turn (a row
  // already with the gateway cannot be taken back here). Any other message only when its number opted out after it
  // was written (QA61: a message scheduled before the customer's STOP went, and failed at the gateway's blacklist);
  // one written to a number already listed was the operator's answer to the opt-out ask, and goes.
  const optedOutSince = (item: ItemRecord): number | null => {
    if (item.isGroup) return null
    const optedOutAt = store.optedOutAt(item.recipient)
    if (optedOutAt === null) return null
    return campaignOfTag(item.producerTag) !== null || optedOutAt > item.createdAt ? optedOutAt : null
  }
  queue.addPolicy({
    ...cancellingPolicy('opt-outs', (item) => (optedOutSince(item) === null ? null : OPTED_OUT_NOTE)),
    optedOutSince
  })
  // Nor does a retry send again to a number on the list, whoever wrote the message (QA61: "Retry selected" sent a
  // customer's cancelled messages after their STOP, unasked): the number is taken off the list first.
  queue.addRetryHook({
    refuseRetry: (item) =>
      !item.isGroup && store.isOptedOut(item.recipient)
        ? { code: 'opted_out', why: encodeNote('desktop.error.whyOptedOut') }
        : null,
    retried: () => undefined
  })
  queue.addPolicy({ name: 'campaign pacing', check: checkRow })
  // The outbox's retry is the operator's too: a cancelled (or taken back) campaign's rows stay cancelled, and a row
  // of a finished campaign sent again makes it run until that row settles (counted, paced and shown as sending).
  queue.addRetryHook({
    refuseRetry(item) {
      const campaign = campaignOfRow(item)
      return campaign?.status === 'cancelled'
        ? {
            code: 'producer_refused',
            why: encodeNote('desktop.error.whyCampaignCancelled', { name: campaign.name })
          }
        : null
    },
    retried(item) {
      const campaign = campaignOfRow(item)
      if (campaign?.status !== 'finished') return
      store.update(campaign.id, { status: 'running' }, now())
      deps.onChanged?.(campaign.id)
    }
  })

  /**
   * A number opted out while a campaign runs is never sent to: its rows still waiting in the outbox are cancelled
   * (a row already with the gateway cannot be taken back).
   */
  function cancelOptedOutRows(phones: ReadonlySet<string>): void {
    for (const campaign of store.list()) {
      if (campaign.status !== 'running' && campaign.status !== 'paused') continue
      const waiting = resultsOf(campaign.id).filter(
        (r) => r.itemId && r.status === 'queued' && r.phone !== null && phones.has(r.phone)
      )
      if (waiting.length === 0) continue
      queue.cancelMany(
        waiting.map((r) => r.itemId ?? ''),
        OPTED_OUT_NOTE
      )
      deps.onChanged?.(campaign.id)
    }
  }

  /**
   * Campaigns whose last device is being removed: its queue's cancel leaves them nothing to send, and they end once it
   * is gone, cancelled, saying why (forgetDevice), never finished by a settle in between.
   */
  const endingWithDevice = new Set<string>()

  /**
   * A campaign that can still send (running, or paused: its pause holds nothing then) with nothing left queued,
   * scheduled, in flight or waiting is finished (QA80: one paused whose rows were all cancelled in the Outbox stayed
   * "paused" with 0 queued, and its Resume made it "Sending now" for good). Whether it ended so.
   */
  function settle(id: string): boolean {
    const campaign = store.get(id)
    if (!campaign || (campaign.status !== 'running' && campaign.status !== 'paused')) return false
    if (endingWithDevice.has(id)) return false
    // Its counts alone: no estimate is simulated (nor started in the background) for a view no one reads.
    const { counts } = viewToEstimate(id).view
    if (counts.queued + counts.sending + counts.waiting + counts.scheduled > 0) return false
    store.batch(() => {
      store.update(id, { status: 'finished' }, now())
      // A take-back question that paused it has nothing left to hold.
      store.setTakeBackHold(id, null)
    })
    deps.onChanged?.(id)
    return true
  }

  /** Every campaign with nothing left to send becomes finished (after the queue's progress, and at a start). */
  function settleAll(): void {
    for (const campaign of store.list())
      if (campaign.status === 'running' || campaign.status === 'paused') settle(campaign.id)
  }

  // Campaigns react to the world themselves: a device that drops pauses its part of every running campaign (so it
  // resumes only when the operator says so), a spent quota too, and progress may finish a running campaign.
  deps.monitor?.on('stateChanged', (deviceId, from, to, note) => {
    if (isSendable(from) && !isSendable(to)) {
      // The state and the check's note key name the cause (logged out, 429, 5xx…): kept with the part, which
      // otherwise said "could not be reached" for any of them once the device was back.
      const stateNoteKey = decodeNote(note)?.key
      autoPauseDevice(deviceId, to === 'unreachable' ? 'unreachable' : 'disconnected', note, {
        state: to,
        ...(stateNoteKey ? { stateNoteKey } : {})
      })
    }
    if (!isSendable(from) && isSendable(to)) tellDeviceBack(deviceId)
  })
  queue.on('deviceRefused', (deviceId, code, message) => {
    if (code === 'quota_exceeded') autoPauseDevice(deviceId, 'quota', message)
  })
  queue.on('countsChanged', settleAll)
  // A wait over the whole device (its daily cap, the gateway's "slow down") begins or ends with no row of a campaign
  // changing: the parts on it are read again then.
  queue.on('deviceWaitChanged', (deviceId) => {
    for (const id of store.runningOn(deviceId)) deps.onChanged?.(id)
  })

  /** The campaigns that can still send on `deviceId` (running or paused): those its removal touches. */
  const sendingOn = (deviceId: string): CampaignRecord[] =>
    store
      .list()
      .filter((c) => (c.status === 'running' || c.status === 'paused') && c.devices.includes(deviceId))

  /**
   * A device being removed: its rows never tried go to the campaign's other devices (the campaign goes on without
   * it); what cannot move (tried once, or no other device) is cancelled with the device's queue. Once it is gone,
   * campaigns forget it, and a campaign it was the last device of ends then, cancelled, saying why (QA77: it stayed
   * paused with nothing to send, Resume said no device could send, and a later campaign's start called it finished).
   * The removal's question is told beforehand which of the two each campaign does. A draft naming it keeps its other
   * devices, or has none, and its start is refused until one is chosen for it (it queued its rows on no device); the
   * question names each.
   */
  const removalHook: DeviceRemovalHook = {
    preview(deviceId) {
      return {
        campaigns: sendingOn(deviceId).map((c) => {
          const movesTo = c.devices.filter((d) => d !== deviceId)
          return {
            id: c.id,
            name: c.name,
            movesTo: movesTo.map(nameOf),
            // The rows holdDevice moves: none when there is nowhere to move them.
            moving: movesTo.length === 0 ? 0 : queue.outcomes.untried(tagOf(c.id), deviceId).length
          }
        }),
        // A draft loses it too: one left with none cannot start until a device is chosen for it.
        drafts: store
          .list()
          .filter((c) => c.status === 'draft' && c.devices.includes(deviceId))
          .map((c) => ({
            id: c.id,
            name: c.name,
            keeps: c.devices.filter((d) => d !== deviceId).map(nameOf)
          }))
      }
    },
    holdDevice(deviceId) {
      for (const c of sendingOn(deviceId))
        if (c.devices.every((d) => d === deviceId)) endingWithDevice.add(c.id)
      for (const campaign of store.list()) {
        if (campaign.status !== 'running' && campaign.status !== 'paused') continue
        const others = campaign.devices.filter((d) => d !== deviceId)
        if (others.length === 0 || !campaign.devices.includes(deviceId)) continue
        const ids = queue.outcomes.untried(tagOf(campaign.id), deviceId)
        const moves = ids.map((itemId, i) => ({ itemId, deviceId: others[i % others.length] ?? '' }))
        queue.move(
          moves,
          ({ from, to }) =>
            encodeNote('desktop.note.rowMovedRemoved', { from: nameOf(from), to: nameOf(to) }),
          (done) => store.setItemDevices(campaign.id, done)
        )
        deps.onChanged?.(campaign.id)
      }
    },
    forgetDevice(deviceId) {
      const ending = sendingOn(deviceId).filter((c) => c.devices.every((d) => d === deviceId))
      // The drafts naming it lose it too (dropDevice says nothing): a draft's page open then says what it has left.
      const drafts = store.list().filter((c) => c.status === 'draft' && c.devices.includes(deviceId))
      store.batch(() => {
        store.dropDevice(deviceId, now())
        for (const { id } of ending) {
          store.update(id, { status: 'cancelled', endReason: 'device_removed' }, now())
          store.setTakeBackHold(id, null)
        }
      })
      for (const { id } of ending) endingWithDevice.delete(id)
      if (ending.length > 0) rowsRefusedFromNow(0)
      for (const { id } of [...ending, ...drafts]) deps.onChanged?.(id)
    }
  }

  /**
   * Campaigns the terminal made under its own ids for a device (`terminalIds`: the device's credentials hashed) become
   * that device's, each in one transaction with its items: its list of devices, its part, its rows' proof and its
   * items (in-doubt ones settled through the device's reports before any resend). Only while this process is the
   * dispatcher; a campaign whose items the terminal is still writing waits for a later call. The ones taken over.
   */
  function adoptTerminalCampaigns(terminalIds: readonly string[], deviceId: string): string[] {
    const adopted = store
      .naming(terminalIds)
      .filter(
        (id) =>
          queue.adoptTerminalProducer(tagOf(id), terminalIds, deviceId, () =>
            store.renameDevice(id, terminalIds, deviceId, now())
          ) !== null
      )
    for (const id of adopted) deps.onChanged?.(id)
    return adopted
  }

  // A start gives back campaigns held for a take-back question that was never answered (Q14-02), and ends those
  // left with nothing to send (no change of the queue's counts may come to settle them).
  restoreTakeBackHolds()
  settleAll()

  return {
    removalHook,
    /** Settles once the creates a crash cut short, found when this store was opened, are rolled back (how many). */
    abandonedImportsDiscarded,
    mappingFor,
    check,
    estimateBeforeCreate,
    /** What other producers have waiting on a device before its day ends (0 when not known). */
    waitingToday: (deviceId: string): number => deps.waitingToday?.(deviceId) ?? 0,
    checkDraft,
    create,
    get: view,
    list: () => store.list().map((c) => view(c.id)),
    start,
    split,
    rowFileNames,
    pause,
    resume,
    cancel,
    takeBack,
    /** Its take-backs not finished yet (running or paused), oldest first: the terminal pauses and resumes them. */
    openTakeBacks: (id: string): string[] => queue.openTakeBacks(tagOf(id)),
    planTakeBack,
    holdForTakeBack,
    keepAfterTakeBack,
    setDevices,
    setPacing,
    autoPauseDevice,
    adoptTerminalCampaigns,
    /** The campaigns that can still change (not finished or cancelled), by id. */
    unfinishedIds: (): string[] => store.unfinishedIds(),
    /** Where a campaign's pause holds its rows: a producer tag and a device, for the queue's count of them. */
    pausedParts: (): { tag: string; deviceId: string }[] =>
      store.pausedParts().map(({ campaignId, deviceId }) => ({ tag: tagOf(campaignId), deviceId })),
    /**
     * Of the queue, how many items running campaigns hold for working hours or their daily cap (PacedQueued), but on
     * `pausedDevices` (their pause holds them: counted as paused).
     */
    pacedQueued: (pausedDevices: ReadonlySet<string>): PacedQueued => {
      const paced = { outsideHours: 0, dailyCap: 0 }
      for (const { campaignId, deviceId, code } of store.pacedParts())
        if (!pausedDevices.has(deviceId))
          paced[code === 'daily_cap' ? 'dailyCap' : 'outsideHours'] += queue.outcomes.queued(
            tagOf(campaignId),
            deviceId
          )
      return paced
    },
    settle,
    settleAll,
    /**
     * The results as CSV or XLSX bytes: times in `timeZone` (the outbox export's zone, never the campaign's working
     * hours': QA23 Q23-02), date cells in XLSX; devices by `deviceName`.
     */
    async exportResults(
      id: string,
      format: 'csv' | 'xlsx',
      deviceName?: (deviceId: string) => string,
      language: Language = 'en',
      control: ExportControl = {},
      timeZone: string = exportTimeZone()
    ): Promise<Uint8Array> {
      const campaign = mustGet(id)
      const { variables } = mappingOf(campaign)
      const blankRows = campaign.blankRows ?? 0
      const table = resultsTable(variables, resultsOf(id), timeZone, deviceName, language, {
        blankRows,
        campaign
      })
      return writeTable(table, format, campaign.name, control, csvSeparatorOf(campaign, language))
    },
    skippedCsv(id: string, language: Language = 'en'): string {
      const campaign = mustGet(id)
      const blankRows = campaign.blankRows ?? 0
      return tableToCsv(
        skippedTable(mappingOf(campaign).variables, resultsOf(id), language, { blankRows }),
        csvSeparatorOf(campaign, language)
      )
    },
    results: (id: string): CampaignRowResult[] => {
      mustGet(id)
      return resultsOf(id)
    },
    /** Rows sent, delivered, read and failed over time (cumulative): the progress chart's lines. */
    progress: (id: string): ProgressSeries => {
      mustGet(id)
      return progressSeries(queue.outcomes, tagOf(id))
    },
    /** One page of the results in row order (`only` its failed rows), and how many there are: the window's table. */
    resultsPage: (
      id: string,
      offset: number,
      limit: number,
      only?: 'failed'
    ): { rows: CampaignRowResult[]; total: number } => {
      mustGet(id)
      return store.batch(() => {
        if (only === undefined) return { rows: resultsOf(id, { offset, limit }), total: store.rowCount(id) }
        // Its failed rows alone (the ones to look at after a send of thousands), in sheet order, by the kernel's word.
        const { refs, total } = queue.outcomes.refsIn(tagOf(id), only, { offset, limit })
        return { rows: withOutcomes(store.rowsNumbered(id, refs)), total }
      })
    },
    optOuts: {
      /** `keyword`: the customer's word, when a keyword reply put the numbers on the list. */
      add: (phones: readonly string[], source: string, keyword: string | null = null): number => {
        const added = store.addOptOuts(phones, source, now(), keyword)
        cancelOptedOutRows(new Set(phones))
        deps.onOptOutsChanged?.()
        return added
      },
      remove: (phone: string) => {
        const removed = store.removeOptOut(phone)
        deps.onOptOutsChanged?.()
        return removed
      },
      /** Many numbers at once; answers the entries taken off, to put back as they were (restore). */
      removeMany: (phones: readonly string[]) => {
        const removed = store.removeOptOuts(phones)
        deps.onOptOutsChanged?.()
        return removed
      },
      /** Entries taken off put back: what opting out does to waiting campaign rows, it does again. */
      restore: (entries: readonly Omit<OptOutRecord, 'name'>[]): number => {
        const restored = store.restoreOptOuts(entries)
        cancelOptedOutRows(new Set(entries.map((e) => e.phone)))
        deps.onOptOutsChanged?.()
        return restored
      },
      has: (phone: string) => store.isOptedOut(phone),
      list: () => store.optOuts(),
      /** A page of the entries `search` finds (all when none), newest first, with their count and the list's. */
      page: (options: { search?: string; limit?: number; offset?: number }) => store.optOutsPage(options)
    }
  }
}

/** A checked file copied once into the outbox, to be shared by every row that carries it. */
export async function copyCampaignFile(
  outbox: Pick<QueuePort, 'copyFile'>,
  file: RegisteredFile
): Promise<CampaignFile> {
  const copy = await outbox.copyFile(fileEntryOf(file))
  return { ...copy, name: file.name, mime: file.mime, mediaKind: file.kind }
}

/**
 * The files a campaign's rows name, each copied once (by matching key). A copy that matched an old attachment is
 * only safe until the insert references it: `copyFile` re-checks each copy right after its own await, but a
 * retention sweep during a later copy may still remove an earlier one. So every copy is checked once more right
 * before the insert and copied again if it vanished, as enqueue does.
 */
export async function copyCampaignFiles(
  outbox: Pick<QueuePort, 'copyFile' | 'hasCopy'>,
  files: ReadonlyMap<string, RegisteredFile>
): Promise<Map<string, CampaignFile>> {
  const copies = new Map<string, CampaignFile>()
  for (const [key, file] of files) copies.set(key, await copyCampaignFile(outbox, file))
  for (const [key, file] of files) {
    const copy = copies.get(key)
    if (copy && !outbox.hasCopy(copy.sha256)) copies.set(key, await copyCampaignFile(outbox, file))
  }
  return copies
}
