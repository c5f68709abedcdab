// The questions the outbox's pump asks on every round (after every send) must run as prepared, not be re-prepared
// by SQLite before each run: with a bound LIMIT, or an equality next to an ORDER BY or MIN, SQLite recompiles the
// statement whenever a value is bound, which cost up to 10× the query itself on the app's schema.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { OutboxStore, type ScheduleOp } from './outbox-store'
import { SeriesStore } from './series-store'
import { newTextItem } from './testing/new-item'
import { recordPreparedSql } from './testing/prepared-sql'
import { outboxPumpQuestions } from './testing/pump-questions'

let dir: string
let db: SqliteDatabase
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pump-queries-test-'))
  db = openDatabase({ dataDir: dir })
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Median time of one call, over rounds of many calls (a shared machine moves single calls by far more). */
function timeOf(fn: () => unknown): number {
  for (let i = 0; i < 50; i++) fn()
  const rounds = Array.from({ length: 7 }, () => {
    const started = performance.now()
    for (let i = 0; i < 100; i++) fn()
    return (performance.now() - started) / 100
  })
  return rounds.sort((a, b) => a - b)[3]!
}

it('runs every per-round question of the pump without re-preparing it', () => {
  // The SQL each question prepares (once, on its first call), to time a compile of exactly that statement.
  const { prepared, prepareUnrecorded: prepare } = recordPreparedSql(db)
  const store = new OutboxStore(db)
  const series = new SeriesStore(db)
  store.insertItems(
    Array.from({ length: 8 }, (_, i) => newTextItem(`i${i}`, { recipient: `r${i % 4}` })),
    [],
    [],
    1
  )
  const now = Date.now()
  const ops: ScheduleOp[] = ['create', 'update', 'cancel', 'delete']
  const questions: Record<string, () => unknown> = {
    ...outboxPumpQuestions(store, now),
    dueScheduleSync: () => store.dueScheduleSync('d1', now, 5, ops),
    nextScheduleSyncAt: () => store.nextScheduleSyncAt('d1', ops),
    seriesDue: () => series.due(now, 10),
    seriesNextDueAt: () => series.nextDueAt()
  }
  // A re-prepared statement costs at least its compile on every run; one that runs as prepared, a small part of it.
  // The lowest of three measures: a busy machine can slow one down, never make a re-prepare cheap.
  const recompiled = Object.entries(questions)
    .map(([name, ask]) => {
      prepared.length = 0
      ask()
      expect(prepared, name).toHaveLength(1)
      const sql = prepared[0]!
      const shares = [0, 1, 2].map(() => timeOf(ask) / timeOf(() => prepare(sql)))
      return { name, shareOfCompile: Math.round(Math.min(...shares) * 100) / 100 }
    })
    .filter(({ shareOfCompile }) => shareOfCompile > 0.5)
  expect(recompiled).toEqual([])
})
