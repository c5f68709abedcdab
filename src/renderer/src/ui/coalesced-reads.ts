// One read asked for from many places (events, a timer, counts moving) without piling up: never two in flight, and
// the asks that can wait a little joined into one per gap.

export interface CoalescedReads {
  /**
   * `now`: the operator or the core said something changed: read at once (after the read in flight, if any).
   * `soon`: something may have moved (counts during a send): one read within `gapMs`, however many asks come.
   */
  ask(when: 'now' | 'soon'): void
  /** No read after this (the view is gone). */
  stop(): void
}

/** `gapMs` may be asked at each gap (a read that costs more the bigger its subject spaces itself more). */
export function coalescedReads(read: () => Promise<unknown>, gapMs: number | (() => number)): CoalescedReads {
  let inFlight = false
  /** Asked while a read was in flight: it may have started before the change, so one more read follows it. */
  let again = false
  let soonTimer: ReturnType<typeof setTimeout> | null = null
  let stopped = false

  function run(): void {
    if (stopped) return
    if (inFlight) {
      again = true
      return
    }
    inFlight = true
    void read()
      .catch(() => undefined)
      .finally(() => {
        inFlight = false
        if (again) {
          again = false
          run()
        }
      })
  }

  return {
    ask(when) {
      if (when === 'now') {
        // This read sees whatever the waiting one would have.
        if (soonTimer !== null) clearTimeout(soonTimer)
        soonTimer = null
        run()
        return
      }
      if (soonTimer !== null || stopped) return
      soonTimer = setTimeout(
        () => {
          soonTimer = null
          run()
        },
        typeof gapMs === 'function' ? gapMs() : gapMs
      )
    },
    stop() {
      stopped = true
      if (soonTimer !== null) clearTimeout(soonTimer)
      soonTimer = null
    }
  }
}
