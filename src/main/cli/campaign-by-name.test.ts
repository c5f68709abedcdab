// QA80 (7): `campaign status Arisan` said "No campaign Arisan." (exit 2) while `outbox list --campaign` takes a
// campaign's name and `campaign status` prints names. Every `campaign …` command that takes an id takes a name too,
// by the one resolver `--campaign` asks; a name two campaigns share is refused naming their ids.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Sandbox } from '@sender-desk/sandbox-gateway'
import { createCampaignByCli, runCli, runCliJson, sandboxForCli } from './testing/in-process'

let work: string
let sandbox: Sandbox
let env: NodeJS.ProcessEnv
let arisanId: string
const promoIds: string[] = []

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-campaign-by-name-'))
  ;({ sandbox, env } = await sandboxForCli(join(work, 'data'), { seed: 12 }))
  const sheet = join(work, 'rows.csv')
  writeFileSync(sheet, 'Name,Phone\nAni,081377700011\n')
  const create = (name: string): Promise<string> => createCampaignByCli(env, sheet, name)
  arisanId = await create('Arisan')
  promoIds.push(await create('Promo'), await create('Promo'))
}, 60_000)

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

it('shows, paces and exports a campaign given by its name, case aside, as by its id', async () => {
  for (const asked of ['Arisan', 'arisan', arisanId]) {
    const status = await runCliJson(env, ['campaign', 'status', asked])
    expect(status.code, JSON.stringify(status.json)).toBe(0)
    expect((status.json.campaigns as { id: string }[]).map((c) => c.id)).toEqual([arisanId])
  }
  const paced = await runCliJson(env, ['campaign', 'pacing', 'Arisan', '--cap', '120'])
  expect(paced.code, JSON.stringify(paced.json)).toBe(0)
  expect((paced.json.campaign as { id: string }).id).toBe(arisanId)
  const out = join(work, 'arisan.csv')
  const exported = await runCli(['campaign', 'export', 'Arisan', '--out', out], env)
  expect(exported.code, exported.stderr).toBe(0)
  expect(readFileSync(out, 'utf8')).toContain('6281377700011')
  // The take-back's own refusal names the campaign found by the name: the name reached it.
  const pause = await runCli(['campaign', 'takeback', 'pause', 'Arisan'], env)
  expect(pause.code).toBe(2)
  expect(pause.stderr).toContain(`campaign ${arisanId} has no take-back under way to pause`)
})

it('refuses a name two campaigns share, naming their ids, and an unknown one, naming the campaigns', async () => {
  const shared = await runCli(['campaign', 'status', 'Promo'], env)
  expect(shared.code).toBe(2)
  expect(shared.stderr).toContain(`2 campaigns are named "Promo": give one's id (`)
  for (const promoId of promoIds) expect(shared.stderr).toContain(promoId)
  const cancel = await runCli(['campaign', 'cancel', 'promo'], env)
  expect(cancel.code).toBe(2)
  expect(cancel.stderr).toContain('2 campaigns are named "promo"')
  const unknown = await runCli(['campaign', 'status', 'Nope'], env)
  expect(unknown.code).toBe(2)
  expect(unknown.stderr).toMatch(/no campaign "Nope" \(by id or name\); the campaigns: .*"Arisan"/)
  // Nothing was cancelled by the refused name.
  const promo = await runCliJson(env, ['campaign', 'status', promoIds[0]!])
  expect((promo.json.campaigns as { state: string }[])[0]!.state).not.toBe('cancelled')
})

it('says in its help that a campaign is given by its id or its name', async () => {
  const help = await runCli(['campaign', 'help'], env)
  expect(help.stdout.replace(/\s+/g, ' ')).toContain(
    "(<id> of every campaign command: the campaign's id, or its name, case aside, when no other has it)"
  )
})
