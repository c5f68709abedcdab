// A composed core beside a sandbox gateway it reaches as a hosted one (devices added by address and token), with no
// routine poll for ten minutes: whatever a device's view learns in a journey, it learns from the sends (a refused or
// failing send is news about the device). A backoff capped at 1 s, as a QA walk had it, would let a refused device
// be probed every second: the journeys hold that it is not.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { composeCore, type Core } from '../../../src/main/core/compose'
import { MemoryVault } from '../../../src/main/core/vault'

export interface HostedCore {
  core: Core
  gateway: Sandbox
  control: SandboxControl
  /** A device linked at the gateway, added to the app and checked once. */
  linkedDevice(label: string): Promise<{ id: string; token: string }>
  /** The device's state as the app's views say it. */
  stateOf(id: string): Promise<string | undefined>
  /** The app quits and starts again over the same data folder (and keyring): `core` is the new one. */
  restart(): Promise<Core>
  close(): Promise<void>
}

export async function composeHostedCore(prefix: string): Promise<HostedCore> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  const gateway = await startSandbox({})
  const control = new SandboxControl(gateway.baseUrl, gateway.controlToken)
  const vault = new MemoryVault()
  const compose = () =>
    composeCore({
      dataDir: dir,
      vault,
      appInfo: { version: 'test', platform: 'test' },
      outbox: {
        pacingMs: 0,
        backoffBaseMs: 200,
        backoffCapMs: 1_000,
        trackingIntervalMs: 100,
        trackingCapMs: 200
      },
      pollIntervals: { idleMs: 10 * 60_000, linkingMs: 10 * 60_000, settlingMs: 10 * 60_000 }
    })
  const core = await compose()
  await core.start()
  const hosted: HostedCore = {
    core,
    gateway,
    control,
    async linkedDevice(label) {
      const created = await control.createDevice({ linked: true })
      const device = await hosted.core.handlers['devices:add']({
        label,
        baseUrl: gateway.baseUrl,
        token: created.token
      })
      await hosted.core.handlers['devices:refresh']({ id: device.id })
      return { id: device.id, token: created.token }
    },
    stateOf: async (id) =>
      (await hosted.core.handlers['devices:list']({})).devices.find((d) => d.id === id)?.state,
    async restart() {
      await hosted.core.stop()
      hosted.core = await compose()
      await hosted.core.start()
      return hosted.core
    },
    async close() {
      await hosted.core.stop()
      await gateway.close()
      await rm(dir, { recursive: true, force: true })
    }
  }
  return hosted
}
