// The Outbox's "Recipient" filter finds a message by the name its row shows (QA14 Q14-07: "Budi" found nothing while
// the row read "Budi Santoso +62 813-1111-0001"): the contacts named so are found through their index, and their
// numbers through the outbox's index by recipient, never a scan of either table.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  RECIPIENT_SEARCH_CASES,
  STORED_NAMES,
  STORED_NUMBERS
} from '../../../shared/domain/recipient-search.cases'
import { openDatabase, type SqliteDatabase } from './database'
import { OutboxStore } from './outbox-store'
import { newTextItem } from './testing/new-item'
import { queryPlan, recordPreparedSql } from './testing/prepared-sql'

const dir = mkdtempSync(join(tmpdir(), 'outbox-recipient-names-test-'))
let db: SqliteDatabase
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

function seeded(): { outbox: OutboxStore } {
  db = openDatabase({ dataDir: dir })
  const outbox = new OutboxStore(db)
  const contact = db.prepare('INSERT INTO contacts (phone, name, source, updated_at) VALUES (?, ?, ?, 1)')
  contact.run('6281311110001', 'Budi Santoso', 'operator')
  contact.run('6281311110002', 'Siti Aminah', 'push')
  contact.run('6281311110003', 'Pembeli 5', 'campaign')
  contact.run('6281311110004', 'Pak Dédé', 'operator')
  const to = (recipient: string, n: number) =>
    Array.from({ length: n }, (_, i) => newTextItem(`${recipient}-${i}`, { recipient, createdAt: 10 + i }))
  outbox.insertItems(
    [
      ...to('6281311110001', 3),
      ...to('6281311110002', 2),
      ...to('6281399990001', 4),
      ...to('6281311110004', 1)
    ],
    [],
    [],
    1
  )
  return { outbox }
}

it('finds the messages to the contacts whose name holds the text, and still those whose number does', () => {
  const { outbox } = seeded()
  const byName = (text: string) => {
    const page = outbox.listItems({ recipient: text, recipientByName: true })
    return { recipients: [...new Set(page.items.map((item) => item.recipient))], total: page.total }
  }
  expect(byName('Budi')).toEqual({ recipients: ['6281311110001'], total: 3 })
  expect(byName('budi santoso')).toEqual({ recipients: ['6281311110001'], total: 3 })
  expect(byName('Pembeli 5')).toEqual({ recipients: [], total: 0 })
  // A number still finds by number, a name's number among them or not.
  expect(byName('99990001')).toEqual({ recipients: ['6281399990001'], total: 4 })
  expect(byName('0001')).toEqual({ recipients: ['6281399990001', '6281311110001'], total: 7 })
  expect(byName('Siti')).toEqual({ recipients: ['6281311110002'], total: 2 })
  expect(byName('Si')).toEqual({ recipients: [], total: 0 })
  // A name whatever its accents, as the recipient picker suggests it ("dede" finds "Dédé").
  expect(byName('dede')).toEqual({ recipients: ['6281311110004'], total: 1 })
  expect(byName('PAK DÉDÉ')).toEqual({ recipients: ['6281311110004'], total: 1 })
})

it('reads both tables through their indexes', () => {
  const { outbox } = seeded()
  // The messages to those named a few among many (of as many as there are, a page walks the outbox newest first).
  outbox.insertItems(
    Array.from({ length: 200 }, (_, i) =>
      newTextItem(`other-${i}`, { recipient: '6285700000000', createdAt: 5 })
    ),
    [],
    [],
    1
  )
  const { prepared, prepareUnrecorded } = recordPreparedSql(db)
  outbox.listItems({ recipient: 'Budi', recipientByName: true, limit: 5 })
  outbox.listItems({ recipient: 'Budi', recipientByName: true, limit: 5, offset: 2 })
  const scans = prepared
    .flatMap((sql) => queryPlan(prepareUnrecorded, sql, '["6281311110001"]'))
    .filter((detail) => /^SCAN (outbox_items|contacts)\b/.test(detail))
  expect(scans).toEqual([])
})

// With a status or a device chosen, SQLite walked that condition's index and read every item it kept for its number
// (94 ms for a number's 20 messages at 1,000,000 items, 270 ms with two statuses and a device).
it("reads a few numbers' messages by number whatever status or device is chosen, and counts them right", () => {
  const { outbox } = seeded()
  outbox.insertItems(
    Array.from({ length: 200 }, (_, i) =>
      newTextItem(`other-${i}`, {
        recipient: '6285700000000',
        createdAt: 5,
        status: i % 2 ? 'read' : 'queued'
      })
    ),
    [],
    [],
    1
  )
  const { prepared, prepareUnrecorded } = recordPreparedSql(db)
  const filters = [
    { recipient: '0813 9999', status: ['queued' as const] },
    { recipient: 'Budi', recipientByName: true, deviceId: 'd1', status: ['queued' as const, 'read' as const] }
  ]
  expect(filters.map((filter) => outbox.listItems(filter).total)).toEqual([4, 3])
  expect(filters.map((filter) => outbox.listItems({ ...filter, status: ['read'] }).total)).toEqual([0, 0])
  const plans = prepared.flatMap((sql) => queryPlan(prepareUnrecorded, sql, '["6281311110001"]'))
  expect(
    plans.filter((detail) => /^(SCAN|SEARCH) outbox_items\b/.test(detail) && !/rowid=/.test(detail))
  ).toEqual(expect.arrayContaining([expect.stringMatching(/outbox_items_by_recipient/)]))
  expect(
    plans.filter((detail) => /outbox_items_(status_newest|device_newest|newest|by_status)\b/.test(detail))
  ).toEqual([])
})

// With a status or a device chosen, the digits on the way to a number (a first "0", "628", "084") matched too many
// items to read by number, so the items' index answered: "084" with "read" 250 ms at 1,000,000 items, "628" 320, a
// first "0" 180. The index by number holds each item's status and device now: counted from it, and a page walks that
// status's (or device's) newest first when that reads less.
describe('a number matching much of the outbox, with a status or a device', () => {
  /** Ten numbers, 6281…0 to 6281…9 (the last twice as many items as the rest), on two devices, mostly read. */
  function crowded(): OutboxStore {
    db = openDatabase({ dataDir: dir })
    const outbox = new OutboxStore(db)
    outbox.insertItems(
      Array.from({ length: 1_100 }, (_, i) =>
        newTextItem(`item-${i}`, {
          recipient: `628130000000${i % 11 === 10 ? 9 : i % 11}`,
          deviceId: i % 3 === 0 ? 'd2' : 'd1',
          status: i % 50 === 0 ? 'failed' : i % 7 === 0 ? 'queued' : 'read',
          createdAt: 1_000 + i
        })
      ),
      [],
      [],
      1
    )
    // One message to a number of another country: "628" does not match every number.
    outbox.insertItems(
      [newTextItem('abroad', { recipient: '6591234567', status: 'read', createdAt: 5 })],
      [],
      [],
      1
    )
    return outbox
  }

  /** The newest-first ids `filter` should list, worked out from every row. */
  function expected(
    outbox: OutboxStore,
    filter: { status?: ('read' | 'failed' | 'queued')[]; deviceId?: string },
    holds: (recipient: string) => boolean
  ) {
    const rows = db
      .prepare(
        'SELECT id, recipient, status, device_id AS deviceId FROM outbox_items WHERE batch_id IS NULL ORDER BY created_at DESC, seq DESC'
      )
      .all() as { id: string; recipient: string; status: string; deviceId: string }[]
    return rows
      .filter((row) => holds(row.recipient))
      .filter((row) => !filter.status || filter.status.includes(row.status as never))
      .filter((row) => filter.deviceId === undefined || row.deviceId === filter.deviceId)
      .map((row) => row.id)
  }

  const FILTERS = [
    { status: ['read' as const] },
    { status: ['failed' as const] },
    { status: ['failed' as const, 'queued' as const] },
    { deviceId: 'd2' },
    { status: ['read' as const], deviceId: 'd1' }
  ]
  const TYPED: [string, (recipient: string) => boolean][] = [
    ['0', (r) => r.startsWith('628')],
    ['628', (r) => r.startsWith('628')],
    ['+62 81', (r) => r.startsWith('6281')],
    ['0009', (r) => r.endsWith('0009') || r.startsWith('62009')],
    // In every number, the one abroad too.
    ['6', () => true]
  ]

  it.each(TYPED)('lists and counts "%s" as every row says, whichever way it reads', (typed, holds) => {
    const outbox = crowded()
    for (const filter of FILTERS) {
      const all = expected(outbox, filter, holds)
      for (const [offset, limit] of [
        [0, 50],
        [Math.max(0, all.length - 30), 50],
        [0, 2_000]
      ] as const) {
        const page = outbox.listItems({ recipient: typed, recipientByName: true, ...filter, offset, limit })
        expect({ filter, offset, total: page.total, ids: page.items.map((item) => item.id) }).toEqual({
          filter,
          offset,
          total: all.length,
          ids: all.slice(offset, offset + limit)
        })
      }
    }
  })

  it("counts from the index by number, never the items' own index, and walks a status's newest first for a page", () => {
    const outbox = crowded()
    const { prepared, prepareUnrecorded } = recordPreparedSql(db)
    for (const filter of FILTERS)
      outbox.listItems({ recipient: '628', recipientByName: true, ...filter, limit: 50 })
    const plans = prepared.map((sql) => ({
      sql,
      plan: queryPlan(prepareUnrecorded, sql, '["6281300000001"]')
    }))
    expect(plans.filter(({ sql }) => sql.includes('outbox_items_search'))).toEqual([])
    const counts = plans.filter(({ sql }) => /^SELECT COUNT\(\*\) AS n FROM outbox_items\b/.test(sql))
    expect(counts.length).toBeGreaterThan(0)
    for (const { plan } of counts)
      expect(plan).toContainEqual(
        expect.stringMatching(/^SEARCH outbox_items USING COVERING INDEX outbox_items_by_recipient/)
      )
    // "read" is most of the outbox, "628" nearly all of it: a page of 50 walks that status's index in order.
    const readPage = plans.find(
      ({ sql }) => sql.includes('LIMIT') && sql.includes('WHERE status IN (?) AND +recipient')
    )
    expect(readPage?.plan).toContainEqual(
      expect.stringMatching(/^SEARCH outbox_items USING INDEX outbox_items_status_newest \(status=\?\)/)
    )
    // One sort: the page's own 50 rows, once picked. The walk is in the index's order, and stops with the page.
    expect(readPage?.plan.filter((detail) => /TEMP B-TREE/.test(detail))).toHaveLength(1)
  })

  it('asks nothing of the numbers when every number matches', () => {
    const outbox = crowded()
    const { prepared } = recordPreparedSql(db)
    for (const filter of [{}, ...FILTERS])
      outbox.listItems({ recipient: '6', recipientByName: true, ...filter, limit: 50 })
    expect(
      prepared.filter((sql) => /FROM outbox_items\b/.test(sql) && sql.includes('outbox_recipients'))
    ).toEqual([])
  })

  it("leaves out an open batch's messages, counted or walked", () => {
    const outbox = crowded()
    const firstSeq = outbox.openBatch('b1', process.pid, 2, 1)
    outbox.insertItems(
      ['fenced-1', 'fenced-2'].map((id) =>
        newTextItem(id, { recipient: '6281300000001', status: 'read', createdAt: 9_000 })
      ),
      [],
      [],
      1,
      { batchId: 'b1', firstSeq }
    )
    for (const typed of ['0', '0813 0000 0001'])
      for (const filter of FILTERS) {
        const page = outbox.listItems({ recipient: typed, recipientByName: true, ...filter, limit: 2_000 })
        const all = expected(outbox, filter, (r) => r.startsWith(typed === '0' ? '628' : '6281300000001'))
        expect({ typed, filter, total: page.total, ids: page.items.map((item) => item.id) }).toEqual({
          typed,
          filter,
          total: all.length,
          ids: all
        })
      }
  })
})

it("walks the outbox newest first for a name many contacts share, asking each item's contact, not every such contact", () => {
  seeded()
  // Every name counts as common here (more contacts than none).
  const walking = new OutboxStore(db, { namedWalkFrom: 0 })
  const { prepared, prepareUnrecorded } = recordPreparedSql(db)
  walking.listItems({ recipient: 'Budi', recipientByName: true, limit: 2 })
  const page = prepared.find((sql) => /ORDER BY created_at DESC, seq DESC LIMIT \? OFFSET \?/.test(sql))
  expect(page).toBeDefined()
  const plan = queryPlan(prepareUnrecorded, page ?? '', 'x')
  expect(plan.some((detail) => /contacts_search_by_name/.test(detail))).toBe(false)
  expect(plan.some((detail) => /^SCAN outbox_items USING INDEX outbox_items_newest\b/.test(detail))).toBe(
    true
  )
})

it('gives the same rows and totals whichever way it reads the contacts a name finds', () => {
  const { outbox } = seeded()
  // More contacts named "Budi" than outbox items: the total is then read from the outbox's side too.
  const contact = db.prepare('INSERT INTO contacts (phone, name, source, updated_at) VALUES (?, ?, ?, 1)')
  for (let i = 0; i < 12; i++)
    contact.run(`62813222200${String(i).padStart(2, '0')}`, `Budi Lain ${i}`, 'push')
  const walking = new OutboxStore(db, { namedWalkFrom: 0 })
  const filters = [
    { recipient: 'Budi' },
    { recipient: 'budi santoso' },
    { recipient: 'Siti' },
    { recipient: '0001' },
    { recipient: 'Pembeli 5' },
    { recipient: 'dede' },
    { recipient: 'DÉD' },
    { recipient: 'Budi', limit: 2 },
    { recipient: 'Budi', limit: 2, offset: 2 },
    { recipient: '0001', limit: 3, offset: 5 },
    { recipient: 'Siti', status: ['queued' as const] },
    { recipient: 'Siti', status: ['sent' as const] }
  ]
  const ids = (store: OutboxStore, filter: (typeof filters)[number]) => {
    const page = store.listItems({ ...filter, recipientByName: true })
    return { ids: page.items.map((item) => item.id), total: page.total }
  }
  for (const filter of filters)
    expect(ids(walking, filter), JSON.stringify(filter)).toEqual(ids(outbox, filter))
  expect(ids(walking, { recipient: 'Budi' })).toEqual({
    ids: ['6281311110001-2', '6281311110001-1', '6281311110001-0'],
    total: 3
  })
  expect(ids(walking, { recipient: '0001', limit: 3, offset: 5 }).total).toBe(7)
  expect(walking.countByDevice({ recipient: 'Budi', recipientByName: true })).toEqual([
    { deviceId: 'd1', count: 3 }
  ])
  expect(outbox.countByDevice({ recipient: 'Budi', recipientByName: true })).toEqual([
    { deviceId: 'd1', count: 3 }
  ])
  // An export reads its chunks as a page is read.
  const exported = (store: OutboxStore) => {
    const filter = { recipient: 'Budi', recipientByName: true }
    const { total, cursor } = store.exportStart(filter)
    const first = store.exportPage(filter, cursor, 2)
    const rest = store.exportPage(filter, first.cursor, 5)
    return { total, ids: [...first.items, ...rest.items].map((item) => item.id) }
  }
  expect(exported(walking)).toEqual(exported(outbox))
  expect(exported(walking).ids).toHaveLength(3)
})

// An export's chunk of a number matching much of the outbox read every item to it and sorted them, chunk after chunk
// (0.4 s a chunk of "084"'s 106,900 at 1,000,000 items, 2 s of "628"'s 1,000,000).
it('exports the messages of numbers many messages went to walking newest first, of a few by number', () => {
  const { outbox } = seeded()
  outbox.insertItems(
    Array.from({ length: 1_200 }, (_, i) =>
      newTextItem(`many-${i}`, { recipient: '6285700000000', createdAt: 20 + i })
    ),
    [],
    [],
    1
  )
  const { prepared, prepareUnrecorded } = recordPreparedSql(db)
  const exported = (recipient: string) => {
    const filter = { recipient, recipientByName: true }
    const started = outbox.exportStart(filter)
    const ids: string[] = []
    for (let chunk = outbox.exportPage(filter, started.cursor, 300); chunk.items.length > 0;) {
      ids.push(...chunk.items.map((item) => item.id))
      chunk = outbox.exportPage(filter, chunk.cursor, 300)
    }
    const plan = prepared
      .filter((sql) => sql.includes('exportRowid'))
      .flatMap((sql) => queryPlan(prepareUnrecorded, sql, '["x"]'))
    prepared.length = 0
    return { total: started.total, ids, plan }
  }
  const many = exported('0857')
  expect(many.total).toBe(1_200)
  expect(many.ids).toEqual(Array.from({ length: 1_200 }, (_, i) => `many-${1_199 - i}`))
  expect(
    many.plan.some((detail) =>
      /^SCAN outbox_items USING INDEX outbox_items_(newest|by_created)\b/.test(detail)
    )
  ).toBe(true)
  const few = exported('Budi')
  expect(few.ids).toEqual(['6281311110001-2', '6281311110001-1', '6281311110001-0'])
  expect(few.plan.some((detail) => /outbox_items_by_recipient/.test(detail))).toBe(true)
})

// QA48 Q48-03: the Recipient filter's cases, as typed (the core reads them by the shared rule; the window's twin runs
// the same table: outbox.test.ts), by name too as the window asks.
it.each(RECIPIENT_SEARCH_CASES)('finds by the typed "$typed" the messages to $found', ({ typed, found }) => {
  db = openDatabase({ dataDir: dir })
  const outbox = new OutboxStore(db)
  const contact = db.prepare('INSERT INTO contacts (phone, name, source, updated_at) VALUES (?, ?, ?, 1)')
  for (const [phone, name] of Object.entries(STORED_NAMES)) contact.run(phone, name, 'operator')
  outbox.insertItems(
    STORED_NUMBERS.map((recipient, i) => newTextItem(`to-${recipient}`, { recipient, createdAt: 10 + i })),
    [],
    [],
    1
  )
  const listed = outbox
    .listItems({ recipient: typed, recipientByName: true })
    .items.map((item) => item.recipient)
  expect(STORED_NUMBERS.filter((recipient) => listed.includes(recipient))).toEqual(found)
})

// A number's last digits may start with 0 (+62 813-9999-0888): "0888" found nothing, being read only as a number
// written from 0 (62888…), while "0857" must still find the 62857… numbers.
describe('digits typed from 0', () => {
  const LAST_0888 = '6281399990888'
  const FROM_0857 = '6285712345678'
  function twoNumbers(): OutboxStore {
    db = openDatabase({ dataDir: dir })
    const outbox = new OutboxStore(db)
    outbox.insertItems(
      [LAST_0888, LAST_0888, FROM_0857].map((recipient, i) =>
        newTextItem(`to-${recipient}-${i}`, { recipient, createdAt: 10 + i })
      ),
      [],
      [],
      1
    )
    return outbox
  }

  it.each([false, true])('find the last digits and the number written so far (by name too: %s)', (byName) => {
    const outbox = twoNumbers()
    const found = (typed: string) => {
      const filter = { recipient: typed, recipientByName: byName }
      const page = outbox.listItems(filter)
      return {
        recipients: [...new Set(page.items.map((item) => item.recipient))],
        total: page.total,
        byDevice: outbox.countByDevice(filter)
      }
    }
    expect(found('0888')).toEqual({
      recipients: [LAST_0888],
      total: 2,
      byDevice: [{ deviceId: 'd1', count: 2 }]
    })
    expect(found('0857')).toEqual({
      recipients: [FROM_0857],
      total: 1,
      byDevice: [{ deviceId: 'd1', count: 1 }]
    })
    expect(found('0813 9999 0888').recipients).toEqual([LAST_0888])
    expect(found('+62 857').recipients).toEqual([FROM_0857])
    expect(found('0').recipients).toEqual([FROM_0857, LAST_0888])
    // Shorter than the index reads: each term by LIKE, either found.
    expect(found('08').recipients).toEqual([FROM_0857, LAST_0888])
    expect(found('09').recipients).toEqual([])
    expect(found('0777').recipients).toEqual([])
    // With a text search too, both hold: the number one of the terms, and the text its words (one query of the index).
    const withText = (typed: string, text: string) =>
      outbox.listItems({ recipient: typed, recipientByName: byName, text }).items.map((item) => item.id)
    expect(withText('0888', '0888-1')).toEqual([`to-${LAST_0888}-1`])
    expect(withText('0857', '0888-1')).toEqual([])
    expect(withText('0857', 'to-')).toEqual([`to-${FROM_0857}-2`])
  })

  // The items' index was asked for the numbers, its lists of the numbers' first trigrams naming nearly every item
  // ("084": 40 ms at 1,000,000 items to 50,000 numbers; bench "recipient search at…").
  it('are looked for through the index of the numbers, and their items by recipient', () => {
    const outbox = twoNumbers()
    const { prepared, prepareUnrecorded } = recordPreparedSql(db)
    for (const recipientByName of [false, true]) {
      outbox.listItems({ recipient: '0888', recipientByName })
      outbox.countByDevice({ recipient: '0888', recipientByName })
    }
    const plans = prepared.map((sql) => queryPlan(prepareUnrecorded, sql, '[1]'))
    expect(plans.flat().filter((detail) => /^SCAN (outbox_items|contacts)\b/.test(detail))).toEqual([])
    expect(plans.flat().some((detail) => /outbox_recipients_search VIRTUAL TABLE INDEX/.test(detail))).toBe(
      true
    )
    expect(plans.flat().filter((detail) => /outbox_items_search/.test(detail))).toEqual([])
  })
})
