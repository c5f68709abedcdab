// A send the gateway refuses because the device is not connected (its phone logged out) is news about the device: the
// composed core checks the device at once, so the window says "needs a QR scan" without waiting for the next routine
// poll, and the device's messages wait for it (not retried in a tight loop) and go exactly once after the relink.
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { SandboxControl } from '@sender-desk/sandbox-gateway'
import type { Core } from '../../src/main/core/compose'
import { composeHostedCore, type HostedCore } from './testing/hosted-core'

let hosted: HostedCore
let core: Core
let control: SandboxControl

beforeEach(async () => {
  hosted = await composeHostedCore('sd-refused-')
  ;({ core, control } = hosted)
})
afterEach(() => hosted.close())

const stateOf = (id: string): Promise<string | undefined> => hosted.stateOf(id)
const linkedDevice = (label: string): Promise<{ id: string; token: string }> => hosted.linkedDevice(label)

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
