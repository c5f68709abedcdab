// The migration that keeps the times an operator skipped in a series (QA70): a counted series stored before it reads
// its skips back from what its end counted, so its row adds up ("Made 1 time, skipped 2" beside "3 of 3 times").
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from './database'
import { migrations } from './migrations'
import { SeriesStore } from './series-store'

const dir = mkdtempSync(join(tmpdir(), 'series-skipped-by-operator-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('finds the skips of a counted series stored before; one with no count of times had none known', () => {
  const step = migrations.findIndex((m) => m.name === 'series: how many times the operator skipped')
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  // s1: 3 times from occurrence 2 (its last 4), all come: 1 made, 1 skipped while closed, so 1 skipped by hand.
  // s2: no end: its skips are not known.
  old
    .prepare(
      `INSERT INTO outbox_series (id, device_id, recipients, is_group, start_local, time_zone, rule_kind, rule_days,
         overdue_policy, status, end_times, last_index, next_index, next_at, occurrences, skipped, last_occurrence_at,
         created_at, updated_at)
       VALUES ('s1', 'd1', '["6281"]', 0, '2026-01-15T11:00:00', 'Asia/Jakarta', 'daily', NULL, 'send', 'ended', 3, 4,
         5, NULL, 1, 1, 4000, 1000, 4000),
         ('s2', 'd1', '["6281"]', 0, '2026-01-15T11:00:00', 'Asia/Jakarta', 'daily', NULL, 'send', 'active', NULL,
         NULL, 6, 5000, 2, 0, 4000, 1000, 4000)`
    )
    .run()
  old.close()

  const db = openDatabase({ dataDir: dir })
  const store = new SeriesStore(db)
  expect(store.get('s1')).toMatchObject({ occurrences: 1, skipped: 1, skippedByOperator: 1 })
  expect(store.get('s2')).toMatchObject({ occurrences: 2, skipped: 0, skippedByOperator: 0 })
  db.close()
})
