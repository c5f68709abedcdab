// A list drawn newest first grows at the top while it is read: the row the operator is on (the J / K stop holding the
// focus) keeps its place in the window as rows are drawn above it, the page scrolled by what it would have moved (QA42
// Q42-02: six deliveries drawn above the focused row in the webhook inspector took it, and its ring, off screen).
// Chromium's own scroll anchoring leaves a page at its top as it is, and picks its anchor from what is on screen, not
// the focus. A class: only getSnapshotBeforeUpdate reads the row's place before the new rows are in the page.
// A focused row drawn no more (its message deleted, or out of the filtered list) took the focus with it to the page,
// with no blur to say so: the row after it takes the focus, else the one before, else the list's heading, and the list
// says what happened (onRowGone).
import { Component, type ReactNode } from 'react'

/** The focused row and its top in the window, and the rows in the order they are seen, before a drawing. */
type Place = { row: HTMLElement; top: number; rows: HTMLElement[] } | null

/** Where the focus went from a row that is gone. */
export type FocusMovedTo = 'next' | 'previous' | 'heading'

/** The row (a J / K stop) in `box` holding the focus, itself or a control in it. */
function focusedRowIn(box: HTMLElement | null): HTMLElement | null {
  const active = document.activeElement
  if (!box || !(active instanceof HTMLElement) || !box.contains(active)) return null
  return active.closest<HTMLElement>('[data-row-focus]')
}

/** What scrolls `element` up and down: the nearest box scrolling around it, else the page. */
function scrollerOf(element: HTMLElement): Element | null {
  for (let at = element.parentElement; at; at = at.parentElement) {
    const { overflowY } = getComputedStyle(at)
    if ((overflowY === 'auto' || overflowY === 'scroll') && at.scrollHeight > at.clientHeight) return at
  }
  return document.scrollingElement
}

/** The rows (J / K stops) in `box`, top to bottom as drawn (a list placing its rows may draw one out of order). */
function rowsIn(box: HTMLElement): HTMLElement[] {
  const rows = [...box.querySelectorAll<HTMLElement>('[data-row-focus]')]
  const tops = new Map(rows.map((row) => [row, row.getBoundingClientRect().top]))
  // Stable: rows at one height (nothing laid out) keep the page's order.
  return rows.sort((a, b) => (tops.get(a) ?? 0) - (tops.get(b) ?? 0))
}

export interface RowsKeepPlaceProps {
  children: ReactNode
  /** The id of the list's heading (focusable: tabIndex -1), where the focus goes when no row is left beside it. */
  headingId?: string
  /** The focused row was drawn no more, and the focus went `to` (the list says so, politely). */
  onRowGone?(row: HTMLElement, to: FocusMovedTo): void
}

/** Wraps a list (drawing no box of its own) whose focused row is to keep its place as rows come above it. */
export class RowsKeepPlace extends Component<RowsKeepPlaceProps> {
  private box: HTMLDivElement | null = null

  private readonly setBox = (box: HTMLDivElement | null): void => {
    this.box = box
  }

  override getSnapshotBeforeUpdate(): Place {
    const row = focusedRowIn(this.box)
    return row && this.box ? { row, top: row.getBoundingClientRect().top, rows: rowsIn(this.box) } : null
  }

  override componentDidUpdate(_props: unknown, _state: unknown, before: Place): void {
    if (before && !this.box?.contains(before.row)) return this.rowGone(before)
    if (!before || focusedRowIn(this.box) !== before.row) return
    const moved = before.row.getBoundingClientRect().top - before.top
    // Less than a pixel is rounding, not rows drawn above.
    if (Math.abs(moved) < 1) return
    const scroller = scrollerOf(before.row)
    if (scroller) scroller.scrollTop += moved
  }

  /**
   * The focused row is drawn no more. Unless the operator's focus is elsewhere now (only the page has it), the row that
   * was after it takes it, else the one before, else the heading (nothing left to stand on).
   */
  private rowGone(before: NonNullable<Place>): void {
    const active = document.activeElement
    if (active !== null && active !== document.body) return
    const at = before.rows.indexOf(before.row)
    const left = (row: HTMLElement): boolean => this.box?.contains(row) ?? false
    const next = before.rows.slice(at + 1).find(left)
    const previous = next ? undefined : before.rows.slice(0, Math.max(0, at)).reverse().find(left)
    const target =
      next ?? previous ?? (this.props.headingId ? document.getElementById(this.props.headingId) : null)
    if (!target) return
    target.focus()
    target.scrollIntoView?.({ block: 'nearest' })
    this.props.onRowGone?.(before.row, next ? 'next' : previous ? 'previous' : 'heading')
  }

  override render(): ReactNode {
    return (
      <div ref={this.setBox} style={{ display: 'contents' }}>
        {this.props.children}
      </div>
    )
  }
}
