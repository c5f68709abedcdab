// The migration that keeps when a campaign ended: one that ended before it reads back as not known (null, named
// nowhere), not as its last change (a rename or a removed device moves that later); one ended after keeps its end.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { CampaignStore } from './campaign-store'
import { openDatabase } from './database'
import { migrations } from './migrations'

const dir = mkdtempSync(join(tmpdir(), 'campaign-ended-at-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('reads a campaign that ended before its end was kept as not known, and keeps a later one’s end', () => {
  const step = migrations.findIndex((m) =>
    m.name.startsWith('campaigns: when each finished or was cancelled')
  )
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  const insert = old.prepare(
    `INSERT INTO campaigns (id, name, file_name, headers, mapping, template, pacing, devices, seed, status,
       created_at, updated_at, started_at)
     VALUES (?, 'bills', 'bills.csv', '["Phone"]', '{"phone":"Phone","variables":[]}', 'Hi', '{}', '["d1"]', 1,
       ?, 1000, 9000, 2000)`
  )
  insert.run('ended', 'finished')
  insert.run('running', 'running')
  old.close()

  const db = openDatabase({ dataDir: dir })
  const store = new CampaignStore(db)
  expect(store.get('ended')).toMatchObject({ status: 'finished', updatedAt: 9000, endedAt: null })
  store.update('running', { status: 'cancelled' }, 10_000)
  expect(store.get('running')?.endedAt).toBe(10_000)
  db.close()
})
