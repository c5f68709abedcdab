// A campaign's take-back from the terminal: what its tally tells the operator to run next.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Sandbox, SandboxControl } from '@sender-desk/sandbox-gateway'
import type { Core } from '../../src/main/core/compose'
import { appCoreOn, runCli, runCliJson, sandboxForCli } from '../../src/main/cli/testing/in-process'

let work: string
let sandbox: Sandbox
let control: SandboxControl
let env: NodeJS.ProcessEnv
let app: Core

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-takeback-beside-'))
  const dataDir = join(work, 'data')
  ;({ sandbox, control, env } = await sandboxForCli(dataDir, {
    seed: 31,
    timings: { sentAfterMs: 50, deliveredAfterMs: 50, readAfterMs: 50 }
  }))
  app = await appCoreOn(dataDir)
})
afterEach(async () => {
  await app.stop()
  await sandbox.close()
  rmSync(work, { recursive: true, force: true })
})

const cli = (...args: string[]) => runCliJson(env, args)

/** The gateway's statuses of the messages whose text starts with `text`. */
async function statuses(text: string): Promise<string[]> {
  return (await control.messages()).filter((m) => m.text?.startsWith(text)).map((m) => m.status)
}

/** A one-row campaign sent from the terminal before the app opens: its message is at the gateway. */
async function sentCampaign(text: string, phone: string): Promise<string> {
  const sheet = join(work, `${phone}.csv`)
  writeFileSync(sheet, `Name,Phone\nAni,${phone}\n`)
  const made = await cli(
    'campaign',
    'create',
    '--file',
    sheet,
    '--template',
    `${text} {Name}`,
    '--hours',
    'any'
  )
  expect(made.code, JSON.stringify(made.json)).toBe(0)
  const id = (made.json.campaign as { id: string }).id
  expect((await cli('campaign', 'start', id, '--timeout', '5')).code).toBe(0)
  expect(await statuses(text)).toHaveLength(1)
  return id
}

describe("a take-back's tally when its time is up", () => {
  it('names the command that carries it on, with the campaign id', async () => {
    const id = await sentCampaign('Wrong day', '081234567055')
    await control.addFault({ path: '/api/revoke-message', kind: 'rate-limit', retryAfterSec: 3600 })
    try {
      const taken = await runCli(['campaign', 'takeback', id, '--revoke-delivered', '--timeout', '1'], env)
      expect(taken.code).toBe(4)
      expect(taken.stdout).toContain(`sender-desk campaign takeback resume ${id}`)
      expect(taken.stdout).not.toContain('run the command again')
    } finally {
      await control.clearFaults()
    }
  })
})
