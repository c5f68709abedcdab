// QA73: the Outbox narrowed to one campaign. Its list, total, count by device, export and summary counts hold that
// campaign's messages only (not the other campaign's, nor the direct sends), so the summary says what the campaign's
// card says; and the list is read from an index, newest first, not every item of the outbox sorted.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { bucketCounts } from '../../../shared/domain'
import { OPTED_OUT_NOTE } from '../outbox'
import { campaignCountsView, toItemFilter } from '../outbox/views'
import { openDatabase, type SqliteDatabase } from './database'
import { OutboxStore } from './outbox-store'
import { newTextItem } from './testing/new-item'

let dir: string
let db: SqliteDatabase
let store: OutboxStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-campaign-filter-'))
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  const of = (campaign: string) => ({ producerTag: `campaign:${campaign}` })
  store.insertItems(
    [
      newTextItem('a-queued-1', { ...of('a'), deviceId: 'd0', createdAt: 10 }),
      newTextItem('a-queued-2', { ...of('a'), deviceId: 'd1', createdAt: 11 }),
      newTextItem('a-read', { ...of('a'), status: 'read', deviceId: 'd0', closedAt: 5, createdAt: 12 }),
      newTextItem('a-stop', {
        ...of('a'),
        status: 'cancelled',
        closedAt: 5,
        failureMessage: OPTED_OUT_NOTE,
        createdAt: 13
      }),
      newTextItem('b-queued', { ...of('b'), deviceId: 'd0', createdAt: 14 }),
      newTextItem('b-failed', { ...of('b'), status: 'failed', closedAt: 5, createdAt: 15 }),
      newTextItem('direct-1', { deviceId: 'd0', createdAt: 16 }),
      newTextItem('direct-2', { status: 'sent', closedAt: 5, createdAt: 17 })
    ],
    [],
    [],
    1
  )
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const listed = (filter: Parameters<typeof toItemFilter>[0]): { ids: string[]; total: number } => {
  const { items, total } = store.listItems(toItemFilter(filter))
  return { ids: items.map((item) => item.id), total }
}

it("lists one campaign's messages, newest first, with their total", () => {
  expect(listed({ campaignId: 'a' })).toEqual({
    ids: ['a-stop', 'a-read', 'a-queued-2', 'a-queued-1'],
    total: 4
  })
  expect(listed({ campaignId: 'b' })).toEqual({ ids: ['b-failed', 'b-queued'], total: 2 })
  expect(listed({ campaignId: 'none-such' })).toEqual({ ids: [], total: 0 })
  // With the other filters, as each narrows any list.
  expect(listed({ campaignId: 'a', status: ['queued'] })).toEqual({
    ids: ['a-queued-2', 'a-queued-1'],
    total: 2
  })
  expect(listed({ campaignId: 'a', deviceId: 'd0' })).toEqual({ ids: ['a-read', 'a-queued-1'], total: 2 })
  expect(listed({ campaignId: 'a', status: ['optedOut'] })).toEqual({ ids: ['a-stop'], total: 1 })
  expect(listed({ campaignId: 'a', text: 'read' })).toEqual({ ids: ['a-read'], total: 1 })
  expect(listed({ campaignId: 'a', recipient: 'a' }).total).toBe(4)
  expect(listed({ campaignId: 'a', offset: 1, limit: 2 }).ids).toEqual(['a-read', 'a-queued-2'])
  expect(
    listed({ campaignId: 'a', from: new Date(11).toISOString(), to: new Date(12).toISOString() })
  ).toEqual({ ids: ['a-read', 'a-queued-2'], total: 2 })
})

it("counts the campaign's messages as its summary, by the one counting model, and on each device", () => {
  const summary = bucketCounts(campaignCountsView(store, 'a'))
  expect(summary).toMatchObject({ queued: 2, read: 1, optedOut: 1, cancelled: 0, failed: 0, total: 4 })
  expect(summary.total).toBe(listed({ campaignId: 'a' }).total)
  expect(bucketCounts(campaignCountsView(store, 'b'))).toMatchObject({ queued: 1, failed: 1, total: 2 })
  expect(store.countByDevice(toItemFilter({ campaignId: 'a' }))).toEqual([
    { deviceId: 'd0', count: 2 },
    { deviceId: 'd1', count: 2 }
  ])
})

it('exports what the campaign filter lists', () => {
  const filter = toItemFilter({ campaignId: 'b' })
  const start = store.exportStart(filter)
  expect(start.total).toBe(2)
  const page = store.exportPage(filter, start.cursor, 10)
  expect(page.items.map((item) => item.id).sort()).toEqual(['b-failed', 'b-queued'])
})

it("reads a campaign's page from an index in its order, not by sorting its messages", () => {
  const plan = (
    db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT rowid FROM outbox_items WHERE producer_tag = ?
         ORDER BY created_at DESC, seq DESC LIMIT 200`
      )
      .all('campaign:a') as { detail: string }[]
  ).map((row) => row.detail)
  expect(plan.join('\n')).toMatch(/USING (COVERING )?INDEX outbox_items_producer_newest/)
  expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/)
})
