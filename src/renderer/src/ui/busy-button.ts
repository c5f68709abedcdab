// The button pressed to start an action, while that action runs: said unavailable (aria-disabled, drawn as disabled
// by .button[aria-disabled]) and a press does nothing, but never `disabled`: Chromium drops the focus of a button
// disabled under it to the page until the action ends (Q25-01 for Copy, QA49 Q49-02 for a confirmation's answer).
// Buttons that are not the one pressed (a form's Cancel) may stay `disabled`: they do not hold the focus.
import type { MouseEvent } from 'react'

export interface BusyButtonProps {
  'aria-disabled': true | undefined
  onClick(event: MouseEvent<HTMLButtonElement>): void
}

/**
 * Spread on the pressed button: `<button {...busyButtonProps(busy, () => void save())}>`. While busy a click (or the
 * Enter that submits its form) is stopped; without onClick, a submit button's form submits as usual when not busy.
 */
export function busyButtonProps(
  busy: boolean,
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void
): BusyButtonProps {
  return {
    'aria-disabled': busy || undefined,
    onClick: (event) => {
      if (busy) event.preventDefault()
      else onClick?.(event)
    }
  }
}
