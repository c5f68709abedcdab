// Deleting a message the gateway keeps to send itself (QA64): deleted here while the gateway did not answer, it went
// out on its day and nothing in the Outbox said so. The gateway's copy is cancelled first, the call awaited; a cancel
// the gateway does not take leaves the message cancelled, saying the gateway still holds it, and nothing deleted.
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { SandboxControl } from '@sender-desk/sandbox-gateway'
import type { Core } from '../../src/main/core/compose'
import { describeCoreError } from '../../src/main/core/compose'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { composeHostedCore, type HostedCore } from './testing/hosted-core'

let hosted: HostedCore
let core: Core
let control: SandboxControl

beforeEach(async () => {
  hosted = await composeHostedCore('sd-schedule-delete-')
  ;({ core, control } = hosted)
})
afterEach(() => hosted.close())

const invoke = (channel: string, request: unknown) =>
  dispatchInvoke(core.handlers, channel, request, { describeError: describeCoreError })

/** A message to one number the gateway keeps to send itself on 1 Jan 2030, saved there. */
async function gatewayKept(deviceId: string, phone: string): Promise<string> {
  const { itemIds } = await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: [phone],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Promo akhir tahun' }],
    schedule: {
      localTime: '2030-01-01T09:00',
      timezone: 'Asia/Jakarta',
      mode: 'gateway',
      overduePolicy: 'send'
    }
  })
  await expect
    .poll(async () => (await core.handlers['outbox:get']({ id: itemIds[0]! })).item.savedAtGateway, {
      timeout: 10_000
    })
    .toBe(true)
  return itemIds[0]!
}

/** Every way the gateway's copy could be removed answers 500 (as a gateway that cannot be reached keeps it). */
async function gatewayRemovesNothing(): Promise<void> {
  await control.addFault({ path: '/api/schedule-cancel/*', method: 'PUT', kind: 'status', status: 500 })
  await control.addFault({ path: '/api/schedule/*', method: 'DELETE', kind: 'status', status: 500 })
}

it('deletes a message the gateway keeps once the gateway has taken its cancel', async () => {
  const device = await hosted.linkedDevice('Gudang')
  const id = await gatewayKept(device.id, '081234567801')

  expect(await invoke('outbox:delete', { id })).toEqual({ ok: true, value: { ok: true } })
  expect((await control.schedules(device.token)).map((schedule) => schedule.status)).toEqual(['cancel'])
  await expect(core.handlers['outbox:get']({ id })).rejects.toThrow()
})

it('keeps a message the gateway still holds, cancelled and saying so, until the gateway takes the cancel', async () => {
  const device = await hosted.linkedDevice('Gudang')
  const id = await gatewayKept(device.id, '081234567802')
  await gatewayRemovesNothing()

  const refused = await invoke('outbox:delete', { id })

  expect(refused.ok).toBe(false)
  if (refused.ok) return
  expect(refused.error.code).toBe('gateway_still_holds')
  expect(refused.error.message).toContain('still holds')
  // Still in the Outbox, cancelled here, the gateway's copy said; the gateway keeps it as it was.
  expect((await core.handlers['outbox:get']({ id })).item).toMatchObject({
    status: 'cancelled',
    gatewayStillHolds: true
  })
  expect((await control.schedules(device.token)).map((schedule) => schedule.status)).not.toContain('cancel')

  // A selection says the same of it, and deletes nothing of it.
  const many = await core.handlers['outbox:deleteMany']({ ids: [id] })
  expect(many.done).toEqual([])
  expect(many.refused.map((refusal) => refusal.id)).toEqual([id])

  await control.clearFaults()
  await expect
    .poll(async () => (await invoke('outbox:delete', { id })).ok, { timeout: 60_000, interval: 500 })
    .toBe(true)
  expect((await control.schedules(device.token)).map((schedule) => schedule.status)).toEqual(['cancel'])
})
