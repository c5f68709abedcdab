// QA73: `sender-desk outbox list` could be narrowed by status only, not to one campaign's messages as the window's
// Campaign filter is: `--campaign <id|name>` and `--direct` (the messages not from any campaign), an unknown campaign
// said as such.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Sandbox } from '@sender-desk/sandbox-gateway'
import { openDatabase } from '../core/store'
import { OutboxStore } from '../core/store/outbox-store'
import { newTextItem } from '../core/store/testing/new-item'
import { createCampaignByCli, runCli, runCliJson, sandboxForCli } from './testing/in-process'

let work: string
let sandbox: Sandbox
let env: NodeJS.ProcessEnv
let billsId: string

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-outbox-campaign-cli-'))
  const dataDir = join(work, 'data')
  ;({ sandbox, env } = await sandboxForCli(dataDir, { seed: 11 }))
  const sheet = join(work, 'rows.csv')
  writeFileSync(sheet, 'Name,Phone\nAni,081377700001\n')
  const create = (name: string): Promise<string> => createCampaignByCli(env, sheet, name)
  billsId = await create('Bills March')
  const promoId = await create('Promo')
  const db = openDatabase({ dataDir })
  new OutboxStore(db).insertItems(
    [
      newTextItem('bills-1', { producerTag: `campaign:${billsId}` }),
      newTextItem('bills-2', { producerTag: `campaign:${billsId}` }),
      newTextItem('promo-1', { producerTag: `campaign:${promoId}` }),
      newTextItem('direct-1', {}),
      newTextItem('series-1', { producerTag: 'series:s1' })
    ],
    [],
    [],
    1
  )
  db.close()
}, 60_000)

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

const listed = async (...flags: string[]): Promise<string[]> => {
  const run = await runCliJson(env, ['outbox', 'list', ...flags])
  expect(run.code, JSON.stringify(run.json)).toBe(0)
  return (run.json.items as { id: string }[]).map((item) => item.id).sort()
}

it("lists one campaign's messages, by its id or its name", async () => {
  expect(await listed('--campaign', billsId)).toEqual(['bills-1', 'bills-2'])
  expect(await listed('--campaign', 'Bills March')).toEqual(['bills-1', 'bills-2'])
  expect(await listed('--campaign', 'promo')).toEqual(['promo-1'])
})

it('lists the direct sends only: the messages not from any campaign', async () => {
  expect(await listed('--direct')).toEqual(['direct-1', 'series-1'])
})

it('refuses an unknown campaign, and --campaign with --direct, saying why', async () => {
  const unknown = await runCli(['outbox', 'list', '--campaign', 'Nope'], env)
  expect(unknown.code).toBe(2)
  expect(unknown.stderr).toContain('no campaign "Nope"')
  const both = await runCli(['outbox', 'list', '--campaign', 'Promo', '--direct'], env)
  expect(both.code).toBe(2)
  expect(both.stderr).toContain('--campaign or --direct, not both')
  const help = await runCli(['outbox', 'help'], env)
  expect(help.stdout.replace(/\s+/g, ' ')).toContain('[--campaign <id|name> | --direct]')
})

// The count given back is of the narrowed set, and so is the core's refusal when more match now: it said "2 messages
// match now, not 1" without the campaign (or "not from any campaign") that the asking and the done lines name.
it('refuses a stale --expect naming the campaign, or the direct sends, it counted; nothing is done', async () => {
  const bills = await runCliJson(env, [
    'outbox',
    'cancel',
    '--matching',
    '--campaign',
    'bills march',
    '--expect',
    '1'
  ])
  expect(bills).toEqual({
    code: 2,
    json: {
      ok: false,
      exitCode: 2,
      error:
        'The list changed: 2 messages of campaign "Bills March" match now, not 1. Look at the list again and confirm again.'
    }
  })
  const direct = await runCli(['outbox', 'cancel', '--matching', '--direct', '--expect', '1'], env)
  expect(direct.code).toBe(2)
  expect(direct.stderr).toContain(
    'The list changed: 2 messages not from any campaign match now, not 1. Look at the list again and confirm again.'
  )
  expect(await listed('--status', 'queued')).toEqual([
    'bills-1',
    'bills-2',
    'direct-1',
    'promo-1',
    'series-1'
  ])
})
