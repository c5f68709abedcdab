/**
 * Which of the navigation's tabs its one row shows (issue 29: at the window's default 1100 px the eleven tabs took two
 * rows, Indonesian's labels need about 1,240 px). All of them when they fit; otherwise the row keeps room for the
 * "More" button, first for the tabs that must stay in sight (the open view's, and those whose badge asks for the
 * operator: a customer's new message must not send its tab under More), then for the others in their order up to the
 * first that does not fit; the rest are listed under More. No narrower tab skips ahead of one that did not fit, so a
 * tab's place does not jump as the window narrows.
 */
export interface TabRow {
  /** Each tab's width in pixels, in the navigation's order. */
  widths: readonly number[]
  /** The space between two items of the row. */
  gap: number
  /** The row's width. */
  available: number
  /** The More button's width. */
  moreWidth: number
  /** The tabs that stay in the row whatever their place: the open view's, those with a badge. */
  kept: readonly number[]
}

/** One flag per tab: shown in the row (true) or listed under More (false). */
export function tabsInRow(row: TabRow): boolean[] {
  const { widths, gap, available, moreWidth, kept } = row
  const all = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1)
  if (all <= available) return widths.map(() => true)

  const room = available - moreWidth - gap
  const shown = widths.map((_, index) => kept.includes(index))
  let used = 0
  let count = 0
  for (const index of kept) {
    used += widths[index]! + (count > 0 ? gap : 0)
    count++
  }
  for (let index = 0; index < widths.length; index++) {
    if (shown[index]) continue
    const needed = widths[index]! + (count > 0 ? gap : 0)
    if (used + needed > room) break
    shown[index] = true
    used += needed
    count++
  }
  return shown
}
