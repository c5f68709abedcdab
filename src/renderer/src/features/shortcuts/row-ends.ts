// Home / End over the rows J / K walk. A list that draws only the rows in view (the Outbox) has its first and last
// rows elsewhere: it answers the row-end event raised on the row Home / End picked, and reaches its real end itself.

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
