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
import { ITEM_STATUSES, OutboxStore, type ItemStatus, type NewItem, type StatusCounts } from './outbox-store'

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
  return {
    id,
    deviceId: `d${id.length % 2}`,
    recipient: `r${id.length % 3}`,
    isGroup: false,
    kind: 'text',
    text: id,
    attachmentSha256: null,
    fileName: null,
    fileMime: null,
    fileSize: null,
    status,
    failureCode: null,
    failureMessage: null,
    failureGatewayMessage: null,
    gatewayId: null,
    attempts: 0,
    nextAttemptAt: null,
    lastAttemptAt: null,
    queuedAt: 0,
    reconcileUntil: null,
    createdAt: 0,
    closedAt,
    notBefore: null,
    scheduledLocal: null,
    timezone: null,
    scheduleMode: null,
    overduePolicy: null,
    held: false,
    acceptedAt: null,
    trackNextAt: null,
    trackAttempts: 0,
    note: null
  }
}

function recount(): StatusCounts {
  const counts = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as StatusCounts
  const rows = db.prepare('SELECT status, COUNT(*) AS n FROM outbox_items GROUP BY status').all() as {
    status: ItemStatus
    n: number
  }[]
  for (const row of rows) counts[row.status] = row.n
  return counts
}

describe('outbox status counts', () => {
  it('equal a full recount after every step of 600 random changes', () => {
    db = openDatabase({ dataDir: dir })
    store = new OutboxStore(db)
    const random = new SeededRandom(18)
    const pick = <T>(list: readonly T[]): T => list[random.int(list.length)]!
    const ids: string[] = []
    let nextId = 0
    for (let step = 0; step < 600; step++) {
      const id = ids.length > 0 ? pick(ids) : undefined
      const operation = random.int(ids.length === 0 ? 1 : 7)
      if (operation === 0) {
        const batch = Array.from({ length: 1 + random.int(4) }, () => {
          const fresh = `i${nextId++}${'x'.repeat(random.int(3))}`
          ids.push(fresh)
          return item(fresh, pick(ITEM_STATUSES), random.int(2) === 0 ? step : null)
        })
        store.insertItems(batch, [], [], step)
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
      } else {
        // Any writer, not only the store: a bulk status change in plain SQL.
        db.prepare('UPDATE outbox_items SET status = ? WHERE status = ?').run(
          pick(ITEM_STATUSES),
          pick(ITEM_STATUSES)
        )
      }
      expect(store.counts()).toEqual(recount())
    }
    expect(ids.length).toBeGreaterThan(0)
  })

  it('start from the rows a database already had when it is migrated', () => {
    const countsStep = migrations.findIndex((m) => m.name.startsWith('outbox counts kept by triggers'))
    expect(countsStep).toBeGreaterThan(0)
    db = openDatabase({ dataDir: dir, migrations: migrations.slice(0, countsStep) })
    store = new OutboxStore(db)
    store.insertItems([item('a', 'queued', null), item('b', 'queued', null), item('c', 'read', 1)], [], [], 1)
    db.close()
    db = openDatabase({ dataDir: dir })
    store = new OutboxStore(db)
    expect(store.counts()).toMatchObject({ queued: 2, read: 1, sending: 0 })
    expect(store.counts()).toEqual(recount())
  })

  it('give list totals and pages equal to a full scan, filtered by status or not', () => {
    db = openDatabase({ dataDir: dir })
    store = new OutboxStore(db)
    const random = new SeededRandom(4)
    const items = Array.from({ length: 300 }, (_, i) => ({
      ...item(`p${i}`, ITEM_STATUSES[random.int(ITEM_STATUSES.length)]!, null),
      // Equal creation times are common (one enqueue): seq breaks the tie, newest first.
      createdAt: random.int(20)
    }))
    store.insertItems(items, [], [], 1)
    for (const status of [undefined, ['read'], ['failed', 'queued'], ['queued', 'queued']] as const) {
      const matching = (
        db.prepare('SELECT id, status FROM outbox_items ORDER BY created_at DESC, seq DESC').all() as {
          id: string
          status: ItemStatus
        }[]
      )
        .filter((row) => !status || status.includes(row.status as never))
        .map((row) => row.id)
      for (const offset of [0, 7, 150, 299]) {
        const page = store.listItems({ ...(status ? { status } : {}), offset, limit: 25 })
        expect(page.total).toBe(matching.length)
        expect(page.items.map((i) => i.id)).toEqual(matching.slice(offset, offset + 25))
      }
    }
  })
})
