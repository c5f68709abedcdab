// The outbox (its list's filters applied) as a table for CSV or XLSX: one line per message, every time ISO 8601 with
// the offset of the export's zone at that instant and the zone named in its own column, and a schedule also on its own
// zone's clock with that zone named (what the customer was promised); in XLSX the times are date cells of those
// clocks. Words, file and sheet names in the export's language. CSV goes through the app's one safe writer
// (exportCsv), XLSX through the campaign export's writer.
import type { OutboxItemView } from '../../../shared/contract'
import {
  bucketOfItem,
  isoInZone,
  isSendInDoubt,
  isValidTimeZone,
  listSeparatorOf
} from '../../../shared/domain'
import { translate, type Language, type MessageKey } from '../../../shared/i18n'
import { coreText } from '../../../shared/i18n/notes'
import { ExportPieces, inDoubtReason, tableWriter, type ExportControl, type ResultsTable } from '../campaigns'

export type OutboxExportFormat = 'csv' | 'xlsx'

const COLUMNS: readonly MessageKey[] = [
  'outbox.exportColumn.createdAt',
  'outbox.exportColumn.recipient',
  'outbox.exportColumn.device',
  'outbox.exportColumn.kind',
  'outbox.exportColumn.text',
  'outbox.exportColumn.fileName',
  'outbox.exportColumn.status',
  'outbox.exportColumn.statusSince',
  'outbox.exportColumn.scheduledFor',
  'outbox.exportColumn.scheduledForOwnZone',
  'outbox.exportColumn.scheduleZone',
  'outbox.exportColumn.gatewayId',
  'outbox.exportColumn.reason',
  'outbox.exportColumn.gatewaySaid',
  'outbox.exportColumn.timeZone'
]

const TIME_COLUMNS: readonly MessageKey[] = [
  'outbox.exportColumn.createdAt',
  'outbox.exportColumn.statusSince',
  'outbox.exportColumn.scheduledFor',
  'outbox.exportColumn.scheduledForOwnZone'
]

export function outboxTable(
  items: readonly OutboxItemView[],
  timeZone: string,
  deviceName: (deviceId: string) => string,
  language: Language
): ResultsTable {
  const time = (iso: string | null, zone = timeZone): string => {
    const at = iso ? Date.parse(iso) : NaN
    return Number.isNaN(at) ? '' : isoInZone(at, zone)
  }
  // A schedule's own zone, when it names one the platform knows (QA22 Q22-06: "01.05 WITA" was only 00:05 WIB).
  const ownZone = (item: OutboxItemView): string =>
    item.scheduledAt && item.timezone && isValidTimeZone(item.timezone) ? item.timezone : ''
  const rows = items.map((item) => [
    time(item.createdAt),
    item.recipient,
    deviceName(item.deviceId),
    translate(language, `kind.${item.kind}`),
    item.text ?? '',
    item.fileName ?? '',
    // The window's bucket rule and words: a cancel because the number opted out is "Opted out", as the list and its
    // header count it (QA29 Q29-07).
    bucketOfItem({ status: item.status, failureCode: item.failure?.code ?? null }) === 'optedOut'
      ? translate(language, 'status.optedOut')
      : translate(language, `status.${item.status}`),
    time(item.updatedAt),
    time(item.scheduledAt),
    ownZone(item) ? time(item.scheduledAt, ownZone(item)) : '',
    ownZone(item),
    item.gatewayId ?? '',
    item.failure
      ? coreText(language, item.failure.message, item.failure.messageKey, item.failure.messageParams)
      : isSendInDoubt(item)
        ? inDoubtReason(language)
        : '',
    item.failure?.gatewayMessage ?? '',
    timeZone
  ])
  return { columns: COLUMNS.map((key) => translate(language, key)), rows, phoneColumns: [RECIPIENT_COLUMN] }
}

const RECIPIENT_COLUMN = COLUMNS.indexOf('outbox.exportColumn.recipient')

/** Items read per page of an export. */
export const EXPORT_PAGE_ITEMS = 1000

/**
 * The file of every item `items` gives, page after page (the outbox's snapshot: each item there at the start once,
 * however it changes meanwhile), with how to name it ("outbox <day>.csv", "kotak keluar <day>.xlsx": the file and its
 * sheet named in the export's language, QA22 Q22-05): each page is written in pieces as it is read, so progress counts
 * rows in the file of the items there at the start, a stop ends it between pieces, and `count` is the rows written.
 */
export async function writeOutboxFile(
  items: { total: number; next(limit: number): readonly OutboxItemView[] },
  format: OutboxExportFormat,
  day: string,
  words: { timeZone: string; deviceName: (deviceId: string) => string; language: Language },
  control: ExportControl = {}
): Promise<{ fileName: string; mime: string; bytes: Uint8Array; count: number }> {
  const columns = COLUMNS.map((key) => translate(words.language, key))
  // Its times are date cells in XLSX, each on the clock of the zone its column names (QA22 Q22-06).
  const writer = await tableWriter(
    columns,
    format,
    translate(words.language, 'outbox.export.sheetName'),
    TIME_COLUMNS.map((key) => COLUMNS.indexOf(key)),
    [RECIPIENT_COLUMN],
    [],
    // QA73: a CSV opened by double-click in an Indonesian Excel (list separator ";") had each row in one cell.
    listSeparatorOf(words.language)
  )
  const pieces = new ExportPieces(writer, control)
  for (;;) {
    const page = items.next(EXPORT_PAGE_ITEMS)
    if (page.length === 0) break
    const { rows } = outboxTable(page, words.timeZone, words.deviceName, words.language)
    await pieces.write(rows, items.total)
    await pieces.breathe()
  }
  return {
    fileName: `${translate(words.language, 'outbox.export.fileName', { day })}.${format}`,
    mime: format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: await writer.finish(),
    count: pieces.written
  }
}
