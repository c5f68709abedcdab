// The opt-out list as the CSV the window downloads: through the app's one safe writer, times ISO 8601 in UTC, and the
// customer's word for an entry a keyword reply made (empty when none was kept), numbers in E.164 as every CSV of the
// app writes them, text a spreadsheet keeps (phoneCsvCell).
import { exportCsv, phoneCsvCell } from '../../../../shared/domain'

export function optOutsCsv(
  list: readonly { phone: string; source: string; addedAt: number; keyword: string | null }[],
  /** The window language's list separator (QA73: listSeparatorOf): `;` opens in an Indonesian Excel. */
  separator = ','
): string {
  return exportCsv(
    ['phone', 'source', 'added', 'keyword'],
    list.map((o) => [phoneCsvCell(o.phone), o.source, new Date(o.addedAt).toISOString(), o.keyword ?? '']),
    separator
  )
}
