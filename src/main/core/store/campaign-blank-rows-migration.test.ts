// The migration that keeps with a campaign the blank rows its sheet had (QA39 Q39-04 carried over): a campaign stored
// before it reads back as not knowing them (null, named nowhere), one written after keeps its count.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { CampaignStore } from './campaign-store'
import { openDatabase } from './database'
import { migrations } from './migrations'

const dir = mkdtempSync(join(tmpdir(), 'campaign-blank-rows-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('reads a campaign stored before blank rows were kept as not knowing them, and keeps a new one’s count', () => {
  const step = migrations.findIndex((m) => m.name.startsWith('campaigns: the blank rows of their sheet'))
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  old
    .prepare(
      `INSERT INTO campaigns (id, name, file_name, headers, mapping, template, pacing, devices, seed, status,
         created_at, updated_at, started_at)
       VALUES ('old', 'bills', 'bills.csv', '["Phone"]', '{"phone":"Phone","variables":[]}', 'Hi', '{}', '["d1"]', 1,
         'draft', 1000, 1000, NULL)`
    )
    .run()
  old.close()

  const db = openDatabase({ dataDir: dir })
  const store = new CampaignStore(db)
  expect(store.get('old')).toMatchObject({ name: 'bills', status: 'draft', blankRows: null })
  const stored = store.get('old')
  if (!stored) throw new Error('the old campaign is gone')
  store.beginImport({ ...stored, id: 'new', name: 'bills 2', blankRows: 20 }, process.pid)
  expect(store.finishImport('new', 2000)).toBe(true)
  expect(store.get('new')?.blankRows).toBe(20)
  db.close()
})
