// The inbox search reads the operator's replies by when each shows in its chat (SHOWN_AT, then id) from a cursor: a
// word many items hold is read by walking the index on that order, not by sorting every match at each page.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { migrations } from './migrations'
import { OutboxStore } from './outbox-store'
import { newTextItem } from './testing/new-item'
import { queryPlan, recordPreparedSql } from './testing/prepared-sql'

let dir: string
let db: SqliteDatabase
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-shown-at-test-'))
})
afterEach(() => {
  if (db?.open) db.close()
  rmSync(dir, { recursive: true, force: true })
})

/**
 * `count` items holding "pesanan", every 100th also "langka"; written in id order, but most went out later and out
 * of that order, some wait scheduled (they show when due), a few never went (they show when written).
 */
function seed(store: OutboxStore, count: number): void {
  store.insertItems(
    Array.from({ length: count }, (_, i) =>
      newTextItem(`i${String(i).padStart(4, '0')}`, {
        recipient: `62812${i % 37}`,
        text: `pesanan ${i % 100 === 0 ? 'langka ' : ''}nomor ${i}`,
        createdAt: 1_000_000 + i * 1_000,
        ...(i % 11 === 0 ? { status: 'scheduled' as const, notBefore: 9_000_000 - i * 500 } : {})
      })
    ),
    [],
    [],
    1_000_000
  )
  for (let i = 0; i < count; i++) {
    if (i % 11 === 0 || i % 13 === 0) continue
    const at = 2_000_000 + ((i * 7919) % count) * 1_000
    store.transition(`i${String(i).padStart(4, '0')}`, ['queued'], 'accepted', { acceptedAt: at }, null, at)
  }
}

/** Every page of `word`'s matches, `size` a read, each read going on from the last one's last. */
function paged(store: OutboxStore, word: string, size: number): string[] {
  const ids: string[] = []
  let before: { at: number; id: string } | undefined
  for (let read = 0; read < 1_000; read++) {
    const { matches } = store.matchesWithText(word, size, before)
    ids.push(...matches.map((m) => m.id))
    if (matches.length < size) break
    before = { at: matches.at(-1)!.shownAt, id: matches.at(-1)!.id }
  }
  return ids
}

it('reads a word many items hold by walking the index on when each shows, with no sort of every match', () => {
  db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  seed(store, 400)
  const { prepared, prepareUnrecorded } = recordPreparedSql(db)
  store.matchesWithText('pesanan', 50, { at: 3_000_000, id: 'i0200' })
  const reads = prepared.filter((sql) => /ORDER BY/.test(sql))
  expect(reads).toHaveLength(1)
  const sql = reads[0]!
  const plan = queryPlan(prepareUnrecorded, sql, 'x')
  expect(plan.join('\n')).toMatch(/USING INDEX outbox_items_by_shown_at/)
  expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/)
})

it('pages a common and a rare word in the order the items show, as a sort of every match would', () => {
  db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  seed(store, 400)
  const sorted = (word: string): string[] =>
    (
      db
        .prepare(
          `SELECT id FROM outbox_items NOT INDEXED WHERE text LIKE ? ORDER BY COALESCE(accepted_at,
             CASE WHEN status IN ('scheduled', 'queued', 'sending') AND not_before > created_at THEN not_before END,
             created_at) DESC, id DESC`
        )
        .all(`%${word}%`) as { id: string }[]
    ).map((row) => row.id)
  expect(sorted('pesanan')).toHaveLength(400)
  expect(sorted('langka')).toHaveLength(4)
  for (const size of [7, 50, 2_000]) {
    expect(paged(store, 'pesanan', size), `pesanan by ${size}`).toEqual(sorted('pesanan'))
    expect(paged(store, 'langka', size), `langka by ${size}`).toEqual(sorted('langka'))
    expect(paged(store, 'pesanan langka', size), `both by ${size}`).toEqual(sorted('langka'))
  }
})

it('stops a walk when told, and says how far it read even past no match', () => {
  db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  seed(store, 400)
  let asked = 0
  const { matches, readTo } = store.matchesWithText('pesanan', 2_000, undefined, () => ++asked < 10)
  expect(matches).toHaveLength(10)
  expect(readTo).toEqual({ at: matches.at(-1)!.shownAt, id: matches.at(-1)!.id })
})

it('builds the index out of the items a database already had when it is migrated', () => {
  const step = migrations.findIndex((m) => m.name.startsWith('outbox: the items indexed by when each shows'))
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  seed(new OutboxStore(old), 300)
  old.close()
  db = openDatabase({ dataDir: dir })
  const ids = (sql: string): string[] =>
    (db.prepare(`SELECT id FROM outbox_items ${sql}`).all() as { id: string }[]).map((r) => r.id)
  const order = `ORDER BY COALESCE(accepted_at,
    CASE WHEN status IN ('scheduled', 'queued', 'sending') AND not_before > created_at THEN not_before END,
    created_at) DESC, id DESC`
  expect(ids(`INDEXED BY outbox_items_by_shown_at ${order}`)).toEqual(ids(`NOT INDEXED ${order}`))
  expect(ids(`NOT INDEXED ${order}`)).toHaveLength(300)
})

it('finds a word outside ASCII in any case the same whether few or many items hold it (as the full-text index folds case)', () => {
  db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  // 300 items hold "éclair" in three cases (many: the walk), 60 hold "Señor" in two (few: the sort).
  const cases = ['éclair', 'ÉCLAIR', 'Éclair']
  store.insertItems(
    Array.from({ length: 400 }, (_, i) =>
      newTextItem(`u${String(i).padStart(4, '0')}`, {
        text: `${i < 300 ? `kue ${cases[i % 3]} ` : 'roti '}${i % 5 === 0 ? (i % 2 ? 'SEÑOR' : 'señor') : ''} ${i}`,
        createdAt: 1_000_000 + ((i * 7919) % 400) * 1_000
      })
    ),
    [],
    [],
    1_000_000
  )
  const byIndex = (word: string): string[] =>
    (
      db
        .prepare(
          `SELECT o.id FROM outbox_items_search s JOIN outbox_items o ON o.rowid = s.rowid
           WHERE outbox_items_search MATCH ? ORDER BY o.created_at DESC, o.id DESC`
        )
        .all(`text : "${word}"`) as { id: string }[]
    ).map((row) => row.id)
  expect(byIndex('éclair')).toHaveLength(300)
  expect(byIndex('señor')).toHaveLength(80)
  for (const size of [7, 50]) {
    for (const word of ['éclair', 'ÉCLAIR', 'eclair kue', 'ÉCLAIR señor', 'señor', 'SEÑOR']) {
      expect(paged(store, word, size), `${word} by ${size}`).toEqual(
        byIndex(word.split(' ')[0]!).filter((id) => word.split(' ').every((w) => byIndex(w).includes(id)))
      )
    }
  }
})
