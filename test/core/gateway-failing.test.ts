// A device whose gateway fails every call (5xx, no answer) is news about the device, as a refused send is: the
// composed core checks the device soon after such a send fails, so the views say "Gateway failing" within seconds
// even while its statuses come by push and routine polling has stepped back to its safety cadence (QA36 Q36-01).
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
  dir = await mkdtemp(join(tmpdir(), 'sd-failing-'))
  gateway = await startSandbox({})
  control = new SandboxControl(gateway.baseUrl, gateway.controlToken)
  core = await composeCore({
    dataDir: dir,
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    outbox: {
      pacingMs: 0,
      backoffBaseMs: 200,
      backoffCapMs: 1_000,
      trackingIntervalMs: 100,
      trackingCapMs: 200
    },
    // As under push coverage: no routine poll comes soon, so only the failed sends can make the device be checked.
    pollIntervals: { idleMs: 10 * 60_000, linkingMs: 10 * 60_000, settlingMs: 10 * 60_000 }
  })
  await core.start()
})
afterEach(async () => {
  await core.stop()
  await gateway.close()
  await rm(dir, { recursive: true, force: true })
})

const stateOf = async (id: string): Promise<string | undefined> =>
  (await core.handlers['devices:list']({})).devices.find((d) => d.id === id)?.state

it('sends failing with 500 make the device be checked: it reads "Gateway failing" within seconds, its messages wait', async () => {
  const created = await control.createDevice({ linked: true })
  const device = await core.handlers['devices:add']({
    label: 'Cabang Bandung',
    baseUrl: gateway.baseUrl,
    token: created.token
  })
  await core.handlers['devices:refresh']({ id: device.id })
  expect(await stateOf(device.id)).toBe('connected')

  await control.addFault({ path: '/api/*', kind: 'status', status: 500 })
  await core.handlers['outbox:enqueue']({
    deviceId: device.id,
    recipients: ['081200000001', '081200000002', '081200000003', '081200000004'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'halo dari Bandung' }]
  })
  await expect.poll(() => stateOf(device.id), { timeout: 15_000, interval: 200 }).toBe('unreachable')
  // The send failures were news, not a verdict: the messages wait (checked against the reports), none failed.
  const { items } = await core.handlers['outbox:list']({ deviceId: device.id, offset: 0, limit: 200 })
  expect(items.every((item) => item.status !== 'failed')).toBe(true)
}, 30_000)
