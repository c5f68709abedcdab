// The progress chart's first computation, kept as the reference the core's SQL answer (campaigns/progress.ts) is
// tested against: every row's history walked in the process (tests only; too slow for 50,000 rows at each refresh).
import type { CampaignRowResult } from '../../store'
import { MAX_POINTS, type ProgressSeries } from '../progress'

const REACHED = {
  sent: new Set(['sent', 'delivered', 'read']),
  delivered: new Set(['delivered', 'read']),
  read: new Set(['read']),
  failed: new Set(['failed'])
} as const

type Line = keyof typeof REACHED

export function walkedProgressSeries(rows: readonly Pick<CampaignRowResult, 'history'>[]): ProgressSeries {
  // Each row counts once per line, at the first time its history reached that line (a read row that skipped a
  // 'delivered' report still counts as delivered then).
  const events: { at: number; line: Line }[] = []
  for (const row of rows) {
    for (const line of Object.keys(REACHED) as Line[]) {
      const first = row.history.find((entry) => REACHED[line].has(entry.status))
      if (first) events.push({ at: first.at, line })
    }
  }
  events.sort((a, b) => a.at - b.at)
  const series: ProgressSeries = { at: [], sent: [], delivered: [], read: [], failed: [] }
  // Every moment something changed, or (for a long campaign) evenly spaced moments ending on the last change.
  let instants = [...new Set(events.map((event) => event.at))]
  if (instants.length > MAX_POINTS) {
    const first = instants[0] ?? 0
    const last = instants[instants.length - 1] ?? 0
    instants = Array.from({ length: MAX_POINTS }, (_, i) =>
      Math.round(first + ((last - first) * i) / (MAX_POINTS - 1))
    )
  }
  const totals: Record<Line, number> = { sent: 0, delivered: 0, read: 0, failed: 0 }
  let next = 0
  for (const at of instants) {
    for (let event = events[next]; event && event.at <= at; event = events[++next]) totals[event.line]++
    series.at.push(at)
    for (const line of Object.keys(REACHED) as Line[]) series[line].push(totals[line])
  }
  return series
}
