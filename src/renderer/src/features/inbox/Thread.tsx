// One conversation's thread: what arrived and what was sent to that chat from that device (`inbox:thread`, oldest at
// the top), customers' files as the core fetched them (MessageMedia), sent entries with their live status, a note
// where the customer's message opted them out or back in or fired one of the gateway's auto-replies, the read and
// archive marks, deleting the conversation, and the reply box; a failed reply says why, as the Outbox does. Marked
// read when opened; follows `inbox:changed` and the outbox's events.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type {
  InboxConversationView,
  InboxMessageView,
  InboxThreadEntry,
  OutboxItemView
} from '../../../../shared/contract'
import { reasonInWords } from '../../../../shared/i18n/note-text'
import { call, errorInfo, getApi, type ErrorInfo } from '../../api'
import { formatNumber, localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { useOperatorZone } from '../../stores/settings'
import { useInboxAlerts } from '../../stores/inbox-alerts'
import { autoReplyAnswering, isConversationUnread, shownText } from '../../../../shared/domain'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { ReadFailed, useReadAgain } from '../../ui/ReadFailed'
import { coalescedReads, type CoalescedReads } from '../../ui/coalesced-reads'
import { cancelOnEscape } from '../../ui/escape'
import { PanelToggle, useRowPanel } from '../../ui/RowActions'
import { useDismiss } from '../../ui/use-dismiss'
import { WhatsAppText } from '../../ui/WhatsAppText'
import { withoutTextKey } from '../../ui/media-kinds'
import { shownStatus } from '../outbox/status'
import { StatusBadge } from '../outbox/StatusBadge'
import { cancelsAtTurnLine } from '../outbox/waiting'
import { usePauseHolds } from '../outbox/pause-holds'
import { conversationLabel } from './conversation-label'
import { unknownDeviceWords, useConversationDevice } from './conversation-device'
import { ConversationNumber } from './ConversationNumber'
import { CustomerNameForm } from './CustomerNameForm'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { MessageMedia, SentPicture } from './MessageMedia'
import { ReplyBox } from './ReplyBox'
import { SentEntryTakeBack } from './SentEntryTakeBack'
import { threadEntryKey, useThreadScroll, type FoundEntry } from './thread-scroll'
import {
  olderPagesToReadAgain,
  withLaterPage,
  withOlderPage,
  withOlderPagesKept,
  withOlderPagesReadAgain,
  type ThreadPages
} from './thread-pages'
import { markOpenConversation } from './read-mark'
import { discardReplyDraft } from '../../stores/reply-drafts'

/** Whether the operator is at this window: shown and focused (what is drawn in another window's shadow is not read). */
function windowInUse(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus()
}

/** Entries per page: the newest ones, earlier ones on demand. */
const THREAD_PAGE = 50
/**
 * The most entries one read of the thread's newest asks for (the contract's largest page): the older pages shown are
 * kept as they were read (QA71, Earlier messages).
 */
const MAX_THREAD_READ = 500
/** How long a change waits for the ones right behind it: a burst of events (a relay's pull, a bulk send) is one read. */
const CHANGES_GAP_MS = 50

interface ThreadProps {
  conversation: InboxConversationView
  /**
   * The conversation's device's auto-reply rules (the core's copy) and since when each reads as it does: a message
   * that is a keyword shows its answer, unless the rule is newer than the message.
   */
  autoReplies: readonly { keyword: string; response: string; knownSince: string | null }[]
  /** The conversation as an action answered it (read, archived): the list shows it at once. */
  onChanged(conversation: InboxConversationView): void
  /** Opened from the keyboard (Alt+↓ / Alt+↑): the focus goes to its heading. */
  focusHeading?: boolean
  /**
   * The rows on either side of its place while its own is not listed (read under "Unread only", archived): J and K
   * count from that place (QA63: J went to the list's last row).
   */
  placeBetween?: { older: number | null; newer: number | null }
  /** Back to the list (the narrow layout shows one at a time). */
  onBack(): void
  /** The conversation was deleted: how many of its messages went. */
  onDeleted(conversation: InboxConversationView, messages: number): void
  /** Found deleted elsewhere while open: the list keeps it no longer. */
  onGone?(): void
  /** The message a search result opened it at: shown, marked and focused (QA71). */
  found?: FoundEntry | null
}

/** The id of a reply's words (its text, else its file's name): what its actions name besides their own words. */
const ownWordsId = (itemId: string): string => `inbox-own-words-${itemId}`

export function Thread({
  conversation,
  autoReplies,
  focusHeading = false,
  placeBetween,
  onChanged,
  onBack,
  onDeleted,
  onGone,
  found = null
}: ThreadProps): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  const zone = useOperatorZone()
  // The unread messages of the other conversations (the core's total, less this one's own).
  const unreadElsewhere = Math.max(0, useInboxAlerts((s) => s.unread) - conversation.unread)
  const [next, setNext] = useState<string | null>(null)
  /** What an action (mark read, archive, delete) failed with; a failed read of the thread is `readError`. */
  const [error, setError] = useState<string | null>(null)
  const [readError, setReadError] = useState<ErrorInfo | null>(null)
  // Deleted elsewhere (the terminal's `inbox delete`) while open: said plainly, and no reply is offered from it.
  const [gone, setGone] = useState(false)
  useEffect(() => {
    if (gone) onGone?.()
  }, [gone, onGone])
  const id = conversation.id
  const rules = useMemo(
    () =>
      autoReplies.map((rule) => ({
        ...rule,
        knownSince: rule.knownSince === null ? null : Date.parse(rule.knownSince)
      })),
    [autoReplies]
  )

  // The newest message the operator has had on screen: one arriving while the thread is open and the window in use is
  // read as it shows, that is at once when the operator is at the bottom (the thread follows it) and that bottom is on
  // the screen, else once they come down to it, in the box or on the page (QA27 Q27-05, QA29 Q29-01); one arriving
  // while the window is hidden or not focused, once the operator is back at it with the end shown. A "mark unread"
  // leaves the newest where it was, so it stays unread.
  const newest = useRef(conversation.lastNumber)
  // Opened means read, once the messages are on screen: a thread that cannot be loaded stays unread, and the core's
  // read mark (its unread totals, the tray) does not hold up the thread's first page (issue 26: < 50 ms from the click).
  const readOnFirstPage = useRef(true)
  // A message arrived below what the operator reads: read (once) when they come down to it.
  const readWhenShown = useRef(false)
  // The conversation as last known, for a scroll or a focus that comes back to read it: known as the thread's own read
  // brings it and as the view commits it, not after paint; a focus arriving in between must not see an older one.
  const shownConversation = useRef(conversation)
  useLayoutEffect(() => {
    shownConversation.current = conversation
  }, [conversation])
  // The pages shown, as the reads that come back find them (a read does not wait for the view to draw the last one).
  const shown = useRef<ThreadPages | null>(null)
  const readShown = useCallback((): void => {
    if (!readWhenShown.current) return
    if (!windowInUse()) return
    // QA75: the pages shown (around a search result far back) do not reach the newest yet.
    if (shown.current?.later) return
    readWhenShown.current = false
    if (shownConversation.current.unread === 0) return
    call('inbox:markRead', { conversationId: id, read: true })
      .then(onChanged)
      .catch(() => undefined)
  }, [id, onChanged])
  const [entries, setEntries] = useState<InboxThreadEntry[] | null>(null)
  const [later, setLater] = useState<string | null>(null)
  const show = useCallback((pages: ThreadPages): void => {
    shown.current = pages
    setEntries(pages.entries)
    setNext(pages.next)
    setLater(pages.later ?? null)
  }, [])
  const threadRef = useRef<HTMLElement>(null)
  const { boxRef, newBelow, newestShownNow, onScroll, toNewest, showWhenDrawn, laterPageWhenDrawn } =
    useThreadScroll(entries, readShown, threadRef, found)

  const foundKey = found?.key ?? null
  /**
   * QA72: the newest entries just read with the older pages shown under them read again too (down to the oldest one
   * shown, in one read), so a change there shows (a file fetched again, a status, a take-back); kept as shown when
   * that read fails.
   */
  const withOlderPagesAsNow = useCallback(
    (newest: ThreadPages): Promise<ThreadPages> => {
      const older = olderPagesToReadAgain(newest, shown.current)
      if (!older) return Promise.resolve(withOlderPagesKept(newest, shown.current))
      return call('inbox:thread', { conversationId: id, limit: 1, ...older }).then(
        (again) => withOlderPagesReadAgain(newest, again, older.through, shown.current),
        () => withOlderPagesKept(newest, shown.current)
      )
    },
    [id]
  )
  const readAfresh = useCallback((): Promise<void> => {
    const held = shown.current
    // QA71: a search result's message further back than the largest page: the core reads down to it, the thread's end
    // too, for the operator to scroll down to; once shown, it is kept with the older pages.
    const reachFound = foundKey !== null && !held?.entries.some((entry) => threadEntryKey(entry) === foundKey)
    // QA75: pages read around a search result far back, short of the thread's end, stay as the operator reads them
    // (a change does not take them to the end): the conversation alone is read again; the later pages come on demand.
    const read =
      !reachFound && held?.later
        ? call('inbox:thread', { conversationId: id, limit: 1 }).then((reply) => ({ reply, pages: null }))
        : call('inbox:thread', {
            conversationId: id,
            // QA71 (Earlier messages): the newest entries, as many as are shown up to the largest page; the older
            // pages shown are kept, not read again. Down to a search result's message: every one shown is read, and a
            // page past it.
            limit: reachFound
              ? THREAD_PAGE
              : Math.min(MAX_THREAD_READ, Math.max(THREAD_PAGE, held?.entries.length ?? 0)),
            // QA75: further back than the core reads down to, it opens on a page around the message found, in the
            // same read (the thread's end read first, then the page around it, was a wasted read of a long thread).
            ...(reachFound ? { through: foundKey, around: foundKey } : {})
          }).then((reply) =>
            reply.later
              ? { reply, pages: reply }
              : withOlderPagesAsNow(reply).then((pages) => ({ reply, pages }))
          )
    return read
      .then(({ reply, pages }) => {
        setReadError(null)
        if (pages) show(pages)
        shownConversation.current = reply.conversation
        onChanged(reply.conversation)
        const arrived = reply.conversation.lastNumber > newest.current
        newest.current = Math.max(newest.current, reply.conversation.lastNumber)
        const opening = readOnFirstPage.current
        readOnFirstPage.current = false
        // QA72: a conversation marked unread with no message counted is read on opening too (the mark goes).
        if (opening && isConversationUnread(reply.conversation))
          return call('inbox:markRead', { conversationId: id, read: true }).then(onChanged)
        if (!arrived || reply.conversation.unread === 0) return
        if (newestShownNow() && windowInUse() && !shown.current?.later)
          return call('inbox:markRead', { conversationId: id, read: true }).then(onChanged)
        // Below the screen, or the window not in use: read once the operator is there to see it (useThreadScroll
        // asks again when the window is back in use).
        readWhenShown.current = true
      })
      .catch((e: unknown) => {
        const failure = errorInfo(e)
        if (failure.code === 'not_found') setGone(true)
        else setReadError(failure)
      })
  }, [id, onChanged, setGone, newestShownNow, foundKey, show, withOlderPagesAsNow])

  // Asked for again by the core's changes and by the operator: one read at a time, a burst of changes one read.
  const reads = useRef<CoalescedReads | null>(null)
  const load = useCallback((): void => reads.current?.ask('now'), [])
  // Drawn with the conversation's id as its key (InboxView): another conversation starts from a fresh state.
  useEffect(() => {
    const mine = coalescedReads(readAfresh, CHANGES_GAP_MS)
    reads.current = mine
    mine.ask('now')
    const changed = (): void => mine.ask('soon')
    const api = getApi()
    const offs = [
      api.on('inbox:changed', changed),
      api.on('outbox:itemChanged', ({ item }) => {
        // Only a status of this thread's own items moves it.
        const now = shown.current
        if (!now?.entries.some((e) => e.direction === 'out' && e.item.id === item.id)) return
        show({
          ...now,
          entries: now.entries.map((e) =>
            e.direction === 'out' && e.item.id === item.id ? { ...e, item } : e
          )
        })
      }),
      api.on('outbox:bulkChanged', changed)
    ]
    return () => {
      offs.forEach((off) => off())
      mine.stop()
    }
  }, [readAfresh, show])

  // QA71 (Earlier messages): each press reads the page past the oldest entry shown (the core's keyset), where an ever
  // larger page from the end stopped at the largest one (500 entries) and nothing further back could be read.
  const readingEarlier = useRef(false)
  /** The operator has read back to the thread's first entry: said where the button was. */
  const [pagedBack, setPagedBack] = useState(false)
  const earlierRef = useRef<HTMLButtonElement>(null)
  const beginningRef = useRef<HTMLParagraphElement>(null)
  // The button pressed goes with the last page: the focus goes to the words that take its place, not to the page.
  const focusBeginning = useRef(false)
  function readEarlier(): void {
    const from = shown.current
    if (readingEarlier.current || !from?.next) return
    readingEarlier.current = true
    const before = from.next
    call('inbox:thread', { conversationId: id, limit: THREAD_PAGE, before })
      .then((reply) => {
        const now = shown.current
        // Read again meanwhile, the newest no longer meeting the pages shown (many arrived at once): they start
        // afresh, and this page is not the one under them.
        if (!now || now.next !== before) return
        focusBeginning.current = reply.next === null && document.activeElement === earlierRef.current
        setPagedBack(true)
        show(withOlderPage(now, reply))
      })
      .catch((e: unknown) => {
        const failure = errorInfo(e)
        if (failure.code === 'not_found') setGone(true)
        else setError(failure.message)
      })
      .finally(() => {
        readingEarlier.current = false
      })
  }
  useLayoutEffect(() => {
    if (!focusBeginning.current || !beginningRef.current) return
    focusBeginning.current = false
    beginningRef.current.focus({ preventScroll: true })
  }, [next])

  // QA75: "Show later messages" under a page read around a search result far back reads the page past the newest
  // entry shown, until the thread's end is shown (the button goes then).
  const readingLater = useRef(false)
  const laterRef = useRef<HTMLButtonElement>(null)
  // The button pressed goes with the last page: the focus goes to the first message that page drew, focusable for it.
  const [firstOfLastPage, setFirstOfLastPage] = useState<string | null>(null)
  const focusFirstOfLastPage = useRef(false)
  function readLater(): void {
    const from = shown.current
    if (readingLater.current || !from?.later) return
    readingLater.current = true
    const after = from.later
    call('inbox:thread', { conversationId: id, limit: THREAD_PAGE, after })
      .then((reply) => {
        const now = shown.current
        // Opened at another message meanwhile: this page is not the one above them.
        if (!now || now.later !== after) return
        const first = reply.entries.at(-1)
        if (!reply.later && first) {
          focusFirstOfLastPage.current = document.activeElement === laterRef.current
          setFirstOfLastPage(threadEntryKey(first))
        }
        laterPageWhenDrawn()
        show(withLaterPage(now, reply))
      })
      .catch((e: unknown) => {
        const failure = errorInfo(e)
        if (failure.code === 'not_found') setGone(true)
        else setError(failure.message)
      })
      .finally(() => {
        readingLater.current = false
      })
  }
  useLayoutEffect(() => {
    const box = boxRef.current
    if (!focusFirstOfLastPage.current || !box || firstOfLastPage === null) return
    focusFirstOfLastPage.current = false
    for (const entry of box.children)
      if (entry instanceof HTMLElement && entry.dataset.entryKey === firstOfLastPage) entry.focus()
  }, [firstOfLastPage, later, boxRef])

  /** The status this thread shows for one of its sent items (the reply box reads its last reply's). */
  const statusOf = useCallback(
    (itemId: string) => {
      for (const entry of entries ?? [])
        if (entry.direction === 'out' && entry.item.id === itemId) return entry.item.status
      return undefined
    },
    [entries]
  )

  // Where the list gives way to the thread (360 px), the row that opened it is hidden: the focus goes to the thread's
  // heading rather than nowhere; so it does when the keyboard opened it. Side by side, a click or J / K leaves it in
  // the list. Once, when this conversation's thread is drawn (it is drawn with the conversation's id as its key). The
  // page does not scroll to the heading: it shows the thread's end once its messages are drawn (QA29 Q29-02).
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusOnOpen = useRef(focusHeading)
  useLayoutEffect(() => {
    const from = document.activeElement
    const fromHidden = from instanceof HTMLElement && from !== document.body && from.offsetParent === null
    if (focusOnOpen.current || fromHidden) headingRef.current?.focus({ preventScroll: true })
  }, [])
  // Try again asks the thread again, "Loading…" meanwhile, the focus waiting on the heading.
  const failureRef = useRef<HTMLDivElement>(null)
  const readAgain = useReadAgain(readError, headingRef, failureRef, () => {
    setReadError(null)
    load()
  })

  function act(request: Promise<InboxConversationView>): void {
    request.then(onChanged).catch((e: unknown) => setError(errorInfo(e).message))
  }

  // A narrow window's "More" and the actions it drops down: Escape, a press outside them or an action chosen closes
  // them; the focus goes back to More unless the pointer put it elsewhere.
  const [moreOpen, setMoreOpen] = useState(false)
  const moreRef = useRef<HTMLButtonElement>(null)
  const actionsRef = useRef<HTMLDivElement>(null)
  useDismiss(moreOpen, () => setMoreOpen(false), moreRef, actionsRef)
  /** An action chosen from the open list: the list closes, the focus on More (a wide window has no list to close). */
  function chosen(): void {
    if (!moreOpen) return
    setMoreOpen(false)
    moreRef.current?.focus()
  }
  const panels = useRowPanel<'delete' | 'name'>()
  // Name or Delete chosen from the open list: its form's Cancel or Save, its question's Keep gives the focus back to
  // More, the button that opened it being hidden again.
  const panelFromList = useRef(false)
  function closePanel(): void {
    if (panelFromList.current) moreRef.current?.focus()
    panels.close()
  }
  const [deleting, setDeleting] = useState(false)
  function deleteConversation(): void {
    setDeleting(true)
    call('inbox:deleteConversation', { conversationId: id })
      .then(({ messages }) => {
        discardReplyDraft(id)
        onDeleted(conversation, messages)
      })
      .catch((e: unknown) => {
        setDeleting(false)
        setError(errorInfo(e).message)
      })
  }

  const { title, number, titleIsNumber } = conversationLabel(conversation)
  const device = useConversationDevice(conversation)
  const deviceWords =
    unknownDeviceWords(t, conversation) ?? (device ? t('inbox.thread.toDevice', { device }) : null)
  const heldByPause = usePauseHolds()
  const oldestFirst = entries ? [...entries].reverse() : []
  // The message a search result opened the thread at: outlined (inbox.css), said first, the current one, and focusable
  // so the focus can go to it (QA71).
  const entryMark = (key: string, className: string) =>
    key === found?.key
      ? {
          className: `${className} inbox-entry--found`,
          'data-entry-key': key,
          'aria-current': true,
          tabIndex: -1
        }
      : key === firstOfLastPage
        ? { className, 'data-entry-key': key, tabIndex: -1 }
        : { className, 'data-entry-key': key }
  const foundNote = (key: string): React.JSX.Element | null =>
    key === found?.key ? <span className="visually-hidden">{`${t('inbox.thread.found')}: `}</span> : null
  return (
    <section
      className="inbox-thread card"
      aria-labelledby="inbox-thread-heading"
      data-testid="inbox-thread"
      // J and K count from its conversation's row (Shortcuts), not from where the thread stands in the page; from
      // its place between two rows when its own is not listed.
      data-detail-of-current-row
      data-next-row={placeBetween?.older ?? undefined}
      data-previous-row={placeBetween?.newer ?? undefined}
      ref={threadRef}
      // Escape goes back to the list, as Back does and as the shortcuts panel says ("close an open detail"), unless
      // what has the focus took it first (a question, a reply being written) or an enlarged image is open: it closes
      // first (Q25-08).
      onKeyDown={(event) => {
        if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return
        // The open list of actions closes first (useDismiss).
        if (moreOpen) return
        cancelOnEscape(onBack)(event)
      }}
    >
      <div className="inbox-thread-head">
        {/* A narrow window shows the arrow alone (inbox.css): the words stay its name. */}
        <button type="button" className="button button--small inbox-back" onClick={onBack}>
          <span className="inbox-back-arrow" aria-hidden="true">
            ←
          </span>
          <span className="inbox-back-words">{t('inbox.thread.back')}</span>
          {/* A narrow window hides the list behind the thread, and the menu button carries no badge of the open view:
              what waits in the other conversations is counted here (QA62: a new customer went unseen). */}
          {unreadElsewhere > 0 ? (
            <span
              className="nav-badge"
              data-testid="inbox-back-unread"
              aria-label={t('inbox.thread.unreadElsewhere', { count: unreadElsewhere })}
            >
              {formatNumber(unreadElsewhere, language)}
            </span>
          ) : null}
        </button>
        {/* The heading runs in the window's direction, its parts isolated: a right-to-left name once turned the
            number after it and the device's words around (QA64: "7804-3456-812 62+"). */}
        <h3 id="inbox-thread-heading" ref={headingRef} tabIndex={-1}>
          {titleIsNumber ? (
            <span className="inbox-number" dir="ltr">
              {title}
            </span>
          ) : (
            <bdi>{title}</bdi>
          )}
          {number ? <ConversationNumber number={number} /> : null}
          {deviceWords ? (
            <span className="muted small" data-testid="inbox-thread-device">
              {' · '}
              {deviceWords}
            </span>
          ) : null}
        </h3>
        {/* A narrow window keeps the actions behind one button, so the messages have the screen (QA38 Q38-05). */}
        <button
          ref={moreRef}
          type="button"
          className="button button--small inbox-thread-more"
          aria-expanded={moreOpen}
          aria-controls="inbox-thread-actions"
          data-testid="inbox-thread-more"
          onClick={() => setMoreOpen(!moreOpen)}
        >
          {t('inbox.thread.more')}
        </button>
        <div
          ref={actionsRef}
          id="inbox-thread-actions"
          className={moreOpen ? 'inbox-thread-actions inbox-thread-actions--open' : 'inbox-thread-actions'}
        >
          <button
            type="button"
            className="button button--small"
            data-testid="inbox-mark-read"
            aria-keyshortcuts="M"
            onClick={() => {
              chosen()
              act(markOpenConversation(id, isConversationUnread(conversation)))
            }}
          >
            {isConversationUnread(conversation) ? t('inbox.thread.markRead') : t('inbox.thread.markUnread')}
          </button>
          <button
            type="button"
            className="button button--small"
            data-testid="inbox-archive"
            onClick={() => {
              chosen()
              act(call('inbox:archive', { conversationId: id, archived: !conversation.archived }))
            }}
          >
            {conversation.archived ? t('inbox.thread.unarchive') : t('inbox.thread.archive')}
          </button>
          {/* A customer is named where the operator talks to them; a group's subject is the gateway's. */}
          {conversation.isGroup ? null : (
            <PanelToggle
              panels={panels}
              panel="name"
              className="button button--small"
              testId="inbox-name"
              onOpen={() => {
                panelFromList.current = moreOpen
                setMoreOpen(false)
              }}
            >
              {conversation.contactName ? t('inbox.thread.rename') : t('inbox.thread.name')}
            </PanelToggle>
          )}
          <PanelToggle
            panels={panels}
            panel="delete"
            className="button button--small button--danger"
            testId="inbox-delete"
            // Its question opens under the heading, where the open list would cover it.
            onOpen={() => {
              panelFromList.current = moreOpen
              setMoreOpen(false)
            }}
          >
            {t('inbox.thread.delete')}
          </PanelToggle>
        </div>
      </div>
      {panels.open === 'name' ? (
        <CustomerNameForm
          phone={conversation.chatId}
          name={conversation.contactName ?? conversation.pushName ?? ''}
          onSaved={() => {
            closePanel()
            load()
          }}
          onCancel={closePanel}
        />
      ) : null}
      {panels.open === 'delete' ? (
        <ConfirmPanel
          id="inbox-delete-question"
          question={t('inbox.thread.deleteConfirm', { name: title })}
          confirmLabel={t('inbox.thread.deleteYes')}
          keepLabel={t('inbox.thread.deleteNo')}
          onConfirm={deleteConversation}
          onKeep={closePanel}
          disabled={deleting}
          confirmTestId="inbox-delete-confirm"
        />
      ) : null}
      {gone ? (
        <p className="alert" role="status" data-testid="inbox-thread-gone">
          {t('inbox.thread.goneElsewhere')}
        </p>
      ) : null}
      {readError ? (
        <ReadFailed
          ref={failureRef}
          testId="inbox-thread-read-error"
          says={t('inbox.thread.readFailed', { why: readError.message })}
          onRetry={readAgain}
        />
      ) : null}
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error}
        </p>
      ) : null}
      {entries === null && !readError && !error && !gone ? <p role="status">{t('outbox.loading')}</p> : null}
      {next !== null ? (
        <button ref={earlierRef} type="button" className="button button--small" onClick={readEarlier}>
          {t('inbox.thread.earlier')}
        </button>
      ) : pagedBack && entries?.length ? (
        <p
          ref={beginningRef}
          className="muted small"
          role="status"
          tabIndex={-1}
          data-testid="inbox-thread-beginning"
        >
          {t('inbox.thread.beginning')}
        </p>
      ) : null}
      <ol
        className="inbox-entries"
        aria-label={t('inbox.thread.entries')}
        data-testid="inbox-entries"
        ref={boxRef}
        onScroll={onScroll}
        // A scroll box the keyboard can scroll too.
        tabIndex={0}
      >
        {oldestFirst.map((entry) =>
          entry.direction === 'in' ? (
            <li
              key={threadEntryKey(entry)}
              {...entryMark(threadEntryKey(entry), 'inbox-entry inbox-entry--in')}
              data-testid="inbox-entry-in"
            >
              {foundNote(threadEntryKey(entry))}
              {/* Who wrote it, for a screen reader as the bubble's side tells it on screen (QA64); a group's member is
                  named on screen already. */}
              {conversation.isGroup && entry.message.groupMember ? (
                <p className="muted small">
                  {shownText(entry.message.pushName ?? '') ||
                    formatPhoneForReading(entry.message.groupMember)}
                </p>
              ) : (
                <span className="visually-hidden">{`${title}: `}</span>
              )}
              <MessageMedia message={entry.message} onChanged={load} />
              {entry.message.text || !entry.message.media ? (
                <p className="inbox-message-text" dir="auto">
                  {/* As written, less what would reorder or hide it (QA82: "\u202Egnp.exe" drawn "exe.png"). */}
                  {entry.message.text ? (
                    <WhatsAppText text={shownText(entry.message.text)} />
                  ) : (
                    t(withoutTextKey(entry.message.messageType))
                  )}
                </p>
              ) : null}
              <time className="muted small" dateTime={entry.at}>
                {formatDateTimeInZone(entry.at, locale, zone)}
              </time>
              <KeywordNote outcome={entry.message.keywordOutcome} />
              {entry.message.fromMe ? null : (
                <AutoReplyNote
                  rule={autoReplyAnswering(entry.message.text, rules, Date.parse(entry.message.receivedAt))}
                />
              )}
            </li>
          ) : (
            <li
              key={threadEntryKey(entry)}
              {...entryMark(threadEntryKey(entry), 'inbox-entry inbox-entry--out')}
              data-testid="inbox-entry-out"
            >
              {foundNote(threadEntryKey(entry))}
              <span className="visually-hidden">{`${t('inbox.thread.you')}: `}</span>
              <SentPicture item={entry.item} />
              {entry.item.fileName ? (
                <p className="muted small" id={entry.item.text ? undefined : ownWordsId(entry.item.id)}>
                  {entry.item.fileName}
                </p>
              ) : null}
              {entry.item.text ? (
                <p className="inbox-message-text" dir="auto" id={ownWordsId(entry.item.id)}>
                  <WhatsAppText text={entry.item.text} />
                </p>
              ) : null}
              {entry.item.status === 'scheduled' && entry.item.scheduledAt ? (
                // A scheduled reply: when it goes, on its schedule's clock with the zone named, as the Outbox and
                // Schedules say it (QA8: the time it was written read as the time it went).
                <p className="inbox-entry-foot">
                  <StatusBadge
                    status={entry.item.status}
                    held={entry.item.held}
                    failureCode={entry.item.failure?.code ?? null}
                    testId="inbox-entry-status"
                  />{' '}
                  <time className="muted small" dateTime={entry.item.scheduledAt}>
                    {t('outbox.row.scheduledFor', {
                      time: formatDateTimeInZone(entry.item.scheduledAt, locale, entry.item.timezone)
                    })}
                  </time>
                </p>
              ) : (
                <p className="inbox-entry-foot">
                  <time className="muted small" dateTime={entry.at}>
                    {formatDateTimeInZone(entry.at, locale, zone)}
                  </time>
                  <StatusBadge
                    status={shownStatus(entry.item)}
                    held={entry.item.held}
                    // "Queued · paused", as its Outbox row and the header say it (QA64: "Queued" alone).
                    paused={heldByPause(entry.item)}
                    failureCode={entry.item.failure?.code ?? null}
                    testId="inbox-entry-status"
                  />
                </p>
              )}
              {entry.item.status === 'failed' && entry.item.failure ? (
                <SentEntryFailure failure={entry.item.failure} />
              ) : null}
              {entry.item.cancelsAtTurn ? (
                <p className="small" data-testid="inbox-entry-cancels-at-turn">
                  <strong>{cancelsAtTurnLine(entry.item, t)}</strong>
                </p>
              ) : null}
              <SentEntryTakeBack item={entry.item} describedBy={ownWordsId(entry.item.id)} />
            </li>
          )
        )}
      </ol>
      {later !== null ? (
        <button
          ref={laterRef}
          type="button"
          className="button button--small"
          data-testid="inbox-thread-later"
          onClick={readLater}
        >
          {t('inbox.thread.later')}
        </button>
      ) : null}
      {newBelow > 0 ? (
        <button
          type="button"
          className="button button--small inbox-new-below"
          data-testid="inbox-new-below"
          onClick={toNewest}
        >
          {t('inbox.thread.newBelow', { count: newBelow })}
        </button>
      ) : null}
      {entries?.length === 0 ? <p className="muted">{t('inbox.thread.empty')}</p> : null}
      {gone ? null : (
        <ReplyBox
          key={conversation.id}
          conversation={conversation}
          statusOf={statusOf}
          onSent={(itemIds) => {
            showWhenDrawn(itemIds)
            load()
          }}
          onConversationGone={() => setGone(true)}
        />
      )}
    </section>
  )
}

/**
 * Why a reply failed, in its bubble: the reason in words as the Outbox's detail gives it (the same reasonInWords, the
 * HTTP status and the gateway's words the core wrapped around it taken off), the gateway's own words behind a
 * disclosure under the Outbox's heading for them, so the bubble stays short.
 */
function SentEntryFailure({
  failure
}: {
  failure: NonNullable<OutboxItemView['failure']>
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const { words } = reasonInWords(language, failure.message, failure.messageKey, failure.messageParams)
  return (
    <div className="inbox-entry-failure small">
      <p data-testid="inbox-entry-failure">{words}</p>
      {failure.gatewayMessage ? (
        <details>
          <summary>{t('outbox.failure.gateway')}</summary>
          <q dir="auto">{failure.gatewayMessage}</q>
        </details>
      ) : null}
    </div>
  )
}

/** The gateway's auto-reply that answered a customer's message (its keyword, by the domain's rule), and what it said. */
function AutoReplyNote({
  rule
}: {
  rule: { keyword: string; response: string } | null
}): React.JSX.Element | null {
  const t = useT()
  if (!rule) return null
  return (
    <div className="inbox-autoreply-note" role="note" data-testid="inbox-autoreply-note">
      <p className="small">{t('inbox.thread.autoReply', { keyword: rule.keyword })}</p>
      <p className="inbox-message-text small" dir="auto">
        <WhatsAppText text={rule.response} />
      </p>
    </div>
  )
}

/** The note under a customer's message that put the number on the opt-out list or took it off (core/inbox/apply.ts). */
function KeywordNote({ outcome }: { outcome: InboxMessageView['keywordOutcome'] }): React.JSX.Element | null {
  const t = useT()
  if (!outcome) return null
  return (
    <p className="inbox-keyword-note" role="note" data-testid="inbox-keyword-note">
      {outcome === 'opted-out' ? t('inbox.thread.optedOut') : t('inbox.thread.optedIn')}
    </p>
  )
}
