import { afterEach, describe, expect, it, vi } from 'vitest'
import { coalescedReads } from './coalesced-reads'

afterEach(() => {
  vi.useRealTimers()
})

/** A read the test finishes by hand, counting how many ran and how many were running at once. */
function manualRead(): {
  read: () => Promise<void>
  finish: () => void
  started: () => number
  most: () => number
} {
  const pending: (() => void)[] = []
  let started = 0
  let running = 0
  let most = 0
  return {
    read: () => {
      started++
      running++
      most = Math.max(most, running)
      return new Promise<void>((resolve) =>
        pending.push(() => {
          running--
          resolve()
        })
      )
    },
    finish: () => pending.shift()?.(),
    started: () => started,
    most: () => most
  }
}

describe('coalescedReads', () => {
  it('never runs two reads at once: asks during one become a single read after it', async () => {
    const reads = manualRead()
    const coalesced = coalescedReads(reads.read, 500)
    coalesced.ask('now')
    coalesced.ask('now')
    coalesced.ask('now')
    expect(reads.started()).toBe(1)
    reads.finish()
    await vi.waitFor(() => expect(reads.started()).toBe(2))
    reads.finish()
    await Promise.resolve()
    expect(reads.started()).toBe(2)
    expect(reads.most()).toBe(1)
  })

  it("joins the 'soon' asks of one gap into one read, and reads nothing once stopped", async () => {
    vi.useFakeTimers()
    const reads = manualRead()
    const coalesced = coalescedReads(reads.read, 500)
    for (let n = 0; n < 20; n++) {
      coalesced.ask('soon')
      await vi.advanceTimersByTimeAsync(20)
    }
    // 400 ms of asks: the first one's gap ends at 500 ms, with one read for all of them.
    expect(reads.started()).toBe(0)
    await vi.advanceTimersByTimeAsync(100)
    expect(reads.started()).toBe(1)
    reads.finish()
    coalesced.ask('soon')
    coalesced.stop()
    await vi.advanceTimersByTimeAsync(1000)
    expect(reads.started()).toBe(1)
  })

  it('asks a gap given as a function at each gap: a subject grown since is read less often', async () => {
    vi.useFakeTimers()
    const reads = manualRead()
    let gap = 500
    const coalesced = coalescedReads(reads.read, () => gap)
    coalesced.ask('soon')
    await vi.advanceTimersByTimeAsync(500)
    expect(reads.started()).toBe(1)
    reads.finish()
    gap = 2_500
    coalesced.ask('soon')
    await vi.advanceTimersByTimeAsync(2_000)
    expect(reads.started()).toBe(1)
    await vi.advanceTimersByTimeAsync(500)
    expect(reads.started()).toBe(2)
  })
})
