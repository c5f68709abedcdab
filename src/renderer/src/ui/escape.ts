// Escape backs out of what is open, as the shortcuts list promises ("Esc: close this list or an open detail"): one
// handler for the inline forms and questions (Escape does what their Cancel or Keep does), one hook for what floats
// over the page (the narrow window's menu, the shortcuts panel, an enlarged image), which Escape closes wherever the
// focus is.
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react'

/**
 * An inline form's or question's onKeyDown: Escape calls `cancel`, as its Cancel button would. Not while `busy` (the
 * answer is on its way, and closing would hide how it went), nor when a control inside took the Escape first (an
 * open list of suggestions closes before its form does).
 */
export function cancelOnEscape(
  cancel: () => void,
  busy = false
): (event: ReactKeyboardEvent<HTMLElement>) => void {
  return (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || busy) return
    event.preventDefault()
    cancel()
  }
}

/**
 * While `open`: Escape anywhere in the window calls `close`, unless what has the focus took it first (an inline form
 * inside the view closes before the menu over it does).
 */
export function useEscapeAnywhere(open: boolean, close: () => void): void {
  const latest = useRef(close)
  useLayoutEffect(() => {
    latest.current = close
  })
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      latest.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])
}
