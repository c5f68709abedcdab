// A view's main heading; focused when the operator navigates to the view, so keyboard and screen-reader users land on it.
import { useEffect, useRef, type ReactNode } from 'react'
import { useNavigation } from '../stores/navigation'
import { useViewFocus } from './view-focus'

interface ViewHeadingProps {
  children: ReactNode
  id?: string
  testId?: string
}

export function ViewHeading({ children, id, testId }: ViewHeadingProps): React.JSX.Element {
  const ref = useRef<HTMLHeadingElement>(null)
  const seq = useNavigation((state) => state.seq)
  const { takeIfStill } = useViewFocus()
  useEffect(() => {
    // The first view after start is not "navigated to": leave focus where the browser put it. A way back names the
    // control it returns to (the opener of the view left); else the heading. A view shown late (its code, its values)
    // takes the focus only if the operator left it where the view's wait had it (view-focus.ts).
    if (seq <= 1) return
    const asked = useNavigation.getState().focusOnArrival
    takeIfStill((asked ? document.getElementById(asked) : null) ?? ref.current)
  }, [seq, takeIfStill])
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className="view-title" data-testid={testId}>
      {children}
    </h2>
  )
}
