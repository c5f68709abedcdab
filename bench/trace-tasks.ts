// Reading a Chromium trace of top-level tasks: how much of one thread's time the tasks before a moment took.

/** A trace event as Chromium writes it (times in µs). */
export interface TraceEvent {
  name: string
  cat: string
  ph: string
  pid: number
  tid: number
  ts: number
  /** Wall and thread duration, µs. */
  dur?: number
  tdur?: number
  args?: Record<string, unknown>
}

/**
 * Milliseconds of thread time the top-level tasks on `mark`'s thread took up to it. Outermost tasks only: a mojo
 * message's handler (SimpleWatcher::OnHandleReady) is a top-level event inside the task that runs it, and counting
 * both counted the window's shell render (brought by the core's answer) twice (issue 29).
 */
export function threadMsUntil(events: readonly TraceEvent[], mark: TraceEvent): number {
  const tasks = events
    .filter(
      (e) =>
        e.ph === 'X' && e.cat === 'toplevel' && e.pid === mark.pid && e.tid === mark.tid && e.ts <= mark.ts
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  let thread = 0
  let coveredUntil = -Infinity
  for (const task of tasks) {
    if (task.ts < coveredUntil) continue
    thread += task.tdur ?? 0
    coveredUntil = task.ts + (task.dur ?? 0)
  }
  return thread / 1000
}

/** The page's top-level tasks in a trace: those of the renderer main thread that ran the most top-level work. */
export function pageMainThreadTasks(events: readonly TraceEvent[]): TraceEvent[] {
  const busy = new Map<string, number>()
  for (const e of events) {
    if (e.ph === 'X' && e.cat === 'toplevel')
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.tdur ?? 0))
  }
  const mainThreads = events
    .filter((e) => e.name === 'thread_name' && e.args?.['name'] === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`)
  const main = mainThreads.sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0]
  return events.filter((e) => e.ph === 'X' && e.cat === 'toplevel' && `${e.pid}:${e.tid}` === main)
}
