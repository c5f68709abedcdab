// The messages a take-back left on their way go with their item: deleted by the operator or purged by retention before
// it landed, a message kept its row, and the request's tally went on saying "1 was on its way: once the gateway has it,
// it is taken back too" of a message that was gone. A message the operator sends again lets go of its row too.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { migrations } from './migrations'
import { OutboxStore } from './outbox-store'
import { followOnItsWay, followsOnItsWay, requestFollowing, sentAgain } from './outbox-takeback-on-its-way'
import { OutboxTakeBackStore } from './outbox-takeback-store'
import { newTextItem } from './testing/new-item'

let dir: string
let db: SqliteDatabase
let store: OutboxStore
let takeBacks: OutboxTakeBackStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'takeback-on-its-way-'))
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  takeBacks = new OutboxTakeBackStore(db)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Items `ids` closed unverified at 100 (their fate unknown), left on their way by request tb-1 with `leftAlone`. */
function onItsWay(ids: readonly string[], leftAlone: Record<string, number>): void {
  store.insertItems(
    ids.map((id) => newTextItem(id)),
    [],
    [],
    0
  )
  for (const id of ids) store.transition(id, ['queued'], 'failed', { closedAt: 100 }, null, 100)
  takeBacks.insertRequest(
    { id: 'tb-1', producerTag: null, revokeDelivered: true, stoppedLocally: 0, leftAlone, createdAt: 50 },
    []
  )
  expect(followOnItsWay(db, 'tb-1', ids)).toBe(ids.length)
}

it('drops the row of a message deleted or purged before it landed, and its request counts it no more', () => {
  onItsWay(['w-1', 'w-2', 'w-3'], { revoked: 2, fate_unknown: 3 })
  store.deleteItem('w-1')
  expect(requestFollowing(db, 'w-1')).toBeUndefined()
  expect(takeBacks.getRequest('tb-1')?.leftAlone).toEqual({ revoked: 2, fate_unknown: 2 })

  store.transition('w-3', ['failed'], 'failed', { closedAt: 900 }, null, 900)
  expect(store.purgeClosedBefore(500, 10).deleted).toBe(1)
  expect(requestFollowing(db, 'w-2')).toBeUndefined()
  expect(requestFollowing(db, 'w-3')).toBe('tb-1')
  expect(takeBacks.getRequest('tb-1')?.leftAlone).toEqual({ revoked: 2, fate_unknown: 1 })
  expect(followsOnItsWay(db, 'tb-1')).toBe(true)

  store.deleteItem('w-3')
  expect(takeBacks.getRequest('tb-1')?.leftAlone).toEqual({ revoked: 2 })
  expect(followsOnItsWay(db, 'tb-1')).toBe(false)
})

it('leaves the request of a message with no row as it was', () => {
  onItsWay(['w-1'], { fate_unknown: 1 })
  store.insertItems([newTextItem('other')], [], [], 0)
  store.deleteItem('other')
  expect(takeBacks.getRequest('tb-1')?.leftAlone).toEqual({ fate_unknown: 1 })
  expect(requestFollowing(db, 'w-1')).toBe('tb-1')
})

// Retried by the operator, a message is a new send: no take-back follows it, as if it had left the outbox.
it('drops the row of a message sent again, its request counting it no more; a damaged request left as it was', () => {
  onItsWay(['w-1', 'w-2'], { revoked: 1, fate_unknown: 2 })
  sentAgain(db, 'w-1')
  expect(requestFollowing(db, 'w-1')).toBeUndefined()
  expect(takeBacks.getRequest('tb-1')?.leftAlone).toEqual({ revoked: 1, fate_unknown: 1 })
  sentAgain(db, 'never-followed')
  expect(takeBacks.getRequest('tb-1')?.leftAlone).toEqual({ revoked: 1, fate_unknown: 1 })

  db.prepare("UPDATE outbox_takeback_requests SET left_alone = '{not json' WHERE id = 'tb-1'").run()
  sentAgain(db, 'w-2')
  expect(requestFollowing(db, 'w-2')).toBeUndefined()
  expect(followsOnItsWay(db, 'tb-1')).toBe(false)
})

// Its counts unreadable, the request reads as damaged (and says so); the message is deleted all the same.
it('deletes the message and its row when the request’s counts cannot be read, changing them not', () => {
  onItsWay(['w-1'], { fate_unknown: 1 })
  db.prepare("UPDATE outbox_takeback_requests SET left_alone = '{not json' WHERE id = 'tb-1'").run()
  expect(store.deleteItem('w-1').deleted).toBe(true)
  expect(requestFollowing(db, 'w-1')).toBeUndefined()
  expect(
    (
      db.prepare("SELECT left_alone AS t FROM outbox_takeback_requests WHERE id = 'tb-1'").get() as {
        t: string
      }
    ).t
  ).toBe('{not json')
})

it('drops, as it comes, the rows of messages gone before it, their requests counting them no more', () => {
  const step = migrations.findIndex((m) =>
    m.name.startsWith('outbox: a message a whole send left on its way')
  )
  expect(step).toBeGreaterThan(0)
  db.close()
  rmSync(dir, { recursive: true, force: true })
  dir = mkdtempSync(join(tmpdir(), 'takeback-on-its-way-'))
  db = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  store = new OutboxStore(db)
  takeBacks = new OutboxTakeBackStore(db)
  onItsWay(['w-1', 'w-2', 'w-3'], { fate_unknown: 3 })
  store.deleteItem('w-1')
  store.deleteItem('w-2')
  db.close()

  db = openDatabase({ dataDir: dir })
  takeBacks = new OutboxTakeBackStore(db)
  expect(requestFollowing(db, 'w-1')).toBeUndefined()
  expect(requestFollowing(db, 'w-2')).toBeUndefined()
  expect(requestFollowing(db, 'w-3')).toBe('tb-1')
  expect(takeBacks.getRequest('tb-1')?.leftAlone).toEqual({ fate_unknown: 1 })
})
