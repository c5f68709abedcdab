// A send the gateway refuses because the device is not connected (its phone logged out) is news about the device: the
// composed core checks the device at once, so the window says "needs a QR scan" without waiting for the next routine
// poll, and the device's messages wait for it (not retried in a tight loop) and go exactly once after the relink.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { composeCore, type Core } from '../../src/main/core/compose'
import { MemoryVault } from '../../src/main/core/vault'

let dir: string
let core: Core
let gateway: Sandbox
let control: SandboxControl

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sd-refused-'))
  gateway = await startSandbox({})
  control = new SandboxControl(gateway.baseUrl, gateway.controlToken)
  core = await composeCore({
    dataDir: dir,
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    // A backoff capped at 1 s (as the QA walk had it) would let a refused device be probed every second.
    outbox: {
      pacingMs: 0,
      backoffBaseMs: 200,
      backoffCapMs: 1_000,
      trackingIntervalMs: 100,
      trackingCapMs: 200
    },
    // No routine poll in the way: whatever the device view learns in this test, it learns from the refused send.
    pollIntervals: { idleMs: 10 * 60_000, linkingMs: 10 * 60_000, settlingMs: 10 * 60_000 }
  })
  await core.start()
})
afterEach(async () => {
  await core.stop()
  await gateway.close()
  await rm(dir, { recursive: true, force: true })
})

async function linkedDevice(label: string): Promise<{ id: string; token: string }> {
  const created = await control.createDevice({ linked: true })
  const device = await core.handlers['devices:add']({ label, baseUrl: gateway.baseUrl, token: created.token })
  await core.handlers['devices:refresh']({ id: device.id })
  return { id: device.id, token: created.token }
}

const stateOf = async (id: string): Promise<string | undefined> =>
  (await core.handlers['devices:list']({})).devices.find((d) => d.id === id)?.state

it('a send refused as "not connected" shows the device as needing a scan at once; its messages wait and go once after the relink', async () => {
  const a = await linkedDevice('Kantor Pusat')
  const b = await linkedDevice('Cabang Bandung')
  expect(await stateOf(b.id)).toBe('connected')
  // The phone logs out at the gateway; nobody tells the app.
  await control.act(b.token, 'logout')
  const { itemIds } = await core.handlers['outbox:enqueue']({
    deviceId: b.id,
    recipients: ['081200000001'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'halo dari Bandung' }]
  })
  const itemId = itemIds[0]!
  await expect.poll(() => stateOf(b.id), { timeout: 2_000 }).toBe('needs-scan')
  // Device A is not held by B's refusal.
  expect(await stateOf(a.id)).toBe('connected')
  // The item waits for its device, tried once, not again and again.
  await new Promise((resolve) => setTimeout(resolve, 2_500))
  const waiting = await core.handlers['outbox:get']({ id: itemId })
  expect(waiting.item.status).toBe('queued')
  expect(waiting.item.attempts).toBe(1)

  // The relink: the phone scans the new code; the monitor sees the device back and the queue goes.
  await core.handlers['devices:qr']({ id: b.id })
  await control.act(b.token, 'scan')
  await core.handlers['devices:refresh']({ id: b.id })
  expect(await stateOf(b.id)).toBe('connected')
  await expect
    .poll(async () => (await core.handlers['outbox:get']({ id: itemId })).item.gatewayId, { timeout: 5_000 })
    .not.toBeNull()
  const sent = await core.handlers['outbox:get']({ id: itemId })
  // Exactly once at the gateway: one accepted send to that number, and it is this item's.
  const accepted = (await control.acceptedLog()).filter((entry) => entry.phone === '6281200000001')
  expect(accepted.map((entry) => entry.messageId)).toEqual([sent.item.gatewayId])
})
