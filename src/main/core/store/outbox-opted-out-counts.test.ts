// The outbox counts' "opted out" (of the cancelled, those cancelled because their number opted out) is read on every
// change while a campaign sends: it is kept by triggers like the status counts, so it must equal the count over the
// items (without an open batch's, as every count) after any sequence of changes, start from the rows a database had
// when it is migrated, and be read without touching outbox_items.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { SeededRandom } from '../seeded-random'
import { OPTED_OUT_NOTE } from '../outbox'
import { countsView } from '../outbox/views'
import { openDatabase, type SqliteDatabase } from './database'
import { migrations } from './migrations'
import { OPTED_OUT_COUNTED_NOTE } from './outbox-records'
import { ITEM_STATUSES, OutboxStore, type ItemStatus, type NewItem } from './outbox-store'
import { newTextItem } from './testing/new-item'
import { RandomWrites } from './testing/random-writes'
import { queryPlan, recordPreparedSql } from './testing/prepared-sql'

let dir: string
let db: SqliteDatabase
let store: OutboxStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-opted-out-counts-'))
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const DEVICES = ['d0', 'd1', 'd2'] as const
const NOTES = [OPTED_OUT_NOTE, OPTED_OUT_NOTE, 'cancelled by hand', null] as const

/** The answer the kept count must give: the cancelled items carrying the opt-out's note, on every device or one. */
function countedByQuery(deviceId?: string): number {
  return (
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM outbox_items WHERE status = 'cancelled' AND failure_message = ?
         AND (? IS NULL OR device_id = ?) AND (batch_id IS NULL OR batch_id NOT IN (SELECT id FROM outbox_batches))`
      )
      .get(OPTED_OUT_NOTE, deviceId ?? null, deviceId ?? null) as { n: number }
  ).n
}

function expectKeptEqualsQuery(context: unknown): void {
  for (const deviceId of [undefined, ...DEVICES]) {
    const counts = countsView(store, deviceId)
    expect({ context, deviceId, optedOut: counts.optedOut }).toEqual({
      context,
      deviceId,
      optedOut: countedByQuery(deviceId)
    })
    expect(counts.optedOut).toBeLessThanOrEqual(counts.cancelled)
  }
}

it('equals the count over the items after every step of 700 random changes', () => {
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  const writes = new RandomWrites(db, store, new SeededRandom(43))
  const { random } = writes
  const pick = <T>(list: readonly T[]): T => writes.pick(list)
  const newItems = (step: number): NewItem[] =>
    writes.newItems(5, () => {
      const status = random.int(2) === 0 ? 'cancelled' : pick(ITEM_STATUSES)
      return {
        deviceId: pick(DEVICES),
        status,
        closedAt: status === 'queued' ? null : step,
        failureMessage: pick(NOTES)
      }
    })
  for (let step = 0; step < 700; step++) {
    const id = writes.anyItem()
    const operation = id === undefined ? 0 : random.int(12)
    if (operation === 0) {
      // A batch insert, some of its items already cancelled for an opt-out.
      store.insertItems(newItems(step), [], [], step)
    } else if (operation === 1) {
      // The opt-out policy cancels an item waiting in line (or finds it no longer there).
      store.transition(
        id!,
        ['queued', 'scheduled'],
        'cancelled',
        { failureMessage: OPTED_OUT_NOTE, closedAt: step },
        null,
        step
      )
    } else if (operation === 2) {
      // A retry: back in line, its reason gone.
      store.transition(
        id!,
        ['cancelled', 'failed'],
        'queued',
        { failureMessage: null, closedAt: null },
        null,
        step
      )
    } else if (operation === 3) {
      // Its reason note changed, whatever its status.
      store.patchItem(id!, { failureMessage: pick(NOTES) })
    } else if (operation === 4) {
      store.deleteItem(id!)
      writes.forgetDeleted()
    } else if (operation === 5) {
      // Retention.
      if (store.purgeClosedBefore(step - random.int(60), 1 + random.int(6)).deleted > 0)
        writes.forgetDeleted()
    } else if (operation === 6) {
      // A chunk of a fenced batch: counted only when the batch closes, as it is then.
      writes.writeBatchChunk(newItems(step), step)
    } else if (operation === 7) {
      writes.endBatch()
    } else if (operation === 8) {
      // A transaction that fails half way leaves the count as it leaves the rows.
      expect(() =>
        store.batch(() => {
          store.transition(id!, ITEM_STATUSES, 'cancelled', { failureMessage: OPTED_OUT_NOTE }, null, step)
          throw new Error('abandoned')
        })
      ).toThrow('abandoned')
    } else if (operation === 9) {
      // Any writer, not only the store: a bulk status change, or a bulk reason change, in plain SQL.
      if (random.int(2) === 0)
        db.prepare('UPDATE outbox_items SET status = ? WHERE status = ?').run(
          pick(ITEM_STATUSES),
          pick(ITEM_STATUSES)
        )
      else
        db.prepare('UPDATE outbox_items SET failure_message = ? WHERE device_id = ?').run(
          pick(NOTES),
          pick(DEVICES)
        )
    } else if (operation === 10) {
      // A move to another device (no operation of the app today, but any writer may).
      db.prepare('UPDATE outbox_items SET device_id = ? WHERE id = ?').run(pick(DEVICES), id)
    } else {
      // A transition to any status with any reason, guarded by a random status it may not be in.
      store.transition(
        id!,
        [pick(ITEM_STATUSES)],
        pick(ITEM_STATUSES),
        { failureMessage: pick(NOTES) },
        null,
        step
      )
    }
    expectKeptEqualsQuery({ step, operation, openBatch: writes.batchOpen })
  }
  expect(countedByQuery()).toBeGreaterThan(0)
})

it('follows each way an item comes to be, or stops being, cancelled for an opt-out', () => {
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  const steps: [string, () => void, { all: number; d1: number }][] = [
    [
      'a batch insert with two opted out, one cancelled by hand, one failed with the same note',
      () =>
        store.insertItems(
          [
            newTextItem('stop-1', {
              deviceId: 'd1',
              status: 'cancelled',
              closedAt: 1,
              failureMessage: OPTED_OUT_NOTE
            }),
            newTextItem('stop-2', {
              deviceId: 'd2',
              status: 'cancelled',
              closedAt: 1,
              failureMessage: OPTED_OUT_NOTE
            }),
            newTextItem('by-hand', { deviceId: 'd1', status: 'cancelled', closedAt: 1, failureMessage: 'x' }),
            newTextItem('failed', {
              deviceId: 'd1',
              status: 'failed',
              closedAt: 1,
              failureMessage: OPTED_OUT_NOTE
            }),
            newTextItem('waiting', { deviceId: 'd1' })
          ],
          [],
          [],
          1
        ),
      { all: 2, d1: 1 }
    ],
    [
      'the policy cancels a waiting item for an opt-out',
      () =>
        store.transition(
          'waiting',
          ['queued'],
          'cancelled',
          { failureMessage: OPTED_OUT_NOTE, closedAt: 2 },
          null,
          2
        ),
      { all: 3, d1: 2 }
    ],
    [
      'a retry puts it back in line',
      () =>
        store.transition(
          'waiting',
          ['cancelled'],
          'queued',
          { failureMessage: null, closedAt: null },
          null,
          3
        ),
      { all: 2, d1: 1 }
    ],
    [
      "the hand-cancelled item's reason becomes the opt-out's",
      () => store.patchItem('by-hand', { failureMessage: OPTED_OUT_NOTE }),
      { all: 3, d1: 2 }
    ],
    [
      "an opted-out item's reason becomes another",
      () => store.patchItem('stop-1', { failureMessage: 'another' }),
      { all: 2, d1: 1 }
    ],
    [
      'a failed item with the note is requeued: not counted before nor after',
      () => store.transition('failed', ['failed'], 'queued', {}, null, 4),
      { all: 2, d1: 1 }
    ],
    ['an opted-out item is deleted', () => store.deleteItem('by-hand'), { all: 1, d1: 0 }],
    ['retention purges the rest', () => store.purgeClosedBefore(10, 100), { all: 0, d1: 0 }]
  ]
  for (const [what, change, expected] of steps) {
    change()
    expect({ what, all: countsView(store).optedOut, d1: countsView(store, 'd1').optedOut }).toEqual({
      what,
      ...expected
    })
    expectKeptEqualsQuery(what)
  }
})

it("leaves out an open batch's opted-out items until it closes, as the status counts do", () => {
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  const firstSeq = store.openBatch('b', process.pid, 2, 1)
  store.insertItems(
    [
      newTextItem('fenced-stop', { status: 'cancelled', closedAt: 1, failureMessage: OPTED_OUT_NOTE }),
      newTextItem('fenced-queued')
    ],
    [],
    [],
    1,
    { batchId: 'b', firstSeq }
  )
  // Cancelled while fenced (the campaign's opt-out cancel of rows still waiting): still out of every count.
  store.transition('fenced-queued', ['queued'], 'cancelled', { failureMessage: OPTED_OUT_NOTE }, null, 2)
  expect(countsView(store)).toMatchObject({ cancelled: 0, optedOut: 0 })
  store.closeBatch('b')
  // Counted by the note the store knows (migration 43's triggers count the same literal): the policy's.
  expect(OPTED_OUT_COUNTED_NOTE).toBe(OPTED_OUT_NOTE)
  expect(countsView(store)).toMatchObject({ cancelled: 2, optedOut: 2 })
  expectKeptEqualsQuery('closed')
})

it('starts from the items a database at the previous version had', () => {
  const step = migrations.findIndex((m) => m.name.startsWith('outbox counts: of the cancelled, those'))
  expect(step).toBe(42)
  db = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  // As the builds before the step wrote them: plain SQL, some opted out on two devices, one of them fenced.
  const insert = db.prepare(
    `INSERT INTO outbox_items (id, seq, device_id, recipient, kind, status, queued_at, created_at, updated_at,
       closed_at, failure_message, batch_id) VALUES (?, ?, ?, 'r', 'text', ?, 0, 0, 0, 1, ?, ?)`
  )
  const old: [string, string, ItemStatus, string | null, string | null][] = [
    ['stop-1', 'd1', 'cancelled', OPTED_OUT_NOTE, null],
    ['stop-2', 'd1', 'cancelled', OPTED_OUT_NOTE, null],
    ['stop-3', 'd2', 'cancelled', OPTED_OUT_NOTE, null],
    ['by-hand', 'd1', 'cancelled', 'cancelled by hand', null],
    ['no-reason', 'd2', 'cancelled', null, null],
    ['failed', 'd2', 'failed', OPTED_OUT_NOTE, null],
    ['fenced-stop', 'd1', 'cancelled', OPTED_OUT_NOTE, 'crashed']
  ]
  db.prepare(`INSERT INTO outbox_batches (id, pid, last_seq, opened_at) VALUES ('crashed', 1, 100, 1)`).run()
  old.forEach(([id, deviceId, status, note, batch], i) =>
    insert.run(id, i + 1, deviceId, status, note, batch)
  )
  db.close()

  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  expect(countsView(store)).toMatchObject({ cancelled: 5, optedOut: 3 })
  expect(countsView(store, 'd1').optedOut).toBe(2)
  expect(countsView(store, 'd2').optedOut).toBe(1)
  expectKeptEqualsQuery('migrated')
  // And kept from there on.
  store.transition('stop-1', ['cancelled'], 'queued', { failureMessage: null }, null, 5)
  store.closeBatch('crashed')
  expect(countsView(store, 'd1').optedOut).toBe(2)
  expectKeptEqualsQuery('after the migration')
})

it('reads the counts, opted out included, without reading outbox_items', () => {
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  store.insertItems(
    [newTextItem('stop', { status: 'cancelled', closedAt: 1, failureMessage: OPTED_OUT_NOTE })],
    [],
    [],
    1
  )
  const { prepared, prepareUnrecorded } = recordPreparedSql(db)
  countsView(store)
  countsView(store, 'd1')
  const plans = prepared.flatMap((sql) => queryPlan(prepareUnrecorded, sql, 'd1'))
  expect(plans.length).toBeGreaterThan(0)
  expect(plans.filter((detail) => /\boutbox_items\b/.test(detail))).toEqual([])
})
