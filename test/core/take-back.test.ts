/** Taking a campaign back through the contract on the composed core, against the sandbox gateway (issue 30). */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { composeCore, type Core } from '../../src/main/core/compose'
import { MemoryVault } from '../../src/main/core/vault'

let core: Core

beforeEach(async () => {
  core = await composeCore({
    notify: () => undefined,
    dataDir: await mkdtemp(join(tmpdir(), 'sd-take-back-')),
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    // Sent and delivered within moments, read only much later: delivered messages stay revocable.
    sandbox: { timings: { sentAfterMs: 50, deliveredAfterMs: 50, readAfterMs: 3_600_000 } },
    outbox: { pacingMs: 0, trackingIntervalMs: 100, trackingCapMs: 200 },
    pollIntervals: { idleMs: 1_000, linkingMs: 200, settlingMs: 200 }
  })
  await core.start()
})
afterEach(async () => core.stop())

async function linkedDevice(): Promise<string> {
  const { device } = await core.handlers['sandbox:start']({})
  await core.handlers['devices:qr']({ id: device.id })
  await core.handlers['sandbox:control']({ deviceId: device.id, action: 'scan' })
  await core.handlers['devices:refresh']({ id: device.id })
  await core.handlers['sandbox:control']({ deviceId: device.id, action: 'activate' })
  return device.id
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 400): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('condition not reached')
}

it('a campaign of 20, 10 sent and delivered: taken back, 10 deleted for everyone and 10 stopped before they left', async () => {
  const deviceId = await linkedDevice()
  const csv = [
    'Name,Phone',
    ...Array.from({ length: 20 }, (_, i) => `P${i},0812345${String(i).padStart(5, '0')}`)
  ]
  const { files } = await core.handlers['files:register']({
    sources: [
      { kind: 'bytes', name: 'list.csv', dataBase64: Buffer.from(csv.join('\n')).toString('base64') }
    ],
    purpose: 'spreadsheet'
  })
  const { sheetId } = await core.handlers['campaigns:read']({ handle: files[0]?.handle ?? '' })
  // Ten go, then the campaign waits an hour before the next ten: the take-back comes in between.
  const created = await core.handlers['campaigns:create']({
    sheetId,
    name: 'Wrong amount',
    mapping: { phone: 'Phone', variables: ['Name'] },
    template: 'Hi {Name}, you owe 5,000,000',
    pacing: {
      minDelaySeconds: 0,
      maxDelaySeconds: 0.1,
      batchSize: 10,
      batchPauseMinutes: 60,
      workingHours: null,
      dailyCapPerDevice: 1000,
      warmUp: null
    },
    devices: [deviceId]
  })
  await core.handlers['campaigns:start']({ id: created.id })
  await waitFor(
    () => core.handlers['campaigns:get']({ id: created.id }),
    (c) => c.counts.delivered === 10
  )

  const plan = await core.handlers['campaigns:takeBackPlan']({ id: created.id, revokeDelivered: true })
  expect(plan).toEqual({ stopLocally: 10, cancelAtGateway: 0, revoke: 10, leftAlone: {} })
  const started = await core.handlers['campaigns:takeBack']({ id: created.id, revokeDelivered: true })
  expect(started).toMatchObject({ stoppedLocally: 10, revoke: { pending: 10 } })
  const done = await waitFor(
    () => core.handlers['outbox:takeBackProgress']({ id: started.id }),
    (view) => view.state === 'done'
  )
  expect(done.revoke).toEqual({ done: 10, refused: 0, unknown: 0, pending: 0 })

  const campaign = await core.handlers['campaigns:get']({ id: created.id })
  expect(campaign.status).toBe('cancelled')
  expect(campaign.counts).toMatchObject({ revoked: 10, cancelled: 10, delivered: 0, queued: 0 })
  const { rows } = await core.handlers['campaigns:rows']({ id: created.id, offset: 0, limit: 50 })
  expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['revoked', 'cancelled']))
})
