// The conversations list: newest first, virtualised (fixed-height rows, only those in view drawn), the next keyset
// page fetched as its end scrolls into view; filters (unread only, archived) and a search over texts and contacts.
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject
} from 'react'
import type {
  InboxConversationView,
  InboxMessageView,
  InvokeReply,
  OutboxItemView
} from '../../../../shared/contract'
import { call, errorInfo } from '../../api'
import { localeOf, useLanguage, useT, type MessageKey } from '../../i18n'
import { formatDateTimeInZone, formatListTime } from '../../i18n/dates'
import { useOperatorZone } from '../../stores/settings'
import { useDevices } from '../../stores/devices'
import { ListStatus } from '../../ui/ListStatus'
import { isMediaKindName, MEDIA_KIND_CHOICES, withoutTextKey } from '../../ui/media-kinds'
import { useDeviceName } from '../outbox/device-name'
import { StatusBadge } from '../outbox/StatusBadge'
import { shownStatus } from '../outbox/status'
import { usePauseHolds } from '../outbox/pause-holds'
import { rowIndexes, useRowTabStop, useRowWindow } from '../outbox/row-window'
import { useRowEndsReached, type RowEnd } from '../shortcuts/row-ends'
import { RowsKeepPlace } from '../../ui/RowsKeepPlace'
import { RowGoneStatus, useRowGoneSaid, type RowGoneWords } from '../../ui/RowGoneStatus'
import { conversationLabel } from './conversation-label'
import { unknownDeviceWords } from './conversation-device'
import { ConversationNumber } from './ConversationNumber'
import { OptedOutMark } from '../../ui/OptedOutMark'
import { searchTooLong } from '../../ui/text-limit'
import {
  inEntryKey,
  isConversationUnread,
  MAX_SEARCH_LENGTH,
  sentEntryKey,
  shownText
} from '../../../../shared/domain'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import type { ConversationFilters, Conversations as ConversationsState } from './use-conversations'
// The outbox's row styles (row-button, row-main, row-side): the two lists read alike.
import '../outbox/outbox.css'

/** Fixed row height (px): rows are placed without measuring them. */
export const CONVERSATION_ROW_HEIGHT = 64

/** A drawn conversation's button, by its id (Home / End: useRowEndsReached). */
const conversationButton = (id: number): string => `[data-testid="inbox-conversation-${id}"]`
const OVERSCAN_ROWS = 8
/** How close to the end (in rows) the next page is fetched. */
const FETCH_AHEAD_ROWS = 20
/** Typing settles this long before a search goes out. */
const SEARCH_DELAY_MS = 250
/** Messages found per page. */
const SEARCH_PAGE = 50

/** A found message, with the id of the conversation it opens (in the page's messageConversations). */
type FoundMessage = InvokeReply<'inbox:search'>['messages'][number]

/** A search's hits from one starting point, and how many sent messages it read past to get them. */
interface SearchPage {
  messages: FoundMessage[]
  /** The found messages' conversations: each opens from its hit, loaded in the list or not (QA27 Q27-01). */
  messageConversations: InboxConversationView[]
  replies: FoundReply[]
  conversations: InboxConversationView[]
  /** More conversations match than listed: the operator is asked for more of the text. */
  conversationsMoreFound: boolean
  next: string | null
  /** A hit past these is known: "more than" is said only then (QA27 Q27-08). */
  moreFound: boolean
  sentRead: number
}

/**
 * One search's reading on: stopped by the operator (what it found so far stays, "more" goes on from there) or dropped
 * (the text changed, the list closed: nothing more is asked nor shown).
 */
interface SearchRun {
  stopped: boolean
  readonly dropped: boolean
  /** Still reading: what was found so far, how many sent messages were read, and where the reading stands. */
  onReading(progress: SearchPage & { next: string }): void
}

/**
 * A page of search hits from `before`: while the core's pages end with nothing more known (it read a bounded stretch
 * of sent messages to chats without a conversation), the reading goes on, until a hit past the page is known or to
 * the end, so the list never offers "more" over nothing (QA27 Q27-08), a full page's included. Each page is a short task in the core and
 * the window waits for it between its own turns, so a word a campaign sent to many who never wrote is read through
 * without holding either up; the run says how far it got meanwhile.
 */
async function searchPage(text: string, before: string | undefined, run: SearchRun): Promise<SearchPage> {
  const reply = await call('inbox:search', {
    text,
    limit: SEARCH_PAGE,
    ...(before === undefined ? {} : { before })
  })
  let page: SearchPage = reply
  const hits = (): number => page.messages.length + page.replies.length
  while (page.next !== null && !page.moreFound) {
    if (run.stopped || run.dropped) break
    run.onReading({ ...page, next: page.next })
    // A full page reads on for one more hit (the core reads one past it): "more" is offered only over a hit known.
    const further = await call('inbox:search', {
      text,
      limit: Math.max(1, SEARCH_PAGE - hits()),
      before: page.next
    })
    // Stopped meanwhile: that page is left for "more" to ask again, so what the window says stays what it shows.
    if (run.stopped || run.dropped) break
    page = joinPages(page, further)
  }
  return page
}

/** What a search listed, then the page read after it: the first's contact matches, the later's place and "more". */
function joinPages(first: SearchPage, then: SearchPage): SearchPage {
  const known = new Set(first.messageConversations.map((c) => c.id))
  return {
    messages: [...first.messages, ...then.messages],
    messageConversations: [
      ...first.messageConversations,
      ...then.messageConversations.filter((c) => !known.has(c.id))
    ],
    replies: [...first.replies, ...then.replies],
    conversations: first.conversations,
    conversationsMoreFound: first.conversationsMoreFound,
    next: then.next,
    moreFound: then.moreFound,
    sentRead: first.sentRead + then.sentRead
  }
}

/** Where the focus goes once the list is drawn again (the thread closed): a row, the list's heading (rowId null), or
 *  the search ("/" asked for it). */
export type ListFocus = { rowId: number | null } | 'search'

interface ConversationsProps {
  state: ConversationsState
  filters: ConversationFilters
  onFilters(filters: ConversationFilters): void
  openId: number | null
  /** `foundEntry`: the thread entry a search result opens it at (thread-scroll.ts keys). */
  onOpen(conversation: InboxConversationView, foundEntry?: string): void
  /** What an empty, unfiltered inbox says: what would bring messages in (InboxView knows the set-up). */
  emptyText: string
  /** Where the focus goes once the list is drawn (the thread closed). */
  focusOnDraw?: ListFocus | null
  /** The focus went where asked (or to the heading, for a row no longer listed). */
  onFocusGiven?(): void
}

export function Conversations({
  state,
  filters,
  emptyText,
  onFilters,
  openId,
  onOpen,
  focusOnDraw = null,
  onFocusGiven
}: ConversationsProps): React.JSX.Element {
  const t = useT()
  const [query, setQuery] = useState('')
  // The text Enter asked for: searched at once, without waiting for the typing to settle.
  const [entered, setEntered] = useState<string | null>(null)
  const searching = query.trim() !== ''
  // Past the core's limit the box keeps what was pasted and says so; nothing is searched until it fits (the box once
  // cut a pasted search to 200 characters unsaid).
  const searchProblem = searchTooLong(t, query, MAX_SEARCH_LENGTH)
  // The search reads every conversation (QA58: "Archived" stayed ticked over hits that were not): its filters stand
  // by, disabled, and say why while one is set; cleared, the list is filtered as before.
  const filtersApart = searching && (filters.unreadOnly || filters.archived || filters.answeredBy !== null)
  // While searching, the found rows stand in for the list: the focus asked for goes back to the search box; so does
  // the focus asked for the search.
  const searchRef = useRef<HTMLInputElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => {
    if (focusOnDraw === null || (!searching && focusOnDraw !== 'search')) return
    searchRef.current?.focus()
    onFocusGiven?.()
  }, [searching, focusOnDraw, onFocusGiven])
  return (
    <section className="inbox-conversations" aria-labelledby="inbox-conversations-heading">
      <h3 id="inbox-conversations-heading" ref={headingRef} tabIndex={-1}>
        {t('inbox.conversations.heading')}
      </h3>
      <div className="inbox-filters">
        <input
          ref={searchRef}
          type="search"
          data-view-search
          className="input"
          aria-label={t('inbox.search.label')}
          placeholder={t('inbox.search.placeholder')}
          data-testid="inbox-search"
          value={query}
          aria-invalid={searchProblem !== null || undefined}
          aria-describedby={searchProblem !== null ? 'inbox-search-too-long' : undefined}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setEntered(event.currentTarget.value.trim())
          }}
        />
        {searchProblem !== null ? (
          <p id="inbox-search-too-long" className="field-error" data-testid="inbox-search-too-long">
            <span aria-hidden="true">⚠ </span>
            {searchProblem}
          </p>
        ) : null}
        <label className="toggle-chip">
          <input
            type="checkbox"
            checked={filters.unreadOnly}
            disabled={searching}
            aria-describedby={filtersApart ? 'inbox-search-filters-apart' : undefined}
            data-testid="inbox-filter-unread"
            onChange={(event) => onFilters({ ...filters, unreadOnly: event.target.checked })}
          />
          {t('inbox.filter.unread')}
        </label>
        <label className="toggle-chip">
          <input
            type="checkbox"
            checked={filters.archived}
            disabled={searching}
            aria-describedby={filtersApart ? 'inbox-search-filters-apart' : undefined}
            data-testid="inbox-filter-archived"
            onChange={(event) => onFilters({ ...filters, archived: event.target.checked })}
          />
          {t('inbox.filter.archived')}
        </label>
        {filters.answeredBy ? (
          <button
            type="button"
            className="button inbox-chatbot-rule"
            aria-pressed="true"
            disabled={searching}
            data-testid="inbox-filter-answered-by"
            title={t('inbox.filter.answeredByClear')}
            onClick={() => onFilters({ ...filters, answeredBy: null })}
          >
            {t('inbox.filter.answeredBy', { keyword: filters.answeredBy.keyword })}
          </button>
        ) : null}
      </div>
      {filtersApart ? (
        <p id="inbox-search-filters-apart" className="muted small" data-testid="inbox-search-filters-apart">
          {t('inbox.search.filtersApart')}
        </p>
      ) : null}
      {searchProblem !== null ? null : searching ? (
        <SearchResults text={query.trim()} now={entered === query.trim()} onOpen={onOpen} />
      ) : (
        <ConversationRows
          state={state}
          filtered={filters.unreadOnly || filters.archived}
          emptyText={emptyText}
          openId={openId}
          onOpen={onOpen}
          focusOnDraw={focusOnDraw === 'search' ? null : focusOnDraw}
          onFocusGiven={onFocusGiven}
          headingRef={headingRef}
        />
      )}
    </section>
  )
}

function ConversationRows({
  state,
  filtered,
  emptyText,
  openId,
  onOpen,
  focusOnDraw,
  onFocusGiven,
  headingRef
}: {
  state: ConversationsState
  filtered: boolean
  emptyText: string
  openId: number | null
  onOpen(conversation: InboxConversationView): void
  focusOnDraw: { rowId: number | null } | null
  onFocusGiven?(): void
  /** The list's heading: the focus waits there while a failed read is read again. */
  headingRef: RefObject<HTMLHeadingElement | null>
}): React.JSX.Element {
  const t = useT()
  const scrollRef = useRef<HTMLDivElement>(null)
  const rows = state.conversations ?? []
  const { first, last } = useRowWindow(scrollRef, rows.length, CONVERSATION_ROW_HEIGHT, OVERSCAN_ROWS)
  const { hasMore, loadMore } = state
  const several = useDevices((s) => s.devices.length > 1)
  const nameOf = useDeviceName(t)

  // The list's one Tab stop, the conversation last focused or opened: drawn wherever a burst above it moves it
  // (useRowTabStop), else the first row drawn.
  const { stopId, onFocus, onKeyDown } = useRowTabStop(openId === null ? null : String(openId))
  const kept = stopId === null ? -1 : rows.findIndex((c) => String(c.id) === stopId)
  const tabStop = kept >= 0 ? kept : first
  // The focused conversation deleted, read or archived elsewhere (the terminal, another window), no longer in this
  // list: RowsKeepPlace moved the focus beside it, else to the heading, and this says so.
  const { said: rowGone, onRowGone } = useRowGoneSaid(ROW_GONE_WORDS)

  useEffect(() => {
    if (hasMore && last >= rows.length - FETCH_AHEAD_ROWS) loadMore()
  }, [last, rows.length, hasMore, loadMore])

  // The focus asked for once the list is drawn again: a row once it is drawn (scrolled among the drawn rows first),
  // the heading for none or for a row no longer listed (another filter).
  const listed = state.conversations
  useLayoutEffect(() => {
    if (focusOnDraw === null) return
    const { rowId } = focusOnDraw
    const index = rowId === null ? -1 : (listed ?? []).findIndex((c) => c.id === rowId)
    const box = scrollRef.current
    const button = box?.querySelector<HTMLElement>(`[data-testid="inbox-conversation-${rowId}"]`)
    if (index < 0 || button) {
      ;(button ?? document.getElementById('inbox-conversations-heading'))?.focus()
      onFocusGiven?.()
    } else if (box && box.clientHeight > 0 && (index < first || index > last)) {
      box.scrollTop = index * CONVERSATION_ROW_HEIGHT
    }
  }, [focusOnDraw, listed, first, last, onFocusGiven])

  // Home/End reach the list's first/last conversation, not the first/last drawn, as the Outbox's list does.
  const conversations = state.conversations
  const rowEnd = useCallback(
    (end: RowEnd) => {
      const index = end === 'first' ? 0 : (conversations?.length ?? 0) - 1
      const row = conversations?.[index]
      return row ? { key: row.id, top: index * CONVERSATION_ROW_HEIGHT } : null
    },
    [conversations]
  )
  useRowEndsReached(scrollRef, rowEnd, conversationButton)

  return (
    <>
      <ListStatus
        items={state.conversations}
        error={state.error}
        emptyText={filtered ? t('inbox.conversations.noneFiltered') : emptyText}
        emptyTestId="inbox-conversations-empty"
        onRetry={state.retry}
        waitsOn={headingRef}
      />
      <div
        ref={scrollRef}
        className="outbox-scroll inbox-conversation-scroll"
        data-testid="inbox-conversation-scroll"
        hidden={rows.length === 0}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
      >
        {/* Newest first: the conversation the operator is on stays where it is read as others arrive above it. */}
        <RowsKeepPlace headingId="inbox-conversations-heading" onRowGone={onRowGone}>
          <div
            role="list"
            aria-label={t('inbox.conversations.heading')}
            className="outbox-rows"
            style={{ height: rows.length * CONVERSATION_ROW_HEIGHT }}
          >
            {rowIndexes(first, last, kept).map((index) => {
              const conversation = rows[index]
              return conversation ? (
                <ConversationRow
                  key={conversation.id}
                  index={index}
                  setSize={rows.length}
                  conversation={conversation}
                  open={conversation.id === openId}
                  tabStop={index === tabStop}
                  // With one device the name says nothing; a device we do not know is said in the row's line.
                  deviceLabel={several && conversation.deviceId ? nameOf(conversation.deviceId) : null}
                  onOpen={onOpen}
                />
              ) : null
            })}
          </div>
        </RowsKeepPlace>
      </div>
      <RowGoneStatus said={rowGone} testId="inbox-row-gone" />
      {hasMore ? (
        <button
          type="button"
          className="button button--small"
          data-testid="inbox-load-more"
          onClick={loadMore}
        >
          {t('inbox.conversations.more')}
        </button>
      ) : null}
    </>
  )
}

/**
 * A conversation gone from the list, in words. Deleted, read (under "Unread only") or archived elsewhere: the list,
 * read again, cannot tell which (deleting here opens no row: the thread's own button has the focus).
 */
const ROW_GONE_WORDS: RowGoneWords = {
  what: () => 'inbox.rowGone.left',
  to: {
    next: 'inbox.rowGone.toNext',
    previous: 'inbox.rowGone.toPrevious',
    heading: 'inbox.rowGone.toHeading'
  }
}

/** Who wrote a row's newest message when it is the operator's, and whether and how it is not with the customer. */
function ownWriterKey(conversation: InboxConversationView): MessageKey {
  switch (conversation.lastUnreached) {
    case 'failed':
      return 'inbox.row.youFailed'
    case 'cancelled':
      return 'inbox.row.youCancelled'
    case 'optedOut':
      return 'inbox.row.youOptedOut'
    case 'revoked':
      return 'inbox.row.youRevoked'
    case undefined:
      return 'inbox.thread.you'
  }
}

/** One conversation. Memoised: scrolling draws only the rows coming into view. */
const ConversationRow = memo(function ConversationRow({
  index,
  setSize,
  conversation,
  open,
  tabStop,
  deviceLabel,
  onOpen
}: {
  index: number
  setSize: number
  conversation: InboxConversationView
  open: boolean
  /** The list's one Tab stop (useRowTabStop). */
  tabStop: boolean
  deviceLabel: string | null
  onOpen(conversation: InboxConversationView): void
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const zone = useOperatorZone()
  const { title, number, titleIsNumber } = conversationLabel(conversation)
  const lastText = shownText(conversation.lastText)
  const unknownDevice = unknownDeviceWords(t, conversation)
  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className="outbox-row inbox-conversation-row"
      data-row-id={conversation.id}
      style={{
        height: CONVERSATION_ROW_HEIGHT,
        transform: `translateY(${index * CONVERSATION_ROW_HEIGHT}px)`
      }}
    >
      <button
        type="button"
        className={open ? 'row-button row-button--selected' : 'row-button'}
        aria-current={open ? 'true' : undefined}
        tabIndex={tabStop ? 0 : -1}
        data-testid={`inbox-conversation-${conversation.id}`}
        data-row-focus
        onClick={() => onOpen(conversation)}
      >
        <span className="row-main">
          <span className="row-recipient">
            {conversation.isGroup ? <span className="tag">{t('outbox.group')}</span> : null}
            <span
              className={titleIsNumber ? 'inbox-row-title inbox-number' : 'inbox-row-title'}
              data-testid="inbox-conversation-title"
              // A name in its own direction, isolated, so the number after it stays in order; a number left to right.
              dir={titleIsNumber ? 'ltr' : 'auto'}
            >
              {title}
            </span>
            {number ? <ConversationNumber number={number} /> : null}
          </span>
          <span className="row-what" dir="auto">
            {/* A customer on the opt-out list: the operator sees it before opening the conversation, where replies
                are refused (QA67: only the thread told). It leads the row's last message, which gives way to it:
                after the name and number it took the whole name at 360 px ("berhenti berlangganan"), and beside the
                time it squeezed the name at 1100 px. */}
            {/* A device Sender Desk does not know (QA82: the same customer's second row read as the first), with
                its number or serial: the last message gives way to it, as to the opt-out mark. */}
            {unknownDevice ? (
              <span className="tag inbox-row-unknown-device" data-testid="inbox-row-unknown-device">
                <span className="visually-hidden">, </span>
                {unknownDevice}
                <span className="visually-hidden">, </span>
              </span>
            ) : null}
            {conversation.optedOut ? (
              <OptedOutMark className="inbox-row-opted-out" testId="inbox-row-opted-out" />
            ) : null}
            {/* Who wrote it: "You", or in a group the member, as the thread names them. */}
            {/* A reply that failed or was taken back is not with the customer: said so (one waiting for its time is
                not the row's newest: QA76). */}
            {conversation.lastFromMe
              ? `${t(ownWriterKey(conversation))}: `
              : conversation.isGroup && conversation.lastSender
                ? `${formatPhoneForReading(conversation.lastSender)}: `
                : ''}
            {/* A file with a caption says it carries one, as one without does (QA62: "Invoice terlampir" alone). */}
            {/* As the customer wrote it, less what would reorder or hide it (QA82: "\u202Egnp.exe" read "exe.png"). */}
            {lastText && isMediaKindName(conversation.lastType)
              ? `${t(MEDIA_KIND_CHOICES[conversation.lastType])}: ${lastText}`
              : lastText || t(withoutTextKey(conversation.lastType))}
          </span>
        </span>
        <span className="row-side">
          <time
            className="row-time"
            dateTime={conversation.lastAt}
            title={formatDateTimeInZone(conversation.lastAt, locale, zone)}
          >
            {formatListTime(conversation.lastAt, locale, zone)}
          </time>
          <span className="inbox-row-flags">
            {conversation.unread > 0 ? (
              <span
                className="badge badge--progress inbox-unread"
                data-testid="inbox-unread"
                aria-label={t('inbox.conversations.unread', { count: conversation.unread })}
              >
                {conversation.unread}
              </span>
            ) : isConversationUnread(conversation) ? (
              // QA72: marked unread with no message counted (the operator's reply the newest): a mark, not "1".
              <span className="badge badge--progress inbox-unread" data-testid="inbox-marked-unread">
                {t('inbox.conversations.markedUnread')}
              </span>
            ) : null}
            {conversation.archived ? <span className="tag">{t('inbox.filter.archived')}</span> : null}
            {deviceLabel ? <span className="muted small inbox-row-device">{deviceLabel}</span> : null}
          </span>
        </span>
      </button>
    </div>
  )
})

/** Who a found message is from: its conversation's name and number, or what the message says of its chat. */
function whoWrote(message: InboxMessageView, conversation: InboxConversationView | undefined): string {
  return who(
    conversationLabel(
      conversation ?? {
        chatId: message.chatId,
        isGroup: message.isGroup,
        groupSubject: message.groupSubject,
        contactName: null,
        pushName: message.pushName
      }
    )
  )
}

/**
 * What a found message says: its file's name (the search finds a file by it, QA61) and its text or caption, as the
 * shown-text rule draws them (QA82).
 */
function foundWords(text: string | null, fileName: string | null | undefined): string {
  return shownText([fileName?.trim(), text].filter(Boolean).join(' · '))
}

/**
 * A conversation's name and number as a found row says them: the name isolated (FSI … PDI), as <bdi> does in the
 * rows, so a right-to-left name leaves the number after it in order (QA64).
 */
function who({ title, number }: { title: string; number: string | null }): string {
  return number ? `\u2068${title}\u2069 ${number}` : title
}

/** A found reply: the operator's own message, with the conversation whose thread shows it and when it shows there. */
interface FoundReply {
  conversation: InboxConversationView
  item: OutboxItemView
  /** Its thread's time: when it went out (QA38 Q38-02), not when it was written. */
  at: string
}

/** The found messages and replies in one list, newest first by their threads' times (sent first at a tie). */
function foundInOrder(
  messages: readonly FoundMessage[],
  replies: readonly FoundReply[]
): ({ message: FoundMessage; at: number } | { reply: FoundReply; at: number })[] {
  return [
    ...replies.map((reply) => ({ reply, at: Date.parse(reply.at) })),
    ...messages.map((message) => ({ message, at: Date.parse(message.receivedAt) }))
  ].sort((a, b) => b.at - a.at)
}

/**
 * `inbox:search`: the conversations whose contact matches, then the messages (customers' and the operator's own)
 * whose text holds the words. Sent once the typing settles, or `now` (Enter pressed).
 */
function SearchResults({
  text,
  now,
  onOpen
}: {
  text: string
  now: boolean
  onOpen(conversation: InboxConversationView, foundEntry?: string): void
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const zone = useOperatorZone()
  const heldByPause = usePauseHolds()
  const several = useDevices((s) => s.devices.length > 1)
  const nameOf = useDeviceName(t)
  const [found, setFound] = useState<
    | (SearchPage & {
        text: string
        /** Still reading on past pages without a hit: the window says how far, and offers to stop. */
        reading: boolean
      })
    | null
  >(null)
  const [error, setError] = useState<string | null>(null)
  // The search reading now (the first page's or "more"'s): a newer one, or none, drops it.
  const runRef = useRef<SearchRun | null>(null)
  // "More" pressed: the hits already listed, so the first one its page adds takes the focus once drawn (its button goes
  // on the last page, which would leave the focus on <body>).
  const focusFromHit = useRef<{ text: string; hit: number } | null>(null)
  const resultsRef = useRef<HTMLDivElement>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)
  useLayoutEffect(() => {
    const from = focusFromHit.current
    if (from === null || !found) return
    focusFromHit.current = null
    // A page for a search since replaced (the text changed) moves nothing.
    if (from.text !== found.text) return
    const hits =
      resultsRef.current?.querySelectorAll<HTMLElement>('[data-testid="inbox-search-message"]') ?? []
    const added = [...hits].slice(from.hit).find((hit) => hit.querySelector('button'))
    const target = added?.querySelector('button') ?? statusRef.current
    target?.focus()
  }, [found])

  useEffect(() => {
    const run: SearchRun = {
      stopped: false,
      get dropped() {
        return runRef.current !== run
      },
      onReading: (progress) => {
        setFound({ text, ...progress, reading: true })
        setError(null)
      }
    }
    runRef.current = run
    const search = (): void => {
      searchPage(text, undefined, run)
        .then((page) => {
          if (run.dropped) return
          setFound({ text, ...page, reading: false })
          setError(null)
        })
        .catch((e: unknown) => {
          if (!run.dropped) setError(errorInfo(e).message)
        })
    }
    const timer = now ? null : setTimeout(search, SEARCH_DELAY_MS)
    if (now) search()
    return () => {
      // The text changed or the list closed: this search (or a "more" since) asks for nothing more.
      runRef.current = null
      if (timer !== null) clearTimeout(timer)
    }
  }, [text, now])

  if (error)
    return (
      <p className="alert alert--bad" role="alert">
        {error}
      </p>
    )
  // The same box and line as the results below: the line changes its words, so a screen reader reads what was found
  // (a live region that arrives already holding its words is not read; QA25 Q25-07).
  if (!found || found.text !== text)
    return (
      <div className="inbox-search-results" data-testid="inbox-search-results" ref={resultsRef}>
        <p className="muted" role="status" ref={statusRef} tabIndex={-1}>
          {t('inbox.search.busy')}
        </p>
      </div>
    )

  function more(before: string): void {
    if (!found) return
    // What was listed before "more": each page read since adds to it.
    const listed = found
    const merged = (page: SearchPage): SearchPage => joinPages(listed, page)
    const run: SearchRun = {
      stopped: false,
      get dropped() {
        return runRef.current !== run
      },
      onReading: (progress) =>
        setFound((now) => (now && now.text === text ? { ...now, ...merged(progress), reading: true } : now))
    }
    runRef.current = run
    searchPage(text, before, run)
      .then((page) => {
        if (run.dropped) return
        // Its button stays while there is more and nothing was added (stopped): the focus stays on it.
        if (page.messages.length + page.replies.length > 0 || page.next === null)
          focusFromHit.current = { text, hit: listed.messages.length + listed.replies.length }
        setFound((now) => (now && now.text === text ? { ...now, ...merged(page), reading: false } : now))
      })
      .catch((e: unknown) => {
        if (!run.dropped) setError(errorInfo(e).message)
      })
  }
  /** Stops reading on: what was found so far stays, and "more" goes on from where it stopped. */
  function stop(): void {
    if (runRef.current) runRef.current.stopped = true
    setFound((now) => now && { ...now, reading: false })
  }
  /** How many it found, only what there is: "2 conversations found", not "… and 0 messages" (QA N03). */
  function foundLine(): string {
    if (!found) return ''
    const counts = {
      conversations: found.conversations.length,
      messages: found.messages.length + found.replies.length
    }
    // Sent messages left to read may hold no more: "more than" only for a hit already known (QA27 Q27-08).
    const more = found.moreFound
    if (found.reading) return t('inbox.search.reading', { count: found.sentRead })
    // The conversations listed are a page of those that match: "more than" them, as for messages (QA35 Q35-05).
    const moreConversations = found.conversationsMoreFound
    if (counts.messages === 0)
      return counts.conversations > 0
        ? t(
            moreConversations ? 'inbox.search.foundMoreConversations' : 'inbox.search.foundConversations',
            counts
          )
        : // Only a stopped search ends with more to read and nothing found: it says how far it read.
          found.next !== null
          ? t('inbox.search.stoppedNone', { count: found.sentRead })
          : t('inbox.search.none')
    if (counts.conversations === 0)
      return t(more ? 'inbox.search.foundMoreMessages' : 'inbox.search.foundMessages', counts)
    if (moreConversations)
      return t(
        more
          ? 'inbox.search.foundMoreConversationsMoreMessages'
          : 'inbox.search.foundMoreConversationsAndMessages',
        counts
      )
    return t(more ? 'inbox.search.foundMore' : 'inbox.search.found', counts)
  }
  /** The device a found conversation or message goes through, named when there are several (QA F05, N03). */
  const deviceOf = (conversation: InboxConversationView | undefined, serial: string | null): string | null =>
    (conversation && unknownDeviceWords(t, conversation)) ??
    (!several ? null : conversation?.deviceId ? nameOf(conversation.deviceId) : serial)
  // Each found message opens its own conversation, which the core gave with it (QA27 Q27-01).
  const conversationOf = (message: FoundMessage): InboxConversationView | undefined =>
    found.messageConversations.find((c) => c.id === message.conversationId)
  return (
    <div className="inbox-search-results" data-testid="inbox-search-results" ref={resultsRef}>
      <p className="muted" role="status" ref={statusRef} tabIndex={-1}>
        {foundLine()}
      </p>
      {found.conversations.length > 0 ? (
        <FoundList
          label={t('inbox.conversations.heading')}
          rows={found.conversations.map((conversation) => ({
            key: `conversation:${conversation.id}`,
            open: () => onOpen(conversation),
            words: [who(conversationLabel(conversation)), deviceOf(conversation, conversation.deviceSerial)]
              .filter(Boolean)
              .join(' · ')
          }))}
        />
      ) : null}
      {found.conversationsMoreFound ? <p className="muted">{t('inbox.search.narrowConversations')}</p> : null}
      {found.messages.length + found.replies.length > 0 ? (
        <FoundList
          label={t('inbox.search.messages')}
          testId="inbox-search-message"
          rows={foundInOrder(found.messages, found.replies).map((hit): FoundRow => {
            if ('reply' in hit) {
              const { conversation, item, at } = hit.reply
              return {
                key: `out:${item.id}`,
                open: () => onOpen(conversation, sentEntryKey(item.id)),
                words: (
                  <>
                    <span className="inbox-search-who small">
                      {[
                        who(conversationLabel(conversation)),
                        deviceOf(conversation, conversation.deviceSerial)
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>{' '}
                    <span dir="auto">{`${t('inbox.thread.you')}: ${foundWords(item.text, item.fileName)}`}</span>{' '}
                    <time className="muted small" dateTime={at}>
                      {formatDateTimeInZone(at, locale, zone)}
                    </time>{' '}
                    {/* Where it is now, as its thread says (an operator's probe: a campaign taken back was found as
                        any reply the customer still has). */}
                    <StatusBadge
                      status={shownStatus(item)}
                      held={item.held}
                      paused={heldByPause(item)}
                      failureCode={item.failure?.code ?? null}
                    />
                  </>
                )
              }
            }
            const message = hit.message
            const conversation = conversationOf(message)
            const device = deviceOf(conversation, message.deviceSerial)
            return {
              key: `in:${message.number}`,
              open: conversation ? () => onOpen(conversation, inEntryKey(message.number)) : null,
              words: (
                <>
                  <span className="inbox-search-who small">
                    {[whoWrote(message, conversation), device].filter(Boolean).join(' · ')}
                  </span>{' '}
                  <span dir="auto">{foundWords(message.text, message.media?.fileName)}</span>{' '}
                  <time className="muted small" dateTime={message.receivedAt}>
                    {formatDateTimeInZone(message.sentAt ?? message.receivedAt, locale, zone)}
                  </time>
                </>
              )
            }
          })}
        />
      ) : null}
      {/* One slot for Stop and "more": the button that takes the other's place keeps the focus. */}
      {found.reading ? (
        <button type="button" className="button button--small" data-testid="inbox-search-stop" onClick={stop}>
          {t('inbox.search.stop')}
        </button>
      ) : found.next !== null ? (
        <button
          type="button"
          className="button button--small"
          data-testid="inbox-search-more"
          onClick={() => found.next !== null && more(found.next)}
        >
          {t('inbox.search.more')}
        </button>
      ) : null}
    </div>
  )
}

/** A found row: its key in the list, what it says, and what opens it (null: a message whose conversation is unknown). */
interface FoundRow {
  key: string
  words: ReactNode
  open: (() => void) | null
}

/**
 * A list of search hits as one Tab stop (useRowTabStop), ↑ / ↓ (J / K, Home / End) moving between its hits, as the
 * conversations' list does: each hit was a Tab stop of its own, Tab walking 50 found messages before the thread (QA row
 * keys). The stop is the hit last focused, else the first that opens.
 */
function FoundList({
  label,
  testId,
  rows
}: {
  label: string
  testId?: string
  rows: readonly FoundRow[]
}): React.JSX.Element {
  const { stopId, onFocus, onKeyDown } = useRowTabStop(null)
  const opening = rows.filter((row) => row.open !== null)
  const stop = opening.find((row) => row.key === stopId) ?? opening[0]
  return (
    <div onFocus={onFocus} onKeyDown={onKeyDown}>
      <ul className="inbox-messages" aria-label={label}>
        {rows.map((row, index) => (
          <li
            key={row.key}
            data-testid={testId}
            data-row-id={row.key}
            aria-posinset={index + 1}
            aria-setsize={rows.length}
          >
            {row.open ? (
              <button
                type="button"
                className="link-button"
                data-row-focus
                tabIndex={row === stop ? 0 : -1}
                onClick={row.open}
              >
                {row.words}
              </button>
            ) : (
              row.words
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
