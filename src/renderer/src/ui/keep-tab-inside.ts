// A modal dialog keeps the keyboard's focus among its own controls: Tab past the last comes back to the first,
// Shift+Tab before the first (or from the dialog itself, focused as it opens) goes to the last.
import type { KeyboardEvent as ReactKeyboardEvent } from 'react'

const TAB_STOPS =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The dialog's onKeyDown (with whatever else it does on other keys). */
export function keepTabInside(event: ReactKeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return
  const dialog = event.currentTarget
  const stops = [...dialog.querySelectorAll<HTMLElement>(TAB_STOPS)]
  const first = stops[0]
  const last = stops.at(-1)
  const active = document.activeElement
  if (!first || !last) event.preventDefault()
  else if (event.shiftKey ? active === first || active === dialog : active === last) {
    event.preventDefault()
    ;(event.shiftKey ? last : first).focus()
  }
}
