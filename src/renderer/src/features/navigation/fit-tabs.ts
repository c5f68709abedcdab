/**
 * Which of the navigation's tabs its one row shows (issue 29: at the window's default 1100 px the eleven tabs took two
 * rows, Indonesian's labels need about 1,240 px). All of them when they fit; otherwise the row keeps room for the
 * "More" button and shows the tabs in their order up to the first that does not fit, the open view's tab always among
 * them, and the rest are listed under More. The order is kept (no narrower tab skips ahead), so a tab's place does not
 * jump as the window narrows.
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
  /** The open view's tab, or -1 when the open view has none. */
  selected: number
}

/** One flag per tab: shown in the row (true) or listed under More (false). */
export function tabsInRow(row: TabRow): boolean[] {
  const { widths, gap, available, moreWidth, selected } = row
  const all = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1)
  if (all <= available) return widths.map(() => true)

  const room = available - moreWidth - gap
  const shown = widths.map((_, index) => index === selected)
  let used = selected >= 0 ? widths[selected]! : 0
  let count = selected >= 0 ? 1 : 0
  for (let index = 0; index < widths.length; index++) {
    if (index === selected) continue
    const needed = widths[index]! + (count > 0 ? gap : 0)
    if (used + needed > room) break
    shown[index] = true
    used += needed
    count++
  }
  return shown
}
