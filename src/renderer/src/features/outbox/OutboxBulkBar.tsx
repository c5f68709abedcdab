// The bar over the outbox list for the operator's selection: how many are selected, cancel and delete (after a confirm)
// and retry, and an honest account of what happened to each. A take-back it started (Delete for everyone, Cancel at
// the gateway) is followed under its account until it settles, as the detail and the inbox follow theirs: its tally,
// what holds it, Pause and Resume, Try again once its reads kept failing (it said what it started and went stale).
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { MessageKey } from '../../../../shared/i18n'
import type {
  InvokeReply,
  OutboxBulkRefusal,
  OutboxItemView,
  OutboxStatus
} from '../../../../shared/contract'
import {
  budgetLeftToday,
  cancellableHere,
  OUTBOX_BULK_MAX,
  quotaShortfall,
  statusOfChoice
} from '../../../../shared/domain'
import { formatList, formatNumber, useLanguage, useT } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { useOutbox } from '../../stores/outbox'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { runsOutText, setShortfallText } from '../../ui/budget-words'
import { errorInfo, getApi } from '../../api'
import { itemActions, mayBeRetried } from './status'
import { SelectionTakeBackReport } from './SelectionTakeBackReport'
import { revocableCount, revokeSelectionQuestion, useSelectionTakeBack } from './selection-take-back'
import { busyButtonProps } from '../../ui/busy-button'

type BulkReply = InvokeReply<'outbox:cancelMany'>
type BulkAction = 'cancel' | 'retry' | 'delete' | 'release'

/** Each reason's wording per action, so "already sent" reads right after a cancel and after a retry. */
const REFUSAL_KEYS: Record<BulkAction, Record<OutboxBulkRefusal, MessageKey>> = {
  cancel: {
    at_gateway: 'outbox.bulk.atGatewayCancel',
    sending: 'outbox.bulk.sendingCancel',
    not_applicable: 'outbox.bulk.otherCancel',
    not_found: 'outbox.bulk.gone',
    producer: 'outbox.bulk.otherCancel',
    would_fail_again: 'outbox.bulk.otherCancel',
    already_cancelled: 'outbox.bulk.alreadyCancelled',
    after_series_end: 'outbox.bulk.otherCancel',
    device_removed: 'outbox.bulk.otherCancel',
    opted_out: 'outbox.bulk.otherCancel',
    saving_at_gateway: 'outbox.bulk.savingAtGateway',
    gateway_still_holds: 'outbox.bulk.otherCancel',
    taking_back: 'outbox.bulk.otherCancel'
  },
  retry: {
    at_gateway: 'outbox.bulk.atGatewayRetry',
    sending: 'outbox.bulk.sendingRetry',
    not_applicable: 'outbox.bulk.otherRetry',
    not_found: 'outbox.bulk.gone',
    producer: 'outbox.bulk.campaignCancelledRetry',
    would_fail_again: 'outbox.bulk.wouldFailAgainRetry',
    already_cancelled: 'outbox.bulk.otherRetry',
    after_series_end: 'outbox.bulk.afterSeriesEndRetry',
    device_removed: 'outbox.bulk.deviceRemovedRetry',
    opted_out: 'outbox.bulk.optedOutRetry',
    saving_at_gateway: 'outbox.bulk.savingAtGateway',
    gateway_still_holds: 'outbox.bulk.otherRetry',
    taking_back: 'outbox.bulk.otherRetry'
  },
  // Whatever else it is now, one no longer held was not sent by this (sent on its own, or by its own button).
  release: {
    at_gateway: 'outbox.bulk.notHeldRelease',
    sending: 'outbox.bulk.notHeldRelease',
    not_applicable: 'outbox.bulk.notHeldRelease',
    not_found: 'outbox.bulk.gone',
    producer: 'outbox.bulk.notHeldRelease',
    would_fail_again: 'outbox.bulk.notHeldRelease',
    already_cancelled: 'outbox.bulk.notHeldRelease',
    after_series_end: 'outbox.bulk.notHeldRelease',
    device_removed: 'outbox.bulk.notHeldRelease',
    opted_out: 'outbox.bulk.notHeldRelease',
    saving_at_gateway: 'outbox.bulk.savingAtGateway',
    gateway_still_holds: 'outbox.bulk.notHeldRelease',
    taking_back: 'outbox.bulk.notHeldRelease'
  },
  delete: {
    at_gateway: 'outbox.bulk.atGatewayDelete',
    sending: 'outbox.bulk.sendingDelete',
    not_applicable: 'outbox.bulk.waitingDelete',
    not_found: 'outbox.bulk.gone',
    producer: 'outbox.bulk.otherDelete',
    would_fail_again: 'outbox.bulk.otherDelete',
    already_cancelled: 'outbox.bulk.otherDelete',
    after_series_end: 'outbox.bulk.otherDelete',
    device_removed: 'outbox.bulk.otherDelete',
    opted_out: 'outbox.bulk.otherDelete',
    saving_at_gateway: 'outbox.bulk.savingAtGateway',
    // Cancelled, not deleted: the gateway did not take the cancel (QA64).
    gateway_still_holds: 'outbox.bulk.gatewayStillHoldsDelete',
    // Kept while its Delete for everyone (or cancel at the gateway) waits: deleted, it would still go on unseen.
    taking_back: 'outbox.bulk.takingBackDelete'
  }
}

/** A producer's refusal of a retry the core says ahead on the item (retryRefusal), worded before the click. */
const REFUSED_AHEAD_KEYS: Record<NonNullable<OutboxItemView['retryRefusal']>['code'], MessageKey> = {
  producer_refused: 'outbox.bulk.campaignCancelledAhead',
  after_series_end: 'outbox.bulk.afterSeriesEndAhead',
  device_removed: 'outbox.bulk.deviceRemovedAhead',
  opted_out: 'outbox.bulk.optedOutAhead'
}

const DONE_KEYS: Record<BulkAction, MessageKey> = {
  cancel: 'outbox.bulk.cancelled',
  retry: 'outbox.bulk.retried',
  delete: 'outbox.bulk.deleted',
  release: 'outbox.bulk.released'
}
const REASON_ORDER: readonly OutboxBulkRefusal[] = [
  'already_cancelled',
  'at_gateway',
  'sending',
  'producer',
  'after_series_end',
  'device_removed',
  'opted_out',
  'would_fail_again',
  'saving_at_gateway',
  'gateway_still_holds',
  'taking_back',
  'not_applicable',
  'not_found'
]

/** Every item the filters match: how many there were when the operator chose it, and when that count was read. */
export interface MatchingSelection {
  count: number
  asOf: string | null
}

interface OutboxBulkBarProps {
  selection: ReadonlyMap<string, OutboxItemView>
  /** Every item the filters match is selected (else null). */
  matching?: MatchingSelection | null
  /** The core found more matching than confirmed (nothing done): the selection now names that many. */
  onRecount?(count: number): void
  onClear(): void
  /** "Clear selection" was pressed: the bar goes with the selection, and the focus with it unless it is given back. */
  onCleared?(): void
}

/** The count a `count_changed` refusal found, if the error is one. */
function recountOf(error: unknown): number | null {
  const { code } = errorInfo(error)
  const count = (error as { messageParams?: { count?: unknown } }).messageParams?.count
  return code === 'count_changed' && typeof count === 'number' ? count : null
}

/** A reply's refusals as counts per reason (the per-item reply of a selection, or the counts of a match). */
type RefusalCounts = readonly { reason: OutboxBulkRefusal; count: number }[]
/** What a bulk action did: done, refused by reason, and (for every match) how many had left the filters. */
interface BulkOutcome {
  done: number
  refused: RefusalCounts
  noLongerMatching: number
}

function countsOf(reply: BulkReply): RefusalCounts {
  return REASON_ORDER.map((reason) => ({
    reason,
    count: reply.refused.filter((r) => r.reason === reason).length
  }))
}

export function OutboxBulkBar({
  selection,
  matching = null,
  onRecount,
  onClear,
  onCleared
}: OutboxBulkBarProps): React.JSX.Element | null {
  const t = useT()
  const [confirmCancel, setConfirmCancel] = useState(false)
  const [confirmRevoke, setConfirmRevoke] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [confirmRetry, setConfirmRetry] = useState<string | null>(null)
  const language = useLanguage()
  const devices = useDevices((s) => s.devices)
  const [busy, setBusy] = useState(false)
  // QA64 follow-up: a delete of a send of 200 the gateway keeps waits for its cancels there, said as they end.
  const [deleting, setDeleting] = useState(false)
  const [gatewayCancels, setGatewayCancels] = useState<{ done: number; total: number } | null>(null)
  useEffect(() => {
    if (!deleting) return
    return getApi().on('outbox:gatewayCancelProgress', setGatewayCancels)
  }, [deleting])
  // `takeBack`: the account is of a take-back, followed under it (another action's account puts it away).
  const [report, setReport] = useState<{
    tone: 'ok' | 'warn' | 'bad'
    text: string
    takeBack?: boolean
  } | null>(null)
  // Shared with the send's result card (QA75): one take-back flow, its question and words.
  const { followed, start: startTakeBack } = useSelectionTakeBack('outbox-bulk')
  /** The bar's account; another than a take-back's puts its tally away, and it is no longer read either. */
  const account = (next: typeof report): void => {
    setReport(next)
    if (!next?.takeBack) followed.stop()
  }
  // An action's account is of the list it was taken on: other filters put it away (a new operator's probe: "3 retried"
  // stayed beside another list through filter changes). A take-back's is followed live, and stays until it settles
  // (QA68: settled, it stayed over other lists too).
  const filters = useOutbox((s) => s.filters)
  const [reportedUnder, setReportedUnder] = useState(filters)
  if (reportedUnder !== filters) {
    setReportedUnder(filters)
    if (report && (!report.takeBack || followed.view?.state === 'done')) {
      setReport(null)
      if (report.takeBack) followed.stop()
    }
  }
  // The bar (and the button pressed) goes once the action is done: focus moves to what it produced, the report.
  const reportRef = useRef<HTMLParagraphElement>(null)
  // A question takes the focus on Keep (a stray Enter confirms nothing); backing out returns it to its button.
  // "Select all N matching" leaves with its press (an operator's probe: the focus fell to the page): the bar's count,
  // which says what is now selected, takes the focus.
  const countRef = useRef<HTMLSpanElement>(null)
  const allMatching = matching !== null
  const wasAllMatching = useRef(allMatching)
  useLayoutEffect(() => {
    if (allMatching && !wasAllMatching.current) countRef.current?.focus()
    wasAllMatching.current = allMatching
  }, [allMatching])
  const cancelRef = useRef<HTMLButtonElement>(null)
  const revokeRef = useRef<HTMLButtonElement>(null)
  const deleteRef = useRef<HTMLButtonElement>(null)
  const retryRef = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => {
    if (report) reportRef.current?.focus()
  }, [report])
  const known = useOutbox((s) => s.known)
  // What each item can take now: an event may have moved it on since it was ticked (queued, then sent).
  const selected = [...selection.values()].map((ticked) => {
    const seen = known.get(ticked.id)
    return seen && seen.updatedAt >= ticked.updatedAt ? seen : ticked
  })
  // What the core's cancel (the domain's cancellableHere) still stops of a ticked selection: the question counts it.
  const cancellable = matching === null ? selected.filter((item) => itemActions(item).cancel).length : 0
  // Every match is decided by the core (most of them were never loaded here): both actions are offered, unless the
  // status filters leave none they could act on (an operator's probe: under "Read", Retry of all 489 answered "0
  // retried; 489 already sent were not retried", where the ticked 200 had it disabled).
  const statuses = useOutbox((s) => s.filters.statuses)
  const matchingMay = (may: (status: OutboxStatus) => boolean): boolean =>
    statuses.length === 0 || statuses.some((choice) => may(statusOfChoice(choice)))
  const canCancel = matching !== null ? matchingMay(cancellableHere) : cancellable > 0
  const retrying = matching === null ? selected.filter((item) => itemActions(item).retry).length : 0
  const canRetry = matching !== null ? matchingMay(mayBeRetried) : retrying > 0
  // When a Retry of the ticked would not send them all, the bar says how many it sends before the click, naming those
  // their producer refuses (a series' message past its end), rather than only after it.
  const refusedAhead = (Object.keys(REFUSED_AHEAD_KEYS) as (keyof typeof REFUSED_AHEAD_KEYS)[])
    .map((code) => ({ code, count: selected.filter((item) => item.retryRefusal?.code === code).length }))
    .filter(({ count }) => count > 0)
  const retryWhich =
    matching === null && retrying < selected.length && (retrying > 0 || refusedAhead.length > 0)
      ? [
          t('outbox.bulk.retryWhich', { count: retrying, selected: selected.length }),
          ...refusedAhead.map(({ code, count }) => t(REFUSED_AHEAD_KEYS[code], { count }))
        ].join('; ')
      : null
  const count = matching?.count ?? selection.size
  // Taking back at the gateway is decided per message (the domain's decideTakeBack): offered for a ticked selection.
  const revocable = matching === null ? revocableCount(selected) : 0
  const canRevoke = revocable > 0
  const canCancelAtGateway = matching === null && selected.some((item) => itemActions(item).cancelAtGateway)
  // Deleting is offered for a ticked selection, whose rows the question can count.
  const deletable = matching === null ? selected.filter((item) => itemActions(item).remove).length : 0
  // Held schedules (their time passed while nothing could send them) go now on the operator's word: offered for a
  // ticked selection holding some, as each row's own Send now (Schedules sends every held one at once).
  const held =
    matching === null ? selected.filter((item) => item.status === 'scheduled' && item.held).length : 0

  /**
   * The quota question a campaign and a large send ask (send-budget.ts), before a retry that outruns the devices'
   * gateway quota or today's caps: their words, or null when it fits. Each device is counted for its own messages (one
   * device's spare quota sends none of another's): every match counted per device by the core (the loaded rows are a
   * page of them), else the messages ticked.
   */
  async function retryBudgetQuestion(): Promise<string | null> {
    const retryable = selected.filter((item) => itemActions(item).retry)
    const perDevice = new Map<string, number>()
    if (matching !== null) {
      for (const { deviceId, count } of await useOutbox.getState().matchingByDevice())
        perDevice.set(deviceId, count)
    } else for (const item of retryable) perDevice.set(item.deviceId, (perDevice.get(item.deviceId) ?? 0) + 1)
    const involved = devices.filter((device) => perDevice.has(device.id))
    if (involved.length === 0) return null
    const count = (n: number): string => formatNumber(n, language)
    const list = (labels: readonly string[]): string => formatList(labels, language)
    const theirs = (device: (typeof involved)[number]): number => perDevice.get(device.id) ?? 0
    // Each device against its own messages: one short runs out of them (named, most short first, when several are
    // involved), and what the rest waits for is what tops up its quota (the sandbox's own panel for it).
    const runsOut = involved
      .flatMap((device) => {
        const shortfall = quotaShortfall([device], theirs(device))
        return shortfall.kind === 'short' ? shortfall.runsOut : []
      })
      .sort((a, b) => b.short - a.short)
    const short = runsOut.reduce((sum, { short }) => sum + short, 0)
    const shortOn = runsOut.map(({ device }) => device)
    const budgets = involved.map((device) => {
      const left = budgetLeftToday(device)
      return left === null ? null : Math.min(left, theirs(device))
    })
    const left = budgets.every((b) => b !== null)
      ? budgets.reduce<number>((sum, b) => sum + (b ?? 0), 0)
      : null
    const counted = involved.reduce((sum, device) => sum + theirs(device), 0)
    const words = [
      short > 0
        ? setShortfallText(
            t,
            count,
            list,
            { covered: counted - short, messages: counted },
            { devices: shortOn, messages: counted }
          )
        : null,
      // A retry sends each device's own: a spent one's messages wait for it.
      involved.length > 1 && runsOut.length > 0 ? runsOutText(t, list, runsOut, 'waits') : null,
      left !== null && left < counted
        ? t('campaigns.presend.overBudget', { left: count(left), count: count(counted) })
        : null
    ].filter((text) => text !== null)
    return words.length > 0 ? words.join(' ') : null
  }

  async function askThenRetry(): Promise<void> {
    setBusy(true)
    let question: string | null
    try {
      question = await retryBudgetQuestion()
    } catch (error) {
      account({ tone: 'bad', text: errorInfo(error).message })
      setBusy(false)
      return
    }
    setBusy(false)
    if (question === null) void run('retry')
    else setConfirmRetry(question)
  }

  async function takeBack(action: 'revoke' | 'cancel'): Promise<void> {
    setBusy(true)
    account(null)
    try {
      account(await startTakeBack([...selection.keys()], action))
      onClear()
    } catch (error) {
      account({ tone: 'bad', text: errorInfo(error).message })
    } finally {
      setBusy(false)
      setConfirmRevoke(false)
    }
  }

  function describe(action: BulkAction, outcome: BulkOutcome): string {
    const parts = [t(DONE_KEYS[action], { count: outcome.done })]
    for (const reason of REASON_ORDER) {
      const count = outcome.refused.find((r) => r.reason === reason)?.count ?? 0
      if (count > 0) parts.push(t(REFUSAL_KEYS[action][reason], { count: count }))
    }
    if (outcome.noLongerMatching > 0)
      parts.push(t('outbox.bulk.noLongerMatching', { count: outcome.noLongerMatching }))
    return parts.join('; ')
  }

  async function act(action: BulkAction): Promise<BulkOutcome> {
    const store = useOutbox.getState()
    if (matching !== null)
      return action === 'cancel'
        ? store.cancelMatching(matching.count, matching.asOf)
        : store.retryMatching(matching.count, matching.asOf)
    const ids = [...selection.keys()]
    const reply =
      action === 'cancel'
        ? await store.cancelMany(ids)
        : action === 'delete'
          ? await store.removeMany(ids)
          : action === 'release'
            ? await store.releaseMany(ids.filter((id) => selection.get(id)?.held))
            : await store.retryMany(ids)
    return { done: reply.done.length, refused: countsOf(reply), noLongerMatching: 0 }
  }

  async function run(action: BulkAction): Promise<void> {
    setBusy(true)
    setDeleting(action === 'delete')
    account(null)
    try {
      const outcome = await act(action)
      // Already cancelled is what the operator wanted, said but not a refusal. Done for some and not others is a
      // warning, not a failure (a new operator's probe: "119 cancelled; 24 already sent…" in red, as an error).
      const anyRefused = outcome.refused.some((r) => r.count > 0 && r.reason !== 'already_cancelled')
      const tone = !anyRefused ? 'ok' : outcome.done > 0 ? 'warn' : 'bad'
      account({ tone, text: describe(action, outcome) })
      setConfirmCancel(false)
      setConfirmDelete(false)
      setConfirmRetry(null)
      onClear()
    } catch (error) {
      // More match than confirmed: the list is read again and the selection (and any question) names the new count.
      const recount = recountOf(error)
      if (recount !== null) {
        useOutbox.getState().bulkChanged()
        onRecount?.(recount)
      }
      account({ tone: 'bad', text: errorInfo(error).message })
    } finally {
      setBusy(false)
      setDeleting(false)
      setGatewayCancels(null)
    }
  }

  return (
    <div className="outbox-bulk">
      {count > 0 ? (
        <div role="toolbar" aria-label={t('outbox.bulk.bar')} className="outbox-bulk-bar">
          <span aria-live="polite" ref={countRef} tabIndex={-1} data-testid="outbox-bulk-count">
            {matching !== null
              ? t('outbox.bulk.selectedMatching', { count: matching.count })
              : t('outbox.bulk.selected', { count: selection.size })}
          </span>
          <button
            ref={cancelRef}
            type="button"
            className="button button--danger"
            disabled={busy || !canCancel}
            aria-expanded={confirmCancel}
            onClick={() => setConfirmCancel(!confirmCancel)}
          >
            {t('outbox.bulk.cancel')}
          </button>
          <button
            ref={retryRef}
            type="button"
            className="button button--primary"
            disabled={!canRetry}
            aria-expanded={confirmRetry !== null}
            aria-describedby={retryWhich !== null ? 'outbox-bulk-retry-which' : undefined}
            {...busyButtonProps(busy, () => void askThenRetry())}
          >
            {t('outbox.bulk.retry')}
          </button>
          {held > 0 ? (
            <button type="button" className="button" {...busyButtonProps(busy, () => void run('release'))}>
              {t('outbox.bulk.release', { count: held })}
            </button>
          ) : null}
          {retryWhich !== null ? (
            <span id="outbox-bulk-retry-which" data-testid="outbox-bulk-retry-which">
              {retryWhich}
            </span>
          ) : null}
          {canRevoke ? (
            <button
              ref={revokeRef}
              type="button"
              className="button button--danger"
              disabled={busy}
              aria-expanded={confirmRevoke}
              onClick={() => setConfirmRevoke(!confirmRevoke)}
            >
              {t('outbox.takeBack.revoke')}
            </button>
          ) : null}
          {canCancelAtGateway ? (
            <button
              type="button"
              className="button"
              {...busyButtonProps(busy, () => void takeBack('cancel'))}
            >
              {t('outbox.takeBack.cancel')}
            </button>
          ) : null}
          {matching === null ? (
            <button
              ref={deleteRef}
              type="button"
              className="button"
              disabled={busy || deletable === 0}
              aria-expanded={confirmDelete}
              onClick={() => setConfirmDelete(!confirmDelete)}
            >
              {t('outbox.bulk.delete')}
            </button>
          ) : null}
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => {
              onClear()
              onCleared?.()
            }}
          >
            {t('outbox.bulk.clear')}
          </button>
          {matching !== null ? (
            // Taking back and deleting count the messages they act on in their question: ticked ones only.
            <span className="muted small" data-testid="outbox-bulk-matching-acts">
              {t('outbox.bulk.matchingActs', { max: OUTBOX_BULK_MAX })}
            </span>
          ) : null}
        </div>
      ) : null}
      {confirmRevoke && canRevoke ? (
        <ConfirmPanel
          id="bulk-revoke-q"
          // Counted out of the ticked, as the cancel and delete questions are (QA68: "Delete 4 sent messages" of 8
          // ticked said nothing of the other 4).
          question={revokeSelectionQuestion(t, language, selected, selection.size)}
          confirmLabel={t('outbox.takeBack.revoke')}
          keepLabel={t('common.keep')}
          // The question stays while the gateway is asked: its pressed answer keeps the focus meanwhile.
          onConfirm={() => void takeBack('revoke')}
          onKeep={() => {
            setConfirmRevoke(false)
            revokeRef.current?.focus()
          }}
          disabled={busy}
          focusOnOpen
        />
      ) : null}
      {confirmRetry !== null && count > 0 ? (
        <ConfirmPanel
          id="bulk-retry-q"
          question={confirmRetry}
          confirmLabel={t('outbox.bulk.retryAnyway')}
          keepLabel={t('campaigns.presend.back')}
          onConfirm={() => void run('retry')}
          onKeep={() => {
            setConfirmRetry(null)
            retryRef.current?.focus()
          }}
          disabled={busy}
          focusOnOpen
        />
      ) : null}
      {confirmCancel && canCancel ? (
        <ConfirmPanel
          id="bulk-cancel-q"
          question={
            matching !== null || cancellable === selection.size
              ? t('outbox.bulk.cancelConfirm', { count: count })
              : t('outbox.bulk.cancelConfirmSome', { count: cancellable, selected: selection.size })
          }
          confirmLabel={t('outbox.bulk.cancel')}
          keepLabel={t('common.keep')}
          onConfirm={() => void run('cancel')}
          onKeep={() => {
            setConfirmCancel(false)
            cancelRef.current?.focus()
          }}
          disabled={busy}
          focusOnOpen
        />
      ) : null}
      {confirmDelete && deletable > 0 ? (
        <ConfirmPanel
          id="bulk-delete-q"
          question={
            deletable === selection.size
              ? t('outbox.bulk.deleteConfirm', { count: deletable })
              : t('outbox.bulk.deleteConfirmSome', { count: deletable, selected: selection.size })
          }
          confirmLabel={t('outbox.bulk.delete')}
          keepLabel={t('common.keep')}
          onConfirm={() => void run('delete')}
          onKeep={() => {
            setConfirmDelete(false)
            deleteRef.current?.focus()
          }}
          disabled={busy}
          focusOnOpen
        />
      ) : null}
      {/* Always there, filled as the cancels end, so that each count is read out politely. */}
      <p aria-live="polite" className="muted small" data-testid="outbox-bulk-gateway-progress">
        {deleting && gatewayCancels !== null && gatewayCancels.total > 0
          ? t('outbox.bulk.gatewayCancelProgress', {
              done: formatNumber(gatewayCancels.done, language),
              total: formatNumber(gatewayCancels.total, language)
            })
          : ''}
      </p>
      <SelectionTakeBackReport
        report={report}
        reportRef={reportRef}
        followed={followed}
        reportTestId="outbox-bulk-report"
        tallyTestId="outbox-bulk-takeback"
      />
    </div>
  )
}
