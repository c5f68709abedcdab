// The window's customer list (QA walk 11, Q11-12): contacts a page at a time by name whatever its case, a name's or a
// number's start found, each with whether it opted out; every page walks an index and stops at its end.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ContactsStore, type CampaignFilter, type CustomerPlace } from './contacts-store'
import { openDatabase, type SqliteDatabase } from './database'
import { InboxStore } from './inbox-store'
import { migrations } from './migrations'
import { newInboxMessage } from './testing/new-inbox-message'
import { queryPlan, recordPreparedSql } from './testing/prepared-sql'

let dir: string
let db: SqliteDatabase
let contacts: ContactsStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'customer-list-'))
  db = openDatabase({ dataDir: dir })
  contacts = new ContactsStore(db)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const PEOPLE: [string, string][] = [
  ['6281200000004', 'budi Santoso'],
  ['6281200000001', 'Budi Hartono'],
  ['6281300000002', 'Ani'],
  ['6285700000003', 'Zainal'],
  ['6281200000005', 'Citra'],
  ['6281200000006', 'Budi Hartono']
]

function seed(): void {
  PEOPLE.forEach(([phone, name]) => contacts.learn(phone, name, 'operator', 1))
}

/** Every page read one after another, `limit` at a time: the whole list as the window would scroll it. */
function readAll(limit: number, search?: string, campaign?: CampaignFilter): string[] {
  const seen: string[] = []
  let after: CustomerPlace | undefined
  for (;;) {
    const page = contacts.page({
      limit,
      ...(after ? { after } : {}),
      ...(search ? { search } : {}),
      ...(campaign ? { campaign } : {})
    })
    seen.push(...page.map((c) => `${c.name} ${c.phone}`))
    if (page.length < limit) return seen
    const last = page.at(-1)!
    after = { name: last.name, phone: last.phone }
  }
}

describe('the customer list', () => {
  it('lists contacts by name whatever its case, then number, each once across pages of any size', () => {
    seed()
    const whole = [
      'Ani 6281300000002',
      'Budi Hartono 6281200000001',
      'Budi Hartono 6281200000006',
      'budi Santoso 6281200000004',
      'Citra 6281200000005',
      'Zainal 6285700000003'
    ]
    for (const limit of [1, 2, 4, 10]) expect(readAll(limit)).toEqual(whole)
  })

  it('finds the names that start with what was typed, in any case, and pages them', () => {
    seed()
    expect(readAll(1, 'BUDI')).toEqual([
      'Budi Hartono 6281200000001',
      'Budi Hartono 6281200000006',
      'budi Santoso 6281200000004'
    ])
    expect(readAll(5, 'budi s')).toEqual(['budi Santoso 6281200000004'])
    expect(readAll(5, 'santoso')).toEqual([])
  })

  it('finds and sorts accented names as their letters, whatever their case (QA17 Q17-08: COLLATE NOCASE folds ASCII only)', () => {
    seed()
    contacts.learn('6281200000007', 'Çağrı Ünal', 'operator', 1)
    contacts.learn('6281200000008', 'ÁNI accent', 'operator', 1)
    contacts.learn('6281200000009', 'Élodie', 'campaign', 1)
    expect(readAll(2, 'çağ')).toEqual(['Çağrı Ünal 6281200000007'])
    expect(readAll(2, 'ÇAĞ')).toEqual(['Çağrı Ünal 6281200000007'])
    // Typed without its marks, as a keyboard without them types it.
    expect(readAll(2, 'cag')).toEqual(['Çağrı Ünal 6281200000007'])
    expect(readAll(2, 'áni')).toEqual(['Ani 6281300000002', 'ÁNI accent 6281200000008'])
    expect(readAll(2, 'eLo')).toEqual(['Élodie 6281200000009'])
    // Among their letters, not after "Z".
    expect(readAll(3).map((entry) => entry.split(' ')[0])).toEqual([
      'Ani',
      'ÁNI',
      'Budi',
      'Budi',
      'budi',
      'Çağrı',
      'Citra',
      'Élodie',
      'Zainal'
    ])
  })

  it('finds the names kept before the folded names were, once the database is migrated', () => {
    db.close()
    rmSync(dir, { recursive: true, force: true })
    const step = migrations.findIndex((m) => m.name.startsWith('contacts: names folded'))
    expect(step).toBeGreaterThan(0)
    const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
    const insert = old.prepare('INSERT INTO contacts (phone, name, source, updated_at) VALUES (?, ?, ?, 1)')
    insert.run('6281200000007', 'Çağrı Ünal', 'operator')
    insert.run('6281300000002', 'Ani', 'push')
    old.close()
    db = openDatabase({ dataDir: dir })
    contacts = new ContactsStore(db)
    expect(readAll(5, 'çağ')).toEqual(['Çağrı Ünal 6281200000007'])
    expect(readAll(5)).toEqual(['Ani 6281300000002', 'Çağrı Ünal 6281200000007'])
  })

  it('finds the numbers that start with what was typed, in the forms Send takes (0812…, +62 812-…)', () => {
    seed()
    const numbers = ['6281200000001', '6281200000004', '6281200000005', '6281200000006']
    for (const typed of ['0812', '+62 812', '62812', '812-0000']) {
      expect(readAll(2, typed).map((entry) => entry.split(' ').at(-1))).toEqual(numbers)
    }
    expect(readAll(5, '0857')).toEqual(['Zainal 6285700000003'])
  })

  it('says which contacts are on the opt-out list', () => {
    seed()
    db.prepare("INSERT INTO opt_outs (phone, source, added_at) VALUES ('6285700000003', 'operator', 1)").run()
    const optedOut = contacts
      .page({ limit: 10 })
      .filter((c) => c.optedOut)
      .map((c) => c.name)
    expect(optedOut).toEqual(['Zainal'])
  })

  it('walks an index from a point for every page and search: no read of every contact, no sort', () => {
    seed()
    const { prepared, prepareUnrecorded } = recordPreparedSql(db)
    const last = { name: 'Budi Hartono', phone: '6281200000001' }
    contacts.page({ limit: 2 })
    contacts.page({ limit: 2, after: last })
    contacts.page({ limit: 2, search: 'bud' })
    contacts.page({ limit: 2, search: 'bud', after: last })
    contacts.page({ limit: 2, search: '0812' })
    contacts.page({ limit: 2, search: '0812', after: last })
    db.prepare = prepareUnrecorded
    expect(prepared).toHaveLength(6)
    const plans = prepared.map((sql) => queryPlan(prepareUnrecorded, sql, 'x'))
    for (const plan of plans) {
      expect(plan.filter((step) => step.includes('TEMP B-TREE'))).toEqual([])
      // Each page starts at a point of an index (a range or the list's first entry) rather than scanning the table.
      expect(plan.filter((step) => /^SCAN c\b(?! USING INDEX contacts_by_name_key)/.test(step))).toEqual([])
    }
    // A later page or a search starts where it begins (the first page of the whole list starts at the index's start).
    expect(plans.slice(1).every((plan) => plan.some((step) => step.startsWith('SEARCH c')))).toBe(true)
  })
})

/** A campaign started at `startedAt` (null: a draft) whose spreadsheet rows hold these numbers (null: an invalid one). */
function campaignWith(id: string, phones: (string | null)[], startedAt: number | null = 10_000): void {
  db.prepare(
    `INSERT INTO campaigns (id, name, file_name, headers, mapping, template, pacing, devices, seed, status, created_at,
       updated_at, started_at) VALUES (?, ?, 'x.csv', '[]', '{}', 'Halo', '{}', '[]', 1, 'running', 1, 1, ?)`
  ).run(id, id, startedAt)
  const row = db.prepare(
    `INSERT INTO campaign_rows (campaign_id, row_number, phone, phone_cell, vars, message, problems)
     VALUES (?, ?, ?, '', '{}', 'Halo', '[]')`
  )
  phones.forEach((phone, i) => row.run(id, i + 2, phone))
}

/** A message in a customer's private chat, arrived at `receivedAt` (the operator's own when `fromMe`). */
function messageFrom(chatId: string, receivedAt: number, fromMe = false): void {
  const inbox = new InboxStore(db)
  const seq = inbox.cursor('box') + 1
  const message = newInboxMessage(`m-${seq}`, { chatId, text: 'halo', fromMe })
  const event = {
    identity: `incoming:${seq}`,
    kind: 'incoming' as const,
    seq,
    receivedAt,
    payload: {},
    applied: true,
    message
  }
  expect(inbox.commit('box', seq - 1, seq, [event], receivedAt)).not.toBeNull()
}

function optedOutAt(phone: string, addedAt: number): void {
  db.prepare("INSERT INTO opt_outs (phone, source, added_at) VALUES (?, 'keyword', ?)").run(phone, addedAt)
}

describe('the customer list of one campaign', () => {
  beforeEach(() => {
    seed()
    // Ani, Budi Hartono (…001), Citra and Zainal were in c1 (Citra twice), with an invalid row and a number no contact
    // has; budi Santoso only in c2.
    campaignWith('c1', [
      '6281300000002',
      '6281200000001',
      null,
      '6281200000005',
      '6285700000003',
      '6281200000005',
      '6289900000000'
    ])
    campaignWith('c2', ['6281200000004'])
  })

  /** Both ways a page is read: the campaign's contacts sorted (a small campaign), or the index by name walked. */
  const bothWays = [
    ['sorted from the campaign', {}],
    ['walked by name', { sortedMembers: 0 }]
  ] as const

  for (const [way, options] of bothWays) {
    it(`lists the campaign's contacts, no one else, each once, in pages of any size (${way})`, () => {
      contacts = new ContactsStore(db, options)
      const c1 = [
        'Ani 6281300000002',
        'Budi Hartono 6281200000001',
        'Citra 6281200000005',
        'Zainal 6285700000003'
      ]
      for (const limit of [1, 2, 3, 10]) expect(readAll(limit, undefined, { id: 'c1' })).toEqual(c1)
      expect(readAll(2, undefined, { id: 'c2' })).toEqual(['budi Santoso 6281200000004'])
      expect(readAll(2, undefined, { id: 'gone' })).toEqual([])
      // The search narrows the campaign's contacts: a name's start, or a number's (then by number).
      expect(readAll(1, 'bud', { id: 'c1' })).toEqual(['Budi Hartono 6281200000001'])
      expect(readAll(1, '0812', { id: 'c1' })).toEqual(['Budi Hartono 6281200000001', 'Citra 6281200000005'])
    })

    it(`narrows to who replied, or opted out, since the campaign started (${way})`, () => {
      contacts = new ContactsStore(db, options)
      messageFrom('6281300000002', 20_000) // Ani, after the start
      messageFrom('6281200000005', 5_000) // Citra, before it
      messageFrom('6285700000003', 20_000, true) // to Zainal, from the operator's phone: no reply
      messageFrom('6281200000004', 20_000) // budi Santoso, not in c1
      optedOutAt('6281200000001', 15_000) // Budi Hartono, after the start
      optedOutAt('6285700000003', 1_000) // Zainal, before it
      expect(readAll(1, undefined, { id: 'c1', since: 'replied' })).toEqual(['Ani 6281300000002'])
      expect(readAll(1, undefined, { id: 'c1', since: 'optedOut' })).toEqual(['Budi Hartono 6281200000001'])
      expect(contacts.countInCampaign({ campaign: { id: 'c1', since: 'replied' } })).toBe(1)
      expect(contacts.countInCampaign({ campaign: { id: 'c1', since: 'optedOut' } })).toBe(1)
      // A draft never started: no one replied or opted out since.
      campaignWith('draft', ['6281300000002', '6281200000001'], null)
      expect(readAll(5, undefined, { id: 'draft', since: 'replied' })).toEqual([])
      expect(readAll(5, undefined, { id: 'draft' })).toEqual([
        'Ani 6281300000002',
        'Budi Hartono 6281200000001'
      ])
    })
  }

  for (const [way, options] of bothWays) {
    it(`counts on the first page only: a later page carries no total and runs no count (${way})`, () => {
      contacts = new ContactsStore(db, options)
      const { prepared, prepareUnrecorded } = recordPreparedSql(db)
      const after = { name: 'Ani', phone: '6281300000002' }
      for (const since of [undefined, 'replied', 'optedOut'] as const) {
        const campaign = { id: 'c1', ...(since ? { since } : {}) }
        expect(contacts.pageOfCampaign({ limit: 2, campaign, after }).total).toBeNull()
        expect(contacts.pageOfCampaign({ limit: 2, campaign, after, search: 'bud' }).total).toBeNull()
      }
      expect(contacts.pageOfCampaign({ limit: 2, campaign: { id: 'gone' }, after }).total).toBeNull()
      // Still the right page: after Ani, Budi Hartono and Citra.
      expect(
        contacts.pageOfCampaign({ limit: 2, campaign: { id: 'c1' }, after }).customers.map((c) => c.name)
      ).toEqual(['Budi Hartono', 'Citra'])
      db.prepare = prepareUnrecorded
      expect(prepared.filter((sql) => /count\s*\(/i.test(sql))).toEqual([])
      // The first page still counts the whole filtered set.
      expect(contacts.pageOfCampaign({ limit: 2, campaign: { id: 'c1' } }).total).toBe(4)
    })
  }

  it('counts the filtered set, search included: each contact once, numbers without a contact left out', () => {
    expect(contacts.countInCampaign({ campaign: { id: 'c1' } })).toBe(4)
    expect(contacts.countInCampaign({ campaign: { id: 'c1' }, search: 'bud' })).toBe(1)
    expect(contacts.countInCampaign({ campaign: { id: 'c1' }, search: '+62 812' })).toBe(2)
    expect(contacts.countInCampaign({ campaign: { id: 'c2' } })).toBe(1)
    expect(contacts.countInCampaign({ campaign: { id: 'gone' } })).toBe(0)
  })

  it("reads a campaign's numbers and asks about a number through the index by campaign and phone, never a scan", () => {
    // Someone to find each way, so every page is read (a campaign that keeps no one reads no page).
    messageFrom('6281200000001', 20_000)
    optedOutAt('6281200000001', 20_000)
    const { prepared, prepareUnrecorded } = recordPreparedSql(db)
    const last = { name: 'Budi Hartono', phone: '6281200000001' }
    for (const store of [new ContactsStore(db), new ContactsStore(db, { sortedMembers: 0 })]) {
      for (const since of [undefined, 'replied', 'optedOut'] as const) {
        const campaign = { id: 'c1', ...(since ? { since } : {}) }
        store.page({ limit: 2, campaign })
        store.page({ limit: 2, campaign, after: last })
        store.page({ limit: 2, campaign, search: 'bud', after: last })
        store.page({ limit: 2, campaign, search: '0812', after: last })
        store.countInCampaign({ campaign, search: 'bud' })
      }
    }
    db.prepare = prepareUnrecorded
    const plans = [...new Set(prepared)]
      .filter((sql) => sql.includes('campaign_rows'))
      .map((sql) => ({
        sql,
        plan: queryPlan(prepareUnrecorded, sql, 'x')
      }))
    expect(plans.length).toBeGreaterThan(4)
    for (const { plan } of plans) {
      const campaignReads = plan.filter((step) => /^(SCAN|SEARCH) r\b/.test(step))
      expect(campaignReads.length).toBeGreaterThan(0)
      // The campaign's numbers, or one of them, straight from the index: no walk of every row the campaign has.
      for (const step of campaignReads)
        expect(step).toMatch(
          /^SEARCH r (EXISTS )?USING COVERING INDEX campaign_rows_by_campaign_phone \(campaign_id=\?/
        )
      expect(plan.filter((step) => /^SCAN (o|m)\b/.test(step))).toEqual([])
    }
    // The walk by name sorts nothing and starts at a point of the index by name, as the whole list's pages do.
    const walks = plans.filter(({ sql }) => sql.includes('EXISTS (SELECT 1 FROM campaign_rows'))
    // Each way of narrowing (none, replied, opted out) on each kind of page (first, later, by name, by number).
    expect(walks).toHaveLength(12)
    for (const { plan } of walks) {
      expect(plan.filter((step) => step.includes('TEMP B-TREE'))).toEqual([])
      expect(plan.filter((step) => /^SCAN c\b(?! USING INDEX contacts_by_name_key)/.test(step))).toEqual([])
      expect(
        plan.some((step) =>
          /^SEARCH r (EXISTS )?USING COVERING INDEX campaign_rows_by_campaign_phone \(campaign_id=\? AND phone=\?\)/.test(
            step
          )
        )
      ).toBe(true)
    }
  })
})
