// A list drawn newest first grows at the top while it is read: the row the operator is on (the J / K stop holding the
// focus) keeps its place in the window as rows are drawn above it, the page scrolled by what it would have moved (QA42
// Q42-02: six deliveries drawn above the focused row in the webhook inspector took it, and its ring, off screen).
// Chromium's own scroll anchoring leaves a page at its top as it is, and picks its anchor from what is on screen, not
// the focus. A class: only getSnapshotBeforeUpdate reads the row's place before the new rows are in the page.
import { Component, type ReactNode } from 'react'

/** The focused row and its top in the window, before a drawing. */
type Place = { row: HTMLElement; top: number } | null

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

/** Wraps a list (drawing no box of its own) whose focused row is to keep its place as rows come above it. */
export class RowsKeepPlace extends Component<{ children: ReactNode }> {
  private box: HTMLDivElement | null = null

  private readonly setBox = (box: HTMLDivElement | null): void => {
    this.box = box
  }

  override getSnapshotBeforeUpdate(): Place {
    const row = focusedRowIn(this.box)
    return row ? { row, top: row.getBoundingClientRect().top } : null
  }

  override componentDidUpdate(_props: unknown, _state: unknown, before: Place): void {
    if (!before || focusedRowIn(this.box) !== before.row) return
    const moved = before.row.getBoundingClientRect().top - before.top
    // Less than a pixel is rounding, not rows drawn above.
    if (Math.abs(moved) < 1) return
    const scroller = scrollerOf(before.row)
    if (scroller) scroller.scrollTop += moved
  }

  override render(): ReactNode {
    return (
      <div ref={this.setBox} style={{ display: 'contents' }}>
        {this.props.children}
      </div>
    )
  }
}
