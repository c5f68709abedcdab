// The line saying what took a row out of its list (deleted, cancelled, gone meanwhile): the row's button went with
// it, so the focus goes to this line (tabIndex={-1}, role="status"), not to the start of the page.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react'

/**
 * What the line says now (`left`, with a count so the same words said again take the focus again), `say` to say
 * another, `clear` when an action on a row still there starts; `lineRef` goes on the line.
 */
export function useRowLeftLine<Said extends { text: string }>(): {
  left: (Said & { seq: number }) | null
  say(said: Said): void
  clear(): void
  lineRef: RefObject<HTMLParagraphElement | null>
} {
  const [left, setLeft] = useState<(Said & { seq: number }) | null>(null)
  const lineRef = useRef<HTMLParagraphElement>(null)
  useLayoutEffect(() => {
    if (left) lineRef.current?.focus()
  }, [left])
  return {
    left,
    say: (said) => setLeft((last) => ({ ...said, seq: (last?.seq ?? 0) + 1 })),
    clear: () => setLeft(null),
    lineRef
  }
}
