// What an operator's step adds to the reply box after the text (the attached file, a refusal, the opt-out question
// Send's click brings) was drawn out of sight in a narrow window: Send seemed to do nothing (QA62). Each is brought
// into sight; the box never scrolls inside itself (inbox.css, QA71), so the page is what scrolls to it.
import { type RefObject, useLayoutEffect, useRef } from 'react'

/**
 * Scrolls the part `testId` of the reply box into sight whenever `shown` changes to something (not when the box is
 * first drawn: a draft's file, brought back, does not move the page).
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
    const part = form.current?.querySelector(`[data-testid="${testId}"]`)
    if (shown) part?.scrollIntoView?.({ block: 'nearest' })
  }, [form, testId, shown])
}
