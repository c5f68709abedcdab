// All SQL of the outbox, in parts that extend one another (items → lists → an export's pages → the queue's questions → this): gateway
// schedules, tracking, retention and attachments, the dispatcher's lease, and the newest item to each of a page of
// chats (the inbox's rows, through the kernel's port). Only the kernel uses it.
import {
  ItemRecord,
  ScheduleOp,
  GatewayScheduleRecord,
  SELECT_ITEM,
  ITEM_LIST,
  FENCED_ROWIDS,
  SHOWN_AT,
  SEARCH_AUTOMERGE,
  inLine,
  unfenced,
  Row,
  toItem,
  GATEWAY_SCHEDULE_SELECT,
  SCHEDULE_UNFENCED,
  SCHEDULE_COLUMNS
} from './outbox-records'
import { NOT_YET_TRAFFIC_STATUSES } from '../../../shared/domain'
import { OutboxTerminalMovesStore } from './outbox-terminal-moves-store'
import { optedOutAhead } from './outbox-scheduled-store'
export {
  ITEM_STATUSES,
  UNSENT,
  campaignTag,
  type ItemStatus,
  type ItemKind,
  type ItemRecord,
  type ItemPatch,
  type NewItem,
  type ItemOutcome,
  type SendLogCounts,
  type HistoryRecord,
  type AttachmentRecord,
  type ScheduleOp,
  type GatewayScheduleRecord,
  type ItemFilter,
  type StatusCounts,
  type ActiveCount,
  type OutboxStoreOptions,
  type BatchPlacement,
  type OpenBatchRecord
} from './outbox-records'

export class OutboxStore extends OutboxTerminalMovesStore {
  // --------------------------------------------------------------------------------------- the inbox's rows

  /**
   * For each chat (a device and a recipient, shown after `shownAfter` when given, by SHOWN_AT as the thread shows it),
   * its newest item that is the conversation's traffic (countsAsConversationTraffic, QA76: the gateway took it; one
   * waiting or never gone out is not), by when the gateway took it, with that time, or null: a page of the inbox's
   * conversations in one read, not one a row. Each chat is read through the index by recipient (its own few items,
   * sorted: as a thread's half is); an open batch's items are not there.
   */
  newestToChats(
    chats: readonly { deviceId: string; recipient: string; shownAfter?: number }[]
  ): ({ happenedAt: number; item: ItemRecord } | null)[] {
    if (chats.length === 0) return []
    const fence = this.anyBatchOpen() ? ` AND o.rowid NOT IN ${FENCED_ROWIDS}` : ''
    const rows = this.prepare(
      `SELECT ${ITEM_LIST}, accepted_at AS happenedAt, picked.chat AS pickedFor FROM (
         SELECT c.key AS chat, (
           SELECT o.rowid FROM outbox_items AS o INDEXED BY outbox_items_by_recipient
           WHERE o.recipient = json_extract(c.value, '$[1]') AND o.device_id = json_extract(c.value, '$[0]')
             AND ${SHOWN_AT} > json_extract(c.value, '$[2]')
             AND o.accepted_at IS NOT NULL AND o.status NOT IN (SELECT value FROM json_each(?))${fence}
           ORDER BY o.accepted_at DESC, o.id DESC LIMIT 1
         ) AS itemRowid
         FROM json_each(?) AS c
       ) AS picked JOIN outbox_items ON outbox_items.rowid = picked.itemRowid`
    ).all(
      JSON.stringify(NOT_YET_TRAFFIC_STATUSES),
      JSON.stringify(
        chats.map((chat) => [chat.deviceId, chat.recipient, chat.shownAfter ?? Number.MIN_SAFE_INTEGER])
      )
    ) as (Row & { happenedAt: number; pickedFor: number })[]
    const newest: ({ happenedAt: number; item: ItemRecord } | null)[] = chats.map(() => null)
    for (const { pickedFor, happenedAt, ...row } of rows)
      newest[pickedFor] = { happenedAt, item: toItem(row) }
    return newest
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

  /** The earliest due time after `after` (items due by then are the due read's to take or leave). */
  nextScheduledAt(after: number): number | null {
    const row = this.prepare(
      `SELECT MIN(not_before) AS at FROM outbox_items i
       WHERE status = 'scheduled' AND held = 0 AND not_before > ? AND ${unfenced('i')}`
    ).get(after) as { at: number | null }
    return row.at
  }

  /** Scheduled items the overdue policy holds for the operator (a few: it reads the scheduled items' index only). */
  heldOverdue(): number {
    const row = this.prepare(
      `SELECT COUNT(*) AS n FROM outbox_items i WHERE status = 'scheduled' AND held = 1 AND ${unfenced('i')}`
    ).get() as { n: number }
    return row.n
  }

  /** The held ones' ids, soonest due first, in line order: what "Send all held" and "Cancel all held" act on. */
  heldIds(): string[] {
    const rows = this.prepare(
      `SELECT id FROM outbox_items i WHERE status = 'scheduled' AND held = 1 AND ${unfenced('i')}
       ORDER BY not_before, seq`
    ).all() as { id: string }[]
    return rows.map((row) => row.id)
  }

  /** Scheduled items that go by themselves at `at` or later (held ones go only when the operator says). */
  scheduledFrom(at: number): number {
    const row = this.prepare(
      `SELECT COUNT(*) AS n FROM outbox_items i WHERE status = 'scheduled' AND held = 0 AND not_before >= ? AND ${unfenced('i')}`
    ).get(at) as { n: number }
    return row.n
  }

  /** The devices with scheduled items (not held) due before `before`: those whose daily cap may hold some. */
  devicesScheduledBefore(before: number): string[] {
    const rows = this.prepare(
      `SELECT DISTINCT device_id AS id FROM outbox_items i WHERE status = 'scheduled' AND held = 0 AND not_before < ? AND ${unfenced('i')}`
    ).all(before) as { id: string }[]
    return rows.map((row) => row.id)
  }

  /**
   * What is in line on `deviceId` before `before` under its daily cap: the queued not held due by then, and the
   * scheduled ones the outbox sends itself due by then (one the gateway fires at its time is under no cap of ours).
   * Neither counts one whose number opted out since, cancelled at its turn (optedOutAhead; QA76 the scheduled, and a
   * direct message queued before its customer's STOP while its device waited).
   */
  capLineBefore(deviceId: string, before: number): { queued: number; scheduled: number } {
    const row = this.prepare(
      `SELECT
         COALESCE(SUM(status = 'queued' AND (not_before IS NULL OR not_before < ?)), 0) AS queued,
         COALESCE(SUM(status = 'scheduled' AND not_before < ? AND COALESCE(schedule_mode, '') <> 'gateway'), 0)
           AS scheduled
       FROM outbox_items i WHERE i.device_id = ? AND held = 0 AND status IN ('queued', 'scheduled') AND ${unfenced('i')}
         AND NOT (${optedOutAhead('i')})`
    ).get(before, before, deviceId) as { queued: number; scheduled: number }
    return row
  }

  /**
   * Items waiting to go through `deviceId` before `before` (its day's end), whichever producer queued them: queued
   * ones not held, and scheduled ones due by then, but those whose number opted out since (optedOutAhead: they never
   * go). A new campaign's estimate and summary count them against the number's daily cap (QA28 Q28-07: "5 left today"
   * while another campaign's 7 rows waited there).
   */
  waitingOn(deviceId: string, before: number): number {
    const row = this.prepare(
      `SELECT COUNT(*) AS n FROM outbox_items i WHERE i.device_id = ? AND ${unfenced('i')} AND (
         (status = 'queued' AND held = 0 AND (not_before IS NULL OR not_before < ?))
         OR (status = 'scheduled' AND held = 0 AND not_before < ?)) AND NOT (${optedOutAhead('i')})`
    ).get(deviceId, before, before) as { n: number }
    return row.n
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

  /**
   * Delete up to `limit` items closed before `cutoff` (history goes with them); returns their attachments. One whose
   * take-back has not settled stays, as the operator's delete keeps it: gone, its call would still reach the gateway.
   */
  purgeClosedBefore(cutoff: number, limit: number): { deleted: number; attachments: string[] } {
    return this.batch(() => {
      const rows = this.prepare(
        `SELECT id, attachment_sha256 AS sha FROM outbox_items WHERE closed_at IS NOT NULL AND closed_at < ?
         AND NOT ${inLine('outbox_items')} AND status != 'scheduled' AND NOT EXISTS (SELECT 1 FROM outbox_takeback_ops o
           WHERE o.item_id = outbox_items.id AND o.state IN ('waiting', 'calling', 'in_doubt')) LIMIT ?`
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

  /** The process holding the named lease, if any (it may have ended: the caller asks whether it still runs). */
  leaseHolder(name: string): number | null {
    const row = this.prepare('SELECT pid FROM leases WHERE name = ?').get(name) as { pid: number } | undefined
    return row?.pid ?? null
  }
}
