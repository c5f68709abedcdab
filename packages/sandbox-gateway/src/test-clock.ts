// A clock for the package's tests: time stands still until a test moves it, then due timers fire in order.

import type { Clock, TimerHandle } from './clock'

interface Waiting {
  handle: number
  dueAt: number
  run: () => void
}

/** Lets promise chains a timer started run to their next wait (HTTP round trips included) before the next timer. */
const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 5; turn++) await new Promise<void>((resolve) => setImmediate(resolve))
}

export class TestClock implements Clock {
  private time: number
  private lastHandle = 0
  private waiting: Waiting[] = []

  constructor(start: string | number = '2026-01-15T03:00:00Z') {
    this.time = typeof start === 'number' ? start : Date.parse(start)
  }

  now(): number {
    return this.time
  }

  setTimeout(run: () => void, ms: number): TimerHandle {
    this.lastHandle += 1
    this.waiting.push({ handle: this.lastHandle, dueAt: this.time + Math.max(0, ms), run })
    return this.lastHandle
  }

  clearTimeout(handle: TimerHandle): void {
    this.waiting = this.waiting.filter((timer) => timer.handle !== handle)
  }

  /** Timers not fired yet. */
  get pending(): number {
    return this.waiting.length
  }

  /** Moves time forward by `ms`, firing each timer that comes due at its own time, earliest (then oldest) first. */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms
    for (;;) {
      await settle()
      let next: Waiting | undefined
      for (const timer of this.waiting) {
        if (timer.dueAt > until) continue
        if (!next || timer.dueAt < next.dueAt || (timer.dueAt === next.dueAt && timer.handle < next.handle))
          next = timer
      }
      if (!next) break
      const firing = next
      this.waiting = this.waiting.filter((timer) => timer !== firing)
      this.time = Math.max(this.time, firing.dueAt)
      firing.run()
    }
    this.time = until
    await settle()
  }

  /** Moves the wall clock without firing anything (a machine that slept). */
  jump(ms: number): void {
    this.time += ms
  }
}
