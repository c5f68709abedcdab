// Where the thread's scroll box goes when its entries change (QA27 Q27-05): to the newest when it opens, kept over
// the same message when earlier ones are put above, following new ones only when the operator is at the bottom.
import { describe, expect, it } from 'vitest'
import { atBottom, scrollAfterChange } from './thread-scroll'

const box = (scrollTop: number, scrollHeight: number, clientHeight = 500) => ({
  scrollTop,
  scrollHeight,
  clientHeight
})

describe('atBottom', () => {
  it('is at the bottom within a few pixels of it, and not above that', () => {
    expect(atBottom(box(1500, 2000))).toBe(true)
    expect(atBottom(box(1490, 2000))).toBe(true)
    expect(atBottom(box(1200, 2000))).toBe(false)
    // A thread shorter than its box is all in view.
    expect(atBottom(box(0, 300))).toBe(true)
  })
})

describe('scrollAfterChange', () => {
  const still = { opening: false, earlierAdded: false, arrived: 0 }

  it('opens at the newest message', () => {
    const before = { scrollTop: 0, scrollHeight: 0, wasAtBottom: true }
    expect(scrollAfterChange({ ...still, opening: true }, before, box(0, 2500))).toEqual({
      scrollTop: 2000,
      newBelow: 0
    })
  })

  it('keeps the same message in view when earlier ones are put above', () => {
    const before = { scrollTop: 300, scrollHeight: 2500, wasAtBottom: false }
    expect(scrollAfterChange({ ...still, earlierAdded: true }, before, box(300, 5000))).toEqual({
      scrollTop: 2800,
      newBelow: 0
    })
  })

  it('follows a new message when the operator was at the bottom', () => {
    const before = { scrollTop: 2000, scrollHeight: 2500, wasAtBottom: true }
    expect(scrollAfterChange({ ...still, arrived: 1 }, before, box(2000, 2600))).toEqual({
      scrollTop: 2100,
      newBelow: 0
    })
  })

  it('stays where the operator reads and counts what arrived below', () => {
    const before = { scrollTop: 400, scrollHeight: 2500, wasAtBottom: false }
    expect(scrollAfterChange({ ...still, arrived: 2 }, before, box(400, 2700))).toEqual({
      scrollTop: 400,
      newBelow: 2
    })
  })

  it('goes to the end for a reply the operator just sent, wherever they read', () => {
    const before = { scrollTop: 400, scrollHeight: 2500, wasAtBottom: false }
    expect(scrollAfterChange({ ...still, arrived: 1, ownReply: true }, before, box(400, 2600))).toEqual({
      scrollTop: 2100,
      newBelow: 0
    })
  })

  it('leaves the box alone when only a status changed', () => {
    const before = { scrollTop: 400, scrollHeight: 2500, wasAtBottom: false }
    expect(scrollAfterChange(still, before, box(400, 2500))).toEqual({ scrollTop: 400, newBelow: 0 })
  })
})
