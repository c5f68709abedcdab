// Long work started by a control that is disabled while it runs (an export's buttons, the spreadsheet picker):
// Chromium drops that control's focus to the page, so as the work starts the focus goes to its Stop, where Enter
// stops it (QA27 Q27-06 for exports).
import { useLayoutEffect, type RefObject } from 'react'

/**
 * While `running` turns true, moves the focus to `stop`, but only from where the work's start leaves it (the page, or
 * the disabled control pressed): not from a field the operator went on to.
 */
export function useFocusStopAsItStarts(running: boolean, stop: RefObject<HTMLButtonElement | null>): void {
  useLayoutEffect(() => {
    if (!running) return
    const active = document.activeElement
    if (active === null || active === document.body || (active as HTMLButtonElement).disabled)
      stop.current?.focus()
  }, [running, stop])
}
