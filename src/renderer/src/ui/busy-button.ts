// The button pressed to start an action, while that action runs: said unavailable (aria-disabled, drawn as disabled
// by .button[aria-disabled]) and a press does nothing, but never `disabled`: Chromium drops the focus of a button
// disabled under it to the page until the action ends (Q25-01 for Copy, QA49 Q49-02 for a confirmation's answer).
// Buttons that are not the one pressed (a form's Cancel) may stay `disabled`: they do not hold the focus.
import type { MouseEvent } from 'react'

export interface BusyButtonProps {
  'aria-disabled': true | undefined
  onClickCapture(event: MouseEvent<HTMLButtonElement>): void
  onClick?(event: MouseEvent<HTMLButtonElement>): void
}

/**
 * Spread on the pressed button: `<button {...busyButtonProps(busy, () => void save())}>`. While busy a click (or the
 * Enter that submits its form) is stopped before it reaches the button (in the capture phase), so the button's own
 * `onClick` may also be written beside the spread — `{...busyButtonProps(busy)} onClick={() => void save()}`, where
 * the handler reads refs (the hooks lint refuses a ref-reading function handed to a call while drawing). Without any
 * onClick, a submit button's form submits as usual when not busy.
 */
export function busyButtonProps(
  busy: boolean,
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void
): BusyButtonProps {
  return {
    'aria-disabled': busy || undefined,
    onClickCapture: (event) => {
      if (!busy) return
      event.preventDefault()
      event.stopPropagation()
    },
    ...(onClick ? { onClick } : {})
  }
}
