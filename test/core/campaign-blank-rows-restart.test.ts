// QA39 Q39-04 carried over a restart: a sheet's blank rows were named on the form and before a new campaign's start,
// but not kept with the campaign. The saved draft reopened after a restart named them nowhere, and its results export
// had 20 lines fewer than the sheet's rows with nothing saying why.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterEach, expect, it } from 'vitest'
import { type Core } from '../../src/main/core/compose'
import { MemoryVault } from '../../src/main/core/vault'
import { CampaignView } from '../../src/shared/contract'
import { composeSandboxCoreAt, linkSandboxDevice, QUICK_PACING } from './testing/sandbox-core'

let core: Core | null = null
afterEach(async () => {
  await core?.stop()
  core = null
})

const compose = (dataDir: string, vault: MemoryVault): Promise<Core> => composeSandboxCoreAt(dataDir, vault)

it("keeps a draft's blank rows over a restart: its summary and its results export name them", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sd-blank-rows-'))
  const vault = new MemoryVault()
  core = await compose(dataDir, vault)
  const deviceId = await linkSandboxDevice(core)
  // Rows 3 and 4 are blank (the second only separators); row 5's number is invalid.
  const csv = 'Name,Phone\nAni,081234567001\n\n,\nBudi,0812\n'
  const { files } = await core.handlers['files:register']({
    sources: [{ kind: 'bytes', name: 'blanks.csv', dataBase64: Buffer.from(csv).toString('base64') }],
    purpose: 'spreadsheet'
  })
  const sheet = await core.handlers['campaigns:read']({ handle: files[0]?.handle ?? '' })
  const created = await core.handlers['campaigns:create']({
    sheetId: sheet.sheetId,
    name: 'blanks',
    mapping: { phone: 'Phone', variables: [] },
    template: 'Hi',
    pacing: QUICK_PACING,
    devices: [deviceId]
  })
  const named = { total: 2, ready: 1, skipped: 1, blankRows: 2 }
  expect(created.summary).toMatchObject(named)
  await core.stop()

  core = await compose(dataDir, vault)
  const reopened = await core.handlers['campaigns:get']({ id: created.id })
  expect(CampaignView.parse(reopened).summary).toMatchObject(named)
  // The rows' buckets still add up to the campaign's rows; the blank ones are named beside them, in none.
  expect(reopened.counts).toMatchObject({ waiting: 1, skipped: 1 })

  const exported = await core.handlers['campaigns:export']({ id: created.id, format: 'csv', language: 'en' })
  const lines = Papa.parse<string[]>(
    Buffer.from(exported.dataBase64, 'base64')
      .toString('utf8')
      .replace(/^\ufeff/, ''),
    { skipEmptyLines: true }
  ).data
  expect(lines.map((cells) => cells[0])).toEqual([
    'Row',
    '2',
    '5',
    '2 blank rows of the sheet left out: not rows of the campaign, so not listed above.'
  ])
})
