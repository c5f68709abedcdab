/**
 * The sandbox gateway answers a send with 429 and a Retry-After; the app quits and starts again on the same data folder
 * before that time: the restarted app (its monitor reporting the device connected as it starts) sends nothing for
 * the device before the time the gateway asked for, its rows saying that time, and sends them all after it.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { type Core } from '../../src/main/core/compose'
import { MemoryVault } from '../../src/main/core/vault'
import { composeSandboxCoreAt, linkSandboxDevice } from './testing/sandbox-core'

let core: Core | null = null
afterEach(async () => {
  await core?.stop()
  core = null
})

const compose = (dataDir: string, vault: MemoryVault): Promise<Core> => composeSandboxCoreAt(dataDir, vault)

async function queue(running: Core, deviceId: string, phone: string): Promise<string> {
  const { itemIds } = await running.handlers['outbox:enqueue']({
    deviceId,
    recipients: [phone],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Pesanan Anda sudah dikirim.' }]
  })
  return itemIds[0]!
}

it('sends nothing before the Retry-After the gateway gave, after a restart on the same data folder', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sd-gateway-hold-'))
  const vault = new MemoryVault()
  core = await compose(dataDir, vault)
  const deviceId = await linkSandboxDevice(core)
  await expect.poll(() => core!.monitor.status(deviceId).state, { timeout: 15_000 }).toBe('connected')
  const sandbox = await core.sandbox.current()
  await sandbox!.control.addFault({
    path: '/api/send-message',
    kind: 'rate-limit',
    retryAfterSec: 6,
    times: 1
  })
  const askedFrom = Date.now()
  const first = await queue(core, deviceId, '6281200000001')
  // Answered 429: back in the queue after its one try.
  const afterTry = async () => {
    const { item } = await core!.handlers['outbox:get']({ id: first })
    return `${item.status} after ${item.attempts}`
  }
  await expect.poll(afterTry, { timeout: 5_000 }).toBe('queued after 1')

  // Quit, and start again on the same data folder before the gateway's wait ends.
  await core.stop()
  core = await compose(dataDir, vault)
  const second = await queue(core, deviceId, '6281200000002')
  const { item: waiting } = await core.handlers['outbox:get']({ id: second })
  expect(waiting.waitReason?.messageKey).toBe('desktop.wait.gatewayRateLimited')
  const until = Date.parse(waiting.nextAttemptAt ?? '')
  expect(until).toBeGreaterThanOrEqual(askedFrom + 6_000)

  const done = async (id: string) => (await core!.handlers['outbox:get']({ id })).item.gatewayId !== null
  await expect.poll(async () => (await done(first)) && (await done(second)), { timeout: 20_000 }).toBe(true)
  const accepted = await (await core.sandbox.current())!.control.acceptedLog()
  expect(accepted.map((entry) => entry.phone).sort()).toEqual(['6281200000001', '6281200000002'])
  for (const entry of accepted) expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(until)
}, 60_000)
