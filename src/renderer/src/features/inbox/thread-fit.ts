// Where the open thread sits on the screen (QA29 Q29-01, Q29-02). The Relay and Chatbot panels (and at 360 px the
// sticky header) sit above it, so its scroll box takes the height the screen has left beside the thread's heading and
// reply box, and the page brings the thread's end (its newest message, the reply box) into view when it opens; its
// newest message counts as shown only while the box's end is on the screen.

/** The part of the window the page shows, in viewport pixels: below a sticky header, down to the window's bottom. */
export interface Screen {
  top: number
  bottom: number
}

/** How far below the screen's edge an end still counts as on it (a fraction of a line). */
const EDGE_SLACK = 16
/** How much of the box must show below the top of the screen for its last line to be read there. */
const LAST_LINE = 32
/** Room left between the thread's end and the window's bottom edge. */
const BREATH = 8

/**
 * What the window shows of the page now. The style sheet's `scroll-padding-top` is how much of the top the sticky
 * header covers (styles.css, narrow windows), the same the browser keeps clear when it scrolls something into view.
 */
export function screenNow(): Screen {
  const covered = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)
  return { top: Number.isFinite(covered) ? covered : 0, bottom: window.innerHeight }
}

/** Whether a box that ends at `rect.bottom` shows its end on the screen. */
export function endOnScreen(rect: { bottom: number }, screen: Screen): boolean {
  return rect.bottom <= screen.bottom + EDGE_SLACK && rect.bottom >= screen.top + LAST_LINE
}

/**
 * How far to scroll the page (down positive) so the thread's end is on the screen, and as much of its top as that
 * leaves room for: the newest message and the reply box come before the heading when the window is too short for all,
 * unless the focus is up there (`focusedTop`, the heading opened from the keyboard): what has the focus is never
 * scrolled under the sticky header or off the top.
 */
export function pageScrollToShowEnd(
  rect: { top: number; bottom: number },
  screen: Screen,
  focusedTop?: number
): number {
  const toEnd =
    rect.bottom > screen.bottom
      ? Math.ceil(rect.bottom - screen.bottom)
      : rect.top < screen.top
        ? // Never so far up that the end goes below the screen by a fraction of a pixel: the next fit took it back down,
          // 1 px each way at every resize of a thread taller than the screen (QA71).
          Math.max(Math.floor(rect.top - screen.top), Math.ceil(rect.bottom - screen.bottom))
        : 0
  return focusedTop === undefined ? toEnd : Math.min(toEnd, Math.floor(focusedTop - screen.top))
}

/** The entries box's height for the thread to fit the screen, its other parts `rest` px tall (0 when none fits). */
export function entriesHeightToFit(screen: Screen, rest: number): number {
  return Math.max(0, Math.floor(screen.bottom - screen.top - rest - BREATH))
}

/** Gives the entries box the height the screen has left (the style sheet keeps its smallest: `--inbox-entries-fit`). */
export function fitEntries(thread: HTMLElement, box: HTMLElement): void {
  const rest = thread.getBoundingClientRect().height - box.getBoundingClientRect().height
  box.style.setProperty('--inbox-entries-fit', `${entriesHeightToFit(screenNow(), rest)}px`)
}

/**
 * Scrolls the page so the thread's end is on the screen (at once: what is measured next must see it there), keeping
 * on it what has the focus above the entries `box`: the thread's heading, when the keyboard opened the thread, or the
 * view's, when Alt+I came back to an open thread (QA38 Q38-04: it was scrolled under the sticky header).
 */
export function showThreadEnd(thread: HTMLElement, box: HTMLElement): void {
  const focused = document.activeElement
  // A row beside the thread that opened it keeps the focus off this rule: the thread's end comes first (QA29 Q29-02).
  const viewHeading = thread.closest('.view')?.getAttribute('aria-labelledby')
  const above =
    focused instanceof HTMLElement &&
    (thread.contains(focused) || (viewHeading !== undefined && focused.id === viewHeading)) &&
    (box.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_PRECEDING) !== 0
  const focusedTop = above ? focused.getBoundingClientRect().top : undefined
  const by = pageScrollToShowEnd(thread.getBoundingClientRect(), screenNow(), focusedTop)
  if (by !== 0) window.scrollBy({ top: by, behavior: 'instant' })
}
