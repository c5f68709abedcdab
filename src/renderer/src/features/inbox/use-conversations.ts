// The conversations the list shows: keyset pages of `inbox:conversations` under the chosen filters, fetched again
// (as many as were loaded) when the inbox changes, so new messages and read marks show at once.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { InboxConversationView } from '../../../../shared/contract'
import { call, errorInfo, getApi, type ErrorInfo } from '../../api'
import { localeOf } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { operatorZone, useSettings } from '../../stores/settings'
import { coalescedReads, type CoalescedReads } from '../../ui/coalesced-reads'

/** Conversations per page: a screen's worth several times over. */
export const CONVERSATION_PAGE = 100
/** The contract's largest page: a refresh reads what was loaded in pages of this. */
const MAX_PAGE = 500
/**
 * How long a change waits for the ones right behind it: a burst of `inbox:changed` (a pull of many messages) is one
 * refresh, which reads every loaded page (2–4 reads at 900–2,000 rows), never two at once.
 */
const CHANGES_GAP_MS = 50

/** The chatbot view's filter: the conversations one device's keyword answered. */
export interface AnsweredBy {
  deviceId: string
  ruleId: string
  keyword: string
  conversationIds: number[]
}

export interface ConversationFilters {
  unreadOnly: boolean
  archived: boolean
  /** Only the conversations a keyword answered (the chatbot panel), or all. */
  answeredBy?: AnsweredBy | null
}

/** The request's filters: the conversation ids of a chosen keyword go with them. */
function requested(unreadOnly: boolean, archived: boolean, answeredBy: AnsweredBy | null | undefined) {
  return { unreadOnly, archived, ...(answeredBy ? { conversationIds: answeredBy.conversationIds } : {}) }
}

export interface Conversations {
  conversations: InboxConversationView[] | null
  hasMore: boolean
  error: ErrorInfo | null
  loadMore(): void
  reload(): void
  /** Reads the list again after a failed read: its error goes meanwhile, so "Loading…" shows until the answer. */
  retry(): void
  /** One conversation as an action answered it (read, archived), without waiting for the next refresh. */
  replace(conversation: InboxConversationView): void
  /** A deleted conversation leaves the list at once. */
  remove(conversationId: number): void
}

interface ConversationsPage {
  conversations: InboxConversationView[]
  next: number | null
}

/**
 * The first page with no filter, asked for once the shell is up (with the inbox's code), so that the inbox's first
 * opening draws its conversations in the click's own render (issue 26: < 50 ms from the click). The first list shown
 * takes it, and asks afresh at once; an answer that comes after that is dropped.
 */
let prefetched: { page: ConversationsPage | null; taken: boolean } = { page: null, taken: false }

export function prefetchFirstConversations(): void {
  if (prefetched.taken) return
  call('inbox:conversations', { limit: CONVERSATION_PAGE, unreadOnly: false, archived: false })
    .then((page) => {
      if (prefetched.taken) return
      prefetched.page = page
      // The rows' date format made now, while the window is idle: a window's first Intl formatter of a kind took
      // 10-30 ms to make, in the click's render.
      formatDateTimeInZone(
        page.conversations[0]?.lastAt,
        localeOf(useSettings.getState().settings?.language ?? 'en'),
        operatorZone()
      )
    })
    // Said when the list is shown: it asks again then, and shows that failure.
    .catch(() => undefined)
}

const chatKey = (deviceId: string | null, chatId: string): string => `${deviceId ?? ''} ${chatId}`

function takePrefetched(filters: ConversationFilters): ConversationsPage | null {
  const { page } = prefetched
  prefetched = { page: null, taken: true }
  return filters.unreadOnly || filters.archived ? null : page
}

/**
 * The newest conversations down to the one whose `activity` is `reachTo`, none older (a first page when null), read
 * in pages of up to MAX_PAGE.
 */
async function readDownTo(
  reachTo: number | null,
  loadedRows: number,
  filters: ReturnType<typeof requested>
): Promise<ConversationsPage> {
  const rows: InboxConversationView[] = []
  let before: number | undefined
  let limit = Math.min(MAX_PAGE, Math.max(CONVERSATION_PAGE, loadedRows))
  for (;;) {
    const page = await call('inbox:conversations', {
      limit,
      ...(before === undefined ? {} : { before }),
      ...filters
    })
    const oldest = page.conversations.at(-1)?.activity
    if (reachTo === null || page.next === null || oldest === undefined || oldest <= reachTo) {
      const kept =
        reachTo === null ? page.conversations : page.conversations.filter((c) => c.activity >= reachTo)
      rows.push(...kept)
      // Rows left off past the oldest loaded: the next page starts after the last one kept (the contract's cursor).
      const cut = kept.length < page.conversations.length
      return { conversations: rows, next: cut ? (rows.at(-1)?.activity ?? page.next) : page.next }
    }
    rows.push(...page.conversations)
    before = page.next
    limit = MAX_PAGE
  }
}

export function useConversations(filters: ConversationFilters): Conversations {
  const [initial] = useState(() => takePrefetched(filters))
  const [conversations, setConversations] = useState<InboxConversationView[] | null>(
    initial?.conversations ?? null
  )
  const [next, setNext] = useState<number | null>(initial?.next ?? null)
  const [error, setError] = useState<ErrorInfo | null>(null)
  // The newest request wins: an answer for filters since changed is dropped.
  const generation = useRef(0)
  const loaded = useRef(0)
  // The `activity` of the oldest row loaded: a refresh reads down to it.
  const oldestLoaded = useRef(0)
  // The chats the rows show (device and chat id): a status of a message to one of them changes its row.
  const chatsShown = useRef(new Set<string>())
  const keepLoaded = (rows: readonly InboxConversationView[]): void => {
    loaded.current = rows.length
    oldestLoaded.current = rows.at(-1)?.activity ?? 0
    chatsShown.current = new Set(rows.map((c) => chatKey(c.deviceId, c.chatId)))
  }
  const loadingMore = useRef(false)
  // Other filters: the list shows "loading" until their first page answers, never the other filters' rows.
  const [shownFilters, setShownFilters] = useState(filters)
  if (
    shownFilters.unreadOnly !== filters.unreadOnly ||
    shownFilters.archived !== filters.archived ||
    shownFilters.answeredBy !== filters.answeredBy
  ) {
    setShownFilters(filters)
    setConversations(null)
    setNext(null)
  }

  const { unreadOnly, archived, answeredBy } = filters
  const readAfresh = useCallback((): Promise<void> => {
    const mine = ++generation.current
    // Read afresh down to the oldest row loaded, in pages the contract allows: a conversation's activity only
    // grows, so every row the operator scrolled to is read again, wherever new messages moved it (QA27 Q27-04).
    const reachTo = loaded.current > 0 ? oldestLoaded.current : null
    return readDownTo(reachTo, loaded.current, requested(unreadOnly, archived, answeredBy))
      .then((page) => {
        if (mine !== generation.current) return
        keepLoaded(page.conversations)
        setConversations(page.conversations)
        setNext(page.next)
        setError(null)
      })
      .catch((e: unknown) => {
        if (mine === generation.current) setError(errorInfo(e))
      })
  }, [unreadOnly, archived, answeredBy])

  // Asked for again by the core's changes and by the operator: one read at a time, a burst of changes one read.
  const reads = useRef<CoalescedReads | null>(null)
  const reload = useCallback((): void => reads.current?.ask('now'), [])
  const retry = useCallback((): void => {
    setError(null)
    reads.current?.ask('now')
  }, [])
  useEffect(() => {
    const mine = coalescedReads(readAfresh, CHANGES_GAP_MS)
    reads.current = mine
    loaded.current = 0
    mine.ask('now')
    const api = getApi()
    const offs = [
      api.on('inbox:changed', () => mine.ask('soon')),
      // A row shows its chat's newest reply and how it stands (scheduled, failed, deleted for everyone…): read again
      // when one of the chats shown has a message change, not at the next message in.
      api.on('outbox:itemChanged', ({ item }) => {
        if (chatsShown.current.has(chatKey(item.deviceId, item.recipient))) mine.ask('soon')
      }),
      api.on('outbox:bulkChanged', () => mine.ask('soon')),
      // A row says its number is on the opt-out list (the core reads it with the page): a customer's stop word, or
      // the operator's change in Campaigns, is shown without waiting for the next message in.
      api.on('optouts:changed', () => mine.ask('soon'))
    ]
    return () => {
      offs.forEach((off) => off())
      mine.stop()
    }
  }, [readAfresh])

  const loadMore = useCallback((): void => {
    if (next === null || loadingMore.current) return
    loadingMore.current = true
    const mine = generation.current
    call('inbox:conversations', {
      limit: CONVERSATION_PAGE,
      before: next,
      ...requested(unreadOnly, archived, answeredBy)
    })
      .then((page) => {
        if (mine !== generation.current) return
        setConversations((now) => {
          const known = new Set((now ?? []).map((c) => c.id))
          const merged = [...(now ?? []), ...page.conversations.filter((c) => !known.has(c.id))]
          keepLoaded(merged)
          return merged
        })
        setNext(page.next)
      })
      .catch((e: unknown) => setError(errorInfo(e)))
      .finally(() => {
        loadingMore.current = false
      })
  }, [next, unreadOnly, archived, answeredBy])

  const replace = useCallback((conversation: InboxConversationView): void => {
    setConversations((now) => now?.map((c) => (c.id === conversation.id ? conversation : c)) ?? now)
  }, [])

  const remove = useCallback((conversationId: number): void => {
    setConversations((now) => {
      const left = now?.filter((c) => c.id !== conversationId) ?? now
      keepLoaded(left ?? [])
      return left
    })
  }, [])

  return { conversations, hasMore: next !== null, error, loadMore, reload, retry, replace, remove }
}
