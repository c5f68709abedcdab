/** Time as a port: every timer in core goes through a Clock so tests run schedules, backoff and polling without waiting. */

export type TimerId = { readonly __timer: unique symbol }

export interface Clock {
  now(): number
  setTimeout(callback: () => void, ms: number): TimerId
  clearTimeout(id: TimerId): void
}

/** Node fires a timer longer than this (about 24.8 days) after 1 ms; callers re-arm when they wake early. */
export const MAX_TIMER_MS = 2_147_483_647

/**
 * Runs `look` every `intervalMs` through the clock, one look at a time: the next is armed once this one is over (a
 * slow look is never overlapped), until stopped. What a look throws or rejects with is the look's own to handle.
 */
export function lookEvery(
  clock: Clock,
  intervalMs: number,
  look: () => void | Promise<void>
): { stop(): void } {
  let timer: TimerId | null = null
  let stopped = false
  const arm = (): void => {
    if (!stopped) timer = clock.setTimeout(run, intervalMs)
  }
  const run = (): void => {
    timer = null
    const looked = look()
    if (looked) void looked.finally(arm)
    else arm()
  }
  arm()
  return {
    stop() {
      stopped = true
      if (timer !== null) clock.clearTimeout(timer)
      timer = null
    }
  }
}

/** A stored time (ms) as the contract's ISO string; null stays null. */
export const isoOrNull = (ms: number | null): string | null =>
  ms === null ? null : new Date(ms).toISOString()

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, Math.min(MAX_TIMER_MS, Math.max(0, ms)))
    // Timers must never keep a CLI or test process alive on their own.
    handle.unref?.()
    return handle as unknown as TimerId
  },
  clearTimeout: (id) => clearTimeout(id as unknown as NodeJS.Timeout)
}

interface PendingTimer {
  id: number
  at: number
  callback: () => void
}

/** A manual clock for tests: time moves only when the test says so. */
export class FakeClock implements Clock {
  private current: number
  private nextId = 1
  private timers: PendingTimer[] = []

  constructor(start: number | string = Date.UTC(2026, 0, 15, 3, 0, 0)) {
    this.current = typeof start === 'string' ? Date.parse(start) : start
  }

  now(): number {
    return this.current
  }

  setTimeout(callback: () => void, ms: number): TimerId {
    const id = this.nextId++
    this.timers.push({ id, at: this.current + Math.max(0, ms), callback })
    return id as unknown as TimerId
  }

  clearTimeout(id: TimerId): void {
    this.timers = this.timers.filter((timer) => timer.id !== (id as unknown as number))
  }

  /** Number of timers waiting to fire. */
  get pending(): number {
    return this.timers.length
  }

  /** When the earliest timer fires, or null. */
  nextTimerAt(): number | null {
    return this.timers.reduce<number | null>((min, t) => (min === null || t.at < min ? t.at : min), null)
  }

  /**
   * Move time forward by `ms`, firing due timers in order. Between timers it yields to the event
   * loop so promise chains started by a callback settle before the next one fires.
   */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms
    for (;;) {
      await flushMicrotasks()
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0]
      if (!due) break
      this.timers = this.timers.filter((t) => t !== due)
      this.current = Math.max(this.current, due.at)
      due.callback()
    }
    this.current = target
    await flushMicrotasks()
  }

  /** Jump the wall clock (sleep/resume, a changed system time) without firing anything. */
  jump(ms: number): void {
    this.current += ms
  }

  /**
   * The wall clock set forward (or back) while timers keep their remaining durations, as Node's do: they count a
   * monotonic clock that a changed system time (and, on most systems, a suspend) does not move.
   */
  wallClockMoved(ms: number): void {
    this.current += ms
    for (const timer of this.timers) timer.at += ms
  }
}

async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}
