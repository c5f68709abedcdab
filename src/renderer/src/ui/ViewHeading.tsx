// A view's main heading; focused when the operator navigates to the view, so keyboard and screen-reader users land on it.
import { useEffect, useRef, type ReactNode } from 'react'
import { useNavigation } from '../stores/navigation'
import { arrivalMayTakeFocus, useViewWaitRef } from './on-demand'

interface ViewHeadingProps {
  children: ReactNode
  id?: string
  testId?: string
}

export function ViewHeading({ children, id, testId }: ViewHeadingProps): React.JSX.Element {
  const ref = useRef<HTMLHeadingElement>(null)
  const seq = useNavigation((state) => state.seq)
  const waitRef = useViewWaitRef()
  useEffect(() => {
    // The first view after start is not "navigated to": leave focus where the browser put it. A way back names the
    // control it returns to (the opener of the view left); else the heading. A view whose code came late takes the
    // focus only if the operator left it where the navigation put it.
    if (seq <= 1 || !arrivalMayTakeFocus(waitRef, seq)) return
    const asked = useNavigation.getState().focusOnArrival
    ;((asked ? document.getElementById(asked) : null) ?? ref.current)?.focus()
  }, [seq, waitRef])
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className="view-title" data-testid={testId}>
      {children}
    </h2>
  )
}
