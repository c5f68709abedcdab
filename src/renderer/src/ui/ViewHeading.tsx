// A view's main heading; focused when the operator navigates to the view, so keyboard and screen-reader users land on it.
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { useNavigation } from '../stores/navigation'
import { useViewFocus } from './view-focus'

interface ViewHeadingProps {
  children: ReactNode
  id?: string
  testId?: string
  /**
   * The view was opened on something of its own that takes the focus once shown (a campaign asked for from the
   * Overview: its heading, once read; Settings asked for a field: the field): this heading leaves the focus for the
   * navigation that drew the view, so the focus moves once, to what was asked for. A later navigation to the view (its tab again) focuses it as ever.
   */
  leavesFocus?: boolean
  /** The heading (a ref kept across drawings, useRef), for the view's own code that puts the focus on it (useReadAgain). */
  ref?: RefObject<HTMLHeadingElement | null>
}

export function ViewHeading({
  children,
  id,
  testId,
  leavesFocus = false,
  ref: given
}: ViewHeadingProps): React.JSX.Element {
  const own = useRef<HTMLHeadingElement>(null)
  const ref = given ?? own
  const seq = useNavigation((state) => state.seq)
  const [drawnAt] = useState(seq)
  const { takeIfStill, leaveAsIs } = useViewFocus()
  useLayoutEffect(() => {
    // The first view after start is not "navigated to": leave focus where the browser put it. A way back names the
    // control it returns to (the opener of the view left); else the heading. A view shown late (its code, its values)
    // takes the focus only if the operator left it where the view's wait had it (view-focus.ts).
    if (seq <= 1) return
    if (leavesFocus && seq === drawnAt) {
      leaveAsIs()
      return
    }
    const asked = useNavigation.getState().focusOnArrival
    takeIfStill((asked ? document.getElementById(asked) : null) ?? ref.current)
  }, [seq, takeIfStill, leaveAsIs, leavesFocus, drawnAt, ref])
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className="view-title" data-testid={testId}>
      {children}
    </h2>
  )
}
