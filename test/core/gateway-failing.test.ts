// A device whose gateway fails every call (5xx, no answer) is news about the device, as a refused send is: the
// composed core checks the device soon after such a send fails, so the views say "Gateway failing" within seconds
// even while its statuses come by push and routine polling has stepped back to its safety cadence (QA36 Q36-01).
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { SandboxControl } from '@sender-desk/sandbox-gateway'
import type { Core } from '../../src/main/core/compose'
import { composeHostedCore, type HostedCore } from './testing/hosted-core'

let hosted: HostedCore
let core: Core
let control: SandboxControl

beforeEach(async () => {
  hosted = await composeHostedCore('sd-failing-')
  ;({ core, control } = hosted)
})
afterEach(() => hosted.close())

const stateOf = (id: string): Promise<string | undefined> => hosted.stateOf(id)

it('sends failing with 500 make the device be checked: it reads "Gateway failing" within seconds, its messages wait', async () => {
  const device = await hosted.linkedDevice('Cabang Bandung')
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
