// A page of the inbox's conversations reads each chat's newest reply in one statement (newestToChats): the newest
// item from the device to the chat that is its traffic (countsAsConversationTraffic, QA76: the gateway took it), by
// when the gateway took it, shown after the chat was cleared; each chat read through the index by recipient, never a
// scan.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { CONVERSATION_TRAFFIC_CASES } from '../../../shared/domain/conversation-traffic.cases'
import { openDatabase, type SqliteDatabase } from './database'
import { InboxConversationsStore } from './inbox-conversations-store'
import { OutboxStore, type ItemStatus } from './outbox-store'
import { newTextItem } from './testing/new-item'
import { queryPlan, recordPreparedSql } from './testing/prepared-sql'

let dir: string
let db: SqliteDatabase
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-newest-to-chats-'))
  db = openDatabase({ dataDir: dir })
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** One chat's items (id, when written, status, device, when the gateway took it), what the page asks, and which item it answers. */
const CASES: {
  name: string
  items: [
    id: string,
    createdAt: number,
    status: ItemStatus,
    deviceId?: string,
    acceptedAt?: number,
    notBefore?: number
  ][]
  shownAfter?: number
  newest: string | null
}[] = [
  { name: 'nothing sent', items: [], newest: null },
  { name: 'one delivered', items: [['r1', 10, 'delivered', 'd1', 11]], newest: 'r1' },
  {
    name: 'a failed before the gateway took it, newer than a read',
    items: [
      ['r1', 10, 'read', 'd1', 11],
      ['r2', 20, 'failed']
    ],
    newest: 'r1'
  },
  {
    name: 'a failed after the gateway took it, newer than a read',
    items: [
      ['r1', 10, 'read', 'd1', 11],
      ['r2', 20, 'failed', 'd1', 21]
    ],
    newest: 'r2'
  },
  {
    name: 'every way of never going out',
    items: [
      ['r1', 10, 'failed'],
      ['r2', 20, 'cancelled'],
      ['r3', 30, 'queued'],
      ['r4', 40, 'sending'],
      ['r5', 50, 'scheduled', 'd1', undefined, 100]
    ],
    newest: null
  },
  {
    // Exactly the newest gone out, however many never went after it (it was looked for among five).
    name: 'six refused retries after a read',
    items: [
      ['r0', 5, 'read', 'd1', 6],
      ...[1, 2, 3, 4, 5, 6].map((i): [string, number, ItemStatus] => [`f${i}`, 10 * i, 'failed'])
    ],
    newest: 'r0'
  },
  {
    // QA76: a message waiting its turn has not gone out: the row keeps what did.
    name: 'one on its way',
    items: [
      ['r1', 10, 'read', 'd1', 11],
      ['r2', 20, 'queued']
    ],
    newest: 'r1'
  },
  {
    name: 'cancelled after the gateway took it, and deleted for everyone',
    items: [
      ['r1', 10, 'revoked', 'd1', 11],
      ['r2', 20, 'cancelled_at_gateway', 'd1', 21]
    ],
    newest: 'r2'
  },
  {
    name: 'the same millisecond: the greater id',
    items: [
      ['r-a', 10, 'sent', 'd1', 10],
      ['r-b', 10, 'sent', 'd1', 10]
    ],
    newest: 'r-b'
  },
  {
    name: 'sent before the chat was cleared',
    items: [['r1', 10, 'read', 'd1', 10]],
    shownAfter: 10,
    newest: null
  },
  {
    name: 'sent since the chat was cleared',
    items: [
      ['r1', 10, 'read', 'd1', 10],
      ['r2', 11, 'accepted', 'd1', 11]
    ],
    shownAfter: 10,
    newest: 'r2'
  },
  {
    name: 'the newest by when it went, not by when it was written',
    items: [
      ['r1', 10, 'read', 'd1', 30],
      ['r2', 20, 'read', 'd1', 21]
    ],
    newest: 'r1'
  },
  {
    name: 'written before the chat was cleared, went after it',
    items: [['r1', 10, 'read', 'd1', 15]],
    shownAfter: 12,
    newest: 'r1'
  },
  {
    // QA76: a reply scheduled for later is not with the customer: the row keeps what went, whenever it was written.
    name: 'a reply scheduled for later, written after a sent one',
    items: [
      ['r1', 10, 'read', 'd1', 11],
      ['r2', 20, 'scheduled', 'd1', undefined, 100]
    ],
    newest: 'r1'
  },
  {
    name: 'a scheduled reply that went at its time, after one sent later than it was written',
    items: [
      ['r1', 10, 'sent', 'd1', 100],
      ['r2', 20, 'read', 'd1', 30]
    ],
    newest: 'r1'
  },
  { name: 'from another device to the same number', items: [['r1', 10, 'read', 'd2', 11]], newest: null }
]

function seeded(): OutboxStore {
  const outbox = new OutboxStore(db)
  const items = CASES.flatMap((c, chat) =>
    c.items.map(([id, createdAt, status, deviceId = 'd1', acceptedAt = null, notBefore = null]) =>
      newTextItem(`${chat}:${id}`, {
        recipient: `62811${chat}`,
        deviceId,
        createdAt,
        status,
        acceptedAt,
        notBefore
      })
    )
  )
  outbox.insertItems(items, [], [], 1)
  return outbox
}

it.each(CASES.map((c, chat) => ({ ...c, chat })))('answers $name', ({ chat, shownAfter, newest }) => {
  const outbox = seeded()
  const asked = {
    deviceId: 'd1',
    recipient: `62811${chat}`,
    ...(shownAfter === undefined ? {} : { shownAfter })
  }
  expect(outbox.newestToChats([asked]).map((newest) => newest?.item.id ?? null)).toEqual([
    newest === null ? null : `${chat}:${newest}`
  ])
})

it('answers each reply with when the gateway took it, never when it was written or is due', () => {
  const outbox = seeded()
  const went = CASES.findIndex((c) => c.name === 'the newest by when it went, not by when it was written')
  const waiting = CASES.findIndex((c) => c.name === 'one on its way')
  const scheduled = CASES.findIndex((c) => c.name === 'a reply scheduled for later, written after a sent one')
  const asked = [went, waiting, scheduled].map((chat) => ({ deviceId: 'd1', recipient: `62811${chat}` }))
  expect(outbox.newestToChats(asked).map((newest) => newest?.happenedAt)).toEqual([30, 11, 11])
})

it('answers by the domain’s case table: only a message that is its conversation’s traffic', () => {
  const outbox = new OutboxStore(db)
  outbox.insertItems(
    CONVERSATION_TRAFFIC_CASES.map(({ status, takenByGateway }, i) =>
      newTextItem(`t${i}`, {
        recipient: `62822${i}`,
        deviceId: 'd1',
        createdAt: 10,
        status,
        acceptedAt: takenByGateway ? 11 : null
      })
    ),
    [],
    [],
    1
  )
  const asked = CONVERSATION_TRAFFIC_CASES.map((_, i) => ({ deviceId: 'd1', recipient: `62822${i}` }))
  expect(outbox.newestToChats(asked).map((newest) => newest !== null)).toEqual(
    CONVERSATION_TRAFFIC_CASES.map((c) => c.counts)
  )
})

it('answers a page of chats in the order asked, each its own', () => {
  const outbox = seeded()
  const page = CASES.map((c, chat) => ({
    deviceId: 'd1',
    recipient: `62811${chat}`,
    ...(c.shownAfter === undefined ? {} : { shownAfter: c.shownAfter })
  })).reverse()
  expect(outbox.newestToChats(page).map((newest) => newest?.item.id ?? null)).toEqual(
    CASES.map((c, chat) => (c.newest === null ? null : `${chat}:${c.newest}`)).reverse()
  )
  expect(outbox.newestToChats([])).toEqual([])
})

it('reads the outbox through its index by recipient and the cleared chats by their key, never a scan', () => {
  const outbox = seeded()
  const inbox = new InboxConversationsStore(db)
  const { prepared, prepareUnrecorded } = recordPreparedSql(db)
  outbox.newestToChats([{ deviceId: 'd1', recipient: '628110', shownAfter: 1 }])
  inbox.clearedAtOf([{ deviceKey: 'serial:ser-1', chatId: '628110' }])
  // The two page reads (the store also asks whether a batch is open).
  const reads = prepared.filter((sql) => sql.includes('json_each'))
  expect(reads).toHaveLength(2)
  const plans = reads.map((sql) => queryPlan(prepareUnrecorded, sql, '[["d1","628110",1]]'))
  const [outboxPlan, clearedPlan] = plans
  expect(outboxPlan).toContainEqual(expect.stringMatching(/^SEARCH o USING INDEX outbox_items_by_recipient/))
  expect(clearedPlan).toContainEqual(expect.stringMatching(/^SEARCH cleared USING .*INDEX/))
  expect(
    plans.flat().filter((detail) => /^SCAN (outbox_items|o|inbox_cleared_chats|cleared)\b/.test(detail))
  ).toEqual([])
})
