// All SQL of recurring series: the series with its rule and next occurrence, its entries, and the items it made.
// A row that cannot be read (its recipients garbled, a rule this build does not know) is set aside on its own:
// marked 'damaged' in place (the row is kept as it was), left out of every answer, and named by damaged().
import type Database from 'better-sqlite3'
import { DamagedStoreError, unreadableJsonReason } from './errors'
import type { ItemKind } from './outbox-store'
import { SERIES_STATUSES, type OverduePolicyName, type SeriesStatusName } from '../../../shared/domain'

/** Why a series' made message was withdrawn with it (the operator's choice at its stop or delete). */
export type SeriesWithdrawal = 'stopped' | 'deleted'

export type SeriesRuleKind = 'daily' | 'weekly' | 'monthly' | 'yearly' | 'every-n-days'

export interface SeriesEntryRecord {
  kind: ItemKind
  text: string | null
  attachmentSha256: string | null
  fileName: string | null
  fileMime: string | null
  fileSize: number | null
}

export interface SeriesRecord {
  id: string
  deviceId: string
  recipients: string[]
  isGroup: boolean
  /** YYYY-MM-DDTHH:mm:ss in `timeZone`. */
  startLocal: string
  timeZone: string
  ruleKind: SeriesRuleKind
  ruleDays: number | null
  overduePolicy: OverduePolicyName
  status: SeriesStatusName
  /** The end as asked (QA33 Q33-05): a last day `YYYY-MM-DD` in `timeZone`, or a number of times; null: none. */
  endDate: string | null
  endTimes: number | null
  /** The number of the last occurrence by the end; null: no end. */
  lastIndex: number | null
  nextIndex: number
  nextAt: number | null
  occurrences: number
  /** Occurrences that came due while the app was closed and were never made (only the latest of them is). */
  skipped: number
  /** Occurrences the operator skipped ahead of time (Skip next): never made (QA70). */
  skippedByOperator: number
  lastOccurrenceAt: number | null
  createdAt: number
  updatedAt: number
  entries: SeriesEntryRecord[]
}

export type SeriesPatch = Partial<
  Pick<
    SeriesRecord,
    | 'status'
    | 'endDate'
    | 'endTimes'
    | 'lastIndex'
    | 'nextIndex'
    | 'nextAt'
    | 'occurrences'
    | 'skipped'
    | 'skippedByOperator'
    | 'lastOccurrenceAt'
    | 'updatedAt'
  >
>

interface SeriesRow {
  id: string
  device_id: string
  recipients: string
  is_group: number
  start_local: string
  time_zone: string
  rule_kind: SeriesRuleKind
  rule_days: number | null
  overdue_policy: OverduePolicyName
  status: SeriesStatusName
  end_date: string | null
  end_times: number | null
  last_index: number | null
  next_index: number
  next_at: number | null
  occurrences: number
  skipped: number
  skipped_by_operator: number
  last_occurrence_at: number | null
  created_at: number
  updated_at: number
}

interface EntryRow {
  kind: ItemKind
  text: string | null
  attachment_sha256: string | null
  file_name: string | null
  file_mime: string | null
  file_size: number | null
}

const RULE_KINDS: ReadonlySet<string> = new Set(['daily', 'weekly', 'monthly', 'yearly', 'every-n-days'])
const STATUSES: ReadonlySet<string> = new Set(SERIES_STATUSES)
const OVERDUE_POLICIES: ReadonlySet<string> = new Set(['send', 'hold'])
/** A series row set aside because it could not be read; never made into occurrences, kept for recovery by hand. */
const DAMAGED = 'damaged'

/** Why a series row cannot be used, or null. */
function damageOf(row: SeriesRow): string | null {
  const unreadable = unreadableJsonReason(row.recipients)
  if (unreadable) return `its recipients cannot be read (${unreadable})`
  const recipients = JSON.parse(row.recipients) as unknown
  if (!Array.isArray(recipients) || !recipients.every((r) => typeof r === 'string'))
    return 'its recipients are not a list of numbers'
  if (!RULE_KINDS.has(row.rule_kind))
    return `its repeat rule "${String(row.rule_kind)}" is not one this version knows`
  if (!STATUSES.has(row.status)) return `its status "${String(row.status)}" is not one this version knows`
  if (!OVERDUE_POLICIES.has(row.overdue_policy))
    return `its overdue rule "${String(row.overdue_policy)}" is unknown`
  return null
}

const PATCH_COLUMNS: Record<keyof SeriesPatch, string> = {
  status: 'status',
  endDate: 'end_date',
  endTimes: 'end_times',
  lastIndex: 'last_index',
  nextIndex: 'next_index',
  nextAt: 'next_at',
  occurrences: 'occurrences',
  skipped: 'skipped',
  skippedByOperator: 'skipped_by_operator',
  lastOccurrenceAt: 'last_occurrence_at',
  updatedAt: 'updated_at'
}

export class SeriesStore {
  private dueStatement: Database.Statement | undefined
  private nextDueStatement: Database.Statement | undefined
  private pastEndStatement: Database.Statement | undefined
  private withdrawnStatement: Database.Statement | undefined
  /** Why each row set aside in this run was, by series id. */
  private readonly damage = new Map<string, string>()

  constructor(private readonly db: Database.Database) {}

  /** The series, its entries and the attachment rows its files need, in one transaction. */
  insert(series: SeriesRecord, attachments: readonly { sha256: string; size: number }[]): void {
    this.db
      .transaction(() => {
        const addAttachment = this.db.prepare(
          'INSERT INTO attachments (sha256, size, created_at) VALUES (?, ?, ?) ON CONFLICT(sha256) DO NOTHING'
        )
        for (const attachment of attachments)
          addAttachment.run(attachment.sha256, attachment.size, series.createdAt)
        this.db
          .prepare(
            `INSERT INTO outbox_series (id, device_id, recipients, is_group, start_local, time_zone, rule_kind, rule_days,
             overdue_policy, status, end_date, end_times, last_index, next_index, next_at, occurrences, skipped,
             skipped_by_operator, last_occurrence_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
          )
          .run(
            series.id,
            series.deviceId,
            JSON.stringify(series.recipients),
            series.isGroup ? 1 : 0,
            series.startLocal,
            series.timeZone,
            series.ruleKind,
            series.ruleDays,
            series.overduePolicy,
            series.status,
            series.endDate,
            series.endTimes,
            series.lastIndex,
            series.nextIndex,
            series.nextAt,
            series.occurrences,
            series.skipped,
            series.skippedByOperator,
            series.lastOccurrenceAt,
            series.createdAt,
            series.updatedAt
          )
        const addEntry = this.db.prepare(
          `INSERT INTO outbox_series_entries (series_id, position, kind, text, attachment_sha256, file_name, file_mime, file_size)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
        )
        series.entries.forEach((entry, position) =>
          addEntry.run(
            series.id,
            position,
            entry.kind,
            entry.text,
            entry.attachmentSha256,
            entry.fileName,
            entry.fileMime,
            entry.fileSize
          )
        )
      })
      .immediate()
  }

  get(id: string): SeriesRecord | undefined {
    const row = this.db.prepare('SELECT * FROM outbox_series WHERE id = ?').get(id) as SeriesRow | undefined
    return row ? this.readable([row])[0] : undefined
  }

  /** The series set aside as damaged: the file, which series and why (what the window shows as "damaged"). */
  damaged(): DamagedStoreError[] {
    const rows = this.db
      .prepare(`SELECT id FROM outbox_series WHERE status = '${DAMAGED}' ORDER BY id`)
      .all() as { id: string }[]
    return rows.map(
      ({ id }) =>
        new DamagedStoreError(
          'series',
          this.db.name,
          `series ${id}`,
          this.damage.get(id) ?? 'it could not be read'
        )
    )
  }

  /** "Start fresh": forgets the damaged series (their entries and links too); returns the attachments they held. */
  removeDamaged(): string[] {
    const ids = this.damaged().map((error) => error.part.replace(/^series /, ''))
    return ids.flatMap((id) => this.delete(id))
  }

  /** Newest first; optionally one device's. */
  list(deviceId?: string): SeriesRecord[] {
    const rows = (
      deviceId === undefined
        ? this.db.prepare('SELECT * FROM outbox_series ORDER BY created_at DESC, id').all()
        : this.db
            .prepare('SELECT * FROM outbox_series WHERE device_id = ? ORDER BY created_at DESC, id')
            .all(deviceId)
    ) as SeriesRow[]
    return this.readable(rows)
  }

  /**
   * Active series whose next occurrence is due at `now`. Asked by the outbox's pump on every round (after every
   * send): prepared once, and LIMIT written `+?` so SQLite does not re-prepare it on each run (see OutboxStore).
   */
  due(now: number, limit: number): SeriesRecord[] {
    this.dueStatement ??= this.db.prepare(
      `SELECT * FROM outbox_series WHERE status = 'active' AND next_at IS NOT NULL AND next_at <= ?
       ORDER BY next_at, id LIMIT +?`
    )
    const rows = this.dueStatement.all(now, limit) as SeriesRow[]
    return this.readable(rows)
  }

  nextDueAt(): number | null {
    this.nextDueStatement ??= this.db.prepare(
      `SELECT MIN(next_at) AS at FROM outbox_series WHERE status = 'active' AND next_at IS NOT NULL`
    )
    const row = this.nextDueStatement.get() as { at: number | null }
    return row.at
  }

  patch(id: string, patch: SeriesPatch): void {
    const keys = Object.keys(patch) as (keyof SeriesPatch)[]
    if (keys.length === 0) return
    const assignments = keys.map((key) => `${PATCH_COLUMNS[key]} = ?`).join(', ')
    this.db
      .prepare(`UPDATE outbox_series SET ${assignments} WHERE id = ?`)
      .run(...keys.map((key) => patch[key]), id)
  }

  /** Remember which items an occurrence made. */
  linkItems(seriesId: string, occurrence: number, itemIds: readonly string[]): void {
    const link = this.db.prepare(
      'INSERT OR IGNORE INTO outbox_series_items (item_id, series_id, occurrence) VALUES (?, ?, ?)'
    )
    for (const itemId of itemIds) link.run(itemId, seriesId, occurrence)
  }

  itemIds(seriesId: string): string[] {
    const rows = this.db
      .prepare('SELECT item_id FROM outbox_series_items WHERE series_id = ? ORDER BY occurrence, item_id')
      .all(seriesId) as { item_id: string }[]
    return rows.map((row) => row.item_id)
  }

  /** The items its occurrences after `occurrence` made (a new end before them). */
  itemIdsAfter(seriesId: string, occurrence: number): string[] {
    const rows = this.db
      .prepare(
        'SELECT item_id FROM outbox_series_items WHERE series_id = ? AND occurrence > ? ORDER BY occurrence, item_id'
      )
      .all(seriesId, occurrence) as { item_id: string }[]
    return rows.map((row) => row.item_id)
  }

  /**
   * Whether this item was made by an occurrence past its series' stored end. Asked before each of a series' items is
   * sent: prepared once, found by the item's key.
   */
  madePastEnd(itemId: string): boolean {
    this.pastEndStatement ??= this.db.prepare(
      `SELECT 1 FROM outbox_series_items AS made JOIN outbox_series AS series ON series.id = made.series_id
       WHERE made.item_id = ? AND series.last_index IS NOT NULL AND made.occurrence > series.last_index`
    )
    return this.pastEndStatement.get(itemId) !== undefined
  }

  /** These items of the series are withdrawn with it: never to be sent (in the caller's transaction). */
  withdraw(seriesId: string, itemIds: readonly string[], why: SeriesWithdrawal): void {
    if (itemIds.length === 0) return
    this.db
      .prepare(
        'UPDATE outbox_series_items SET withdrawn = ? WHERE series_id = ? AND item_id IN (SELECT value FROM json_each(?))'
      )
      .run(why, seriesId, JSON.stringify(itemIds))
  }

  /**
   * Why this item was withdrawn with its series (stopped or deleted), or null. Asked before each of a series' items
   * is sent: prepared once, found by the item's key.
   */
  withdrawnAs(itemId: string): SeriesWithdrawal | null {
    this.withdrawnStatement ??= this.db.prepare(
      'SELECT withdrawn FROM outbox_series_items WHERE item_id = ? AND withdrawn IS NOT NULL'
    )
    const row = this.withdrawnStatement.get(itemId) as { withdrawn: SeriesWithdrawal } | undefined
    return row?.withdrawn ?? null
  }

  /** The operator sends a withdrawn item after all (a retry): it is the series' no more to hold back. */
  unwithdraw(itemId: string): void {
    this.db.prepare('UPDATE outbox_series_items SET withdrawn = NULL WHERE item_id = ?').run(itemId)
  }

  /**
   * Remove a series (its entries go with it); returns the attachments it held. The links of the items it withdrew
   * stay, so they are still held back at their turn.
   */
  delete(id: string): string[] {
    return this.db
      .transaction(() => {
        const shas = this.db
          .prepare(
            'SELECT DISTINCT attachment_sha256 AS sha FROM outbox_series_entries WHERE series_id = ? AND attachment_sha256 IS NOT NULL'
          )
          .all(id) as { sha: string }[]
        this.db.prepare('DELETE FROM outbox_series_entries WHERE series_id = ?').run(id)
        this.db.prepare('DELETE FROM outbox_series_items WHERE series_id = ? AND withdrawn IS NULL').run(id)
        this.db.prepare('DELETE FROM outbox_series WHERE id = ?').run(id)
        return shas.map((row) => row.sha)
      })
      .immediate()
  }

  /** The rows that can be read; any other is set aside (marked damaged in place, so it is never due again). */
  private readable(rows: readonly SeriesRow[]): SeriesRecord[] {
    const records: SeriesRecord[] = []
    for (const row of rows) {
      if ((row.status as string) === DAMAGED) continue
      const damage = damageOf(row)
      if (damage === null) {
        records.push(this.toRecord(row))
        continue
      }
      this.damage.set(row.id, damage)
      this.db
        .prepare(`UPDATE outbox_series SET status = '${DAMAGED}', next_at = NULL WHERE id = ?`)
        .run(row.id)
    }
    return records
  }

  private toRecord(row: SeriesRow): SeriesRecord {
    const entries = this.db
      .prepare(
        `SELECT kind, text, attachment_sha256, file_name, file_mime, file_size FROM outbox_series_entries
         WHERE series_id = ? ORDER BY position`
      )
      .all(row.id) as EntryRow[]
    return {
      id: row.id,
      deviceId: row.device_id,
      recipients: JSON.parse(row.recipients) as string[],
      isGroup: row.is_group === 1,
      startLocal: row.start_local,
      timeZone: row.time_zone,
      ruleKind: row.rule_kind,
      ruleDays: row.rule_days,
      overduePolicy: row.overdue_policy,
      status: row.status,
      endDate: row.end_date,
      endTimes: row.end_times,
      lastIndex: row.last_index,
      nextIndex: row.next_index,
      nextAt: row.next_at,
      occurrences: row.occurrences,
      skipped: row.skipped,
      skippedByOperator: row.skipped_by_operator,
      lastOccurrenceAt: row.last_occurrence_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      entries: entries.map((entry) => ({
        kind: entry.kind,
        text: entry.text,
        attachmentSha256: entry.attachment_sha256,
        fileName: entry.file_name,
        fileMime: entry.file_mime,
        fileSize: entry.file_size
      }))
    }
  }
}
