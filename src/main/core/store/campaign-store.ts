// Campaigns in SQLite: the campaign, its checked rows (joined with their outbox items for proof), per-device waits
// and auto-pauses, mappings remembered per file layout, and the opt-out list.
import type Database from 'better-sqlite3'
import type { ItemStatus, SendLogCounts } from './outbox-store'
import { transactionUnsynced, writeTransaction } from './database'
import { learnContactNames } from './inbox-conversations-store'
import { containsPattern } from './like-pattern'
import { phoneSearch } from '../../../shared/domain'

export type CampaignStatus = 'draft' | 'running' | 'paused' | 'cancelled' | 'finished'
/** Why a campaign ended, kept when the end was neither the operator's nor its last send (the contract's). */
export type CampaignEndReason = 'device_removed'

/** A campaign whose rows are still being written (create, in chunks): nothing but its writer sees it. */
const IMPORTING = 'importing'

/** A campaign being created (or left half-written by a crash): its id and the process writing it. */
export interface ImportingCampaign {
  id: string
  pid: number
}

export interface CampaignRecord {
  id: string
  name: string
  fileName: string
  headers: string[]
  mapping: unknown
  template: string
  pacing: unknown
  devices: string[]
  seed: number
  status: CampaignStatus
  createdAt: number
  updatedAt: number
  startedAt: number | null
  /**
   * When it last became finished or cancelled (a retried row reopens it: null again); null while it can still send,
   * and for a campaign that ended before this was kept (not known). Written by `update` alone.
   */
  endedAt?: number | null
  /**
   * Why it ended, when not by the operator or by sending all it had: `device_removed`, its last device was removed
   * (QA77). Null otherwise, and again when a retried row reopens it. Written by `update` alone.
   */
  endReason?: CampaignEndReason | null
  /** The one file sent with every row (its name), or null for text only. */
  attachmentName: string | null
  /**
   * The sheet's wholly blank rows left out at the import (no rows of the campaign); null when not known (imported
   * before they were kept).
   */
  blankRows: number | null
  /**
   * The separator of the CSV it was imported from (QA73: its CSVs are written with it); null for an XLSX or when not
   * known (imported before it was kept).
   */
  csvDelimiter?: string | null
}

export interface CampaignRowRecord {
  rowNumber: number
  phone: string | null
  phoneCell: string
  values: Record<string, string>
  message: string
  problems: readonly unknown[]
  itemId: string | null
  deviceId: string | null
  /** Where its message ended, kept when the message left the outbox (deleted, or purged by retention); else null. */
  settled?: SettledOutcome | null
}

/** A row's message as it was when it left the outbox (migration "campaigns: a row keeps where its message ended"). */
export interface SettledOutcome {
  status: ItemStatus
  /** Cancelled because its number opted out. */
  optedOut: boolean
  gatewayId: string | null
  sentAt: number | null
  acceptedAt: number | null
  closedAt: number | null
}

/** A contact's name a campaign's row gives its (normalised) number, from the mapping's name column. */
export interface ContactNameFromRow {
  phone: string
  name: string
}

/** A row as proof: the row and, once queued, its outbox item's status, gateway id and times. */
export interface CampaignRowResult extends CampaignRowRecord {
  status: ItemStatus | null
  gatewayId: string | null
  sentAt: number | null
  acceptedAt: number | null
  closedAt: number | null
  failureMessage: string | null
  history: { at: number; status: ItemStatus }[]
  /** Its take-back's call is not made yet (its device cannot act, or its turn has not come). */
  takeBackWaiting: boolean
  /** Its send is in doubt (a 5xx or a time-out cut the answer short): the gateway's reports are checked first. */
  checking: boolean
}

/** A campaign held while the take-back question is open: the status it had, and the process that holds it. */
export interface TakeBackHold {
  from: CampaignStatus
  pid: number
}

export interface CampaignDeviceRecord {
  deviceId: string
  waitCode: string | null
  waitUntil: number | null
  pausedReason: string | null
  /** The device state that paused it (a drop), and the note key its check met; null otherwise. */
  pausedState: string | null
  pausedStateNote: string | null
}

export interface OptOutRecord {
  phone: string
  source: string
  addedAt: number
  /** The contact's name when the number is a known contact, so the list says who opted out. */
  name: string | null
  /** The customer's word that opted the number out (source `keyword`); null otherwise and for older entries. */
  keyword: string | null
}

type Row = Record<string, unknown>

/** The statuses a campaign sends nothing more in: reaching one is its end (`endedAt`). */
const ENDED_STATUSES: ReadonlySet<CampaignStatus> = new Set<CampaignStatus>(['finished', 'cancelled'])

function toCampaign(row: Row): CampaignRecord {
  return {
    id: row.id as string,
    name: row.name as string,
    fileName: row.file_name as string,
    headers: JSON.parse(row.headers as string) as string[],
    mapping: JSON.parse(row.mapping as string) as unknown,
    template: row.template as string,
    pacing: JSON.parse(row.pacing as string) as unknown,
    devices: JSON.parse(row.devices as string) as string[],
    seed: row.seed as number,
    status: row.status as CampaignStatus,
    createdAt: row.created_at as number,
    updatedAt: row.updated_at as number,
    startedAt: (row.started_at as number | null) ?? null,
    endedAt: (row.ended_at as number | null) ?? null,
    endReason: (row.end_reason as CampaignEndReason | null) ?? null,
    attachmentName: (row.attachment_name as string | null) ?? null,
    blankRows: (row.blank_rows as number | null) ?? null,
    csvDelimiter: (row.csv_delimiter as string | null) ?? null
  }
}

/**
 * A row's item as every reader sees it (`r` the row, `c` its campaign): none until a start of the campaign committed
 * (started_at is set in its closing transaction). A start links the rows in its fenced chunks; until it closes, and
 * after a crash rolled its items back (the draft may be cancelled then), those links are not the rows' items.
 */
const LINKED_ITEM = `iif(c.started_at IS NULL, NULL, r.item_id)`
/** A row's columns as readers see them (see LINKED_ITEM), from `campaign_rows r JOIN campaigns c`. */
const ROW_COLUMNS = `r.row_number, r.phone, r.phone_cell, r.vars, r.message, r.problems,
  ${LINKED_ITEM} AS item_id, iif(c.started_at IS NULL, NULL, r.device_id) AS device_id, r.settled_status,
  r.settled_opted_out, r.settled_gateway_id, r.settled_sent_at, r.settled_accepted_at, r.settled_closed_at`
const ROWS_OF = 'campaign_rows r JOIN campaigns c ON c.id = r.campaign_id'
/**
 * The problems of a row left out for the same message (the rule puts it first): got it (`sent_recently`, every stored
 * row of before QA73 too) or still waiting for it (`same_message_waiting`, with the campaign it waits in).
 */
const SAME_MESSAGE_FIRST = (problems: string): string =>
  `${problems} ->> '$[0].code' IN ('sent_recently', 'same_message_waiting')`
/** A row left out for the same message alone: the ones a start with sendRecent sends to as well. */
const SAME_MESSAGE_ALONE = (problems: string): string =>
  `(${SAME_MESSAGE_FIRST(problems)} AND json_array_length(${problems}) = 1)`

function toRow(row: Row): CampaignRowRecord {
  return {
    rowNumber: row.row_number as number,
    phone: (row.phone as string | null) ?? null,
    phoneCell: row.phone_cell as string,
    values: JSON.parse(row.vars as string) as Record<string, string>,
    message: row.message as string,
    problems: JSON.parse(row.problems as string) as unknown[],
    itemId: (row.item_id as string | null) ?? null,
    deviceId: (row.device_id as string | null) ?? null,
    settled:
      row.settled_status === null || row.settled_status === undefined || row.item_id === null
        ? null
        : {
            status: row.settled_status as ItemStatus,
            optedOut: row.settled_opted_out === 1,
            gatewayId: (row.settled_gateway_id as string | null) ?? null,
            sentAt: (row.settled_sent_at as number | null) ?? null,
            acceptedAt: (row.settled_accepted_at as number | null) ?? null,
            closedAt: (row.settled_closed_at as number | null) ?? null
          }
  }
}

export class CampaignStore {
  private readonly statements = new Map<string, Database.Statement>()

  constructor(readonly db: Database.Database) {}

  batch<T>(fn: () => T): T {
    return writeTransaction(this.db, fn)
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql)
    if (!statement) {
      statement = this.db.prepare(sql)
      this.statements.set(sql, statement)
    }
    return statement
  }

  /**
   * The campaign, hidden as 'importing' by `pid` until finishImport: its rows follow in chunks (insertRows). Only
   * get/list's callers' view changes at finishImport, so a crash or a failure part way shows nobody a partial campaign.
   */
  beginImport(campaign: CampaignRecord, pid: number): void {
    this.batch(() => {
      this.insertCampaign({ ...campaign, status: IMPORTING as CampaignStatus }, pid)
    })
  }

  /**
   * One chunk of an importing campaign's rows, in its own transaction (without an fsync: finishImport's is enough).
   * False, writing nothing, if the campaign was deleted meanwhile as abandoned (a pid reused by this process).
   */
  insertImportRows(
    campaignId: string,
    rows: readonly CampaignRowRecord[],
    names: readonly ContactNameFromRow[] = [],
    at = 0
  ): boolean {
    return transactionUnsynced(this.db, () => {
      if (!this.isImporting(campaignId)) return false
      this.insertRows(campaignId, rows)
      // The names the chunk's rows give their numbers, as a spreadsheet's (never over the operator's; contacts-store).
      learnContactNames(this.db, names, 'campaign', at)
      return true
    })
  }

  /** The commit point of a chunked create: the campaign becomes a draft. False if it was rolled back meanwhile. */
  finishImport(campaignId: string, at: number): boolean {
    return (
      this.prepare(
        `UPDATE campaigns SET status = 'draft', importing_pid = NULL, updated_at = ? WHERE id = ? AND status = '${IMPORTING}'`
      ).run(at, campaignId).changes === 1
    )
  }

  isImporting(campaignId: string): boolean {
    return (
      this.prepare(`SELECT 1 FROM campaigns WHERE id = ? AND status = '${IMPORTING}'`).get(campaignId) !==
      undefined
    )
  }

  importing(): ImportingCampaign[] {
    return this.prepare(
      `SELECT id, importing_pid AS pid FROM campaigns WHERE status = '${IMPORTING}'`
    ).all() as ImportingCampaign[]
  }

  /** Up to `limit` rows of an importing campaign deleted (one short transaction); how many went. */
  discardImportRows(campaignId: string, limit: number): number {
    return this.batch(() => {
      if (!this.isImporting(campaignId)) return 0
      return this.prepare(
        `DELETE FROM campaign_rows WHERE rowid IN (SELECT rowid FROM campaign_rows WHERE campaign_id = ? LIMIT ?)`
      ).run(campaignId, limit).changes
    })
  }

  /** The importing campaign itself (and, by cascade, what is left of its rows and devices). */
  deleteImport(campaignId: string): void {
    this.prepare(`DELETE FROM campaigns WHERE id = ? AND status = '${IMPORTING}'`).run(campaignId)
  }

  private insertCampaign(campaign: CampaignRecord, importingPid: number | null): void {
    this.prepare(
      `INSERT INTO campaigns (id, name, file_name, headers, mapping, template, pacing, devices, seed, status,
         created_at, updated_at, started_at, attachment_name, importing_pid, blank_rows,
         csv_delimiter)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    ).run(
      campaign.id,
      campaign.name,
      campaign.fileName,
      JSON.stringify(campaign.headers),
      JSON.stringify(campaign.mapping),
      campaign.template,
      JSON.stringify(campaign.pacing),
      JSON.stringify(campaign.devices),
      campaign.seed,
      campaign.status,
      campaign.createdAt,
      campaign.updatedAt,
      campaign.startedAt,
      campaign.attachmentName,
      importingPid,
      campaign.blankRows,
      campaign.csvDelimiter ?? null
    )
    const device = this.prepare(
      'INSERT OR IGNORE INTO campaign_devices (campaign_id, device_id) VALUES (?, ?)'
    )
    for (const deviceId of campaign.devices) device.run(campaign.id, deviceId)
  }

  private insertRows(campaignId: string, rows: readonly CampaignRowRecord[]): void {
    const insertRow = this.prepare(
      `INSERT INTO campaign_rows (campaign_id, row_number, phone, phone_cell, vars, message, problems, item_id, device_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL)`
    )
    for (const row of rows) {
      insertRow.run(
        campaignId,
        row.rowNumber,
        row.phone,
        row.phoneCell,
        JSON.stringify(row.values),
        row.message,
        JSON.stringify(row.problems)
      )
    }
  }

  /**
   * A split of a draft (call inside `batch`, after checking it is a draft): `rest` is written as a new draft and takes
   * the ready rows after `afterRow`, unlinked; the skipped rows stay where they were checked. How many rows moved.
   */
  splitOff(fromId: string, rest: CampaignRecord, afterRow: number): number {
    this.insertCampaign(rest, null)
    return this.prepare(
      `UPDATE campaign_rows SET campaign_id = ?, item_id = NULL, device_id = NULL
       WHERE campaign_id = ? AND row_number > ? AND problems = '[]'`
    ).run(rest.id, fromId, afterRow).changes
  }

  /** The row number of a campaign's `nth` ready row (1 = the first), in file order; null past its last. */
  nthReadyRow(campaignId: string, nth: number): number | null {
    const row = this.prepare(
      `SELECT row_number FROM campaign_rows WHERE campaign_id = ? AND problems = '[]'
       ORDER BY row_number LIMIT 1 OFFSET ?`
    ).get(campaignId, nth - 1) as { row_number: number } | undefined
    return row?.row_number ?? null
  }

  /** A campaign, unless it is still being created (importing campaigns exist for their writer only). */
  get(id: string): CampaignRecord | undefined {
    const row = this.prepare(`SELECT * FROM campaigns WHERE id = ? AND status != '${IMPORTING}'`).get(id) as
      Row | undefined
    return row ? toCampaign(row) : undefined
  }

  /** The campaigns that can still change (not finished or cancelled), ids alone: cheap enough to ask every second. */
  unfinishedIds(): string[] {
    return (
      this.prepare(`SELECT id FROM campaigns WHERE status IN ('draft', 'running', 'paused')`).all() as {
        id: string
      }[]
    ).map((row) => row.id)
  }

  list(): CampaignRecord[] {
    return (
      this.prepare(
        `SELECT * FROM campaigns WHERE status != '${IMPORTING}' ORDER BY created_at DESC`
      ).all() as Row[]
    ).map(toCampaign)
  }

  update(
    id: string,
    patch: Partial<Pick<CampaignRecord, 'status' | 'pacing' | 'startedAt' | 'name' | 'endReason'>>,
    at: number
  ): void {
    const current = this.get(id)
    if (!current) return
    const next = { ...current, ...patch }
    // The end is the moment the status became final; a rename or a device's removal later does not move it.
    const ended = ENDED_STATUSES.has(next.status)
    const endedAt = !ended ? null : ENDED_STATUSES.has(current.status) ? (current.endedAt ?? null) : at
    // Its reason goes with its end: kept while it stays ended (a rename), gone once a retried row reopens it.
    const endReason = !ended
      ? null
      : (patch.endReason ?? (ENDED_STATUSES.has(current.status) ? current.endReason : null))
    this.prepare(
      `UPDATE campaigns SET status = ?, pacing = ?, started_at = ?, name = ?, updated_at = ?, ended_at = ?, end_reason = ?
       WHERE id = ?`
    ).run(
      next.status,
      JSON.stringify(next.pacing),
      next.startedAt,
      next.name,
      at,
      endedAt,
      endReason ?? null,
      id
    )
  }

  // ---------------------------------------------------------------- the take-back question's hold (QA14 Q14-02)

  /** Kept before the hold pauses the campaign: the status it goes back to and the holding process; null: let go. */
  setTakeBackHold(id: string, hold: TakeBackHold | null): void {
    this.prepare('UPDATE campaigns SET take_back_hold_from = ?, take_back_hold_pid = ? WHERE id = ?').run(
      hold?.from ?? null,
      hold?.pid ?? null,
      id
    )
  }

  takeBackHold(id: string): TakeBackHold | null {
    const row = this.prepare(
      'SELECT take_back_hold_from AS "from", take_back_hold_pid AS pid FROM campaigns WHERE id = ?'
    ).get(id) as { from: CampaignStatus | null; pid: number | null } | undefined
    return row?.from ? { from: row.from, pid: row.pid ?? 0 } : null
  }

  /** Every campaign held for the take-back question (a start looks for holds whose question was never answered). */
  takeBackHolds(): (TakeBackHold & { id: string })[] {
    return (
      this.prepare(
        `SELECT id, take_back_hold_from AS "from", take_back_hold_pid AS pid FROM campaigns
         WHERE take_back_hold_from IS NOT NULL AND status != '${IMPORTING}'`
      ).all() as { id: string; from: CampaignStatus; pid: number | null }[]
    ).map((row) => ({ ...row, pid: row.pid ?? 0 }))
  }

  /**
   * Ready rows (no problem) not yet in the outbox, in file order; with `page`, `limit` of those after row `afterRow`.
   * With `sentRecently`, the rows left out for the same message alone too (the ones a start may send to again).
   */
  unqueuedReadyRows(
    campaignId: string,
    page?: { afterRow: number; limit: number },
    sentRecently = false
  ): CampaignRowRecord[] {
    return (
      this.prepare(
        `SELECT ${ROW_COLUMNS} FROM ${ROWS_OF}
         WHERE r.campaign_id = ? AND r.row_number > ? AND ${LINKED_ITEM} IS NULL
           AND (r.problems = '[]'${sentRecently ? ` OR ${SAME_MESSAGE_ALONE('r.problems')}` : ''})
         ORDER BY r.row_number LIMIT ?`
      ).all(campaignId, page?.afterRow ?? 0, page?.limit ?? -1) as Row[]
    ).map(toRow)
  }

  /**
   * Rows a start checks again against the same-message rule, in file order (with `page`, `limit` of those after row
   * `afterRow`): unqueued rows with a number that are ready or were left out first for the same message (the check
   * asks the rule only of rows with no earlier problem, so that one is always first).
   */
  sameMessageRows(
    campaignId: string,
    page: { afterRow: number; limit: number }
  ): {
    rowNumber: number
    phone: string
    message: string
    problems: { code: string; campaign?: string }[]
  }[] {
    return (
      this.prepare(
        `SELECT r.row_number, r.phone, r.message, r.problems FROM ${ROWS_OF}
         WHERE r.campaign_id = ? AND r.row_number > ? AND r.phone IS NOT NULL AND ${LINKED_ITEM} IS NULL
           AND (r.problems = '[]' OR ${SAME_MESSAGE_FIRST('r.problems')})
         ORDER BY r.row_number LIMIT ?`
      ).all(campaignId, page.afterRow, page.limit) as Row[]
    ).map((row) => ({
      rowNumber: row.row_number as number,
      phone: row.phone as string,
      message: row.message as string,
      problems: JSON.parse(row.problems as string) as { code: string; campaign?: string }[]
    }))
  }

  /** New problems for these rows of a campaign (a start's check again), in one statement. */
  setRowProblems(
    campaignId: string,
    rows: readonly { rowNumber: number; problems: readonly unknown[] }[]
  ): void {
    if (rows.length === 0) return
    // MATERIALIZED: the changes are the outer loop, a primary-key lookup each (as linkStartingRows).
    this.prepare(
      `WITH change AS MATERIALIZED (
         SELECT value ->> '$.rowNumber' AS row_number, value ->> '$.problems' AS problems FROM json_each(?))
       UPDATE campaign_rows SET problems = change.problems FROM change
       WHERE campaign_rows.campaign_id = ? AND campaign_rows.row_number = change.row_number`
    ).run(
      JSON.stringify(
        rows.map((row) => ({ rowNumber: row.rowNumber, problems: JSON.stringify(row.problems) }))
      ),
      campaignId
    )
  }

  /** The items these rows are linked to now (a start's chunk asks which of them still exist before linking). */
  linkedItems(campaignId: string, rowNumbers: readonly number[]): string[] {
    // CROSS JOIN keeps the asked rows the outer loop, a key lookup each: joined plainly, SQLite walked all the
    // campaign's rows and the list once per row (~10 ms a chunk at 10,000 rows, however few rows the chunk wrote).
    return (
      this.prepare(
        `SELECT r.item_id FROM json_each(?) w CROSS JOIN campaign_rows r
         ON r.campaign_id = ? AND r.row_number = w.value WHERE r.item_id IS NOT NULL`
      ).all(JSON.stringify(rowNumbers), campaignId) as { item_id: string }[]
    ).map((r) => r.item_id)
  }

  /**
   * Link rows to the items a start is writing, in the transaction of each fenced chunk (the closing one only flips the
   * status: 10,000 links there were ~30 ms of its block). Links mean nothing to readers before that (see
   * LINKED_ITEM): a crash leaves links to items rolled back, which the next start takes over. A row linked to an item
   * in `liveItems` (one that exists: another start's, still fenced) is not taken. Returns how many rows were linked.
   */
  linkStartingRows(
    campaignId: string,
    links: readonly { rowNumber: number; itemId: string; deviceId: string }[],
    liveItems: readonly string[]
  ): number {
    // One statement over the links as JSON, not one per row. MATERIALIZED makes the links the outer loop with a
    // primary-key lookup per link; joined directly, SQLite scanned the links once per row (45 s at 10,000).
    return this.prepare(
      `WITH link AS MATERIALIZED (
         SELECT value ->> '$.rowNumber' AS row_number, value ->> '$.itemId' AS item_id,
           value ->> '$.deviceId' AS device_id
         FROM json_each(?))
       UPDATE campaign_rows SET item_id = link.item_id, device_id = link.device_id FROM link
       WHERE campaign_rows.campaign_id = ? AND campaign_rows.row_number = link.row_number
         AND (campaign_rows.item_id IS NULL OR campaign_rows.item_id NOT IN (SELECT value FROM json_each(?)))`
    ).run(JSON.stringify(links), campaignId, JSON.stringify(liveItems)).changes
  }

  /** Rows whose outbox item moved to another device (rotation): the proof names the device that sends it. */
  setItemDevices(campaignId: string, moves: readonly { itemId: string; deviceId: string }[]): void {
    // One statement for a rotation of thousands (see linkStartingRows), each move a lookup in the item index: the unary
    // + keeps SQLite from walking the campaign's rows instead (and scanning the moves once per row).
    this.prepare(
      `WITH move AS MATERIALIZED (
         SELECT value ->> '$.itemId' AS item_id, value ->> '$.deviceId' AS device_id FROM json_each(?))
       UPDATE campaign_rows SET device_id = move.device_id FROM move
       WHERE campaign_rows.item_id IS NOT NULL AND campaign_rows.item_id = move.item_id
         AND +campaign_rows.campaign_id = ?`
    ).run(JSON.stringify(moves), campaignId)
  }

  /** Every row in row order; with `page`, only the rows of that page (by the primary key's order). */
  rows(campaignId: string, page?: { offset: number; limit: number }): CampaignRowRecord[] {
    // LIMIT -1: every row. The page's rows are picked by the primary key (campaign_id, row_number) alone.
    return (
      this.prepare(
        `SELECT ${ROW_COLUMNS} FROM ${ROWS_OF} WHERE r.campaign_id = ? ORDER BY r.row_number LIMIT ? OFFSET ?`
      ).all(campaignId, page?.limit ?? -1, page?.offset ?? 0) as Row[]
    ).map(toRow)
  }

  /** The rows of these sheet row numbers (those it has), in row order. */
  rowsNumbered(campaignId: string, rowNumbers: readonly number[]): CampaignRowRecord[] {
    return (
      this.prepare(
        `SELECT ${ROW_COLUMNS} FROM ${ROWS_OF}
         WHERE r.campaign_id = ? AND r.row_number IN (SELECT value FROM json_each(?)) ORDER BY r.row_number`
      ).all(campaignId, JSON.stringify(rowNumbers)) as Row[]
    ).map(toRow)
  }

  rowCount(campaignId: string): number {
    return (
      this.prepare('SELECT COUNT(*) AS n FROM campaign_rows WHERE campaign_id = ?').get(campaignId) as {
        n: number
      }
    ).n
  }

  /**
   * What a campaign's view counts of its own rows, without reading them: ready rows, how many of them a start linked,
   * and skipped rows by their first problem's code. Where the linked rows' items stand is the send queue's to say.
   */
  /**
   * How many of a started campaign's rows ended with each status after their messages left the outbox (deleted or
   * purged: the queue no longer counts them), the opted out apart.
   */
  settledCounts(campaignId: string): { status: ItemStatus; optedOut: boolean; n: number }[] {
    return (
      this.prepare(
        `SELECT r.settled_status AS status, r.settled_opted_out AS optedOut, count(*) AS n FROM ${ROWS_OF}
         WHERE r.campaign_id = ? AND r.settled_status IS NOT NULL AND c.started_at IS NOT NULL
         GROUP BY r.settled_status, r.settled_opted_out`
      ).all(campaignId) as { status: ItemStatus; optedOut: number; n: number }[]
    ).map((row) => ({ status: row.status, optedOut: row.optedOut === 1, n: row.n }))
  }

  /**
   * A started campaign's sends on a device whose messages left the outbox (deleted or purged), as the send queue's
   * sendLog counts the rest: how many, first and last, and how many tried in [from, to). Pacing counts both: with
   * them forgotten, two sent messages deleted mid-campaign let it send its daily cap twice in one day.
   */
  settledSendLog(campaignId: string, deviceId: string, from: number, to: number): SendLogCounts {
    return this.prepare(
      `SELECT COUNT(*) AS count, MIN(settled_sent_at) AS first,
         MAX(MAX(settled_sent_at, COALESCE(settled_accepted_at, settled_sent_at))) AS last,
         COALESCE(SUM(settled_sent_at >= ? AND settled_sent_at < ?), 0) AS inRange
       FROM campaign_rows WHERE campaign_id = ? AND settled_status IS NOT NULL AND device_id = ?
         AND settled_sent_at IS NOT NULL`
    ).get(from, to, campaignId, deviceId) as SendLogCounts
  }

  tally(campaignId: string): {
    ready: number
    /** Rows left out for the same message alone: the ones a start with sendRecent sends. */
    sentRecentlyAlone: number
    /** QA73 follow-up: of those, the rows still waiting for the same message (the rest got it). */
    sentRecentlyWaitingAlone: number
    /** By first problem; a row still waiting for the same message by the campaign it waits in too (QA73). */
    skipped: { code: string | null; campaign: string | null; n: number }[]
  } {
    const counted = this.prepare(
      `SELECT count(*) FILTER (WHERE problems = '[]') AS ready,
         count(*) FILTER (WHERE problems != '[]' AND ${SAME_MESSAGE_ALONE('problems')}) AS sentRecentlyAlone,
         count(*) FILTER (WHERE problems != '[]' AND ${SAME_MESSAGE_ALONE('problems')}
           AND problems ->> '$[0].code' = 'same_message_waiting') AS sentRecentlyWaitingAlone
       FROM campaign_rows WHERE campaign_id = ?`
    ).get(campaignId) as { ready: number; sentRecentlyAlone: number; sentRecentlyWaitingAlone: number }
    return {
      ready: counted.ready,
      sentRecentlyAlone: counted.sentRecentlyAlone,
      sentRecentlyWaitingAlone: counted.sentRecentlyWaitingAlone,
      skipped: this.prepare(
        `SELECT problems ->> '$[0].code' AS code,
           iif(problems ->> '$[0].code' = 'same_message_waiting', problems ->> '$[0].campaign', NULL) AS campaign,
           count(*) AS n
         FROM campaign_rows WHERE campaign_id = ? AND problems != '[]' GROUP BY code, campaign`
      ).all(campaignId) as { code: string | null; campaign: string | null; n: number }[]
    }
  }

  // -------------------------------------------------------------------------------------------- devices

  devices(campaignId: string): CampaignDeviceRecord[] {
    return this.prepare(
      `SELECT device_id AS deviceId, wait_code AS waitCode, wait_until AS waitUntil, paused_reason AS pausedReason,
              paused_state AS pausedState, paused_state_note AS pausedStateNote
         FROM campaign_devices WHERE campaign_id = ? ORDER BY rowid`
    ).all(campaignId) as CampaignDeviceRecord[]
  }

  setWait(campaignId: string, deviceId: string, code: string | null, until: number | null): void {
    this.prepare(
      'UPDATE campaign_devices SET wait_code = ?, wait_until = ? WHERE campaign_id = ? AND device_id = ?'
    ).run(code, until, campaignId, deviceId)
  }

  /** A part paused (with the device state that paused it, if one did), or resumed (reason null: the cause goes too). */
  setDevicePaused(
    campaignId: string,
    deviceId: string | null,
    reason: string | null,
    cause: { state: string; note: string | null } | null = null
  ): void {
    const sql = `UPDATE campaign_devices SET paused_reason = ?, paused_state = ?, paused_state_note = ?
      WHERE campaign_id = ?${deviceId === null ? '' : ' AND device_id = ?'}`
    const kept = reason === null ? null : cause
    this.prepare(sql).run(
      reason,
      kept?.state ?? null,
      kept?.note ?? null,
      campaignId,
      ...(deviceId === null ? [] : [deviceId])
    )
  }

  /** After a resume the failure rate starts afresh: failures before it were the reason for the pause. */
  restartOutcomes(campaignId: string, deviceId: string | null, from: number): void {
    const sql = `UPDATE campaign_devices SET outcomes_from = ? WHERE campaign_id = ?${deviceId === null ? '' : ' AND device_id = ?'}`
    this.prepare(sql).run(from, campaignId, ...(deviceId === null ? [] : [deviceId]))
  }

  /** A draft's devices chosen again: its list, and a part for each (a draft has no waits or pauses to keep). */
  setDevices(campaignId: string, devices: readonly string[], at: number): void {
    this.batch(() => {
      this.prepare('UPDATE campaigns SET devices = ?, updated_at = ? WHERE id = ?').run(
        JSON.stringify(devices),
        at,
        campaignId
      )
      this.prepare('DELETE FROM campaign_devices WHERE campaign_id = ?').run(campaignId)
      const part = this.prepare('INSERT INTO campaign_devices (campaign_id, device_id) VALUES (?, ?)')
      for (const deviceId of devices) part.run(campaignId, deviceId)
    })
  }

  /** A removed device leaves every campaign's list of devices (its rows keep its id: the proof names who sent). */
  dropDevice(deviceId: string, at: number): void {
    this.batch(() => {
      this.prepare(
        `UPDATE campaigns SET devices = (SELECT json_group_array(value) FROM json_each(campaigns.devices)
           WHERE value != ?), updated_at = ?
         WHERE EXISTS (SELECT 1 FROM json_each(campaigns.devices) WHERE value = ?)`
      ).run(deviceId, at, deviceId)
      this.prepare('DELETE FROM campaign_devices WHERE device_id = ?').run(deviceId)
    })
  }

  /** The campaigns (whatever their status) whose devices name any of `deviceIds`, oldest first. */
  naming(deviceIds: readonly string[]): string[] {
    return (
      this.prepare(
        `SELECT id FROM campaigns WHERE status != '${IMPORTING}' AND EXISTS (
           SELECT 1 FROM json_each(campaigns.devices) WHERE value IN (SELECT value FROM json_each(?)))
         ORDER BY created_at`
      ).all(JSON.stringify(deviceIds)) as { id: string }[]
    ).map((row) => row.id)
  }

  /**
   * Every mention of `fromIds` in a campaign becomes `toId` (call inside the transaction that moves its items): its
   * list of devices (in place, once), its rows' devices, and its per-device part, merged with `toId`'s when it has
   * one: the latest wait, a pause either had (the device's own first), failures counted from the later resume.
   */
  renameDevice(campaignId: string, fromIds: readonly string[], toId: string, at: number): void {
    const campaign = this.get(campaignId)
    if (!campaign) return
    const from = new Set(fromIds.filter((id) => id !== toId))
    const devices = [...new Set(campaign.devices.map((id) => (from.has(id) ? toId : id)))]
    this.prepare('UPDATE campaigns SET devices = ?, updated_at = ? WHERE id = ?').run(
      JSON.stringify(devices),
      at,
      campaignId
    )
    this.prepare(
      `UPDATE campaign_rows SET device_id = ? WHERE campaign_id = ? AND device_id IN (SELECT value FROM json_each(?))`
    ).run(toId, campaignId, JSON.stringify([...from]))
    const parts = this.devices(campaignId).filter((d) => d.deviceId === toId || from.has(d.deviceId))
    if (parts.length === 0) return
    const own = parts.find((d) => d.deviceId === toId)
    // The latest wait holds both (the device's own on a tie): the part's next check asks its pacing again anyway.
    const waiting = [...(own ? [own] : []), ...parts]
      .filter((d) => d.waitCode !== null)
      .reduce<CampaignDeviceRecord | undefined>(
        (latest, d) => (latest && (latest.waitUntil ?? 0) >= (d.waitUntil ?? 0) ? latest : d),
        undefined
      )
    const paused = own?.pausedReason ? own : parts.find((d) => d.pausedReason !== null)
    const outcomesFrom = Math.max(...parts.map((d) => this.outcomesFrom(campaignId, d.deviceId)))
    // The device keeps its place in the list: its own part when it has one, else the first part renamed.
    const kept = own ?? parts[0]
    if (!kept) return
    const drop = this.prepare('DELETE FROM campaign_devices WHERE campaign_id = ? AND device_id = ?')
    for (const part of parts) if (part !== kept) drop.run(campaignId, part.deviceId)
    this.prepare(
      `UPDATE campaign_devices SET device_id = ?, wait_code = ?, wait_until = ?, paused_reason = ?, paused_state = ?,
         paused_state_note = ?, outcomes_from = ? WHERE campaign_id = ? AND device_id = ?`
    ).run(
      toId,
      waiting?.waitCode ?? null,
      waiting?.waitUntil ?? null,
      paused?.pausedReason ?? null,
      paused?.pausedState ?? null,
      paused?.pausedStateNote ?? null,
      outcomesFrom,
      campaignId,
      kept.deviceId
    )
  }

  /** Campaigns running on a device (for auto-pause when the device drops). */
  runningOn(deviceId: string): string[] {
    return (
      this.prepare(
        `SELECT c.id FROM campaigns c JOIN campaign_devices d ON d.campaign_id = c.id
         WHERE d.device_id = ? AND c.status = 'running'`
      ).all(deviceId) as { id: string }[]
    ).map((r) => r.id)
  }

  /**
   * The campaign parts whose rows a pause holds: each device of a paused campaign, and each device part of a running
   * campaign that paused itself (disconnected, refused, failing).
   */
  pausedParts(): { campaignId: string; deviceId: string }[] {
    return this.prepare(
      `SELECT c.id AS campaignId, d.device_id AS deviceId FROM campaigns c JOIN campaign_devices d ON d.campaign_id = c.id
       WHERE c.status = 'paused' OR (c.status = 'running' AND d.paused_reason IS NOT NULL)`
    ).all() as { campaignId: string; deviceId: string }[]
  }

  /** A running campaign's parts no pause holds that wait outside their working hours or for their daily cap. */
  pacedParts(): { campaignId: string; deviceId: string; code: 'outside_hours' | 'daily_cap' }[] {
    return this.prepare(
      `SELECT c.id AS campaignId, d.device_id AS deviceId, d.wait_code AS code
       FROM campaigns c JOIN campaign_devices d ON d.campaign_id = c.id
       WHERE c.status = 'running' AND d.paused_reason IS NULL AND d.wait_code IN ('outside_hours', 'daily_cap')`
    ).all() as { campaignId: string; deviceId: string; code: 'outside_hours' | 'daily_cap' }[]
  }

  /** When a device's failure rate starts counting in a campaign (its start, or the last resume). */
  outcomesFrom(campaignId: string, deviceId: string): number {
    const row = this.prepare(
      'SELECT outcomes_from AS at FROM campaign_devices WHERE campaign_id = ? AND device_id = ?'
    ).get(campaignId, deviceId) as { at: number | null } | undefined
    return row?.at ?? 0
  }

  // -------------------------------------------------------------------------------------------- layouts

  rememberLayout(layoutKey: string, mapping: unknown, at: number): void {
    this.prepare(
      `INSERT INTO campaign_layouts (layout_key, mapping, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(layout_key) DO UPDATE SET mapping = excluded.mapping, updated_at = excluded.updated_at`
    ).run(layoutKey, JSON.stringify(mapping), at)
  }

  layout(layoutKey: string): unknown {
    const row = this.prepare('SELECT mapping FROM campaign_layouts WHERE layout_key = ?').get(layoutKey) as
      { mapping: string } | undefined
    return row ? (JSON.parse(row.mapping) as unknown) : undefined
  }

  // -------------------------------------------------------------------------------------------- opt-outs

  addOptOuts(phones: readonly string[], source: string, at: number, keyword: string | null = null): number {
    const statement = this.prepare(
      'INSERT OR IGNORE INTO opt_outs (phone, source, added_at, keyword) VALUES (?, ?, ?, ?)'
    )
    return this.batch(() =>
      phones.reduce((added, phone) => added + statement.run(phone, source, at, keyword).changes, 0)
    )
  }

  removeOptOut(phone: string): boolean {
    return this.prepare('DELETE FROM opt_outs WHERE phone = ?').run(phone).changes > 0
  }

  /** Takes many numbers off the list at once; answers the entries that were on it, as they were (to put them back). */
  removeOptOuts(phones: readonly string[]): OptOutRecord[] {
    const read = this.prepare(
      `SELECT o.phone, o.source, o.added_at AS addedAt, c.name AS name, o.keyword
         FROM opt_outs o LEFT JOIN contacts c ON c.phone = o.phone WHERE o.phone = ?`
    )
    const remove = this.prepare('DELETE FROM opt_outs WHERE phone = ?')
    return this.batch(() =>
      [...new Set(phones)].flatMap((phone) => {
        const entry = read.get(phone) as OptOutRecord | undefined
        if (!entry) return []
        remove.run(phone)
        return [entry]
      })
    )
  }

  /** Puts removed entries back as they were (how and when each got on the list); answers how many were put back. */
  restoreOptOuts(entries: readonly Omit<OptOutRecord, 'name'>[]): number {
    const statement = this.prepare(
      'INSERT OR IGNORE INTO opt_outs (phone, source, added_at, keyword) VALUES (?, ?, ?, ?)'
    )
    return this.batch(() =>
      entries.reduce(
        (restored, e) => restored + statement.run(e.phone, e.source, e.addedAt, e.keyword).changes,
        0
      )
    )
  }

  optOuts(): OptOutRecord[] {
    return this.prepare(
      `SELECT o.phone, o.source, o.added_at AS addedAt, c.name AS name, o.keyword
       FROM opt_outs o LEFT JOIN contacts c ON c.phone = o.phone
       ORDER BY o.added_at DESC, o.phone`
    ).all() as OptOutRecord[]
  }

  /**
   * A page of the list, newest first, with how many entries match and how many there are in all. `search` keeps the
   * numbers that start as it reads as a number (0812…, +62 …) or hold its digits, or else the entries whose contact
   * name holds it: the one search of the list, so a match past the page the window shows is found all the same.
   */
  optOutsPage(options: { search?: string; limit?: number; offset?: number }): {
    entries: OptOutRecord[]
    total: number
    listed: number
  } {
    const text = options.search?.trim() ?? ''
    const number = text === '' ? null : phoneSearch(text)
    // A number's start and digits are digits only: nothing in them for LIKE to read as a wildcard.
    const [where, params] =
      text === ''
        ? ['', []]
        : number
          ? [`WHERE o.phone LIKE ? OR o.phone LIKE ?`, [`${number.start}%`, `%${number.digits}%`]]
          : [`WHERE c.name LIKE ? ESCAPE '\\'`, [containsPattern(text)]]
    const from = `FROM opt_outs o LEFT JOIN contacts c ON c.phone = o.phone ${where}`
    // One transaction (IMMEDIATE, as every one here: write-transactions.test.ts): the page and its counts agree.
    return this.db
      .transaction(() => ({
        entries: this.prepare(
          `SELECT o.phone, o.source, o.added_at AS addedAt, c.name AS name, o.keyword ${from}
         ORDER BY o.added_at DESC, o.phone LIMIT ? OFFSET ?`
        ).all(...params, options.limit ?? -1, options.offset ?? 0) as OptOutRecord[],
        total: (this.prepare(`SELECT count(*) AS n ${from}`).get(...params) as { n: number }).n,
        listed: (this.prepare('SELECT count(*) AS n FROM opt_outs').get() as { n: number }).n
      }))
      .immediate()
  }

  /** Whether this number opted out (a primary-key lookup). */
  isOptedOut(phone: string): boolean {
    return this.optedOutAt(phone) !== null
  }

  /** When this number went on the opt-out list, or null when it is not on it (a primary-key lookup: every send's). */
  optedOutAt(phone: string): number | null {
    const row = this.prepare('SELECT added_at AS at FROM opt_outs WHERE phone = ?').get(phone) as
      { at: number } | undefined
    return row?.at ?? null
  }

  optedOutSet(): Set<string> {
    return new Set(
      (this.prepare('SELECT phone FROM opt_outs').all() as { phone: string }[]).map((r) => r.phone)
    )
  }
}
