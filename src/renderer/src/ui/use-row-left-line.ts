// The line saying what took a row out of its list (deleted, cancelled, gone meanwhile): the row's button went with
// it, so the focus goes to this line (tabIndex={-1}, role="status"), not to the start of the page. A list that gives
// the focus to the row beside the one gone (RowsKeepPlace) has the line `announce` it instead, the focus left there
// (QA74: the line took it, and the next Tab went to "Skip to content").
import { useLayoutEffect, useRef, useState, type RefObject } from 'react'

/**
 * What the line says now (`left`, with a count so the same words said again take the focus again), `say` to say
 * another with the focus, `announce` to say it without; `clear` when an action on a row still there starts; `lineRef`
 * goes on the line.
 */
export function useRowLeftLine<Said extends { text: string }>(): {
  left: (Said & { seq: number }) | null
  say(said: Said): void
  announce(said: Said): void
  clear(): void
  lineRef: RefObject<HTMLParagraphElement | null>
} {
  const [left, setLeft] = useState<(Said & { seq: number; takesFocus: boolean }) | null>(null)
  const lineRef = useRef<HTMLParagraphElement>(null)
  useLayoutEffect(() => {
    if (left?.takesFocus) lineRef.current?.focus()
  }, [left])
  const sayIt = (said: Said, takesFocus: boolean): void =>
    setLeft((last) => ({ ...said, takesFocus, seq: (last?.seq ?? 0) + 1 }))
  return {
    left,
    say: (said) => sayIt(said, true),
    announce: (said) => sayIt(said, false),
    clear: () => setLeft(null),
    lineRef
  }
}
