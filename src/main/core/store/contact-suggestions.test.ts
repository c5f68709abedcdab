// The recipient picker's suggestions, asked at each keystroke: from the trigram index (three characters or more), its
// entries in name order, and the index by name, never a read of every contact; the same answer as the LIKE scan they
// replace, kept in sync with the contacts by triggers, and built over the contacts a database had before.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ContactsStore, namesOfStretch, type ContactsStoreOptions } from './contacts-store'
import { openDatabase, type SqliteDatabase } from './database'
import { InboxStore } from './inbox-store'
import { migrations } from './migrations'
import { containsPattern } from './like-pattern'
import { ACCENTS_ASIDE_TOKENIZER, ftsFold } from './fts-fold'
import { newInboxMessage } from './testing/new-inbox-message'
import { queryPlan, recordPreparedSql } from './testing/prepared-sql'

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

/**
 * What suggest answers, read the slow way: every contact, its name folded as its index folds it (accents and case
 * aside: ftsFold, not the reads' own test) holding the folded text, or its number holding the text (LIKE), sorted by
 * name and number.
 */
function scanned(db: SqliteDatabase, text: string, limit: number): { chatId: string; name: string }[] {
  const term = text.trim()
  const folded = ftsFold(term, ACCENTS_ASIDE_TOKENIZER)
  if (folded === '' && term !== '') return []
  db.function('test_fold_holds', (name: unknown) =>
    ftsFold(String(name), ACCENTS_ASIDE_TOKENIZER).includes(folded) ? 1 : 0
  )
  return db
    .prepare(
      `SELECT phone AS chatId, name FROM contacts NOT INDEXED
        WHERE test_fold_holds(name) OR phone LIKE ? ESCAPE '\\' ORDER BY name, phone LIMIT ?`
    )
    .all(containsPattern(term), limit) as { chatId: string; name: string }[]
}

const contactsOf = (suggestions: { chatId: string; name: string; isGroup: boolean }[]) =>
  suggestions.filter((s) => !s.isGroup).map(({ chatId, name }) => ({ chatId, name }))

/**
 * FTS5's own check of the index, and its entries are the contacts: one each, keyed by the stretch of names its name is
 * in (namesOfStretch: the run of the index by name the suggestions walk), the stretches in the names' order.
 */
function checkIndex(db: SqliteDatabase): void {
  db.exec(`INSERT INTO contacts_search_by_name (contacts_search_by_name, rank) VALUES ('integrity-check', 1)`)
  const entries = db
    .prepare('SELECT rowid >> 35 AS stretch, rowid & (1 << 35) - 1 AS id FROM contacts_search_by_name')
    .all() as { stretch: number; id: number }[]
  const contacts = db.prepare('SELECT rowid AS id, name FROM contacts ORDER BY name, phone').all() as {
    id: number
    name: string
  }[]
  expect(entries.map((entry) => entry.id).sort((a, b) => a - b)).toEqual(
    contacts.map((contact) => contact.id).sort((a, b) => a - b)
  )
  const stretchOf = new Map(entries.map((entry) => [entry.id, entry.stretch]))
  const stretches = contacts.map((contact) => stretchOf.get(contact.id) ?? -1)
  expect(stretches).toEqual([...stretches].sort((a, b) => a - b))
  for (const [i, contact] of contacts.entries()) {
    const { from, below } = namesOfStretch(stretches[i] ?? -1)
    const inStretch = db
      .prepare('SELECT ? >= ? AND (? IS NULL OR ? < ?)')
      .pluck()
      .get(contact.name, from, below ?? null, contact.name, below ?? null)
    expect({ name: contact.name, inStretch }).toEqual({ name: contact.name, inStretch: 1 })
  }
}

// Names that sort and match awkwardly: case and accents (LIKE folds ASCII case only, the index both), quotes
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
  'Ñandú',
  'Pak Dédé',
  'Pak De\u0301de\u0301',
  'Nguyễn Văn Thành',
  'Çağrı Ünal',
  // Names at the edges of the index's stretches (a name's first four characters, U+007F and after as one).
  'Ani',
  'Bu',
  'B',
  'Bu~x Zainal',
  'Bu}',
  'Bu\u007fZainal',
  'Buñ Zainal',
  'Bu Zainal',
  'bu zainal',
  'ZAINAL 2',
  'Zainal Abidin',
  '山田 Zainal',
  '😀 Zainal'
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
  ...['sari wijaya', 'Yanti Santoso 3', 'xyz', '  dewi  ', 'zainal', 'ZAINAL', 'ainal', 'Bu ', 'u Z', 'ñ Z'],
  ...[
    'dede',
    'DÉDÉ',
    'k de',
    'dé',
    'nguyen',
    'van th',
    'cagr',
    'cagrı',
    'jose',
    'ANGEL',
    'nandu',
    'Elo',
    '\u0301'
  ]
]

describe('suggestions', () => {
  it('answer what a scan of every contact answers, accents aside: the same contacts in the same order, at every limit', () => {
    const db = open()
    seed(db)
    checkIndex(db)
    // Each way of answering: matches sorted at once; read in name order a stretch of names at a time, the stretches a
    // read completes sorted (many in a read, a few, one) or a first stretch with more matches walked by name.
    const ways = [
      new ContactsStore(db),
      new ContactsStore(db, { sortedMatches: 1, stretchMatches: 1_000 }),
      new ContactsStore(db, { sortedMatches: 1, stretchMatches: 5 }),
      new ContactsStore(db, { sortedMatches: 1, stretchMatches: 1 })
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
    // Accents aside, as the index finds them (LIKE found "élodie martin" alone, and no "Dédé" for "dede").
    expect(scanned(db, 'élo', 50).map((c) => c.name)).toEqual(['Élodie Martin', 'élodie martin'])
    expect(scanned(db, 'dede', 50).map((c) => c.name)).toEqual(['Pak De\u0301de\u0301', 'Pak Dédé'])
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
    const explained = (text: string, options: ContactsStoreOptions = {}): string[] => {
      const db = open(migrations, `${text}-${JSON.stringify(options)}`)
      seed(db)
      const { prepared, prepareUnrecorded } = recordPreparedSql(db)
      new ContactsStore(db, options).suggest(text, 8)
      db.prepare = prepareUnrecorded
      return prepared
        .filter((sql) => sql.includes('contacts'))
        .flatMap((sql) => queryPlan(prepareUnrecorded, sql, '"x"'))
    }
    const indexed = explained('dewi')
    expect(indexed.some((step) => /^SCAN contacts_search_by_name VIRTUAL TABLE/.test(step))).toBe(true)
    expect(indexed.filter((step) => /^SCAN contacts\b/.test(step))).toEqual([])
    // Many matches: read in name order, a stretch of names walked in the index by name from its first name.
    const stretches = explained('dewi', { sortedMatches: 1, stretchMatches: 1 })
    expect(stretches.filter((step) => /^SCAN contacts\b/.test(step))).toEqual([])
    expect(stretches).toContain('SEARCH contacts USING COVERING INDEX contacts_by_name (name>? AND name<?)')
    const walk = open(migrations, 'walk')
    const walkPlan = (
      walk
        .prepare(
          `EXPLAIN QUERY PLAN SELECT phone AS chatId, name FROM contacts WHERE name >= ? AND name < ?
             AND (name LIKE ? ESCAPE '\\' OR phone LIKE ? ESCAPE '\\') ORDER BY name, phone LIMIT ?`
        )
        .all('a', 'b', '%a%', '%a%', 8) as { detail: string }[]
    ).map((row) => row.detail)
    expect(walkPlan).toEqual(['SEARCH contacts USING COVERING INDEX contacts_by_name (name>? AND name<?)'])
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

describe('the migrations that add the index', () => {
  it('index the contacts kept before them', () => {
    const step = migrations.findIndex((m) => m.name.startsWith('contacts: suggestions by substring'))
    expect(step).toBeGreaterThan(0)
    const old = open(migrations.slice(0, step))
    seedAsKeptBefore(old)
    const before = NAMES.length + 300
    expect(old.prepare('SELECT COUNT(*) FROM contacts').pluck().get()).toBe(before)
    old.close()

    const first = open(migrations.slice(0, step + 1))
    first.exec(`INSERT INTO contacts_search (contacts_search, rank) VALUES ('integrity-check', 1)`)
    expect(
      first.prepare(`SELECT COUNT(*) FROM contacts_search WHERE contacts_search MATCH '"dewi"'`).pluck().get()
    ).toBe(scanned(first, 'dewi', 1_000).length)
    first.close()

    const db = open()
    checkIndex(db)
    for (const text of ['dewi', 'ang', '8123', '"Maju"', 'de']) {
      expect(contactsOf(new ContactsStore(db).suggest(text, 8))).toEqual(scanned(db, text, 8))
    }
  })

  it('put the index in name order over the contacts kept before, and keep it so as they change', () => {
    const step = migrations.findIndex((m) => m.name.startsWith('contacts: the trigram index in name order'))
    expect(step).toBeGreaterThan(0)
    const old = open(migrations.slice(0, step))
    seed(old)
    new ContactsStore(old).learn(numberOf(0), 'Zainal Bu Dewi', 'operator', 3)
    new ContactsStore(old).remove(numberOf(1))
    old.close()

    const db = open()
    expect(
      db.prepare(`SELECT COUNT(*) FROM sqlite_master WHERE name LIKE 'contacts_search%'`).pluck().get()
    ).toBe(
      // The index, its shadow tables (data, idx, docsize, config) and its three triggers; the old one's are gone.
      8
    )
    checkIndex(db)
    expect(
      db
        .prepare(`SELECT COUNT(*) FROM contacts_search_by_name WHERE contacts_search_by_name MATCH '"dewi"'`)
        .pluck()
        .get()
    ).toBe(scanned(db, 'dewi', 1_000).length)
    const ways = [new ContactsStore(db), new ContactsStore(db, { sortedMatches: 1, stretchMatches: 2 })]
    for (const text of ['dewi', 'zainal', 'ang', '8123', '"Maju"', 'de']) {
      for (const store of ways) expect(contactsOf(store.suggest(text, 8))).toEqual(scanned(db, text, 8))
    }
    const contacts = new ContactsStore(db)
    contacts.learn(numberOf(0), 'Ani Zainal', 'operator', 4)
    contacts.learn('6289999999999', 'Bu Zainal', 'push', 4)
    contacts.remove(numberOf(2))
    checkIndex(db)
    expect(contactsOf(contacts.suggest('zainal', 50))).toEqual(scanned(db, 'zainal', 50))
  })

  it('fold the names kept before the index folded accents, and keep folding them as they change', () => {
    const step = migrations.findIndex((m) =>
      m.name.startsWith("contacts: the names' search index folds accents")
    )
    expect(step).toBeGreaterThan(0)
    const old = open(migrations.slice(0, step))
    seed(old)
    // Before it, the index folded case only and LIKE kept what it found.
    expect(contactsOf(new ContactsStore(old).suggest('dede', 8))).toEqual([])
    old.close()

    const db = open()
    checkIndex(db)
    const contacts = new ContactsStore(db)
    for (const text of ['dede', 'nguyen thanh', 'cagr', 'jose', 'dewi', 'de', 'ang'])
      expect(contactsOf(contacts.suggest(text, 8)), text).toEqual(scanned(db, text, 8))
    expect(contactsOf(contacts.suggest('dede', 8)).map((c) => c.name)).toEqual([
      'Pak De\u0301de\u0301',
      'Pak Dédé'
    ])
    // The triggers write the new index: a name learnt, renamed and removed after it.
    contacts.learn('6289900000001', 'Đỗ Thị Hà', 'operator', 5)
    expect(contactsOf(contacts.suggest('thi ha', 8)).map((c) => c.name)).toEqual(['Đỗ Thị Hà'])
    contacts.learn('6289900000001', 'Bùi Thị Hà', 'operator', 6)
    expect(contactsOf(contacts.suggest('bui', 8)).map((c) => c.name)).toEqual(['Bùi Thị Hà'])
    expect(contacts.remove('6289900000001')).toBe(true)
    expect(contactsOf(contacts.suggest('thi ha', 8))).toEqual([])
    checkIndex(db)
    expect(
      db.prepare("SELECT v FROM contacts_search_by_name_config WHERE k = 'secure-delete'").pluck().get()
    ).toBe(1)
  })
})
