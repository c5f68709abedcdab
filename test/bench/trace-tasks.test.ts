// The window bench's main-thread figure: each top-level task counted once, nested ones inside it not again.
import { describe, expect, it } from 'vitest'
import { threadMsUntil, type TraceEvent } from '../../bench/trace-tasks'

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
