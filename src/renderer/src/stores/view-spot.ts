// Where the operator is inside a view (the page's scroll, a scrolled box's, the control with the focus), kept beside
// the place (stores/place.ts) in the page's history entry, so a reload puts them back there and not at the top of the
// page with the focus on nothing (QA74, issue 29 point 5). Written once the page is idle or before it is left, as the
// place is; nothing of it runs while the window starts (the views that keep it load after the shell).
import { historyKeeper } from './place'

export const VIEW_SPOT_KEY = 'sender-desk.viewSpot'

/**
 * An element named as a reload can find it again: by an attribute the view gives it (its id, its row's id, its test
 * id, its form name) and which of the elements so named it is.
 */
export interface ElementName {
  attribute: string
  value: string
  index: number
}

/**
 * The control with the focus: the nearest element holding it (or itself) that has a name, and, when the control is
 * not that element, the control's tag and which of that element's descendants of the tag it is.
 */
export interface ControlSpot {
  /** Null: no named element holds it; the view's region does. */
  holder: ElementName | null
  tag: string | null
  index: number
}

export interface ViewSpot {
  view: string
  /** The page's scroll (window.scrollY). */
  pageTop: number
  /** Boxes of the view scrolled on their own (the Outbox's list), by name, and how far. */
  boxes: { name: ElementName; top: number }[]
  /** Null: the focus was on nothing of the view (the page, the header): its heading takes it back. */
  focus: ControlSpot | null
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value)

function isElementName(value: unknown): value is ElementName {
  const name = value as ElementName | null
  return (
    typeof name === 'object' &&
    name !== null &&
    typeof name.attribute === 'string' &&
    typeof name.value === 'string' &&
    isWhole(name.index)
  )
}

function isControlSpot(value: unknown): value is ControlSpot {
  const spot = value as ControlSpot | null
  return (
    typeof spot === 'object' &&
    spot !== null &&
    (spot.holder === null || isElementName(spot.holder)) &&
    (spot.tag === null || typeof spot.tag === 'string') &&
    isWhole(spot.index)
  )
}

/** A spot kept by this version of the window (the entry may hold an older page's anything). */
function isViewSpot(value: unknown): value is ViewSpot {
  const spot = value as ViewSpot | null
  return (
    typeof spot === 'object' &&
    spot !== null &&
    typeof spot.view === 'string' &&
    typeof spot.pageTop === 'number' &&
    Array.isArray(spot.boxes) &&
    spot.boxes.every((box) => isElementName(box?.name) && typeof box.top === 'number') &&
    (spot.focus === null || isControlSpot(spot.focus))
  )
}

const inHistory = historyKeeper(VIEW_SPOT_KEY, isViewSpot)

/** The spot kept for `view` (null: none, or another view's). */
export function keptViewSpot(view: string): ViewSpot | null {
  const spot = inHistory.kept()
  return spot?.view === view ? spot : null
}

/** Keeps where the operator is in the view (written only when it changed). */
export function keepViewSpot(spot: ViewSpot): void {
  if (JSON.stringify(inHistory.kept()) === JSON.stringify(spot)) return
  inHistory.keep(spot)
}

/** Forgets it, and the history entry's copy (each test starts from none, test-setup.ts). */
export function resetViewSpot(): void {
  inHistory.reset()
}
