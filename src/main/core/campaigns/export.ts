// Proof of a campaign as a table (row, phone, variables, status, gateway id, the device that sent it, the time of
// each status, failure reason), written as CSV (papaparse) or XLSX (exceljs); and the skipped rows with their problems.
import Papa from 'papaparse'
import type { CampaignRowResult, ItemStatus } from '../store'
import { formatInZone } from '../zoned-time'
import type { RowProblem } from './check'

export interface ResultsTable {
  columns: string[]
  rows: (string | number)[][]
}

/** The statuses whose time the proof shows, each with its column's name. */
const STATUS_TIMES: readonly { status: ItemStatus; column: string }[] = [
  { status: 'accepted', column: 'Accepted at' },
  { status: 'sent', column: 'Sent at' },
  { status: 'delivered', column: 'Delivered at' },
  { status: 'read', column: 'Read at' },
  { status: 'failed', column: 'Failed at' },
  { status: 'cancelled', column: 'Cancelled at' },
  { status: 'cancelled_at_gateway', column: 'Cancelled at the gateway at' },
  { status: 'revoked', column: 'Deleted for everyone at' }
]

export function describeProblem(problem: RowProblem): string {
  switch (problem.code) {
    case 'invalid_phone':
    case 'scientific_phone':
      return problem.detail
    case 'duplicate':
      return `duplicate of row ${problem.firstRow}`
    case 'missing_variable':
      return `empty: ${problem.names.join(', ')}`
    case 'too_long':
      return `${problem.length} characters after expansion; the limit is ${problem.limit}`
    case 'opted_out':
      return 'on the opt-out list'
    case 'already_sent':
      return 'this campaign already sent to this number'
    case 'missing_file':
      return problem.name === '' ? 'no file named' : `file not picked: ${problem.name}`
  }
}

/**
 * One line per spreadsheet row; times on the wall clock of `timeZone`. The device is the one holding the row now
 * (rotation may have moved it from the one it was dealt to), named by `deviceName`.
 */
export function resultsTable(
  variables: readonly string[],
  results: readonly CampaignRowResult[],
  timeZone: string,
  deviceName: (deviceId: string) => string = (deviceId) => deviceId
): ResultsTable {
  const time = (at: number | null | undefined): string => (at ? formatInZone(at, timeZone) : '')
  const columns = [
    'Row',
    'Phone',
    ...variables,
    'Status',
    'Gateway id',
    'Device',
    'Submitted at',
    ...STATUS_TIMES.map((s) => s.column),
    'Failure reason'
  ]
  const rows = results.map((row) => {
    const problems = row.problems as RowProblem[]
    const at = (status: ItemStatus): number | undefined => row.history.find((h) => h.status === status)?.at
    return [
      row.rowNumber,
      row.phone ?? row.phoneCell,
      ...variables.map((v) => row.values[v] ?? ''),
      problems.length > 0 ? 'skipped' : (row.status ?? 'not queued'),
      row.gatewayId ?? '',
      row.itemId && row.deviceId ? deviceName(row.deviceId) : '',
      time(row.sentAt),
      ...STATUS_TIMES.map((s) => time(at(s.status))),
      problems.length > 0 ? problems.map(describeProblem).join('; ') : (row.failureMessage ?? '')
    ]
  })
  return { columns, rows }
}

/** CSV with a BOM, so Excel opens the UTF-8 (names with accents) correctly. */
export function tableToCsv(table: ResultsTable): string {
  return `\ufeff${Papa.unparse({ fields: table.columns, data: table.rows }, { newline: '\r\n' })}`
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
export function skippedTable(results: readonly CampaignRowResult[]): ResultsTable {
  return {
    columns: ['Row', 'Phone', 'Problem'],
    rows: results
      .filter((r) => r.problems.length > 0)
      .map((r) => [r.rowNumber, r.phoneCell, (r.problems as RowProblem[]).map(describeProblem).join('; ')])
  }
}
