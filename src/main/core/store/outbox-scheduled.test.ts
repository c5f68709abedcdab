// The scheduled items soonest due first, a page at a time by keyset (the Schedules view, QA33 Q33-01).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { OutboxStore } from './outbox-store'
import { scheduledByDueSql } from './outbox-scheduled-store'
import { newTextItem } from './testing/new-item'

let dir: string
let db: SqliteDatabase
let store: OutboxStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-scheduled-test-'))
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** `n` schedules, the first made due first (as an operator schedules a week in order), 15 minutes apart. */
function scheduleInOrder(n: number, from = 1_000_000): void {
  const items = Array.from({ length: n }, (_, i) =>
    newTextItem(`s${String(i).padStart(4, '0')}`, {
      status: 'scheduled',
      createdAt: 100 + i,
      notBefore: from + i * 900_000,
      scheduleMode: 'local',
      timezone: 'Asia/Jayapura'
    })
  )
  store.insertItems(items, [], [], 100)
}

it('pages the scheduled items soonest due first, however they were made, and counts them all', () => {
  scheduleInOrder(600)
  // Others of other statuses are not schedules.
  store.insertItems([newTextItem('q1', { createdAt: 5000 })], [], [], 5000)
  const first = store.scheduledByDue(500)
  expect(first.total).toBe(600)
  expect(first.items).toHaveLength(500)
  expect(first.items[0]?.id).toBe('s0000')
  expect(first.items[499]?.id).toBe('s0499')
  const last = first.items[499]
  const rest = store.scheduledByDue(500, { at: last?.notBefore ?? 0, id: last?.id ?? '' })
  expect(rest.items.map((i) => i.id)).toEqual(
    Array.from({ length: 100 }, (_, i) => `s${String(500 + i).padStart(4, '0')}`)
  )
  expect(rest.total).toBe(600)
})

it('keeps items due at the same instant in the order they were made across pages, none twice or left out (probe 4 P12)', () => {
  // Random ids, as the outbox gives them: the order entered must not follow them.
  const items = ['c', 'a', 'e', 'b', 'd'].map((id, i) =>
    newTextItem(id, { status: 'scheduled', createdAt: i, notBefore: 7000 })
  )
  store.insertItems([...items, newTextItem('early', { status: 'scheduled', notBefore: 10 })], [], [], 0)
  const seen: string[] = []
  let after: { at: number; id: string } | undefined
  for (let page = 0; page < 5; page++) {
    const { items: got } = store.scheduledByDue(2, after)
    if (got.length === 0) break
    seen.push(...got.map((i) => i.id))
    const end = got[got.length - 1]
    after = { at: end?.notBefore ?? 0, id: end?.id ?? '' }
  }
  expect(seen).toEqual(['early', 'c', 'a', 'e', 'b', 'd'])
  // A page's last deleted since: its instant is read again from its start, nothing of it left out.
  expect(store.scheduledByDue(10, { at: 7000, id: 'gone' }).items.map((i) => i.id)).toEqual([
    'c',
    'a',
    'e',
    'b',
    'd'
  ])
})

it('reads the page from an index in due order, without sorting the schedules', () => {
  const plan = (
    db.prepare(`EXPLAIN QUERY PLAN ${scheduledByDueSql(true, false)}`).all(0, '', 10) as { detail: string }[]
  ).map((row) => row.detail)
  expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/)
  expect(plan.join('\n')).toMatch(/outbox_items_scheduled_by_due/)
})
