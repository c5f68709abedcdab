/**
 * QA77: removing a device a campaign sends on, through the composed core. A campaign left with no device ends at the
 * removal, cancelled, saying why (the window and the terminal read `endReason`); one with another device goes on there.
 * The removal's question is told beforehand which of the two each campaign touched does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/core/compose'
import { composeSandboxCore, linkSandboxDevice, startedCampaign } from './testing/sandbox-core'

let core: Core

beforeEach(async () => {
  core = await composeSandboxCore('sd-campaign-removal-')
})
afterEach(async () => core.stop())

/** A paused campaign on `devices`, none of its rows sent (all sending is paused while it starts). */
async function pausedCampaign(name: string, devices: string[]): Promise<string> {
  await core.handlers['outbox:setPaused']({ paused: true })
  const id = await startedCampaign(core, devices[0]!, name, ['081234567001', '081234567002', '081234567003'])
  if (devices.length > 1) {
    // startedCampaign uses one device: this one is made again on all of them.
    await core.handlers['campaigns:cancel']({ id })
    const csv = ['Name,Phone', '"A",081234567011', '"B",081234567012', '"C",081234567013'].join('\n')
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
      pacing: (await core.handlers['campaigns:get']({ id })).pacing,
      devices
    })
    await core.handlers['campaigns:start']({ id: created.id })
    await core.handlers['campaigns:pause']({ id: created.id })
    return created.id
  }
  await core.handlers['campaigns:pause']({ id })
  return id
}

describe('removing a campaign’s device', () => {
  it('ends a campaign left with no device at once: cancelled, because its device was removed, and the window hears it', async () => {
    const device = await linkSandboxDevice(core)
    const id = await pausedCampaign('kedua', [device])
    const heard: unknown[] = []
    core.events.subscribe((event, payload) => {
      if (event === 'campaigns:changed') heard.push(payload)
    })

    await core.handlers['devices:remove']({ id: device })

    const view = await core.handlers['campaigns:get']({ id })
    expect(view.status).toBe('cancelled')
    expect(view.endReason).toBe('device_removed')
    expect(view.endedAt).toEqual(expect.any(Number))
    expect(view.devices).toEqual([])
    expect(view.counts.cancelled).toBe(3)
    expect(heard).toContainEqual({ id })
    // Nothing to resume: it ended.
    await expect(core.handlers['campaigns:resume']({ id })).rejects.toThrow()
  })

  // Its rows cancelled with the device's queue left it nothing to send: a settle while the device was being removed
  // called it finished, not ended by the removal.
  it('ends a running campaign left with no device the same way: cancelled, because its device was removed', async () => {
    const device = await linkSandboxDevice(core)
    await core.handlers['outbox:setPaused']({ paused: true })
    const id = await startedCampaign(core, device, 'ketiga', ['081234567001', '081234567002'])
    expect((await core.handlers['campaigns:get']({ id })).status).toBe('running')

    await core.handlers['devices:remove']({ id: device })

    const view = await core.handlers['campaigns:get']({ id })
    expect([view.status, view.endReason]).toEqual(['cancelled', 'device_removed'])
  })

  it('moves the rows of a campaign with another device to it, and the campaign goes on', async () => {
    const first = await linkSandboxDevice(core)
    const second = await linkSandboxDevice(core)
    const id = await pausedCampaign('pertama', [first, second])

    await core.handlers['devices:remove']({ id: first })

    const view = await core.handlers['campaigns:get']({ id })
    expect(view.status).toBe('paused')
    expect(view.endReason ?? null).toBeNull()
    expect(view.endedAt ?? null).toBeNull()
    expect(view.devices.map((d) => d.deviceId)).toEqual([second])
  })

  it('tells the question beforehand, per campaign, whether its rows move (to which devices) or it ends', async () => {
    const first = await linkSandboxDevice(core)
    const second = await linkSandboxDevice(core)
    await core.handlers['devices:rename']({ id: second, label: 'Gudang' })
    const moving = await pausedCampaign('pertama', [first, second])
    const ending = await pausedCampaign('kedua', [first])

    const preview = await core.handlers['devices:removalPreview']({ id: first })

    // The rows that move are those of the campaign waiting on the removed device (none tried yet: all is paused).
    const { rows } = await core.handlers['campaigns:rows']({ id: moving, offset: 0, limit: 10 })
    const onFirst = rows.filter((row) => row.deviceId === first).length
    expect(onFirst).toBeGreaterThan(0)
    expect(preview.campaigns).toEqual(
      expect.arrayContaining([
        { id: moving, name: 'pertama', movesTo: ['Gudang'], moving: onFirst },
        { id: ending, name: 'kedua', movesTo: [], moving: 0 }
      ])
    )
    expect(preview.campaigns).toHaveLength(2)
  })
})
