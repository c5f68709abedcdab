// The Overview's "today" counts messages by when they were sent, not by where they stand now (issue 29): a message
// sent today and read since counts as sent today (as read), one sent yesterday and read today does not.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { OutboxStore, type ItemStatus } from './outbox-store'
import { newTextItem } from './testing/new-item'
import { SENT_TODAY_CASES } from '../../../shared/domain/status-buckets.cases'

const dir = mkdtempSync(join(tmpdir(), 'outbox-since-test-'))
let db: SqliteDatabase
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const TODAY = 1_000_000

it('counts what the gateway took since then by its status now, and what failed or was cancelled since then', () => {
  db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  const rows: [string, ItemStatus, number | null, number | null][] = [
    // id, status now, taken by the gateway at, closed at
    ['read-today', 'read', TODAY + 10, TODAY + 20],
    ['delivered-today', 'delivered', TODAY + 10, null],
    ['accepted-today', 'accepted', TODAY + 5, null],
    ['read-yesterday', 'read', TODAY - 100, TODAY + 1],
    ['delivered-yesterday', 'delivered', TODAY - 100, null],
    ['failed-at-gateway-today', 'failed', TODAY + 3, TODAY + 4],
    ['failed-before-sending-today', 'failed', null, TODAY + 7],
    ['failed-yesterday', 'failed', null, TODAY - 5],
    ['cancelled-today', 'cancelled', null, TODAY + 9],
    ['cancelled-yesterday', 'cancelled', null, TODAY - 9],
    ['queued', 'queued', null, null],
    ['scheduled', 'scheduled', null, null]
  ]
  store.insertItems(
    rows.map(([id, status, acceptedAt, closedAt]) => newTextItem(id, { status, acceptedAt, closedAt })),
    [],
    [],
    1
  )
  const since = store.since(TODAY)
  expect(since.handedOver).toMatchObject({
    read: 1,
    delivered: 1,
    accepted: 1,
    failed: 1,
    sent: 0,
    queued: 0
  })
  expect(since.failed).toBe(2)
  expect(since.cancelled).toBe(1)
})

it('counts a message taken today as sent by the shared table (a gateway-kept schedule once reported sent)', () => {
  db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  SENT_TODAY_CASES.forEach((c, n) => {
    const closed = !['accepted', 'sent', 'delivered'].includes(c.status)
    store.insertItems(
      [
        newTextItem(`case-${n}`, {
          status: c.status,
          scheduleMode: c.scheduleMode,
          acceptedAt: TODAY + 5,
          closedAt: closed ? TODAY + 6 : null
        })
      ],
      [],
      [],
      1
    )
    const handed = Object.values(store.since(TODAY).handedOver).reduce((sum, count) => sum + count, 0)
    expect(handed, c.name).toBe(c.sentToday ? 1 : 0)
    db.prepare('DELETE FROM outbox_items').run()
  })
})
