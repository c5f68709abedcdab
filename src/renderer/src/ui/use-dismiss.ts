// What a button opens over the page (a menu, a list of actions, a panel) closes as the WAI-ARIA menu button does:
// Escape closes it and gives the focus back to the button that opened it; a pointer pressed anywhere outside it (and
// outside that button, whose own click toggles it) closes it, and the focus goes where the pointer put it; so does the
// focus leaving it by keyboard (Tab past its last item), as the list under More does (QA47 Q47-01: the narrow menu
// stayed open over the tile that had the focus).
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import { useEscapeAnywhere } from './escape'

/**
 * While `open`: Escape anywhere (unless what has the focus took it first, see useEscapeAnywhere) calls `close` and
 * focuses `opener`; a pointer down or the focus going outside `inside` and `opener` calls `close`.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  opener: RefObject<HTMLElement | null>,
  inside: RefObject<HTMLElement | null>
): void {
  const latest = useRef(close)
  useLayoutEffect(() => {
    latest.current = close
  })
  useEscapeAnywhere(open, () => {
    latest.current()
    opener.current?.focus()
  })
  useEffect(() => {
    if (!open) return
    const outside = (event: Event): void => {
      const target = event.target instanceof Node ? event.target : null
      if (target && (inside.current?.contains(target) || opener.current?.contains(target))) return
      latest.current()
    }
    // Captured: a control that keeps its pointer events to itself still closes what is open.
    document.addEventListener('pointerdown', outside, true)
    document.addEventListener('focusin', outside, true)
    return () => {
      document.removeEventListener('pointerdown', outside, true)
      document.removeEventListener('focusin', outside, true)
    }
  }, [open, opener, inside])
}
