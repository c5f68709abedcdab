// The window's customer list (QA walk 11, Q11-12): contacts a page at a time by name whatever its case, a name's or a
// number's start found, each with whether it opted out; every page walks an index and stops at its end.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ContactsStore, type CustomerPlace } from './contacts-store'
import { openDatabase, type SqliteDatabase } from './database'
import { migrations } from './migrations'
import { recordPreparedSql } from './testing/prepared-sql'

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
function readAll(limit: number, search?: string): string[] {
  const seen: string[] = []
  let after: CustomerPlace | undefined
  for (;;) {
    const page = contacts.page({ limit, ...(after ? { after } : {}), ...(search ? { search } : {}) })
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
    const plans = prepared.map((sql) =>
      (
        prepareUnrecorded(`EXPLAIN QUERY PLAN ${sql}`).all(...Array.from(sql.matchAll(/\?/g), () => 'x')) as {
          detail: string
        }[]
      ).map((row) => row.detail)
    )
    for (const plan of plans) {
      expect(plan.filter((step) => step.includes('TEMP B-TREE'))).toEqual([])
      // Each page starts at a point of an index (a range or the list's first entry) rather than scanning the table.
      expect(plan.filter((step) => /^SCAN c\b(?! USING INDEX contacts_by_name_key)/.test(step))).toEqual([])
    }
    // A later page or a search starts where it begins (the first page of the whole list starts at the index's start).
    expect(plans.slice(1).every((plan) => plan.some((step) => step.startsWith('SEARCH c')))).toBe(true)
  })
})
