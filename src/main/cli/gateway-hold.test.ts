// The gateway answered a terminal's send with 429 and a Retry-After: the next terminal command (a new process on the
// same data folder) sends nothing for that device before the time the gateway asked for, then sends it all.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SandboxControl, Sandbox } from '@sender-desk/sandbox-gateway'
import { runCliJson, sandboxForCli } from './testing/in-process'

let work: string
let sandbox: Sandbox
let control: SandboxControl
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-gateway-hold-cli-'))
  ;({ sandbox, control, env } = await sandboxForCli(join(work, 'data'), { seed: 7 }))
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

const cli = (...args: string[]) => runCliJson(env, args)

it('waits out the Retry-After a previous terminal command was given before sending anything for the device', async () => {
  await control.addFault({ path: '/api/send-message', kind: 'rate-limit', retryAfterSec: 4, times: 1 })
  expect((await cli('send', 'text', '--to', '081200000001', '--message', 'first', '--queue')).code).toBe(0)
  const askedFrom = Date.now()
  // Answered 429; this command gives up before the gateway's wait ends.
  await cli('outbox', 'flush', '--timeout', '1')
  expect(await control.acceptedLog()).toHaveLength(0)

  // The next command: a new message for another customer. It says it waits for the gateway, until its time.
  expect((await cli('send', 'text', '--to', '081200000002', '--message', 'second', '--queue')).code).toBe(0)
  type Listed = { recipient: string; waitReason?: { messageKey?: string }; nextAttemptAt: string | null }
  const listed = (await cli('outbox', 'list')).json.items as Listed[]
  const second = listed.find((item) => item.recipient === '6281200000002')
  expect(second?.waitReason?.messageKey).toBe('desktop.wait.gatewayRateLimited')
  const until = Date.parse(second?.nextAttemptAt ?? '')
  expect(until).toBeGreaterThanOrEqual(askedFrom + 4_000)

  // A flush that would send both.
  const flushed = await cli('outbox', 'flush', '--timeout', '30')
  expect(flushed.code).toBe(0)
  const accepted = await control.acceptedLog()
  expect(accepted.map((entry) => entry.phone).sort()).toEqual(['6281200000001', '6281200000002'])
  for (const entry of accepted) expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(until)
}, 60_000)
