// A form refused on submit because fields are missing or wrong marks them (aria-invalid, the reason at each): the
// focus goes to the first one it marked, so the operator (and a screen reader) lands where the fix is, rather than
// staying on the submit button with nothing said (QA8). A refusal about no field is said in a line the focus goes to
// the same way, once that line says it.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react'

/** Call the returned function when a submit is refused; the focus moves once the marks are drawn. */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>): () => void {
  const [asked, setAsked] = useState(0)
  const handled = useRef(0)
  useLayoutEffect(() => {
    if (asked === handled.current) return
    handled.current = asked
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [asked, form])
  return () => setAsked((n) => n + 1)
}

/** Call the returned function as `line` is given what to say (a refusal); the focus moves once it is drawn. */
export function useFocusOnceSaid(line: RefObject<HTMLElement | null>): () => void {
  const [asked, setAsked] = useState(0)
  const handled = useRef(0)
  useLayoutEffect(() => {
    if (asked === handled.current) return
    handled.current = asked
    line.current?.focus()
  }, [asked, line])
  return () => setAsked((n) => n + 1)
}
