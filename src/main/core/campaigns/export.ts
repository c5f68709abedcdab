// Proof of a campaign as a table (row, phone, variables, status, gateway id, the device that sent it, the time of
// each status with its offset and the zone named, failure reason), written as CSV or XLSX; and the skipped rows with
// their problems. Words are in the export's language; CSV goes through the app's one safe writer (exportCsv).
import { exportCsv, isoInZone } from '../../../shared/domain'
import { translate, type Language, type MessageKey } from '../../../shared/i18n'
import { decodeNote, translateNote } from '../../../shared/i18n/notes'
import { rowProblemsText } from '../../../shared/i18n/row-problems'
import type { CampaignRowResult, ItemStatus } from '../store'
import type { RowProblem } from './check'

export interface ResultsTable {
  columns: string[]
  rows: (string | number)[][]
}

const STATUS_TIMES = [
  ['accepted', 'campaigns.exportColumn.acceptedAt'],
  ['sent', 'campaigns.exportColumn.sentAt'],
  ['delivered', 'campaigns.exportColumn.deliveredAt'],
  ['read', 'campaigns.exportColumn.readAt'],
  ['failed', 'campaigns.exportColumn.failedAt'],
  ['cancelled', 'campaigns.exportColumn.cancelledAt'],
  ['cancelled_at_gateway', 'campaigns.exportColumn.cancelledAtGatewayAt'],
  ['revoked', 'campaigns.exportColumn.revokedAt']
] as const satisfies readonly (readonly [ItemStatus, MessageKey])[]

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
  language: Language = 'en'
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
    ...STATUS_TIMES.map(([, key]) => say(key)),
    say('campaigns.exportColumn.timeZone'),
    say('campaigns.exportColumn.failureReason')
  ]
  const rows = results.map((row) => {
    const problems = row.problems as RowProblem[]
    const at = (status: ItemStatus): number | undefined => row.history.find((h) => h.status === status)?.at
    return [
      row.rowNumber,
      row.phone ?? row.phoneCell,
      ...variables.map((v) => row.values[v] ?? ''),
      // The buckets the window's rows and summary use: a number that opted out after Start is skipped, as the check
      // skips one, and a ready row not handed over yet is queued.
      problems.length > 0 || decodeNote(row.failureMessage)?.key === 'desktop.note.optedOut'
        ? say('campaigns.rows.skipped')
        : say(`status.${row.status ?? 'queued'}`),
      row.gatewayId ?? '',
      row.itemId && row.deviceId ? deviceName(row.deviceId) : '',
      time(row.sentAt),
      ...STATUS_TIMES.map(([status]) => time(at(status))),
      timeZone,
      problems.length > 0
        ? describeProblems(problems, language)
        : row.checking
          ? // In doubt: the rows' words (QA12-05: an empty reason beside "Sending").
            inDoubtReason(language)
          : (translateNote(language, row.failureMessage) ?? '')
    ]
  })
  return { columns, rows }
}

/** A send in doubt's reason, in the words the window's rows and list give it: being checked before any resend. */
export function inDoubtReason(language: Language): string {
  return translate(language, 'outbox.waiting.label', {
    reason: translate(language, 'outbox.waiting.checking')
  })
}

export function tableToCsv(table: ResultsTable): string {
  return exportCsv(table.columns, table.rows)
}

export async function tableToXlsx(table: ResultsTable, sheetName = 'Results'): Promise<Uint8Array> {
  // Loaded here, not at the top: exceljs and its zip libraries would cost every start of the app and the CLI.
  const { default: Excel } = await import('exceljs')
  const workbook = new Excel.Workbook()
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31))
  sheet.addRow(table.columns).font = { bold: true }
  // Phones and gateway ids stay text: Excel would otherwise show 6.28E+12.
  for (const row of table.rows) sheet.addRow(row.map((cell, i) => (i === 0 ? cell : String(cell))))
  sheet.views = [{ state: 'frozen', ySplit: 1 }]
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

/** The rows the check held back, for the operator to fix and import again. */
export function skippedTable(results: readonly CampaignRowResult[], language: Language = 'en'): ResultsTable {
  return {
    columns: [
      translate(language, 'campaigns.exportColumn.row'),
      translate(language, 'campaigns.exportColumn.phone'),
      translate(language, 'campaigns.exportColumn.problem')
    ],
    rows: results
      .filter((r) => r.problems.length > 0)
      .map((r) => [r.rowNumber, r.phoneCell, describeProblems(r.problems as RowProblem[], language)])
  }
}
