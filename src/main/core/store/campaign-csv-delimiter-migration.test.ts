// The migration that keeps with a campaign the separator of the CSV it was imported from (QA73: its results and
// skipped rows are written with it): a campaign stored before it reads back as not knowing it (null: the window
// language's separator is written), one written after keeps its own.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { CampaignStore } from './campaign-store'
import { openDatabase } from './database'
import { migrations } from './migrations'

const dir = mkdtempSync(join(tmpdir(), 'campaign-csv-delimiter-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('reads a campaign stored before the separator was kept as not knowing it, and keeps a new one’s', () => {
  const step = migrations.findIndex((m) => m.name.startsWith('campaigns: the separator of the CSV'))
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  old
    .prepare(
      `INSERT INTO campaigns (id, name, file_name, headers, mapping, template, pacing, devices, seed, status,
         created_at, updated_at, started_at)
       VALUES ('old', 'tagihan', 'tagihan.csv', '["No HP"]', '{"phone":"No HP","variables":[]}', 'Halo', '{}',
         '["d1"]', 1, 'draft', 1000, 1000, NULL)`
    )
    .run()
  old.close()

  const db = openDatabase({ dataDir: dir })
  const store = new CampaignStore(db)
  expect(store.get('old')).toMatchObject({ name: 'tagihan', csvDelimiter: null })
  const stored = store.get('old')
  if (!stored) throw new Error('the old campaign is gone')
  store.beginImport({ ...stored, id: 'new', name: 'tagihan 2', csvDelimiter: ';' }, process.pid)
  expect(store.finishImport('new', 2000)).toBe(true)
  expect(store.get('new')?.csvDelimiter).toBe(';')
  db.close()
})
