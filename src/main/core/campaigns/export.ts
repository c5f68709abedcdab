// Proof of a campaign as a table (row, phone, variables, status, gateway id, the device that sent it, the time of
// each status with its offset and the zone named, why it failed or was skipped), written as CSV or XLSX; and the
// skipped rows with their problems. Words are in the export's language; CSV goes through the app's one safe writer
// (exportCsv).
import { PassThrough } from 'node:stream'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import {
  campaignRowBucket,
  computerTimeZone,
  csvLines,
  exportCsv,
  isoInZone,
  isValidTimeZone,
  phoneCsvCell,
  phoneInE164,
  spreadsheetTextCell,
  type CsvCell
} from '../../../shared/domain'
import { ApiFailure } from '../commands'
import { translate, type Language, type MessageKey } from '../../../shared/i18n'
import { decodeNote, translateNote } from '../../../shared/i18n/notes'
import { rowCancelReasonKey, rowProblemsText } from '../../../shared/i18n/row-problems'
import type { CampaignRowResult, ItemStatus } from '../store'
import type { RowProblem } from './check'

/** A row's status in the export's words, by its bucket (the domain's campaign-buckets, as the window's rows). */
function rowStatusWords(
  row: Pick<CampaignRowResult, 'status' | 'failureMessage'>,
  skippedByCheck: boolean,
  say: (key: MessageKey) => string
): string {
  switch (campaignRowBucket({ status: row.status, skippedByCheck, optedOut: isOptedOut(row) }, false)) {
    case 'skipped':
      return say('campaigns.rows.skipped')
    case 'optedOut':
      return say('campaigns.rows.optedOut')
    default:
      return say(`status.${row.status ?? 'queued'}`)
  }
}

export interface ResultsTable {
  columns: string[]
  rows: (string | number)[][]
  /** The columns of ISO 8601 times: date cells in XLSX. */
  timeColumns?: number[]
  /** The columns of stored phone numbers: E.164 in every file, kept text in a CSV (phoneCsvCell) and in XLSX. */
  phoneColumns?: number[]
  /** The columns of numbers written as they are, text a spreadsheet keeps in a CSV (spreadsheetTextCell). */
  textColumns?: number[]
}

/**
 * The zone an export writes its times in: the one the window names (the operator's, from settings), else the
 * computer's. The outbox's and a campaign's files alike, so one message has one time in both (QA23 Q23-02).
 */
export function exportTimeZone(requested?: string): string {
  return requested && isValidTimeZone(requested) ? requested : computerTimeZone()
}

/**
 * The time columns after "Submitted at": each the time its status came, the cancelled time split by why. An opted-out
 * row is cancelled by the opt-outs, not by anyone: its time goes under "Opted out at", none under "Cancelled at"
 * (QA70: an opted-out row was dated under "Cancelled at").
 */
const STATUS_TIMES: readonly { status: ItemStatus; key: MessageKey; optedOut?: boolean }[] = [
  { status: 'accepted', key: 'campaigns.exportColumn.acceptedAt' },
  { status: 'sent', key: 'campaigns.exportColumn.sentAt' },
  { status: 'delivered', key: 'campaigns.exportColumn.deliveredAt' },
  { status: 'read', key: 'campaigns.exportColumn.readAt' },
  { status: 'failed', key: 'campaigns.exportColumn.failedAt' },
  { status: 'cancelled', key: 'campaigns.exportColumn.cancelledAt', optedOut: false },
  { status: 'cancelled', key: 'campaigns.exportColumn.optedOutAt', optedOut: true },
  { status: 'cancelled_at_gateway', key: 'campaigns.exportColumn.cancelledAtGatewayAt' },
  { status: 'revoked', key: 'campaigns.exportColumn.revokedAt' }
]

/** Whether a row's failure is the opt-outs' note: its number opted out, so it was cancelled at its turn. */
function isOptedOut(row: Pick<CampaignRowResult, 'failureMessage'>): boolean {
  return decodeNote(row.failureMessage)?.key === 'desktop.note.optedOut'
}

/** A row's problems as one sentence in `language` (the window's words: shared/i18n/row-problems). */
export function describeProblems(problems: readonly RowProblem[], language: Language = 'en'): string {
  return rowProblemsText(language, problems)
}

/**
 * One line per spreadsheet row. Times are ISO 8601 with the offset of `timeZone` at that instant (a spreadsheet or a
 * script reads them without guessing) and the zone is named in its own column. The device is the one holding the row
 * now (rotation may have moved it from the one it was dealt to), named by `deviceName`. A failure stored as one of
 * our notes becomes a sentence in `language`; the gateway's own words stay as they came.
 */
export function resultsTable(
  variables: readonly string[],
  results: readonly CampaignRowResult[],
  timeZone: string,
  deviceName: (deviceId: string) => string = (deviceId) => deviceId,
  language: Language = 'en',
  /**
   * The sheet's blank rows left out at the import (no rows of the campaign): said in a note closing the table; and
   * the campaign's status and end, which tell its rows' cancels apart (rowCancelReasonKey).
   */
  {
    blankRows = 0,
    campaign = { status: 'running' }
  }: { blankRows?: number; campaign?: { status: string; endedAt?: number | null } } = {}
): ResultsTable {
  const say = (key: MessageKey): string => translate(language, key)
  const time = (at: number | null | undefined): string => (at ? isoInZone(at, timeZone) : '')
  const columns = [
    say('campaigns.exportColumn.row'),
    say('campaigns.exportColumn.phone'),
    ...variables,
    say('campaigns.exportColumn.status'),
    say('campaigns.exportColumn.gatewayId'),
    say('campaigns.exportColumn.device'),
    say('campaigns.exportColumn.submittedAt'),
    ...STATUS_TIMES.map(({ key }) => say(key)),
    say('campaigns.exportColumn.timeZone'),
    // Why a row failed, was skipped or opted out: a skipped row never failed (QA67: "duplikat dari baris 2" sat under
    // "Alasan gagal").
    say('campaigns.exportColumn.reason')
  ]
  const firstTime = columns.indexOf(say('campaigns.exportColumn.submittedAt'))
  const timeColumns = Array.from({ length: 1 + STATUS_TIMES.length }, (_, i) => firstTime + i)
  const rows = results.map((row) => {
    const problems = row.problems as RowProblem[]
    const optedOut = isOptedOut(row)
    const at = (column: (typeof STATUS_TIMES)[number]): number | undefined =>
      column.optedOut === undefined || column.optedOut === optedOut
        ? row.history.find((h) => h.status === column.status)?.at
        : undefined
    return [
      row.rowNumber,
      // QA: written "6281234…", the number had lost its +: E.164, as the gateway takes it (a skipped row's cell as the
      // sheet had it, as in the skipped rows file).
      row.phone ? phoneInE164(row.phone) : row.phoneCell,
      ...variables.map((v) => row.values[v] ?? ''),
      // The words of the window's rows, in the buckets its summary counts (the domain's campaign-buckets): skipped by
      // the check, opted out during the campaign (the reason below says so), else the outbox item's status, a ready
      // row not handed over yet queued.
      rowStatusWords(row, problems.length > 0, say),
      row.gatewayId ?? '',
      row.itemId && row.deviceId ? deviceName(row.deviceId) : '',
      time(row.sentAt),
      ...STATUS_TIMES.map((column) => time(at(column))),
      timeZone,
      problems.length > 0
        ? describeProblems(problems, language)
        : row.checking
          ? // In doubt: the rows' words (QA12-05: an empty reason beside "Sending").
            inDoubtReason(language)
          : (translateNote(language, row.failureMessage) ?? cancelReasonText(row, campaign, language))
    ]
  })
  rows.push(...blankRowsNote(columns.length, blankRows, language))
  return { columns, rows, timeColumns, textColumns: [1] }
}

/**
 * The line closing a table of a campaign's rows (its results, its skipped rows) that names the sheet's blank rows (an
 * operator comparing with the sheet's row count finds every row); no line when there are none. Under the rows, as a
 * spreadsheet's notes and totals go, so the header stays the first line. As wide as the header, the sentence in its
 * first cell (a spreadsheet shows it across the empty ones), written by the same formula-safe writer as every cell;
 * the only line with no row number, so a script tells it from a row.
 */
function blankRowsNote(width: number, blankRows: number, language: Language): string[][] {
  if (blankRows <= 0) return []
  const note = translate(language, 'campaigns.exportNote.blankRows', { count: blankRows })
  return [[note, ...Array.from({ length: width - 1 }, () => '')]]
}

/** Why a row was cancelled, in `language` (rowCancelReasonKey); empty for a row not cancelled. */
function cancelReasonText(
  row: Pick<CampaignRowResult, 'status' | 'history'>,
  campaign: { status: string; endedAt?: number | null },
  language: Language
): string {
  const key = rowCancelReasonKey(row, campaign)
  return key ? translate(language, key) : ''
}

/** A send in doubt's reason, in the words the window's rows and list give it: being checked before any resend. */
export function inDoubtReason(language: Language): string {
  return translate(language, 'outbox.waiting.label', {
    reason: translate(language, 'outbox.waiting.checking')
  })
}

/** `table` as CSV, its cells separated by `separator` (QA73: the campaign's file's, or the window language's). */
export function tableToCsv(table: ResultsTable, separator = ','): string {
  return exportCsv(
    table.columns,
    csvPhoneCells(table.rows, table.phoneColumns ?? [], table.textColumns ?? []),
    separator
  )
}

/**
 * Rows with their phone cells as a CSV writes them: a stored number in E.164 (phoneCsvCell), or as written and kept text
 * (spreadsheetTextCell), a `+62…` cell behind the writer's quote as every formula-like cell. The rows themselves are
 * left as they are.
 */
function csvPhoneCells(
  rows: readonly (readonly CsvCell[])[],
  phoneColumns: readonly number[],
  textColumns: readonly number[]
): CsvCell[][] {
  return rows.map((row) =>
    row.map((cell, i) =>
      typeof cell !== 'string'
        ? cell
        : phoneColumns.includes(i)
          ? phoneCsvCell(cell)
          : textColumns.includes(i)
            ? spreadsheetTextCell(cell)
            : cell
    )
  )
}

export async function tableToXlsx(table: ResultsTable, sheetName = 'Results'): Promise<Uint8Array> {
  const writer = await tableWriter(table.columns, 'xlsx', sheetName)
  writer.add(table.rows)
  return writer.finish()
}

/** A file being written a piece of rows at a time: a large export never holds the core's thread for long. */
export interface TableWriter {
  add(rows: readonly (readonly CsvCell[])[]): void
  finish(): Promise<Uint8Array>
}

/** How an XLSX shows a time cell: a date on the clock its ISO text was written on (its offset's). */
const XLSX_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss'

/**
 * An ISO 8601 time with its offset ('2026-12-02T01:05:00+08:00', as isoInZone writes it) as an XLSX date cell of the
 * same wall clock: a spreadsheet's dates have no zone, so the cell keeps the clock and its zone's column names it.
 * Anything else stays as it came.
 */
function wallClockDate(cell: CsvCell): Date | CsvCell {
  if (typeof cell !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/.test(cell))
    return cell
  // exceljs writes a Date as the serial of its UTC clock: the wall clock read as UTC.
  return new Date(`${cell.slice(0, 19)}Z`)
}

export async function tableWriter(
  columns: readonly string[],
  format: 'csv' | 'xlsx',
  sheetName = 'Results',
  /** Columns of ISO 8601 times: date cells in XLSX (the CSV keeps the text, offset and all). */
  timeColumns: readonly number[] = [],
  /** Columns of stored phone numbers in E.164: in a CSV text no spreadsheet changes (phoneCsvCell), text in XLSX. */
  phoneColumns: readonly number[] = [],
  /** Columns of numbers as written: text a spreadsheet keeps in a CSV (spreadsheetTextCell); text in XLSX. */
  textColumns: readonly number[] = [],
  /** A CSV's separator between cells (QA73: `;` for a `;` file or an Indonesian window); none in XLSX. */
  separator = ','
): Promise<TableWriter> {
  if (format === 'csv') {
    const encoder = new TextEncoder()
    // exportCsv's file, a piece at a time: its BOM and header, then each piece's lines after a CRLF.
    const parts = [encoder.encode(`\ufeff${csvLines([columns], separator)}`)]
    return {
      add(rows) {
        if (rows.length > 0)
          parts.push(
            encoder.encode(`\r\n${csvLines(csvPhoneCells(rows, phoneColumns, textColumns), separator)}`)
          )
      },
      finish: async () => Buffer.concat(parts)
    }
  }
  // Loaded here, not at the top: exceljs and its zip libraries would cost every start of the app and the CLI.
  const { default: Excel } = await import('exceljs')
  // The streaming writer: each row's XML goes to the zip as it is added (zlib compresses off the event loop). The
  // in-memory workbook wrote 100,000 rows in one writeBuffer that held the core's thread for 17 s (QA15 Q15-02).
  const stream = new PassThrough()
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  const header = sheet.addRow([...columns])
  header.font = { bold: true }
  header.commit()
  return {
    add(rows) {
      // Phones and gateway ids stay text: Excel would otherwise show 6.28E+12. A stored number in E.164, as in the
      // CSVs: the Outbox's XLSX wrote 6281234560101 where the results' wrote +6281234560101 (one form in every file).
      for (const row of rows) {
        const added = sheet.addRow(
          row.map((cell, i) =>
            timeColumns.includes(i)
              ? wallClockDate(cell)
              : phoneColumns.includes(i)
                ? phoneInE164(String(cell))
                : i === 0
                  ? cell
                  : String(cell)
          )
        )
        for (const i of timeColumns) {
          const cell = added.getCell(i + 1)
          if (cell.value instanceof Date) cell.numFmt = XLSX_TIME_FORMAT
        }
        added.commit()
      }
    },
    finish: async () => {
      sheet.commit()
      await workbook.commit()
      return new Uint8Array(Buffer.concat(chunks))
    }
  }
}

/** Rows a piece of an export writes before it looks at the clock, its stop and its progress. */
export const EXPORT_PIECE_ROWS = 250
const EXPORT_SLICE_MS = 20

/** How a long export reports (rows written of all) and is stopped (QA15 Q15-02). */
export interface ExportControl {
  signal?: AbortSignal
  onWritten?: (written: number, total: number) => void
}

export class ExportStopped extends Error {
  constructor() {
    super('export stopped')
  }
}

/**
 * Feeds `rows` to `writer` a piece at a time: after each piece it says how many are written of `total`, stops when
 * asked, and gives the event loop a turn once a slice has run EXPORT_SLICE_MS. Returns how many it wrote.
 */
export class ExportPieces {
  written = 0
  private sliceStarted = performance.now()
  constructor(
    private readonly writer: TableWriter,
    private readonly control: ExportControl = {}
  ) {
    this.stopIfAsked()
  }

  async write(rows: readonly (readonly CsvCell[])[], total: number): Promise<void> {
    for (let at = 0; at < rows.length; at += EXPORT_PIECE_ROWS) {
      const piece = rows.slice(at, at + EXPORT_PIECE_ROWS)
      this.writer.add(piece)
      this.written += piece.length
      this.control.onWritten?.(this.written, total)
      this.stopIfAsked()
      await this.breathe()
    }
  }

  /** A turn of the event loop once the slice has run long enough (a stop may come in during it). */
  async breathe(): Promise<void> {
    if (performance.now() - this.sliceStarted < EXPORT_SLICE_MS) return
    await yieldToEventLoop()
    this.stopIfAsked()
    this.sliceStarted = performance.now()
  }

  stopIfAsked(): void {
    if (this.control.signal?.aborted) throw new ExportStopped()
  }
}

/**
 * The exports running, by the window's name for each, so a Stop reaches the right one; a stopped export answers
 * `export_stopped` (the window says it stopped; no file).
 */
export class ExportRuns {
  private readonly running = new Map<string, AbortController>()

  async run<T>(exportId: string | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController()
    if (exportId) this.running.set(exportId, controller)
    try {
      return await work(controller.signal)
    } catch (error) {
      if (error instanceof ExportStopped)
        throw new ApiFailure('export_stopped', { key: 'desktop.error.exportStopped' })
      throw error
    } finally {
      if (exportId && this.running.get(exportId) === controller) this.running.delete(exportId)
    }
  }

  stop(exportId: string): void {
    this.running.get(exportId)?.abort()
  }
}

/** A table's rows written in pieces (see ExportPieces), then the file's bytes. */
export async function writeTable(
  table: ResultsTable,
  format: 'csv' | 'xlsx',
  sheetName: string,
  control: ExportControl = {},
  /** A CSV's separator between cells (QA73). */
  separator = ','
): Promise<Uint8Array> {
  const writer = await tableWriter(
    table.columns,
    format,
    sheetName,
    table.timeColumns,
    table.phoneColumns,
    table.textColumns,
    separator
  )
  const pieces = new ExportPieces(writer, control)
  await pieces.write(table.rows, table.rows.length)
  return writer.finish()
}

/**
 * The rows the check held back, for the operator to fix and import again, with the sheet's mapped columns beside the
 * phone cell (a row whose number is blank or wrong is found by its name, as in the results); closed by the note of the
 * sheet's blank rows, as the results are, so the rows of both files and that note add up to the sheet's. The phone
 * cell is the sheet's own text, not a stored number's E.164: the operator finds each row in their file by it
 * (QA67: "+62 812 3456 7891" came out as "62 812-3456-7891", "081234567890" as "0812-3456-7890"); the CSV writer still
 * quotes a `+` cell, and digits a spreadsheet would change are kept text behind the same quote (QA: Excel opened
 * 081234567890 as 81234567890), both read back by the import (writtenNumber).
 */
export function skippedTable(
  variables: readonly string[],
  results: readonly CampaignRowResult[],
  language: Language = 'en',
  { blankRows = 0 }: { blankRows?: number } = {}
): ResultsTable {
  const columns = [
    translate(language, 'campaigns.exportColumn.row'),
    translate(language, 'campaigns.exportColumn.phone'),
    ...variables,
    translate(language, 'campaigns.exportColumn.problem')
  ]
  const rows: (string | number)[][] = results
    .filter((r) => r.problems.length > 0)
    .map((r) => [
      r.rowNumber,
      r.phoneCell,
      ...variables.map((v) => r.values[v] ?? ''),
      describeProblems(r.problems as RowProblem[], language)
    ])
  rows.push(...blankRowsNote(columns.length, blankRows, language))
  return { columns, rows, textColumns: [1] }
}
