// A clock that moves only when a test says so; timers fire in due order as it passes them. Runs in Node and in
// workerd (the Durable Object harness bundles it), so it imports nothing.

import type { RelayClock, TimerHandle } from '../../src/clock'

interface Timer {
  id: number
  at: number
  callback: () => void
}

export class ManualClock implements RelayClock {
  private timers: Timer[] = []
  private nextId = 1

  constructor(private time = Date.UTC(2026, 0, 5, 8, 0, 0)) {}

  now(): number {
    return this.time
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const timer = { id: this.nextId++, at: this.time + Math.max(0, ms), callback }
    this.timers.push(timer)
    return timer.id
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle)
  }

  /** Moves time forward, firing each timer that falls due on the way, at its own time. */
  advance(ms: number): void {
    const until = this.time + ms
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0]
      if (due === undefined) break
      this.timers = this.timers.filter((timer) => timer !== due)
      this.time = Math.max(this.time, due.at)
      due.callback()
    }
    this.time = until
  }

  pendingTimers(): number[] {
    return this.timers.map((timer) => timer.at).sort((a, b) => a - b)
  }
}
