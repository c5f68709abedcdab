// The window benches' traces: the main-thread figure counts each top-level task once (nested ones inside it not
// again), and the page's tasks are those of its own renderer's main thread.
import { describe, expect, it } from 'vitest'
import { pageMainThreadTasks, threadMsUntil, type TraceEvent } from '../../bench/trace-tasks'

const task = (ts: number, dur: number, tdur: number, name = 'ThreadControllerImpl::RunTask'): TraceEvent => ({
  name,
  cat: 'toplevel',
  ph: 'X',
  pid: 1,
  tid: 7,
  ts,
  dur,
  tdur
})
const mark: TraceEvent = {
  name: 'bench-shell',
  cat: 'blink.user_timing',
  ph: 'R',
  pid: 1,
  tid: 7,
  ts: 10_000
}

describe('threadMsUntil', () => {
  it("counts a mojo message's handler inside the task that runs it once, not twice", () => {
    const events = [
      task(1_000, 2_000, 1_500),
      // The core's answer: a task, and inside it the handler that draws the shell.
      task(5_000, 4_000, 3_000),
      task(5_100, 3_800, 2_900, 'SimpleWatcher::OnHandleReady')
    ]
    expect(threadMsUntil(events, mark)).toBe(4.5)
  })

  it('leaves out tasks after the mark, on other threads, and events that are not top-level tasks', () => {
    const events = [
      task(1_000, 1_000, 1_000),
      task(11_000, 1_000, 1_000),
      { ...task(2_000, 1_000, 1_000), tid: 8 },
      { ...task(3_000, 1_000, 1_000), cat: 'v8' },
      { ...task(4_000, 1_000, 1_000), ph: 'B' }
    ]
    expect(threadMsUntil(events, mark)).toBe(1)
  })
})

describe('pageMainThreadTasks', () => {
  const threadName = (pid: number, tid: number, name: string): TraceEvent => ({
    name: 'thread_name',
    cat: '__metadata',
    ph: 'M',
    pid,
    tid,
    ts: 0,
    args: { name }
  })

  it("takes the renderer main thread that worked most (the page's, not a blank tab's), and only its top-level tasks", () => {
    const events = [
      threadName(1, 7, 'CrRendererMain'),
      threadName(2, 9, 'CrRendererMain'),
      threadName(1, 8, 'Compositor'),
      task(1_000, 30_000, 28_000),
      { ...task(2_000, 5_000, 5_000), tid: 8 },
      { ...task(3_000, 20_000, 20_000), cat: 'v8' },
      { ...task(4_000, 1_000, 900), pid: 2, tid: 9 },
      task(40_000, 2_000, 1_800)
    ]
    expect(pageMainThreadTasks(events).map((e) => e.ts)).toEqual([1_000, 40_000])
  })

  it('finds no task in a trace with no renderer main thread', () => {
    expect(
      pageMainThreadTasks([threadName(1, 8, 'Compositor'), { ...task(1_000, 5_000, 5_000), tid: 8 }])
    ).toEqual([])
  })
})
