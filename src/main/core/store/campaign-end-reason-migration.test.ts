// The migration that keeps why a campaign ended (QA77): a campaign already left running or paused with no device (its
// last device removed before this version) ends, cancelled because its device was removed, at that removal; every
// other campaign keeps its status and has no reason.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { CampaignStore } from './campaign-store'
import { openDatabase } from './database'
import { migrations } from './migrations'

const dir = mkdtempSync(join(tmpdir(), 'campaign-end-reason-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('ends a campaign left with no device as cancelled by the removal, and leaves the others as they were', () => {
  const step = migrations.findIndex((m) =>
    m.name.startsWith('campaigns: a campaign whose last device was removed')
  )
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  const insert = old.prepare(
    `INSERT INTO campaigns (id, name, file_name, headers, mapping, template, pacing, devices, seed, status,
       created_at, updated_at, started_at)
     VALUES (?, ?, 'bills.csv', '["Phone"]', '{"phone":"Phone","variables":[]}', 'Hi', '{}', ?, 1, ?, 1000, ?, 1000)`
  )
  insert.run('kedua', 'kedua', '[]', 'paused', 5000)
  insert.run('going', 'going', '["d2"]', 'running', 4000)
  insert.run('done', 'done', '[]', 'finished', 3000)
  old.close()

  const db = openDatabase({ dataDir: dir })
  const store = new CampaignStore(db)
  expect(store.get('kedua')).toMatchObject({
    status: 'cancelled',
    endReason: 'device_removed',
    endedAt: 5000
  })
  expect(store.get('going')).toMatchObject({ status: 'running', endReason: null, endedAt: null })
  expect(store.get('done')).toMatchObject({ status: 'finished', endReason: null })
  // A retried row reopens it: the reason goes with the end.
  store.update('kedua', { status: 'running' }, 6000)
  expect(store.get('kedua')).toMatchObject({ status: 'running', endReason: null, endedAt: null })
  db.close()
})
