// The outbox (its list's filters applied) as a table for CSV or XLSX: one line per message, every time ISO 8601 with
// the offset of the export's zone at that instant and the zone named in its own column, words in the export's
// language. CSV goes through the app's one safe writer (exportCsv), XLSX through the campaign export's writer.
import type { OutboxItemView } from '../../../shared/contract'
import { exportCsv, isoInZone, isSendInDoubt } from '../../../shared/domain'
import { translate, type Language, type MessageKey } from '../../../shared/i18n'
import { coreText } from '../../../shared/i18n/notes'
import { inDoubtReason, tableToXlsx, type ResultsTable } from '../campaigns'

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
  'outbox.exportColumn.gatewayId',
  'outbox.exportColumn.failureReason',
  'outbox.exportColumn.gatewaySaid',
  'outbox.exportColumn.timeZone'
]

export function outboxTable(
  items: readonly OutboxItemView[],
  timeZone: string,
  deviceName: (deviceId: string) => string,
  language: Language
): ResultsTable {
  const time = (iso: string | null): string => {
    const at = iso ? Date.parse(iso) : NaN
    return Number.isNaN(at) ? '' : isoInZone(at, timeZone)
  }
  const rows = items.map((item) => [
    time(item.createdAt),
    item.recipient,
    deviceName(item.deviceId),
    translate(language, `kind.${item.kind}`),
    item.text ?? '',
    item.fileName ?? '',
    translate(language, `status.${item.status}`),
    time(item.updatedAt),
    time(item.scheduledAt),
    item.gatewayId ?? '',
    item.failure
      ? coreText(language, item.failure.message, item.failure.messageKey, item.failure.messageParams)
      : isSendInDoubt(item)
        ? inDoubtReason(language)
        : '',
    item.failure?.gatewayMessage ?? '',
    timeZone
  ])
  return { columns: COLUMNS.map((key) => translate(language, key)), rows }
}

/** The file's bytes and how to name it: `outbox <day>.csv|xlsx`. */
export async function outboxExportFile(
  table: ResultsTable,
  format: OutboxExportFormat,
  day: string
): Promise<{ fileName: string; mime: string; bytes: Uint8Array }> {
  if (format === 'csv')
    return {
      fileName: `outbox ${day}.csv`,
      mime: 'text/csv',
      bytes: new TextEncoder().encode(exportCsv(table.columns, table.rows))
    }
  return {
    fileName: `outbox ${day}.xlsx`,
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: await tableToXlsx(table, 'Outbox')
  }
}
