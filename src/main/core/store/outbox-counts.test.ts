// The outbox's status counts are kept by triggers (no scan per change): they must equal a full recount after any
// sequence of inserts, transitions, patches, deletions, purges, rolled-back batches and a migration of old rows;
// list totals read from them and index-picked pages must match a full scan.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SeededRandom } from '../seeded-random'
import { openDatabase, type SqliteDatabase } from './database'
import { migrations } from './migrations'
import { newTextItem } from './testing/new-item'
import { recordPreparedSql } from './testing/prepared-sql'
import {
  ITEM_STATUSES,
  OutboxStore,
  type ItemFilter,
  type ItemStatus,
  type NewItem,
  type StatusCounts
} from './outbox-store'

let dir: string
let db: SqliteDatabase
let store: OutboxStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-counts-test-'))
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

function item(id: string, status: ItemStatus, closedAt: number | null): NewItem {
  return newTextItem(id, { deviceId: `d${id.length % 2}`, recipient: `r${id.length % 3}`, status, closedAt })
}

/**
 * Rows as an older version wrote them, by plain SQL: today's store also reads tables added since (open batches),
 * which a database migrated only part way lacks.
 */
function insertAsOldVersion(items: readonly NewItem[]): void {
  items.forEach((row, index) => {
    const { note: _note, ...fields } = { ...row, seq: index + 1, updatedAt: 1 }
    const columns = Object.keys(fields).map((key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))
    const values = Object.values(fields).map((v) => (typeof v === 'boolean' ? Number(v) : (v ?? null)))
    db.prepare(
      `INSERT INTO outbox_items (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
    ).run(...values)
  })
}

/**
 * A creation time spread over every span size of the list positions (8 s, 35 min, 6 days: powers of two from 2^13
 * ms), on either side of a span's edge, or tied with others (one enqueue makes many items at the same millisecond).
 */
function spreadCreatedAt(random: SeededRandom): number {
  return random.int(3) === 0
    ? random.int(20)
    : random.int(40) * 2 ** (10 + random.int(22)) + random.int(3) - 1
}

/** What the kept list positions must equal: a recount of the visible items (not in an open batch) per span. */
function recountPositions(): string[] {
  const rows = db
    .prepare(
      `SELECT created_at AS createdAt, device_id AS deviceId, status FROM outbox_items
       WHERE batch_id IS NULL OR batch_id NOT IN (SELECT id FROM outbox_batches)`
    )
    .all() as { createdAt: number; deviceId: string; status: string }[]
  const counts = new Map<string, number>()
  for (const row of rows) {
    for (const level of [0, 1, 2]) {
      const key = `${level} ${Math.floor(row.createdAt / 2 ** (13 + 8 * level))} ${row.deviceId} ${row.status}`
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
  }
  return [...counts].map(([key, n]) => `${key} ${n}`).sort()
}

function keptPositions(): string[] {
  const rows = db
    .prepare('SELECT level, bucket, device_id, status, n FROM outbox_positions')
    .raw()
    .all() as unknown[][]
  return rows.map((row) => row.join(' ')).sort()
}

/** A list's ids as a full scan orders them (newest first), without an open batch's items. */
function scanIds(filter: ItemFilter): string[] {
  const rows = db
    .prepare(
      `SELECT id, status, device_id AS deviceId, recipient, created_at AS createdAt FROM outbox_items
       WHERE batch_id IS NULL OR batch_id NOT IN (SELECT id FROM outbox_batches) ORDER BY created_at DESC, seq DESC`
    )
    .all() as { id: string; status: ItemStatus; deviceId: string; recipient: string; createdAt: number }[]
  return rows
    .filter((row) => !filter.status || filter.status.includes(row.status))
    .filter((row) => !filter.recipient || row.recipient.includes(filter.recipient))
    .filter((row) => filter.deviceId === undefined || row.deviceId === filter.deviceId)
    .filter((row) => filter.from === undefined || row.createdAt >= filter.from)
    .filter((row) => filter.to === undefined || row.createdAt <= filter.to)
    .map((row) => row.id)
}

/** What the kept counts must equal: a full recount of the visible items (not in an open batch), over every device or one. */
function recount(deviceId?: string): StatusCounts {
  const counts = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as StatusCounts
  const rows = db
    .prepare(
      `SELECT status, COUNT(*) AS n FROM outbox_items WHERE (? IS NULL OR device_id = ?)
       AND (batch_id IS NULL OR batch_id NOT IN (SELECT id FROM outbox_batches)) GROUP BY status`
    )
    .all(deviceId ?? null, deviceId ?? null) as { status: ItemStatus; n: number }[]
  for (const row of rows) counts[row.status] = row.n
  return counts
}

/** The numbers items went to, each with how many (kept by triggers: migration "outbox: each number…"). */
function keptNumbers(): { recipient: string; items: number }[] {
  return db.prepare('SELECT recipient, items FROM outbox_recipients ORDER BY recipient').all() as {
    recipient: string
    items: number
  }[]
}

/** What keptNumbers must equal: every item counted, an open batch's too (the list's fence leaves those out). */
function recountNumbers(): { recipient: string; items: number }[] {
  return db
    .prepare('SELECT recipient, COUNT(*) AS items FROM outbox_items GROUP BY recipient ORDER BY recipient')
    .all() as { recipient: string; items: number }[]
}

describe('outbox status counts', () => {
  it('equal a full recount after every step of 600 random changes', () => {
    db = openDatabase({ dataDir: dir })
    store = new OutboxStore(db)
    // Every page of this one that skips an item finds its place from the kept list positions.
    const walker = new OutboxStore(db, { positionWalkFrom: 1 })
    const random = new SeededRandom(18)
    const pick = <T>(list: readonly T[]): T => list[random.int(list.length)]!
    const ids: string[] = []
    let nextId = 0
    let openBatch: string | undefined
    const newItems = (step: number): NewItem[] =>
      Array.from({ length: 1 + random.int(4) }, () => {
        const fresh = `i${nextId++}${'x'.repeat(random.int(3))}`
        ids.push(fresh)
        return {
          ...item(fresh, pick(ITEM_STATUSES), random.int(2) === 0 ? step : null),
          createdAt: spreadCreatedAt(random)
        }
      })
    for (let step = 0; step < 600; step++) {
      const id = ids.length > 0 ? pick(ids) : undefined
      const operation = random.int(ids.length === 0 ? 1 : 10)
      if (operation === 0) {
        store.insertItems(newItems(step), [], [], step)
      } else if (operation === 8) {
        // A chunk of a fenced batch (opened first when none is): out of every count until the batch closes.
        if (openBatch === undefined) {
          openBatch = `b${step}`
          store.openBatch(openBatch, process.pid, 20, step)
        }
        store.insertItems(newItems(step), [], [], step, { batchId: openBatch, firstSeq: store.nextSeq() })
      } else if (operation === 9) {
        // The open batch closes (its items are counted as they are now) or is rolled back by a later start.
        if (openBatch !== undefined && random.int(2) === 0) {
          store.closeBatch(openBatch)
        } else if (openBatch !== undefined) {
          while (store.discardBatchItems(openBatch, 3).deleted > 0);
          store.deleteBatch(openBatch)
          const left = new Set(
            (db.prepare('SELECT id FROM outbox_items').all() as { id: string }[]).map((r) => r.id)
          )
          ids.splice(0, ids.length, ...ids.filter((known) => left.has(known)))
        }
        openBatch = undefined
      } else if (operation === 7 && random.int(2) === 0) {
        // A creation time changed by plain SQL (no operation of the app today, but any writer may).
        db.prepare('UPDATE outbox_items SET created_at = ? WHERE id = ?').run(spreadCreatedAt(random), id)
      } else if (operation === 1) {
        // A transition guarded by a random set of `from` statuses: it may or may not apply.
        store.transition(id!, [pick(ITEM_STATUSES), pick(ITEM_STATUSES)], pick(ITEM_STATUSES), {}, null, step)
      } else if (operation === 2) {
        store.patchItem(id!, { attempts: step }, [pick(ITEM_STATUSES)])
      } else if (operation === 3) {
        store.deleteItem(id!)
        ids.splice(ids.indexOf(id!), 1)
      } else if (operation === 4) {
        const purged = store.purgeClosedBefore(step - random.int(50), 1 + random.int(5))
        if (purged.deleted > 0) {
          const left = new Set(
            (db.prepare('SELECT id FROM outbox_items').all() as { id: string }[]).map((r) => r.id)
          )
          ids.splice(0, ids.length, ...ids.filter((known) => left.has(known)))
        }
      } else if (operation === 5) {
        // A batch that fails half way leaves the counts as they were, like the rows.
        expect(() =>
          store.batch(() => {
            store.transition(id!, ITEM_STATUSES, pick(ITEM_STATUSES), {}, null, step)
            throw new Error('abandoned')
          })
        ).toThrow('abandoned')
      } else if (operation === 6) {
        // Any writer, not only the store: a bulk status change in plain SQL.
        db.prepare('UPDATE outbox_items SET status = ? WHERE status = ?').run(
          pick(ITEM_STATUSES),
          pick(ITEM_STATUSES)
        )
      } else {
        // A move to another device (not an operation of the app today, but any writer may), every other step to
        // another number too (a draft's number edited).
        db.prepare('UPDATE outbox_items SET device_id = ? WHERE id = ?').run(pick(['d0', 'd1', 'd2']), id)
        if (step % 2 === 0)
          db.prepare('UPDATE outbox_items SET recipient = ? WHERE id = ?').run(`r${step % 5}`, id)
      }
      expect(store.counts()).toEqual(recount())
      expect(keptNumbers()).toEqual(recountNumbers())
      // A number's total: from the numbers' counts when no batch is open, counted item by item when one is.
      for (const recipient of ['r1', 'r3']) {
        expect(store.listItems({ recipient, limit: 1 }).total).toBe(scanIds({ recipient }).length)
      }
      for (const deviceId of ['d0', 'd1', 'd2']) {
        const perDevice = recount(deviceId)
        expect(store.counts(deviceId)).toEqual(perDevice)
        const total = Object.values(perDevice).reduce((sum, n) => sum + n, 0)
        expect(store.listItems({ deviceId, limit: 1 }).total).toBe(total)
        expect(store.listItems({ deviceId, status: ['queued', 'read'], limit: 1 }).total).toBe(
          perDevice.queued + perDevice.read
        )
      }
      expect(keptPositions()).toEqual(recountPositions())
      // Pages that find their place from the kept positions (every few steps: a full scan each time is slow).
      if (step % 16 !== 0) continue
      const filters: ItemFilter[] = [
        {},
        { status: ['read', 'failed'] },
        { deviceId: 'd1' },
        { from: 2 ** 20 + 1, to: 2 ** 33 },
        { status: ['queued'], from: 2 ** 14 - 1 }
      ]
      for (const filter of filters) {
        const scanned = scanIds(filter)
        for (const offset of [1, Math.floor(scanned.length / 3), Math.floor((scanned.length * 2) / 3)]) {
          const page = walker.listItems({ ...filter, offset, limit: 4 })
          expect({ step, filter, offset, total: page.total, page: page.items.map((i) => i.id) }).toEqual({
            step,
            filter,
            offset,
            total: scanned.length,
            page: scanned.slice(offset, offset + 4)
          })
        }
      }
    }
    expect(ids.length).toBeGreaterThan(0)
    expect(keptPositions().length).toBeGreaterThan(0)
    expect(keptNumbers().length).toBeGreaterThan(3)
    // The numbers' index agrees with the numbers (FTS5 raises SQLITE_CORRUPT_VTAB otherwise).
    db.exec(
      `INSERT INTO outbox_recipients_search (outbox_recipients_search, rank) VALUES ('integrity-check', 1)`
    )
  })

  it("leave out an open batch's items, count them as they are when it closes, and never when rolled back", () => {
    db = openDatabase({ dataDir: dir })
    store = new OutboxStore(db)
    store.insertItems([item('a', 'queued', null)], [], [], 1)
    const firstSeq = store.openBatch('b1', process.pid, 3, 1)
    store.insertItems([item('bb', 'queued', null), item('bbb', 'queued', null)], [], [], 1, {
      batchId: 'b1',
      firstSeq
    })
    // Anything queued while the batch is open goes after all of its places in line.
    expect(store.nextSeq()).toBe(firstSeq + 3)
    expect(store.counts()).toMatchObject({ queued: 1 })
    // Changed while fenced (a removed device's items are cancelled): still not counted, nor uncounted.
    db.prepare(`UPDATE outbox_items SET status = 'cancelled' WHERE id = 'bb'`).run()
    expect(store.counts()).toMatchObject({ queued: 1, cancelled: 0 })
    store.insertItems([item('bbbb', 'queued', null)], [], [], 1, { batchId: 'b1', firstSeq: firstSeq + 2 })
    expect(store.closeBatch('b1')).toBe(true)
    expect(store.counts()).toMatchObject({ queued: 3, cancelled: 1 })
    expect(store.counts()).toEqual(recount())

    const seq2 = store.openBatch('b2', process.pid, 2, 1)
    store.insertItems([item('c', 'queued', null), item('cc', 'queued', null)], [], [], 1, {
      batchId: 'b2',
      firstSeq: seq2
    })
    expect(store.discardBatchItems('b2', 1).deleted).toBe(1)
    expect(store.discardBatchItems('b2', 1).deleted).toBe(1)
    store.deleteBatch('b2')
    expect(store.openBatches()).toEqual([])
    expect(store.counts()).toEqual(recount())
    expect(store.closeBatch('b2')).toBe(false)
  })

  it('start from the rows a database already had when it is migrated', () => {
    const countsStep = migrations.findIndex((m) => m.name.startsWith('outbox counts kept by triggers'))
    expect(countsStep).toBeGreaterThan(0)
    db = openDatabase({ dataDir: dir, migrations: migrations.slice(0, countsStep) })
    insertAsOldVersion([item('a', 'queued', null), item('b', 'queued', null), item('c', 'read', 1)])
    db.close()
    db = openDatabase({ dataDir: dir })
    store = new OutboxStore(db)
    expect(store.counts()).toMatchObject({ queued: 2, read: 1, sending: 0 })
    expect(store.counts()).toEqual(recount())
  })

  it('place list pages from positions built out of the rows a database already had when it is migrated', () => {
    const positionsStep = migrations.findIndex((m) => m.name.startsWith('outbox list positions'))
    expect(positionsStep).toBeGreaterThan(0)
    db = openDatabase({ dataDir: dir, migrations: migrations.slice(0, positionsStep) })
    const random = new SeededRandom(9)
    const old = Array.from({ length: 60 }, (_, i) => ({
      ...item(`m${i}`, i % 3 === 0 ? 'read' : 'queued', null),
      createdAt: spreadCreatedAt(random)
    }))
    insertAsOldVersion(old)
    // A crashed enqueue's chunk, still fenced when the app updates: out of the positions like out of the counts.
    db.prepare(
      `INSERT INTO outbox_batches (id, pid, last_seq, opened_at) VALUES ('crashed', 1, 100, 1)`
    ).run()
    db.prepare(`UPDATE outbox_items SET batch_id = 'crashed' WHERE id IN ('m1', 'm2')`).run()
    db.close()
    db = openDatabase({ dataDir: dir })
    expect(keptPositions()).toEqual(recountPositions())
    const walker = new OutboxStore(db, { positionWalkFrom: 0 })
    const scanned = scanIds({ status: ['queued'] })
    expect(walker.listItems({ status: ['queued'], offset: 20, limit: 10 }).items.map((i) => i.id)).toEqual(
      scanned.slice(20, 30)
    )
  })

  it('place a page deeper than the walk threshold from the kept positions, as a full scan does', () => {
    db = openDatabase({ dataDir: dir })
    store = new OutboxStore(db)
    const random = new SeededRandom(12)
    store.insertItems(
      Array.from({ length: 12_000 }, (_, i) => ({
        ...item(`w${i}`, random.int(4) === 0 ? 'failed' : 'read', null),
        createdAt: random.int(4) === 0 ? 2 ** 20 : random.int(2 ** 24)
      })),
      [],
      [],
      1
    )
    for (const filter of [
      {},
      { status: ['failed', 'read'] },
      { from: 2 ** 19, to: 2 ** 23 }
    ] as ItemFilter[]) {
      const scanned = scanIds(filter)
      for (const offset of [5_500, scanned.length - 5_600]) {
        const page = store.listItems({ ...filter, offset, limit: 50 })
        expect({ total: page.total, ids: page.items.map((i) => i.id) }).toEqual({
          total: scanned.length,
          ids: scanned.slice(offset, offset + 50)
        })
      }
    }
    // The default store walked the kept positions for those pages: with them off by one, the same page moves.
    db.prepare(`UPDATE outbox_positions SET n = n + 1 WHERE level = 0`).run()
    expect(store.listItems({ offset: 5_500, limit: 50 }).items.map((i) => i.id)).not.toEqual(
      scanIds({}).slice(5_500, 5_550)
    )
  })

  it('give list totals and pages equal to a full scan, whatever the filter and the offset', () => {
    db = openDatabase({ dataDir: dir })
    store = new OutboxStore(db)
    const random = new SeededRandom(4)
    const words = [
      'Order shipped',
      'order READY',
      'promo 50% off',
      'under_score',
      'résumé attached',
      'say "hi"',
      null
    ]
    const items = Array.from({ length: 300 }, (_, i) => ({
      ...item(`p${i}`, ITEM_STATUSES[random.int(ITEM_STATUSES.length)]!, null),
      deviceId: `d${random.int(3)}`,
      recipient: `62812${String(random.int(40)).padStart(4, '0')}`,
      text: words[random.int(words.length)] ?? null,
      // Equal creation times are common (one enqueue): seq breaks the tie, newest first. Spread over several spans
      // of the list positions too.
      createdAt: spreadCreatedAt(random)
    }))
    store.insertItems(items, [], [], 1)
    // The search index follows edits and deletions, not only inserts.
    for (const { id } of items.slice(0, 30))
      store.patchItem(id, { text: 'edited later', recipient: '6289999' })
    for (const { id } of items.slice(30, 40)) store.deleteItem(id)
    // An enqueue still being written: its items are in no list yet.
    const firstSeq = store.openBatch('open', process.pid, 5, 1)
    store.insertItems(
      Array.from({ length: 5 }, (_, i) => ({
        ...item(`open${i}`, 'queued', null),
        createdAt: spreadCreatedAt(random)
      })),
      [],
      [],
      1,
      { batchId: 'open', firstSeq }
    )

    interface Scanned {
      id: string
      status: ItemStatus
      deviceId: string
      recipient: string
      text: string | null
      createdAt: number
    }
    const all = db
      .prepare(
        `SELECT id, status, device_id AS deviceId, recipient, text, created_at AS createdAt FROM outbox_items
         WHERE batch_id IS NULL ORDER BY created_at DESC, seq DESC`
      )
      .all() as Scanned[]
    // Letters match either case and whatever their accents, at any length (the index's remove_diacritics, and the
    // row-by-row test of shorter searches folds alike: fts-fold.ts); told here by Unicode's own decomposition.
    const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    const contains = (value: string | null, part: string): boolean => fold(value ?? '').includes(fold(part))
    const filters: ItemFilter[] = [
      {},
      { status: ['read'] },
      { status: ['failed', 'queued'] },
      { status: ['queued', 'queued'] },
      { deviceId: 'd1' },
      { deviceId: 'd2', status: ['read', 'failed'] },
      { deviceId: 'nobody' },
      { recipient: '0001' },
      { recipient: '9999' },
      { recipient: '12' },
      { recipient: '62812', deviceId: 'd0' },
      // A number with a status or a device: read by number, or through the items' index when it keeps most of them.
      { recipient: '0001', status: ['read', 'failed'] },
      { recipient: '9999', deviceId: 'd1', status: ['queued'] },
      { text: 'order' },
      { text: 'SHIPPED', status: ['read', 'queued', 'failed'] },
      { text: '50%' },
      { text: 'r_s' },
      { text: 'under_' },
      { text: 'résumé ATTACHED' },
      { text: 'RÉSUMÉ' },
      { text: 'Ré' },
      { text: 'say "hi"' },
      { recipient: '0003', text: 'order' },
      { from: 5, to: 12 },
      { from: 5, deviceId: 'd0', status: ['read'] },
      // Time ranges whose ends fall inside spans of the list positions, on their edges, or cross several.
      { from: 2 ** 21 * 3 + 5, to: 2 ** 30 * 7 },
      { to: 2 ** 29 + 1, status: ['read', 'failed'] },
      { from: 2 ** 13 - 1, to: 2 ** 13 },
      { from: 2 ** 25, deviceId: 'd1' },
      { from: 2 ** 26, to: 2 ** 26 * 9, text: 'order' },
      { from: 100, to: 50 }
    ]
    // The second store reads at most 5 search matches at once, so broad searches take the match-twice path; the
    // third finds the place of every page from the kept list positions.
    const stores = [
      store,
      new OutboxStore(db, { matchesReadOnce: 5 }),
      new OutboxStore(db, { positionWalkFrom: 0 })
    ]
    for (const [filter, lister] of filters.flatMap((f) => stores.map((s) => [f, s] as const))) {
      const matching = all
        .filter((row) => !filter.status || filter.status.includes(row.status))
        .filter((row) => filter.deviceId === undefined || row.deviceId === filter.deviceId)
        .filter((row) => !filter.recipient || contains(row.recipient, filter.recipient))
        .filter((row) => !filter.text || contains(row.text, filter.text))
        .filter((row) => filter.from === undefined || row.createdAt >= filter.from)
        .filter((row) => filter.to === undefined || row.createdAt <= filter.to)
        .map((row) => row.id)
      const offsets = [0, 7, Math.floor(matching.length / 2), matching.length - 30, matching.length - 3, 299]
      for (const offset of offsets.filter((o) => o >= 0)) {
        const page = lister.listItems({ ...filter, offset, limit: 25 })
        expect({ filter, offset, total: page.total }).toEqual({ filter, offset, total: matching.length })
        expect(page.items.map((i) => i.id)).toEqual(matching.slice(offset, offset + 25))
      }
    }
  })

  // A search's total was counted again by looking up every match's item (29 ms of a 10,600-match search at 1M items;
  // of more matches than are read once, 150 ms of "084"'s 107,000 and 0.46 s of "628"'s 1M).
  it.each([
    ['read once', {}],
    ['more than are read once, from the index alone', { matchesReadOnce: 2 }]
  ])(
    "take a search's total from its matches when the search is the list's one condition (%s)",
    (_, options) => {
      db = openDatabase({ dataDir: dir })
      new OutboxStore(db).insertItems(
        Array.from({ length: 12 }, (_, i) =>
          newTextItem(`m${i}`, {
            text: i % 3 === 0 ? 'your order shipped' : 'hello',
            status: i % 2 ? 'read' : 'failed'
          })
        ),
        [],
        [],
        1
      )
      const listed = (filter: ItemFilter): { total: number; counted: boolean } => {
        const { prepared } = recordPreparedSql(db)
        const { total } = new OutboxStore(db, options).listItems(filter)
        // Counted by looking up the items (outbox_items_search, the index, is not outbox_items).
        return { total, counted: prepared.some((sql) => /COUNT\(\*\) AS n FROM outbox_items\b/.test(sql)) }
      }
      expect(listed({ text: 'order' })).toEqual({ total: 4, counted: false })
      expect(listed({ text: 'order', status: ['read'] })).toEqual({ total: 2, counted: true })
      expect(listed({ text: 'nothing like it' })).toEqual({ total: 0, counted: false })
    }
  )

  // A page of a search with many matches read every match's item and sorted them all (21 ms of 10,600 at 1M items).
  it("pick a page of a search's many matches by walking the newest first, of its few by reading them", () => {
    db = openDatabase({ dataDir: dir })
    new OutboxStore(db).insertItems(
      Array.from({ length: 40 }, (_, i) =>
        newTextItem(`m${i}`, { text: i < 30 ? 'your order shipped' : `note ${i}`, createdAt: (i * 7) % 40 })
      ),
      [],
      [],
      1
    )
    const listed = (filter: ItemFilter): { ids: string[]; walked: boolean } => {
      const { prepared } = recordPreparedSql(db)
      const { items } = new OutboxStore(db).listItems(filter)
      return {
        ids: items.map((i) => i.id),
        walked: prepared.some((sql) => sql.includes('outbox_items_newest'))
      }
    }
    const newestFirst = (ids: string[]): string[] =>
      ids.sort((a, b) => ((Number(b.slice(1)) * 7) % 40) - ((Number(a.slice(1)) * 7) % 40))
    const many = Array.from({ length: 30 }, (_, i) => `m${i}`)
    expect(listed({ text: 'order' })).toEqual({ ids: newestFirst(many), walked: true })
    expect(listed({ text: 'order', limit: 5, offset: 20 })).toEqual({
      ids: newestFirst(many).slice(20, 25),
      walked: true
    })
    expect(listed({ text: 'note 3' })).toEqual({
      ids: newestFirst(['m30', 'm31', 'm32', 'm33', 'm34', 'm35', 'm36', 'm37', 'm38', 'm39']),
      walked: false
    })
  })

  // A page of a search matching most of the outbox gathered every match before walking (230 ms of "628"'s 1M at 1M
  // items; asked entry by entry, 0.8 ms).
  describe('a page of a search matching most items', () => {
    /** 2,000 items, every tenth a note and the rest an order, created in the order `createdAt` gives. */
    function outboxOf(createdAt: (i: number) => number, isOrder: (i: number) => boolean): string[] {
      db = openDatabase({ dataDir: dir })
      new OutboxStore(db).insertItems(
        Array.from({ length: 2_000 }, (_, i) =>
          newTextItem(`m${i}`, {
            text: isOrder(i) ? 'your order shipped' : `note ${i}`,
            createdAt: createdAt(i)
          })
        ),
        [],
        [],
        1
      )
      return Array.from({ length: 2_000 }, (_, i) => i)
        .filter(isOrder)
        .sort((a, b) => createdAt(b) - createdAt(a))
        .map((i) => `m${i}`)
    }
    const listed = (
      filter: ItemFilter
    ): { ids: string[]; total: number; asked: boolean; gathered: boolean } => {
      const { prepared } = recordPreparedSql(db)
      const { items, total } = new OutboxStore(db, { matchesReadOnce: 2 }).listItems(filter)
      const walks = prepared.filter((sql) => sql.includes('outbox_items_newest'))
      return {
        ids: items.map((i) => i.id),
        total,
        asked: walks.some((sql) => /EXISTS \(SELECT 1\s+FROM outbox_items_search/.test(sql)),
        gathered: walks.some((sql) => sql.includes('+rowid IN (SELECT rowid FROM outbox_items_search'))
      }
    }

    it('asks the index about each entry of a short walk', () => {
      const ordered = outboxOf(
        (i) => (i * 37) % 2_000,
        (i) => i % 10 !== 0
      )
      // Near the newest end: a few entries walked, each asked.
      expect(listed({ text: 'order', limit: 2 })).toEqual({
        ids: ordered.slice(0, 2),
        total: 1_800,
        asked: true,
        gathered: false
      })
      expect(listed({ text: 'ORDER', limit: 2, offset: 1 })).toEqual({
        ids: ordered.slice(1, 3),
        total: 1_800,
        asked: true,
        gathered: false
      })
      // Deeper, the walk is longer than gathering the matches once: gathered, then walked.
      expect(listed({ text: 'order', limit: 5, offset: 30 })).toEqual({
        ids: ordered.slice(30, 35),
        total: 1_800,
        asked: false,
        gathered: true
      })
      // Past the middle the page is read from the oldest end, asked again.
      expect(listed({ text: 'order', limit: 2, offset: 1_796 })).toEqual({
        ids: ordered.slice(1_796, 1_798),
        total: 1_800,
        asked: true,
        gathered: false
      })
    })

    // Matches bunched at the far end (a text only old messages hold) made the asking walk ask of every newer item.
    it('gathers the matches when they are not where the walk looks, its walk bounded', () => {
      const ordered = outboxOf(
        (i) => i,
        (i) => i < 1_800
      )
      expect(listed({ text: 'order', limit: 2 })).toEqual({
        ids: ordered.slice(0, 2),
        total: 1_800,
        asked: true,
        gathered: true
      })
    })
  })

  it('search rows a database already had when it is migrated', () => {
    const searchStep = migrations.findIndex((m) => m.name.startsWith('outbox search'))
    expect(searchStep).toBeGreaterThan(0)
    db = openDatabase({ dataDir: dir, migrations: migrations.slice(0, searchStep) })
    insertAsOldVersion([
      { ...item('a', 'read', 1), recipient: '6281234567', text: 'Invoice attached' },
      { ...item('b', 'queued', null), recipient: '6287654321', text: 'see you' }
    ])
    db.close()
    db = openDatabase({ dataDir: dir })
    store = new OutboxStore(db)
    expect(store.listItems({ recipient: '2345' }).items.map((i) => i.id)).toEqual(['a'])
    expect(store.listItems({ text: 'invoice' }).items.map((i) => i.id)).toEqual(['a'])
    expect(store.listItems({ deviceId: 'd1', status: ['read', 'queued'] }).total).toBe(2)
  })

  it('count the numbers of rows a database already had when it is migrated, and go on counting them', () => {
    const numbersStep = migrations.findIndex((m) => m.name.startsWith('outbox: each number messages went to'))
    expect(numbersStep).toBeGreaterThan(0)
    db = openDatabase({ dataDir: dir, migrations: migrations.slice(0, numbersStep) })
    store = new OutboxStore(db)
    store.insertItems(
      [
        { ...item('a', 'read', 1), recipient: '6281234567' },
        { ...item('b', 'queued', null), recipient: '6281234567' },
        { ...item('c', 'queued', null), recipient: '6287654321' }
      ],
      [],
      [],
      1
    )
    db.close()
    db = openDatabase({ dataDir: dir })
    store = new OutboxStore(db)
    expect(keptNumbers()).toEqual([
      { recipient: '6281234567', items: 2 },
      { recipient: '6287654321', items: 1 }
    ])
    const found = (recipient: string) => {
      const { items, total } = store.listItems({ recipient })
      return { ids: items.map((i) => i.id), total }
    }
    expect(found('0812 345')).toEqual({ ids: ['b', 'a'], total: 2 })
    expect(found('4321')).toEqual({ ids: ['c'], total: 1 })
    // A number leaves with its last message, and a new one is found as soon as it is written.
    store.deleteItem('c')
    store.insertItems([{ ...item('d', 'queued', null), recipient: '6285700001111' }], [], [], 2)
    expect(keptNumbers()).toEqual([
      { recipient: '6281234567', items: 2 },
      { recipient: '6285700001111', items: 1 }
    ])
    expect(found('4321')).toEqual({ ids: [], total: 0 })
    expect(found('0857')).toEqual({ ids: ['d'], total: 1 })
    db.exec(
      `INSERT INTO outbox_recipients_search (outbox_recipients_search, rank) VALUES ('integrity-check', 1)`
    )
  })
})
