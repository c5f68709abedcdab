// The embedded sandbox gateway: starts a loopback server that speaks the gateway's wire format over a simulated world.

import { systemClock, type Clock } from '../../../src/main/core/clock'
import { FaultInjector } from './faults'
import { GatewayServer } from './http-server'
import { SeededRandom } from '../../../src/main/core/seeded-random'
import { StateFile } from './state-file'
import { WorldState } from './world'
import { DEFAULT_TIMINGS, type SandboxTimings, type SandboxWorld } from './world-interface'

export type { SandboxTimings, SandboxWorld } from './world-interface'
export type {
  AcceptedLogEntry,
  AutoReplySnapshot,
  CreateDeviceOptions,
  CreatedDevice,
  DeviceSnapshot,
  IncomingDelivery,
  IncomingInput,
  IncomingMessage,
  MessageSnapshot,
  ReminderSnapshot,
  ScheduleSnapshot,
  WebhookAttemptSnapshot,
  WebhookDeliverySnapshot
} from './world-interface'
export { DEFAULT_TIMINGS, SandboxActionError } from './world-interface'
export type { DeviceState, MessageStatus, Quota } from './records'
export { FaultInjector, type FaultKind, type FaultRule } from './faults'
export { DEVICE_NOTES } from './device-lifecycle'
export { GATEWAY_MESSAGES } from './rejections'

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number
  clock?: Clock
  seed?: number
  /** Persist the world as JSON here (atomic write, mode 0600); loaded at start when present. */
  stateFile?: string
  timings?: Partial<SandboxTimings>
  /** Waits between webhook attempts (default 5 s, 30 s, 2 min, 10 min, then the delivery fails). */
  webhookBackoffMs?: readonly number[]
  /** Where a route's unexpected error is reported (the app passes its redacting logger); stderr by default. */
  onUnexpectedError?: (error: unknown) => void
}

export interface Sandbox {
  /** `http://127.0.0.1:PORT` */
  readonly baseUrl: string
  readonly port: number
  readonly world: SandboxWorld
  readonly faults: FaultInjector
  close(): Promise<void>
}

const DEFAULT_SEED = 0x5eed

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? systemClock
  const seed = options.seed ?? DEFAULT_SEED
  const world = new WorldState(
    clock,
    seed,
    { ...DEFAULT_TIMINGS, ...options.timings },
    options.webhookBackoffMs
  )
  // Faults draw from their own stream so adding one never changes the ids the world hands out.
  const faults = new FaultInjector(new SeededRandom(seed ^ 0x9e3779b9))
  const stateFile = options.stateFile === undefined ? null : new StateFile(options.stateFile)
  const saved = stateFile?.load()
  if (saved) world.load(saved)

  let dirty = false
  let flushQueued = false
  const flush = (): void => {
    if (!dirty || !stateFile) return
    dirty = false
    stateFile.save(world.toJSON())
  }
  if (stateFile) {
    world.onChange(() => {
      dirty = true
      // Changes made outside a request (tests, the clock) are batched to the end of the current turn.
      if (!flushQueued) {
        flushQueued = true
        setImmediate(() => {
          flushQueued = false
          flush()
        })
      }
    })
  }

  // Requests save before they answer: what a client was told was accepted survives a crash.
  const server = new GatewayServer({
    world,
    faults,
    clock,
    beforeRespond: flush,
    ...(options.onUnexpectedError ? { onUnexpectedError: options.onUnexpectedError } : {})
  })
  await server.listen(options.port ?? 0)
  let closed = false
  return {
    baseUrl: server.baseUrl,
    port: server.boundPort,
    world,
    faults,
    async close() {
      if (closed) return
      closed = true
      await server.close()
      world.dispose()
      await world.webhooksSettled()
      flush()
    }
  }
}
