// The migration that gave a series an optional end (QA33 Q33-05): a series stored before it reads back as it was,
// active with no end, and goes on until stopped.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from './database'
import { migrations } from './migrations'
import { SeriesStore } from './series-store'

const dir = mkdtempSync(join(tmpdir(), 'series-end-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('keeps a series stored before ends had a column: active, no end, still due', () => {
  const step = migrations.findIndex(
    (m) => m.name === 'series: an optional end, a last day or a number of times'
  )
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  old
    .prepare(
      `INSERT INTO outbox_series (id, device_id, recipients, is_group, start_local, time_zone, rule_kind, rule_days,
         overdue_policy, status, next_index, next_at, occurrences, last_occurrence_at, created_at, updated_at)
       VALUES ('s1', 'd1', '["6281"]', 0, '2026-01-15T11:00:00', 'Asia/Jakarta', 'daily', NULL, 'send', 'active', 4,
         5000, 4, 4000, 1000, 4000)`
    )
    .run()
  old.close()

  const db = openDatabase({ dataDir: dir })
  const store = new SeriesStore(db)
  expect(store.get('s1')).toMatchObject({
    status: 'active',
    endDate: null,
    endTimes: null,
    lastIndex: null,
    nextIndex: 4,
    nextAt: 5000
  })
  expect(store.due(5000, 10).map((s) => s.id)).toEqual(['s1'])
  db.close()
})
