// `sender-desk device …` in its words: a restart says what the gateway said (the endpoint only when it was the
// legacy reconnect).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '@sender-desk/sandbox-gateway'
import { describeRestart } from './device-commands'
import { runCli, sandboxForCli } from './testing/in-process'

let work: string
let sandbox: Sandbox
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-device-cli-'))
  ;({ sandbox, env } = await sandboxForCli(join(work, 'data'), { seed: 3 }))
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('device restart', () => {
  it('prints the gateway’s line, without naming the endpoint that answered', async () => {
    const run = await runCli(['device', 'restart'], env)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/restart device \S+ success/)
    expect(run.stdout).not.toContain('via')
  })

  it('says so plainly when the gateway only had the legacy reconnect', () => {
    const message = 'device successfully reconnected'
    expect(describeRestart({ via: 'restart', message, deviceId: null })).toBe(message)
    expect(describeRestart({ via: 'reconnect', message, deviceId: '7' })).toBe(
      `${message} (this gateway has no restart: the device was reconnected instead)`
    )
  })
})
