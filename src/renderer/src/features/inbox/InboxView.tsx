// "Messages in": the relay's state, connecting a mailbox when there is none, "Receive messages" per device, and the
// inbox an operator works from: the conversations and the open one's thread with its reply box (side by side when
// wide, one at a time at 360 px), and the chatbot panel (the gateway's auto-replies and what each answered). Follows `inbox:changed` while open: the state, the list and the thread redraw as
// the core's sync moves.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { InboxConversationView, InboxStatusView, ReceivingView } from '../../../../shared/contract'
import { call, errorInfo, getApi } from '../../api'
import { useT } from '../../i18n'
import { isConversationUnread } from '../../../../shared/domain'
import { useDevices } from '../../stores/devices'
import { useInboxAlerts } from '../../stores/inbox-alerts'
import { useNavigation } from '../../stores/navigation'
import {
  keepInboxFilters,
  keepOpenConversation,
  keptInboxFilters,
  keptOpenConversation
} from '../../stores/place'
import { ViewHeading } from '../../ui/ViewHeading'
import { isSandboxDevice } from '../../../../shared/device-status'
import { TryIncoming } from '../sandbox/TryIncoming'
import { useViewFocus } from '../../ui/view-focus'
import { useShowViewSearch } from '../shortcuts/view-search'
import { ConnectMailbox } from './ConnectMailbox'
import { conversationLabel } from './conversation-label'
import { useArrivalWords } from './use-arrivals'
import { LocalRelayOffer } from './LocalRelayOffer'
import { Conversations, type ListFocus } from './Conversations'
import { placeBetween, useInboxKeys } from './inbox-keys'
import { ReceivingDevices } from './ReceivingDevices'
import { RelayState, relayCanTryNow } from './RelayState'
import { SwitchRelay } from './SwitchRelay'
import { Thread } from './Thread'
import type { FoundEntry } from './thread-scroll'
import { ChatbotPanel } from './ChatbotPanel'
import { useChatbot } from './use-chatbot'
import { useConversations, type ConversationFilters } from './use-conversations'
import { withStayingRows } from './staying-rows'
import './inbox.css'

// Asked for with the view's code, once the shell is up (App.tsx).
export { prefetchFirstConversations } from './use-conversations'

export function InboxView(): React.JSX.Element {
  const t = useT()
  const [status, setStatus] = useState<InboxStatusView | null>(null)
  const [receiving, setReceiving] = useState<ReceivingView | null>(null)
  const rotationPending = useRef(false)
  // Set as the view commits, not after paint: a change arriving between the two must already see it.
  useLayoutEffect(() => {
    rotationPending.current = receiving?.secretRotationPending === true
  }, [receiving])
  const [error, setError] = useState<string | null>(null)
  const [filters, setFiltersNow] = useState<ConversationFilters>(() => ({
    ...keptInboxFilters(),
    answeredBy: null
  }))
  // The conversations opened under these filters, as last known: they stay listed as they are read (staying-rows.ts),
  // until the filters are applied again.
  const [staying, setStaying] = useState<{
    filters: ConversationFilters
    rows: ReadonlyMap<number, InboxConversationView>
  }>({ filters, rows: new Map() })
  const stayingRows = staying.filters === filters ? staying.rows : null
  const setFilters = useCallback((next: React.SetStateAction<ConversationFilters>): void => {
    setFiltersNow((now) => {
      const chosen = typeof next === 'function' ? next(now) : next
      keepInboxFilters(chosen)
      return chosen
    })
  }, [])
  const fetched = useConversations(filters)
  const shownRows = useMemo(
    () =>
      stayingRows ? withStayingRows(fetched.conversations, stayingRows, filters) : fetched.conversations,
    [fetched.conversations, stayingRows, filters]
  )
  const conversations = useMemo(() => ({ ...fetched, conversations: shownRows }), [fetched, shownRows])
  const arrivalWords = useArrivalWords(conversations.conversations)
  const chatbot = useChatbot()
  const [open, setOpen] = useState<InboxConversationView | null>(null)
  const mounted = useRef(true)
  const { replace, remove: removeFetched } = fetched
  /** Opened from the list: it stays there as it is read, under the filters it was opened under. */
  const keepListed = useCallback(
    (conversation: InboxConversationView): void =>
      setStaying((now) => {
        const listed = shownRows?.some((c) => c.id === conversation.id) === true
        if (!listed) return now
        const rows = new Map(now.filters === filters ? now.rows : [])
        rows.set(conversation.id, conversation)
        return { filters, rows }
      }),
    [shownRows, filters]
  )
  const unlist = useCallback((conversationId: number): void => {
    setStaying((now) => {
      if (!now.rows.has(conversationId)) return now
      const rows = new Map(now.rows)
      rows.delete(conversationId)
      return { ...now, rows }
    })
  }, [])
  const remove = useCallback(
    (conversationId: number): void => {
      removeFetched(conversationId)
      unlist(conversationId)
    },
    [removeFetched, unlist]
  )
  // `about`: the conversation a line is about while it is open (marked read or unread), said only then (QA62: "marked
  // unread" stayed while others were opened, read and marked); null for a line about what is gone (a deleted one).
  const [notice, setNotice] = useState<{ text: string; about: number | null } | null>(null)

  // Deleted elsewhere while open (the terminal): it leaves the list with the next read.
  const openedId = open?.id ?? null
  const forgetGone = useCallback(() => {
    if (openedId !== null) unlist(openedId)
  }, [openedId, unlist])
  const changed = useCallback(
    (conversation: InboxConversationView): void => {
      replace(conversation)
      setOpen((now) => (now?.id === conversation.id ? conversation : now))
      setStaying((now) => {
        if (!now.rows.has(conversation.id)) return now
        return { ...now, rows: new Map(now.rows).set(conversation.id, conversation) }
      })
    },
    [replace]
  )
  // A conversation opened by Alt+↓ / Alt+↑ takes the focus to its thread's heading, so a screen reader says which one
  // opened (and the focus does not fall to the page when it was in the closed thread's reply box). A click or J / K
  // leaves it in the list.
  const [focusThread, setFocusThread] = useState(false)
  // With "Unread only" an unread row opened stays listed as it is read (QA71), so the focus stays on it as for any
  // row (it went to the thread while the row left the list, QA14 Q14-09).
  // The message a search result opened its conversation at (QA71): the thread shows it, not its end.
  const [found, setFound] = useState<{ conversationId: number; entry: FoundEntry } | null>(null)
  const openFromList = useCallback(
    (conversation: InboxConversationView, foundEntry?: string): void => {
      setFocusThread(false)
      setFound(foundEntry ? { conversationId: conversation.id, entry: { key: foundEntry } } : null)
      keepListed(conversation)
      setOpen(conversation)
    },
    [keepListed]
  )
  const openByKey = useCallback(
    (conversation: InboxConversationView): void => {
      setFocusThread(true)
      setFound(null)
      keepListed(conversation)
      setOpen(conversation)
    },
    [keepListed]
  )
  const marked = useCallback(
    (conversation: InboxConversationView): void =>
      setNotice({
        text: t(
          isConversationUnread(conversation) ? 'inbox.thread.markedUnread' : 'inbox.thread.markedRead',
          {
            name: conversationLabel(conversation).title
          }
        ),
        about: conversation.id
      }),
    [t]
  )
  useInboxKeys(conversations.conversations, open, openByKey, changed, marked)

  // Where the focus goes when the thread closes: a row, or the list's heading (null), or its search. Taken once the
  // list is drawn again: at 360 px it is hidden while a thread is open, and draws its rows only once it is measured
  // again.
  const [focusOnClose, setFocusOnClose] = useState<ListFocus | null>(null)
  const closeThread = (focus: ListFocus): void => {
    setOpen(null)
    setFocusOnClose(focus)
  }
  // "/" asks for the search, which a narrow window hides behind the open thread: Back brings it back (Q47-03).
  const viewRef = useRef<HTMLElement>(null)
  useShowViewSearch(viewRef, () => closeThread('search'))
  // The list gives it once it has drawn the row (Conversations).
  const focusGiven = useCallback(() => setFocusOnClose(null), [])

  // The core hears which conversation is open (its new messages are not notified while the window has the focus).
  const openId = open?.id ?? null
  useEffect(() => {
    useInboxAlerts.getState().setViewing(openId)
  }, [openId])
  // The conversation open before a reload (or as the view was left) opens again, with its reply draft (QA14 Q14-03);
  // one deleted since does not. After a reload (the window starts on this view: its heading takes no focus) its
  // thread's heading takes the focus once drawn, as opening it by keyboard gives it, so a keyboard or screen-reader
  // user lands in it, not on the page; once, and only if the operator did not move the focus meanwhile (view-focus.ts).
  // Coming back to the view from another, its heading has the focus and keeps it (QA38 Q38-04).
  const [reopening] = useState(keptOpenConversation)
  const [reopeningTakesFocus] = useState(() => reopening !== null && useNavigation.getState().seq <= 1)
  const reopened = useRef(reopening === null)
  const { takeIfStill } = useViewFocus()
  const [reopenedOpen, setReopenedOpen] = useState<number | null>(null)
  useEffect(() => {
    if (reopening === null) return
    call('inbox:thread', { conversationId: reopening, limit: 1 })
      .then((thread) => {
        reopened.current = true
        if (!mounted.current) return
        setOpen((now) => now ?? thread.conversation)
        if (reopeningTakesFocus) setReopenedOpen(thread.conversation.id)
      })
      .catch(() => {
        reopened.current = true
      })
  }, [reopening, reopeningTakesFocus])
  const reopenFocused = useRef(false)
  useLayoutEffect(() => {
    if (reopenedOpen === null || reopenFocused.current) return
    reopenFocused.current = true
    // Not when the operator opened another conversation before it came back. Not scrolled to: the thread shows its end.
    if (openId === reopenedOpen)
      takeIfStill(document.getElementById('inbox-thread-heading'), { preventScroll: true })
  }, [reopenedOpen, openId, takeIfStill])
  useEffect(() => {
    if (openId === null && !reopened.current) return
    keepOpenConversation(openId)
  }, [openId])
  useEffect(() => () => useInboxAlerts.getState().setViewing(null), [])

  // A clicked notification asks for its conversation: opened here, now or as soon as this view is shown.
  const asked = useInboxAlerts((s) => s.openConversation)
  useEffect(
    () => () => {
      mounted.current = false
    },
    []
  )
  useEffect(() => {
    if (asked === null) return
    // Taken once (taking it changes `asked` again: the answer is kept by `mounted`, not by this run).
    const id = useInboxAlerts.getState().takeOpenConversation()
    if (id === null) return
    call('inbox:thread', { conversationId: id, limit: 1 })
      .then((thread) => {
        if (!mounted.current) return
        setFound(null)
        setOpen(thread.conversation)
      })
      .catch((e: unknown) => mounted.current && setError(errorInfo(e).message))
  }, [asked])

  useEffect(() => {
    let on = true
    Promise.all([call('inbox:status', {}), call('inbox:receiving', {})])
      .then(([nextStatus, nextReceiving]) => {
        if (!on) return
        setStatus(nextStatus)
        setReceiving(nextReceiving)
      })
      .catch((e: unknown) => {
        if (on) setError(errorInfo(e).message)
      })
    const off = getApi().on('inbox:changed', (next) => {
      setStatus(next)
      // A rotation the core finishes in the background (QA30 Q30-02): its view read again while one waits.
      if (rotationPending.current)
        call('inbox:receiving', {}).then(
          (view) => on && setReceiving(view),
          () => undefined
        )
    })
    return () => {
      on = false
      off()
    }
  }, [])

  // Each connection moves the focus to "Receive messages", the next step (the form it came from is gone).
  const [connections, setConnections] = useState(0)
  async function connected(view: ReceivingView): Promise<void> {
    setReceiving(view)
    setConnections((n) => n + 1)
    setStatus(await call('inbox:status', {}))
  }

  // A relay that lost its storage: only a new mailbox goes on. A refused token is tried again by itself, a new mailbox
  // offered as the other way. So is the relay this computer runs when it cannot be reached (its port taken at the
  // start, its folder removed): running it again is offered.
  const localRelayDown = receiving?.onThisComputer === true && status?.state === 'unreachable'
  const needsNewMailbox =
    status?.state === 'auth-refused' || status?.state === 'cursor-ahead' || localRelayDown
  // The sandbox devices whose messages come here: a customer writing to them is played below the conversations (QA71:
  // after setting up the sandbox the view said only "No message yet", the one way to write was under Webhooks).
  const devices = useDevices((s) => s.devices)
  const playable = devices.filter(
    (device) =>
      isSandboxDevice(device) &&
      receiving?.devices.some((each) => each.deviceId === device.id && each.receiving) === true
  )
  // An empty inbox says what would bring messages in: a mailbox, then a device receiving through it.
  const emptyText =
    playable.length > 0
      ? t('inbox.messages.emptySandbox')
      : receiving === null || receiving.devices.some((device) => device.receiving)
        ? t('inbox.messages.empty')
        : receiving.connected
          ? t('inbox.messages.emptyNoDevice')
          : t('inbox.messages.emptyNoMailbox')

  return (
    <section ref={viewRef} className="view" aria-labelledby="inbox-heading" data-testid="view-inbox">
      <ViewHeading id="inbox-heading">{t('inbox.title')}</ViewHeading>
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error}
        </p>
      ) : null}
      {status && receiving ? (
        <>
          <RelayState
            status={status}
            relayUrl={receiving.relayUrl}
            onThisComputer={receiving.onThisComputer}
            onStatus={setStatus}
          >
            {receiving.connected && !needsNewMailbox ? (
              <SwitchRelay
                view={receiving}
                prominent={relayCanTryNow(status)}
                onConnected={(view) => void connected(view)}
              />
            ) : null}
          </RelayState>
          {!receiving.connected || needsNewMailbox ? (
            <>
              <LocalRelayOffer
                replace={receiving.connected}
                down={localRelayDown}
                onConnected={(view) => void connected(view)}
              />
              <ConnectMailbox replace={receiving.connected} onConnected={(view) => void connected(view)} />
            </>
          ) : null}
        </>
      ) : error ? null : (
        <p role="status">{t('outbox.loading')}</p>
      )}
      {receiving?.connected ? (
        <ChatbotPanel
          chatbot={chatbot}
          answeredBy={filters.answeredBy ?? null}
          onAnsweredBy={(answeredBy) => setFilters((now) => ({ ...now, answeredBy }))}
        />
      ) : null}
      <p role="status" className="feedback" data-testid="inbox-notice">
        {notice && (notice.about === null || notice.about === open?.id) ? notice.text : ''}
      </p>
      {/* Who wrote, for a screen reader: the new row says it to the eye (Q25-05). */}
      <p role="status" className="visually-hidden" data-testid="inbox-arrivals">
        {arrivalWords}
      </p>
      <div className={open ? 'inbox-workspace inbox-workspace--open' : 'inbox-workspace'}>
        <Conversations
          state={conversations}
          emptyText={emptyText}
          filters={filters}
          onFilters={setFilters}
          openId={open?.id ?? null}
          onOpen={openFromList}
          focusOnDraw={open === null ? focusOnClose : null}
          onFocusGiven={focusGiven}
        />
        {open ? (
          <Thread
            key={open.id}
            conversation={open}
            focusHeading={focusThread}
            placeBetween={placeBetween(conversations.conversations ?? [], open)}
            autoReplies={chatbot.devices?.find((device) => device.deviceId === open.deviceId)?.rules ?? []}
            onChanged={changed}
            onGone={forgetGone}
            found={found?.conversationId === open.id ? found.entry : null}
            onDeleted={(conversation, messages) => {
              // The focus goes to the row that takes the deleted one's place, else the list's heading.
              const rows = conversations.conversations ?? []
              const at = rows.findIndex((c) => c.id === conversation.id)
              const neighbour = rows[at + 1] ?? rows[at - 1]
              remove(conversation.id)
              closeThread({ rowId: neighbour?.id ?? null })
              setNotice({
                text: t('inbox.thread.deleted', {
                  name: conversationLabel(conversation).title,
                  count: messages
                }),
                about: null
              })
            }}
            // Back on the row the operator came from.
            onBack={() => closeThread({ rowId: open.id })}
          />
        ) : (
          <p className="muted inbox-pick" data-testid="inbox-pick">
            {t('inbox.thread.pick')}
          </p>
        )}
      </div>
      {playable.map((device) => (
        <TryIncoming
          key={device.id}
          deviceId={device.id}
          deviceName={playable.length > 1 ? device.label : undefined}
          inspectorBelow={false}
        />
      ))}
      {/* Set up once, then rarely touched: below the conversations the operator works from every day. */}
      {receiving?.connected ? (
        <ReceivingDevices
          view={receiving}
          onView={setReceiving}
          focusAfterConnect={connections}
          relayConnected={status?.state === 'connected'}
          relayStopped={
            status?.state === 'cursor-ahead'
              ? 'mailboxLost'
              : status?.state === 'auth-refused'
                ? 'tokenRefused'
                : null
          }
        />
      ) : null}
    </section>
  )
}
