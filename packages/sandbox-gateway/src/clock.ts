// Time as the sandbox sees it: any clock with now/setTimeout/clearTimeout (the app's, a test's, the system's).

/** Whatever the clock's setTimeout returns; only handed back to its clearTimeout. */
export type TimerHandle = unknown

export interface Clock {
  now(): number
  setTimeout(callback: () => void, ms: number): TimerHandle
  clearTimeout(handle: TimerHandle): void
}

/** Node fires a longer timer after 1 ms; the world re-arms when it wakes early. */
const LONGEST_TIMER_MS = 2_147_483_647

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, Math.min(LONGEST_TIMER_MS, Math.max(0, ms)))
    // The sandbox's timers never keep a process alive on their own.
    handle.unref()
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout)
}
