// Escape backs out of what is open, as the shortcuts list promises ("Esc: close this list or an open detail"): one
// handler for the inline forms and questions (Escape does what their Cancel or Keep does), one hook for what floats
// over the page (the narrow window's menu, the shortcuts panel, an enlarged image), which Escape closes wherever the
// focus is, and one for what stands beside a list (the Outbox's detail), which takes an Escape nothing else took.
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

/** A field where Escape is its own (a search box clears): Escape pressed there closes nothing around it. */
function keepsEscape(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type)
  )
}

/**
 * While `open`: an Escape anywhere in the window that nothing else took calls `close` (QA74: Tab past the Outbox's
 * detail went to "Skip to content", where Escape did nothing). Looked at once every listener has had the key, so what
 * floats over the page (useEscapeAnywhere), whenever it was opened, and an inline form close first; pressed in a text
 * field, it is the field's.
 */
export function useEscapeLeftOver(open: boolean, close: () => void): void {
  const latest = useRef(close)
  useLayoutEffect(() => {
    latest.current = close
  })
  useEffect(() => {
    if (!open) return
    const timers = new Set<ReturnType<typeof setTimeout>>()
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented || keepsEscape(event.target)) return
      const timer = setTimeout(() => {
        timers.delete(timer)
        if (!event.defaultPrevented) latest.current()
      })
      timers.add(timer)
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      timers.forEach(clearTimeout)
    }
  }, [open])
}
