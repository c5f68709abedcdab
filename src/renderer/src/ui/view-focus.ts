// The focus a view takes as it opens, the one gate for it: a view shown late (its code, or its own first read) takes
// the focus only if the operator did not move it meanwhile.
import { createContext, use, useCallback, useMemo, type RefObject } from 'react'
import { useNavigation } from '../stores/navigation'

/** Where the view last put the focus (its "Opening…" status, its heading) for navigation `seq`. */
export interface FocusRecord {
  seq: number
  focused: Element | null
}

/** The record of the slot a view is drawn in; null outside a slot (a view drawn alone takes the focus as asked). */
export const FocusRecordInSlot = createContext<RefObject<FocusRecord | null> | null>(null)

/**
 * Is the focus still where the view (or the navigation that opened it) left it? Yes when nothing was left for this
 * navigation yet (the first focus the view takes: the navigation just put it on the tab, the main region or the page),
 * when it is still on what the view focused last, or on the page (what had it was taken away: the "Opening…" status
 * gone once the view is shown). No when the operator went elsewhere: the navigation, the header, or into the view.
 * The first view after the start (a reload's included) was navigated to by no one: the focus is where the browser put
 * it, on the page, until the operator moves it; what the view reopens late (the conversation open before a reload)
 * does not take it from where they went meanwhile.
 */
function focusStillLeft(record: FocusRecord | null, seq: number): boolean {
  const now = document.activeElement
  const onPage = now === null || now === document.body
  if (record?.seq !== seq) return seq > 1 || onPage
  return onPage || now === record.focused
}

export interface ViewFocus {
  /**
   * Focuses `target` if the focus is still where the view left it (see focusStillLeft); true if it did. `options` as
   * for `focus()` (a thread's heading does not scroll the page to it: the thread shows its end).
   */
  takeIfStill(target: HTMLElement | null | undefined, options?: FocusOptions): boolean
  /**
   * The operator asked for something in the view (a campaign picked in its list): where the focus is now is where
   * they left it, and what they asked for may take it from there once it is shown.
   */
  leftHere(): void
  /**
   * The view takes no focus now, what it was opened on takes it once shown (ViewHeading's leavesFocus): where the focus
   * is now is where the navigation left it, unless the operator moved it already. Without this, what is shown late
   * would count as the navigation's first focus and take it from wherever the operator went meanwhile.
   */
  leaveAsIs(): void
}

/** The view's focus gate, for the slot it is drawn in. */
export function useViewFocus(): ViewFocus {
  const recordRef = use(FocusRecordInSlot)
  const takeIfStill = useCallback(
    (target: HTMLElement | null | undefined, options?: FocusOptions): boolean => {
      const seq = useNavigation.getState().seq
      if (!target || !focusStillLeft(recordRef?.current ?? null, seq)) return false
      target.focus(options)
      if (recordRef) recordRef.current = { seq, focused: target }
      return true
    },
    [recordRef]
  )
  const leftHere = useCallback((): void => {
    if (recordRef) recordRef.current = { seq: useNavigation.getState().seq, focused: document.activeElement }
  }, [recordRef])
  const leaveAsIs = useCallback((): void => {
    const seq = useNavigation.getState().seq
    if (recordRef && focusStillLeft(recordRef.current, seq))
      recordRef.current = { seq, focused: document.activeElement }
  }, [recordRef])
  return useMemo(() => ({ takeIfStill, leftHere, leaveAsIs }), [takeIfStill, leftHere, leaveAsIs])
}
