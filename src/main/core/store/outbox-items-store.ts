// The outbox store's base: items, their history and place in line, the batches that fence a large write, and
// the recipients kept for suggestions. Its parts (lists, the queue's questions, schedules and retention) extend it.
import type Database from 'better-sqlite3'
import { transactionUnsynced } from './database'
import {
  ItemStatus,
  ItemRecord,
  ItemPatch,
  NewItem,
  HistoryRecord,
  AttachmentRecord,
  ITEM_COLUMNS,
  ITEM_FIELDS,
  ITEM_LIST,
  SELECT_ITEM,
  RECENT_RECIPIENTS_KEPT,
  MATCHES_READ_ONCE,
  OutboxStoreOptions,
  POSITION_WALK_FROM,
  POSITION_FANOUT_SHIFT,
  POSITION_FINEST_SHIFT,
  OPTED_OUT_COUNTED_NOTE,
  BatchPlacement,
  OpenBatchRecord,
  Row,
  toItem,
  toSqlValue
} from './outbox-records'
import { NAMED_WALK_FROM } from './outbox-recipient-named'
import { registerFoldedHolds } from './fts-fold'

export class OutboxItemsStore {
  private readonly statements = new Map<string, Database.Statement>()

  protected readonly matchesReadOnce: number

  protected readonly positionWalkFrom: number

  protected readonly namedWalkFrom: number

  /** One transaction function for every batch: better-sqlite3 builds four wrappers for each one it makes. */
  protected readonly inTransaction: (fn: () => unknown) => unknown

  constructor(
    readonly db: Database.Database,
    options: OutboxStoreOptions = {}
  ) {
    this.matchesReadOnce = options.matchesReadOnce ?? MATCHES_READ_ONCE
    this.positionWalkFrom = options.positionWalkFrom ?? POSITION_WALK_FROM
    this.namedWalkFrom = options.namedWalkFrom ?? NAMED_WALK_FROM
    // IMMEDIATE, as every write transaction (see writeTransaction); the variant is a function of its own.
    this.inTransaction = db.transaction((fn: () => unknown) => fn()).immediate
    // The search's walk tests text as the full-text index folds it (readTextByShownAt).
    registerFoldedHolds(db)
  }

  /** Run `fn` in one transaction (nested calls become savepoints). */
  batch<T>(fn: () => T): T {
    return this.inTransaction(fn) as T
  }

  /** The chunks of an open batch before the one that closes it commit without an fsync (see transactionUnsynced). */
  batchUnsynced<T>(fn: () => T): T {
    return transactionUnsynced(this.db, fn)
  }

  protected prepare(sql: string): Database.Statement {
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

  protected anyBatchOpen(): boolean {
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
      // The batch's items read once, grouped by their finest span; both tallies are added from those groups (a
      // campaign's are one or a few). Read once per level and once for the counts, a 10,000-item batch was
      // ~15 ms of CPU in the transaction that closes it, the longest block of a campaign start.
      const groups = JSON.stringify(
        this.prepare(
          `SELECT device_id AS d, status AS s, created_at >> ${POSITION_FINEST_SHIFT} AS b, COUNT(*) AS n,
             SUM(status = 'cancelled' AND failure_message IS ?) AS o
           FROM outbox_items WHERE batch_id = ? GROUP BY device_id, status, b`
        ).all(OPTED_OUT_COUNTED_NOTE, id)
      )
      this.prepare(
        `INSERT INTO outbox_counts (device_id, status, n)
         SELECT value ->> 'd', value ->> 's', SUM(value ->> 'n') FROM json_each(?) GROUP BY 1, 2
         ON CONFLICT (device_id, status) DO UPDATE SET n = n + excluded.n`
      ).run(groups)
      this.prepare(
        `INSERT INTO outbox_positions (level, bucket, device_id, status, n)
         SELECT level, (value ->> 'b') >> (${POSITION_FANOUT_SHIFT} * level), value ->> 'd', value ->> 's',
           SUM(value ->> 'n')
         FROM json_each(?), (SELECT 0 AS level UNION ALL SELECT 1 UNION ALL SELECT 2) GROUP BY 1, 2, 3, 4
         ON CONFLICT (level, bucket, device_id, status) DO UPDATE SET n = n + excluded.n`
      ).run(groups)
      this.prepare(
        `INSERT INTO outbox_opted_out_counts (device_id, n)
         SELECT value ->> 'd', SUM(value ->> 'o') FROM json_each(?) WHERE value ->> 'o' > 0 GROUP BY 1
         ON CONFLICT (device_id) DO UPDATE SET n = n + excluded.n`
      ).run(groups)
      this.prepare('DELETE FROM outbox_batches WHERE id = ?').run(id)
      return true
    })
  }

  /** Items written by chunked writes, closed or not (an item keeps its batch id): what a killed writer left. */
  batchedRowCount(): number {
    return (
      this.prepare('SELECT COUNT(*) AS n FROM outbox_items WHERE batch_id IS NOT NULL').get() as { n: number }
    ).n
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
      const item = this.update(id, { updatedAt: at, ...patch, status: to } as ItemPatch, from)
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
  protected update(
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
  protected removeItemRows(id: string): void {
    this.prepare('DELETE FROM gateway_schedules WHERE item_id = ? AND pending_op IS NULL').run(id)
    this.prepare('UPDATE gateway_schedules SET item_id = NULL WHERE item_id = ?').run(id)
    this.prepare('DELETE FROM outbox_items WHERE id = ?').run(id)
  }

  // -------------------------------------------------------------------------------- recent recipients

  recentRecipients(limit: number): string[] {
    const rows = this.prepare(
      'SELECT recipient FROM recent_recipients ORDER BY last_used_at DESC, use_count DESC LIMIT ?'
    ).all(limit) as { recipient: string }[]
    return rows.map((r) => r.recipient)
  }

  protected trimRecentRecipients(keep: number): void {
    this.prepare(
      `DELETE FROM recent_recipients WHERE recipient NOT IN
        (SELECT recipient FROM recent_recipients ORDER BY last_used_at DESC LIMIT ?)`
    ).run(keep)
  }
}
