// `sender-desk outbox list --status` takes the outbox filter's choices: since the filter parted the opted-out from the
// cancelled, `--status cancelled` left them out, and nothing listed them: `optedOut` does.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Sandbox } from '@sender-desk/sandbox-gateway'
import { STATUS_FILTER_CHOICES } from '../../shared/domain/status-buckets'
import { openDatabase } from '../core/store'
import { OutboxStore } from '../core/store/outbox-store'
import { newTextItem } from '../core/store/testing/new-item'
import { OPTED_OUT_NOTE } from '../core/outbox'
import { runCli, runCliJson, sandboxForCli } from './testing/in-process'

let work: string
let sandbox: Sandbox
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-outbox-status-cli-'))
  const dataDir = join(work, 'data')
  ;({ sandbox, env } = await sandboxForCli(dataDir, { seed: 9 }))
  // One cancelled by hand, one cancelled because its number opted out (a campaign's row), as the outbox keeps them.
  const db = openDatabase({ dataDir })
  new OutboxStore(db).insertItems(
    [
      newTextItem('by-hand', { status: 'cancelled', closedAt: 5 }),
      newTextItem('opted-out', { status: 'cancelled', closedAt: 5, failureMessage: OPTED_OUT_NOTE })
    ],
    [],
    [],
    1
  )
  db.close()
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

const listed = async (status: string): Promise<string[]> => {
  const run = await runCliJson(env, ['outbox', 'list', '--status', status])
  expect(run.code, JSON.stringify(run.json)).toBe(0)
  return (run.json.items as { id: string }[]).map((item) => item.id).sort()
}

it('lists the opted-out apart from the cancelled, as optedOut or opted-out', async () => {
  expect(await listed('cancelled')).toEqual(['by-hand'])
  expect(await listed('optedOut')).toEqual(['opted-out'])
  expect(await listed('opted-out')).toEqual(['opted-out'])
  expect(await listed('cancelled,optedOut')).toEqual(['by-hand', 'opted-out'])
})

it('names every choice, optedOut with them, when a status is unknown and in its help', async () => {
  const unknown = await runCli(['outbox', 'list', '--status', 'gone'], env)
  expect(unknown.code).toBe(2)
  expect(unknown.stderr).toContain(`one of ${STATUS_FILTER_CHOICES.join(', ')}`)
  const help = await runCli(['outbox', 'help'], env)
  expect(help.code).toBe(0)
  const words = help.stdout.replace(/\s+/g, ' ')
  for (const choice of STATUS_FILTER_CHOICES) expect(words).toContain(choice)
  expect(words).toContain('optedOut (or opted-out: cancelled as the number opted out)')
})
