// A campaign start's chunks ask about their own rows only: each asked row is looked up by its key, so a chunk of 20
// rows costs the same in a campaign of 100 rows as in one of 100,000 (a walk of the campaign's rows made every
// chunk of a 10,000-row start cost ~10 ms whatever its size, and the chunks shrank to 20 rows).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { CampaignStore } from './campaign-store'
import { openDatabase, type SqliteDatabase } from './database'
import { queryPlan, recordPreparedSql } from './testing/prepared-sql'

let dir: string
let db: SqliteDatabase
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'campaign-store-plans-test-'))
  db = openDatabase({ dataDir: dir })
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The plan steps of every statement `work` prepared that read or write campaign rows. */
function campaignRowSteps(work: (store: CampaignStore) => void): string[] {
  const { prepared, prepareUnrecorded } = recordPreparedSql(db)
  work(new CampaignStore(db))
  return prepared
    .filter((sql) => sql.includes('campaign_rows'))
    .flatMap((sql) => queryPlan(prepareUnrecorded, sql, '[]'))
}

it("looks up a start chunk's rows by their key, not by walking the campaign's rows", () => {
  const steps = campaignRowSteps((store) => {
    store.linkedItems('c1', [2, 3])
    store.linkStartingRows('c1', [{ rowNumber: 2, itemId: 'i2', deviceId: 'd1' }], [])
  })
  const rowSteps = steps.filter((step) => /\bcampaign_rows\b|\br\b/.test(step) && !/VIRTUAL TABLE/.test(step))
  expect(rowSteps.length).toBeGreaterThan(0)
  // Each touch of campaign_rows is a search by (campaign_id, row_number), never a search by campaign alone.
  for (const step of rowSteps) expect(step).toMatch(/campaign_id=\? AND row_number=\?/)
})
