// In a narrow window the reply box scrolls inside the thread with Send's row stuck to its foot (inbox.css), so what
// an operator's step adds after the text (the attached file, a refusal, the opt-out question Send's click brings)
// was drawn under that row, out of sight: Send seemed to do nothing (QA62). Each is brought into sight above it.
import { type RefObject, useLayoutEffect, useRef } from 'react'

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
    const box = form.current
    const part = box?.querySelector(`[data-testid="${testId}"]`)
    if (!shown || !box || !part) return
    part.scrollIntoView?.({ block: 'nearest' })
    // Into the box's sight, it may still lie under the Send row: the box scrolls on by what the row covers, never
    // past the part's top. (A scroll padding on the box did it too, but sent Send itself below the window, QA58.)
    const row = box.querySelector('.inbox-reply-actions')
    if (!row || box.scrollHeight <= box.clientHeight) return
    const covered = part.getBoundingClientRect().bottom - row.getBoundingClientRect().top
    const room = part.getBoundingClientRect().top - box.getBoundingClientRect().top
    if (covered > 0) box.scrollBy({ top: Math.min(covered, Math.max(0, room)) })
  }, [form, testId, shown])
}
