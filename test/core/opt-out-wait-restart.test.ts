/**
 * A customer's STOP with a confirmation, the app quit before the confirmation left the queue: the number's push to the
 * gateway's blacklist is kept in the data folder (written with the opt-out), so the next start makes it once the
 * confirmation is on its way; the device's catch-ups meanwhile (at that start, after its token was given again) leave
 * the number alone until then.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { type Core } from '../../src/main/core/compose'
import { startTestRelay, type TestRelay } from '../../src/main/core/inbox/testing/test-relay'
import { MemoryVault } from '../../src/main/core/vault'
import { composeSandboxCoreAt, linkSandboxDevice } from './testing/sandbox-core'

let core: Core | null = null
let relay: TestRelay | null = null
afterEach(async () => {
  await core?.stop()
  core = null
  await relay?.close()
  relay = null
})

const compose = (dataDir: string, vault: MemoryVault): Promise<Core> => composeSandboxCoreAt(dataDir, vault)

const CUSTOMER = '6281300000009'

/** Whether the sandbox gateway refuses a message to the customer for its blacklist (a probe sent around the app). */
async function blacklisted(running: Core): Promise<boolean> {
  const sandbox = await running.sandbox.current()
  const token = (await sandbox?.control.devices())?.[0]?.token ?? ''
  const probe = `probe ${Date.now()} ${Math.random()}`
  await fetch(`${sandbox?.baseUrl}/api/send-message`, {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone: CUSTOMER, message: probe })
  })
  const sent = (await sandbox?.control.messages())?.find((m) => JSON.stringify(m).includes(probe))
  return /blacklist/i.test(JSON.stringify(sent))
}

it('pushes a STOP to the blacklist after a restart, once its confirmation left the queue, not before', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sd-optout-wait-'))
  const vault = new MemoryVault()
  relay = await startTestRelay()
  core = await compose(dataDir, vault)
  const deviceId = await linkSandboxDevice(core)
  const serial = core.monitor.status(deviceId).info?.serial
  await core.handlers['settings:update']({ optOutConfirmation: 'Baik, Anda tidak akan menerima pesan lagi.' })
  // The confirmation stays in the queue: the operator paused sending.
  await core.handlers['outbox:setPaused']({ paused: true })
  const connected = await core.inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  expect(
    await relay.post(
      connected.urls.incoming,
      JSON.stringify({
        id: 'WA-WAIT-1',
        pushName: 'Dewi',
        isGroup: false,
        isFromMe: false,
        message: 'STOP',
        phone: CUSTOMER,
        messageType: 'text',
        deviceId: serial,
        timestamp: new Date().toISOString()
      })
    )
  ).toBe(200)
  const confirmation = async (running: Core) =>
    (await running.handlers['outbox:list']({ offset: 0, limit: 50 })).items.find((item) =>
      item.recipient.endsWith(CUSTOMER.slice(2))
    )
  await expect.poll(async () => (await confirmation(core!))?.status, { timeout: 15_000 }).toBe('queued')

  // Quit before the confirmation left, and start again over the same data folder.
  await core.stop()
  core = await compose(dataDir, vault)
  expect((await confirmation(core))?.status).toBe('queued')
  // The device's catch-up at this start left the number alone: the confirmation would be refused.
  await expect.poll(() => core!.monitor.status(deviceId).state, { timeout: 15_000 }).toBe('connected')
  expect(await blacklisted(core)).toBe(false)
  // The token given again: nothing is known of that gateway's blacklist, so it catches up with the whole list, all
  // but the number whose confirmation still waits.
  const sandbox = await core.sandbox.current()
  const { token, secret } = (await sandbox!.control.devices())[0]! as { token: string; secret?: string }
  await core.handlers['devices:updateToken']({ id: deviceId, token, ...(secret ? { secret } : {}) })
  await expect.poll(() => core!.monitor.status(deviceId).state, { timeout: 15_000 }).toBe('connected')
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  expect(await blacklisted(core)).toBe(false)

  await core.handlers['outbox:setPaused']({ paused: false })
  await expect
    .poll(async () => (await confirmation(core!))?.status, { timeout: 20_000 })
    .toMatch(/^(accepted|sent|delivered|read)$/)
  expect((await confirmation(core))?.failure ?? null).toBeNull()
  await expect.poll(() => blacklisted(core!), { timeout: 15_000 }).toBe(true)
}, 90_000)
