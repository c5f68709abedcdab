// Where the operator is (the view, and the device being linked), kept for this window's session so a reload
// returns there instead of to the Overview. Kept in the page's history entry, which a reload keeps: it is read
// before the first view is chosen, and the first touch of session storage there was a synchronous round trip to
// the browser process (1-50 ms here) before the shell (issue 29).
import { useDevices } from './devices'
import { useLinking } from './linking'
import { NAV_VIEWS, useNavigation, type View } from './navigation'

export const PLACE_KEY = 'sender-desk.place'

interface Place {
  view: View
  deviceId: string | null
}

/** Views a reload may return to: the tabs, and the wizard and new-device form reached from them. */
const RETURNABLE: ReadonlySet<string> = new Set<string>([...NAV_VIEWS, 'linking', 'newDevice'])

/** The views the start opens when there is no place to return to. */
const FIRST_VIEWS: ReadonlySet<string> = new Set<View>(['home', 'welcome'])

/** A place chosen but not yet written to the history entry (written once the page is idle, or before it is left). */
let unwritten: Place | null = null

function save(): void {
  const { view, seq } = useNavigation.getState()
  if (seq === 0) return
  const place: Place = { view, deviceId: view === 'linking' ? useLinking.getState().deviceId : null }
  // Written only when it changes: the start's own first view (or its return here) is where a reload lands anyway,
  // and a history write is a round trip to the browser process before the shell.
  const kept = unwritten ?? read()
  if (
    kept ? kept.view === place.view && kept.deviceId === place.deviceId : seq === 1 && FIRST_VIEWS.has(view)
  )
    return
  const waiting = unwritten !== null
  unwritten = place
  // Not in the task that switched views: that round trip (about 5 ms) would come before the view is drawn.
  if (!waiting) whenIdle(writeUnwritten)
}

export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 })
  else setTimeout(run, 50)
}

function writeUnwritten(): void {
  const place = unwritten
  if (!place) return
  unwritten = null
  try {
    history.replaceState({ ...historyState(), [PLACE_KEY]: place }, '')
  } catch {
    // Without a history entry a reload starts from the first view, as before.
  }
}

/**
 * Runs `write` before the page is left (a reload, the window closing): what was kept for the history entry but waits
 * for the page to be idle is written then. Not at `pagehide`: by then Chromium has taken the entry's state for the
 * reload, and a write there is lost (an F5 straight after a click came back to the list); one in `beforeunload` comes
 * before the reload starts, and is what the reloaded page reads (test/e2e/reload-place.e2e.ts).
 */
export function writeBeforeLeaving(write: () => void): void {
  addEventListener('beforeunload', () => write())
}

// A reload (or the window closing) before the page was idle: the place is written before the page is left.
writeBeforeLeaving(writeUnwritten)

/** The page's history entry's state, as an object (another script may have left anything there). */
export function historyState(): Record<string, unknown> {
  const state: unknown = history.state
  return state && typeof state === 'object' ? (state as Record<string, unknown>) : {}
}

function read(): Place | null {
  try {
    const place = (historyState()[PLACE_KEY] ?? null) as Partial<Place> | null
    if (!place || typeof place.view !== 'string' || !RETURNABLE.has(place.view)) return null
    return { view: place.view, deviceId: typeof place.deviceId === 'string' ? place.deviceId : null }
  } catch {
    return null
  }
}

/**
 * After the bootstrap: go back where this window was before a reload. False when there is nowhere to go back to
 * (a new window, or a wizard for a device that is gone), and the first view is the usual one.
 */
export function returnToPlace(): boolean {
  const place = read()
  if (!place) return false
  if (place.view === 'linking') {
    const device = useDevices.getState().devices.find((d) => d.id === place.deviceId)
    if (!device) return false
    void useLinking.getState().open(device.id)
    return true
  }
  useNavigation.getState().navigate(place.view)
  return true
}

useNavigation.subscribe(save)
useLinking.subscribe((state, previous) => {
  if (state.deviceId !== previous.deviceId) save()
})

/**
 * One value kept beside the place in the history entry under `key` (null: none), written once the page is idle or
 * before it is left, as the place is. What was kept but not yet written is what is read back: a view drawn again before the page
 * was idle opens what it had open (CI stop 26).
 */
export function historyKeeper<T>(
  key: string,
  valid: (value: unknown) => value is T
): { kept(): T | null; keep(value: T | null): void; reset(): void } {
  let waiting: { value: T | null } | null = null
  function kept(): T | null {
    if (waiting !== null) return waiting.value
    try {
      const value = historyState()[key]
      return valid(value) ? value : null
    } catch {
      return null
    }
  }
  function write(): void {
    const open = waiting
    if (!open) return
    waiting = null
    try {
      const { [key]: _was, ...rest } = historyState()
      history.replaceState(open.value === null ? rest : { ...rest, [key]: open.value }, '')
    } catch {
      // Without a history entry a reload opens nothing, as before.
    }
  }
  writeBeforeLeaving(write)
  return {
    kept,
    keep(value) {
      if (waiting === null && kept() === value) return
      const idleAsked = waiting !== null
      waiting = { value }
      if (!idleAsked) whenIdle(write)
    },
    reset() {
      waiting = null
      const { [key]: _kept, ...rest } = historyState()
      history.replaceState(rest, '')
    }
  }
}

/** The conversation open in Messages in, kept beside the place: a reload opens it again (QA14 Q14-03). */
export const OPEN_CONVERSATION_KEY = 'sender-desk.openConversation'
const openConversation = historyKeeper(
  OPEN_CONVERSATION_KEY,
  (id): id is number => typeof id === 'number' && Number.isInteger(id)
)

/** The conversation kept open (null: none), kept but not yet written included. */
export const keptOpenConversation = (): number | null => openConversation.kept()
/** Keeps which conversation is open (null: none). */
export const keepOpenConversation = (id: number | null): void => openConversation.keep(id)

/**
 * Messages in's "Unread only" and "Archived", kept beside the place for the window's session as the Outbox keeps its
 * filters (QA71: "Unread only" was unticked again after Alt+I back). A keyword's filter is not kept: its conversations
 * are the chatbot panel's answer of the moment.
 */
export const INBOX_FILTERS_KEY = 'sender-desk.inboxFilters'
export interface InboxListFilters {
  unreadOnly: boolean
  archived: boolean
}
const inboxFilters = historyKeeper(
  INBOX_FILTERS_KEY,
  (value): value is InboxListFilters =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as InboxListFilters).unreadOnly === 'boolean' &&
    typeof (value as InboxListFilters).archived === 'boolean'
)

/** The inbox's filters kept (none ticked when none were kept). */
export const keptInboxFilters = (): InboxListFilters =>
  inboxFilters.kept() ?? { unreadOnly: false, archived: false }
/** Keeps the inbox's filters; none ticked is kept as nothing. */
export const keepInboxFilters = ({ unreadOnly, archived }: InboxListFilters): void =>
  inboxFilters.keep(unreadOnly || archived ? { unreadOnly, archived } : null)

/** The campaign open in Campaigns, kept beside the place: a reload opens it again (QA45 Q45-02). */
export const OPEN_CAMPAIGN_KEY = 'sender-desk.openCampaign'
const openCampaign = historyKeeper(OPEN_CAMPAIGN_KEY, (id): id is string => typeof id === 'string')

/** The campaign kept open (null: none), kept but not yet written included. */
export const keptOpenCampaign = (): string | null => openCampaign.kept()
/** Keeps which campaign is open (null: none). */
export const keepOpenCampaign = (id: string | null): void => openCampaign.keep(id)

export function resetPlace(): void {
  unwritten = null
  openConversation.reset()
  openCampaign.reset()
  inboxFilters.reset()
  const { [PLACE_KEY]: _place, ...rest } = historyState()
  history.replaceState(rest, '')
}
