/** The composed core as the window reaches it (contract handlers, real outbox, sandbox device, in-memory vault). */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { composeCore, describeCoreError, type Core } from '../../src/main/core/compose'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { MemoryVault } from '../../src/main/core/vault'

export interface SecurityCore {
  core: Core
  dataDir: string
  deviceId: string
  invoke(channel: string, request: unknown): ReturnType<typeof dispatchInvoke>
}

/** A started core with one (not yet linked) sandbox device, so enqueued items stay in the outbox. */
export async function startCore(): Promise<SecurityCore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sd-security-'))
  const core = await composeCore({
    dataDir,
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    outbox: { pacingMs: 0 },
    pollIntervals: { idleMs: 60_000, linkingMs: 60_000, settlingMs: 60_000 }
  })
  await core.start()
  const { device } = await core.handlers['sandbox:start']({})
  return {
    core,
    dataDir,
    deviceId: device.id,
    invoke: (channel, request) =>
      dispatchInvoke(core.handlers, channel, request, { describeError: describeCoreError })
  }
}
