// A view as the window holds it for the row keys: inside #main, beside the window's shortcuts, so J and K walk its
// rows as they do in the app; and the walk itself, checked row by row.
import { render, type RenderResult } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { expect } from 'vitest'
import { Shortcuts } from '../features/shortcuts/Shortcuts'

export function renderWithRowKeys(view: ReactElement): RenderResult {
  return render(
    <>
      <Shortcuts />
      <main id="main" tabIndex={-1}>
        {view}
      </main>
    </>
  )
}

/**
 * Presses J once per row, from the view itself (the focus where Alt+digit puts it; J from a control between rows goes
 * to the row after it), then K back to the first: each key must put the focus on its row (the row itself, or the
 * control that opens it).
 */
export async function walkRowsWithJK(rows: readonly HTMLElement[]): Promise<void> {
  expect(rows.length, 'rows to walk').toBeGreaterThan(1)
  const user = userEvent.setup()
  const focusedRow = (): number => rows.findIndex((row) => row.contains(document.activeElement))
  document.getElementById('main')?.focus()
  for (const [index] of rows.entries()) {
    await user.keyboard('j')
    expect(focusedRow(), `J to row ${index + 1}`).toBe(index)
  }
  for (let index = rows.length - 2; index >= 0; index--) {
    await user.keyboard('k')
    expect(focusedRow(), `K to row ${index + 1}`).toBe(index)
  }
}

/**
 * Presses End and Home from the view itself (the focus where Alt+digit puts it), then again from the rows they
 * reached: End must put the focus on the last row, Home on the first.
 */
export async function jumpRowEndsWithHomeEnd(rows: readonly HTMLElement[]): Promise<void> {
  expect(rows.length, 'rows to jump between').toBeGreaterThan(1)
  const user = userEvent.setup()
  const focusedRow = (): number => rows.findIndex((row) => row.contains(document.activeElement))
  document.getElementById('main')?.focus()
  for (const [key, row] of [
    ['{End}', rows.length - 1],
    ['{Home}', 0],
    ['{End}', rows.length - 1],
    ['{Home}', 0]
  ] as const) {
    await user.keyboard(key)
    expect(focusedRow(), `${key} to row ${row + 1}`).toBe(row)
  }
}

/** One press of Home or End, from the view itself (the focus on #main) or from the focused row, and the row it must reach. */
export type RowEndStep = [key: '{Home}' | '{End}', from: 'view' | 'row', reaches: HTMLElement]

/**
 * Presses Home / End as the steps say: from the view they reach the first / last row of all the view's lists; from a
 * row, those of the row's own list (QA42). For views with more than one list; one list: jumpRowEndsWithHomeEnd.
 */
export async function pressRowEnds(steps: readonly RowEndStep[]): Promise<void> {
  const user = userEvent.setup()
  for (const [index, [key, from, row]] of steps.entries()) {
    if (from === 'view') document.getElementById('main')?.focus()
    await user.keyboard(key)
    expect(row.contains(document.activeElement), `step ${index + 1}: ${key} from the ${from}`).toBe(true)
  }
}
