// Which rows of a list to draw: the ones in its scroll box's viewport, and `overscan` more either way.
import { useLayoutEffect, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react'
import { flushSync } from 'react-dom'

/**
 * Where a list's rows are: each `base` px tall, but for the few that need more (`taller`, by index, each with the px
 * it adds). Arithmetic on the offset still, with a binary search over the taller ones: a narrow Outbox row naming a
 * long device name takes more lines, and every row paying for them left five in sight at 360×640, not six (QA75).
 */
export interface RowLayout {
  base: number
  /** The row's top (px from the list's top). */
  offsetOf(index: number): number
  /** The row at `px` from the list's top. */
  indexAt(px: number): number
  /** The list's height for `count` rows. */
  heightOf(count: number): number
}

/** One taller row: its index and the px it adds to `base`. */
export interface TallerRow {
  index: number
  extra: number
}

export function rowLayout(base: number, taller: readonly TallerRow[] = []): RowLayout {
  const rows = [...taller].filter((row) => row.extra > 0).sort((a, b) => a.index - b.index)
  // What the taller rows before each one add: its top is `index * base` and that.
  const addedBefore: number[] = []
  let added = 0
  for (const row of rows) {
    addedBefore.push(added)
    added += row.extra
  }
  /** How many taller rows are before `index`. */
  const tallerBefore = (index: number): number => {
    let low = 0
    let high = rows.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (rows[middle]!.index < index) low = middle + 1
      else high = middle
    }
    return low
  }
  const offsetOf = (index: number): number => {
    const before = tallerBefore(index)
    return index * base + (before === 0 ? 0 : addedBefore[before - 1]! + rows[before - 1]!.extra)
  }
  return {
    base,
    offsetOf,
    indexAt(px) {
      // The last taller row starting at or above `px`; the rows after it are `base` tall.
      let low = 0
      let high = rows.length
      while (low < high) {
        const middle = (low + high) >> 1
        if (rows[middle]!.index * base + addedBefore[middle]! <= px) low = middle + 1
        else high = middle
      }
      if (low === 0) return Math.max(0, Math.floor(px / base))
      const row = rows[low - 1]!
      const end = row.index * base + addedBefore[low - 1]! + base + row.extra
      return px < end ? row.index : row.index + 1 + Math.floor((px - end) / base)
    },
    heightOf: (count) => offsetOf(count)
  }
}

/** The rows to draw, first to last inclusive; `last < first` when there are none. */
export interface RowWindow {
  first: number
  last: number
}

/**
 * The rows of a list of `count` rows, each `rowHeight` px (or laid out by a RowLayout), that show in the scroll box
 * `scrollRef` (plus `overscan` either way), following its scrolling and size. With every row the same height this is
 * arithmetic on the scroll offset: a general virtualizer measures each of its rows, and building that table for
 * 100,000 rows took 5–20 ms every time the count changed (opening the outbox, each filter; issue 29).
 */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number | RowLayout,
  overscan: number
): RowWindow {
  const base = typeof rowHeight === 'number' ? rowHeight : rowHeight.base
  // Where the viewport is, in rows: changes only when a row comes into or leaves view, so scrolling within a row
  // draws nothing again.
  // Before the box is measured: as many rows as the window's height could show, so the first render draws its rows
  // and the view and its rows are laid out once (by the measure's read). Rows the box cannot show are only overscan.
  const [view, setView] = useState<{ top: number; rows: number }>(() => ({
    top: 0,
    rows: Math.ceil(window.innerHeight / base)
  }))
  const empty = count === 0

  useLayoutEffect(() => {
    const box = scrollRef.current
    if (!box) return
    const measure = (): void => {
      const bottom = box.scrollTop + box.clientHeight
      let top: number
      let rows: number
      if (typeof rowHeight === 'number') {
        top = Math.floor(box.scrollTop / rowHeight)
        rows = Math.ceil(bottom / rowHeight) - top
      } else {
        top = rowHeight.indexAt(box.scrollTop)
        // The row holding the viewport's last pixel is the last in view; none when the box has no height.
        rows = box.clientHeight > 0 ? rowHeight.indexAt(bottom - 0.001) - top + 1 : 0
      }
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
 * What ↑ / ↓ move from a row's control to: the same control of the row beside it. The row's own control may be the
 * row itself (a customer's, an opted-out number's: a list item named by who it is).
 */
const ROW_CONTROLS = ['[data-row-focus]', 'input[type="checkbox"]'] as const
/** A row's box: from it J / K go to the next row's box, as ↓ / ↑ do. */
const ROW_CHECKBOX = ROW_CONTROLS[1]

/**
 * Which of a row's controls `element` is (ROW_CONTROLS, or one named by its `data-row-control`: a customer's Rename,
 * an opted-out number's ×), as its selector; undefined for none.
 */
export function rowControlOf(element: Element | null): string | undefined {
  if (!element) return undefined
  const named = element.getAttribute('data-row-control')
  if (named) return `[data-row-control="${named}"]`
  return ROW_CONTROLS.find((selector) => element.matches(selector))
}

/** The row's step for `event`'s key: +1 down, -1 up, 0 for a key the list leaves alone. */
function rowStep(event: KeyboardEvent, kind: string): number {
  // Alt+↓ / Alt+↑ are the inbox's (open the next conversation); Shift+arrows select text.
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return 0
  if (event.key === 'ArrowDown') return 1
  if (event.key === 'ArrowUp') return -1
  // QA (row keys): from a checkbox J / K go to the next row's checkbox, as ↓ / ↑ do, so a run of rows is ticked
  // with J Space J Space. From a row's other controls they are the window's (features/shortcuts): every list's rows.
  if (kind !== ROW_CHECKBOX) return 0
  return event.key === 'j' ? 1 : event.key === 'k' ? -1 : 0
}

/**
 * The list's one Tab stop (roving tabindex; QA62/QA65, issue 29 point 4: 50 conversations were 50 Tabs before the
 * thread, an Outbox row two): the row last focused, else the open one (`currentId`, which takes it whenever it
 * changes), else the list's first drawn row; read from its row's `data-row-id`. The list gives its controls tabIndex 0,
 * the other rows' -1, and draws it wherever it is (rowIndexes' `kept`): Tab comes back to it after a scroll, and a burst
 * of new rows at the top (rows keyed by id keep the focus as they move down) does not push it, with the focus, out of
 * the rows drawn before RowsKeepPlace scrolls the box back to where it was read. ↑ / ↓ on a row's control go to the
 * same control of the next or previous row, by its place in the list (aria-posinset), as J / K do; a row without that
 * control (a found message whose conversation is not known) is passed over. Home / End are the window's
 * (features/shortcuts). The handlers go on the list's scroll box.
 */
export function useRowTabStop(currentId: string | null): {
  stopId: string | null
  onFocus(event: FocusEvent): void
  onKeyDown(event: KeyboardEvent): void
} {
  const [stopId, setStopId] = useState<string | null>(currentId)
  // The open row changed (a click, Alt+↓, a notification): the stop goes with it.
  const [openSeen, setOpenSeen] = useState(currentId)
  if (openSeen !== currentId) {
    setOpenSeen(currentId)
    if (currentId !== null) setStopId(currentId)
  }
  return {
    stopId,
    onFocus: (event) => {
      const row = (event.target as Element).closest<HTMLElement>('[data-row-id]')
      if (row?.dataset.rowId) setStopId(row.dataset.rowId)
    },
    onKeyDown: (event) => {
      const control = event.target as HTMLElement
      const kind = rowControlOf(control)
      const row = control.closest<HTMLElement>('[aria-posinset]')
      if (!kind || !row) return
      const step = rowStep(event, kind)
      if (step === 0) return
      // Left to the browser, the box scrolls away from the focused row.
      event.preventDefault()
      const list = event.currentTarget
      let next: HTMLElement | null | undefined = null
      for (let to = Number(row.getAttribute('aria-posinset')) + step; !next; to += step) {
        const beside = list.querySelector(`[aria-posinset="${to}"]`)
        if (!beside) break
        next = beside.matches(kind) ? (beside as HTMLElement) : beside.querySelector<HTMLElement>(kind)
      }
      if (next) {
        next.focus()
        next.scrollIntoView?.({ block: 'nearest' })
      } else {
        // Its neighbours not drawn (the box scrolled away from it): brought into view, they are, for the next press.
        row.scrollIntoView?.({ block: 'nearest' })
      }
    }
  }
}
