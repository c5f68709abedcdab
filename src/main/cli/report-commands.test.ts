// `sender-desk report` in words: when each message last changed, a time the gateway writes on its own clock with no
// zone, shown on the computer's clock with the zone named (QA10 Q10-09).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '@sender-desk/sandbox-gateway'
import { describeReport } from './report-commands'
import { computerTimeZone } from '../../shared/domain'
import { runCli, runCliJson, sandboxForCli } from './testing/in-process'

let work: string
let sandbox: Sandbox
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-report-cli-'))
  ;({ sandbox, env } = await sandboxForCli(join(work, 'data'), { seed: 4 }))
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('report', () => {
  const item = {
    id: '7',
    from: null,
    to: '6281234567890',
    status: 'read',
    note: null,
    refId: 'r1',
    category: 'text',
    text: 'Halo',
    createdAt: '2026-11-30 08:39:40',
    updatedAt: '2026-11-30 08:39:51'
  }

  it('reads the gateway’s times on its zone and gives them on the clock asked for, named', () => {
    expect(describeReport([item], 'UTC')).toBe('7  to 6281234567890  read  ref r1  at 2026-11-30 01:39 (UTC)')
    expect(describeReport([{ ...item, updatedAt: null }], 'UTC')).toBe('7  to 6281234567890  read  ref r1')
  })

  it('--ref prints each message with its time on the computer’s clock, zone named', async () => {
    const sent = await runCliJson(env, ['send', 'text', '--to', '081234567890', '--message', 'Halo'])
    expect(sent.code).toBe(0)
    const report = await runCli(['report', '--ref', String(sent.json['refId'])], env)
    expect(report.code, report.stderr).toBe(0)
    expect(report.stdout).toMatch(
      new RegExp(`  at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\(${computerTimeZone()}\\)\\n$`)
    )
  })
})
