// A view's main heading; focused when the operator navigates to the view, so keyboard and screen-reader users land on it.
import { useEffect, useRef, type ReactNode } from 'react'
import { useNavigation } from '../stores/navigation'

interface ViewHeadingProps {
  children: ReactNode
  id?: string
  testId?: string
}

export function ViewHeading({ children, id, testId }: ViewHeadingProps): React.JSX.Element {
  const ref = useRef<HTMLHeadingElement>(null)
  const seq = useNavigation((state) => state.seq)
  useEffect(() => {
    // The first view after start is not "navigated to": leave focus where the browser put it. A way back names the
    // control it returns to (the opener of the view left); else the heading.
    if (seq <= 1) return
    const asked = useNavigation.getState().focusOnArrival
    ;((asked ? document.getElementById(asked) : null) ?? ref.current)?.focus()
  }, [seq])
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className="view-title" data-testid={testId}>
      {children}
    </h2>
  )
}
