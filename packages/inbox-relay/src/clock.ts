// Time as the relay sees it: receipt times, retention, rate limits and long-poll waits all go through one clock, so
// tests move time forward instead of waiting.

/** Whatever the clock's setTimeout returns; only handed back to its clearTimeout. */
export type TimerHandle = unknown

export interface RelayClock {
  now(): number
  setTimeout(callback: () => void, ms: number): TimerHandle
  clearTimeout(handle: TimerHandle): void
}

/** Node fires a longer timer after 1 ms; callers re-arm when woken early. */
const LONGEST_TIMER_MS = 2_147_483_647

export const systemClock: RelayClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle: unknown = setTimeout(callback, Math.min(LONGEST_TIMER_MS, Math.max(0, ms)))
    // In Node, the relay's timers never keep a process alive on their own (workerd's timers have no unref).
    const unref = (handle as { unref?: () => void }).unref
    if (typeof unref === 'function') unref.call(handle)
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as Parameters<typeof clearTimeout>[0])
}
