// A control can leave while it has the focus without the operator doing anything: its item moved on by itself (the
// gateway answered a take-back, a send went out), and the browser drops the focus to the page, where the next Tab
// starts again from the top — or lands on whatever came first (an operator's probe: on Retry, after the cancel). So
// does one disabled under the focus (Chromium drops it to the page as it is drawn so): the inbox's Send reply as the
// customer's number goes on the opt-out list.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * Keeps the focus inside `container` (whichever element it holds at each render) when the element in it that had the
 * focus leaves the page, with the container too, or is disabled under it: after the render that took it away, if the focus is still on the page (or on that
 * disabled element) a frame later, it goes to `fallback(left)` (a result line, the heading), told the element that
 * left. Not while `acting`: an action the operator started places the focus itself when it ends (useFocusAfterAction),
 * on what it produced.
 */
export function useFocusKeptInside(
  container: RefObject<HTMLElement | null>,
  fallback: (left: HTMLElement) => HTMLElement | null,
  acting = false
): void {
  const lastFocused = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const element = container.current
    if (!element) return
    const remember = (event: FocusEvent): void => {
      lastFocused.current = event.target instanceof HTMLElement ? event.target : null
    }
    element.addEventListener('focusin', remember)
    return () => element.removeEventListener('focusin', remember)
  })
  const frame = useRef(0)
  useLayoutEffect(() => {
    const last = lastFocused.current
    if (acting || last === null || (last.isConnected && !isDisabled(last))) return
    lastFocused.current = null
    // In the next frame (renders before it leave it be): a part that places the focus itself as it ends (an export's
    // Stop gives it back to Export) has done so by then; only a focus still on the page is taken.
    cancelAnimationFrame(frame.current)
    frame.current = requestAnimationFrame(() => {
      const active = document.activeElement
      // Chromium has dropped it to the page by now; jsdom leaves it on the disabled element.
      if (active === null || active === document.body || (active === last && isDisabled(last)))
        fallback(last)?.focus()
    })
  })
  useEffect(() => () => cancelAnimationFrame(frame.current), [])
}

const isDisabled = (element: HTMLElement): boolean => element.matches(':disabled')
