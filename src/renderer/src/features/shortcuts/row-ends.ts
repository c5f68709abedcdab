// Home / End over the rows J / K walk. A list that draws only the rows in view (the Outbox, the Inbox's
// conversations) has its first and last rows elsewhere: it answers the row-end event raised on the row Home / End
// picked, and reaches its real end itself (useRowEndsReached).
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

export type RowEnd = 'first' | 'last'

const ROW_END_EVENT = 'sender-desk:row-end'

/**
 * Raised on `row` before Home / End focus it, bubbling: true when a list took it (it then moves the focus itself).
 */
export function listTakesRowEnd(row: HTMLElement, end: RowEnd): boolean {
  return !row.dispatchEvent(
    new CustomEvent<RowEnd>(ROW_END_EVENT, { bubbles: true, cancelable: true, detail: end })
  )
}

/** `list` takes Home / End for its rows with `reach`; returns the way to stop. */
export function takeRowEnds(list: HTMLElement, reach: (end: RowEnd) => boolean): () => void {
  const listener = (event: Event): void => {
    if (event instanceof CustomEvent && reach(event.detail as RowEnd)) event.preventDefault()
  }
  list.addEventListener(ROW_END_EVENT, listener)
  return () => list.removeEventListener(ROW_END_EVENT, listener)
}

/**
 * Home / End in the list scrolled by `box` reach its first or last row, not the first or last drawn: the box scrolls
 * there, and the row takes the focus once drawn (a far end may wait for its page to load). Left to the browser, they
 * scrolled the box away from the focused row, which took the focus with it to the page (QA9 Q9-02), or took three
 * presses to reach the last of 38 conversations. `rowAt` names an end's row (a key, and its top in the box; null when
 * the list is empty), `focusTarget` what takes the focus in a drawn row of that key, given the element focused when the
 key came (a row's checkbox, whose list may go to the end row's checkbox).
 */
export function useRowEndsReached<Key extends string | number>(
  box: RefObject<HTMLElement | null>,
  rowAt: (end: RowEnd) => { key: Key; top: number } | null,
  focusTarget: (key: Key, from: Element | null) => string
): void {
  /** The row Home / End asked for, and the focus they came from, until it is drawn and focused. */
  const wanted = useRef<Wanted<Key> | null>(null)
  useEffect(() => {
    const list = box.current
    if (!list) return
    return takeRowEnds(list, (end) => {
      const row = rowAt(end)
      if (!row) return false
      list.scrollTop = row.top
      wanted.current = { key: row.key, from: document.activeElement }
      focusWanted(list, wanted, focusTarget)
      return true
    })
  }, [box, rowAt, focusTarget])
  // After every render: the row is drawn in one of them, once scrolled to and loaded.
  useLayoutEffect(() => {
    if (box.current) focusWanted(box.current, wanted, focusTarget)
  })
}

interface Wanted<Key> {
  key: Key
  from: Element | null
}

/** Focuses the `wanted` row of `list` if it is drawn, and then wants it no more. */
function focusWanted<Key extends string | number>(
  list: HTMLElement,
  wanted: RefObject<Wanted<Key> | null>,
  focusTarget: (key: Key, from: Element | null) => string
): void {
  if (wanted.current === null) return
  const row = list.querySelector<HTMLElement>(focusTarget(wanted.current.key, wanted.current.from))
  if (!row) return
  wanted.current = null
  row.focus()
  row.scrollIntoView?.({ block: 'nearest' })
}
