// All SQL of the outbox: items and their status history, attachments, gateway schedules, recent recipients, the lease.
import type Database from 'better-sqlite3'
import { transactionUnsynced } from './database'
import { OutboxStatus } from '../../../shared/contract'

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
  lastAttemptAt: number | null
  acceptedAt: number | null
  closedAt: number | null
  failureMessage: string | null
  waitReason: string | null
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
  status?: readonly ItemStatus[]
  deviceId?: string
  /** Substring of the recipient. */
  recipient?: string
  /**
   * Substring of the text (a message, or a file's caption). Letters match either case (searches of one or two
   * characters: ASCII letters only), as for the recipient.
   */
  text?: string
  /** Bounds on createdAt (epoch ms, inclusive). */
  from?: number
  to?: number
  offset?: number
  limit?: number
}

export type StatusCounts = Record<ItemStatus, number>

export interface ActiveCount {
  deviceId: string
  status: 'queued' | 'sending'
  count: number
}

const ITEM_COLUMNS = {
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

const BOOLEAN_FIELDS = new Set<keyof ItemRecord>(['isGroup', 'held'])
/** Never handed to any gateway: no attempt, no gateway id, no report check pending. */
const UNTRIED =
  '(attempts = 0 AND last_attempt_at IS NULL AND gateway_id IS NULL AND reconcile_until IS NULL)'

const ITEM_FIELDS = Object.keys(ITEM_COLUMNS) as (keyof ItemRecord)[]
/** Every column of an item under its record's name: for a SELECT, and for an UPDATE's RETURNING. */
const ITEM_LIST = ITEM_FIELDS.map((f) => `${ITEM_COLUMNS[f]} AS ${f}`).join(', ')
const SELECT_ITEM = `SELECT ${ITEM_LIST} FROM outbox_items`

/** The recent-recipients list keeps this many. */
const RECENT_RECIPIENTS_KEPT = 200

/** Up to this many search matches are read once and reused for the total and the page. */
const MATCHES_READ_ONCE = 20_000

export interface OutboxStoreOptions {
  /** Above this many matches a search is matched twice (total and page) instead of read once; tests lower it. */
  matchesReadOnce?: number
  /** A page that skips at least this many items finds its place from the kept position counts; tests lower it. */
  positionWalkFrom?: number
}

/**
 * Below this many skipped items a page skips index entries directly (at 10,000: 0.3 ms for one status, 2–6 ms for
 * two at 1M rows here); from it on, walking the kept position counts first (about 0.6 ms) is cheaper.
 */
const POSITION_WALK_FROM = 5_000

/**
 * The spans of outbox_positions (migration "outbox list positions"): a level-L span holds the items whose
 * created_at >> (13 + 8 L) is its bucket, so a span of one level holds 256 spans of the level below.
 */
const POSITION_LEVELS = 3
const POSITION_FINEST_SHIFT = 13
const POSITION_FANOUT_SHIFT = 8
const POSITION_FINEST_SPAN_MS = 2 ** POSITION_FINEST_SHIFT
const POSITION_FANOUT = 2 ** POSITION_FANOUT_SHIFT
/** A position span's bucket in SQL, for an outbox_items row and a `level` column. */
const POSITION_BUCKET = `created_at >> (${POSITION_FINEST_SHIFT} + ${POSITION_FANOUT_SHIFT} * level)`

/** The full-text index finds substrings of three characters or more (it indexes trigrams). */
function searchableByIndex(term: string): boolean {
  return [...term].length >= 3
}

/** An FTS5 phrase: the trigram tokenizer makes it "contains this text", any character taken literally. */
function searchPhrase(column: 'recipient' | 'text', term: string): string {
  return `${column} : "${term.replaceAll('"', '""')}"`
}

/** FTS5's own default: a level of the search index is merged once it holds this many segments. */
const SEARCH_AUTOMERGE = 4

/**
 * The item aliased `alias` still holds a place in its recipient's line: nothing later to that recipient may overtake
 * it. Written as the WHERE of the index of items in line (outbox_items_in_line, which holds no finished item): SQLite
 * reads a partial index only for a query with a term that implies the index's WHERE, and `status IN (…)` does not
 * imply an OR of equalities.
 */
const inLine = (alias: string): string => `(${alias}.status = 'queued' OR ${alias}.status = 'sending')`

/**
 * The item (aliased `alias`) is not in an open batch: a chunked enqueue's items stay out of sight of everything that
 * sends, promotes or waits on them until its last chunk commits (see openBatch). A primary-key probe of a table that
 * is empty but while a large enqueue is being written.
 */
const unfenced = (alias: string): string =>
  `NOT EXISTS (SELECT 1 FROM outbox_batches b WHERE b.id = ${alias}.batch_id)`

/** Rowids of the items of open batches: lists leave them out without reading each row (rowid is in every index). */
const FENCED_ROWIDS = `(SELECT rowid FROM outbox_items WHERE batch_id IN (SELECT id FROM outbox_batches))`

/**
 * A list's status and device filter, the dimensions of the kept counts and positions: as conditions on
 * outbox_positions (each starting with AND) and on outbox_items (with the open-batch fence when one is open).
 */
interface KeptFilter {
  positionsWhere: string
  params: unknown[]
  itemsWhere: string[]
  itemsParams: unknown[]
}

function keptDimensions(
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

type Row = Record<string, unknown>

function toItem(row: Row): ItemRecord {
  const item = { ...row } as Record<string, unknown>
  for (const field of BOOLEAN_FIELDS) item[field] = row[field] === 1
  return item as unknown as ItemRecord
}

function toSqlValue(field: keyof ItemRecord, value: unknown): unknown {
  if (BOOLEAN_FIELDS.has(field)) return value ? 1 : 0
  return value === undefined ? null : value
}

const GATEWAY_SCHEDULE_SELECT = `SELECT id, item_id AS itemId, device_id AS deviceId, schedule_id AS scheduleId,
  message_id AS messageId, pending_op AS pendingOp, attempts, next_sync_at AS nextSyncAt, last_error AS lastError,
  updated_at AS updatedAt FROM gateway_schedules`

/** A gateway schedule row whose item is in an open batch is not created at the gateway before the batch closes. */
const SCHEDULE_UNFENCED = `NOT EXISTS (SELECT 1 FROM outbox_items i JOIN outbox_batches b ON b.id = i.batch_id
  WHERE i.id = gateway_schedules.item_id)`

const SCHEDULE_COLUMNS = {
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

export class OutboxStore {
  private readonly statements = new Map<string, Database.Statement>()

  private readonly matchesReadOnce: number

  private readonly positionWalkFrom: number

  /** One transaction function for every batch: better-sqlite3 builds four wrappers for each one it makes. */
  private readonly inTransaction: (fn: () => unknown) => unknown

  constructor(
    readonly db: Database.Database,
    options: OutboxStoreOptions = {}
  ) {
    this.matchesReadOnce = options.matchesReadOnce ?? MATCHES_READ_ONCE
    this.positionWalkFrom = options.positionWalkFrom ?? POSITION_WALK_FROM
    this.inTransaction = db.transaction((fn: () => unknown) => fn())
  }

  /** Run `fn` in one transaction (nested calls become savepoints). */
  batch<T>(fn: () => T): T {
    return this.inTransaction(fn) as T
  }

  /** The chunks of an open batch before the one that closes it commit without an fsync (see transactionUnsynced). */
  batchUnsynced<T>(fn: () => T): T {
    return transactionUnsynced(this.db, fn)
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql)
    if (!statement) {
      statement = this.db.prepare(sql)
      this.statements.set(sql, statement)
    }
    return statement
  }

  // ------------------------------------------------------------------------------------------- items

  /**
   * Insert items (in the given order, which becomes their place in line), their first history row, the attachments
   * they reference and the recipients they use: all in one transaction. With a placement they are a chunk of an
   * open batch (fenced until closeBatch) and take the places in line the batch reserved.
   */
  insertItems(
    items: readonly NewItem[],
    attachments: readonly AttachmentRecord[],
    recipients: readonly { recipient: string; isGroup: boolean }[],
    at: number,
    placement?: BatchPlacement
  ): void {
    const insertAttachment = this.prepare(
      'INSERT INTO attachments (sha256, size, created_at) VALUES (?, ?, ?) ON CONFLICT(sha256) DO NOTHING'
    )
    const fields = ITEM_FIELDS
    // batch_id only for a batch's chunk, so this insert also works on a schema from before batches (migration tests).
    const columns = [...fields.map((f) => ITEM_COLUMNS[f]), ...(placement ? ['batch_id'] : [])]
    const insertItem = this.prepare(
      `INSERT INTO outbox_items (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
    )
    const insertHistory = this.prepare(
      'INSERT INTO outbox_history (item_id, at, status, note) VALUES (?, ?, ?, ?)'
    )
    const insertSchedule = this.prepare(
      `INSERT INTO gateway_schedules (item_id, device_id, pending_op, next_sync_at, updated_at) VALUES (?, ?, 'create', ?, ?)`
    )
    const upsertRecipient = this.prepare(
      `INSERT INTO recent_recipients (recipient, is_group, last_used_at, use_count) VALUES (?, ?, ?, 1)
       ON CONFLICT(recipient) DO UPDATE SET last_used_at = excluded.last_used_at, is_group = excluded.is_group,
       use_count = use_count + 1`
    )
    this.batch(() => {
      for (const attachment of attachments) insertAttachment.run(attachment.sha256, attachment.size, at)
      let seq = placement?.firstSeq ?? this.nextSeq()
      for (const item of items) {
        const record: ItemRecord = {
          ...item,
          producerTag: item.producerTag ?? null,
          producerRef: item.producerRef ?? null,
          waitReason: null,
          seq: seq++,
          updatedAt: at
        }
        const values = fields.map((f) => toSqlValue(f, record[f]))
        insertItem.run(...(placement ? [...values, placement.batchId] : values))
        insertHistory.run(item.id, at, item.status, item.note)
        if (item.scheduleMode === 'gateway' && item.status === 'scheduled') {
          insertSchedule.run(item.id, item.deviceId, at, at)
        }
      }
      // Only as many as are kept: upserting 10,000 to trim 9,800 of them again cost most of a large enqueue's commit.
      for (const { recipient, isGroup } of recipients.slice(0, RECENT_RECIPIENTS_KEPT))
        upsertRecipient.run(recipient, isGroup ? 1 : 0, at)
      if (recipients.length > 0) this.trimRecentRecipients(RECENT_RECIPIENTS_KEPT)
    })
  }

  /** The next free place in line: after every item, and after the places open batches reserved. */
  nextSeq(): number {
    const row = this.prepare(
      `SELECT MAX(COALESCE((SELECT MAX(seq) FROM outbox_items), 0),
                  COALESCE((SELECT MAX(last_seq) FROM outbox_batches), 0)) + 1 AS next`
    ).get() as { next: number }
    return row.next
  }

  // ------------------------------------------------------------------------------------------- batches

  /**
   * Open a fenced batch of `count` items written by process `pid`: its items (inserted with its placement) are
   * invisible to sending, promotion, counts and lists until closeBatch, and reserve `count` consecutive places in
   * line, so anything queued meanwhile goes after the whole batch, as after a one-transaction enqueue.
   * Returns the first of those places.
   */
  openBatch(id: string, pid: number, count: number, at: number): number {
    return this.batch(() => {
      const firstSeq = this.nextSeq()
      this.prepare('INSERT INTO outbox_batches (id, pid, last_seq, opened_at) VALUES (?, ?, ?, ?)').run(
        id,
        pid,
        firstSeq + count - 1,
        at
      )
      return firstSeq
    })
  }

  private anyBatchOpen(): boolean {
    return this.prepare('SELECT 1 FROM outbox_batches LIMIT 1').get() !== undefined
  }

  isBatchOpen(id: string): boolean {
    return this.prepare('SELECT 1 FROM outbox_batches WHERE id = ?').get(id) !== undefined
  }

  /**
   * The commit point of a batch: its items become visible (call in the transaction of its last chunk). The kept
   * counts and list positions skipped them while the batch was open, so they are added now, from the rows as they are.
   * False when the batch is no longer open (it was rolled back as abandoned).
   */
  closeBatch(id: string): boolean {
    return this.batch(() => {
      if (!this.isBatchOpen(id)) return false
      this.prepare(
        `INSERT INTO outbox_counts (device_id, status, n)
         SELECT device_id, status, COUNT(*) FROM outbox_items WHERE batch_id = ? GROUP BY device_id, status
         ON CONFLICT (device_id, status) DO UPDATE SET n = n + excluded.n`
      ).run(id)
      this.prepare(
        `INSERT INTO outbox_positions (level, bucket, device_id, status, n)
         SELECT level, ${POSITION_BUCKET}, device_id, status, COUNT(*)
         FROM outbox_items, (SELECT 0 AS level UNION ALL SELECT 1 UNION ALL SELECT 2)
         WHERE batch_id = ? GROUP BY level, ${POSITION_BUCKET}, device_id, status
         ON CONFLICT (level, bucket, device_id, status) DO UPDATE SET n = n + excluded.n`
      ).run(id)
      this.prepare('DELETE FROM outbox_batches WHERE id = ?').run(id)
      return true
    })
  }

  /** Batches still open: being written now, or left by a process that died part way. */
  openBatches(): OpenBatchRecord[] {
    return this.prepare('SELECT id, pid FROM outbox_batches ORDER BY opened_at').all() as OpenBatchRecord[]
  }

  /**
   * Delete up to `limit` items of an open batch (history and gateway-schedule rows with them: none of it was ever
   * seen by the gateway); returns their attachments. The batch stays open (and its rest fenced) until deleteBatch.
   */
  discardBatchItems(id: string, limit: number): { deleted: number; attachments: string[] } {
    return this.batch(() => {
      if (!this.isBatchOpen(id)) return { deleted: 0, attachments: [] }
      const rows = this.prepare(
        'SELECT id, attachment_sha256 AS sha FROM outbox_items WHERE batch_id = ? LIMIT ?'
      ).all(id, limit) as { id: string; sha: string | null }[]
      for (const row of rows) {
        this.prepare('DELETE FROM gateway_schedules WHERE item_id = ?').run(row.id)
        this.prepare('DELETE FROM outbox_items WHERE id = ?').run(row.id)
      }
      const attachments = [...new Set(rows.map((r) => r.sha).filter((s): s is string => s !== null))]
      return { deleted: rows.length, attachments }
    })
  }

  /** Forget a batch whose items are all discarded (discardBatchItems first: its items would show otherwise). */
  deleteBatch(id: string): void {
    this.batch(() => {
      const left = this.prepare('SELECT 1 FROM outbox_items WHERE batch_id = ? LIMIT 1').get(id)
      if (left !== undefined) throw new Error(`batch ${id} still has items`)
      this.prepare('DELETE FROM outbox_batches WHERE id = ?').run(id)
    })
  }

  getItem(id: string): ItemRecord | undefined {
    const row = this.prepare(`${SELECT_ITEM} WHERE id = ?`).get(id) as Row | undefined
    return row ? toItem(row) : undefined
  }

  getItems(ids: readonly string[]): ItemRecord[] {
    if (ids.length === 0) return []
    const out: ItemRecord[] = []
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500)
      const rows = this.db
        .prepare(`${SELECT_ITEM} WHERE id IN (${chunk.map(() => '?').join(',')})`)
        .all(...chunk) as Row[]
      out.push(...rows.map(toItem))
    }
    return out
  }

  history(id: string): HistoryRecord[] {
    return this.prepare('SELECT at, status, note FROM outbox_history WHERE item_id = ? ORDER BY id').all(
      id
    ) as HistoryRecord[]
  }

  /**
   * Newest first. Totals come from the trigger-kept counts when only status, device and creation time filter; a
   * recipient or text search of three characters or more reads the full-text index; a page past the middle is read
   * from the oldest end, so the last page costs what the first does. A deep page of a list without a search finds
   * its span of creation time from the kept list positions and skips index entries inside it only; with a search it
   * still skips index entries from the nearer end (search matches have no kept positions).
   */
  listItems(filter: ItemFilter): { items: ItemRecord[]; total: number } {
    // Items of a batch still being written are not there yet (the kept counts leave them out too). Asked only while
    // a batch is open, so a deep page walks its index entries without a set lookup for each.
    const fence = this.anyBatchOpen() ? [`rowid NOT IN ${FENCED_ROWIDS}`] : []
    const where: string[] = [...fence]
    const params: unknown[] = []
    const kept = keptDimensions(filter.status, filter.deviceId)
    where.push(...kept.where)
    params.push(...kept.params)
    // Status, device and the open-batch fence only: what the kept counts and positions count.
    const keptWhere = [...where]
    const keptParams = [...params]
    const searched = (['recipient', 'text'] as const).filter((column) => filter[column])
    const indexed = searched.filter((column) => searchableByIndex(filter[column] ?? ''))
    if (indexed.length > 0) {
      const query = indexed.map((column) => searchPhrase(column, filter[column] ?? '')).join(' AND ')
      // Read the matches once (the total and the page both use them, and matching is the costly part), unless
      // there are so many that handing them back costs more than matching twice.
      const matches = this.prepare(
        `SELECT rowid FROM outbox_items_search WHERE outbox_items_search MATCH ? LIMIT ?`
      )
        .raw()
        .all(query, this.matchesReadOnce + 1) as [number][]
      if (matches.length <= this.matchesReadOnce) {
        where.push('rowid IN (SELECT value FROM json_each(?))')
        params.push(JSON.stringify(matches.map(([rowid]) => rowid)))
      } else {
        where.push('rowid IN (SELECT rowid FROM outbox_items_search WHERE outbox_items_search MATCH ?)')
        params.push(query)
      }
    }
    for (const column of searched.filter((c) => !indexed.includes(c))) {
      where.push(`${column} LIKE ? ESCAPE '\\'`)
      params.push(`%${(filter[column] ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    }
    if (filter.from !== undefined) {
      where.push('created_at >= ?')
      params.push(filter.from)
    }
    if (filter.to !== undefined) {
      where.push('created_at <= ?')
      params.push(filter.to)
    }
    const clause = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
    const countsAnswer = searched.length === 0
    const keptFilter = { ...kept, itemsWhere: keptWhere, itemsParams: keptParams }
    // Without a search, from the kept counts: every item of these statuses and device, less those created before
    // `from` and after `to` (their places among all of them are where the time range starts, at either end).
    const all = countsAnswer ? this.countOf(filter.status, filter.deviceId) : 0
    const before =
      countsAnswer && filter.from !== undefined ? this.countCreatedBefore(keptFilter, filter.from, false) : 0
    const after =
      countsAnswer && filter.to !== undefined ? all - this.countCreatedBefore(keptFilter, filter.to, true) : 0
    const total = countsAnswer
      ? Math.max(0, all - before - after)
      : (this.prepare(`SELECT COUNT(*) AS n FROM outbox_items${clause}`).get(...params) as { n: number }).n
    const limit = filter.limit ?? 200
    const offset = filter.offset ?? 0
    const fromOldest = offset > total / 2
    const order = fromOldest ? 'created_at, seq' : 'created_at DESC, seq DESC'
    // From the oldest end: the rows of [offset, offset + limit) are those of [total - offset - limit, total - offset).
    const pageLimit = fromOldest ? Math.max(0, Math.min(limit, total - offset)) : limit
    const pageOffset = fromOldest ? Math.max(0, total - offset - limit) : offset
    const span =
      countsAnswer && pageLimit > 0 && pageOffset >= this.positionWalkFrom
        ? this.pageSpans(keptFilter, pageOffset + (fromOldest ? before : after), pageLimit, fromOldest)
        : undefined
    if (span) {
      // The walk placed the page among all the items of these statuses and device, so it starts `skip` items from
      // the span's edge whatever the time range; the range only bounds the far side (from the oldest end the page
      // limit already stops at `to`). Closed on both sides, so what SQLite sorts (two statuses and a device) stays
      // a span or so of rows.
      const from = fromOldest ? span.from : Math.max(span.from, filter.from ?? span.from)
      const to = fromOldest ? Math.min(span.to, filter.to ?? span.to) : span.to
      const statuses = [...new Set(filter.status ?? [])]
      if (statuses.length < 2 || filter.deviceId !== undefined) {
        const rows = this.prepare(
          `${SELECT_ITEM} WHERE rowid IN (SELECT rowid FROM outbox_items
           WHERE ${[...keptWhere, 'created_at BETWEEN ? AND ?'].join(' AND ')}
           ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY created_at DESC, seq DESC`
        ).all(...keptParams, from, to, pageLimit, span.skip) as Row[]
        return { items: rows.map(toItem), total }
      }
      // Two statuses or more (on every device): for `status IN (…)` SQLite sorts every row of the range (9-16 ms for
      // an 8 s span of a busy outbox here); one arm per status, each read in order from the status index, merged
      // instead (1-3 ms). With a device too the status index would read each row for its device: the sort stays.
      const arm = `SELECT rowid, created_at, seq FROM outbox_items
        WHERE ${[...fence, 'status = ?', 'created_at BETWEEN ? AND ?'].join(' AND ')}`
      const rows = this.prepare(
        `${SELECT_ITEM} WHERE rowid IN (SELECT rowid FROM (${statuses.map(() => arm).join(' UNION ALL ')}
         ORDER BY ${order} LIMIT ? OFFSET ?)) ORDER BY created_at DESC, seq DESC`
      ).all(...statuses.flatMap((status) => [status, from, to]), pageLimit, span.skip) as Row[]
      return { items: rows.map(toItem), total }
    }
    // The page's rows are picked from the index alone (rowids), then read: an offset skips index entries, not rows.
    const rows = this.prepare(
      `${SELECT_ITEM} WHERE rowid IN (SELECT rowid FROM outbox_items${clause}
       ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY created_at DESC, seq DESC`
    ).all(...params, pageLimit, pageOffset) as Row[]
    return { items: rows.map(toItem), total }
  }

  /**
   * How many items of the kept dimensions were created before `at` (or at it, when `inclusive`): the kept position
   * counts of the whole spans before it (widest first), and the index entries of the finest span holding `at`.
   */
  private countCreatedBefore(kept: KeptFilter, at: number, inclusive: boolean): number {
    const finest = Math.floor(at / POSITION_FINEST_SPAN_MS)
    const middle = Math.floor(finest / POSITION_FANOUT)
    const widest = Math.floor(middle / POSITION_FANOUT)
    const spans = this.prepare(
      `SELECT COALESCE(SUM(n), 0) AS n FROM outbox_positions
       WHERE ((level = 2 AND bucket < ?) OR (level = 1 AND bucket >= ? AND bucket < ?)
         OR (level = 0 AND bucket >= ? AND bucket < ?))${kept.positionsWhere}`
    ).get(widest, widest * POSITION_FANOUT, middle, middle * POSITION_FANOUT, finest, ...kept.params) as {
      n: number
    }
    const inSpan = this.prepare(
      `SELECT COUNT(*) AS n FROM outbox_items
       WHERE ${[...kept.itemsWhere, `created_at >= ? AND created_at ${inclusive ? '<=' : '<'} ?`].join(' AND ')}`
    ).get(...kept.itemsParams, finest * POSITION_FINEST_SPAN_MS, at) as { n: number }
    return spans.n + inSpan.n
  }

  /**
   * Where the `limit` items from `position` on (0-based; newest first, or oldest first when `oldestFirst`) among all
   * the items of the kept dimensions lie: the created_at range of the finest spans holding them, and how many of
   * those items in that range come before them (in that order). Walks the kept position counts from the widest
   * spans down (a few hundred rows); undefined when there is no item at `position`.
   */
  private pageSpans(
    kept: KeptFilter,
    position: number,
    limit: number,
    oldestFirst: boolean
  ): { from: number; to: number; skip: number } | undefined {
    const direction = oldestFirst ? 'ASC' : 'DESC'
    let skip = position
    let bucket: number | undefined
    for (let level = POSITION_LEVELS - 1; level >= 0; level--) {
      // Inside the span found at the level above (all spans at the widest level).
      const within = bucket === undefined ? '' : ' AND bucket BETWEEN ? AND ?'
      const withinParams =
        bucket === undefined ? [] : [bucket * POSITION_FANOUT, bucket * POSITION_FANOUT + POSITION_FANOUT - 1]
      const spans = this.prepare(
        `SELECT bucket, SUM(n) FROM outbox_positions WHERE level = ?${within}${kept.positionsWhere}
         GROUP BY bucket ORDER BY bucket ${direction}`
      )
        .raw()
        .all(level, ...withinParams, ...kept.params) as [number, number][]
      let holding: number | undefined
      for (const [span, n] of spans) {
        if (skip < n) {
          holding = span
          break
        }
        skip -= n
      }
      if (holding === undefined) return undefined
      bucket = holding
    }
    if (bucket === undefined) return undefined
    // The page may run on into the next spans: up to the one where `limit` items are reached, or the list ends.
    let last = bucket
    let counted = 0
    const onward = this.prepare(
      `SELECT bucket, SUM(n) FROM outbox_positions WHERE level = 0 AND bucket ${oldestFirst ? '>=' : '<='} ?${kept.positionsWhere}
       GROUP BY bucket ORDER BY bucket ${direction}`
    ).raw()
    for (const [span, n] of onward.iterate(bucket, ...kept.params) as IterableIterator<[number, number]>) {
      last = span
      counted += n
      if (counted >= skip + limit) break
    }
    const [low, high] = oldestFirst ? [bucket, last] : [last, bucket]
    return {
      from: low * POSITION_FINEST_SPAN_MS,
      to: high * POSITION_FINEST_SPAN_MS + POSITION_FINEST_SPAN_MS - 1,
      skip
    }
  }

  /** How many items have one of `statuses` (all when none given), on one device or all, from the kept counts. */
  private countOf(statuses: readonly ItemStatus[] | undefined, deviceId: string | undefined): number {
    const wanted = new Set(statuses && statuses.length > 0 ? statuses : ITEM_STATUSES)
    const rows = (
      deviceId === undefined
        ? this.prepare('SELECT status, n FROM outbox_counts').all()
        : this.prepare('SELECT status, n FROM outbox_counts WHERE device_id = ?').all(deviceId)
    ) as { status: ItemStatus; n: number }[]
    return rows.reduce((sum, row) => sum + (wanted.has(row.status) ? row.n : 0), 0)
  }

  counts(): StatusCounts {
    const counts = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as StatusCounts
    // Kept by triggers in the same transaction as every change (see migrations.ts): a read of a few rows, not a scan.
    const rows = this.prepare('SELECT status, SUM(n) AS n FROM outbox_counts GROUP BY status').all() as {
      status: ItemStatus
      n: number
    }[]
    for (const row of rows) counts[row.status] = row.n
    return counts
  }

  /**
   * Move an item from one of `from` to `to`, apply `patch` and append one history row, in one transaction.
   * Returns the updated item, or undefined when the item is gone or no longer in one of `from` (someone else won).
   */
  transition(
    id: string,
    from: readonly ItemStatus[],
    to: ItemStatus,
    patch: ItemPatch,
    note: string | null,
    at: number
  ): ItemRecord | undefined {
    return this.batch(() => {
      const item = this.update(id, { ...patch, status: to, updatedAt: at } as ItemPatch, from)
      if (!item) return undefined
      this.prepare('INSERT INTO outbox_history (item_id, at, status, note) VALUES (?, ?, ?, ?)').run(
        id,
        at,
        to,
        note
      )
      return item
    })
  }

  /** Change fields without a status change (no history row). `onlyIn` guards against a concurrent transition. */
  patchItem(id: string, patch: ItemPatch, onlyIn?: readonly ItemStatus[]): ItemRecord | undefined {
    return this.update(id, patch, onlyIn)
  }

  /** The item as updated (read back by the UPDATE itself), or undefined when it is gone or not in `onlyIn`. */
  private update(
    id: string,
    patch: ItemPatch & { status?: ItemStatus },
    onlyIn?: readonly ItemStatus[]
  ): ItemRecord | undefined {
    const fields = (Object.keys(patch) as (keyof ItemRecord)[]).filter((f) => f in ITEM_COLUMNS && f !== 'id')
    if (fields.length === 0 && !onlyIn) return this.getItem(id)
    const sets = fields.length > 0 ? fields.map((f) => `${ITEM_COLUMNS[f]} = ?`).join(', ') : 'id = id'
    const guard = onlyIn ? ` AND status IN (${onlyIn.map(() => '?').join(', ')})` : ''
    const values = fields.map((f) => toSqlValue(f, (patch as Record<string, unknown>)[f]))
    const row = this.prepare(
      `UPDATE outbox_items SET ${sets} WHERE id = ?${guard} RETURNING ${ITEM_LIST}`
    ).get(...values, id, ...(onlyIn ?? [])) as Row | undefined
    return row ? toItem(row) : undefined
  }

  /** A history row that is not a transition (an edit, a gateway schedule saved…), shown in the item's timeline. */
  addNote(id: string, status: ItemStatus, note: string, at: number): void {
    this.prepare('INSERT INTO outbox_history (item_id, at, status, note) VALUES (?, ?, ?, ?)').run(
      id,
      at,
      status,
      note
    )
  }

  /** Remove an item and its history; returns the attachment it referenced, if any. */
  deleteItem(id: string): { deleted: boolean; attachmentSha256: string | null } {
    return this.batch(() => {
      const item = this.getItem(id)
      if (!item) return { deleted: false, attachmentSha256: null }
      this.removeItemRows(id)
      return { deleted: true, attachmentSha256: item.attachmentSha256 }
    })
  }

  /** The item, its history, and its in-sync gateway schedule rows; a row still owing the gateway a call stays. */
  private removeItemRows(id: string): void {
    this.prepare('DELETE FROM gateway_schedules WHERE item_id = ? AND pending_op IS NULL').run(id)
    this.prepare('UPDATE gateway_schedules SET item_id = NULL WHERE item_id = ?').run(id)
    this.prepare('DELETE FROM outbox_items WHERE id = ?').run(id)
  }

  // ---------------------------------------------------------------------------------------- dispatch
  // The pump asks the questions below on every round, that is after every send. A parameter compared with `=` next
  // to an ORDER BY (or MIN), and a LIMIT parameter, are written `+?`: SQLite re-prepares a statement before each
  // run when a bound value may change its plan (sqlite3ExprIsInteger, whereLoopOutputAdjust), which cost up to 10×
  // the query itself here. The unary plus hides the value from the planner only; the plan and the index stay.

  /**
   * Devices with something left to do at start: items to send, check, promote or track, or a gateway-schedule call
   * owed. A device with only finished items is not looked at on every round (with 100,000 of them on another
   * device, each send paid for that device's empty queries too).
   */
  activeDevices(): string[] {
    const rows = this.prepare(
      `SELECT device_id AS deviceId FROM outbox_items WHERE status IN ('queued', 'sending', 'scheduled')
       UNION SELECT device_id FROM outbox_items WHERE track_next_at IS NOT NULL
       UNION SELECT device_id FROM gateway_schedules WHERE pending_op IS NOT NULL`
    ).all() as { deviceId: string }[]
    return rows.map((r) => r.deviceId)
  }

  hasQueued(deviceId: string): boolean {
    return (
      this.prepare(
        `SELECT 1 FROM outbox_items i WHERE device_id = +? AND status = 'queued' AND held = 0 AND ${unfenced('i')}
         LIMIT 1`
      ).get(deviceId) !== undefined
    )
  }

  /**
   * The next item this device may send now: queued, not held, due, and first in its recipient's line
   * (no earlier item to the same recipient still queued or in flight), so sends to one recipient keep their order.
   */
  nextSendable(deviceId: string, now: number): ItemRecord | undefined {
    const row = this.prepare(
      `${SELECT_ITEM} AS i WHERE device_id = +? AND status = 'queued' AND held = 0
         AND (next_attempt_at IS NULL OR next_attempt_at <= ?) AND ${unfenced('i')}
         AND NOT EXISTS (SELECT 1 FROM outbox_items j WHERE j.device_id = i.device_id AND ${inLine('j')}
                         AND j.recipient = i.recipient AND j.seq < i.seq)
       ORDER BY seq LIMIT 1`
    ).get(deviceId, now) as Row | undefined
    return row ? toItem(row) : undefined
  }

  // ------------------------------------------------------------------------------------------- producers

  /**
   * A send policy holds a producer's queued items on a device until `until`, saying why (the policy deferred the
   * one at the head of the line; its siblings would be deferred one by one otherwise). Earlier retry times move too.
   */
  deferProducer(tag: string, deviceId: string, until: number, reason: string): number {
    return this.prepare(
      `UPDATE outbox_items SET next_attempt_at = ?, wait_reason = ?
       WHERE producer_tag = ? AND device_id = ? AND status = 'queued'
         AND (next_attempt_at IS NULL OR next_attempt_at < ?)`
    ).run(until, reason, tag, deviceId, until).changes
  }

  /** A send policy holds one queued item until `until`, saying why. */
  deferItem(id: string, until: number, reason: string): boolean {
    return (
      this.prepare(
        `UPDATE outbox_items SET next_attempt_at = ?, wait_reason = ? WHERE id = ? AND status = 'queued'`
      ).run(until, reason, id).changes === 1
    )
  }

  /** A producer's queued items may be looked at again now (resumed, or its policy changed). */
  releaseProducer(tag: string): number {
    return this.prepare(
      `UPDATE outbox_items SET next_attempt_at = NULL, wait_reason = NULL WHERE producer_tag = ? AND status = 'queued'`
    ).run(tag).changes
  }

  /** How many of a producer's items wait in line on a device (from the index alone). */
  producerQueued(tag: string, deviceId: string): number {
    return (
      this.prepare(
        `SELECT COUNT(*) AS n FROM outbox_items WHERE producer_tag = ? AND device_id = ? AND status = 'queued'`
      ).get(tag, deviceId) as { n: number }
    ).n
  }

  /**
   * A producer's queued items on a device that were never tried, in line order: the ones that may move to another
   * device (an item tried once may be with the gateway even when nothing says so). The first `limit` when given.
   */
  untriedOf(tag: string, deviceId: string, limit = -1): string[] {
    return (
      this.prepare(
        `SELECT id FROM outbox_items WHERE producer_tag = ? AND device_id = ? AND status = 'queued' AND ${UNTRIED}
         ORDER BY seq LIMIT ?`
      ).all(tag, deviceId, limit) as { id: string }[]
    ).map((r) => r.id)
  }

  /** How many of a producer's items are in each status (its progress, without reading them). */
  producerCounts(tag: string): { status: ItemStatus; n: number }[] {
    return this.prepare(
      // Items of a write still fenced (a start under way, or one a crash cut short) are not the producer's yet.
      `SELECT status, count(*) AS n FROM outbox_items i WHERE producer_tag = ? AND ${unfenced('i')} GROUP BY status`
    ).all(tag) as { status: ItemStatus; n: number }[]
  }

  /** Where each of these items stands (missing ones, purged or never written, are left out). */
  outcomesOf(ids: readonly string[]): ItemOutcome[] {
    if (ids.length === 0) return []
    return this.prepare(
      `WITH wanted AS MATERIALIZED (SELECT value AS id FROM json_each(?))
       SELECT i.id, i.status, i.gateway_id AS gatewayId, i.recipient, i.last_attempt_at AS lastAttemptAt,
         i.accepted_at AS acceptedAt, i.closed_at AS closedAt, i.failure_message AS failureMessage,
         i.wait_reason AS waitReason
       FROM wanted JOIN outbox_items i ON i.id = wanted.id`
    ).all(JSON.stringify(ids)) as ItemOutcome[]
  }

  /** The status changes of these items, oldest first, a status repeated in a row told once. */
  statusHistoryOf(ids: readonly string[]): Map<string, { at: number; status: ItemStatus }[]> {
    const byItem = new Map<string, { at: number; status: ItemStatus }[]>()
    if (ids.length === 0) return byItem
    const rows = this.prepare(
      `WITH wanted AS MATERIALIZED (SELECT value AS id FROM json_each(?))
       SELECT h.item_id AS itemId, h.at, h.status FROM wanted JOIN outbox_history h ON h.item_id = wanted.id
       ORDER BY h.id`
    ).all(JSON.stringify(ids)) as { itemId: string; at: number; status: ItemStatus }[]
    for (const entry of rows) {
      const list = byItem.get(entry.itemId) ?? []
      if (list[list.length - 1]?.status !== entry.status) list.push({ at: entry.at, status: entry.status })
      byItem.set(entry.itemId, list)
    }
    return byItem
  }

  /** Which of these items exist (a fenced chunk's rolled-back items do not). */
  existingIds(ids: readonly string[]): Set<string> {
    if (ids.length === 0) return new Set()
    const rows = this.prepare(`SELECT i.id FROM json_each(?) w JOIN outbox_items i ON i.id = w.value`).all(
      JSON.stringify(ids)
    ) as { id: string }[]
    return new Set(rows.map((r) => r.id))
  }

  /** Recipients a producer handed to the gateway, or may have (in flight): never to be sent to again by it. */
  recipientsReached(tag: string): Set<string> {
    const rows = this.prepare(
      `SELECT DISTINCT recipient FROM outbox_items WHERE producer_tag = ?
         AND status IN ('sending', 'accepted', 'sent', 'delivered', 'read')`
    ).all(tag) as { recipient: string }[]
    return new Set(rows.map((r) => r.recipient))
  }

  /** Final statuses of a producer's last `limit` sends on a device since `from`, newest first (failure rate). */
  recentOutcomes(tag: string, deviceId: string, from: number, limit: number): ItemStatus[] {
    return (
      this.prepare(
        `SELECT status FROM outbox_items WHERE producer_tag = ? AND device_id = ? AND last_attempt_at IS NOT NULL
           AND status NOT IN ('queued', 'sending') AND last_attempt_at >= ?
         ORDER BY last_attempt_at DESC LIMIT ?`
      ).all(tag, deviceId, from, limit) as { status: ItemStatus }[]
    ).map((r) => r.status)
  }

  /**
   * Hand never-tried queued items to other devices in three statements, in one transaction (a rotation moves thousands at once: one
   * update, one note and two item reads per row were ~75 ms of CPU per 1,000 rows). Skips an item already on its
   * target and, guarded in SQL, any item not queued or ever tried. Returns the moves made, in the order given, each
   * with the device it left; `note` words each one's timeline entry.
   */
  moveManyUntried(
    moves: readonly { itemId: string; deviceId: string }[],
    note: (move: { itemId: string; from: string; to: string }) => string,
    at: number
  ): { itemId: string; from: string; to: string }[] {
    // MATERIALIZED: the moves are the outer loop, each a primary-key lookup (not a scan of them per item).
    const withMoves = `WITH move AS MATERIALIZED (
        SELECT key AS n, value ->> '$.itemId' AS item_id, value ->> '$.deviceId' AS to_device FROM json_each(?))`
    return this.batch(() => {
      const moving = this.prepare(
        `${withMoves} SELECT i.id AS itemId, i.device_id AS "from", move.to_device AS "to"
         FROM move JOIN outbox_items i ON i.id = move.item_id
         WHERE i.device_id IS NOT move.to_device AND i.status = 'queued' AND ${UNTRIED} ORDER BY move.n`
      ).all(JSON.stringify(moves)) as { itemId: string; from: string; to: string }[]
      if (moving.length === 0) return []
      const chosen = JSON.stringify(moving.map(({ itemId, to }) => ({ itemId, deviceId: to })))
      this.prepare(
        `${withMoves} UPDATE outbox_items SET device_id = move.to_device, next_attempt_at = NULL, wait_reason = NULL,
         updated_at = ?
         FROM move WHERE outbox_items.id = move.item_id`
      ).run(chosen, at)
      this.prepare(
        `INSERT INTO outbox_history (item_id, at, status, note)
         SELECT value ->> '$.itemId', ?, 'queued', value ->> '$.note' FROM json_each(?) ORDER BY key`
      ).run(at, JSON.stringify(moving.map((move) => ({ itemId: move.itemId, note: note(move) }))))
      return moving
    })
  }

  /** What pacing needs of a producer's sends on a device: how many, first and last, and how many in [from, to). */
  sendLog(
    tag: string,
    deviceId: string,
    from: number,
    to: number
  ): { count: number; first: number | null; last: number | null; inRange: number } {
    return this.prepare(
      // The gap is kept from when the gateway answered the last send, not from when it started: a request slow to
      // reach the gateway would otherwise make the next one land there sooner than the policy's shortest gap.
      `SELECT COUNT(*) AS count, MIN(last_attempt_at) AS first,
         MAX(MAX(last_attempt_at, COALESCE(accepted_at, last_attempt_at))) AS last,
         COALESCE(SUM(last_attempt_at >= ? AND last_attempt_at < ?), 0) AS inRange
       FROM outbox_items WHERE producer_tag = ? AND device_id = ? AND last_attempt_at IS NOT NULL`
    ).get(from, to, tag, deviceId) as {
      count: number
      first: number | null
      last: number | null
      inRange: number
    }
  }

  /** Earliest time a queued item at the head of its recipient's line becomes due (0 = now), or null. */
  nextHeadDueAt(deviceId: string): number | null {
    const row = this.prepare(
      `SELECT MIN(COALESCE(next_attempt_at, 0)) AS at FROM outbox_items AS i
       WHERE device_id = +? AND status = 'queued' AND held = 0 AND ${unfenced('i')}
         AND NOT EXISTS (SELECT 1 FROM outbox_items j WHERE j.device_id = i.device_id AND ${inLine('j')}
                         AND j.recipient = i.recipient AND j.seq < i.seq)`
    ).get(deviceId) as { at: number | null }
    return row.at
  }

  /** Items waiting to be sent or reconciled, per device, for flush's "anything left?" question. */
  activeCounts(): ActiveCount[] {
    return this.prepare(
      `SELECT device_id AS deviceId, status, COUNT(*) AS count FROM outbox_items i
       WHERE ${inLine('i')} AND held = 0 AND ${unfenced('i')} GROUP BY device_id, status`
    ).all() as ActiveCount[]
  }

  /**
   * At start every item still in `sending` is in doubt (the process died mid-request, or a check was pending):
   * check it at once, and resend only after a check made once its visibility window has passed.
   */
  markSendingForReconcile(now: number, visibilityWindowMs: number): number {
    return this.prepare(
      `UPDATE outbox_items SET next_attempt_at = ?,
         reconcile_until = COALESCE(reconcile_until, COALESCE(last_attempt_at, ?) + ?)
       WHERE status = 'sending'`
    ).run(now, now, visibilityWindowMs).changes
  }

  /** Retries and report checks waiting on a backoff happen now (the network or the device came back). */
  pullRetriesForward(now: number, deviceId?: string): number {
    const device = deviceId === undefined ? '' : ' AND device_id = ?'
    return this.prepare(
      `UPDATE outbox_items AS i SET next_attempt_at = ? WHERE ${inLine('i')} AND next_attempt_at > ?${device}`
    ).run(now, now, ...(deviceId === undefined ? [] : [deviceId])).changes
  }

  /** Items in doubt on this device whose next report check is due. */
  dueReconcile(deviceId: string, now: number, limit: number): ItemRecord[] {
    const rows = this.prepare(
      `${SELECT_ITEM} WHERE device_id = +? AND status = 'sending' AND next_attempt_at IS NOT NULL
         AND next_attempt_at <= ? ORDER BY seq LIMIT +?`
    ).all(deviceId, now, limit) as Row[]
    return rows.map(toItem)
  }

  nextReconcileAt(deviceId: string): number | null {
    const row = this.prepare(
      `SELECT MIN(next_attempt_at) AS at FROM outbox_items WHERE device_id = +? AND status = 'sending'`
    ).get(deviceId) as { at: number | null }
    return row.at
  }

  // --------------------------------------------------------------------------------------- schedules

  /** Scheduled, not held items whose time has come (local ones and gateway ones). */
  dueScheduled(now: number, limit: number): ItemRecord[] {
    const rows = this.prepare(
      `${SELECT_ITEM} AS i WHERE status = 'scheduled' AND held = 0 AND not_before <= ? AND ${unfenced('i')}
       ORDER BY not_before, seq LIMIT +?`
    ).all(now, limit) as Row[]
    return rows.map(toItem)
  }

  nextScheduledAt(): number | null {
    const row = this.prepare(
      `SELECT MIN(not_before) AS at FROM outbox_items i WHERE status = 'scheduled' AND held = 0 AND ${unfenced('i')}`
    ).get() as { at: number | null }
    return row.at
  }

  scheduleForItem(itemId: string): GatewayScheduleRecord | undefined {
    return this.prepare(`${GATEWAY_SCHEDULE_SELECT} WHERE item_id = ? ORDER BY id DESC LIMIT 1`).get(
      itemId
    ) as GatewayScheduleRecord | undefined
  }

  getSchedule(id: number): GatewayScheduleRecord | undefined {
    return this.prepare(`${GATEWAY_SCHEDULE_SELECT} WHERE id = ?`).get(id) as
      GatewayScheduleRecord | undefined
  }

  insertSchedule(row: Omit<GatewayScheduleRecord, 'id'>): number {
    const fields = Object.keys(SCHEDULE_COLUMNS) as (keyof typeof SCHEDULE_COLUMNS)[]
    const result = this.prepare(
      `INSERT INTO gateway_schedules (${fields.map((f) => SCHEDULE_COLUMNS[f]).join(', ')}) VALUES (${fields.map(() => '?').join(', ')})`
    ).run(fields.map((f) => row[f] ?? null))
    return Number(result.lastInsertRowid)
  }

  patchSchedule(id: number, patch: Partial<Omit<GatewayScheduleRecord, 'id'>>): void {
    const fields = (Object.keys(patch) as (keyof typeof SCHEDULE_COLUMNS)[]).filter(
      (f) => f in SCHEDULE_COLUMNS
    )
    if (fields.length === 0) return
    this.prepare(
      `UPDATE gateway_schedules SET ${fields.map((f) => `${SCHEDULE_COLUMNS[f]} = ?`).join(', ')} WHERE id = ?`
    ).run(...fields.map((f) => patch[f] ?? null), id)
  }

  deleteSchedule(id: number): void {
    this.prepare('DELETE FROM gateway_schedules WHERE id = ?').run(id)
  }

  /** Pending gateway-schedule calls of the given kinds on this device that are due. */
  dueScheduleSync(
    deviceId: string,
    now: number,
    limit: number,
    ops: readonly ScheduleOp[]
  ): GatewayScheduleRecord[] {
    if (ops.length === 0) return []
    return this.prepare(
      `${GATEWAY_SCHEDULE_SELECT} WHERE device_id = +? AND pending_op IN (${ops.map(() => '+?').join(', ')})
       AND COALESCE(next_sync_at, 0) <= ? AND ${SCHEDULE_UNFENCED} ORDER BY id LIMIT +?`
    ).all(deviceId, ...ops, now, limit) as GatewayScheduleRecord[]
  }

  nextScheduleSyncAt(deviceId: string, ops: readonly ScheduleOp[]): number | null {
    if (ops.length === 0) return null
    const row = this.prepare(
      `SELECT MIN(COALESCE(next_sync_at, 0)) AS at FROM gateway_schedules WHERE device_id = +?
       AND pending_op IN (${ops.map(() => '+?').join(', ')}) AND ${SCHEDULE_UNFENCED}`
    ).get(deviceId, ...ops) as { at: number | null }
    return row.at
  }

  // ---------------------------------------------------------------------------------------- tracking

  dueTracking(deviceId: string, now: number, limit: number): ItemRecord[] {
    const rows = this.prepare(
      `${SELECT_ITEM} WHERE device_id = +? AND track_next_at IS NOT NULL AND track_next_at <= ?
       ORDER BY track_next_at LIMIT +?`
    ).all(deviceId, now, limit) as Row[]
    return rows.map(toItem)
  }

  nextTrackingAt(deviceId: string): number | null {
    const row = this.prepare(
      'SELECT MIN(track_next_at) AS at FROM outbox_items WHERE device_id = +? AND track_next_at IS NOT NULL'
    ).get(deviceId) as { at: number | null }
    return row.at
  }

  // --------------------------------------------------------------------------------------- retention

  /** Delete up to `limit` items closed before `cutoff` (history goes with them); returns their attachments. */
  purgeClosedBefore(cutoff: number, limit: number): { deleted: number; attachments: string[] } {
    return this.batch(() => {
      const rows = this.prepare(
        `SELECT id, attachment_sha256 AS sha FROM outbox_items WHERE closed_at IS NOT NULL AND closed_at < ?
         AND NOT ${inLine('outbox_items')} AND status != 'scheduled' LIMIT ?`
      ).all(cutoff, limit) as { id: string; sha: string | null }[]
      for (const row of rows) this.removeItemRows(row.id)
      const attachments = [...new Set(rows.map((r) => r.sha).filter((s): s is string => s !== null))]
      return { deleted: rows.length, attachments }
    })
  }

  /**
   * Pause the search index's automatic merging (resumeSearchAutomerge turns it back on). FTS5 merges after every
   * 64 leaf pages it writes, and then 64 pages per level of the index at once: in a purge of 100,000 rows that
   * landed as 40–90 ms of CPU inside some ~100-row delete transactions. The retention sweep pauses it and merges in
   * small steps of its own (mergeSearchIndex) between its purges. Searches are exact whether merged or not.
   */
  pauseSearchAutomerge(): void {
    this.setSearchAutomerge(0)
  }

  resumeSearchAutomerge(): void {
    this.setSearchAutomerge(SEARCH_AUTOMERGE)
  }

  private setSearchAutomerge(segments: number): void {
    // Inlined: FTS5 takes an integer only, and a bound JavaScript number arrives as a real.
    this.prepare(
      `INSERT INTO outbox_items_search (outbox_items_search, rank) VALUES ('automerge', ${Math.trunc(segments)})`
    ).run()
  }

  /**
   * One step of merging the search index: at most about `pages` leaf pages written, on a level holding four or
   * more segments. False when no level needed it (FTS5 then changes no row: total_changes moves by less than 2).
   */
  mergeSearchIndex(pages: number): boolean {
    const totalChanges = this.prepare('SELECT total_changes() AS n').pluck()
    const before = totalChanges.get() as number
    this.prepare("INSERT INTO outbox_items_search (outbox_items_search, rank) VALUES ('merge', ?)").run(pages)
    return (totalChanges.get() as number) - before >= 2
  }

  /** Items and recurring series (which make new items from it) that use an attachment. */
  attachmentRefCount(sha256: string): number {
    return (
      this.prepare(
        `SELECT (SELECT COUNT(*) FROM outbox_items WHERE attachment_sha256 = ?)
              + (SELECT COUNT(*) FROM outbox_series_entries WHERE attachment_sha256 = ?) AS n`
      ).get(sha256, sha256) as { n: number }
    ).n
  }

  /** Forget an attachment row if no item references it; true when the caller should remove the file. */
  releaseAttachmentIfUnused(sha256: string): boolean {
    return this.batch(() => {
      if (this.attachmentRefCount(sha256) > 0) return false
      this.prepare('DELETE FROM attachments WHERE sha256 = ?').run(sha256)
      return true
    })
  }

  /** Attachment rows no item or series references (left by a crash between a purge and the file removal). */
  unreferencedAttachments(limit: number): string[] {
    const rows = this.prepare(
      `SELECT sha256 FROM attachments a WHERE NOT EXISTS (SELECT 1 FROM outbox_items i WHERE i.attachment_sha256 = a.sha256)
       AND NOT EXISTS (SELECT 1 FROM outbox_series_entries e WHERE e.attachment_sha256 = a.sha256)
       LIMIT ?`
    ).all(limit) as { sha256: string }[]
    return rows.map((r) => r.sha256)
  }

  isKnownAttachment(sha256: string): boolean {
    return this.prepare('SELECT 1 FROM attachments WHERE sha256 = ?').get(sha256) !== undefined
  }

  // -------------------------------------------------------------------------------- recent recipients

  recentRecipients(limit: number): string[] {
    const rows = this.prepare(
      'SELECT recipient FROM recent_recipients ORDER BY last_used_at DESC, use_count DESC LIMIT ?'
    ).all(limit) as { recipient: string }[]
    return rows.map((r) => r.recipient)
  }

  private trimRecentRecipients(keep: number): void {
    this.prepare(
      `DELETE FROM recent_recipients WHERE recipient NOT IN
        (SELECT recipient FROM recent_recipients ORDER BY last_used_at DESC LIMIT ?)`
    ).run(keep)
  }

  // ------------------------------------------------------------------------------------------- lease

  /**
   * Take the named lease for this process unless another live process holds it: two dispatchers on one data
   * folder (the tray app and a CLI flush) would each send the same queued items.
   */
  claimLease(
    name: string,
    pid: number,
    isAlive: (pid: number) => boolean,
    at: number
  ): { ok: true } | { ok: false; pid: number } {
    return this.db
      .transaction(() => {
        const holder = this.prepare('SELECT pid FROM leases WHERE name = ?').get(name) as
          { pid: number } | undefined
        if (holder && holder.pid !== pid && isAlive(holder.pid))
          return { ok: false as const, pid: holder.pid }
        this.prepare(
          'INSERT INTO leases (name, pid, acquired_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET pid = excluded.pid, acquired_at = excluded.acquired_at'
        ).run(name, pid, at)
        return { ok: true as const }
      })
      .immediate()
  }

  releaseLease(name: string, pid: number): void {
    this.prepare('DELETE FROM leases WHERE name = ? AND pid = ?').run(name, pid)
  }
}
