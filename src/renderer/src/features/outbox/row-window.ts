// Which rows of a fixed-height list to draw: the ones in its scroll box's viewport, and `overscan` more either way.
import { useLayoutEffect, useState, type FocusEvent, type RefObject } from 'react'
import { flushSync } from 'react-dom'

/** The rows to draw, first to last inclusive; `last < first` when there are none. */
export interface RowWindow {
  first: number
  last: number
}

/**
 * The rows of a list of `count` rows, each `rowHeight` px, that show in the scroll box `scrollRef` (plus `overscan`
 * either way), following its scrolling and size. With every row the same height this is arithmetic on the scroll
 * offset: a general virtualizer measures each of its rows, and building that table for 100,000 rows took 5–20 ms
 * every time the count changed (opening the outbox, each filter; issue 29).
 */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan: number
): RowWindow {
  // Where the viewport is, in rows: changes only when a row comes into or leaves view, so scrolling within a row
  // draws nothing again.
  // Before the box is measured: as many rows as the window's height could show, so the first render draws its rows
  // and the view and its rows are laid out once (by the measure's read). Rows the box cannot show are only overscan.
  const [view, setView] = useState<{ top: number; rows: number }>(() => ({
    top: 0,
    rows: Math.ceil(window.innerHeight / rowHeight)
  }))
  const empty = count === 0

  useLayoutEffect(() => {
    const box = scrollRef.current
    if (!box) return
    const measure = (): void => {
      const top = Math.floor(box.scrollTop / rowHeight)
      const rows = Math.ceil((box.scrollTop + box.clientHeight) / rowHeight) - top
      setView((now) => (now.top === top && now.rows === rows ? now : { top, rows }))
    }
    // Drawn before the frame that shows the scroll is painted: a render left to React's scheduler lands a task
    // later, and a fling would show the rows of the previous position, or none.
    const scrolled = (): void => flushSync(measure)
    measure()
    box.addEventListener('scroll', scrolled, { passive: true })
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(scrolled)
    resized?.observe(box)
    return () => {
      box.removeEventListener('scroll', scrolled)
      resized?.disconnect()
    }
    // The box is there from the list's first render (hidden, not removed, when empty); measured again when the list
    // stops being empty, in the same render: the box just shown has its height now, and its resize event would draw
    // the first rows a frame or more later.
  }, [scrollRef, rowHeight, empty])

  if (count === 0 || view.rows === 0) return { first: 0, last: -1 }
  // A list that shrank under the viewport (a filter, a deletion) shows its end until the box scrolls back.
  const top = Math.min(view.top, Math.max(0, count - view.rows))
  return {
    first: Math.max(0, top - overscan),
    last: Math.min(count - 1, top + view.rows - 1 + overscan)
  }
}

/** The rows to draw: first..last, and `kept` (the focused row, -1 for none) wherever it is. */
export function rowIndexes(first: number, last: number, kept: number): number[] {
  const indexes = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i)
  if (kept >= 0 && (kept < first || kept > last)) indexes.push(kept)
  return indexes
}

/**
 * The id of the row holding the focus (J / K, Tab), read from its row's `data-row-id`; the handlers go on the list's
 * scroll box. New rows come in at the top: rows keyed by their id keep the focus as they move down, and the list
 * draws this one wherever it is (rowIndexes' `kept`) while it moves: a burst moved it past the rows drawn, which took
 * the focus with it, until RowsKeepPlace scrolled the box by the rows drawn above it, bringing it back where it was read.
 */
export function useFocusedRowId(): {
  focusedId: string | null
  onFocus(event: FocusEvent): void
  onBlur(event: FocusEvent): void
} {
  const [focusedId, setFocusedId] = useState<string | null>(null)
  return {
    focusedId,
    onFocus: (event) => {
      const row = (event.target as Element).closest<HTMLElement>('[data-row-id]')
      setFocusedId(row?.dataset.rowId ?? null)
    },
    onBlur: (event) => {
      if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
        setFocusedId(null)
    }
  }
}
