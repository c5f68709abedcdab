// Where the open thread sits on the screen (QA29 Q29-01, Q29-02): its scroll box takes the height the screen has left
// beside the thread's heading and reply box, the page brings the thread's end into view when it opens, and its
// newest message counts as shown only when the box's end is on the screen, not just at the end of its own scroll.
import { describe, expect, it } from 'vitest'
import { endOnScreen, entriesHeightToFit, pageScrollToShowEnd } from './thread-fit'

/** 640 px tall, the top 144 px under a sticky header (360×640). */
const narrow = { top: 144, bottom: 640 }
/** 760 px tall, no sticky header (1100×760). */
const wide = { top: 0, bottom: 760 }

describe('endOnScreen', () => {
  it('is on the screen when the box ends inside what the window shows', () => {
    expect(endOnScreen({ bottom: 600 }, narrow)).toBe(true)
    expect(endOnScreen({ bottom: 640 }, narrow)).toBe(true)
    expect(endOnScreen({ bottom: 740 }, wide)).toBe(true)
  })

  it('is not when the box ends below the screen (QA29 Q29-01: y 708–964 in a 640 px window)', () => {
    expect(endOnScreen({ bottom: 964 }, narrow)).toBe(false)
    expect(endOnScreen({ bottom: 700 }, narrow)).toBe(false)
  })

  it('is not when the page was scrolled past it, or its end is under the sticky header', () => {
    expect(endOnScreen({ bottom: -20 }, wide)).toBe(false)
    expect(endOnScreen({ bottom: 150 }, narrow)).toBe(false)
  })
})

describe('pageScrollToShowEnd', () => {
  it('scrolls down until the thread ends at the bottom of the screen (QA29 Q29-02: Send at y 1074 of 760)', () => {
    expect(pageScrollToShowEnd({ top: 295, bottom: 1118 }, wide)).toBe(1118 - 760)
  })

  it('leaves the page alone when the whole thread is on the screen', () => {
    expect(pageScrollToShowEnd({ top: 100, bottom: 700 }, wide)).toBe(0)
  })

  it('brings a thread whose top is scrolled away back down as far as its end stays on the screen', () => {
    // Under the sticky header by 100 px, 80 px free below: up by 80 px, no further.
    expect(pageScrollToShowEnd({ top: 44, bottom: 560 }, narrow)).toBe(-80)
    // Room enough: all of it.
    expect(pageScrollToShowEnd({ top: 100, bottom: 400 }, narrow)).toBe(-44)
  })

  it('shows the end before the top when the thread is taller than the screen', () => {
    expect(pageScrollToShowEnd({ top: 500, bottom: 1140 }, narrow)).toBe(500)
  })

  // QA71: a reply box with a file and the opt-out warning makes the thread taller than a 360×640 screen; ending a
  // fraction of a pixel past its bottom, it went down 1 px and back up 1 px at each of the box's resizes.
  it('leaves a taller thread whose end is on the screen where it is, whatever fraction of a pixel it ends at', () => {
    const down = pageScrollToShowEnd({ top: 130.4, bottom: 640.4 + 100 }, narrow)
    expect(down).toBe(101)
    const after = { top: 130.4 + 100 - down, bottom: 640.4 + 100 - down }
    expect(pageScrollToShowEnd(after, narrow)).toBeCloseTo(0)
  })
})

describe('pageScrollToShowEnd with the focus in the thread’s head', () => {
  it('shows the end as far as the focused heading stays below the sticky header', () => {
    // Taller than the screen, the heading focused at y 500 (opened from the keyboard at 360×640): down to y 144.
    expect(pageScrollToShowEnd({ top: 480, bottom: 1140 }, narrow, 500)).toBe(500 - 144)
    // Under the header already: brought down to just below it, though the end goes lower.
    expect(pageScrollToShowEnd({ top: 60, bottom: 700 }, narrow, 80)).toBe(80 - 144)
  })

  it('changes nothing when all of it fits', () => {
    expect(pageScrollToShowEnd({ top: 295, bottom: 1000 }, wide, 310)).toBe(1000 - 760)
    expect(pageScrollToShowEnd({ top: 200, bottom: 600 }, narrow, 215)).toBe(0)
  })
})

describe('entriesHeightToFit', () => {
  it('gives the box what the screen has left beside the rest of the thread', () => {
    // 760 px of screen, the heading and reply box 330 px: a 430 px box less a breath.
    expect(entriesHeightToFit(wide, 330)).toBe(760 - 330 - 8)
  })

  it('may give less than the box needs: its smallest height is the style sheet’s', () => {
    expect(entriesHeightToFit(narrow, 420)).toBe(640 - 144 - 420 - 8)
    expect(entriesHeightToFit(narrow, 600)).toBe(0)
  })
})
