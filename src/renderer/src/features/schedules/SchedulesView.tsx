// The schedules view: upcoming scheduled items (local and gateway) with time and zone; reschedule, cancel, delete. A
// send to many numbers due at one time is one card (SendCard), settled as one, its numbers listed under it.
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type Ref } from 'react'
import type { InvokeRequest, OutboxItemView } from '../../../../shared/contract'
import { call, errorInfo, getApi, type ErrorInfo } from '../../api'
import { localeOf, useLanguage, useT, type Translate } from '../../i18n'
import { formatDateTime, formatDateTimeInZone, zoneName } from '../../i18n/dates'
import { useDevices } from '../../stores/devices'
import { useNavigation } from '../../stores/navigation'
import { useOutbox } from '../../stores/outbox'
import { useOperatorZone, useSettings } from '../../stores/settings'
import { Field } from '../../ui/Field'
import { RowsKeepPlace } from '../../ui/RowsKeepPlace'
import { useSpotKeptAcrossReload } from '../../ui/use-spot-kept-across-reload'
import { ViewHeading } from '../../ui/ViewHeading'
import { cancelOnEscape } from '../../ui/escape'
import { PanelToggle, RowActions, useResultGoesOnOpen, useRowPanel } from '../../ui/RowActions'
import { busyButtonProps } from '../../ui/busy-button'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { ListStatus } from '../../ui/ListStatus'
import { ROW_OVERDUE } from '../../ui/OverduePolicyField'
import { useNow } from '../../ui/use-now'
import { useFocusOnceSaid } from '../../ui/use-focus-first-invalid'
import { RecipientLabel, recipientText } from '../../ui/RecipientName'
import { turnScheduleOn } from '../send/ScheduleFields'
import { RepeatsGoingOut } from '../reminders/RepeatsGoingOut'
import { cancelsAtTurnLine, notAtGatewayReason, waitingReason } from '../outbox/waiting'
import { capSpentUntil } from '../../../../shared/device-status'
import { useChatName } from '../../stores/contact-names'
import { DEFAULT_TIME_ZONE, scheduleKeeper } from '../../../../shared/domain'
// How late a held schedule is now, worded as the terminal's `outbox list` words it (QA80).
import { lateBy } from '../../../../shared/i18n/late-by'
import { optedOutAhead, RescheduleForm, wordsProblem, type SayAtField } from './RescheduleForm'
import './schedules.css'
import { useRowLeftLine } from '../../ui/use-row-left-line'

/** Scheduled items read at a time, soonest due first (the core orders them); Show more reads the next. */
export const SCHEDULES_PAGE = 100
/** The most the core hands out in one read (the contract's bound): reading again many shown takes a few. */
const MOST_IN_ONE_READ = 1000
/** Item events arrive in bursts: refetch once, this long after the last. */
const REFETCH_DEBOUNCE_MS = 300

type ScheduledPlace = NonNullable<InvokeRequest<'outbox:scheduled'>['after']>

/** Where the page after `items` starts: the due time and id of the last (QA33 Q33-01). */
function placeAfter(items: readonly OutboxItemView[]): ScheduledPlace | undefined {
  const last = items[items.length - 1]
  return last?.scheduledAt ? { scheduledAt: last.scheduledAt, id: last.id } : undefined
}

/** One send's scheduled items due at one instant (one enqueue: the same device and creation instant), in list order. */
export interface ScheduledSend {
  key: string
  /**
   * What its card is drawn by: the send's device and instant, which outlive cancelling its first number and moving it
   * whole (the card stays open, its list in place); its time too when another card shares them (numbers moved apart).
   */
  cardKey: string
  items: OutboxItemView[]
}

/**
 * The items as sends, in the order of each send's first item (a send's items are due at one instant, so the time order
 * holds): the core settles a send by the same three things (`outbox:settleSend`).
 */
export function groupSends(items: readonly OutboxItemView[]): ScheduledSend[] {
  const sends = new Map<string, ScheduledSend>()
  for (const item of items) {
    const made = `${item.deviceId} ${item.createdAt}`
    const key = `${made} ${item.scheduledAt ?? ''}`
    const send = sends.get(key)
    if (send) send.items.push(item)
    else sends.set(key, { key, cardKey: made, items: [item] })
  }
  const grouped = [...sends.values()]
  const madeTogether = new Map<string, number>()
  for (const send of grouped) madeTogether.set(send.cardKey, (madeTogether.get(send.cardKey) ?? 0) + 1)
  return grouped.map((send) => (madeTogether.get(send.cardKey)! > 1 ? { ...send, cardKey: send.key } : send))
}

/** How many messages a send holds, and to how many numbers (a text and a file to each: two messages a number). */
interface SendSize {
  messages: number
  numbers: number
}

/** The numbers a send's items go to, each once, in the order first met. */
const numbersOf = (items: readonly OutboxItemView[]): OutboxItemView[] => [
  ...new Map(items.map((item) => [`${item.isGroup} ${item.recipient}`, item] as const)).values()
]

const sendSizeOf = (items: readonly OutboxItemView[]): SendSize => ({
  messages: items.length,
  numbers: numbersOf(items).length
})

/**
 * How many held messages the list's one send holding any holds; 0 when several sends (or none) hold them; null while
 * the list is read (the bar waits for it: drawn before the card, it went as the card came).
 */
function heldOnOneCard(items: readonly OutboxItemView[] | null): number | null {
  if (items === null) return null
  const held = items.filter((item) => item.held)
  return groupSends(held).length === 1 ? held.length : 0
}

/**
 * A page added to those read, without those read already: a page's last item deleted since has the core read its
 * instant again from its start (the keyset finds its place in line by its id).
 */
function withoutSeen(read: OutboxItemView[], page: OutboxItemView[]): OutboxItemView[] {
  const seen = new Set(read.map((item) => item.id))
  return [...read, ...page.filter((item) => !seen.has(item.id))]
}

export function SchedulesView(): React.JSX.Element {
  const t = useT()
  // A reload comes back to the scroll and the control with the focus (QA74).
  useSpotKeptAcrossReload('schedules', 'schedules-heading')
  const changeSeq = useOutbox((s) => s.changeSeq)
  const [items, setItems] = useState<OutboxItemView[] | null>(null)
  const [total, setTotal] = useState(0)
  // How many the send of the last item read holds, read past the page by the core (null: the read ended the list).
  const [lastSend, setLastSend] = useState<SendSize | null>(null)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [reload, setReload] = useState(0)
  // A cancelled or deleted schedule leaves the list with the button pressed: the row after it takes the focus
  // (RowsKeepPlace), and this line says what was done without taking it (QA74: the line took it, and the next Tab went
  // to "Skip to content"). The held bar, which goes with its buttons, still gives the focus to the line.
  // `warn`: some were left as they were (changed meanwhile, no longer held), said as the Outbox's bulk bar says it.
  const { left, say, announce, clear, lineRef } = useRowLeftLine<{ text: string; warn: boolean }>()
  // The row an action took out of the list, which the line has said already: not said again as gone by itself.
  const leavingRow = useRef<Element | null>(null)
  // The row acted on last: only its result is said, the one before goes (probe 4 P11: "Rescheduled." under one card
  // and a "Sending now" line for a card long gone stayed on the page together).
  const [actedOn, setActedOn] = useState<string | null>(null)
  // How many are shown, for a read again; the row Show more brought, to focus once drawn; the latest read.
  const shown = useRef(0)
  const focusRow = useRef<string | null>(null)
  const reading = useRef(0)
  const listRef = useRef<HTMLUListElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => {
    const id = focusRow.current
    if (id === null) return
    const rows = [...(listRef.current?.querySelectorAll<HTMLLIElement>('li[data-id]') ?? [])]
    const row = rows.find((r) => r.dataset['id'] === id)
    if (!row) return
    focusRow.current = null
    // A number of a send whose list is shut: its card.
    const shut = row.parentElement?.closest('[hidden]')
    ;((shut ? row.parentElement?.closest<HTMLElement>('[data-send-card]') : null) ?? row).focus()
  })

  // A number's STOP changes no message until its time, but what the rows say of it (cancelsAtTurn): read again.
  useEffect(() => getApi().on('optouts:changed', () => setReload((n) => n + 1)), [])

  // Read again from the soonest, as many as are shown (at least a page), as the outbox changes: a change made
  // elsewhere shows where the time order puts it, and nothing the operator had brought in with Show more is lost.
  useEffect(() => {
    const seq = ++reading.current
    const timer = setTimeout(
      () => {
        const wanted = Math.max(SCHEDULES_PAGE, shown.current)
        void (async () => {
          let read: OutboxItemView[] = []
          let counted: number
          let sendSize: SendSize | undefined
          let after: ScheduledPlace | undefined
          for (;;) {
            const limit = Math.min(MOST_IN_ONE_READ, wanted - read.length)
            const reply = await call('outbox:scheduled', { limit, ...(after ? { after } : {}) })
            if (seq !== reading.current) return
            read = withoutSeen(read, reply.items)
            counted = reply.total
            sendSize = reply.lastSend
            after = placeAfter(reply.items)
            if (reply.items.length < limit || read.length >= wanted || !after) break
          }
          shown.current = read.length
          setItems(read)
          setTotal(counted)
          setLastSend(sendSize ?? null)
          setError(null)
        })().catch((e: unknown) => {
          if (seq === reading.current) setError(errorInfo(e))
        })
      },
      changeSeq === 0 && reload === 0 ? 0 : REFETCH_DEBOUNCE_MS
    )
    return () => clearTimeout(timer)
  }, [changeSeq, reload])

  /** The page after the last shown; the focus goes to its first row. */
  function showMore(): void {
    const after = placeAfter(items ?? [])
    if (!after) return
    const seq = ++reading.current
    call('outbox:scheduled', { limit: SCHEDULES_PAGE, after })
      .then((reply) => {
        if (seq !== reading.current) return
        focusRow.current = reply.items[0]?.id ?? null
        setItems((before) => {
          const more = withoutSeen(before ?? [], reply.items)
          shown.current = more.length
          return more
        })
        setTotal(reply.total)
        setLastSend(reply.lastSend ?? null)
        setError(null)
      })
      .catch((e: unknown) => {
        if (seq === reading.current) setError(errorInfo(e))
      })
  }

  const sends = items === null ? [] : groupSends(items)
  /** What a row or card needs to say its result and have the list read again. */
  const rowProps = (id: string) => ({
    saysResult: actedOn === id,
    onActing: () => {
      setActedOn(id)
      clear()
    },
    onChanged: (leaving?: string, warn = false) => {
      setReload((n) => n + 1)
      if (!leaving) return
      leavingRow.current = document.activeElement?.closest('[data-row-focus]') ?? null
      announce({ text: leaving, warn })
    }
  })

  return (
    <section className="view schedules" aria-labelledby="schedules-heading" data-testid="view-schedules">
      <ViewHeading id="schedules-heading" ref={headingRef}>
        {t('schedules.title')}
      </ViewHeading>
      <p className="muted">{t('schedules.intro')}</p>
      <RepeatsGoingOut />
      <HeldActions
        heldOnOneCard={heldOnOneCard(items)}
        onDone={(text, warn) => {
          setActedOn(null)
          setReload((n) => n + 1)
          say({ text, warn })
        }}
      />
      <ListStatus
        items={items}
        error={error}
        emptyText={t('schedules.empty')}
        emptyTestId="schedules-empty"
        onRetry={() => {
          setError(null)
          setReload((n) => n + 1)
        }}
        waitsOn={headingRef}
        emptyNext={
          <>
            <p className="muted">{t('schedules.empty.hint')}</p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                turnScheduleOn(useSettings.getState().settings?.defaultTimezone ?? DEFAULT_TIME_ZONE)
                useNavigation.getState().navigate('send')
              }}
            >
              {t('schedules.empty.write')}
            </button>
          </>
        }
      />
      {/* A row that leaves by itself while the operator is on it (its time came, a change elsewhere) took the focus
          to the page, its open Reschedule form with it, and nothing said why (a new operator's probe): the focus goes
          to the row beside it (the heading, for none left) and the line below says why, as after Cancel (QA74).
          Kept mounted when the last row goes. */}
      <RowsKeepPlace
        headingId="schedules-heading"
        onRowGone={(row) => {
          if (row === leavingRow.current) {
            leavingRow.current = null
            return
          }
          setActedOn(null)
          announce({ text: t('schedules.rowGone'), warn: false })
        }}
      >
        {items !== null && items.length > 0 ? (
          <>
            {total > items.length ? (
              <p className="muted small">{t('schedules.shown', { shown: items.length, total })}</p>
            ) : null}
            <ul ref={listRef} className="schedule-list" aria-label={t('schedules.listLabel')}>
              {sends.map((send, index) => {
                const first = send.items[0]!
                const read = sendSizeOf(send.items)
                // The last send read may go on past the page: the core counted it whole.
                const size =
                  index === sends.length - 1 && lastSend !== null
                    ? {
                        messages: Math.max(lastSend.messages, read.messages),
                        numbers: Math.max(lastSend.numbers, read.numbers)
                      }
                    : read
                return size.messages > 1 ? (
                  <SendCard
                    key={`send ${send.cardKey}`}
                    items={send.items}
                    size={size}
                    rowProps={rowProps}
                    {...rowProps(`send ${send.cardKey}`)}
                  />
                ) : (
                  <ScheduleRow key={first.id} item={first} {...rowProps(first.id)} />
                )
              })}
            </ul>
            {total > items.length ? (
              <button type="button" className="button" onClick={showMore} data-testid="schedules-more">
                {t('schedules.showMore')}
              </button>
            ) : null}
          </>
        ) : null}
      </RowsKeepPlace>
      <p
        ref={lineRef}
        tabIndex={-1}
        role="status"
        className={left?.warn ? 'alert alert--warn' : 'muted'}
        data-testid="schedules-result"
      >
        {left?.text ?? ''}
      </p>
    </section>
  )
}

/**
 * Every held overdue schedule sent or cancelled at once (probe 4 P5: one send to 200 numbers held 200 cards, each
 * with its own Send now). What was done is said on the view's result line, which takes the focus.
 */
function HeldActions({
  heldOnOneCard,
  onDone
}: {
  /** How many held messages one card shown holds, when it holds every one held (heldOnOneCard); null: not read yet. */
  heldOnOneCard: number | null
  onDone(text: string, warn: boolean): void
}): React.JSX.Element | null {
  const t = useT()
  const held = useOutbox((s) => s.heldOverdue)
  const [busy, setBusy] = useState<'send' | 'cancel' | null>(null)
  const [error, setError] = useState<string | null>(null)
  // Cancelling them all asks first, as the Outbox's bulk Cancel does: one press undid a whole held send, and
  // putting them back is a Retry each (or a filtered bulk Retry in the Outbox).
  const [askCancel, setAskCancel] = useState(false)
  const cancelButton = useRef<HTMLButtonElement>(null)
  // One held has its own Send now and Cancel on its card, and so has a send holding them all: the bar is for more.
  if ((held < 2 || heldOnOneCard === null || heldOnOneCard === held) && busy === null) return null

  async function settle(action: 'send' | 'cancel'): Promise<void> {
    setAskCancel(false)
    setBusy(action)
    setError(null)
    try {
      const reply = await call('outbox:settleHeld', { action })
      const done = t(action === 'send' ? 'schedules.held.sent' : 'schedules.held.cancelled', {
        count: reply.done.length
      })
      onDone(
        reply.refused.length > 0
          ? `${done} ${t('schedules.held.notHeld', { count: reply.refused.length })}`
          : done,
        reply.refused.length > 0
      )
    } catch (e) {
      setError(errorInfo(e).message)
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="card schedules-held" role="group" aria-labelledby="schedules-held-line">
      <p id="schedules-held-line">{t('schedules.held.line', { count: held })}</p>
      <div className="actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="schedules-send-held"
          {...busyButtonProps(busy === 'send', () => void settle('send'))}
        >
          {t('schedules.held.send', { count: held })}
        </button>
        <button
          type="button"
          className="button"
          ref={cancelButton}
          data-testid="schedules-cancel-held"
          aria-expanded={askCancel}
          {...busyButtonProps(busy === 'cancel', () => setAskCancel(true))}
        >
          {t('schedules.held.cancel', { count: held })}
        </button>
      </div>
      {askCancel && busy === null ? (
        <ConfirmPanel
          id="schedules-cancel-held-q"
          question={t('schedules.held.cancelConfirm', { count: held })}
          confirmLabel={t('schedules.held.cancel', { count: held })}
          keepLabel={t('common.keep')}
          confirmTestId="schedules-cancel-held-confirm"
          onConfirm={() => void settle('cancel')}
          onKeep={() => {
            setAskCancel(false)
            cancelButton.current?.focus()
          }}
          focusOnOpen
        />
      ) : null}
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** What a schedule sends: its text, or its file and caption, after the kind ("Document: menu.pdf — Our menu"). */
function contentText(item: OutboxItemView, t: Translate): string {
  const what =
    item.kind === 'text' ? (item.text ?? '') : `${item.fileName ?? ''}${item.text ? ` — ${item.text}` : ''}`
  return `${t(`kind.${item.kind}`)}: ${what}`
}

/** When a schedule (or a send) is due: on its own clock with the zone named, and on the operator's when it differs. */
function ScheduleWhen({ item, timeId }: { item: OutboxItemView; timeId: string }): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  // The operator's clock, named as the window names zones ("10:00 WIT"): rows kept on several zones compare on the one
  // the Overview and the Outbox use (QA33 Q33-03), and a bare time beside a zone's would read as its.
  const here = useOperatorZone()
  const localView = item.scheduledAt ? formatDateTime(item.scheduledAt, locale, here) : ''
  const zonedView = item.scheduledAt
    ? formatDateTime(item.scheduledAt, locale, item.timezone ?? undefined)
    : t('common.unknown')
  return (
    <div className="schedule-when">
      <strong data-testid="schedule-time" id={timeId}>
        {zonedView}
      </strong>{' '}
      <span className="tag">{item.timezone ? zoneName(item.timezone) : t('common.unknown')}</span>
      {localView && localView !== zonedView ? (
        <span className="muted small">
          {' '}
          {t('schedules.yourTime', { time: formatDateTimeInZone(item.scheduledAt, locale, here) })}
        </span>
      ) : null}
    </div>
  )
}

/**
 * A schedule's (or a send's) device, who keeps it, what happens if it is missed, and what holds it: held for the
 * operator and how late, not yet at the gateway and why, a daily cap used up. `part`: what a send's card says for all
 * its numbers (`shared`: all but "not at the gateway yet", which the gateway answers number by number), or what a
 * number under it says of itself (`own`: that alone).
 */
function ScheduleMeta({
  item,
  part
}: {
  item: OutboxItemView
  part?: 'shared' | 'own'
}): React.JSX.Element | null {
  const t = useT()
  const locale = localeOf(useLanguage())
  const device = useDevices((s) => s.devices.find((d) => d.id === item.deviceId))
  const now = useNow(60_000)
  const late = item.held ? lateBy(item.scheduledAt, now, t) : null
  // Due before its device's daily cap starts counting again, kept here: it waits for the cap (probe 4 P3). One the
  // gateway keeps goes at the gateway, whatever this computer counts.
  const capSpent = capSpentUntil(device)
  const capWait =
    capSpent &&
    item.scheduleMode !== 'gateway' &&
    item.scheduledAt &&
    Date.parse(item.scheduledAt) < Date.parse(capSpent.at)
      ? capSpent
      : null
  // Meant for the gateway but not saved there yet: this computer still keeps it, so the row says so, and why (QA40
  // Q40-01: "Gateway" alone read as if the computer could be switched off).
  const sendingPaused = useOutbox((state) => state.sendingPaused)
  const notAtGatewayWhy = notAtGatewayReason(item, { device, sendingPaused }, t)
  const notYetAtGateway =
    scheduleKeeper(item) !== 'notYetAtGateway'
      ? null
      : notAtGatewayWhy
        ? t('schedules.notAtGatewayBecause', { reason: notAtGatewayWhy })
        : t('schedules.notAtGateway')
  // Its number opted out after it was written: it will be cancelled at its time, said now (QA61).
  const cancels = cancelsAtTurnLine(item, t)
  const cancelsLine = cancels ? (
    <strong className="schedule-cancels" data-testid="schedule-cancels-at-turn">
      {cancels}
    </strong>
  ) : null
  // Changed here while the gateway did not answer: its saved copy would still go out as it was (QA64).
  const owedLine = item.gatewayChangeOwed ? (
    <strong className="schedule-cancels" data-testid="schedule-change-owed">
      {t('schedules.changeOwed')}
    </strong>
  ) : null
  if (part === 'own')
    return notYetAtGateway || cancelsLine || owedLine ? (
      <div className="schedule-meta muted small">
        {notYetAtGateway ? <strong>{notYetAtGateway}</strong> : null}
        {cancelsLine}
        {owedLine}
      </div>
    ) : null
  return (
    <div className="schedule-meta muted small">
      {device?.label ?? item.deviceId} ·{' '}
      {item.scheduleMode === 'gateway' ? t('send.schedule.gateway') : t('send.schedule.local')}
      {item.scheduleMode !== 'gateway' && item.overduePolicy
        ? ` · ${t(ROW_OVERDUE[item.overduePolicy])}`
        : ''}
      {item.held ? (
        <strong data-testid="schedule-held">
          {' · '}
          {late ? t('schedules.heldLate', { late }) : t('outbox.held')}
        </strong>
      ) : null}
      {notYetAtGateway && part !== 'shared' ? <strong> · {notYetAtGateway}</strong> : null}
      {capWait ? (
        <strong data-testid="schedule-cap-wait">
          {' · '}
          {t('schedules.capWait', { at: formatDateTimeInZone(capWait.at, locale, capWait.zone) })}
        </strong>
      ) : null}
      {part !== 'shared' ? cancelsLine : null}
      {part !== 'shared' ? owedLine : null}
    </div>
  )
}

interface Feedback {
  /** `warn`: done, but not for every message (some had changed meanwhile). */
  tone: 'ok' | 'warn' | 'bad'
  text: string
}

/**
 * What the last action on a row (or a send's card) did, said only while it is the row acted on last (probe 4 P11).
 * `ref`: the line takes the focus when it says a refusal of the row's form about none of its fields.
 */
function RowResult({
  feedback,
  shown,
  ref
}: {
  feedback: Feedback | null
  shown: boolean
  ref?: Ref<HTMLParagraphElement>
}): React.JSX.Element {
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className={feedback && shown ? `feedback feedback--${feedback.tone}` : 'feedback'}
      data-testid="schedule-row-result"
    >
      {shown ? (feedback?.text ?? '') : ''}
    </p>
  )
}

/** A recipient of a send, named as its row names it. */
function SendRecipient({ item }: { item: OutboxItemView }): React.JSX.Element {
  const t = useT()
  const name = useChatName(item.recipient)
  return (
    <>
      {item.isGroup ? `${t('outbox.group')} ` : ''}
      <RecipientLabel name={name} chatId={item.recipient} isGroup={item.isGroup} />
    </>
  )
}

/** The numbers a send's card names before "and N more". */
const SEND_NAMES_SHOWN = 3

const SEND_DONE_KEY = {
  send: 'schedules.send.sent',
  cancel: 'schedules.send.cancelled',
  reschedule: 'schedules.send.rescheduled',
  reword: 'schedules.send.reworded'
} as const

type RowProps = Pick<Parameters<typeof ScheduleRow>[0], 'saysResult' | 'onActing' | 'onChanged'>

/**
 * A send to many numbers due at one time, as one card (a send to 200 numbers was 200 cards, each moved or cancelled on
 * its own): when, to how many (the first few named), what it sends, its device and keeper; Reschedule all, Send all
 * now when held, Cancel all (asked first); its numbers listed under it on request, each row with its own actions.
 * `size` is the whole send's (the core counts past the page); `items`, those read so far.
 */
function SendCard({
  items,
  size,
  rowProps,
  saysResult,
  onActing,
  onChanged
}: {
  items: OutboxItemView[]
  size: SendSize
  rowProps: (id: string) => RowProps
} & RowProps): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const first = items[0]!
  const device = useDevices((s) => s.devices.find((d) => d.id === first.deviceId))
  const panels = useRowPanel<'edit' | 'words' | 'cancel'>()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [feedback, setFeedback] = useState<Feedback | null>(null)
  useResultGoesOnOpen(panels.open, () => setFeedback(null))
  const resultRef = useRef<HTMLParagraphElement>(null)
  const readRefusal = useFocusOnceSaid(resultRef)
  // One line for each thing the send sends to every number (a text, a file and its caption), as its rows say them.
  const contents = [...new Set(items.map((item) => contentText(item, t)))]
  // Its actions and its list are of messages; who it goes to, of numbers (the same when one message each).
  const count = size.messages
  const onePerNumber = size.messages === size.numbers
  const to = onePerNumber
    ? t('schedules.send.to', { count: size.numbers })
    : `${t('schedules.send.to', { count: size.numbers })}, ${t('schedules.send.messages', { count: size.messages })}`
  const named = numbersOf(items).slice(0, SEND_NAMES_SHOWN)
  // The gateway saves a send's schedules number by number: each row says why its own is not there yet.
  const notYetAtGateway = items.filter((item) => scheduleKeeper(item) === 'notYetAtGateway').length
  // Its numbers that opted out since it was written: cancelled at its time, each row saying why (QA61).
  const cancelsAtTurn = items.filter((item) => item.cancelsAtTurn !== undefined).length
  // Those opted out since, whoever keeps them: a new time moves the others only, said ahead (QA61 follow-up).
  const optedOut = items.filter((item) => item.optedOutSince !== undefined).length

  // Each text the send says and each of its files' captions, by the first item saying it (the core rewords every
  // text of the send worded the same, and every caption of the same file captioned the same).
  const wordings: Wording[] = []
  for (const item of items) {
    const wording = {
      text: item.text ?? '',
      like: item.id,
      file: item.kind === 'text' ? null : (item.fileName ?? '')
    }
    if (!wordings.some((known) => known.text === wording.text && known.file === wording.file))
      wordings.push(wording)
  }
  const sendOf = {
    deviceId: first.deviceId,
    createdAt: first.createdAt,
    scheduledAt: first.scheduledAt ?? ''
  }

  /**
   * Settles the send as `action`, one request a part (a reword of two texts asks twice), said as one result. `parts`:
   * what each request adds (the new time, a text's new words); one empty part for send and cancel.
   */
  async function settle(
    action: InvokeRequest<'outbox:settleSend'>['action'],
    parts: Pick<InvokeRequest<'outbox:settleSend'>, 'schedule' | 'reword'>[] = [{}],
    atField?: SayAtField
  ): Promise<void> {
    setBusy(true)
    setFeedback(null)
    onActing()
    try {
      let done = 0
      // Left as they were: changed meanwhile, or their schedule being saved at the gateway right then.
      let changed = 0
      let saving = 0
      // Not moved: their numbers opted out since (QA61 follow-up), said apart from those changed meanwhile.
      let optedOutRefused = 0
      for (const part of parts) {
        const reply = await call('outbox:settleSend', { ...sendOf, action, ...part })
        done += reply.done.length
        for (const { reason } of reply.refused)
          if (reason === 'saving_at_gateway') saving++
          else if (reason === 'opted_out') optedOutRefused++
          else changed++
      }
      const refused = changed + saving + optedOutRefused
      // Queued now, but a device that cannot send keeps them waiting: said with why, never "sent now" (QA22 Q22-09).
      const waiting =
        action === 'send'
          ? waitingReason(
              { ...first, status: 'queued', held: false },
              { device, sendingPaused: useOutbox.getState().sendingPaused },
              t,
              (iso, zone) => formatDateTimeInZone(iso, locale, zone)
            )
          : null
      const said = waiting
        ? t('schedules.send.sentWaiting', { count: done, reason: waiting })
        : t(SEND_DONE_KEY[action], { count: done })
      // None left to act on: sent, cancelled or moved meanwhile (from the Outbox, the terminal, its time coming).
      const text =
        done + refused === 0
          ? t('schedules.send.gone')
          : [
              said,
              changed > 0 ? t('schedules.send.changed', { count: changed }) : null,
              saving > 0 ? t('schedules.send.saving', { count: saving }) : null,
              optedOutRefused > 0 ? t('schedules.send.optedOut', { count: optedOutRefused }) : null
            ]
              .filter(Boolean)
              .join(' ')
      // Some not done (changed meanwhile), or none left: a warning, not the plain line of all done.
      const short = refused > 0 || done === 0
      setFeedback({ tone: short ? 'warn' : 'ok', text })
      panels.close()
      // Sent now or cancelled, the send leaves the list: said on the view's line, which takes the focus.
      const leaves = action === 'send' || action === 'cancel'
      onChanged(leaves ? `${to}: ${text}` : undefined, short)
    } catch (error) {
      const refusal = errorInfo(error)
      if (atField?.(refusal)) return
      setFeedback({ tone: 'bad', text: refusal.message })
      if (atField) readRefusal()
    } finally {
      setBusy(false)
    }
  }

  const numbersId = `schedule-send-numbers-${first.id}`
  return (
    <li
      className="card schedule-row schedule-send"
      data-testid="schedule-send"
      data-id={first.id}
      data-send-card
      data-row-focus
      tabIndex={-1}
      aria-labelledby={`schedule-send-time-${first.id} schedule-send-who-${first.id}`}
    >
      <ScheduleWhen item={first} timeId={`schedule-send-time-${first.id}`} />
      <div className="schedule-what">
        <span id={`schedule-send-who-${first.id}`} data-testid="schedule-send-to">
          <strong>{to}</strong>
          {': '}
          {named.map((item, index) => (
            <span key={item.id}>
              {index > 0 ? ', ' : ''}
              <SendRecipient item={item} />
            </span>
          ))}
          {size.numbers > named.length
            ? ` ${t('schedules.send.more', { count: size.numbers - named.length })}`
            : ''}
        </span>
        {contents.map((content) => (
          <span key={content} className="muted">
            {content}
          </span>
        ))}
      </div>
      <ScheduleMeta item={first} part="shared" />
      {notYetAtGateway > 0 ? (
        <p className="schedule-meta small" data-testid="schedule-send-not-at-gateway">
          <strong>{t('schedules.send.notAtGateway', { count: notYetAtGateway })}</strong>
        </p>
      ) : null}
      {cancelsAtTurn > 0 ? (
        <p className="schedule-meta small" data-testid="schedule-send-cancels-at-turn">
          <strong>{t('schedules.send.cancelsAtTurn', { count: cancelsAtTurn })}</strong>
        </p>
      ) : null}
      <RowActions label={t('schedules.send.actionsFor', { count: size.numbers })}>
        <PanelToggle
          panels={panels}
          panel="edit"
          className="button"
          testId={`schedule-send-edit-${first.id}`}
        >
          {t('schedules.send.reschedule')}
        </PanelToggle>
        {wordings.length > 0 ? (
          <PanelToggle
            panels={panels}
            panel="words"
            className="button"
            testId={`schedule-send-words-${first.id}`}
          >
            {t('schedules.send.reword')}
          </PanelToggle>
        ) : null}
        {first.held ? (
          <button
            type="button"
            className="button button--primary"
            data-testid={`schedule-send-release-${first.id}`}
            {...busyButtonProps(busy, () => void settle('send'))}
          >
            {t('schedules.send.sendNow', { count })}
          </button>
        ) : null}
        <PanelToggle
          panels={panels}
          panel="cancel"
          className="button"
          testId={`schedule-send-cancel-${first.id}`}
        >
          {t('schedules.send.cancel', { count })}
        </PanelToggle>
        <button
          type="button"
          className="button"
          aria-expanded={open}
          aria-controls={numbersId}
          data-testid={`schedule-send-numbers-${first.id}`}
          onClick={() => setOpen(!open)}
        >
          {onePerNumber
            ? t(open ? 'schedules.send.hide' : 'schedules.send.show', { count })
            : t(open ? 'schedules.send.hideMessages' : 'schedules.send.showMessages', { count })}
        </button>
      </RowActions>
      {panels.open === 'cancel' ? (
        <ConfirmPanel
          id={`send-cancel-q-${first.id}`}
          question={t('schedules.send.cancelConfirm', { count: size.numbers })}
          confirmLabel={t('schedules.send.cancel', { count })}
          keepLabel={t('common.keep')}
          onConfirm={() => void settle('cancel')}
          onKeep={panels.close}
          disabled={busy}
          confirmTestId={`schedule-send-cancel-confirm-${first.id}`}
        />
      ) : null}
      {panels.open === 'edit' ? (
        <RescheduleForm
          // Its fields named apart from those of its first number's own form (the ids are made from the item's).
          item={{ ...first, id: `send-${first.id}` }}
          withText={false}
          busy={busy}
          optedOut={
            optedOut > 0
              ? { notice: t('schedules.send.optedOutAhead', { count: optedOut }), blocksSave: false }
              : undefined
          }
          onCancel={panels.close}
          onSave={(request, _changed, atField) =>
            void settle('reschedule', [{ schedule: request.schedule }], atField)
          }
        />
      ) : null}
      {panels.open === 'words' ? (
        <RewordForm
          idPrefix={`send-words-${first.id}`}
          wordings={wordings}
          busy={busy}
          onCancel={panels.close}
          onSave={(changes) =>
            changes.length > 0
              ? void settle(
                  'reword',
                  changes.map((reword) => ({ reword }))
                )
              : panels.close()
          }
        />
      ) : null}
      <RowResult ref={resultRef} feedback={feedback} shown={saysResult} />
      <ul
        id={numbersId}
        className="schedule-list schedule-send-numbers"
        aria-label={t('schedules.send.numbersOf')}
        hidden={!open}
      >
        {items.map((item) => (
          <ScheduleRow key={item.id} item={item} inSend {...rowProps(item.id)} />
        ))}
      </ul>
      {open && items.length < count ? (
        <p className="muted small" data-testid="schedule-send-shown">
          {t('schedules.send.shownOf', { shown: items.length, count })}
        </p>
      ) : null}
    </li>
  )
}

function ScheduleRow({
  item,
  inSend = false,
  saysResult,
  onActing,
  onChanged
}: {
  item: OutboxItemView
  /** Listed under its send's card, which says when, on which device and who keeps it: the row says to whom and what. */
  inSend?: boolean
  /** Whether this row was acted on last: the result line under it is shown only then. */
  saysResult: boolean
  onActing(): void
  /** `leaving`: what the action did, when it takes the row out of the list (sent now, cancelled, deleted); `warn`: not all. */
  onChanged(leaving?: string, warn?: boolean): void
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const device = useDevices((s) => s.devices.find((d) => d.id === item.deviceId))
  const panels = useRowPanel<'edit' | 'delete'>()
  const [busy, setBusy] = useState(false)
  const [feedback, setFeedback] = useState<Feedback | null>(null)
  useResultGoesOnOpen(panels.open, () => setFeedback(null))
  const resultRef = useRef<HTMLParagraphElement>(null)
  const readRefusal = useFocusOnceSaid(resultRef)
  const name = useChatName(item.recipient)
  const recipient = recipientText(name, item.recipient, item.isGroup)
  const recipientLine = item.isGroup ? `${t('outbox.group')} ${recipient}` : recipient
  const operatorZone = useOperatorZone()

  /**
   * `done`: what to say once `work` is done, or how to word it from what `work` answered. `atField`: the form's, when
   * its Save asked: a refusal about one of its fields is said there, one about none in the row's line with the focus.
   */
  async function act<R>(
    work: () => Promise<R>,
    done: string | ((result: R) => string),
    leaves = false,
    atField?: SayAtField
  ): Promise<void> {
    setBusy(true)
    setFeedback(null)
    onActing()
    try {
      const result = await work()
      if (typeof done === 'function') done = done(result)
      setFeedback({ tone: 'ok', text: done })
      panels.close()
      onChanged(leaves ? `${recipientLine}: ${done}` : undefined)
    } catch (error) {
      const refusal = errorInfo(error)
      if (atField?.(refusal)) return
      setFeedback({ tone: 'bad', text: refusal.message })
      if (atField) readRefusal()
    } finally {
      setBusy(false)
    }
  }

  return (
    // A J / K stop, named by when and to whom (a list item takes no name from what it holds).
    <li
      className="card schedule-row"
      data-testid="schedule-row"
      data-id={item.id}
      data-row-focus
      tabIndex={-1}
      aria-labelledby={
        inSend ? `schedule-who-${item.id}` : `schedule-time-${item.id} schedule-who-${item.id}`
      }
    >
      {inSend ? null : <ScheduleWhen item={item} timeId={`schedule-time-${item.id}`} />}
      <div className="schedule-what">
        <span id={`schedule-who-${item.id}`}>
          {item.isGroup ? `${t('outbox.group')} ` : ''}
          <RecipientLabel
            name={name}
            chatId={item.recipient}
            isGroup={item.isGroup}
            testId="schedule-recipient"
          />
        </span>
        <span className="muted">{contentText(item, t)}</span>
      </div>
      <ScheduleMeta item={item} {...(inSend ? { part: 'own' as const } : {})} />
      <RowActions label={t('schedules.actionsFor', { recipient })}>
        <PanelToggle panels={panels} panel="edit" className="button" testId={`schedule-edit-${item.id}`}>
          {t('schedules.edit')}
        </PanelToggle>
        {item.held ? (
          <button
            type="button"
            className="button button--primary"
            data-testid={`schedule-release-${item.id}`}
            {...busyButtonProps(
              busy,
              () =>
                // Queued now, it leaves the list: said, with focus on that line (QA13 Q13-06), as Cancel does.
                void act(
                  () => useOutbox.getState().release(item.id),
                  (released) => {
                    // Queued now, but a device that cannot send (token locked, logged out, paused) keeps it waiting:
                    // said with why, never "Sending now" (QA22 Q22-09).
                    const reason = waitingReason(
                      released,
                      { device, sendingPaused: useOutbox.getState().sendingPaused },
                      t,
                      (iso, zone) => formatDateTimeInZone(iso, locale, zone)
                    )
                    return reason ? t('schedules.releasedWaiting', { reason }) : t('schedules.released')
                  },
                  true
                )
            )}
          >
            {t('outbox.release')}
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          data-testid={`schedule-cancel-${item.id}`}
          {...busyButtonProps(
            busy,
            () =>
              void act(
                () => useOutbox.getState().cancel(item.id),
                // The gateway's copy is cancelled by a call of its own (asked again until taken): said as asked, the
                // Outbox following it (QA58: "Cancelled." while the gateway, not answering, still held it).
                (cancelled) =>
                  t(cancelled.gatewayStillHolds ? 'schedules.cancelledGatewayAsked' : 'schedules.cancelled'),
                true
              )
          )}
        >
          {t('outbox.cancel')}
        </button>
        <PanelToggle
          panels={panels}
          panel="delete"
          className="button button--danger"
          testId={`schedule-delete-${item.id}`}
        >
          {t('outbox.delete')}
        </PanelToggle>
      </RowActions>
      {panels.open === 'delete' ? (
        <ConfirmPanel
          id={`delete-q-${item.id}`}
          question={t('schedules.delete.confirm')}
          confirmLabel={t('outbox.delete')}
          keepLabel={t('common.keep')}
          onConfirm={() => void act(() => useOutbox.getState().remove(item.id), t('outbox.deleted'), true)}
          onKeep={panels.close}
          disabled={busy}
          confirmTestId={`schedule-delete-confirm-${item.id}`}
        />
      ) : null}
      {panels.open === 'edit' ? (
        <RescheduleForm
          item={item}
          busy={busy}
          optedOut={optedOutAhead(item, t, locale, operatorZone)}
          onCancelSending={() =>
            void act(
              () => useOutbox.getState().cancel(item.id),
              (cancelled) =>
                t(cancelled.gatewayStillHolds ? 'schedules.cancelledGatewayAsked' : 'schedules.cancelled'),
              true
            )
          }
          onCancel={panels.close}
          onSave={(request, { moved }, atField) =>
            void act(
              () => useOutbox.getState().edit(request),
              // Only its words changed: it goes at the same time, not "Rescheduled." (QA58).
              t(moved || request.text === undefined ? 'schedules.saved' : 'schedules.savedWords'),
              false,
              atField
            )
          }
        />
      ) : null}
      <RowResult ref={resultRef} feedback={feedback} shown={saysResult} />
    </li>
  )
}

/** One text a send says, or one file's caption (`file`: its name; the caption may be empty), and an item saying it. */
interface Wording {
  text: string
  like: string
  file: string | null
}

/**
 * A send's texts and captions said in other words, each as it is now (a typo in a promo to 200 numbers was 200
 * edits): only those changed are asked for; a text left empty, or either too long, is said at its field and nothing
 * is saved. A caption emptied is taken away.
 */
function RewordForm({
  idPrefix,
  wordings,
  busy,
  onCancel,
  onSave
}: {
  idPrefix: string
  wordings: Wording[]
  busy: boolean
  onCancel(): void
  onSave(changes: { like: string; text: string }[]): void
}): React.JSX.Element {
  const t = useT()
  const [drafts, setDrafts] = useState(() => wordings.map(({ text }) => text))
  const [tried, setTried] = useState(false)
  const textCount = wordings.filter(({ file }) => file === null).length
  const problems = drafts.map((draft, index) => wordsProblem(draft, wordings[index]!.file === null, t))

  function submit(event: FormEvent): void {
    event.preventDefault()
    setTried(true)
    const wrong = problems.findIndex((problem) => problem !== null)
    if (wrong >= 0) {
      document.getElementById(`${idPrefix}-${wrong}`)?.focus()
      return
    }
    onSave(
      wordings.flatMap(({ text, like }, index) =>
        drafts[index] !== text ? [{ like, text: drafts[index]! }] : []
      )
    )
  }

  return (
    <form
      className="inline-form form-grid"
      onSubmit={submit}
      onKeyDown={cancelOnEscape(onCancel, busy)}
      noValidate
      data-testid={`${idPrefix}-form`}
    >
      {wordings.map(({ like, file }, index) => (
        <Field
          key={like}
          id={`${idPrefix}-${index}`}
          label={
            file !== null
              ? t('schedules.send.rewordCaption', { file })
              : textCount === 1
                ? t('send.text')
                : t('schedules.send.rewordText', {
                    n: wordings.slice(0, index + 1).filter((wording) => wording.file === null).length,
                    count: textCount
                  })
          }
          className="span-all"
          error={tried ? problems[index] : null}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              dir="auto"
              value={drafts[index]}
              onChange={(e) => {
                const value = e.target.value
                setDrafts((all) => all.map((draft, at) => (at === index ? value : draft)))
              }}
            />
          )}
        </Field>
      ))}
      <div className="actions span-all">
        <button type="submit" className="button button--primary" {...busyButtonProps(busy)}>
          {t('common.save')}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
}
