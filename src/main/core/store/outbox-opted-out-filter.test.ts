// The list's status filter counts as the summary does (a carried finding): `cancelled` is what someone cancelled, and
// `optedOut` the cancels because the number opted out, so "3 cancelled · 5 opted out" lists 3 under Cancelled and 5
// under Opted out: its page, its total, its count by device (a bulk action's question) and an export (the snapshot).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { bucketCounts } from '../../../shared/domain'
import { OPTED_OUT_NOTE } from '../outbox'
import { countsView, toItemFilter } from '../outbox/views'
import { openDatabase, type SqliteDatabase } from './database'
import { OutboxStore } from './outbox-store'
import { newTextItem } from './testing/new-item'

let dir: string
let db: SqliteDatabase
let store: OutboxStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-opted-out-filter-'))
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  store.insertItems(
    [
      newTextItem('hand-1', { status: 'cancelled', deviceId: 'd0', closedAt: 5 }),
      newTextItem('hand-2', { status: 'cancelled', deviceId: 'd1', closedAt: 5, failureMessage: 'by hand' }),
      newTextItem('gateway-1', { status: 'cancelled_at_gateway', deviceId: 'd0', closedAt: 5 }),
      ...[0, 1, 2, 3, 4].map((n) =>
        newTextItem(`stop-${n}`, {
          status: 'cancelled',
          deviceId: n < 3 ? 'd0' : 'd1',
          closedAt: 5,
          failureMessage: OPTED_OUT_NOTE
        })
      ),
      newTextItem('read-1', { status: 'read', deviceId: 'd0', closedAt: 5 })
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

const ids = (filter: Parameters<typeof toItemFilter>[0]): string[] =>
  store
    .listItems(toItemFilter(filter))
    .items.map((item) => item.id)
    .sort()

it('lists and counts under Cancelled only what someone cancelled, and under Opted out the rest', () => {
  const summary = bucketCounts(countsView(store))
  expect(summary).toMatchObject({ cancelled: 3, optedOut: 5 })

  const cancelled = store.listItems(toItemFilter({ status: ['cancelled', 'cancelled_at_gateway'] }))
  expect(cancelled.total).toBe(summary.cancelled)
  expect(ids({ status: ['cancelled', 'cancelled_at_gateway'] })).toEqual(['gateway-1', 'hand-1', 'hand-2'])
  expect(ids({ status: ['cancelled'] })).toEqual(['hand-1', 'hand-2'])

  const optedOut = store.listItems(toItemFilter({ status: ['optedOut'] }))
  expect(optedOut.total).toBe(summary.optedOut)
  expect(ids({ status: ['optedOut'] })).toEqual(['stop-0', 'stop-1', 'stop-2', 'stop-3', 'stop-4'])

  // Both choices: every cancel, as before.
  expect(store.listItems(toItemFilter({ status: ['cancelled', 'optedOut'] })).total).toBe(7)
  expect(store.listItems(toItemFilter({ status: ['optedOut', 'read'] })).total).toBe(6)
})

it('counts the choice on each device and within a time range as the list does', () => {
  expect(store.countByDevice(toItemFilter({ status: ['optedOut'] }))).toEqual([
    { deviceId: 'd0', count: 3 },
    { deviceId: 'd1', count: 2 }
  ])
  expect(store.countByDevice(toItemFilter({ status: ['cancelled'] }))).toEqual([
    { deviceId: 'd0', count: 1 },
    { deviceId: 'd1', count: 1 }
  ])
  const onD0 = store.listItems(toItemFilter({ status: ['optedOut'], deviceId: 'd0' }))
  expect(onD0.total).toBe(bucketCounts(countsView(store, 'd0')).optedOut)
  expect(onD0.items).toHaveLength(3)
  const ranged = store.listItems(
    toItemFilter({
      status: ['cancelled'],
      from: new Date(0).toISOString(),
      to: new Date(Date.now() + 1e9).toISOString()
    })
  )
  expect(ranged.total).toBe(2)
  expect(ranged.items).toHaveLength(2)
})

it('exports what the choice lists (the export reads its own pages)', () => {
  const filter = toItemFilter({ status: ['optedOut'] })
  const start = store.exportStart(filter)
  expect(start.total).toBe(5)
  const all: string[] = []
  let cursor = start.cursor
  for (let read = 0; read < 3; read++) {
    const page = store.exportPage(filter, cursor, 2)
    all.push(...page.items.map((item) => item.id))
    cursor = page.cursor
  }
  expect(all.sort()).toEqual(['stop-0', 'stop-1', 'stop-2', 'stop-3', 'stop-4'])
  const cancelled = toItemFilter({ status: ['cancelled'] })
  expect(
    store
      .exportPage(cancelled, store.exportStart(cancelled).cursor, 10)
      .items.map((i) => i.id)
      .sort()
  ).toEqual(['hand-1', 'hand-2'])
})
