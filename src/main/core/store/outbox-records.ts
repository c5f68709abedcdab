// The outbox tables as rows: item records and their columns, and the SQL fragments the store's parts share.
import { OutboxStatus } from '../../../shared/contract'
import type { HappenedEvent, StatusFilterChoice } from '../../../shared/domain'

/** The contract's statuses are the store's: one list, so the window and the database never disagree. */
export type ItemStatus = OutboxStatus

export const ITEM_STATUSES: readonly ItemStatus[] = OutboxStatus.options

export type ItemKind = 'text' | 'image' | 'document' | 'video' | 'audio'

/** One outbox item as stored; times are epoch milliseconds. */
export interface ItemRecord {
  id: string
  seq: number
  deviceId: string
  recipient: string
  isGroup: boolean
  kind: ItemKind
  text: string | null
  attachmentSha256: string | null
  fileName: string | null
  fileMime: string | null
  fileSize: number | null
  status: ItemStatus
  failureCode: string | null
  failureMessage: string | null
  failureGatewayMessage: string | null
  gatewayId: string | null
  attempts: number
  nextAttemptAt: number | null
  lastAttemptAt: number | null
  queuedAt: number | null
  reconcileUntil: number | null
  createdAt: number
  updatedAt: number
  closedAt: number | null
  notBefore: number | null
  scheduledLocal: string | null
  timezone: string | null
  scheduleMode: 'local' | 'gateway' | null
  overduePolicy: 'send' | 'hold' | null
  held: boolean
  acceptedAt: number | null
  trackNextAt: number | null
  trackAttempts: number
  /**
   * The producer that made the item ('<producer>:<id>', e.g. a campaign's 'campaign:<id>'; null for a one-off send)
   * and its own reference (a campaign's row number). Opaque to the kernel: producers ask for outcomes by tag.
   */
  producerTag: string | null
  producerRef: number | null
  /** Why a send policy holds the item (an encoded note), while it waits; null otherwise. */
  waitReason: string | null
}

/** The producer tag a campaign's items carry: its outcomes, its counts and the Outbox's Campaign filter ask by it. */
export const campaignTag = (campaignId: string): string => `campaign:${campaignId}`

/** Any campaign's items, by their producer tag: a range of outbox_items_by_producer. */
export const ANY_CAMPAIGN_TAG = "producer_tag GLOB 'campaign:*'"

/** Fields the outbox may change on an item (id, seq position and creation time are fixed, except seq on retry). */
export type ItemPatch = Partial<Omit<ItemRecord, 'id' | 'createdAt' | 'status'>>

export type NewItem = Omit<ItemRecord, 'seq' | 'updatedAt' | 'producerTag' | 'producerRef' | 'waitReason'> &
  Partial<Pick<ItemRecord, 'producerTag' | 'producerRef'>> & { note: string | null }

/** How every new item starts, whoever queues it (a send, a series' occurrence, a campaign): nothing tried yet. */
export const UNSENT = {
  failureCode: null,
  failureMessage: null,
  failureGatewayMessage: null,
  gatewayId: null,
  attempts: 0,
  nextAttemptAt: null,
  lastAttemptAt: null,
  reconcileUntil: null,
  closedAt: null,
  held: false,
  acceptedAt: null,
  trackNextAt: null,
  trackAttempts: 0
} as const satisfies Partial<NewItem>

/** Where an item stands, as a producer reads it (outcomesOf). */
export interface ItemOutcome {
  id: string
  status: ItemStatus
  gatewayId: string | null
  recipient: string
  /** The device it goes from, and the producer's tag: what a repeated request is checked against (a reply's chat). */
  deviceId: string
  producerTag: string | null
  lastAttemptAt: number | null
  acceptedAt: number | null
  closedAt: number | null
  failureMessage: string | null
  waitReason: string | null
  /** Its next try; on an item still `sending`, the next check of the gateway's reports (its send is in doubt). */
  nextAttemptAt: number | null
}

/** A producer's sends on a device as pacing reads them: how many, the first and last, and how many in a range. */
export interface SendLogCounts {
  count: number
  first: number | null
  last: number | null
  inRange: number
}

export interface HistoryRecord {
  at: number
  status: ItemStatus
  note: string | null
}

export interface AttachmentRecord {
  sha256: string
  size: number
}

export type ScheduleOp = 'create' | 'update' | 'cancel' | 'delete'

export interface GatewayScheduleRecord {
  id: number
  itemId: string | null
  deviceId: string
  scheduleId: string | null
  messageId: string | null
  pendingOp: ScheduleOp | null
  attempts: number
  nextSyncAt: number | null
  lastError: string | null
  updatedAt: number
}

export interface ItemFilter {
  /** Statuses, `cancelled` and `optedOut` parting the cancelled as the summary does (statusesOfChoices). */
  status?: readonly StatusFilterChoice[]
  deviceId?: string
  /** One campaign's items only: its producer tag ('campaign:<id>'), read by outbox_items_producer_newest. */
  campaignId?: string
  /** Items not from any campaign only (QA73: "Direct sends only"): no producer tag, or another producer's. */
  directOnly?: boolean
  /** As typed in the Recipient filter: the number holds one of its recipientSearchTerms. */
  recipient?: string
  /** …or the number of a contact whose name holds `recipient` (phonesNamedSubquery). */
  recipientByName?: boolean
  /**
   * Substring of the text (a message, or a file's caption). Letters match either case (searches of one or two
   * characters: ASCII letters only), as for the recipient.
   */
  text?: string
  /** Bounds on createdAt (epoch ms, inclusive). */
  from?: number
  to?: number
  /** The items `since()` counts in one of its numbers: what happened since an instant (epoch ms; happened-since.ts). */
  happenedSince?: { event: HappenedEvent; since: number; optedOutReason: string }
  offset?: number
  limit?: number
}

export type StatusCounts = Record<ItemStatus, number>

/**
 * What happened since an instant: the sent by their status now, of them those no longer in the outbox (`sentDeleted`,
 * by their status when they left), and how many each other number counts.
 */
export type SinceCounts = { sent: StatusCounts; sentDeleted: StatusCounts } & Record<
  Exclude<HappenedEvent, 'sent'>,
  number
>

export interface ActiveCount {
  deviceId: string
  status: 'queued' | 'sending'
  count: number
}

export const ITEM_COLUMNS = {
  id: 'id',
  seq: 'seq',
  deviceId: 'device_id',
  recipient: 'recipient',
  isGroup: 'is_group',
  kind: 'kind',
  text: 'text',
  attachmentSha256: 'attachment_sha256',
  fileName: 'file_name',
  fileMime: 'file_mime',
  fileSize: 'file_size',
  status: 'status',
  failureCode: 'failure_code',
  failureMessage: 'failure_message',
  failureGatewayMessage: 'failure_gateway_message',
  gatewayId: 'gateway_id',
  attempts: 'attempts',
  nextAttemptAt: 'next_attempt_at',
  lastAttemptAt: 'last_attempt_at',
  queuedAt: 'queued_at',
  reconcileUntil: 'reconcile_until',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  closedAt: 'closed_at',
  notBefore: 'not_before',
  scheduledLocal: 'scheduled_local',
  timezone: 'timezone',
  scheduleMode: 'schedule_mode',
  overduePolicy: 'overdue_policy',
  held: 'held',
  acceptedAt: 'accepted_at',
  trackNextAt: 'track_next_at',
  trackAttempts: 'track_attempts',
  producerTag: 'producer_tag',
  producerRef: 'producer_ref',
  waitReason: 'wait_reason'
} as const satisfies Record<keyof ItemRecord, string>

export const BOOLEAN_FIELDS = new Set<keyof ItemRecord>(['isGroup', 'held'])
/** Never handed to any gateway: no attempt, no gateway id, no report check pending. */
export const UNTRIED =
  '(attempts = 0 AND last_attempt_at IS NULL AND gateway_id IS NULL AND reconcile_until IS NULL)'

export const ITEM_FIELDS = Object.keys(ITEM_COLUMNS) as (keyof ItemRecord)[]
/** Every column of an item under its record's name: for a SELECT, and for an UPDATE's RETURNING. */
export const ITEM_LIST = ITEM_FIELDS.map((f) => `${ITEM_COLUMNS[f]} AS ${f}`).join(', ')
export const SELECT_ITEM = `SELECT ${ITEM_LIST} FROM outbox_items`

/**
 * When an item shows in the customer's conversation (QA38 Q38-02: a reminder written at 08.59 and sent at 09.07 sat
 * above the customer's 09.02 question): when the gateway took it, which is when the chat got it; while it still waits
 * to go, when it is due (its schedule), so it sits where it will land and does not jump when it goes; otherwise (it
 * never went: failed or cancelled before the gateway took it, or waits with no schedule) when it was written.
 */
export const SHOWN_AT = `COALESCE(accepted_at,
  CASE WHEN status IN ('scheduled', 'queued', 'sending') AND not_before > created_at THEN not_before END,
  created_at)`

/** The recent-recipients list keeps this many. */
export const RECENT_RECIPIENTS_KEPT = 200

/** Up to this many search matches are read once and reused for the total and the page. */
export const MATCHES_READ_ONCE = 20_000

export interface OutboxStoreOptions {
  /** Above this many matches a search is matched twice (total and page) instead of read once; tests lower it. */
  matchesReadOnce?: number
  /** A page that skips at least this many items finds its place from the kept position counts; tests lower it. */
  positionWalkFrom?: number
  /** A Recipient name with more contacts than this is read by walking the outbox (NAMED_WALK_FROM); tests set it. */
  namedWalkFrom?: number
}

/**
 * Below this many skipped items a page skips index entries directly (at 10,000: 0.3 ms for one status, 2–6 ms for
 * two at 1M rows here); from it on, walking the kept position counts first (about 0.6 ms) is cheaper.
 */
export const POSITION_WALK_FROM = 5_000

/**
 * The spans of outbox_positions (migration "outbox list positions"): a level-L span holds the items whose
 * created_at >> (13 + 8 L) is its bucket, so a span of one level holds 256 spans of the level below.
 */
export const POSITION_LEVELS = 3
export const POSITION_FINEST_SHIFT = 13
export const POSITION_FANOUT_SHIFT = 8
export const POSITION_FINEST_SPAN_MS = 2 ** POSITION_FINEST_SHIFT
export const POSITION_FANOUT = 2 ** POSITION_FANOUT_SHIFT
/** A position span's bucket in SQL, for an outbox_items row and a `level` column. */
export const POSITION_BUCKET = `created_at >> (${POSITION_FINEST_SHIFT} + ${POSITION_FANOUT_SHIFT} * level)`

/** FTS5's own default: a level of the search index is merged once it holds this many segments. */
export const SEARCH_AUTOMERGE = 4

/**
 * The item aliased `alias` still holds a place in its recipient's line: nothing later to that recipient may overtake
 * it. Written as the WHERE of the index of items in line (outbox_items_in_line, which holds no finished item): SQLite
 * reads a partial index only for a query with a term that implies the index's WHERE, and `status IN (…)` does not
 * imply an OR of equalities.
 */
export const inLine = (alias: string): string => `(${alias}.status = 'queued' OR ${alias}.status = 'sending')`

/**
 * The item (aliased `alias`) is not in an open batch: a chunked enqueue's items stay out of sight of everything that
 * sends, promotes or waits on them until its last chunk commits (see openBatch). A primary-key probe of a table that
 * is empty but while a large enqueue is being written.
 */
export const unfenced = (alias: string): string =>
  `NOT EXISTS (SELECT 1 FROM outbox_batches b WHERE b.id = ${alias}.batch_id)`

/**
 * The note the kept count of opted-out items counts (migration 43's triggers, outbox_opted_out_counts): an item
 * `cancelled` with it was cancelled because its number opted out. OPTED_OUT_NOTE (outbox/policies.ts), a test says.
 */
export const OPTED_OUT_COUNTED_NOTE = '\u241edesktop.note.optedOut\u241e{}'

/** Rowids of the items of open batches: lists leave them out without reading each row (rowid is in every index). */
export const FENCED_ROWIDS = `(SELECT rowid FROM outbox_items WHERE batch_id IN (SELECT id FROM outbox_batches))`

/**
 * A list's status and device filter, the dimensions of the kept counts and positions: as conditions on
 * outbox_positions (each starting with AND) and on outbox_items (with the open-batch fence when one is open).
 */
export interface KeptFilter {
  positionsWhere: string
  params: unknown[]
  itemsWhere: string[]
  itemsParams: unknown[]
}

export function keptDimensions(
  statuses: readonly ItemStatus[] | undefined,
  deviceId: string | undefined
): { where: string[]; params: unknown[]; positionsWhere: string } {
  const where: string[] = []
  const params: unknown[] = []
  if (statuses && statuses.length > 0) {
    where.push(`status IN (${statuses.map(() => '?').join(', ')})`)
    params.push(...statuses)
  }
  if (deviceId !== undefined) {
    where.push('device_id = ?')
    params.push(deviceId)
  }
  return { where, params, positionsWhere: where.map((w) => ` AND ${w}`).join('') }
}

/** Where a chunk of a fenced batch goes: the batch it belongs to and the first place in line of its items. */
export interface BatchPlacement {
  batchId: string
  firstSeq: number
}

export interface OpenBatchRecord {
  id: string
  pid: number
}

export type Row = Record<string, unknown>

export function toItem(row: Row): ItemRecord {
  const item = { ...row } as Record<string, unknown>
  for (const field of BOOLEAN_FIELDS) item[field] = row[field] === 1
  return item as unknown as ItemRecord
}

export function toSqlValue(field: keyof ItemRecord, value: unknown): unknown {
  if (BOOLEAN_FIELDS.has(field)) return value ? 1 : 0
  return value === undefined ? null : value
}

export const GATEWAY_SCHEDULE_SELECT = `SELECT id, item_id AS itemId, device_id AS deviceId, schedule_id AS scheduleId,
  message_id AS messageId, pending_op AS pendingOp, attempts, next_sync_at AS nextSyncAt, last_error AS lastError,
  updated_at AS updatedAt FROM gateway_schedules`

/** A gateway schedule row whose item is in an open batch is not created at the gateway before the batch closes. */
export const SCHEDULE_UNFENCED = `NOT EXISTS (SELECT 1 FROM outbox_items i JOIN outbox_batches b ON b.id = i.batch_id
  WHERE i.id = gateway_schedules.item_id)`

export const SCHEDULE_COLUMNS = {
  itemId: 'item_id',
  deviceId: 'device_id',
  scheduleId: 'schedule_id',
  messageId: 'message_id',
  pendingOp: 'pending_op',
  attempts: 'attempts',
  nextSyncAt: 'next_sync_at',
  lastError: 'last_error',
  updatedAt: 'updated_at'
} as const satisfies Record<Exclude<keyof GatewayScheduleRecord, 'id'>, string>

/**
 * Where a read of a chat's sent items starts: past the keyset (shown at, id) `before` (newest first) or `after` (QA75:
 * oldest first, a thread's later page), or the one item `item` (where a search result stands in its thread).
 */
export type ChatPlace =
  { before: { at: number; id: string } } | { after: { at: number; id: string } } | { item: string }
