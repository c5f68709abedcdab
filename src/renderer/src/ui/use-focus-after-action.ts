// Where the focus goes once an action a button started has finished. The button keeps it while the action runs
// (busyButtonProps; a button still `disabled` would drop it to the page) and may be gone or disabled after it (a
// retried message has no Retry, a confirmed question closes): the focus goes back to the button if it is still there
// and enabled, else to the line that says what happened (`result`, focusable with tabIndex={-1}). Focus the operator
// moved elsewhere meanwhile stays. The focus moves as the view that says what happened commits (a layout effect), not
// after paint: a key pressed in between would land on the page, and the ring would show a frame on the wrong element.
import { useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * Call the returned function as the action starts (before `busy` turns true); `busy` says it is running. `empty`: where
 * the focus goes instead when the result line has nothing to say (a line hidden when empty cannot take the focus);
 * with several, the first that has something to say, else the last.
 */
export function useFocusAfterAction(
  busy: boolean,
  result: RefObject<HTMLElement | null>,
  ...empty: RefObject<HTMLElement | null>[]
): () => void {
  const actedFrom = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    const from = actedFrom.current
    if (busy || from === null) return
    actedFrom.current = null
    const active = document.activeElement
    if (active !== null && active !== document.body && active !== from) return
    if (from.isConnected && !(from as HTMLButtonElement).disabled) from.focus()
    else if (empty.length > 0 && !result.current?.textContent)
      (empty.find((e) => e.current?.textContent)?.current ?? empty.at(-1)?.current)?.focus()
    else result.current?.focus()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs are stable; a spread list is new each render
  }, [busy, result])
  return () => {
    actedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }
}
