// The opt-out list as the CSV the window downloads: through the app's one safe writer, times ISO 8601 in UTC.
import { exportCsv } from '../../../../shared/domain'

export function optOutsCsv(list: readonly { phone: string; source: string; addedAt: number }[]): string {
  return exportCsv(
    ['phone', 'source', 'added'],
    list.map((o) => [o.phone, o.source, new Date(o.addedAt).toISOString()])
  )
}
