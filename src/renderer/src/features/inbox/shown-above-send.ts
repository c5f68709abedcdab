// In a narrow window the reply box scrolls inside the thread with Send's row stuck to its foot (inbox.css), so what
// an operator's step adds after the text (the attached file, a refusal, the opt-out question Send's click brings)
// was drawn under that row, out of sight: Send seemed to do nothing (QA62). Each is brought into sight above it.
import { type RefObject, useLayoutEffect, useRef } from 'react'

/** The custom property inbox.css pads the reply box's scrolling with: the height of its Send row. */
const SEND_ROW_HEIGHT = '--inbox-reply-actions-height'

/**
 * Scrolls the part `testId` of the reply box into sight above its Send row whenever `shown` changes to something
 * (not when the box is first drawn: a draft's file, brought back, does not move the page).
 */
export function useShownAboveSend(
  form: RefObject<HTMLFormElement | null>,
  testId: string,
  shown: unknown
): void {
  const drawn = useRef(false)
  useLayoutEffect(() => {
    if (!drawn.current) {
      drawn.current = true
      return
    }
    if (!shown || !form.current) return
    const row = form.current.querySelector<HTMLElement>('.inbox-reply-actions')
    if (row) form.current.style.setProperty(SEND_ROW_HEIGHT, `${row.offsetHeight}px`)
    form.current.querySelector(`[data-testid="${testId}"]`)?.scrollIntoView?.({ block: 'nearest' })
  }, [form, testId, shown])
}
