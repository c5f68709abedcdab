// A form refused on submit because fields are missing or wrong marks them (aria-invalid, the reason at each): the
// focus goes to the first one it marked, so the operator (and a screen reader) lands where the fix is, rather than
// staying on the submit button with nothing said (QA8). A refusal about no field is said in a line the focus goes to
// the same way, once that line says it.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react'

/** Call the returned function when a submit is refused; the focus moves once the marks are drawn. */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>): () => void {
  return useFocusOnceDrawn(form, firstInvalid)
}

/** Call the returned function as `line` is given what to say (a refusal); the focus moves once it is drawn. */
export function useFocusOnceSaid(line: RefObject<HTMLElement | null>): () => void {
  return useFocusOnceDrawn(line, itself)
}

const firstInvalid = (form: HTMLElement): HTMLElement | null =>
  form.querySelector<HTMLElement>('[aria-invalid="true"]')
const itself = (line: HTMLElement): HTMLElement => line

/** The focus to `pick(root)` after the render the returned function asks for: once what it picks is drawn. */
function useFocusOnceDrawn(
  root: RefObject<HTMLElement | null>,
  pick: (root: HTMLElement) => HTMLElement | null
): () => void {
  const [asked, setAsked] = useState(0)
  const handled = useRef(0)
  useLayoutEffect(() => {
    if (asked === handled.current) return
    handled.current = asked
    if (root.current) pick(root.current)?.focus()
  }, [asked, root, pick])
  return () => setAsked((n) => n + 1)
}
