/**
 * The sandbox gateway as the app's built-in default: started on demand ("Try the sandbox"), its world
 * kept in the data folder, and restarted on the same port at the next launch so the sandbox devices'
 * saved addresses stay valid. The app drives it over HTTP only: its gateway routes, and its control routes
 * through `control` (which carries the per-run control token). While it runs, that token is kept for the terminal in
 * the data folder, readable by this user only (control-file.ts).
 */
import { join } from 'node:path'
import type { Clock } from '../clock'
import type { Sandbox, SandboxControl, SandboxOptions } from '@sender-desk/sandbox-gateway'
import { forgetSandboxControl, keepSandboxControl } from './control-file'

export interface RunningSandbox {
  readonly baseUrl: string
  /** Calls the sandbox's `/__sandbox/` control routes with this run's control token. */
  readonly control: SandboxControl
  close(): Promise<void>
}

export type EmbeddedSandboxOptions = Omit<SandboxOptions, 'port' | 'dataDir' | 'stateFile' | 'clock'>

/** Why the sandbox could not start from its saved state: the file, and the package's sentence about it. */
export interface SandboxDamage {
  file: string
  /** 'locked' when another sandbox holds it; else the package's problem code (truncated, not-json, …). */
  problem: string
  message: string
}

/** The package's typed refusals about its saved state (damaged, or held by another sandbox), by their codes. */
function damageOf(error: unknown): SandboxDamage | null {
  const { code, file, problem, message } = (error ?? {}) as Record<string, unknown>
  if (typeof file !== 'string' || typeof message !== 'string') return null
  if (code === 'SANDBOX_STATE_LOCKED') return { file, problem: 'locked', message }
  if (code === 'SANDBOX_STATE_DAMAGED') return { file, problem: String(problem), message }
  return null
}

export class EmbeddedSandbox {
  private running: Promise<RunningSandbox> | null = null
  private damaged: SandboxDamage | null = null
  private readonly startListeners: ((sandbox: RunningSandbox) => void)[] = []
  private readonly changeListeners: (() => void)[] = []

  constructor(
    private readonly dataDir: string,
    private readonly clock: Clock | undefined,
    private readonly options: EmbeddedSandboxOptions = {}
  ) {}

  get isRunning(): boolean {
    return this.running !== null
  }

  /** Called with every sandbox this starts (e.g. to follow its changes). */
  onStart(listener: (sandbox: RunningSandbox) => void): void {
    this.startListeners.push(listener)
  }

  /** Called after the running sandbox's world changed (followed by a long poll on its `changes` control route). */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener)
  }

  private async followChanges(running: RunningSandbox, stopped: () => boolean): Promise<void> {
    let seen = await running.control.changesAfter(-1, 0).catch(() => null)
    while (seen !== null && !stopped()) {
      const now: number | null = await running.control.changesAfter(seen).catch(() => null)
      if (now === null || stopped()) return
      if (now > seen) for (const listener of this.changeListeners) listener()
      seen = now
    }
  }

  /**
   * Why this app's sandbox refuses a webhook address (its own words), or null: its policy under the options it is
   * started with, asked without a request. Loads the package as a start does.
   */
  async webhookTargetRefusal(url: string): Promise<string | null> {
    const gateway = await import('@sender-desk/sandbox-gateway')
    return gateway.webhookTargetRefusedBy(this.options, url)
  }

  /** Starts (once) on `preferredPort` when given, falling back to any free port if it is taken. */
  ensure(preferredPort = 0): Promise<RunningSandbox> {
    this.running ??= (async () => {
      const base = {
        ...this.options,
        dataDir: join(this.dataDir, 'sandbox'),
        ...(this.clock ? { clock: this.clock } : {})
      }
      // Loaded when a sandbox starts, not with the app: the package (its HTTP server, its world, luxon) is most of
      // the main process's code, and most starts run no sandbox (issue 18).
      const gateway = await import('@sender-desk/sandbox-gateway')
      let started: Sandbox
      try {
        started = await gateway.startSandbox({ ...base, port: preferredPort })
      } catch (error) {
        if (preferredPort === 0) throw error
        started = await gateway.startSandbox({ ...base, port: 0 })
      }
      let closed = false
      const { baseUrl, controlToken } = started
      // For the terminal (`webhook deliveries`, `sandbox scan` … with this data folder): the window never shows the
      // token. Not kept, the sandbox still runs, and the terminal asks for a token; the failure names the file only.
      await keepSandboxControl(this.dataDir, { baseUrl, controlToken }).catch((error: unknown) =>
        this.options.onUnexpectedError?.(error)
      )
      const running: RunningSandbox = {
        baseUrl,
        control: new gateway.SandboxControl(baseUrl, controlToken),
        close: async () => {
          closed = true
          await forgetSandboxControl(this.dataDir, controlToken).catch((error: unknown) =>
            this.options.onUnexpectedError?.(error)
          )
          await started.close()
        }
      }
      void this.followChanges(running, () => closed)
      for (const listener of this.startListeners) listener(running)
      return running
    })()
    this.running.then(
      () => {
        this.damaged = null
      },
      (error: unknown) => {
        this.running = null
        this.damaged = damageOf(error) ?? {
          file: join(this.dataDir, 'sandbox'),
          problem: 'failed',
          message: error instanceof Error ? error.message : String(error)
        }
      }
    )
    return this.running
  }

  /** The saved state the last start could not use, or null: the sandbox stays off, everything else runs. */
  get damage(): SandboxDamage | null {
    return this.damaged
  }

  /**
   * "Set aside and start fresh": the damaged state is renamed beside itself (kept, never deleted) and the sandbox
   * starts clean on `preferredPort`. A state another sandbox holds is not taken from it.
   */
  async startFresh(preferredPort = 0): Promise<RunningSandbox> {
    const damage = this.damaged
    if (damage && damage.problem !== 'locked') {
      const gateway = await import('@sender-desk/sandbox-gateway')
      gateway.setAsideSandboxState(damage.file)
    }
    return this.ensure(preferredPort)
  }

  async current(): Promise<RunningSandbox | null> {
    return this.running ? this.running.catch(() => null) : null
  }

  async close(): Promise<void> {
    const sandbox = await this.current()
    this.running = null
    await sandbox?.close()
  }
}

/** The port a saved sandbox device points at, so the sandbox comes back where the device expects it. */
export function portOf(baseUrl: string): number {
  try {
    return Number(new URL(baseUrl).port) || 0
  } catch {
    return 0
  }
}
