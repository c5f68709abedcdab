// A reload puts the operator back where they were in the view: the page's scroll (and a box's scrolled on its own),
// and the focus on the control that had it, or the view's heading when that control is gone (QA74, issue 29 point 5:
// Send, Schedules, the Outbox and Settings came back at the top with the focus on nothing, where the Inbox and Campaigns
// open again what was open, its heading focused). Kept in the page's history entry (stores/view-spot.ts); the focus
// goes through the view's gate (view-focus.ts), so nothing is taken from where the operator went meanwhile.
import { useLayoutEffect } from 'react'
import { useNavigation, type View } from '../stores/navigation'
import {
  keepViewSpot,
  keptViewSpot,
  type ControlSpot,
  type ElementName,
  type ViewSpot
} from '../stores/view-spot'
import { useViewFocus } from './view-focus'

/** Attributes that name an element across a reload, the most telling first. */
const NAMING_ATTRIBUTES = ['id', 'data-id', 'data-testid', 'name'] as const
/** React's own ids (useId) count the ids made since the page loaded: another element's after a reload. */
const REACT_MADE_ID = /_[rR]_/

/**
 * A view's reads draw what had the focus: once nothing has changed for this long, what is not there is gone and the
 * heading takes the focus (what comes later still takes it from the heading, until GIVE_UP_MS).
 */
const SETTLED_MS = 400
const GIVE_UP_MS = 5000

function named(root: Element, attribute: string, value: string): Element[] {
  return Array.from(root.querySelectorAll(`[${attribute}]`)).filter(
    (e) => e.getAttribute(attribute) === value
  )
}

function nameOf(element: Element, root: Element): ElementName | null {
  for (const attribute of NAMING_ATTRIBUTES) {
    const value = element.getAttribute(attribute)
    if (!value || (attribute === 'id' && REACT_MADE_ID.test(value))) continue
    const index = named(root, attribute, value).indexOf(element)
    if (index >= 0) return { attribute, value, index }
  }
  return null
}

const elementNamed = (root: Element, name: ElementName): Element | null =>
  named(root, name.attribute, name.value)[name.index] ?? null

/** The control as a reload can find it: by its own name, else by the named element nearest around it. */
function spotOf(control: Element, root: Element): ControlSpot {
  const tag = control.tagName.toLowerCase()
  for (let holder: Element | null = control; holder && holder !== root; holder = holder.parentElement) {
    const name = nameOf(holder, root)
    if (!name) continue
    if (holder === control) return { holder: name, tag: null, index: 0 }
    return { holder: name, tag, index: Array.from(holder.getElementsByTagName(tag)).indexOf(control) }
  }
  return { holder: null, tag, index: Array.from(root.getElementsByTagName(tag)).indexOf(control) }
}

function controlAt(spot: ControlSpot, root: Element): HTMLElement | null {
  const holder = spot.holder ? elementNamed(root, spot.holder) : root
  const control = !holder || spot.tag === null ? holder : holder.getElementsByTagName(spot.tag)[spot.index]
  return control instanceof HTMLElement && !control.matches(':disabled') ? control : null
}

const nameKey = (name: ElementName): string => `${name.attribute}=${name.value}#${name.index}`
const near = (a: number, b: number): boolean => Math.abs(a - b) <= 1

/**
 * Keeps where the operator is in `view` as they move, and after a reload (the first view after the start) puts them
 * back: the scroll, and the focus on the control that had it or on the heading `headingId`.
 */
export function useSpotKeptAcrossReload(view: View, headingId: string): void {
  const { takeIfStill } = useViewFocus()
  useLayoutEffect(() => {
    // The view's region (a view drawn alone, outside the shell: the page).
    const root = document.getElementById('main') ?? document.body
    // A view opened from its tab starts at its heading: only the window's first view (a reload's) comes back.
    const back = useNavigation.getState().seq <= 1 ? keptViewSpot(view) : null
    const boxes = new Map((back?.boxes ?? []).map((box) => [nameKey(box.name), box]))
    const focusedNow = (): ControlSpot | null => {
      const active = document.activeElement
      return active && active !== root && root.contains(active) ? spotOf(active, root) : null
    }
    let focus = back?.focus ?? null
    /** The scroll is put back at each change until the view has settled, or the operator moves. */
    let scrollPending = back !== null
    /** Until the control (or the heading) has the focus, the operator moved it, or GIVE_UP_MS. */
    let focusPending = back !== null
    let settled = false
    let headingTook = false
    /** What this put the focus on: the focus moved anywhere else is the operator's (or the view's own) doing. */
    let placed: Element | null = null
    let settleTimer = 0
    let giveUpTimer = 0

    /** Nothing is kept while the view comes back: a reload meanwhile comes back to the same spot. */
    const keep = (): void => {
      if (back && (scrollPending || focusPending)) return
      keepViewSpot({ view, pageTop: Math.round(window.scrollY), boxes: [...boxes.values()], focus })
    }

    function scrollBack(spot: ViewSpot): void {
      if (!near(window.scrollY, spot.pageTop)) window.scrollTo({ top: spot.pageTop, behavior: 'instant' })
      for (const box of spot.boxes) {
        const element = elementNamed(root, box.name)
        if (element && !near(element.scrollTop, box.top)) element.scrollTop = box.top
      }
    }

    function focusBack(spot: ViewSpot): void {
      const control = spot.focus ? controlAt(spot.focus, root) : null
      if (control) {
        // Not scrolled to it: the scroll is put back as it was.
        placed = control
        if (!takeIfStill(control, { preventScroll: true }) || document.activeElement === control)
          focusPending = false
        return
      }
      // The control may still be drawn by the view's reads: the heading waits for them to settle.
      if (headingTook || (spot.focus !== null && !settled)) return
      const heading = document.getElementById(headingId)
      if (!heading) return
      headingTook = true
      placed = heading
      if (!takeIfStill(heading, { preventScroll: true }) || spot.focus === null) focusPending = false
    }

    function comeBack(): void {
      if (!back) return
      if (scrollPending) scrollBack(back)
      if (focusPending) focusBack(back)
      if (!scrollPending && !focusPending) finish()
    }

    function finish(): void {
      observer?.disconnect()
      window.clearTimeout(settleTimer)
      window.clearTimeout(giveUpTimer)
      scrollPending = false
      focusPending = false
      focus = focusedNow()
      keep()
    }

    const waitToSettle = (): void => {
      window.clearTimeout(settleTimer)
      settleTimer = window.setTimeout(() => {
        settled = true
        comeBack()
        scrollPending = false
        if (!focusPending) finish()
      }, SETTLED_MS)
    }
    const observer = back
      ? new MutationObserver(() => {
          comeBack()
          if (!settled) waitToSettle()
        })
      : null

    // The operator scrolls, presses a key or clicks while the view comes back: the scroll is theirs from then on.
    const operatorMoves = (): void => {
      scrollPending = false
      if (!focusPending) finish()
    }
    const MOVES = ['wheel', 'keydown', 'pointerdown', 'touchstart'] as const
    const focused = (): void => {
      const active = document.activeElement
      if (focusPending && active !== placed && active !== null && active !== document.body) {
        focusPending = false
        if (!scrollPending) finish()
      }
      focus = focusedNow()
      keep()
    }
    const boxNames = new WeakMap<Element, ElementName | null>()
    const scrolled = (event: Event): void => {
      const { target } = event
      if (target instanceof Element && target !== root && root.contains(target)) {
        // Named once per box: a scroll event comes each frame, and naming looks through the whole view.
        if (!boxNames.has(target)) boxNames.set(target, nameOf(target, root))
        const name = boxNames.get(target)
        if (!name) return
        if (target.scrollTop > 0) boxes.set(nameKey(name), { name, top: Math.round(target.scrollTop) })
        else boxes.delete(nameKey(name))
      }
      // The view scrolled back to the top by itself (a list drawn afresh) while it comes back: put back again.
      if (scrollPending) comeBack()
      else keep()
    }
    document.addEventListener('focusin', focused)
    document.addEventListener('focusout', focused)
    document.addEventListener('scroll', scrolled, { capture: true, passive: true })
    if (back) {
      for (const move of MOVES) addEventListener(move, operatorMoves, { capture: true, passive: true })
      observer?.observe(root, { childList: true, subtree: true, attributes: true })
      giveUpTimer = window.setTimeout(finish, GIVE_UP_MS)
      waitToSettle()
      comeBack()
    }
    return () => {
      observer?.disconnect()
      window.clearTimeout(settleTimer)
      window.clearTimeout(giveUpTimer)
      for (const move of MOVES) removeEventListener(move, operatorMoves, { capture: true })
      document.removeEventListener('focusin', focused)
      document.removeEventListener('focusout', focused)
      document.removeEventListener('scroll', scrolled, { capture: true })
    }
  }, [view, headingId, takeIfStill])
}
