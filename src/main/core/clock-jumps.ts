// Timers are durations on a monotonic clock; due times are wall-clock instants. When the wall clock moves by itself
// (the operator sets it forward, the network time corrects it, a suspend the system did not announce), every wait
// armed before still runs its old duration: a schedule due meanwhile would go out that much late. A look every few
// seconds notices the wall clock moving unlike the timers and has each waiting part measure its wait again.
import { lookEvery, type Clock } from './clock'

export const CLOCK_LOOK_MS = 10_000
/** More than a busy event loop's lateness: below this, a look is only late, not a moved clock. */
export const CLOCK_MOVED_MS = 5_000

export function watchClockJumps(input: {
  clock: Clock
  onMoved: (byMs: number) => void
  lookMs?: number
  movedMs?: number
}): { stop(): void } {
  const lookMs = input.lookMs ?? CLOCK_LOOK_MS
  const movedMs = input.movedMs ?? CLOCK_MOVED_MS
  let last = input.clock.now()
  return lookEvery(input.clock, lookMs, () => {
    const now = input.clock.now()
    const moved = now - last - lookMs
    last = now
    if (Math.abs(moved) > movedMs) input.onMoved(moved)
  })
}
