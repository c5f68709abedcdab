/**
 * The browser harness: the real core (gateway client, device monitor, outbox, scheduler, embedded
 * sandbox) with an in-memory vault and a temporary data folder, served to the unmodified renderer over
 * a WebSocket. It can be restarted on the same data folder and vault, as an app restart would.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { existsSync } from 'node:fs'
import {
  composeCore,
  describeCoreError,
  MemoryVault,
  type Core,
  type CorePorts,
  type RunningSandbox
} from '../../src/main/core/compose'
import { startContractServer, type ContractServer } from './contract-server'

export interface HarnessOptions {
  dataDir?: string
  port?: number
  rendererDir?: string
  /** Core tuning for fast tests (sandbox timings, outbox pacing, poll intervals). */
  core?: Pick<CorePorts, 'sandbox' | 'outbox' | 'pollIntervals' | 'noticeDebounceMs'>
  onUnexpected?: (where: string, error: unknown) => void
}

export interface Harness {
  readonly url: string
  readonly dataDir: string
  readonly core: Core
  readonly vault: MemoryVault
  sandbox(): Promise<RunningSandbox>
  /** Stop the core and start a new one on the same data folder and vault (the page must reload). */
  restart(): Promise<void>
  close(): Promise<void>
}

const DEFAULT_RENDERER = resolve(import.meta.dirname, '../../out/renderer')

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(`The renderer is not built (${rendererDir}); run npm run build first.`)
  }
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'sender-desk-harness-')))
  // Kept across restarts of the harness, like an OS keychain across app restarts.
  const vault = new MemoryVault({ status: { storage: 'keychain', note: null, backend: 'harness-memory' } })
  const onUnexpected = options.onUnexpected ?? ((where, error) => console.error(`[harness] ${where}:`, error))

  async function boot(port: number): Promise<{ core: Core; server: ContractServer }> {
    const core = await composeCore({
      dataDir,
      vault,
      appInfo: { version: 'harness', platform: `${process.platform} (browser harness)` },
      ...options.core
    })
    const server = await startContractServer({
      handlers: core.handlers,
      events: core.events,
      rendererDir,
      port,
      dispatch: { describeError: describeCoreError, onUnexpected }
    })
    await core.start()
    return { core, server }
  }

  let running = await boot(options.port ?? 0)
  const port = running.server.port

  return {
    get url() {
      return running.server.url
    },
    dataDir,
    get core() {
      return running.core
    },
    vault,
    async sandbox() {
      const sandbox = await running.core.sandbox.current()
      if (!sandbox) throw new Error('the embedded sandbox is not running (start it from the window first)')
      return sandbox
    },
    async restart() {
      await running.server.close()
      await running.core.stop()
      running = await boot(port)
    },
    async close() {
      await running.server.close()
      await running.core.stop()
    }
  }
}
