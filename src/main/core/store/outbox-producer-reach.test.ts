// A campaign's chart counts each item on each line at its first history entry reaching the line; those first times
// are kept by triggers (step 54, outbox_producer_reach) so the chart reads one narrow row per item, not the history.
// Kept, they must equal what the history says after any sequence of writes, by any writer, start from the history a
// database had when it is migrated, and leave an open batch's items out of the chart. A campaign's items deleted (by
// the operator or retention) keep theirs: the chart is the campaign's proof of what it sent.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { SeededRandom } from '../seeded-random'
import { openDatabase, type SqliteDatabase } from './database'
import { migrations } from './migrations'
import { producerProgress } from './outbox-progress'
import { ITEM_STATUSES, OutboxStore, type NewItem } from './outbox-store'
import { newTextItem } from './testing/new-item'
import { RandomWrites } from './testing/random-writes'
import { recordPreparedSql } from './testing/prepared-sql'

let dir: string
let db: SqliteDatabase
let store: OutboxStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-producer-reach-'))
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const TAGS = ['campaign:a', 'campaign:b', null] as const

interface FirstTimes {
  tag: string
  item: string
  sent: number | null
  delivered: number | null
  read: number | null
  failed: number | null
}

/** What each tagged item's history says, walked in the order written: the answer the kept rows must give. */
function walkedFirstTimes(): FirstTimes[] {
  const items = db
    .prepare(
      'SELECT id, producer_tag AS tag FROM outbox_items WHERE producer_tag IS NOT NULL ORDER BY tag, id'
    )
    .all() as { id: string; tag: string }[]
  return items.flatMap(({ id, tag }) => {
    const times: FirstTimes = { tag, item: id, sent: null, delivered: null, read: null, failed: null }
    for (const { status, at } of store.history(id)) {
      if (['sent', 'delivered', 'read'].includes(status)) times.sent ??= at
      if (['delivered', 'read'].includes(status)) times.delivered ??= at
      if (status === 'read') times.read ??= at
      if (status === 'failed') times.failed ??= at
    }
    return times.sent === null && times.failed === null ? [] : [times]
  })
}

function keptFirstTimes(): FirstTimes[] {
  return db
    .prepare(
      `SELECT producer_tag AS tag, item_id AS item, sent_at AS sent, delivered_at AS delivered, read_at AS read,
         failed_at AS failed FROM outbox_producer_reach ORDER BY tag, item`
    )
    .all() as FirstTimes[]
}

/** A campaign's items outside an open batch: deleted, their first times stay (the chart is the campaign's proof). */
function keptOnDelete(): Set<string> {
  return new Set(
    db
      .prepare(
        `SELECT id FROM outbox_items WHERE producer_tag GLOB 'campaign:*'
           AND (batch_id IS NULL OR batch_id NOT IN (SELECT id FROM outbox_batches))`
      )
      .pluck()
      .all() as string[]
  )
}

const byTagAndItem = (a: FirstTimes, b: FirstTimes): number =>
  a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : a.item < b.item ? -1 : a.item > b.item ? 1 : 0

it('equals what the history says after every step of 600 random writes', () => {
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  const writes = new RandomWrites(db, store, new SeededRandom(54))
  const { random } = writes
  const pick = <T>(list: readonly T[]): T => writes.pick(list)
  const newItems = (): NewItem[] =>
    writes.newItems(4, () => {
      const status = random.int(3) === 0 ? pick(ITEM_STATUSES) : 'queued'
      return { status, closedAt: status === 'queued' ? null : 0, producerTag: pick(TAGS) }
    })
  /** What the history said of each campaign item deleted since, as it was then. */
  const deleted: FirstTimes[] = []
  for (let step = 0; step < 600; step++) {
    const id = writes.anyItem()
    const operation = id === undefined ? 0 : random.int(10)
    const keptIfDeleted = keptOnDelete()
    const saidBefore = walkedFirstTimes()
    if (operation === 0) {
      // An enqueue, some of its items written already sent or failed.
      store.insertItems(newItems(), [], [], step)
    } else if (operation <= 3) {
      // The queue's and the reports' transitions, to any status from any (reports come late and out of order).
      store.transition(id!, ITEM_STATUSES, pick(ITEM_STATUSES), {}, null, step - random.int(5))
    } else if (operation === 4) {
      // Any writer of the history, in plain SQL: several entries in one statement, in the order written.
      db.prepare(
        `INSERT INTO outbox_history (item_id, at, status, note)
         SELECT ?, value ->> '$.at', value ->> '$.status', NULL FROM json_each(?) ORDER BY key`
      ).run(
        id,
        JSON.stringify([0, 1, 2].map(() => ({ at: step + random.int(9), status: pick(ITEM_STATUSES) })))
      )
    } else if (operation === 5) {
      if (random.int(2) === 0) store.deleteItem(id!)
      else store.purgeClosedBefore(step - random.int(60), 1 + random.int(6))
      writes.forgetDeleted()
    } else if (operation === 6) {
      writes.writeBatchChunk(newItems(), step)
    } else if (operation === 7) {
      writes.endBatch()
    } else if (operation === 8) {
      // No operation of the app moves an item to another producer, but any writer may.
      db.prepare('UPDATE outbox_items SET producer_tag = ? WHERE id = ?').run(pick(TAGS), id)
    } else {
      // A transaction that fails half way leaves the kept times as it leaves the history.
      expect(() =>
        store.batch(() => {
          store.transition(id!, ITEM_STATUSES, 'read', {}, null, step)
          throw new Error('abandoned')
        })
      ).toThrow('abandoned')
    }
    const left = new Set(db.prepare('SELECT id FROM outbox_items').pluck().all() as string[])
    deleted.push(...saidBefore.filter((times) => !left.has(times.item) && keptIfDeleted.has(times.item)))
    const said = [...walkedFirstTimes(), ...deleted].sort(byTagAndItem)
    expect({ step, operation, kept: keptFirstTimes() }).toEqual({ step, operation, kept: said })
  }
  expect(walkedFirstTimes().filter((times) => times.read !== null).length).toBeGreaterThan(10)
  expect(deleted.length, 'campaign items deleted on the way').toBeGreaterThan(3)
})

it('is filled from the history a database had before step 54, and the chart reads it, not the history', () => {
  const step = migrations.findIndex((m) => m.name.startsWith("outbox: when each of a producer's items first"))
  expect(step).toBeGreaterThan(0)
  db = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  store = new OutboxStore(db)
  store.insertItems(
    ['a1', 'a2', 'a3', 'b1', 'plain'].map((id) =>
      newTextItem(id, { producerTag: id === 'plain' ? null : `campaign:${id[0]}` })
    ),
    [],
    [],
    0
  )
  const told: [string, number, string][] = [
    ['a1', 10, 'sent'],
    ['a1', 20, 'delivered'],
    ['a1', 15, 'read'], // a late report written after: the first entry written counts, not the earliest time
    ['a1', 40, 'sent'],
    ['a2', 12, 'failed'],
    ['a2', 30, 'read'], // read with no delivered report before it: delivered then too
    ['b1', 11, 'sent'],
    ['plain', 10, 'sent']
  ]
  for (const [id, at, status] of told) store.transition(id, ITEM_STATUSES, status as never, {}, null, at)
  db.close()

  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  expect(keptFirstTimes()).toEqual(walkedFirstTimes())
  expect(keptFirstTimes().map((times) => times.item)).toEqual(['a1', 'a2', 'b1'])
  const { prepared } = recordPreparedSql(db)
  expect(producerProgress(db, 'campaign:a', 400)).toEqual({
    at: [10, 12, 15, 20, 30],
    sent: [1, 1, 1, 1, 2],
    delivered: [0, 0, 0, 1, 2],
    read: [0, 0, 1, 1, 2],
    failed: [0, 1, 1, 1, 1]
  })
  expect(prepared.join('\n')).not.toContain('outbox_history')
})

it("leaves an open batch's items out of the chart until the batch closes", () => {
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  store.insertItems(
    [newTextItem('seen', { producerTag: 'campaign:a', status: 'failed', closedAt: 5 })],
    [],
    [],
    5
  )
  store.openBatch('batch', process.pid, 2, 6)
  store.insertItems(
    [newTextItem('fenced', { producerTag: 'campaign:a', status: 'failed', closedAt: 7 })],
    [],
    [],
    7,
    { batchId: 'batch', firstSeq: store.nextSeq() }
  )
  expect(producerProgress(db, 'campaign:a', 400)).toMatchObject({ at: [5], failed: [1] })
  store.closeBatch('batch')
  expect(producerProgress(db, 'campaign:a', 400)).toMatchObject({ at: [5, 7], failed: [1, 2] })
})
