// Starts the sandbox in this process and hands back its world and faults too: for the package's own tests only (the
// public API in index.ts gives out the address and the control token, nothing in-process).

import { randomBytes } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { systemClock, type Clock } from './clock'
import { FaultInjector } from './faults'
import { GatewayServer } from './http-server'
import { RandomSource } from './random-source'
import { sandboxStatePath, SandboxStateError, type SetAsideRecord } from './state-damage'
import { StateFile, type LoadedWorld } from './state-file'
import { acquireStateLock, type StateLock } from './state-lock'
import { WorldStore } from './world-store'
import type { WebhookKind, WebhookRetry } from './webhook-deliveries'
import { webhookTargetRefusal, type WebhookTargetPolicy } from './webhook-targets'
import { WorldState } from './world'
import { DEFAULT_TIMINGS, type SandboxTimings, type SandboxWorld } from './world-interface'

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number
  clock?: Clock
  /** Makes tokens, secrets and ids reproducible (tests only); without it they come from the OS CSPRNG. */
  seed?: number
  /** Keep the world here (created when missing); without it the world lives in memory only. */
  dataDir?: string
  /** Persist the world as JSON in this exact file (the CLI's `--state-file`); `dataDir` is the usual way. */
  stateFile?: string
  /** The control token to require; a fresh random one by default (tests that restart a sandbox may pin one). */
  controlToken?: string
  timings?: Partial<SandboxTimings>
  /**
   * Turn off the hosted service's habits (phone echoed as a number, `ref_id: ""`, `received`/`reject`): the sandbox
   * then answers in its tidy forms (strings, null, `delivered`/`rejected`).
   */
  tidy?: boolean
  /** Waits between webhook attempts (default 5 s, 30 s, 2 min, 10 min, then the delivery fails). */
  webhookBackoffMs?: readonly number[]
  /**
   * The retry knob: `none` (one attempt, as the hosted gateway is assumed to do) or the waits between attempts
   * (the same as `webhookBackoffMs`, which it overrides). Default: 5 s, 30 s, 2 min, 10 min, then failed.
   */
  webhookRetry?: WebhookRetry
  /**
   * Let webhooks reach loopback, link-local and private addresses (127.0.0.1, 10.x, 169.254.x, fc00::…). Off by
   * default: such targets are refused when set and when POSTed. Tests turn it on.
   */
  allowPrivateWebhookTargets?: boolean
  /**
   * "Allow webhooks to this computer": let webhooks reach loopback only (127.0.0.1, ::1, localhost), for a relay run
   * on this machine. Off by default; link-local and private addresses stay refused.
   */
  allowLoopbackWebhookTargets?: boolean
  /**
   * Let webhooks reach one loopback origin the caller names (`http://127.0.0.1:8787`: a relay the app runs itself),
   * asked with each URL's origin when it is set and before each POST; other loopback origins stay refused. Only
   * address literals pass (a name resolving to loopback is still refused).
   */
  allowLoopbackWebhookOrigin?: (origin: string) => boolean
  /** Per device and kind (incoming, tracking, device), deliveries a minute; more wait in a queue (default 60 each). */
  webhookPerMinute?: Partial<Record<WebhookKind, number>>
  /** Per device and kind, how many deliveries may wait for their minute; beyond it they are dropped and counted. */
  webhookQueueLimit?: number
  /** Where a route's unexpected error is reported (the app passes its redacting logger); stderr by default. */
  onUnexpectedError?: (error: unknown) => void
}

export interface InProcessSandbox {
  readonly baseUrl: string
  readonly port: number
  readonly controlToken: string
  readonly world: SandboxWorld
  readonly faults: FaultInjector
  /** Saved records that no longer fit their definition and were set aside (kept, not loaded) at this start. */
  readonly setAside: readonly SetAsideRecord[]
  close(): Promise<void>
}

/** Fault draws are salted so adding a fault never changes the ids the world hands out. */
const FAULT_SEED_SALT = 0x9e3779b9

/** Where a sandbox started with these options may POST its webhooks (the options' three allowances). */
function webhookTargetPolicyOf(options: SandboxOptions): WebhookTargetPolicy {
  return {
    allowPrivateTargets: options.allowPrivateWebhookTargets === true,
    allowLoopbackTargets: options.allowLoopbackWebhookTargets === true,
    ...(options.allowLoopbackWebhookOrigin ? { allowLoopbackOrigin: options.allowLoopbackWebhookOrigin } : {})
  }
}

/**
 * Why a sandbox started with these options refuses this webhook address, in its own words ("localhost is a loopback
 * address"), or null when it takes it: what its change-webhook-url route answers, asked without a request.
 */
export function webhookTargetRefusedBy(options: SandboxOptions, url: string): string | null {
  return webhookTargetRefusal(url, webhookTargetPolicyOf(options))
}

export async function startSandboxInProcess(options: SandboxOptions = {}): Promise<InProcessSandbox> {
  const clock = options.clock ?? systemClock
  const random = options.seed === undefined ? RandomSource.secure() : RandomSource.seeded(options.seed)
  const faultRandom =
    options.seed === undefined ? RandomSource.secure() : RandomSource.seeded(options.seed ^ FAULT_SEED_SALT)
  const retry = options.webhookRetry ?? options.webhookBackoffMs
  const world = new WorldState(
    clock,
    random,
    { ...DEFAULT_TIMINGS, ...options.timings },
    {
      ...webhookTargetPolicyOf(options),
      ...(retry !== undefined ? { retry } : {}),
      ...(options.webhookPerMinute ? { perMinute: options.webhookPerMinute } : {}),
      ...(options.webhookQueueLimit !== undefined ? { queueLimit: options.webhookQueueLimit } : {})
    }
  )
  world.tidy = options.tidy === true
  const faults = new FaultInjector(faultRandom)
  let persistence: Persistence | null
  try {
    persistence = openPersistence(options, world)
  } catch (error) {
    world.dispose()
    throw error
  }
  try {
    return await serve(options, clock, world, faults, persistence)
  } catch (error) {
    world.dispose()
    persistence?.close()
    throw error
  }
}

/** The save a turn's changes wait for, and whether a request is waiting for it (a failure is then its, not reported). */
interface SaveBatch {
  saved: Promise<void>
  waited: boolean
}

async function serve(
  options: SandboxOptions,
  clock: Clock,
  world: WorldState,
  faults: FaultInjector,
  persistence: Persistence | null
): Promise<InProcessSandbox> {
  let dirty = false
  const flush = (): void => {
    if (!dirty || !persistence) return
    dirty = false
    persistence.save()
  }
  const report =
    options.onUnexpectedError ?? ((error: unknown) => console.error('[sandbox] unexpected error', error))
  /**
   * One save at the end of the current turn of the event loop for everything changed in it (a group commit): the
   * requests answered in that turn wait for it, so what a client was told was accepted is saved before the answer,
   * and eight requests in flight cost one transaction, not eight. Changes made outside a request (tests, the clock)
   * are saved the same way; a save that fails there is reported (a request that waited for it fails instead).
   */
  let pending: SaveBatch | null = null
  const savedSoon = (): SaveBatch => {
    if (pending) return pending
    const batch: SaveBatch = {
      waited: false,
      saved: new Promise<void>((resolve, reject) => {
        setImmediate(() => {
          pending = null
          try {
            flush()
            resolve()
          } catch (error) {
            if (!batch.waited) report(error)
            reject(error)
          }
        })
      })
    }
    // Handled above when nobody waits; a waiting request's own handler takes it otherwise.
    batch.saved.catch(() => undefined)
    pending = batch
    return batch
  }
  if (persistence) {
    world.onChange(() => {
      dirty = true
      savedSoon()
    })
  }
  const beforeRespond = (): Promise<void> | undefined => {
    if (!dirty) return undefined
    const batch = savedSoon()
    batch.waited = true
    return batch.saved
  }

  const controlToken = options.controlToken ?? randomBytes(32).toString('base64url')
  // Requests save before they answer: what a client was told was accepted survives a crash.
  const server = new GatewayServer({
    world,
    faults,
    clock,
    controlToken,
    beforeRespond,
    ...(options.onUnexpectedError ? { onUnexpectedError: options.onUnexpectedError } : {})
  })
  await server.listen(options.port ?? 0)
  world.mediaBaseUrl = server.baseUrl
  let closed = false
  return {
    baseUrl: server.baseUrl,
    port: server.boundPort,
    controlToken,
    world,
    faults,
    setAside: persistence?.setAside ?? [],
    async close() {
      if (closed) return
      closed = true
      await server.close()
      world.dispose()
      await world.webhooksSettled()
      flush()
      persistence?.close()
    }
  }
}

interface Persistence {
  readonly setAside: readonly SetAsideRecord[]
  save(): void
  close(): void
}

/**
 * Takes the state's lock, loads the saved world and says how to save it: `dataDir` keeps it in SQLite (increments
 * only; an older `world.json` there is imported once), `stateFile` in one JSON file rewritten whole (small worlds, the
 * CLI). A damaged file throws SandboxStateError (the lock is released); damaged records are set aside and reported.
 */
function openPersistence(options: SandboxOptions, world: WorldState): Persistence | null {
  const statePath = sandboxStatePath(options)
  if (statePath === null) return null
  const folder = dirname(statePath)
  if (existsSync(folder) && !statSync(folder).isDirectory())
    throw new SandboxStateError(folder, 'not-a-folder')
  const lock = acquireStateLock(statePath)
  try {
    return options.stateFile !== undefined
      ? openStateFile(statePath, world, lock)
      : openStore(statePath, world, lock)
  } catch (error) {
    lock.release()
    throw error
  }
}

function openStateFile(path: string, world: WorldState, lock: StateLock): Persistence {
  const file = new StateFile(path)
  const saved = file.load()
  if (saved) world.load(saved.world)
  return {
    setAside: saved?.setAside ?? [],
    save: () => file.save(world.toJSON()),
    close: () => lock.release()
  }
}

function openStore(path: string, world: WorldState, lock: StateLock): Persistence {
  const store = new WorldStore(path)
  let loaded: { stored: LoadedWorld | null; imported: LoadedWorld | null }
  try {
    const stored = store.load()
    loaded = { stored, imported: stored ? null : store.importJson(join(dirname(path), 'world.json')) }
  } catch (error) {
    store.close()
    throw error
  }
  const saved = loaded.stored ?? loaded.imported
  if (saved) world.load(saved.world)
  if (loaded.imported) store.saveAll(world.toJSON())
  return {
    setAside: saved?.setAside ?? [],
    save: () => store.save(world.takeChanges()),
    close: () => {
      store.close()
      lock.release()
    }
  }
}
