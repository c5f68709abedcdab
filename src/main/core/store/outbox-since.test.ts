// The Overview's "today" counts messages by when they were sent, not by where they stand now (issue 29): a message
// sent today and read since counts as sent today (as read), one sent yesterday and read today does not.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { OutboxStore, type ItemFilter, type ItemStatus } from './outbox-store'
import { newTextItem } from './testing/new-item'
import { SENT_TODAY_CASES } from '../../../shared/domain/status-buckets.cases'
import { HAPPENED_EVENTS } from '../../../shared/domain'
import { queryPlan, recordPreparedSql } from './testing/prepared-sql'
import { OPTED_OUT_NOTE } from '../outbox'

const dir = mkdtempSync(join(tmpdir(), 'outbox-since-test-'))
let db: SqliteDatabase
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const TODAY = 1_000_000

it('counts what the gateway took and sent since then by its status now, and what failed or was cancelled since then', () => {
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
  const since = store.since(TODAY, OPTED_OUT_NOTE)
  // Taken by the gateway today and sent: the one still held there and the one it refused are not (QA14 Q14-04).
  expect(since.sent).toMatchObject({
    read: 1,
    delivered: 1,
    accepted: 0,
    failed: 0,
    sent: 0,
    queued: 0
  })
  expect(since.failed).toBe(2)
  expect(since.cancelled).toBe(1)
})

// QA23 Q23-04: "5 cancelled today" when the operator had cancelled nothing: five customers replied STOP and their
// campaign rows were cancelled for them. Cancelled today is what was cancelled, not what opted out; the list it opens
// holds the same.
it('does not count an item cancelled because its number opted out as cancelled today, nor list it so', () => {
  db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  store.insertItems(
    [
      newTextItem('cancelled-today', { status: 'cancelled', closedAt: TODAY + 9 }),
      newTextItem('opted-out-today', {
        status: 'cancelled',
        closedAt: TODAY + 9,
        failureMessage: OPTED_OUT_NOTE
      })
    ],
    [],
    [],
    1
  )
  expect(store.since(TODAY, OPTED_OUT_NOTE).cancelled).toBe(1)
  const listed = store.listItems({
    happenedSince: { event: 'cancelled', since: TODAY, optedOutReason: OPTED_OUT_NOTE }
  })
  expect(listed.items.map((item) => item.id)).toEqual(['cancelled-today'])
  expect(listed.total).toBe(1)
})

// Issue 29 point 2: nobody cancelled them, and they were said nowhere today. Opted out today is its own number, by
// when it happened (an opt-out yesterday is not today's), and the list it opens holds exactly those.
it('counts the items cancelled today because their number opted out as opted out today, and lists exactly those', () => {
  db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  store.insertItems(
    [
      newTextItem('cancelled-today', { status: 'cancelled', closedAt: TODAY + 9 }),
      newTextItem('opted-out-today', {
        status: 'cancelled',
        closedAt: TODAY + 9,
        failureMessage: OPTED_OUT_NOTE
      }),
      newTextItem('opted-out-yesterday', {
        status: 'cancelled',
        closedAt: TODAY - 9,
        failureMessage: OPTED_OUT_NOTE
      })
    ],
    [],
    [],
    1
  )
  expect(store.since(TODAY, OPTED_OUT_NOTE)).toMatchObject({ cancelled: 1, optedOut: 1 })
  const listed = store.listItems({
    happenedSince: { event: 'optedOut', since: TODAY, optedOutReason: OPTED_OUT_NOTE }
  })
  expect(listed.items.map((item) => item.id)).toEqual(['opted-out-today'])
  expect(listed.total).toBe(1)
})

// Issue 29 point 2: the Outbox's "N cancelled" counted them; the counts say how many of the cancelled opted out, on
// every device and on one.
it('counts, of the cancelled, those cancelled because their number opted out, on every device and on one', () => {
  db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  store.insertItems(
    [
      newTextItem('by-hand', { status: 'cancelled', deviceId: 'd1' }),
      newTextItem('stop-1', { status: 'cancelled', deviceId: 'd1', failureMessage: OPTED_OUT_NOTE }),
      newTextItem('stop-2', { status: 'cancelled', deviceId: 'd2', failureMessage: OPTED_OUT_NOTE }),
      // A failure's reason is not an opt-out, whatever it says.
      newTextItem('failed', { status: 'failed', deviceId: 'd2', failureMessage: OPTED_OUT_NOTE })
    ],
    [],
    [],
    1
  )
  expect(store.optedOutCount()).toBe(2)
  expect(store.optedOutCount('d1')).toBe(1)
  expect(store.optedOutCount('d3')).toBe(0)
})

it('counts a message taken today as sent by the shared table (once the gateway reports it went)', () => {
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
    const sent = Object.values(store.since(TODAY, OPTED_OUT_NOTE).sent).reduce((sum, count) => sum + count, 0)
    expect(sent, c.name).toBe(c.sentToday ? 1 : 0)
    // The sent ledger keeps a deleted message (QA65): each case counts on its own.
    db.prepare('DELETE FROM outbox_items').run()
    db.prepare('DELETE FROM outbox_sent_ledger').run()
  })
})

/** Every page of the list `filter` gives, read `limit` at a time (as the window pages and a bulk action collects). */
function everyPage(
  store: OutboxStore,
  filter: ItemFilter,
  limit: number
): { ids: string[]; totals: number[] } {
  const ids: string[] = []
  const totals: number[] = []
  for (let offset = 0; ; offset += limit) {
    const page = store.listItems({ ...filter, offset, limit })
    totals.push(page.total)
    ids.push(...page.items.map((item) => item.id))
    if (page.items.length < limit) return { ids, totals }
  }
}

it('lists exactly the messages each of its numbers counts, with that total, page after page (QA9 Q9-04)', () => {
  db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  const rows: [string, ItemStatus, 'local' | 'gateway' | null, number | null, number | null][] = [
    // id, status now, schedule kept by, taken by the gateway at, closed at; created yesterday, all of them.
    ['read-today', 'read', null, TODAY + 10, TODAY + 20],
    ['delivered-today', 'delivered', 'local', TODAY + 11, null],
    ['accepted-today', 'accepted', null, TODAY + 5, null],
    ['gateway-schedule-sent-today', 'sent', 'gateway', TODAY + 6, null],
    ['gateway-schedule-held-today', 'accepted', 'gateway', TODAY + 6, null],
    ['read-yesterday', 'read', null, TODAY - 100, TODAY + 1],
    ['delivered-yesterday', 'delivered', null, TODAY - 100, null],
    ['failed-at-gateway-today', 'failed', null, TODAY + 3, TODAY + 4],
    ['failed-before-sending-today', 'failed', null, null, TODAY + 7],
    ['failed-yesterday', 'failed', null, null, TODAY - 5],
    ['cancelled-today', 'cancelled', null, null, TODAY + 9],
    ['cancelled-at-gateway-today', 'cancelled_at_gateway', 'gateway', TODAY - 50, TODAY + 8],
    ['taken-back-at-gateway-today', 'cancelled_at_gateway', null, TODAY + 2, TODAY + 12],
    ['cancelled-yesterday', 'cancelled', null, null, TODAY - 9],
    ['queued', 'queued', null, null, null],
    ['scheduled', 'scheduled', null, null, null]
  ]
  store.insertItems(
    rows.map(([id, status, scheduleMode, acceptedAt, closedAt], n) =>
      newTextItem(id, { status, scheduleMode, acceptedAt, closedAt, createdAt: TODAY - 1000 + n })
    ),
    [],
    [],
    1
  )
  const since = store.since(TODAY, OPTED_OUT_NOTE)
  const numbers = {
    sent: Object.values(since.sent).reduce((sum, n) => sum + n, 0),
    failed: since.failed,
    cancelled: since.cancelled
  }
  const expected = {
    // Each once: what the gateway took and refused or cancelled is failed or cancelled today, not sent too.
    sent: ['read-today', 'delivered-today', 'gateway-schedule-sent-today'],
    failed: ['failed-at-gateway-today', 'failed-before-sending-today'],
    cancelled: ['cancelled-today', 'cancelled-at-gateway-today', 'taken-back-at-gateway-today']
  }
  for (const event of ['sent', 'failed', 'cancelled'] as const) {
    expect(numbers[event], event).toBe(expected[event].length)
    // Two at a time: the far pages are read from the oldest end, and every page says the same total.
    const listed = everyPage(
      store,
      { happenedSince: { event, since: TODAY, optedOutReason: OPTED_OUT_NOTE } },
      2
    )
    expect([...listed.ids].sort(), event).toEqual([...expected[event]].sort())
    expect(new Set(listed.totals), event).toEqual(new Set([numbers[event]]))
    // With the other filters too: what it adds narrows further, and the total still counts what is listed.
    const onlyRead = store.listItems({
      happenedSince: { event, since: TODAY, optedOutReason: OPTED_OUT_NOTE },
      status: ['read']
    })
    expect(onlyRead.items.map((item) => item.id)).toEqual(
      expected[event].filter((id) => rows.find((row) => row[0] === id)?.[1] === 'read')
    )
    expect(onlyRead.total).toBe(onlyRead.items.length)
  }
})

it('reads what happened since through the indexes, never the whole outbox, for the numbers and the list', () => {
  db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  store.insertItems(
    Array.from({ length: 50 }, (_, n) =>
      newTextItem(`m${n}`, {
        status: n % 2 === 0 ? 'read' : 'failed',
        acceptedAt: TODAY - 10 + n,
        closedAt: TODAY - 5 + n,
        createdAt: TODAY - 100 + n
      })
    ),
    [],
    [],
    1
  )
  const { prepared, prepareUnrecorded } = recordPreparedSql(db)
  /** How each statement `ask` prepares reads outbox_items, or the sent ledger "sent today" counts (QA65). */
  const readsOf = (ask: () => void): string[] => {
    prepared.length = 0
    ask()
    return prepared.flatMap((sql) =>
      queryPlan(prepareUnrecorded, sql, TODAY).filter((detail) =>
        /^(SEARCH|SCAN) outbox_(items|sent_ledger)\b/.test(detail)
      )
    )
  }
  const byEvent = Object.fromEntries(
    HAPPENED_EVENTS.map((event) => [
      event,
      readsOf(() => {
        store.listItems({ happenedSince: { event, since: TODAY, optedOutReason: OPTED_OUT_NOTE }, limit: 5 })
        store.listItems({
          happenedSince: { event, since: TODAY, optedOutReason: OPTED_OUT_NOTE },
          limit: 5,
          offset: 40
        })
      })
    ])
  )
  const numbers = readsOf(() => store.since(TODAY, OPTED_OUT_NOTE))
  expect(numbers.filter((detail) => detail.includes('outbox_sent_ledger'))).toEqual([
    expect.stringContaining('outbox_sent_ledger_by_accepted')
  ])
  // QA sentdeleted: whether a ledger entry's item is gone, looked up by its id, one entry at a time.
  expect(numbers).toContainEqual(expect.stringMatching(/^SEARCH outbox_items USING .*INDEX .*\(id=\?\)/))
  for (const reads of [...Object.values(byEvent), numbers]) {
    expect(reads.length).toBeGreaterThan(0)
    expect(reads.filter((detail) => detail.startsWith('SCAN'))).toEqual([])
  }
  // Failed and cancelled since then: the day's closed items, not every failed item ever (the status index).
  for (const event of ['failed', 'cancelled', 'optedOut'] as const)
    expect(
      byEvent[event]?.filter((detail) => !/outbox_items_by_closed|INTEGER PRIMARY KEY/.test(detail))
    ).toEqual([])
})
