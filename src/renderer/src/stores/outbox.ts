// Outbox store: header counts, the latest view of items seen through events, and the paged list behind the virtualized outbox.
import { create } from 'zustand'
import type {
  InvokeReply,
  InvokeRequest,
  OutboxCounts,
  PacedQueued,
  OutboxItemView
} from '../../../shared/contract'
import {
  bucketOfItem,
  countsAsSentToday,
  statusChoiceOf,
  type HappenedEvent,
  type StatusFilterChoice
} from '../../../shared/domain/status-buckets'
import { call, errorInfo, keptError, type KeptError } from '../api'
import { dayBoundsOn, localTimeToInstant } from '../../../shared/domain/schedule-time'
import { recipientSearchTerms } from '../../../shared/domain/recipient-search'
import { useContactNames } from './contact-names'
import { useNavigation } from './navigation'
import { operatorZone } from './settings'

/** Rows fetched per `outbox:list` call. */
export const PAGE_SIZE = 200
/** Pages kept in memory at once (the rest are dropped and fetched again when scrolled back to). */
export const MAX_PAGES = 30
/** Items remembered from events (for the send panel's progress and the detail pane). */
const MAX_KNOWN = 2000
/** Items `track` asks the core for at once. */
const TRACK_AT_ONCE = 50
/** A burst of items coming into or leaving the list refreshes it once, this long after the first. */
const NEW_ITEMS_REFRESH_MS = 800

export const EMPTY_COUNTS: OutboxCounts = {
  scheduled: 0,
  queued: 0,
  sending: 0,
  accepted: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  cancelled: 0,
  cancelled_at_gateway: 0,
  revoked: 0,
  optedOut: 0,
  total: 0
}

/**
 * The Recipient filter's rule as the core applies it to what was typed: the number holds one of its terms (the shared
 * recipientSearchTerms), or (three characters or more, as the core's contacts index) the name the row shows holds the
 * text (QA14 Q14-07).
 */
function recipientMatches(recipient: string, text: string): boolean {
  if (recipientSearchTerms(text).some((term) => recipient.includes(term))) return true
  if ([...text.trim()].length < 3) return false
  const name = useContactNames.getState().names.get(recipient)
  return name != null && name.toLocaleLowerCase().includes(text.trim().toLocaleLowerCase())
}

/** Whether a message standing where `item` does may be among the ones `event` counted today. */
function canHaveHappened(event: HappenedEvent, item: OutboxItemView): boolean {
  if (event === 'sent') return countsAsSentToday(item)
  // Cancelled because its number opted out is its own number today, not among the cancelled (the core's rule too).
  return bucketOfItem({ status: item.status, failureCode: item.failure?.code ?? null }) === event
}

export interface OutboxFilters {
  /** The status filter's choices: `cancelled` and `optedOut` part the cancelled as the summary does. */
  statuses: StatusFilterChoice[]
  /** '' means every device. */
  deviceId: string
  /** One campaign's messages only, DIRECT_SENDS_ONLY for those of none, '' for every message (QA73). */
  campaignId: string
  recipient: string
  /** Words of the message text or caption ('' for any): found by the outbox's full-text index. */
  text: string
  /** 'YYYY-MM-DD' (local day) or ''. */
  from: string
  to: string
  /**
   * What happened since an instant (ISO), as one of the Overview's "today" numbers counts it (the core's rule, not
   * creation time), or null: the list then holds exactly the messages that number counted.
   */
  happened: { event: HappenedEvent; since: string } | null
}

/**
 * The Campaign filter's "Direct sends only": the messages not from any campaign (QA73). Kept where a campaign's id is,
 * so a reload keeps it as it keeps a campaign; no campaign is named so (their ids are UUIDs).
 */
export const DIRECT_SENDS_ONLY = '(direct)'

export const NO_FILTERS: OutboxFilters = {
  statuses: [],
  deviceId: '',
  campaignId: '',
  recipient: '',
  text: '',
  from: '',
  to: '',
  happened: null
}

/**
 * Opens the Outbox at these filters, every other one cleared: a header count's statuses, an Overview number's, the
 * messages a deleted series left to go.
 */
export function openOutboxAt(filters: Partial<OutboxFilters>): void {
  useOutbox.getState().setFilters({ ...NO_FILTERS, ...filters })
  useNavigation.getState().navigate('outbox')
}

/**
 * Whether the list under these filters would show the item: the same request the list makes, checked here (the
 * text by its words, as the outbox's full-text search finds them).
 */
export function matchesFilters(item: OutboxItemView, filters: OutboxFilters): boolean {
  const request = listRequest(filters, 0, 1)
  const words = `${item.text ?? ''} ${item.fileName ?? ''}`.toLocaleLowerCase()
  const created = Date.parse(item.createdAt)
  return (
    (!request.status ||
      request.status.includes(
        statusChoiceOf({ status: item.status, failureCode: item.failure?.code ?? null })
      )) &&
    (!request.deviceId || request.deviceId === item.deviceId) &&
    (!request.campaignId ||
      (item.producer?.kind === 'campaign' && item.producer.id === request.campaignId)) &&
    (!request.directOnly || item.producer?.kind !== 'campaign') &&
    (!request.recipient || recipientMatches(item.recipient, request.recipient)) &&
    (!request.text ||
      request.text
        .toLocaleLowerCase()
        .split(/\s+/)
        .every((word) => words.includes(word))) &&
    (!request.from || created >= Date.parse(request.from)) &&
    (!request.to || created <= Date.parse(request.to)) &&
    // When it happened is the core's to say; where it stands now says whether it can be in that number at all (one
    // the gateway still holds, refused or cancelled is not sent today: QA14 Q14-04).
    (!request.happenedSince || canHaveHappened(request.happenedSince.event, item))
  )
}

/**
 * The outbox's counts and what holds its waiting ones, as the bootstrap and outbox:countsChanged give them: one object,
 * so a new figure is one more field, not one more place in a list of arguments. Absent figures: none held.
 */
export interface OutboxCountsUpdate {
  counts: OutboxCounts
  sendingPaused?: boolean | undefined
  pausedQueued?: number | undefined
  heldOverdue?: number | undefined
  sendingHeldBy?: number | null | undefined
  pacedQueued?: PacedQueued | undefined
  scheduledOptedOut?: number | undefined
}

interface Page {
  generation: number
  items: OutboxItemView[]
}

export type ItemDetail = InvokeReply<'outbox:get'>

/** Nothing held by a campaign's pacing. */
const NOT_PACED: PacedQueued = { outsideHours: 0, dailyCap: 0 }

interface OutboxState {
  counts: OutboxCounts
  sendingPaused: boolean
  /** The terminal command's process id while it holds sending on this computer (the app takes over after), or null. */
  sendingHeldBy: number | null
  /** Of the queued, how many a pause holds (the core's figure; shown through pausedOfQueued). */
  pausedQueued: number
  /** Of the rest, how many campaigns hold for their working hours or daily cap (the core's figure). */
  pacedQueued: PacedQueued
  /** Of the scheduled, those their overdue policy holds for the operator's decision (QA13 Q13-01). */
  heldOverdue: number
  /** Of the scheduled not held, those that will not be sent, their number opted out (QA76; optedOutOfScheduled). */
  scheduledOptedOut: number
  /** Latest view of items seen through events and replies (bounded, oldest dropped first). */
  known: Map<string, OutboxItemView>
  /**
   * Items the core no longer has (deleted here, or answered `not_found` when asked again): a view that follows them
   * says they are gone instead of waiting for news that will not come (bounded like `known`).
   */
  gone: Set<string>
  /** Bumped on every item or bulk change, so views with their own queries know to refetch. */
  changeSeq: number
  /**
   * Bumped on every bulk change: a bulk change names no item, so what `known` holds may be stale, and a view that
   * follows items (an open detail, a send's card) asks for them again (`refresh`).
   */
  bulkSeq: number
  filters: OutboxFilters
  /** Matching items for the filters, or null until the first page answers. */
  total: number | null
  /** When `total` was asked for (ISO): a bulk action on every match leaves alone what was created after it. */
  totalAsOf: string | null
  pages: Record<number, Page>
  /** Page → the list generation its request was made for. */
  loading: Record<number, number>
  /** Bumped when the list's data is stale (filters changed, bulk change): older replies are dropped. */
  generation: number
  listError: KeptError | null
  /** New messages seen since the filters were set that the filters keep out of the list: said, never silent. */
  hiddenNew: number

  setCounts(update: OutboxCountsUpdate): void
  applyItem(item: OutboxItemView): void
  bulkChanged(): void
  setFilters(patch: Partial<OutboxFilters>): void
  /** Make sure the pages holding rows first..last are loaded (or on their way). */
  ensureRange(first: number, last: number): void
  /**
   * The list's first page, asked in the background before the outbox is opened, so opening it draws rows at once
   * instead of waiting a round trip (issue 29). A failure is not shown: the list asks again when it opens.
   */
  prefetchFirstPage(): void
  /** Fetch the items the caller cares about that no event has told us about yet: all of them, however many. */
  track(ids: string[]): Promise<void>
  /** Fetch the items the caller follows again, known or not (after a bulk change, which names none of them). */
  refresh(ids: string[]): Promise<void>
  get(id: string): Promise<ItemDetail>
  retry(id: string): Promise<OutboxItemView>
  cancel(id: string): Promise<OutboxItemView>
  /** Bulk actions on the operator's selection; the list refetches, as after any bulk change. */
  retryMany(ids: string[]): Promise<InvokeReply<'outbox:retryMany'>>
  cancelMany(ids: string[]): Promise<InvokeReply<'outbox:cancelMany'>>
  /** Sends the held overdue ones now. */
  releaseMany(ids: string[]): Promise<InvokeReply<'outbox:releaseMany'>>
  removeMany(ids: string[]): Promise<InvokeReply<'outbox:deleteMany'>>
  /**
   * Delete for everyone, or cancel, at the gateway: recorded by the core, then carried out like sends. `alsoCancelHeld`
   * (a whole send taken back from its card, with `revoke`): what the gateway holds is cancelled there too.
   */
  takeBack(
    ids: string[],
    action: 'revoke' | 'cancel',
    options?: { alsoCancelHeld?: boolean }
  ): Promise<InvokeReply<'outbox:takeBack'>>
  /**
   * The same on every item the current filters match, at most as many as the operator confirmed (`expected`), of
   * those created by `asOf` (when that count was read).
   */
  retryMatching(expected: number, asOf: string | null): Promise<InvokeReply<'outbox:retryMatching'>>
  /** Every item the filters match, counted on each device by the core (however many; not the loaded pages). */
  matchingByDevice(): Promise<InvokeReply<'outbox:matchingByDevice'>['devices']>
  cancelMatching(expected: number, asOf: string | null): Promise<InvokeReply<'outbox:cancelMatching'>>
  release(id: string): Promise<OutboxItemView>
  edit(request: InvokeRequest<'outbox:edit'>): Promise<OutboxItemView>
  remove(id: string): Promise<void>
  setPaused(paused: boolean): Promise<void>
}

let newItemsTimer: ReturnType<typeof setTimeout> | null = null
/** New messages the filters keep out, by id: one that later matches (it failed, it was sent) leaves the count. */
const hiddenNewIds = new Set<string>()
/**
 * When the filters were set (ms): a message created after it is new. Not "not seen before": `known` is bounded, so in
 * a big outbox every status change of an old message would read as new.
 */
let filtersSetAt = Date.now()

function remember(known: Map<string, OutboxItemView>, items: OutboxItemView[]): Map<string, OutboxItemView> {
  const next = new Map(known)
  for (const item of items) {
    next.delete(item.id)
    next.set(item.id, item)
  }
  while (next.size > MAX_KNOWN) {
    const oldest = next.keys().next().value
    if (oldest === undefined) break
    next.delete(oldest)
  }
  return next
}

/** The items the core no longer has: out of `known`, into `gone` (the oldest gone dropped first past the bound). */
function forget(
  state: { known: Map<string, OutboxItemView>; gone: Set<string> },
  ids: string[]
): { known: Map<string, OutboxItemView>; gone: Set<string> } {
  const known = new Map(state.known)
  const gone = new Set(state.gone)
  for (const id of ids) {
    known.delete(id)
    gone.add(id)
  }
  for (const oldest of [...gone].slice(0, Math.max(0, gone.size - MAX_KNOWN))) gone.delete(oldest)
  return { known, gone }
}

/**
 * The first instant of a date field's day, or the last (bounds are inclusive), on the operator's clock: the one the
 * rows and the export show times on (QA27 Q27-03). A day that is not one bounds nothing.
 */
function dayBound(day: string, end: boolean, zone: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  try {
    // The day's one rule (dayBoundsOn): from its midnight to the next, 23 or 25 hours across DST; noon is in it.
    const bounds = dayBoundsOn(localTimeToInstant(`${day}T12:00`, zone), zone)
    return new Date(end ? bounds.end - 1 : bounds.start).toISOString()
  } catch {
    return undefined
  }
}

/** The `outbox:list` request for these filters and this slice. */
export function listRequest(
  filters: OutboxFilters,
  offset: number,
  limit: number,
  zone: string = operatorZone()
): InvokeRequest<'outbox:list'> {
  const request: InvokeRequest<'outbox:list'> = { offset, limit }
  if (filters.statuses.length > 0) request.status = [...filters.statuses]
  if (filters.deviceId) request.deviceId = filters.deviceId
  if (filters.campaignId === DIRECT_SENDS_ONLY) request.directOnly = true
  else if (filters.campaignId) request.campaignId = filters.campaignId
  // As typed: the core reads it by the shared rule (recipientSearchTerms), as matchesFilters does here.
  const recipient = filters.recipient.trim()
  if (recipient) request.recipient = recipient
  const text = filters.text.trim()
  if (text) request.text = text
  const from = filters.from ? dayBound(filters.from, false, zone) : undefined
  if (from) request.from = from
  const to = filters.to ? dayBound(filters.to, true, zone) : undefined
  if (to) request.to = to
  if (filters.happened) request.happenedSince = { ...filters.happened }
  return request
}

/** What these filters match, without a slice: for a bulk action on every match. */
export function filterRequest(filters: OutboxFilters): InvokeRequest<'outbox:cancelMatching'>['filter'] {
  const { offset: _offset, limit: _limit, ...filter } = listRequest(filters, 0, 1)
  return filter
}

export const useOutbox = create<OutboxState>()((set, get) => {
  function refreshList(): void {
    set((state) => ({ generation: state.generation + 1 }))
  }

  /** `quietly`: a failure is dropped rather than shown (a prefetch nobody is looking at yet). */
  async function fetchPage(page: number, generation: number, quietly = false): Promise<void> {
    set((state) => ({ loading: { ...state.loading, [page]: generation } }))
    const request = listRequest(get().filters, page * PAGE_SIZE, PAGE_SIZE)
    // Asked before the core counts: whatever it counted was created by then.
    const askedAt = new Date().toISOString()
    try {
      const reply = await call('outbox:list', request)
      if (get().generation !== generation) return
      set((state) => {
        const pages: Record<number, Page> = { ...state.pages, [page]: { generation, items: reply.items } }
        const kept = Object.keys(pages)
          .map(Number)
          .sort((a, b) => Math.abs(a - page) - Math.abs(b - page))
        for (const far of kept.slice(MAX_PAGES)) delete pages[far]
        const loading = { ...state.loading }
        delete loading[page]
        return { pages, loading, total: reply.total, totalAsOf: askedAt, listError: null }
      })
    } catch (error) {
      if (get().generation !== generation) return
      set((state) => {
        const loading = { ...state.loading }
        delete loading[page]
        return quietly ? { loading } : { loading, listError: keptError(error) }
      })
    }
  }

  /**
   * Asks the core for `ids` a few at a time (a 200-recipient send is followed for all 200, issue 29, and the core
   * stays responsive). `onlyMissing` leaves out the items an event has told about already. A newer view that an event
   * brought while a reply was on its way is kept.
   */
  async function fetchItems(ids: string[], onlyMissing: boolean): Promise<void> {
    const wanted = (id: string): boolean => !onlyMissing || !(get().known.has(id) || get().gone.has(id))
    const asked = ids.filter(wanted)
    for (let at = 0; at < asked.length; at += TRACK_AT_ONCE) {
      const slice = asked.slice(at, at + TRACK_AT_ONCE).filter(wanted)
      const replies = await Promise.allSettled(slice.map((id) => call('outbox:get', { id })))
      const items = replies.flatMap((r) => (r.status === 'fulfilled' ? [r.value.item] : []))
      // Only the core's "no such item" means gone; any other failure leaves the item as not looked up yet.
      const missing = slice.filter((_, n) => {
        const reply = replies[n]
        return reply?.status === 'rejected' && errorInfo(reply.reason).code === 'not_found'
      })
      if (missing.length > 0) set((state) => forget(state, missing))
      const fresh = items.filter((item) => {
        const seen = get().known.get(item.id)
        return seen === undefined ? true : !onlyMissing && seen.updatedAt <= item.updatedAt
      })
      if (fresh.length > 0) set((state) => ({ known: remember(state.known, fresh) }))
    }
  }

  /**
   * Puts the newer view of an item in the list: in place while it matches the filters; one that no longer does (a
   * scheduled message cancelled under the Scheduled filter) is shown as it now is until the list, asked again, lets it
   * go and its total follows the header's count (QA18 Q18-01). A burst is one request, as for new items.
   */
  function followInList(item: OutboxItemView, matches: boolean): boolean {
    const listed = replaceInPages(item)
    if (listed && !matches) refreshListSoon()
    return listed
  }

  function refreshListSoon(): void {
    if (newItemsTimer !== null) return
    newItemsTimer = setTimeout(() => {
      newItemsTimer = null
      refreshList()
    }, NEW_ITEMS_REFRESH_MS)
  }

  function replaceInPages(item: OutboxItemView): boolean {
    const { pages } = get()
    for (const [key, page] of Object.entries(pages)) {
      const index = page.items.findIndex((i) => i.id === item.id)
      if (index < 0) continue
      const items = page.items.map((i, n) => (n === index ? item : i))
      set({ pages: { ...pages, [key]: { ...page, items } } })
      return true
    }
    return false
  }

  return {
    counts: EMPTY_COUNTS,
    sendingPaused: false,
    sendingHeldBy: null,
    pausedQueued: 0,
    pacedQueued: NOT_PACED,
    heldOverdue: 0,
    scheduledOptedOut: 0,
    known: new Map(),
    gone: new Set(),
    changeSeq: 0,
    bulkSeq: 0,
    filters: NO_FILTERS,
    total: null,
    totalAsOf: null,
    pages: {},
    loading: {},
    generation: 0,
    listError: null,
    hiddenNew: 0,

    setCounts: ({
      counts,
      sendingPaused = false,
      pausedQueued = 0,
      heldOverdue = 0,
      sendingHeldBy = null,
      pacedQueued = NOT_PACED,
      scheduledOptedOut = 0
    }) =>
      set({
        counts,
        sendingPaused,
        pausedQueued,
        heldOverdue,
        sendingHeldBy,
        pacedQueued,
        scheduledOptedOut
      }),

    applyItem(item) {
      const wasKnown = get().known.has(item.id)
      const matches = matchesFilters(item, get().filters)
      if (!matches && Date.parse(item.createdAt) > filtersSetAt) hiddenNewIds.add(item.id)
      // A hidden message that comes to match (it failed under the Failed filter) is listed, no longer hidden.
      if (matches) hiddenNewIds.delete(item.id)
      set((state) => ({
        known: remember(state.known, [item]),
        changeSeq: state.changeSeq + 1,
        hiddenNew: hiddenNewIds.size
      }))
      const listed = followInList(item, matches)
      if (!listed && (!wasKnown || matches)) refreshListSoon()
    },

    bulkChanged() {
      set((state) => ({
        changeSeq: state.changeSeq + 1,
        bulkSeq: state.bulkSeq + 1,
        generation: state.generation + 1
      }))
    },

    setFilters(patch) {
      hiddenNewIds.clear()
      filtersSetAt = Date.now()
      set((state) => ({
        filters: { ...state.filters, ...patch },
        generation: state.generation + 1,
        pages: {},
        loading: {},
        total: null,
        totalAsOf: null,
        listError: null,
        hiddenNew: 0
      }))
      get().ensureRange(0, 0)
    },

    ensureRange(first, last) {
      const { generation, pages, loading, total } = get()
      const end = total === null ? first : Math.max(first, Math.min(last, total - 1))
      for (let page = Math.floor(first / PAGE_SIZE); page <= Math.floor(end / PAGE_SIZE); page++) {
        if (pages[page]?.generation === generation || loading[page] === generation) continue
        void fetchPage(page, generation)
      }
    },

    prefetchFirstPage() {
      const { generation, pages, loading } = get()
      if (pages[0]?.generation === generation || loading[0] === generation) return
      void fetchPage(0, generation, true)
    },

    track: (ids) => fetchItems(ids, true),
    refresh: (ids) => fetchItems(ids, false),

    async get(id) {
      const detail = await call('outbox:get', { id })
      // An event may have brought a newer view while this was on its way: keep the newer one.
      const seen = get().known.get(id)
      if (!seen || seen.updatedAt <= detail.item.updatedAt) {
        set((state) => ({ known: remember(state.known, [detail.item]) }))
        followInList(detail.item, matchesFilters(detail.item, get().filters))
      }
      return detail
    },

    async retry(id) {
      const item = await call('outbox:retry', { id })
      get().applyItem(item)
      return item
    },
    async cancel(id) {
      const item = await call('outbox:cancel', { id })
      get().applyItem(item)
      return item
    },
    async retryMany(ids) {
      const reply = await call('outbox:retryMany', { ids })
      get().bulkChanged()
      return reply
    },
    async cancelMany(ids) {
      const reply = await call('outbox:cancelMany', { ids })
      get().bulkChanged()
      return reply
    },
    async releaseMany(ids) {
      const reply = await call('outbox:releaseMany', { ids })
      get().bulkChanged()
      return reply
    },
    async removeMany(ids) {
      const reply = await call('outbox:deleteMany', { ids })
      set((state) => ({
        ...forget(state, reply.done),
        changeSeq: state.changeSeq + 1,
        generation: state.generation + 1
      }))
      return reply
    },
    async takeBack(ids, action, options) {
      const also = options?.alsoCancelHeld === true ? { alsoCancelHeld: true } : {}
      const reply = await call('outbox:takeBack', { ids, action, ...also })
      get().bulkChanged()
      return reply
    },
    async retryMatching(expected, asOf) {
      const filter = filterRequest(get().filters)
      const reply = await call('outbox:retryMatching', { filter, expected, ...(asOf ? { asOf } : {}) })
      get().bulkChanged()
      return reply
    },
    async matchingByDevice() {
      return (await call('outbox:matchingByDevice', { filter: filterRequest(get().filters) })).devices
    },
    async cancelMatching(expected, asOf) {
      const filter = filterRequest(get().filters)
      const reply = await call('outbox:cancelMatching', { filter, expected, ...(asOf ? { asOf } : {}) })
      get().bulkChanged()
      return reply
    },
    async release(id) {
      const item = await call('outbox:release', { id })
      get().applyItem(item)
      return item
    },
    async edit(request) {
      const item = await call('outbox:edit', request)
      get().applyItem(item)
      return item
    },
    async remove(id) {
      await call('outbox:delete', { id })
      set((state) => ({
        ...forget(state, [id]),
        changeSeq: state.changeSeq + 1,
        generation: state.generation + 1
      }))
    },
    async setPaused(paused) {
      const reply = await call('outbox:setPaused', { paused })
      set({ sendingPaused: reply.sendingPaused })
    }
  }
})

/** The item at a list position, if its page is loaded. */
export function itemAt(pages: Record<number, Page>, index: number): OutboxItemView | undefined {
  return pages[Math.floor(index / PAGE_SIZE)]?.items[index % PAGE_SIZE]
}

export function resetOutboxStore(): void {
  if (newItemsTimer !== null) clearTimeout(newItemsTimer)
  newItemsTimer = null
  hiddenNewIds.clear()
  filtersSetAt = Date.now()
  useOutbox.setState({
    counts: EMPTY_COUNTS,
    sendingPaused: false,
    sendingHeldBy: null,
    pausedQueued: 0,
    pacedQueued: NOT_PACED,
    heldOverdue: 0,
    scheduledOptedOut: 0,
    known: new Map(),
    gone: new Set(),
    changeSeq: 0,
    bulkSeq: 0,
    filters: NO_FILTERS,
    total: null,
    totalAsOf: null,
    pages: {},
    loading: {},
    generation: 0,
    listError: null,
    hiddenNew: 0
  })
}
