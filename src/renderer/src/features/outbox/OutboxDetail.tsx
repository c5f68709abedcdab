// One outbox item in detail (`outbox:get`): facts, status timeline, and retry / cancel / edit / release / delete.
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import type { DeviceView, OutboxItemView } from '../../../../shared/contract'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatBytes, formatDateTimeInZone } from '../../i18n/dates'
import { useDevices } from '../../stores/devices'
import { useOutbox, type ItemDetail } from '../../stores/outbox'
import { Field } from '../../ui/Field'
import { checkGroupId, normalisePhone, splitRecipients } from '../send/recipients'
import { itemActions, revokeOneQuestion, shownStatus } from './status'
import { StatusBadge } from './StatusBadge'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { RecipientName } from '../../ui/RecipientName'
import { Timeline } from './Timeline'
import { useTakeBackOutcome } from './take-back-outcome'
import { TakeBackHeldControl } from './TakeBackHeldControl'
import { RemedyAdvice, remedyOf } from './RemedyAdvice'
import {
  cancelsAtTurnLine,
  holdingDevice,
  isHeldByPause,
  notAtGatewayReason,
  waitingLine,
  waitingReason
} from './waiting'
import { DeviceHelpButton, DeviceHelpSaid, helpingAction, useDeviceHelp } from '../devices/device-help'
import { useDeviceName } from './device-name'
import { messageTextProblem } from '../../../../shared/domain/limits'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { busyButtonProps } from '../../ui/busy-button'
import { focusOpenedPanel } from '../../ui/RowActions'
import { cancelOnEscape, useEscapeLeftOver } from '../../ui/escape'
import { ReadFailed, useReadAgain } from '../../ui/ReadFailed'
import { reasonInWords } from '../../../../shared/i18n/note-text'
import { useFocusKeptInside } from '../../ui/use-focus-kept-inside'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import { useFocusOnceSaid } from '../../ui/use-focus-first-invalid'
import { useNow } from '../../ui/use-now'
import './outbox.css'
import { isTerminalDeviceId, MAX_TEXT_LENGTH, scheduleKeeper } from '../../../../shared/domain'
import { useOperatorZone } from '../../stores/settings'
import { optOutHowText, useOptOutEntry } from '../campaigns/opt-out-source'
import { optedOutAhead, RescheduleForm, type SayAtField } from '../schedules/RescheduleForm'

/**
 * How long an action's result line holds: `while` the item has one of these statuses; `failedAgain`, a retry's line
 * says so once it fails again; `takeBack`, "Asked the gateway" goes once the take-back is held.
 */
interface FeedbackHolds {
  while?: readonly OutboxItemView['status'][]
  failedAgain?: boolean
  takeBack?: boolean
}

/** A retry's "Queued again." holds while the item is on its way again, not once it failed again. */
const STILL_RETRYING = ['queued', 'sending', 'accepted', 'sent', 'delivered', 'read'] as const
/** "Scheduled again." holds while it waits for its time. */
const STILL_SCHEDULED = ['scheduled'] as const

/** What the detail watches of the item: a change to it reads the detail (its history) again. */
const stampOf = (item: OutboxItemView | undefined): string => (item ? `${item.status}|${item.updatedAt}` : '')

/** With the gateway, where only the device's own reports (delivered, read) would move it on. */
const AWAITING_REPORTS = new Set<OutboxItemView['status']>(['accepted', 'sent', 'delivered'])

export function OutboxDetail({ id, onClose }: { id: string; onClose(): void }): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  const zone = useOperatorZone()
  const live = useOutbox((s) => s.known.get(id))
  const devices = useDevices((s) => s.devices)
  const nameOf = useDeviceName(t)
  const sendingPaused = useOutbox((s) => s.sendingPaused)
  const [detail, setDetail] = useState<ItemDetail | null>(null)
  const [loadError, setLoadError] = useState<ErrorInfo | null>(null)
  /** Reads asked for by the operator's Try again. */
  const [reads, setReads] = useState(0)
  // A result may hold only while the item is as the action left it ("Queued again." leaves once it fails again).
  // A retry's line says so when the item fails again, and why: the outcome the operator waits for (QA25 Q25-03).
  const [feedback, setFeedback] = useState<({ tone: 'ok' | 'bad'; text: string } & FeedbackHolds) | null>(
    null
  )
  const [busy, setBusy] = useState(false)
  // One asked elsewhere (the thread's bubble, a campaign's) is followed here too: its line says what it waits for, and
  // it is not offered again (QA63: "Read" and Delete for everyone offered again while it waited for the device).
  const openTakeBack = detail?.item.id === id ? (detail.openTakeBack ?? null) : null
  const takeBackOutcome = useTakeBackOutcome(id, 'timeline', openTakeBack)
  const [editing, setEditing] = useState(false)
  // Schedules' Reschedule form, open under the detail's buttons (QA: the detail of a scheduled message offered none).
  const [rescheduling, setRescheduling] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [confirmOptOut, setConfirmOptOut] = useState(false)
  // Deleting for everyone cannot be undone: the button first asks, like deleting from the outbox.
  const [confirmRevoke, setConfirmRevoke] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const revokeRef = useRef<HTMLButtonElement>(null)
  const deleteRef = useRef<HTMLButtonElement>(null)
  const optOutRef = useRef<HTMLButtonElement>(null)
  const editRef = useRef<HTMLButtonElement>(null)
  const rescheduleRef = useRef<HTMLButtonElement>(null)
  const rescheduleFormRef = useRef<HTMLDivElement>(null)
  const feedbackRef = useRef<HTMLParagraphElement>(null)
  const outcomeRef = useRef<HTMLParagraphElement>(null)
  const failureRef = useRef<HTMLDivElement>(null)
  // A take-back that asked nothing yet says nothing in the result line: the focus goes to why it waits (QA41 Q41-04).
  const actionStarts = useFocusAfterAction(busy, feedbackRef, outcomeRef, headingRef)
  // A form's refusal about none of its fields is read in the result line, the focus there (after the line above put
  // it back on the pressed Save): Issue 29, the operator was left on Save.
  const readRefusal = useFocusOnceSaid(feedbackRef)
  const stamp = stampOf(live)
  // A bulk change (a take-back's answer, a bulk cancel) names no item: the detail asks for its own again.
  const bulkSeq = useOutbox((s) => s.bulkSeq)

  const loaded = (live ?? detail?.item) !== undefined
  // The loading heading and the loaded one are different elements: focus follows to the one on screen.
  useLayoutEffect(() => {
    headingRef.current?.focus()
  }, [id, loaded])

  // The Reschedule form takes the focus as it opens, as Schedules' does (focusOpenedPanel).
  useLayoutEffect(() => {
    if (rescheduling) focusOpenedPanel(rescheduleFormRef.current)
  }, [rescheduling])

  // Escape closes the detail from anywhere inside it, except where an open form or confirmation takes it.
  const closesOnEscape = !editing && !rescheduling && !confirmDelete && !confirmRevoke && !confirmOptOut
  function closeOnEscape(event: React.KeyboardEvent): void {
    if (event.key === 'Escape' && !event.defaultPrevented && closesOnEscape) {
      event.preventDefault()
      onClose()
    }
  }
  // And from anywhere else, once nothing else took the key (QA74: from "Skip to content", after Tab past its last
  // button, Escape did nothing); the focus goes back to its row (onClose).
  useEscapeLeftOver(closesOnEscape, onClose)

  // The last read, and what asked for it (the item, a bulk change, Try again): the store takes what it reads
  // (OutboxStore.get), which changes `stamp` while the read is still on its way. The item as that read brings it is no
  // change to read again: a message the list did not hold was read twice on opening.
  const lastRead = useRef<{ asked: string; read: Promise<ItemDetail> } | null>(null)
  useEffect(() => {
    let on = true
    const asked = `${id}|${bulkSeq}|${reads}`
    const last = lastRead.current?.asked === asked ? lastRead.current.read : null
    const readNow = (): Promise<ItemDetail> => useOutbox.getState().get(id)
    const read = last
      ? last.then((brought) => (stampOf(brought.item) === stamp ? brought : readNow()), readNow)
      : readNow()
    lastRead.current = { asked, read }
    read
      .then((reply) => {
        if (!on) return
        setDetail(reply)
        setLoadError(null)
      })
      .catch((error: unknown) => {
        if (on) setLoadError(errorInfo(error))
      })
    return () => {
      on = false
    }
  }, [id, stamp, bulkSeq, reads])

  // A read that fails while the focus is where the detail put it (its heading, on opening or on Try again) takes the
  // focus to why, and to Try again, as a campaign that cannot be read does. Try again: "Loading…" meanwhile; the focus
  // on the heading, not dropped with the button, until it is read.
  const readAgain = useReadAgain(loadError, headingRef, failureRef, () => {
    setLoadError(null)
    setReads((n) => n + 1)
  })

  const item = live ?? detail?.item
  // "Asked the gateway" goes once the take-back is held (paused, offline…) or resumed here: the outcome line alone says
  // where it stands (QA43 Q43-01).
  const feedbackHolds =
    item !== undefined &&
    feedback !== null &&
    (!feedback.while || feedback.while.includes(item.status)) &&
    !(feedback.takeBack && takeBackOutcome.outcomeAlone)
  // Said in the same live line (not a new one), so a screen reader reads the change.
  const failedAgain =
    !feedbackHolds && feedback?.failedAgain === true && item?.status === 'failed'
      ? {
          tone: 'bad' as const,
          text: item.failure
            ? t('outbox.failedAgain', {
                reason: reasonInWords(
                  language,
                  item.failure.message,
                  item.failure.messageKey,
                  item.failure.messageParams
                ).words
              })
            : t('outbox.failedAgainBare')
        }
      : null
  const feedbackShown = feedbackHolds || failedAgain !== null
  // The result line is hidden once it has nothing to say ("Queued again." goes when the retried message is cancelled):
  // the focus it held goes before the browser drops it to the page (QA14 Q14-08): to the take-back's line when it
  // says something (a take-back held since), else to the heading.
  useLayoutEffect(() => {
    if (!feedbackShown && document.activeElement === feedbackRef.current)
      (outcomeRef.current?.textContent ? outcomeRef : headingRef).current?.focus()
  })
  // A button that leaves with the focus because the message moved on by itself (the gateway answered "Cancel at the
  // gateway": the cancel and Retry-free actions are redrawn) hands it to what the detail says now, not to the page.
  const detailRef = useRef<HTMLElement>(null)
  useFocusKeptInside(
    detailRef,
    () => [outcomeRef, feedbackRef].find((line) => line.current?.textContent)?.current ?? headingRef.current,
    busy
  )
  // Whether its number is on the opt-out list now: "Put this number on the list" is offered only while it is not.
  const listedAs = useOptOutEntry(item?.recipient ?? '', item === undefined || item.isGroup)
  // Whether a cancelled schedule's time is still ahead: its Retry schedules it again then (the core's retry).
  const now = useNow(30_000)
  if (!item) {
    return (
      <section
        className="card detail"
        data-testid="outbox-detail"
        aria-labelledby="detail-title"
        data-detail-of-current-row
        onKeyDown={closeOnEscape}
      >
        <h3 id="detail-title" ref={headingRef} tabIndex={-1}>
          {t('outbox.detail')}
        </h3>
        {loadError ? (
          <ReadFailed
            ref={failureRef}
            testId="outbox-detail-load-error"
            says={t('outbox.readFailed', { why: loadError.message })}
            onRetry={readAgain}
          />
        ) : (
          <p role="status">{t('outbox.loading')}</p>
        )}
      </section>
    )
  }

  const offered = itemActions(item)
  // While a take-back is open, neither it nor Delete is offered: deleted here, its call would still reach the gateway
  // once the device can act, with no trace left in the Outbox (the core refuses such a delete too).
  const allowed = openTakeBack
    ? { ...offered, revoke: false, cancelAtGateway: false, remove: false }
    : offered
  // A permanent failure (a file too large for the gateway) fails the same way again: Retry is not offered.
  const remedy = remedyOf(item)
  // A cancelled schedule: its time no longer holds, and its Retry schedules it again while that time is ahead, said
  // on the button (QA68: "Scheduled for …" and "Retry" said neither).
  const wasScheduled =
    item.scheduledAt !== null && (item.status === 'cancelled' || item.status === 'cancelled_at_gateway')
  const schedulesAgain = wasScheduled && Date.parse(item.scheduledAt ?? '') > now
  const shown = feedbackHolds ? feedback : failedAgain
  const device = devices.find((d) => d.id === item.deviceId)
  // Queued by the terminal for credentials this app does not list: the edit's rules (its recipient, file limit and
  // schedule) belong to a device the app cannot see, and only the terminal sends it. Said instead of offered.
  const editNeedsDevice = allowed.edit && !device && isTerminalDeviceId(item.deviceId)
  // A message waiting for its time is moved here as in Schedules, whoever keeps it (the core's edit moves the
  // gateway's copy too); one the app cannot edit (a terminal's device it does not list) says so below instead.
  const reschedulable = item.status === 'scheduled' && allowed.edit && !editNeedsDevice

  /**
   * `done`: what to say once `work` is done, or how to word it from what `work` answered. `atField`: the form's, when
   * a form asked: a refusal about one of its fields is said there, one about none here with the focus.
   */
  async function act<R>(
    work: () => Promise<R>,
    done: string | ((result: R) => string),
    holds: FeedbackHolds = {},
    atField?: SayAtField
  ): Promise<void> {
    actionStarts()
    setBusy(true)
    setFeedback(null)
    try {
      const result = await work()
      if (typeof done === 'function') done = done(result)
      setFeedback({ tone: 'ok', text: done, ...holds })
    } catch (error) {
      const refusal = errorInfo(error)
      if (atField?.(refusal)) return
      setFeedback({ tone: 'bad', text: await refusalWords(refusal) })
      if (atField) readRefusal()
    } finally {
      setBusy(false)
    }
  }

  /**
   * A refusal because the message moved meanwhile (the terminal retried or cancelled it, another window did): the
   * detail asks for it again, shows it as it is now, and says so (QA24 Q24-04), instead of a refusal beside a detail
   * that still offers the same action.
   */
  async function refusalWords(refusal: ErrorInfo): Promise<string> {
    if (!item || (refusal.code !== 'invalid_state' && refusal.code !== 'already_cancelled'))
      return refusal.message
    const statusBefore = item.status
    try {
      const now = await useOutbox.getState().get(item.id)
      setDetail(now)
      return refusal.code === 'invalid_state' && now.item.status !== statusBefore
        ? t('outbox.changedMeanwhile', { status: t(`status.${now.item.status}`) })
        : refusal.message
    } catch {
      return refusal.message
    }
  }

  const store = useOutbox.getState()
  const cancelsAtTurn = cancelsAtTurnLine(item, t)
  // Who keeps a schedule until its time, as Schedules says it: one meant for the gateway that the gateway has not taken
  // is this computer's, and goes from here at its time (QA65: the pane said "Scheduled for 00:08" alone).
  const keptBy = scheduleKeeper(item)
  const notAtGatewayWhy = notAtGatewayReason(item, { device, sendingPaused }, t)
  const keeper =
    keptBy === 'here'
      ? t('send.schedule.local')
      : keptBy === 'gateway'
        ? t('send.schedule.gateway')
        : keptBy === 'notYetAtGateway'
          ? notAtGatewayWhy
            ? t('outbox.keeper.notYetBecause', { reason: notAtGatewayWhy })
            : t('outbox.keeper.notYet')
          : null
  const waiting = waitingLine(
    item,
    { device: devices.find((d) => d.id === item.deviceId), sendingPaused },
    t,
    (iso, its) => formatDateTimeInZone(iso, locale, its ?? zone)
  )
  const holder = holdingDevice(item, { device, sendingPaused })

  return (
    <section
      ref={detailRef}
      className="card detail"
      data-testid="outbox-detail"
      aria-labelledby="detail-title"
      // J and K count from its message's row (Shortcuts), not from where the detail stands in the page (QA68: J went
      // to the last row drawn).
      data-detail-of-current-row
      onKeyDown={closeOnEscape}
    >
      <div className="detail-head">
        {/* The title and its badge wrap within their own column: the × keeps the corner, on the title's line. */}
        <div className="detail-title">
          <h3 id="detail-title" ref={headingRef} tabIndex={-1}>
            {item.isGroup ? `${t('outbox.group')} ` : null}
            <RecipientName chatId={item.recipient} isGroup={item.isGroup} testId="outbox-detail-recipient" />
          </h3>
          <StatusBadge
            status={shownStatus(item)}
            held={item.held}
            paused={isHeldByPause(item, { device, sendingPaused })}
            waitingFor={holder?.label ?? null}
            testId="outbox-detail-status"
            failureCode={item.failure?.code ?? null}
            takingBack={item.takingBack === true}
          />
        </div>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.close')}
          data-testid="outbox-detail-close"
          onClick={onClose}
        >
          ×
        </button>
      </div>
      {!device && AWAITING_REPORTS.has(item.status) ? (
        <p className="waiting-reason" data-testid="outbox-device-removed">
          {t('outbox.deviceRemoved')}
        </p>
      ) : null}
      {listedAs !== null && remedy !== 'lift-opt-out' ? (
        <p className="muted" data-testid="outbox-listed">
          {t('outbox.listed', { how: optOutHowText(listedAs, t) })}
        </p>
      ) : null}
      {item.gatewayStillHolds ? (
        <p className="alert alert--warn" data-testid="outbox-gateway-still-holds">
          {t('outbox.gatewayStillHolds')}
        </p>
      ) : null}
      {item.gatewayChangeOwed ? (
        <p className="alert alert--warn" data-testid="outbox-gateway-change-owed">
          {t('outbox.gatewayChangeOwed')}
        </p>
      ) : null}
      <RemedyAdvice item={item} />
      {cancelsAtTurn ? (
        <p className="alert alert--warn" data-testid="outbox-cancels-at-turn">
          {cancelsAtTurn}
        </p>
      ) : null}
      {waiting ? (
        <p className="waiting-reason" data-testid="outbox-waiting-reason">
          {waiting}
        </p>
      ) : null}
      {holder ? <HoldingDeviceHelp device={holder} /> : null}
      <dl className="facts">
        <div>
          <dt>{t('outbox.fact.kind')}</dt>
          <dd>
            {t(`kind.${item.kind}`)}
            {item.fileName ? ` — ${item.fileName}` : ''}
            {item.fileSize !== null ? ` · ${formatBytes(item.fileSize, locale)}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('outbox.fact.device')}</dt>
          <dd>{nameOf(item.deviceId)}</dd>
        </div>
        <div>
          <dt>{t('outbox.fact.created')}</dt>
          {/* Every time here names its zone: beside a schedule's "… WITA", a bare time read as any (QA22 Q22-04). */}
          <dd>{formatDateTimeInZone(item.createdAt, locale, zone)}</dd>
        </div>
        {item.scheduledAt ? (
          <div>
            <dt>{t(wasScheduled ? 'outbox.fact.wasScheduled' : 'outbox.fact.scheduled')}</dt>
            <ScheduledAt at={item.scheduledAt} timezone={item.timezone} locale={locale} zone={zone} />
          </div>
        ) : null}
        {keeper ? (
          <div>
            <dt>{t('send.schedule.mode')}</dt>
            <dd data-testid="outbox-keeper">{keeper}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('outbox.fact.attempts')}</dt>
          <dd>{item.attempts}</dd>
        </div>
        {/* A "sending" item's next attempt is its next check at the gateway (see waitingReason), moved on quietly. */}
        {item.nextAttemptAt && item.status !== 'sending' ? (
          <div>
            <dt>{t('outbox.fact.nextAttempt')}</dt>
            <dd>{formatDateTimeInZone(item.nextAttemptAt, locale, zone)}</dd>
          </div>
        ) : null}
      </dl>
      {item.text ? (
        <p className="detail-text" dir="auto">
          {item.text}
        </p>
      ) : null}
      {detail ? (
        <Timeline item={item} history={detail.history} />
      ) : loadError ? (
        // Its facts are the list's; its history is the read that failed.
        <ReadFailed
          testId="outbox-detail-load-error"
          says={t('outbox.historyReadFailed', { why: loadError.message })}
          onRetry={readAgain}
        />
      ) : (
        <p className="muted">{t('outbox.loading')}</p>
      )}

      <div className="actions" role="group" aria-label={t('outbox.actions')}>
        {allowed.retry && remedy === 'retry' ? (
          <button
            type="button"
            className="button button--primary"
            data-testid="outbox-retry"
            {...busyButtonProps(
              busy,
              () =>
                void act(
                  () => store.retry(item.id),
                  t(schedulesAgain ? 'outbox.scheduledAgain' : 'outbox.retried'),
                  { while: schedulesAgain ? STILL_SCHEDULED : STILL_RETRYING, failedAgain: true }
                )
            )}
          >
            {t(schedulesAgain ? 'outbox.scheduleAgain' : 'outbox.retry')}
          </button>
        ) : null}
        {allowed.release ? (
          <button
            type="button"
            className="button button--primary"
            data-testid="outbox-release"
            {...busyButtonProps(
              busy,
              () =>
                void act(
                  () => store.release(item.id),
                  // The waiting line below says why it still waits (a device that cannot send): not "sent now".
                  (released) =>
                    waitingReason(released, { device, sendingPaused }, t, (iso, its) =>
                      formatDateTimeInZone(iso, locale, its ?? zone)
                    )
                      ? t('outbox.releasedWaiting')
                      : t('outbox.released')
                )
            )}
          >
            {t('outbox.release')}
          </button>
        ) : null}
        {allowed.edit && !editNeedsDevice ? (
          <button
            type="button"
            className="button"
            ref={editRef}
            data-testid="outbox-edit"
            aria-expanded={editing}
            onClick={() => {
              setRescheduling(false)
              setEditing(!editing)
            }}
          >
            {t('outbox.edit')}
          </button>
        ) : null}
        {reschedulable ? (
          <button
            type="button"
            className="button"
            ref={rescheduleRef}
            data-testid="outbox-reschedule"
            aria-expanded={rescheduling}
            onClick={() => {
              setEditing(false)
              setRescheduling(!rescheduling)
            }}
          >
            {t('schedules.edit')}
          </button>
        ) : null}
        {allowed.cancel ? (
          <button
            type="button"
            className="button"
            data-testid="outbox-cancel"
            {...busyButtonProps(busy, () => void act(() => store.cancel(item.id), t('outbox.cancelled')))}
          >
            {t('outbox.cancel')}
          </button>
        ) : null}
        {allowed.revoke ? (
          <button
            type="button"
            className="button button--danger"
            ref={revokeRef}
            data-testid="outbox-revoke"
            disabled={busy}
            aria-expanded={confirmRevoke}
            onClick={() => setConfirmRevoke(!confirmRevoke)}
          >
            {t('outbox.takeBack.revoke')}
          </button>
        ) : null}
        {allowed.cancelAtGateway ? (
          <button
            type="button"
            className="button"
            {...busyButtonProps(
              busy,
              () =>
                // "Asked the gateway", or what was done instead when nothing was asked (stopped here, …).
                void act(
                  async () => takeBackOutcome.follow(await store.takeBack([item.id], 'cancel')),
                  (said) => said,
                  { takeBack: true }
                )
            )}
          >
            {t('outbox.takeBack.cancel')}
          </button>
        ) : null}
        {/* A number the gateway refused as opted out is on the list already; one listed since says so below. */}
        {item.isGroup || remedy === 'lift-opt-out' || listedAs !== null ? null : (
          // The recipient asked for no more messages: campaigns skip the number from now on (the list is in Campaigns).
          // Asked first (QA65: one key press put it on the gateway's blacklist and stopped what waited for it).
          <button
            type="button"
            className="button"
            ref={optOutRef}
            data-testid="outbox-opt-out"
            aria-expanded={confirmOptOut}
            {...busyButtonProps(busy, () => setConfirmOptOut(!confirmOptOut))}
          >
            {t('outbox.optOut')}
          </button>
        )}
        {allowed.remove ? (
          <button
            type="button"
            className="button button--danger"
            ref={deleteRef}
            data-testid="outbox-delete"
            aria-expanded={confirmDelete}
            onClick={() => setConfirmDelete(!confirmDelete)}
          >
            {t('outbox.delete')}
          </button>
        ) : null}
      </div>
      {editNeedsDevice ? (
        <p className="muted" data-testid="outbox-edit-unavailable">
          {t('outbox.edit.terminalDevice')}
        </p>
      ) : null}
      {confirmRevoke && allowed.revoke ? (
        <ConfirmPanel
          id="revoke-q"
          question={revokeOneQuestion(t)}
          confirmLabel={t('outbox.takeBack.revoke')}
          keepLabel={t('common.keep')}
          onConfirm={() =>
            void act(
              async () => {
                const said = takeBackOutcome.follow(await store.takeBack([item.id], 'revoke'))
                setConfirmRevoke(false)
                return said
              },
              (said) => said,
              { takeBack: true }
            )
          }
          onKeep={() => {
            setConfirmRevoke(false)
            revokeRef.current?.focus()
          }}
          disabled={busy}
          confirmTestId="outbox-revoke-confirm"
          focusOnOpen
        />
      ) : null}
      {confirmOptOut ? (
        <ConfirmPanel
          id="optout-q"
          question={t('outbox.optOut.confirm', { phone: formatPhoneForReading(item.recipient) })}
          confirmLabel={t('outbox.optOut')}
          keepLabel={t('common.keep')}
          onConfirm={() =>
            void act(
              async () => {
                await call('optouts:add', { phones: [item.recipient], source: 'outbox' })
                setConfirmOptOut(false)
              },
              t('outbox.optedOut', { phone: formatPhoneForReading(item.recipient) })
            )
          }
          onKeep={() => {
            setConfirmOptOut(false)
            optOutRef.current?.focus()
          }}
          disabled={busy}
          confirmTestId="outbox-opt-out-confirm"
          focusOnOpen
        />
      ) : null}
      {confirmDelete && allowed.remove ? (
        <ConfirmPanel
          id="delete-q"
          question={t('outbox.delete.confirm')}
          confirmLabel={t('outbox.delete')}
          keepLabel={t('common.keep')}
          onConfirm={() =>
            void act(async () => {
              await store.remove(item.id)
              onClose()
            }, t('outbox.deleted'))
          }
          onKeep={() => {
            setConfirmDelete(false)
            deleteRef.current?.focus()
          }}
          disabled={busy}
          confirmTestId="outbox-delete-confirm"
          focusOnOpen
        />
      ) : null}
      {editing && !editNeedsDevice ? (
        <EditItemForm
          key={item.id}
          text={item.text ?? ''}
          recipient={item.recipient}
          isGroup={item.isGroup}
          isText={item.kind === 'text'}
          busy={busy}
          // Cancel or Escape: the form goes with the focused control, the focus back on Edit (Q47-02).
          onCancel={() => {
            setEditing(false)
            editRef.current?.focus()
          }}
          onSave={(patch) =>
            void act(async () => {
              await store.edit({ id: item.id, ...patch })
              setEditing(false)
            }, t('outbox.edited'))
          }
        />
      ) : null}
      {rescheduling && reschedulable ? (
        <div ref={rescheduleFormRef}>
          <RescheduleForm
            key={item.id}
            item={item}
            // Its words are the detail's Edit's.
            withText={false}
            busy={busy}
            optedOut={optedOutAhead(item, t, locale, zone)}
            onCancelSending={() =>
              void act(async () => {
                await store.cancel(item.id)
                setRescheduling(false)
              }, t('outbox.cancelled'))
            }
            // Cancel or Escape: the form goes with the focused control, the focus back on Reschedule.
            onCancel={() => {
              setRescheduling(false)
              rescheduleRef.current?.focus()
            }}
            onSave={(request, _changed, atField) =>
              void act(
                async () => {
                  await store.edit(request)
                  setRescheduling(false)
                  // The form goes with Save: the focus back on Reschedule, the new time above and "Rescheduled." read.
                  rescheduleRef.current?.focus()
                },
                t('schedules.saved'),
                { while: STILL_SCHEDULED },
                atField
              )
            }
          />
        </div>
      ) : null}
      <p
        ref={feedbackRef}
        tabIndex={-1}
        role="status"
        className={shown ? `feedback feedback--${shown.tone}` : 'feedback'}
        data-testid="outbox-feedback"
      >
        {shown?.text ?? ''}
      </p>
      {/* In the page before the gateway answers, so the answer is read as it comes (QA37 Q37-02). */}
      <p
        ref={outcomeRef}
        tabIndex={-1}
        role="status"
        className="feedback"
        data-testid="outbox-takeback-outcome"
      >
        {takeBackOutcome.outcome ?? ''}
      </p>
      <TakeBackHeldControl
        fix={takeBackOutcome.fix}
        resume={takeBackOutcome.resume}
        line={outcomeRef}
        reads={takeBackOutcome.reads}
      />
    </section>
  )
}

interface EditItemFormProps {
  text: string
  recipient: string
  isGroup: boolean
  isText: boolean
  busy: boolean
  onCancel(): void
  onSave(patch: { text?: string; recipient?: string }): void
}

function EditItemForm({
  text,
  recipient,
  isGroup,
  isText,
  busy,
  onCancel,
  onSave
}: EditItemFormProps): React.JSX.Element {
  const t = useT()
  const [draftText, setDraftText] = useState(text)
  const [draftRecipient, setDraftRecipient] = useState(recipient)
  const formRef = useRef<HTMLFormElement>(null)
  // Opened by Edit: the focus on its first field and the form in view, as the other inline forms open (Q48-04), so
  // Esc closes it from there.
  useLayoutEffect(() => focusOpenedPanel(formRef.current), [])
  // One message, one number: an empty field is required and a list is refused as such, not as a malformed number (QA65:
  // both read "Use digits only").
  const pieces = isGroup ? [draftRecipient.trim()].filter(Boolean) : splitRecipients(draftRecipient)
  const check = isGroup ? checkGroupId(pieces[0] ?? '') : normalisePhone(pieces[0] ?? '')
  const recipientError =
    pieces.length === 0
      ? t('common.required')
      : pieces.length > 1
        ? t('outbox.edit.oneNumber')
        : check.problem
          ? t(`recipient.problem.${check.problem}`)
          : null
  const textError =
    isText && !draftText.trim()
      ? t('common.required')
      : messageTextProblem(draftText, { required: isText }) === 'too-long'
        ? t('send.problem.textTooLong', { max: MAX_TEXT_LENGTH })
        : null

  function submit(event: FormEvent): void {
    event.preventDefault()
    if (recipientError || textError) return
    const patch: { text?: string; recipient?: string } = {}
    if (draftText !== text) patch.text = draftText
    if (check.value !== recipient) patch.recipient = check.value
    onSave(patch)
  }

  return (
    <form
      ref={formRef}
      className="inline-form"
      onSubmit={submit}
      // Escape does what Cancel does, as in the other inline forms (Q47-02).
      onKeyDown={cancelOnEscape(onCancel, busy)}
      noValidate
      data-testid="outbox-edit-form"
    >
      <Field id="edit-recipient" label={t('outbox.edit.recipient')} error={recipientError}>
        {(control) => (
          <input
            {...control}
            data-testid="outbox-edit-recipient"
            value={draftRecipient}
            onChange={(e) => setDraftRecipient(e.target.value)}
          />
        )}
      </Field>
      <Field id="edit-text" label={isText ? t('send.text') : t('send.caption')} error={textError}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            dir="auto"
            data-testid="outbox-edit-text"
            value={draftText}
            onChange={(e) => setDraftText(e.target.value)}
          />
        )}
      </Field>
      <div className="actions">
        <button
          type="submit"
          className="button button--primary"
          {...busyButtonProps(busy)}
          data-testid="outbox-edit-save"
        >
          {t('common.save')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
}

/**
 * A schedule's time on its own clock, and on the operator's too when that reads otherwise, as Schedules says it (QA64:
 * "Created … WIB" above "Scheduled for … UTC" read as due before it was written).
 */
function ScheduledAt({
  at,
  timezone,
  locale,
  zone
}: {
  at: string
  timezone: string | null
  locale: string
  zone: string
}): React.JSX.Element {
  const t = useT()
  const own = formatDateTimeInZone(at, locale, timezone)
  const operators = formatDateTimeInZone(at, locale, zone)
  return (
    <dd data-testid="outbox-scheduled-at">
      {own}
      {timezone && own !== operators ? ` ${t('schedules.yourTime', { time: operators })}` : null}
    </dd>
  )
}

/**
 * What helps the device that holds the message, beside why it waits: the one action the attention strip offers it
 * (helpingAction), with what came of it (QA72: "Waiting: Shop B is logged out", and no way on from there).
 */
function HoldingDeviceHelp({ device }: { device: DeviceView }): React.JSX.Element | null {
  const { busy, said, saidRef, run } = useDeviceHelp(device)
  const action = helpingAction(device)
  if (!action) return null
  return (
    <p data-testid="outbox-device-help">
      <DeviceHelpButton device={device} action={action} busy={busy} run={run} />
      <DeviceHelpSaid said={said} saidRef={saidRef} />
    </p>
  )
}
