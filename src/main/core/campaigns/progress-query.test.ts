// The progress chart's series as the core answers it for a started campaign, against the first computation (every
// row's history walked: progressSeries), on known histories: the chart draws the same points, counts and edges.
import { afterEach, describe, expect, it } from 'vitest'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { createCampaigns, type Campaigns } from './campaigns'
import { DEFAULT_PACING } from './pacing'
import { walkedProgressSeries } from './testing/progress-walk'
import { SheetRows } from './spreadsheet'

let fixture: OutboxFixture
let campaigns: Campaigns

afterEach(async () => {
  await fixture.outbox.stop()
  fixture.close()
})

/** A started campaign of `rows` rows on one device (the outbox is not running: nothing is sent by itself). */
async function startedCampaign(rows: number): Promise<{ id: string; items: string[] }> {
  fixture = makeFixture()
  campaigns = createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
  const phones = Array.from({ length: rows }, (_, i) => `0813${String(1_000_000 + i)}`)
  const { id } = await campaigns.create({
    name: 'Chart',
    fileName: 'chart.csv',
    sheet: {
      headers: ['Name', 'Phone'],
      rows: SheetRows.of(phones.map((phone, i) => ({ rowNumber: i + 2, cells: [`Customer ${i}`, phone] }))),
      format: { kind: 'csv', encoding: 'utf-8', delimiter: ',' }
    },
    mapping: { phone: 'Phone', variables: ['Name'] },
    template: 'Hello {Name}',
    pacing: DEFAULT_PACING,
    devices: ['dev-1']
  })
  await campaigns.start(id)
  const items = campaigns.results(id).flatMap((row) => (row.itemId ? [row.itemId] : []))
  expect(items).toHaveLength(rows)
  return { id, items }
}

/** Status changes appended to an item's timeline, as the queue records them (test seeding: no gateway runs). */
function record(itemId: string, ...changes: [at: number, status: string][]): void {
  const insert = fixture.db.prepare(
    'INSERT INTO outbox_history (item_id, at, status, note) VALUES (?, ?, ?, NULL)'
  )
  for (const [at, status] of changes) insert.run(itemId, at, status)
  const last = changes.at(-1)
  if (last) fixture.db.prepare('UPDATE outbox_items SET status = ? WHERE id = ?').run(last[1], itemId)
}

/** Seeds many rows' histories in one transaction, as the queue writes a burst: one commit, not one per row. */
function recordEach(items: readonly string[], seed: (item: string, i: number) => void): void {
  fixture.db.transaction(() => items.forEach(seed))()
}

/** The first computation: every row's history walked in the process. */
const walked = (id: string) => walkedProgressSeries(campaigns.results(id))

describe("the progress chart's series", () => {
  it('is what walking every row gave, on a campaign with a known history', async () => {
    const { id, items } = await startedCampaign(8)
    const t0 = fixture.clock.now() + 60_000
    const [a, b, c, d, e, f, g] = items as [string, string, string, string, string, string, string]
    record(a, [t0 + 1000, 'accepted'], [t0 + 2000, 'sent'], [t0 + 3000, 'delivered'], [t0 + 4000, 'read'])
    // A read report with no delivered one before it: delivered then too.
    record(b, [t0 + 1500, 'accepted'], [t0 + 2500, 'read'])
    record(c, [t0 + 1200, 'failed'])
    // Two rows reaching a line at the same instant: one point, counted twice.
    record(d, [t0 + 2000, 'sent'], [t0 + 5000, 'delivered'])
    // A status told again later counts at its first time only.
    record(e, [t0 + 2200, 'sent'], [t0 + 2300, 'accepted'], [t0 + 6000, 'sent'])
    // Sent, then failed at the gateway: on both lines.
    record(f, [t0 + 2400, 'sent'], [t0 + 7000, 'failed'])
    // Cancelled before it left: on no line.
    record(g, [t0 + 900, 'cancelled'])
    // (the eighth row still waits in line: on no line either)
    const series = campaigns.progress(id)
    expect(series).toEqual(walked(id))
    expect(series.at).toEqual([1200, 2000, 2200, 2400, 2500, 3000, 4000, 5000, 7000].map((ms) => t0 + ms))
    expect(series.sent).toEqual([0, 2, 3, 4, 5, 5, 5, 5, 5])
    expect(series.delivered).toEqual([0, 0, 0, 0, 1, 2, 2, 3, 3])
    expect(series.read).toEqual([0, 0, 0, 0, 1, 1, 2, 2, 2])
    expect(series.failed).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 2])
  })

  // QA62: the chart's lines (and its "ever sent") fell when the operator deleted finished messages from the Outbox, or
  // retention purged them: a campaign's proof of what it sent changed with the outbox's housekeeping.
  it('keeps what was sent when the messages leave the outbox', async () => {
    const { id, items } = await startedCampaign(4)
    const t0 = fixture.clock.now() + 60_000
    const [a, b, c] = items as [string, string, string]
    record(a, [t0 + 1000, 'sent'], [t0 + 3000, 'read'])
    record(b, [t0 + 2000, 'sent'], [t0 + 4000, 'delivered'])
    record(c, [t0 + 2500, 'failed'])
    const before = campaigns.progress(id)
    expect(before.sent.at(-1)).toBe(2)
    expect(fixture.outbox.deleteMany([a, b, c]).done).toHaveLength(3)
    expect(campaigns.progress(id)).toEqual(before)
  })

  it('is empty while nothing has been sent', async () => {
    const { id } = await startedCampaign(3)
    expect(campaigns.progress(id)).toEqual({ at: [], sent: [], delivered: [], read: [], failed: [] })
  })

  it('keeps every instant up to 400 of them', async () => {
    const { id, items } = await startedCampaign(400)
    const t0 = fixture.clock.now() + 60_000
    recordEach(items, (item, i) => record(item, [t0 + i * 1000, 'sent']))
    const series = campaigns.progress(id)
    expect(series).toEqual(walked(id))
    expect(series.at).toHaveLength(400)
    expect(series.sent.at(-1)).toBe(400)
  })

  it('draws more instants as 400 evenly spaced points, each counting what happened up to it', async () => {
    // 401 rows sent 1 ms apart: the 400 points are round(i × 400 / 399) ms from the first, so they step by 1 ms up to
    // 199 and by 2 ms from 199 to 201: the send at 200 is counted at the point 201, never at 199.
    const { id, items } = await startedCampaign(401)
    const t0 = fixture.clock.now() + 60_000
    recordEach(items, (item, i) => record(item, [t0 + i, 'sent']))
    const series = campaigns.progress(id)
    expect(series).toEqual(walked(id))
    expect(series.at).toHaveLength(400)
    expect(series.at[0]).toBe(t0)
    expect(series.at.at(-1)).toBe(t0 + 400)
    expect(series.at.slice(198, 202)).toEqual([t0 + 198, t0 + 199, t0 + 201, t0 + 202])
    // A send exactly at a point counts at that point; the one between two points, at the later one.
    expect(series.sent.slice(198, 202)).toEqual([199, 200, 202, 203])
    expect(series.sent[0]).toBe(1)
    expect(series.sent.at(-1)).toBe(401)
  })

  it('is the same as walking every row on a long, uneven campaign', async () => {
    // Bursts and gaps, four lines, reports out of step: sampled points land between, on and after the events.
    const { id, items } = await startedCampaign(900)
    const t0 = fixture.clock.now() + 60_000
    recordEach(items, (item, i) => {
      const at = t0 + Math.floor(i / 3) * 7_919 + (i % 3) * 13 + (i > 450 ? 3_600_000 : 0)
      if (i % 17 === 0) record(item, [at, 'failed'])
      else if (i % 5 === 0) record(item, [at, 'sent'], [at + 40_000 + i, 'read'])
      else if (i % 2 === 0)
        record(item, [at, 'sent'], [at + 9_000, 'delivered'], [at + 600_000 + i * 11, 'read'])
      else record(item, [at, 'accepted'], [at + 1, 'sent'], [at + 90_000, 'delivered'])
    })
    const series = campaigns.progress(id)
    expect(series.at).toHaveLength(400)
    expect(series).toEqual(walked(id))
  })
})
