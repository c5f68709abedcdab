/**
 * The sandbox gateway as the app's built-in default: started on demand ("Try the sandbox"), its world
 * kept in the data folder, and restarted on the same port at the next launch so the sandbox devices'
 * saved addresses stay valid. The app drives it over HTTP only: its gateway routes, and its control routes
 * through `control` (which carries the per-run control token).
 */
import { join } from 'node:path'
import type { Clock } from '../clock'
import type { Sandbox, SandboxControl, SandboxOptions } from '@sender-desk/sandbox-gateway'

export interface RunningSandbox {
  readonly baseUrl: string
  /** Calls the sandbox's `/__sandbox/` control routes with this run's control token. */
  readonly control: SandboxControl
  close(): Promise<void>
}

export type EmbeddedSandboxOptions = Omit<SandboxOptions, 'port' | 'dataDir' | 'stateFile' | 'clock'>

export class EmbeddedSandbox {
  private running: Promise<RunningSandbox> | null = null
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
      const running: RunningSandbox = {
        baseUrl: started.baseUrl,
        control: new gateway.SandboxControl(started.baseUrl, started.controlToken),
        close: () => {
          closed = true
          return started.close()
        }
      }
      void this.followChanges(running, () => closed)
      for (const listener of this.startListeners) listener(running)
      return running
    })()
    this.running.catch(() => {
      this.running = null
    })
    return this.running
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
