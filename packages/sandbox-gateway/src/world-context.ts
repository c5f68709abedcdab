// What every part of the sandbox world shares: the clock, the random source, and the way to say something changed.

import type { Clock } from './clock'
import type { RandomSource } from './random-source'
import type { SandboxTimings } from './world-interface'

export interface WorldContext {
  readonly clock: Clock
  readonly random: RandomSource
  readonly timings: SandboxTimings
  /** Something in the world changed: the world re-arms its timer and tells its listeners (the store saves). */
  changed(): void
}

export const iso = (ms: number): string => new Date(ms).toISOString()
