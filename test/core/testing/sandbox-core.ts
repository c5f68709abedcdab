// A composed core over the built-in sandbox gateway with fast timings, and a sandbox device linked the way an
// operator links one (QR, scan, activate): what the journeys through the core's handlers start from.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { systemClock, type Clock } from '../../../src/main/core/clock'
import { composeCore, type Core, type CorePorts, type Notice } from '../../../src/main/core/compose'
import { MemoryVault } from '../../../src/main/core/vault'
import type { PacingPolicy } from '../../../src/shared/domain'

/** What a journey may change of the set-up, each merged over its fast default (e.g. the sandbox's webhook options). */
export type SandboxCoreOverrides = Pick<CorePorts, 'sandbox' | 'outbox' | 'pollIntervals' | 'clock'>

/**
 * A clock that reads `at` now and runs on from there with real timers: a journey at a chosen hour (one when two zones
 * are on different dates), whatever the hour the test runs at, with the sandbox's sends still arriving on their own.
 */
export function clockFrom(at: number): Clock {
  const shift = at - Date.now()
  return { ...systemClock, now: () => Date.now() + shift }
}

export async function composeSandboxCore(
  prefix: string,
  notify?: (notice: Notice) => void,
  overrides: SandboxCoreOverrides = {}
): Promise<Core> {
  return composeSandboxCoreAt(await mkdtemp(join(tmpdir(), prefix)), new MemoryVault(), notify, overrides)
}

/** The same core on a data folder and vault of the test's own: stopped and composed again there, a restart. */
export async function composeSandboxCoreAt(
  dataDir: string,
  vault: MemoryVault,
  notify?: (notice: Notice) => void,
  overrides: SandboxCoreOverrides = {}
): Promise<Core> {
  const core = await composeCore({
    ...(notify ? { notify } : {}),
    ...(overrides.clock ? { clock: overrides.clock } : {}),
    dataDir,
    vault,
    appInfo: { version: 'test', platform: 'test' },
    sandbox: { timings: { sentAfterMs: 50, deliveredAfterMs: 100, readAfterMs: 150 }, ...overrides.sandbox },
    outbox: { pacingMs: 0, trackingIntervalMs: 100, trackingCapMs: 200, ...overrides.outbox },
    pollIntervals: { idleMs: 1_000, linkingMs: 200, settlingMs: 200, ...overrides.pollIntervals }
  })
  await core.start()
  return core
}

export async function linkSandboxDevice(core: Core): Promise<string> {
  const { device } = await core.handlers['sandbox:start']({})
  await core.handlers['devices:qr']({ id: device.id })
  await core.handlers['sandbox:control']({ deviceId: device.id, action: 'scan' })
  await core.handlers['devices:refresh']({ id: device.id })
  await core.handlers['sandbox:control']({ deviceId: device.id, action: 'activate' })
  return device.id
}

/** Pacing that sends as fast as the queue turns, at any time of day, far under any daily cap. */
export const QUICK_PACING: PacingPolicy = {
  minDelaySeconds: 0,
  maxDelaySeconds: 0.2,
  batchSize: 100,
  batchPauseMinutes: 0,
  workingHours: null,
  dailyCapPerDevice: 1000,
  warmUp: null
}

/** Creates and starts, through the core's handlers, a campaign `name` to `phones` ("Halo {Name}") on one device. */
export async function startedCampaign(
  core: Pick<Core, 'handlers'>,
  deviceId: string,
  name: string,
  phones: string[],
  pacing: PacingPolicy = QUICK_PACING
): Promise<string> {
  const csv = ['Name,Phone', ...phones.map((phone, i) => `${name} ${i},${phone}`)].join('\n')
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
    pacing,
    devices: [deviceId]
  })
  await core.handlers['campaigns:start']({ id: created.id })
  return created.id
}
