/**
 * A campaign draft whose device is removed, through the composed core. The removal's question names each draft it
 * leaves with no device (and those that keep others); such a draft's start is refused with those words, at its devices,
 * before anything is queued (it queued its rows on no device and read "sending"), until one is chosen for it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/core/compose'
import { composeSandboxCore, linkSandboxDevice, QUICK_PACING } from './testing/sandbox-core'

let core: Core

beforeEach(async () => {
  core = await composeSandboxCore('sd-draft-removal-')
})
afterEach(async () => core.stop())

/** A draft of two rows on `devices`, not started. */
async function draft(name: string, devices: string[]): Promise<string> {
  const csv = ['Name,Phone', '"A",081234567011', '"B",081234567012'].join('\n')
  const { files } = await core.handlers['files:register']({
    sources: [{ kind: 'bytes', name: `${name}.csv`, dataBase64: Buffer.from(csv).toString('base64') }],
    purpose: 'spreadsheet'
  })
  const sheet = await core.handlers['campaigns:read']({ handle: files[0]!.handle })
  const created = await core.handlers['campaigns:create']({
    sheetId: sheet.sheetId,
    name,
    mapping: { phone: 'Phone', variables: ['Name'] },
    template: 'Halo {Name}',
    pacing: QUICK_PACING,
    devices
  })
  return created.id
}

describe('removing a campaign draft’s device', () => {
  it('tells the question beforehand which drafts are left with no device and which keep others', async () => {
    const first = await linkSandboxDevice(core)
    const second = await linkSandboxDevice(core)
    await core.handlers['devices:rename']({ id: second, label: 'Gudang' })
    const alone = await draft('sendiri', [first])
    const shared = await draft('bersama', [first, second])
    await draft('lain', [second])

    const preview = await core.handlers['devices:removalPreview']({ id: first })

    expect(preview.drafts).toEqual(
      expect.arrayContaining([
        { id: alone, name: 'sendiri', keeps: [] },
        { id: shared, name: 'bersama', keeps: ['Gudang'] }
      ])
    )
    expect(preview.drafts).toHaveLength(2)
    // A draft is no campaign sending on it: its rows neither move nor end.
    expect(preview.campaigns).toEqual([])
  })

  it('refuses the start of a draft left with no device, at its devices, queueing nothing', async () => {
    const device = await linkSandboxDevice(core)
    const id = await draft('sendiri', [device])
    const heard: unknown[] = []
    core.events.subscribe((event, payload) => {
      if (event === 'campaigns:changed') heard.push(payload)
    })
    await core.handlers['devices:remove']({ id: device })
    // The window hears it: a draft page open then reads it again, with no device.
    expect(heard).toContainEqual({ id })
    expect((await core.handlers['campaigns:get']({ id })).devices).toEqual([])

    const refused = await core.handlers['campaigns:start']({ id }).then(
      () => null,
      (error: unknown) => error
    )

    expect(refused).toMatchObject({
      code: 'invalid_input',
      field: 'devices',
      message: 'This draft has no device: choose one before starting.'
    })
    const view = await core.handlers['campaigns:get']({ id })
    expect(view.status).toBe('draft')
    expect((await core.handlers['outbox:list']({ offset: 0, limit: 10 })).total).toBe(0)
  })

  it('starts on a device chosen for it afterwards', async () => {
    const first = await linkSandboxDevice(core)
    const second = await linkSandboxDevice(core)
    const id = await draft('sendiri', [first])
    await core.handlers['devices:remove']({ id: first })

    const chosen = await core.handlers['campaigns:setDevices']({ id, devices: [second] })
    expect(chosen.devices.map((d) => d.deviceId)).toEqual([second])

    const started = await core.handlers['campaigns:start']({ id })
    expect(started.status).toBe('running')
    const { items } = await core.handlers['outbox:list']({ offset: 0, limit: 10 })
    expect(items.map((item) => item.deviceId)).toEqual([second, second])
  })

  it('chooses devices for a draft only, and only devices the app has', async () => {
    const device = await linkSandboxDevice(core)
    const id = await draft('sendiri', [device])
    await expect(
      core.handlers['campaigns:setDevices']({ id, devices: ['00000000-0000-4000-8000-000000000000'] })
    ).rejects.toThrow()
    await core.handlers['campaigns:start']({ id })
    await expect(core.handlers['campaigns:setDevices']({ id, devices: [device] })).rejects.toMatchObject({
      code: 'invalid_state'
    })
  })
})
