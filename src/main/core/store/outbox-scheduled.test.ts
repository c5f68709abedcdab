// The scheduled items soonest due first, a page at a time by keyset (the Schedules view, QA33 Q33-01).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { OutboxStore } from './outbox-store'
import { scheduledByDueSql, scheduledOptedOutSql } from './outbox-scheduled-store'
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

// QA76: a message scheduled for later today to a number that opted out since read as "1 due later today".
it('counts the scheduled the opt-out policy will cancel at their turn, from an index', () => {
  const optOut = (phone: string, at: number): void => {
    db.prepare("INSERT INTO opt_outs (phone, source, added_at) VALUES (?, 'keyword', ?)").run(phone, at)
  }
  const scheduled = (id: string, extra: Parameters<typeof newTextItem>[1]) =>
    newTextItem(id, {
      status: 'scheduled',
      createdAt: 100,
      notBefore: 5_000,
      scheduleMode: 'local',
      ...extra
    })
  store.insertItems(
    [
      // Written before its number opted out: cancelled at its turn.
      scheduled('today', { recipient: '628122222333' }),
      scheduled('tomorrow', { recipient: '628122222444', notBefore: 9_000 }),
      // Written to a number already listed: the operator's answer to the opt-out ask, and it goes.
      scheduled('answered', { recipient: '628122222555', createdAt: 300 }),
      // A campaign's row never goes to a listed number, whenever it opted out.
      scheduled('campaign', { recipient: '628122222555', createdAt: 300, producerTag: 'campaign:c1' }),
      // A group is no number on the list; a held one waits for the operator (named as held).
      scheduled('group', { recipient: '628122222333', isGroup: true }),
      scheduled('held', { recipient: '628122222333' }),
      // Not scheduled: queued ones are not "for later".
      newTextItem('queued', { recipient: '628122222333', createdAt: 100 }),
      scheduled('other', { recipient: '628122222666' })
    ],
    [],
    [],
    100
  )
  db.prepare("UPDATE outbox_items SET held = 1 WHERE id = 'held'").run()
  optOut('628122222333', 200)
  optOut('628122222444', 200)
  optOut('628122222555', 200)
  expect(store.scheduledOptedOut()).toBe(3)
  // Of them, those due from an instant on (the Overview's "after today").
  expect(store.scheduledOptedOut(9_000)).toBe(1)
  // One indexed read, however many items the outbox keeps: the scheduled items' index, the opt-out list by its key.
  for (const from of [true, false]) {
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${scheduledOptedOutSql(from)}`)
      .all(...(from ? [0] : []))
      .map((row) => (row as { detail: string }).detail)
    expect(plan).toContainEqual(
      expect.stringMatching(/^(SCAN|SEARCH) i USING INDEX outbox_items_scheduled_by_due/)
    )
    expect(plan).toContainEqual(
      expect.stringMatching(/^SEARCH o .*USING INDEX sqlite_autoindex_opt_outs_1 \(phone=\?\)/)
    )
    expect(plan.filter((detail) => /^(SCAN|SEARCH)/.test(detail) && !/USING/.test(detail))).toEqual([])
  }
})

// A direct message queued before its number opted out (its device offline, paused or at its cap) is cancelled at its
// turn, as a scheduled one is: the device's daily cap line counted it ahead of what goes, though it never will.
it('leaves out of a daily cap line what the opt-out policy will cancel at its turn, queued or scheduled', () => {
  const optOut = (phone: string, at: number): void => {
    db.prepare("INSERT INTO opt_outs (phone, source, added_at) VALUES (?, 'keyword', ?)").run(phone, at)
  }
  store.insertItems(
    [
      // Queued before its number opted out: cancelled at its turn, never sent.
      newTextItem('queued-stopped', { recipient: '628122222333', createdAt: 100 }),
      // Queued to a number already listed: the operator's answer to the opt-out ask, and it goes.
      newTextItem('queued-answered', { recipient: '628122222444', createdAt: 300 }),
      newTextItem('queued-other', { recipient: '628122222666', createdAt: 100 }),
      newTextItem('scheduled-stopped', {
        recipient: '628122222333',
        status: 'scheduled',
        createdAt: 100,
        notBefore: 5_000,
        scheduleMode: 'local'
      }),
      newTextItem('scheduled-other', {
        recipient: '628122222666',
        status: 'scheduled',
        createdAt: 100,
        notBefore: 5_000,
        scheduleMode: 'local'
      })
    ],
    [],
    [],
    100
  )
  optOut('628122222333', 200)
  optOut('628122222444', 200)
  expect(store.capLineBefore('d1', 9_000)).toEqual({ queued: 2, scheduled: 1 })
  // What a new campaign's pre-send check says is already waiting on the number's cap: the same line.
  expect(store.waitingOn('d1', 9_000)).toBe(3)
})
