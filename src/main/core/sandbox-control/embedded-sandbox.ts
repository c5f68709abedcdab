/**
 * The sandbox gateway as the app's built-in default: started on demand ("Try the sandbox"), its world
 * kept in the data folder, and restarted on the same port at the next launch so the sandbox devices'
 * saved addresses stay valid.
 */
import { join } from 'node:path'
import type { Clock } from '../clock'
import { startSandbox, type Sandbox, type SandboxOptions } from '@sender-desk/sandbox-gateway'

export class EmbeddedSandbox {
  private running: Promise<Sandbox> | null = null
  private readonly startListeners: ((sandbox: Sandbox) => void)[] = []

  constructor(
    private readonly dataDir: string,
    private readonly clock: Clock | undefined,
    private readonly options: Omit<SandboxOptions, 'port' | 'stateFile' | 'clock'> = {}
  ) {}

  get isRunning(): boolean {
    return this.running !== null
  }

  /** Called with every sandbox this starts (e.g. to listen to its world). */
  onStart(listener: (sandbox: Sandbox) => void): void {
    this.startListeners.push(listener)
  }

  /** Starts (once) on `preferredPort` when given, falling back to any free port if it is taken. */
  ensure(preferredPort = 0): Promise<Sandbox> {
    this.running ??= (async () => {
      const stateFile = join(this.dataDir, 'sandbox', 'world.json')
      const base = { ...this.options, stateFile, ...(this.clock ? { clock: this.clock } : {}) }
      let started: Sandbox
      try {
        started = await startSandbox({ ...base, port: preferredPort })
      } catch (error) {
        if (preferredPort === 0) throw error
        started = await startSandbox({ ...base, port: 0 })
      }
      for (const listener of this.startListeners) listener(started)
      return started
    })()
    this.running.catch(() => {
      this.running = null
    })
    return this.running
  }

  async current(): Promise<Sandbox | null> {
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
