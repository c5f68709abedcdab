import { describe, expect, it } from 'vitest'
import { FakeClock, MAX_TIMER_MS, systemClock } from './clock'

describe('FakeClock', () => {
  it('fires timers in time order only when advanced past them', async () => {
    const clock = new FakeClock(1000)
    const fired: string[] = []
    clock.setTimeout(() => fired.push('b'), 200)
    clock.setTimeout(() => fired.push('a'), 100)
    const c = clock.setTimeout(() => fired.push('c'), 150)
    clock.clearTimeout(c)
    await clock.advance(99)
    expect(fired).toEqual([])
    await clock.advance(200)
    expect(fired).toEqual(['a', 'b'])
    expect(clock.now()).toBe(1299)
  })

  it('runs timers scheduled by timers within the same advance', async () => {
    const clock = new FakeClock(0)
    const seen: number[] = []
    const tick = (): void => {
      seen.push(clock.now())
      if (seen.length < 3) clock.setTimeout(tick, 10)
    }
    clock.setTimeout(tick, 10)
    await clock.advance(100)
    expect(seen).toEqual([10, 20, 30])
  })
})

describe('systemClock', () => {
  it('never lets a far-future timer overflow into firing at once', async () => {
    let fired = false
    // A schedule years ahead: Node would otherwise clamp this to 1 ms and fire immediately.
    const id = systemClock.setTimeout(
      () => {
        fired = true
      },
      5 * 365 * 86_400_000
    )
    await new Promise((resolve) => setTimeout(resolve, 30))
    systemClock.clearTimeout(id)
    expect(fired).toBe(false)
    expect(MAX_TIMER_MS).toBe(2 ** 31 - 1)
  })
})
