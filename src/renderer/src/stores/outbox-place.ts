// Where the operator was in the Outbox (its filters and the open message), kept across a reload beside the place
// (stores/place.ts) in the page's history entry: a reload returns to the same list and message, not to all of them
// with the detail closed (QA19 Q19-05, issue 29 point 5). Nothing here runs while the window starts: it is read back
// when the Outbox's code loads (App's loader), and written once the page is idle or before it is left, as the place is.
import { HAPPENED_EVENTS, STATUS_FILTER_CHOICES } from '../../../shared/domain/status-buckets'
import { NO_FILTERS, useOutbox, type OutboxFilters } from './outbox'
import { historyState, whenIdle, writeBeforeLeaving } from './place'

export const OUTBOX_PLACE_KEY = 'sender-desk.outbox'

interface OutboxPlace {
  filters: OutboxFilters
  /** The message open in the detail, or null. */
  openId: string | null
}

// A filter kept before `optedOut` was a choice reads as it did: every one of them is a choice still.
const STATUSES: ReadonlySet<unknown> = new Set(STATUS_FILTER_CHOICES)
const EVENTS: ReadonlySet<unknown> = new Set(HAPPENED_EVENTS)
const TEXT_FILTERS = ['deviceId', 'recipient', 'text', 'from', 'to'] as const

/** The kept filters as the store holds them, or null for anything else found in the entry. */
function keptFilters(value: unknown): OutboxFilters | null {
  if (!value || typeof value !== 'object') return null
  const kept = value as Record<string, unknown>
  const { statuses, happened } = kept
  if (!Array.isArray(statuses) || !statuses.every((s) => STATUSES.has(s))) return null
  if (TEXT_FILTERS.some((key) => typeof kept[key] !== 'string')) return null
  let since: OutboxFilters['happened'] = null
  if (happened !== null) {
    const { event, since: at } = (happened ?? {}) as Record<string, unknown>
    if (!EVENTS.has(event) || typeof at !== 'string') return null
    since = { event: event as NonNullable<OutboxFilters['happened']>['event'], since: at }
  }
  const [deviceId, recipient, text, from, to] = TEXT_FILTERS.map((key) => kept[key] as string)
  // Kept before the Campaign filter (QA73): none, every message as then.
  const { campaignId } = kept
  if (campaignId !== undefined && typeof campaignId !== 'string') return null
  return {
    statuses: statuses as OutboxFilters['statuses'],
    deviceId: deviceId!,
    campaignId: campaignId ?? '',
    recipient: recipient!,
    text: text!,
    from: from!,
    to: to!,
    happened: since
  }
}

function readKept(): OutboxPlace {
  try {
    const kept = historyState()[OUTBOX_PLACE_KEY] as Record<string, unknown> | undefined
    return {
      filters: keptFilters(kept?.filters) ?? NO_FILTERS,
      openId: typeof kept?.openId === 'string' ? kept.openId : null
    }
  } catch {
    return { filters: NO_FILTERS, openId: null }
  }
}

/** What is kept now; null until `restoreOutboxPlace` has read the entry (nothing is written before). */
let place: OutboxPlace | null = null
/** The message to open again, until the Outbox view has done it. */
let reopening: string | null = null
let unwritten = false

function write(): void {
  if (!unwritten || !place) return
  unwritten = false
  const kept = place.filters === NO_FILTERS && place.openId === null ? null : place
  try {
    const { [OUTBOX_PLACE_KEY]: _was, ...rest } = historyState()
    history.replaceState(kept ? { ...rest, [OUTBOX_PLACE_KEY]: kept } : rest, '')
  } catch {
    // Without a history entry a reload shows the whole outbox, as before.
  }
}

/**
 * Filters change by the keystroke: written once the page is idle. A message opened or closed is one click: written at
 * once, as a reload may follow before the page is idle (written before a pagehide then, it was lost in Chromium).
 */
function keep(next: OutboxPlace): void {
  if (place && next.filters === place.filters && next.openId === place.openId) return
  const opened = place?.openId !== next.openId
  place = next
  if (opened) {
    unwritten = true
    write()
    return
  }
  if (unwritten) return
  unwritten = true
  whenIdle(write)
}

writeBeforeLeaving(write)

/**
 * Puts the filters kept before a reload back in the store, and notes the message to open again; from then on follows
 * the filters. Once per page: called as the Outbox's code loads. Filters set before (a header count opening the
 * Outbox filtered) win over the kept ones.
 */
export function restoreOutboxPlace(): void {
  if (place) return
  const kept = readKept()
  place = kept
  reopening = kept.openId
  if (kept.filters !== NO_FILTERS && useOutbox.getState().filters === NO_FILTERS)
    useOutbox.getState().setFilters(kept.filters)
  else keep({ ...kept, filters: useOutbox.getState().filters })
}

useOutbox.subscribe((state, previous) => {
  if (state.filters !== previous.filters && place) keep({ ...place, filters: state.filters })
})

/** The message that was open before the reload, until `reopened` (null when none was). */
export function keptOpenOutboxItem(): string | null {
  return reopening
}

/** The message open before the reload was opened again (or found gone): later visits to the Outbox start closed. */
export function reopened(): void {
  reopening = null
}

/** Keeps which message is open in the Outbox (null: none, or the view was left). */
export function keepOpenOutboxItem(id: string | null): void {
  if (place) keep({ ...place, openId: id })
}

/** Forgets it all, and the history entry's copy (each test starts from none, test-setup.ts). */
export function resetOutboxPlace(): void {
  place = null
  reopening = null
  unwritten = false
  const { [OUTBOX_PLACE_KEY]: _kept, ...rest } = historyState()
  history.replaceState(rest, '')
}
