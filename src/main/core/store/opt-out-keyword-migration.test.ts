// The migration that keeps the word a customer opted out with: entries kept before it have none (the list words them
// as before), and a keyword entry added after it keeps its word.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { CampaignStore } from './campaign-store'
import { openDatabase } from './database'
import { migrations } from './migrations'

const dir = mkdtempSync(join(tmpdir(), 'opt-out-keyword-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('keeps the entries from before it without a word, and the word of a keyword entry after it', () => {
  const step = migrations.findIndex((m) => m.name === 'opt-outs: the word a customer opted out with')
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  old
    .prepare('INSERT INTO opt_outs (phone, source, added_at) VALUES (?, ?, ?)')
    .run('6281200000001', 'keyword', 1_000)
  old.close()

  const db = openDatabase({ dataDir: dir })
  const store = new CampaignStore(db)
  store.addOptOuts(['6281200000002'], 'keyword', 2_000, 'BERHENTI')
  store.addOptOuts(['6281200000003'], 'operator', 3_000)
  expect(store.optOuts().map((o) => [o.phone, o.source, o.keyword])).toEqual([
    ['6281200000003', 'operator', null],
    ['6281200000002', 'keyword', 'BERHENTI'],
    ['6281200000001', 'keyword', null]
  ])
  db.close()
})
