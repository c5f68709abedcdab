// The recipient picker's suggestions, asked at each keystroke: from the trigram index (three characters or more) and
// the index by name, never a read of every contact; the same answer as the LIKE scan they replace, kept in sync with
// the contacts by triggers, and built over the contacts a database had before.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ContactsStore } from './contacts-store'
import { openDatabase, type SqliteDatabase } from './database'
import { InboxStore } from './inbox-store'
import { migrations } from './migrations'
import { containsPattern } from './like-pattern'
import { newInboxMessage } from './testing/new-inbox-message'
import { recordPreparedSql } from './testing/prepared-sql'

let dir: string
const opened: SqliteDatabase[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'contact-suggestions-'))
})
afterEach(() => {
  opened.splice(0).forEach((db) => db.open && db.close())
  rmSync(dir, { recursive: true, force: true })
})

function open(steps = migrations, name = 'db'): SqliteDatabase {
  const db = openDatabase({ dataDir: join(dir, name), migrations: steps })
  opened.push(db)
  return db
}

/** What suggest answered before the index: every contact read with LIKE, sorted by name and number. */
function scanned(db: SqliteDatabase, text: string, limit: number): { chatId: string; name: string }[] {
  const like = containsPattern(text.trim())
  return db
    .prepare(
      `SELECT phone AS chatId, name FROM contacts NOT INDEXED
        WHERE name LIKE ? ESCAPE '\\' OR phone LIKE ? ESCAPE '\\' ORDER BY name, phone LIMIT ?`
    )
    .all(like, like, limit) as { chatId: string; name: string }[]
}

const contactsOf = (suggestions: { chatId: string; name: string; isGroup: boolean }[]) =>
  suggestions.filter((s) => !s.isGroup).map(({ chatId, name }) => ({ chatId, name }))

/** FTS5's own check: every index entry matches a contact, and every contact is indexed as it reads now. */
function checkIndex(db: SqliteDatabase): void {
  db.exec(`INSERT INTO contacts_search (contacts_search, rank) VALUES ('integrity-check', 1)`)
}

// Names that sort and match awkwardly: case (LIKE folds ASCII only, the index folds accented letters too), quotes
// (the index's phrase quoting), LIKE's own characters, digits, the same name on several numbers.
const NAMES = [
  'Bu Dewi',
  'bu dewi',
  'DEWI Lestari',
  'Dewi Lestari',
  'Dewi Lestari',
  'Pak Dewa',
  'Élodie Martin',
  'élodie martin',
  'José Ángel',
  'jose angel',
  'Toko "Maju" Jaya',
  'Ibu "Ani',
  "D'Arcy",
  '50% Off Store',
  '5000 Store',
  'a_b c',
  'axb c',
  'back\\slash',
  'Warung 123',
  'Angga',
  'Bang Ucok',
  'Zainal',
  'ñandú',
  'Ñandú'
]

/** Many more of a few names, so that a common trigram has more matches than the limit. */
const MANY = Array.from({ length: 300 }, (_, i) => ({
  phone: `62813${String(i * 3_571).padStart(7, '0')}`,
  name: `${['Sari', 'Dewi', 'Angelina', 'Yanti'][i % 4]} ${['Wijaya', 'Santoso', 'Nugroho'][i % 3]} ${i % 7}`
}))
const numberOf = (i: number): string => `62812${String(1_000_000 + i * 7_919).padStart(7, '0')}`

function seed(db: SqliteDatabase): void {
  const contacts = new ContactsStore(db)
  NAMES.forEach((name, i) => contacts.learn(numberOf(i), name, 'operator', 1))
  contacts.learnMany(MANY, 'campaign', 2)
}

/** The same contacts written as an older version kept them (its columns only: today's store writes newer ones). */
function seedAsKeptBefore(db: SqliteDatabase): void {
  const insert = db.prepare('INSERT INTO contacts (phone, name, source, updated_at) VALUES (?, ?, ?, ?)')
  NAMES.forEach((name, i) => insert.run(numberOf(i), name, 'operator', 1))
  for (const { phone, name } of MANY) insert.run(phone, name, 'campaign', 2)
}

const TYPED = [
  ...['d', 'é', 'É', 'ñ', '"', "'", '%', '_', '\\', '1', '5', 'q'],
  ...['de', 'él', 'Él', 'ÉL', '"M', '0%', 'a_', '12', '81', 'zz'],
  ...['dew', 'DEWI', 'dewi lest', 'élo', 'ÉLO', 'Élodie', 'ñan', 'ÑAND', 'josé', 'JOSÉ', 'ang', 'Ang', 'ANG'],
  ...[
    '"Maju"',
    'o "M',
    'u "A',
    "D'A",
    '50%',
    '0% O',
    'a_b',
    '_b ',
    'k\\s',
    '123',
    'ng 1',
    '8123',
    '62813',
    '0000'
  ],
  ...['sari wijaya', 'Yanti Santoso 3', 'xyz', '  dewi  ']
]

describe('suggestions', () => {
  it('answer what the LIKE scan answered: the same contacts in the same order, at every limit', () => {
    const db = open()
    seed(db)
    // Each way of answering: matches sorted at once, the name index walked (the first stretch alone, or on as far as
    // the count of matches allows), the walk given up for the sort.
    const ways = [
      new ContactsStore(db),
      new ContactsStore(db, { sortedMatches: 1, walkedPerMatch: 1_000 }),
      new ContactsStore(db, { sortedMatches: 1, walkedPerMatch: 5 }),
      new ContactsStore(db, { sortedMatches: 1, walkedPerMatch: 0 })
    ]
    for (const text of TYPED) {
      for (const limit of [1, 8, 50]) {
        const expected = scanned(db, text, limit)
        ways.forEach((store, way) =>
          expect({ text, limit, way, got: contactsOf(store.suggest(text, limit)) }).toEqual({
            text,
            limit,
            way,
            got: expected
          })
        )
      }
    }
    // The table holds cases the index and LIKE disagree on (the index folds É to é): the answers above are LIKE's.
    expect(scanned(db, 'élo', 50).map((c) => c.name)).toEqual(['élodie martin'])
  })

  it('still offer the groups whose subject holds the text, after the contacts', () => {
    const db = open()
    seed(db)
    const committed = new InboxStore(db).commit(
      'box',
      0,
      1,
      [
        {
          identity: 'incoming:g1',
          kind: 'incoming',
          seq: 1,
          receivedAt: 1_000,
          payload: {},
          applied: true,
          message: newInboxMessage('g1', {
            deviceSerial: 'SER-1',
            chatId: '120363000000000001',
            isGroup: true,
            groupSubject: 'Arisan Dewi "RT 5"',
            groupMember: '6281200000009'
          })
        }
      ],
      0
    )
    expect(committed).not.toBeNull()
    const suggestions = new ContactsStore(db).suggest('dewi', 3)
    expect(suggestions).toEqual([
      ...scanned(db, 'dewi', 3).map((c) => ({ ...c, isGroup: false })),
      { chatId: '120363000000000001', name: 'Arisan Dewi "RT 5"', isGroup: true }
    ])
    expect(new ContactsStore(db).suggest('"RT 5"', 3)).toEqual([
      { chatId: '120363000000000001', name: 'Arisan Dewi "RT 5"', isGroup: true }
    ])
  })

  it('read the trigram index for three characters or more, and the name index in order below that: no scan, no sort', () => {
    // A database each: statements are prepared once a connection, and each answer's own are wanted.
    const explained = (text: string): string[] => {
      const db = open(migrations, text)
      seed(db)
      const { prepared, prepareUnrecorded } = recordPreparedSql(db)
      new ContactsStore(db).suggest(text, 8)
      db.prepare = prepareUnrecorded
      return prepared
        .filter((sql) => sql.includes('contacts'))
        .flatMap((sql) =>
          (
            prepareUnrecorded(`EXPLAIN QUERY PLAN ${sql}`).all(
              ...Array.from(sql.matchAll(/\?/g), () => '"x"')
            ) as { detail: string }[]
          ).map((row) => row.detail)
        )
    }
    const indexed = explained('dewi')
    expect(indexed.some((step) => /^SCAN contacts_search VIRTUAL TABLE/.test(step))).toBe(true)
    expect(indexed.filter((step) => /^SCAN contacts\b/.test(step))).toEqual([])
    const short = explained('de')
    expect(short).toContain('SCAN contacts USING COVERING INDEX contacts_by_name')
    expect(short.filter((step) => step.includes('TEMP B-TREE'))).toEqual([])
  })

  it('keeps the index in step as contacts are learnt, renamed and removed', () => {
    const db = open()
    const contacts = new ContactsStore(db)
    const names = (text: string) => contacts.suggest(text, 10).map((s) => s.name)
    contacts.learn('6281111111111', 'Budi Santoso', 'push', 1)
    expect(names('santoso')).toEqual(['Budi Santoso'])
    // A spreadsheet's name wins over a push name: the row is updated, the index follows.
    contacts.learn('6281111111111', 'Budi Hartono', 'campaign', 2)
    expect(names('santoso')).toEqual([])
    expect(names('hartono')).toEqual(['Budi Hartono'])
    // Only the source changes: the index is not touched, and still answers.
    contacts.learn('6281111111111', 'Budi Hartono', 'operator', 3)
    expect(names('hartono')).toEqual(['Budi Hartono'])
    contacts.learnMany(
      [
        { phone: '6281111111111', name: 'Not kept: the operator named it' },
        { phone: '6282222222222', name: 'Sari Hartono' }
      ],
      'gateway',
      4
    )
    expect(names('hartono')).toEqual(['Budi Hartono', 'Sari Hartono'])
    expect(names('not kept')).toEqual([])
    checkIndex(db)
    expect(contacts.remove('6281111111111')).toBe(true)
    expect(names('hartono')).toEqual(['Sari Hartono'])
    expect(contacts.suggest('11111', 10)).toEqual([])
    checkIndex(db)
  })
})

describe('the migration that adds the index', () => {
  it('indexes the contacts kept before it', () => {
    const step = migrations.findIndex((m) => m.name.startsWith('contacts: suggestions by substring'))
    expect(step).toBeGreaterThan(0)
    const old = open(migrations.slice(0, step))
    seedAsKeptBefore(old)
    const before = NAMES.length + 300
    expect(old.prepare('SELECT COUNT(*) FROM contacts').pluck().get()).toBe(before)
    old.close()

    const db = open()
    checkIndex(db)
    expect(
      db.prepare(`SELECT COUNT(*) FROM contacts_search WHERE contacts_search MATCH '"dewi"'`).pluck().get()
    ).toBe(scanned(db, 'dewi', 1_000).length)
    for (const text of ['dewi', 'ang', '8123', '"Maju"', 'de']) {
      expect(contactsOf(new ContactsStore(db).suggest(text, 8))).toEqual(scanned(db, text, 8))
    }
  })
})
