// A composed core over the built-in sandbox gateway with fast timings, and a sandbox device linked the way an
// operator links one (QR, scan, activate): what the journeys through the core's handlers start from.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { composeCore, type Core, type CorePorts, type Notice } from '../../../src/main/core/compose'
import { MemoryVault } from '../../../src/main/core/vault'

/** What a journey may change of the set-up, each merged over its fast default (e.g. the sandbox's webhook options). */
export type SandboxCoreOverrides = Pick<CorePorts, 'sandbox' | 'outbox' | 'pollIntervals'>

export async function composeSandboxCore(
  prefix: string,
  notify?: (notice: Notice) => void,
  overrides: SandboxCoreOverrides = {}
): Promise<Core> {
  const core = await composeCore({
    ...(notify ? { notify } : {}),
    dataDir: await mkdtemp(join(tmpdir(), prefix)),
    vault: new MemoryVault(),
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
