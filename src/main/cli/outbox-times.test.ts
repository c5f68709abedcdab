// `sender-desk outbox list` and `outbox retry|cancel <id>` print when each message was created and when its status
// came, on the operator's clock (the computer's zone, TZ) with the zone named, never a bare or UTC time.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '@sender-desk/sandbox-gateway'
import { instantToLocal } from '../../shared/domain'
import { runCli, runCliJson, sandboxForCli } from './testing/in-process'

let work: string
let sandbox: Sandbox
let env: NodeJS.ProcessEnv
const zoneBefore = process.env.TZ

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-outbox-times-'))
  ;({ sandbox, env } = await sandboxForCli(join(work, 'data'), { seed: 11 }))
})

afterEach(() => {
  if (zoneBefore === undefined) delete process.env.TZ
  else process.env.TZ = zoneBefore
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

/** "2026-11-30 08:40 (Asia/Jayapura)": an ISO instant on that zone's clock, as the terminal should print it. */
function onClock(iso: string, zone: string): string {
  const { date, time } = instantToLocal(Date.parse(iso), zone)
  return `${date} ${time.slice(0, 5)} (${zone})`
}

describe('the outbox in the terminal, run with TZ other than UTC', () => {
  it.each(['Asia/Jayapura', 'Asia/Jakarta'])(
    'prints created and status times on %s’s clock, zone named',
    async (zone) => {
      process.env.TZ = zone
      const queued = await runCliJson(env, [
        'send',
        'text',
        '--to',
        '081200000001',
        '--message',
        `tz ${zone}`,
        '--queue'
      ])
      expect(queued.code).toBe(0)
      const [id] = queued.json.itemIds as string[]
      await runCliJson(env, ['outbox', 'cancel', id!])
      const listed = await runCliJson(env, ['outbox', 'list'])
      const item = (listed.json.items as { id: string; createdAt: string; updatedAt: string }[]).find(
        (i) => i.id === id
      )!

      const list = await runCli(['outbox', 'list'], env)
      const line = list.stdout.split('\n').find((l) => l.startsWith(id!))!
      expect(line).toContain(`created ${onClock(item.createdAt, zone)}`)
      expect(line).toContain(`cancelled ${onClock(item.updatedAt, zone)}`)
      // No time printed without its zone: each time is followed by the zone it is on.
      expect(line.match(/\d{2}:\d{2}(?! \()/g)).toBeNull()

      const retried = await runCli(['outbox', 'retry', id!], env)
      expect(retried.code).toBe(0)
      expect(retried.stdout).toContain(`created ${onClock(item.createdAt, zone)}`)
      expect(retried.stdout).toMatch(
        new RegExp(`queued \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\(${zone.replace('/', '\\/')}\\)`)
      )
    }
  )
})
