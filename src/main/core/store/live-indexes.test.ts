// A send's transitions must not cost more with a long history: every index they touch, but the lists' one by status,
// holds live items only (queued, sending, scheduled), so finished items never sit in the tree a transition writes to.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { migrations } from './migrations'
import { OutboxStore, type ItemStatus } from './outbox-store'
import { newTextItem } from './testing/new-item'
import { recordPreparedSql } from './testing/prepared-sql'
import { walPagesByTree } from './testing/wal-pages'
import { outboxPumpQuestions } from './testing/pump-questions'

let dir: string
const opened: SqliteDatabase[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'live-indexes-test-'))
})
afterEach(() => {
  opened.splice(0).forEach((db) => db.open && db.close())
  rmSync(dir, { recursive: true, force: true })
})

function open(name: string, steps = migrations): SqliteDatabase {
  const db = openDatabase({ dataDir: join(dir, name), migrations: steps })
  opened.push(db)
  return db
}

/** `rows` finished items of device d1 (97% read, 3% failed), written by SQL as the bench seeds them. */
function seedFinished(db: SqliteDatabase, rows: number): void {
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO outbox_items (id, seq, device_id, recipient, kind, text, status, attempts, created_at, updated_at,
       closed_at)
     SELECT printf('old-%08d', i), -i, 'd1', printf('62812%07d', i % 500), 'text', 'hello',
       CASE WHEN i % 100 < 97 THEN 'read' ELSE 'failed' END, 1, 1000000 - i, 1000000 - i, 1000000 - i FROM n`
  ).run(rows)
}

/** A value for each parameter of `sql`, to ask for its plan. */
const bindings = (sql: string): number[] => Array.from(sql.matchAll(/\?/g), () => 1)

/**
 * 200 items queued, then each sent as the dispatcher does (queued → sending → accepted), one commit per step. With
 * `batch`, the items are a closed batch's (a chunked enqueue's, whose items keep the batch id).
 */
function sendAll(name: string, finished: number, batch?: string): Map<string, number> {
  const db = open(name)
  seedFinished(db, finished)
  const store = new OutboxStore(db)
  const ids = Array.from({ length: 200 }, (_, i) => `new-${String(i).padStart(4, '0')}`)
  store.insertItems(
    ids.map((id, i) => newTextItem(id, { recipient: `62813${i % 40}`, createdAt: 2000000 + i })),
    [],
    [],
    2000000
  )
  if (batch) db.prepare(`UPDATE outbox_items SET batch_id = ? WHERE id LIKE 'new-%'`).run(batch)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.pragma('wal_autocheckpoint = 0')
  ids.forEach((id, i) => {
    store.transition(id, ['queued'], 'sending', { attempts: 1 }, null, 3000000 + i)
    store.transition(id, ['sending'], 'accepted', { gatewayId: `gw-${i}` }, null, 3000000 + i)
  })
  return walPagesByTree(db, join(dir, name))
}

it("writes no more pages for a send with 20,000 finished items than with none, but in the lists' status index", () => {
  const empty = sendAll('empty', 0)
  const history = sendAll('history', 20_000)
  // Pages per send beyond the empty outbox's, by tree (a tenth of a page: a page freed or the schema read once).
  const more = [...history]
    .filter(([tree, pages]) => (pages - (empty.get(tree) ?? 0)) / 200 > 0.1)
    .map(([tree]) => tree)
  // The lists need every item by status and creation time; a send's entries there land among finished ones.
  expect(more).toEqual(['outbox_items_status_newest'])
})

it("writes no page of the batch index when a closed batch's items are sent", () => {
  const pages = sendAll('batched', 0, 'closed-batch')
  expect(pages.get('outbox_items_by_batch') ?? 0).toBe(0)
  // The same sends did write the item table and the lists' index: the count sees this run's pages.
  expect(pages.get('outbox_items')).toBeGreaterThan(0)
})

it("answers the pump's questions from indexes that hold live items only", () => {
  const db = open('plans')
  const partial = new Set(
    (
      db
        .prepare(
          `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox_items' AND sql LIKE '% WHERE %'`
        )
        .all() as { name: string }[]
    ).map((r) => r.name)
  )
  const { prepared, prepareUnrecorded: prepare } = recordPreparedSql(db)
  const store = new OutboxStore(db)
  const now = Date.now()
  // The questions the pump asks on every round (as pump-queries.test.ts lists them), which read outbox_items.
  const questions = outboxPumpQuestions(store, now)
  const reads = Object.entries(questions).flatMap(([name, ask]) => {
    prepared.length = 0
    ask()
    const sql = prepared[0] ?? ''
    const plan = (prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...bindings(sql)) as { detail: string }[]).map(
      (row) => row.detail
    )
    // Each read of outbox_items (aliased i or j in some): the index it goes through, or a scan of the table.
    return plan
      .filter((detail) => /^(SEARCH|SCAN) (outbox_items|i|j)\b/.test(detail))
      .map((detail) => ({ name, index: /INDEX (\w+)/.exec(detail)?.[1] ?? 'the whole table' }))
  })
  expect(reads.length).toBeGreaterThan(0)
  expect(reads.filter(({ index }) => !partial.has(index))).toEqual([])
})

it('builds the live indexes out of the rows a database already had when it is migrated', () => {
  const step = migrations.findIndex((m) => m.name.startsWith('outbox: the indexes the pump reads'))
  expect(step).toBeGreaterThan(0)
  const old = open('migrated', migrations.slice(0, step))
  const statuses: ItemStatus[] = ['queued', 'sending', 'scheduled', 'accepted', 'read', 'failed', 'cancelled']
  const insert = old.prepare(
    `INSERT INTO outbox_items (id, seq, device_id, recipient, kind, text, status, not_before, created_at, updated_at)
     VALUES (?, ?, 'd1', ?, 'text', 'hi', ?, ?, 1000, 1000)`
  )
  for (let i = 0; i < 70; i++) {
    const status = statuses[i % statuses.length] ?? 'queued'
    insert.run(`m${i}`, i + 1, `r${i % 3}`, status, status === 'scheduled' ? 5000 + i : null)
  }
  old.close()
  const db = open('migrated')
  const ids = (sql: string): string[] =>
    (db.prepare(`SELECT id FROM outbox_items ${sql} ORDER BY id`).all() as { id: string }[]).map((r) => r.id)
  // INDEXED BY fails unless the index can answer; NOT INDEXED reads every row.
  expect(
    ids(
      `INDEXED BY outbox_items_in_line WHERE device_id = 'd1' AND (status = 'queued' OR status = 'sending')`
    )
  ).toEqual(ids(`NOT INDEXED WHERE status IN ('queued', 'sending')`))
  expect(ids(`INDEXED BY outbox_items_scheduled WHERE status = 'scheduled' AND not_before > 0`)).toEqual(
    ids(`NOT INDEXED WHERE status = 'scheduled'`)
  )
  expect(
    ids(`INDEXED BY outbox_items_scheduled_by_due WHERE status = 'scheduled' AND not_before > 0`)
  ).toEqual(ids(`NOT INDEXED WHERE status = 'scheduled'`))
  expect(ids(`NOT INDEXED WHERE status IN ('queued', 'sending')`)).toHaveLength(20)
  const store = new OutboxStore(db)
  // Line by line: r0's first item (m0) is queued, so it is first; r1's first is m1, sending, so r1 waits.
  expect(store.nextSendable('d1', 10_000)?.id).toBe('m0')
  expect(store.hasQueued('d1')).toBe(true)
  expect(
    store
      .dueScheduled(10_000, 50)
      .map((item) => item.id)
      .sort()
  ).toEqual(ids(`NOT INDEXED WHERE status = 'scheduled'`))
  // The Schedules view's read: soonest due first, every scheduled item the old database held (m2, m9, … m65).
  const byDue = (
    db
      .prepare(`SELECT id FROM outbox_items NOT INDEXED WHERE status = 'scheduled' ORDER BY not_before, id`)
      .all() as {
      id: string
    }[]
  ).map((r) => r.id)
  expect(byDue).toHaveLength(10)
  expect(store.scheduledByDue(50).items.map((item) => item.id)).toEqual(byDue)
})
