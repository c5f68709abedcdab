// A spent quota, then a top-up, through the composed core over the sandbox: the sandbox panel's "Top up" raises the
// quota as buying the package again does, the app sees it as it sees a real gateway's (a check of the device), and
// the messages that waited for quota each go out exactly once.
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Core } from '../../src/main/core/compose'
import { composeSandboxCore, linkSandboxDevice } from './testing/sandbox-core'

let core: Core

beforeEach(async () => {
  // No routine poll in the way: only the top-up (or Check again) can tell the app the quota is back.
  core = await composeSandboxCore('sd-top-up-', undefined, {
    pollIntervals: { idleMs: 10 * 60_000, linkingMs: 10 * 60_000, settlingMs: 10 * 60_000 }
  })
})
afterEach(async () => core.stop())

const RECIPIENTS = ['081200000001', '081200000002', '081200000003']

/** A linked sandbox device whose quota is spent, with three messages that the gateway refused for it waiting. */
async function waitingForQuota(): Promise<{ deviceId: string; token: string }> {
  const deviceId = await linkSandboxDevice(core)
  const sandbox = await core.sandbox.current()
  const token = (await sandbox?.control.devices())?.[0]?.token ?? ''
  await sandbox?.control.setQuota(token, 0)
  await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: RECIPIENTS,
    isGroup: false,
    entries: [{ kind: 'text', text: 'Halo' }]
  })
  const shown = async (): Promise<unknown> =>
    (await core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)?.quota
  await expect.poll(shown, { timeout: 5_000 }).toBe(0)
  const items = (await core.handlers['outbox:list']({ offset: 0, limit: 10 })).items
  expect(items.map((i) => i.status)).toEqual(['queued', 'queued', 'queued'])
  expect(await sandbox?.control.messages()).toHaveLength(0)
  return { deviceId, token }
}

async function sentOnceEach(): Promise<void> {
  const sandbox = await core.sandbox.current()
  const taken = async (): Promise<number> => (await sandbox?.control.messages())?.length ?? 0
  await expect.poll(taken, { timeout: 5_000 }).toBe(RECIPIENTS.length)
  // Time for a second copy to slip through, if anything sent one.
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const phones = (await sandbox?.control.messages())?.map((m) => m.phone).sort()
  expect(phones).toEqual(RECIPIENTS.map((phone) => `62${phone.slice(1)}`))
  const items = (await core.handlers['outbox:list']({ offset: 0, limit: 10 })).items
  expect(items.every((item) => item.gatewayId !== null)).toBe(true)
  expect(new Set(items.map((item) => item.gatewayId)).size).toBe(RECIPIENTS.length)
}

it("tops up a sandbox device's spent quota from its panel: the quota shows and each waiting message goes once", async () => {
  const { deviceId } = await waitingForQuota()
  const view = await core.handlers['sandbox:topUp']({ deviceId, amount: 100 })
  expect(view.quota).toBeGreaterThanOrEqual(100 - RECIPIENTS.length)
  await sentOnceEach()
  const listed = (await core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)
  await expect
    .poll(async () => (await core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)?.quota)
    .toBe(100 - RECIPIENTS.length)
  expect(listed?.state).toBe('connected')
})

it("sends what waited once a real gateway's top-up is seen by Check again, without waiting for the next probe", async () => {
  const { deviceId, token } = await waitingForQuota()
  // Topped up at the provider (its dashboard): the app learns it only from a check of the device.
  await (await core.sandbox.current())?.control.setQuota(token, 50)
  expect((await core.handlers['devices:refresh']({ id: deviceId })).quota).toBe(50)
  await sentOnceEach()
})

it('refuses a top-up for a device it does not know, and the spent quota stays as it was', async () => {
  const { deviceId } = await waitingForQuota()
  await expect(core.handlers['sandbox:topUp']({ deviceId: 'no-such-device', amount: 100 })).rejects.toThrow()
  expect((await core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)?.quota).toBe(0)
})
