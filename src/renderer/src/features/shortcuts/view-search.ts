// "/" focuses the view's search field, as the shortcuts panel says: an input marked `data-view-search`, the first one
// shown. One in a section left closed (Campaigns' customers and opt-outs) opens that section; one its view hides (the
// Inbox's conversations behind an open thread at 360 px) is brought back by that view, which hears SHOW_VIEW_SEARCH
// (useShowViewSearch) and focuses it once drawn. A search that belongs to one field (a time zone's) is no view's
// search. QA47 Q47-03: "/" did nothing in Campaigns and in the narrow Inbox, and nothing said why.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

/** Asked of the view holding a search field it hides: bring it back and focus it (the event canceled: done). */
export const SHOW_VIEW_SEARCH = 'senderdesk:show-view-search'

const shown = (element: HTMLElement): boolean =>
  element.closest('[hidden], details:not([open])') === null &&
  (typeof element.checkVisibility !== 'function' || element.checkVisibility())

/** Focuses the view's search field, or has its view do so; false when the view has none to focus. */
export function focusViewSearch(): boolean {
  const fields = [...document.querySelectorAll<HTMLElement>('#main [data-view-search]')]
  const field = fields.find(shown) ?? fields[0]
  if (!field) return false
  for (
    let closed = field.closest<HTMLDetailsElement>('details:not([open])');
    closed;
    closed = closed.closest<HTMLDetailsElement>('details:not([open])')
  )
    closed.open = true
  if (!shown(field) && !field.dispatchEvent(new Event(SHOW_VIEW_SEARCH, { bubbles: true, cancelable: true })))
    return true
  field.focus()
  return document.activeElement === field
}

/** A view that hides its search field at times: `show` brings it back and focuses it, when "/" asks (see above). */
export function useShowViewSearch(view: RefObject<HTMLElement | null>, show: () => void): void {
  const latest = useRef(show)
  useLayoutEffect(() => {
    latest.current = show
  })
  useEffect(() => {
    const element = view.current
    if (!element) return
    const onShow = (event: Event): void => {
      event.preventDefault()
      latest.current()
    }
    element.addEventListener(SHOW_VIEW_SEARCH, onShow)
    return () => element.removeEventListener(SHOW_VIEW_SEARCH, onShow)
  }, [view])
}
