// QA73 (issue 29 point 2: every summary adds up to what it counts): the Outbox's summary follows its Device filter,
// and under Device and Campaign both counts that campaign's messages on that device, so its total is the list's.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { bucketCounts } from '../../../shared/domain'
import { OPTED_OUT_NOTE } from '../outbox'
import { campaignCountsView, countsView, summaryCountsView, toItemFilter } from '../outbox/views'
import { openDatabase, type SqliteDatabase } from './database'
import { OutboxStore } from './outbox-store'
import { newTextItem } from './testing/new-item'

let dir: string
let db: SqliteDatabase
let store: OutboxStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-summary-filters-'))
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  const of = (campaign: string) => ({ producerTag: `campaign:${campaign}` })
  const optedOut = { status: 'cancelled' as const, closedAt: 5, failureMessage: OPTED_OUT_NOTE }
  store.insertItems(
    [
      newTextItem('a-queued-d0', { ...of('a'), deviceId: 'd0', createdAt: 10 }),
      newTextItem('a-queued-d1', { ...of('a'), deviceId: 'd1', createdAt: 11 }),
      newTextItem('a-read-d0', { ...of('a'), status: 'read', deviceId: 'd0', closedAt: 5, createdAt: 12 }),
      newTextItem('a-stop-d1', { ...of('a'), ...optedOut, deviceId: 'd1', createdAt: 13 }),
      newTextItem('b-queued-d0', { ...of('b'), deviceId: 'd0', createdAt: 14 }),
      newTextItem('b-failed-d1', {
        ...of('b'),
        status: 'failed',
        deviceId: 'd1',
        closedAt: 5,
        createdAt: 15
      }),
      newTextItem('direct-d0', { deviceId: 'd0', createdAt: 16 }),
      newTextItem('direct-sent-d1', { status: 'sent', deviceId: 'd1', closedAt: 5, createdAt: 17 }),
      newTextItem('direct-stop-d0', { ...optedOut, deviceId: 'd0', createdAt: 18 }),
      newTextItem('series-d0', { producerTag: 'series:s1', deviceId: 'd0', createdAt: 19 })
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

const listTotal = (filter: Parameters<typeof toItemFilter>[0]): number =>
  store.listItems(toItemFilter(filter)).total

it("counts one device's messages, every bucket adding up to the list's total under that filter", () => {
  const d0 = bucketCounts(countsView(store, 'd0'))
  expect(d0).toMatchObject({ queued: 4, read: 1, optedOut: 1, total: 6 })
  expect(d0.total).toBe(listTotal({ deviceId: 'd0' }))
})

it("counts a campaign's messages on one device under Device and Campaign both", () => {
  const onD0 = bucketCounts(campaignCountsView(store, 'a', 'd0'))
  expect(onD0).toMatchObject({ queued: 1, read: 1, optedOut: 0, total: 2 })
  expect(onD0.total).toBe(listTotal({ campaignId: 'a', deviceId: 'd0' }))
  const onD1 = bucketCounts(campaignCountsView(store, 'a', 'd1'))
  expect(onD1).toMatchObject({ queued: 1, read: 0, optedOut: 1, total: 2 })
  expect(onD1.total).toBe(listTotal({ campaignId: 'a', deviceId: 'd1' }))
  // Without a device, every device's, as its card counts them.
  expect(bucketCounts(campaignCountsView(store, 'a')).total).toBe(4)
})

// QA73: "Direct sends only", the messages not from any campaign (a one-off send's, a series', a reply's).
it('lists, counts, exports and counts by device the direct sends only', () => {
  const direct = store.listItems(toItemFilter({ directOnly: true }))
  expect(direct.items.map((item) => item.id)).toEqual([
    'series-d0',
    'direct-stop-d0',
    'direct-sent-d1',
    'direct-d0'
  ])
  expect(direct.total).toBe(4)
  expect(listTotal({ directOnly: true, deviceId: 'd0' })).toBe(3)
  expect(listTotal({ directOnly: true, status: ['optedOut'] })).toBe(1)
  expect(store.countByDevice(toItemFilter({ directOnly: true }))).toEqual([
    { deviceId: 'd0', count: 3 },
    { deviceId: 'd1', count: 1 }
  ])
  const filter = toItemFilter({ directOnly: true })
  expect(store.exportStart(filter).total).toBe(4)
})

it('sums up the direct sends, on every device or one, adding up to their list', () => {
  const all = bucketCounts(summaryCountsView(store, { directOnly: true }))
  expect(all).toMatchObject({ queued: 2, sent: 1, optedOut: 1, total: 4 })
  expect(all.total).toBe(listTotal({ directOnly: true }))
  const onD0 = bucketCounts(summaryCountsView(store, { directOnly: true, deviceId: 'd0' }))
  expect(onD0).toMatchObject({ queued: 2, optedOut: 1, total: 3 })
  expect(onD0.total).toBe(listTotal({ directOnly: true, deviceId: 'd0' }))
})
