import { describe, expect, it } from 'vitest'
import { FakeClock } from './clock'
import { CLOCK_LOOK_MS, watchClockJumps } from './clock-jumps'

describe('watching the wall clock move unlike the timers', () => {
  it('says when the wall clock was set forward or back, not when a look only came late', async () => {
    const clock = new FakeClock()
    const moves: number[] = []
    const watch = watchClockJumps({ clock, onMoved: (by) => moves.push(by) })
    await clock.advance(3 * CLOCK_LOOK_MS)
    expect(moves).toEqual([])
    // A busy event loop: the look comes 2 s late (the wall clock and the timers moved alike).
    clock.jump(2_000)
    await clock.advance(CLOCK_LOOK_MS)
    expect(moves).toEqual([])
    clock.wallClockMoved(3_600_000)
    await clock.advance(CLOCK_LOOK_MS)
    expect(moves).toEqual([3_600_000])
    clock.wallClockMoved(-600_000)
    await clock.advance(CLOCK_LOOK_MS)
    expect(moves).toEqual([3_600_000, -600_000])
    watch.stop()
    expect(clock.pending).toBe(0)
  })
})
