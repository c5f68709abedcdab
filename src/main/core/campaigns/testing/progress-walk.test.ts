// The progress chart's reference computation: cumulative rows per line at each instant, from the rows' status history.
import { describe, expect, it } from 'vitest'
import { walkedProgressSeries as progressSeries } from './progress-walk'

const row = (...history: [number, string][]) => ({
  history: history.map(([at, status]) => ({ at, status: status as 'sent' }))
})

describe('progressSeries', () => {
  it('counts each row once per line, at the first time it got there', () => {
    const series = progressSeries([
      row([0, 'queued'], [1000, 'accepted'], [2000, 'sent'], [3000, 'delivered'], [4000, 'read']),
      // A read report that came without a delivered one still counts as delivered.
      row([0, 'queued'], [1500, 'accepted'], [2500, 'read']),
      row([0, 'queued'], [1200, 'failed']),
      row([0, 'queued'])
    ])
    const at = (t: number) => series.at.indexOf(t)
    expect(series.at[0]).toBe(1200)
    expect(series.at.at(-1)).toBe(4000)
    expect(series.failed[at(1200)]).toBe(1)
    expect(series.sent[at(2000)]).toBe(1)
    expect(series.delivered[at(2500)]).toBe(1)
    expect(series.read[at(2500)]).toBe(1)
    expect({
      sent: series.sent.at(-1),
      delivered: series.delivered.at(-1),
      read: series.read.at(-1),
      failed: series.failed.at(-1)
    }).toEqual({ sent: 2, delivered: 2, read: 2, failed: 1 })
    // Cumulative: never decreasing.
    for (const line of [series.sent, series.delivered, series.read, series.failed])
      expect(line.every((v, i) => i === 0 || v >= (line[i - 1] ?? 0))).toBe(true)
  })

  it('draws a long campaign from a bounded number of points, the last one exact', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => row([i * 60_000, 'sent']))
    const series = progressSeries(rows)
    expect(series.at.length).toBeLessThanOrEqual(400)
    expect(series.sent.at(-1)).toBe(5000)
    expect(series.at.at(-1)).toBe(4999 * 60_000)
  })

  it('is empty before anything was sent', () => {
    expect(progressSeries([row([0, 'queued'])]).at).toEqual([])
  })
})
