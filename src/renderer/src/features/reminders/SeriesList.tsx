// Recurring series kept by Sender Desk for the device: what, to whom, how often, the next occurrence in its zone and
// how many were made and how many of their messages went out; skip the next time, change the end, stop or delete.
import { cancellableHere, currentDayIn, OUTBOX_STATUSES } from '../../../../shared/domain'
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import type { SeriesView } from '../../../../shared/contract'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatCalendarDate, formatDateTimeInZone } from '../../i18n/dates'
import { describeRule } from './repeat-rules'
import { busyButtonProps } from '../../ui/busy-button'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { ListStatus } from '../../ui/ListStatus'
import {
  PanelToggle,
  RowActions,
  useResultGoesOnOpen,
  useResultGoesWhenStarted,
  useRowPanel
} from '../../ui/RowActions'
import { useRecipientsText } from '../../ui/RecipientName'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import { cancelOnEscape } from '../../ui/escape'
import { useNavigation } from '../../stores/navigation'
import { openOutboxAt, type OutboxFilters } from '../../stores/outbox'
import { useViewFocus } from '../../ui/view-focus'
import { SeriesEndFields, useSeriesEndCheck, type SeriesEndDraft } from './SeriesEndFields'
import { useRowLeftLine } from '../../ui/use-row-left-line'
import { RowsKeepPlace } from '../../ui/RowsKeepPlace'

/** What an action that takes a row out of the list did, and the Outbox at what it left to go (null: nothing). */
interface Leaving {
  text: string
  outbox: Partial<OutboxFilters> | null
}

/**
 * The Outbox at the messages a series made that still go by themselves: the Outbox has no filter by series, so at
 * its device's messages still to go (those a Cancel stops, as the series counts them), among which they are.
 */
const stillToGoInOutbox = (series: SeriesView): Partial<OutboxFilters> => ({
  deviceId: series.deviceId,
  statuses: OUTBOX_STATUSES.filter(cancellableHere)
})

export function SeriesList({
  deviceLabel,
  series,
  error,
  actionsElsewhere,
  onChanged,
  onRetry
}: {
  /** The device whose series these are: the empty list names it. */
  deviceLabel: string
  series: SeriesView[] | null
  error: ErrorInfo | null
  /** Actions started elsewhere in the view (a new reminder's Create): each puts the last result lines away. */
  actionsElsewhere: number
  onChanged(): void
  /** Reads the list again after a failed read. */
  onRetry(): void
}): React.JSX.Element {
  const t = useT()
  const headingRef = useRef<HTMLHeadingElement>(null)
  // A deleted series leaves the list with the button pressed: the row after it takes the focus (RowsKeepPlace: the one
  // before for the last, the heading for none left), and the line says what was done without taking it, as in
  // Schedules (QA74: the line took it, and the next Tab went to "Skip to content").
  const { left, announce, clear, lineRef } = useRowLeftLine<Leaving>()
  useResultGoesWhenStarted(actionsElsewhere, clear)
  const leftOutbox = left?.outbox ?? null
  return (
    <section className="card" aria-labelledby="series-heading">
      <h3 id="series-heading" ref={headingRef} tabIndex={-1}>
        {t('reminders.localList')}
      </h3>
      <p className="muted small">{t('reminders.localList.hint')}</p>
      <ListStatus
        items={series}
        error={error}
        emptyText={t('reminders.localEmpty', { device: deviceLabel })}
        emptyTestId="series-empty"
        onRetry={onRetry}
        waitsOn={headingRef}
      />
      <RowsKeepPlace headingId="series-heading">
        {series !== null && series.length > 0 ? (
          <ul className="service-list" aria-label={t('reminders.localList')}>
            {series.map((one) => (
              <SeriesRow
                actionsElsewhere={actionsElsewhere}
                key={one.id}
                series={one}
                onChanged={(leaving) => {
                  onChanged()
                  if (leaving) announce(leaving)
                }}
              />
            ))}
          </ul>
        ) : null}
      </RowsKeepPlace>
      <p ref={lineRef} tabIndex={-1} role="status" className="muted small" data-testid="series-result">
        {left?.text ?? ''}
      </p>
      {leftOutbox ? (
        <button
          type="button"
          className="button button--small"
          data-testid="series-result-outbox"
          onClick={() => openOutboxAt(leftOutbox)}
        >
          {t('reminders.series.showInOutbox')}
        </button>
      ) : null}
    </section>
  )
}

function SeriesRow({
  series,
  actionsElsewhere,
  onChanged
}: {
  actionsElsewhere: number
  series: SeriesView
  /** `leaving`: what the action did, when it takes the row out of the list (deleted). */
  onChanged(leaving?: Leaving): void
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const recipients = useRecipientsText(series.recipients, series.isGroup)
  const [busy, setBusy] = useState(false)
  const [feedback, setFeedback] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null)
  // Stop goes as soon as it worked (not when the list comes back), so the focus goes to the line saying so.
  const [stopped, setStopped] = useState(false)
  const feedbackRef = useRef<HTMLParagraphElement>(null)
  const actionStarts = useFocusAfterAction(busy, feedbackRef)
  // Which row action is asking before it acts, if any: the question takes the focus, and gives it back to its button
  // when it closes (QA25 Q25-02). After the focus-after-action hook: an answered question's focus goes to the line
  // saying what it did, which that hook moves first.
  const panels = useRowPanel<'skip' | 'end' | 'stop' | 'delete'>()
  const asking = panels.open
  useResultGoesOnOpen(asking, () => setFeedback(null))
  useResultGoesWhenStarted(actionsElsewhere, () => setFeedback(null))
  // Asked for from the Outbox (a message cancelled past this series' end, QA44 Q44-02): the row in view, its "Change
  // end" focused (the row itself when it has none), unless the operator moved the focus while the list loaded.
  const rowRef = useRef<HTMLLIElement>(null)
  const asked = useNavigation((s) => s.seriesAsk?.seriesId === series.id)
  const { takeIfStill } = useViewFocus()
  useLayoutEffect(() => {
    if (!asked) return
    useNavigation.getState().takeSeriesAsk()
    rowRef.current?.scrollIntoView?.({ block: 'center' })
    takeIfStill(
      rowRef.current?.querySelector<HTMLElement>(`[data-testid="series-end-${series.id}"]`) ?? rowRef.current
    )
  }, [asked, series.id, takeIfStill])

  /** `leaves`: the action takes the row out of the list; it answers the Outbox at what it left to go, if any. */
  async function act<T>(
    work: () => Promise<T>,
    done: string | ((result: T) => string),
    leaves?: (result: T) => Leaving['outbox']
  ): Promise<void> {
    actionStarts()
    setBusy(true)
    setFeedback(null)
    try {
      const result = await work()
      const text = typeof done === 'string' ? done : done(result)
      panels.close()
      setFeedback({ tone: 'ok', text })
      onChanged(leaves ? { text: `${recipients}: ${text}`, outbox: leaves(result) } : undefined)
    } catch (e) {
      panels.close()
      setFeedback({ tone: 'bad', text: errorInfo(e).message })
      // A refused skip means the next time moved (made or skipped elsewhere): the list shows where it is now.
      onChanged()
    } finally {
      setBusy(false)
    }
  }

  /**
   * What a stop or delete did: its own words, how many made messages it cancelled (none claimed when none), and those
   * it had made that still go (kept, as the question offered), from when on the series' clock, as the question said;
   * `inOutbox`, where they wait (a deleted series' row, which would show them, is gone).
   */
  const withdrawn = (
    done: string,
    cancelledMade: number,
    stillGo: SeriesView['madeUnsent'],
    inOutbox = false
  ): string =>
    [
      done,
      cancelledMade > 0 ? t('reminders.series.cancelledMade', { count: cancelledMade }) : '',
      stillGo
        ? t(
            stillGo.firstAt === stillGo.lastAt
              ? 'reminders.series.madeStillGoAt'
              : 'reminders.series.madeStillGoFrom',
            { count: stillGo.count, time: formatDateTimeInZone(stillGo.firstAt, locale, series.timezone) }
          )
        : '',
      stillGo && inOutbox ? t('reminders.series.madeInOutbox', { count: stillGo.count }) : ''
    ]
      .filter(Boolean)
      .join(' ')
  // Its zone after the time, as every time the window writes (QA78: "08:00 (UTC)" here, "09:00 WIB" a row above).
  const nextTime = (view: SeriesView): string =>
    view.nextAt ? formatDateTimeInZone(view.nextAt, locale, view.timezone) : ''
  const timesSkipped = series.skipped + series.skippedByOperator
  const what = series.entries
    .map((entry) =>
      entry.kind === 'text'
        ? (entry.text ?? '')
        : `${entry.fileName ?? ''}${entry.text ? ` — ${entry.text}` : ''}`
    )
    .join(' · ')
  return (
    // A J / K stop, named by what it sends and how often (a list item takes no name from what it holds).
    <li
      ref={rowRef}
      className="service-row"
      data-testid="series-row"
      data-id={series.id}
      data-status={series.status}
      data-row-focus
      tabIndex={-1}
      aria-labelledby={`series-head-${series.id}`}
    >
      <div id={`series-head-${series.id}`}>
        <strong>{what}</strong>{' '}
        <span className="tag">{describeRule(t, locale, series.rule, series.startLocal)}</span>
        {series.status === 'stopped' ? <span className="tag"> {t('reminders.stopped')}</span> : null}
        {series.status === 'ended' ? <span className="tag"> {t('reminders.ended')}</span> : null}
        {series.end ? (
          <>
            {' '}
            <span className="tag" data-testid="series-end">
              {series.end.kind === 'date'
                ? // The last day as the series reads it: on its own clock, as its times are.
                  t('reminders.until', { date: formatCalendarDate(series.end.lastDate, locale) })
                : t('reminders.timesOf', { passed: series.end.passed, times: series.end.times })}
            </span>
          </>
        ) : null}
      </div>
      <div className="muted small">
        {t('reminders.toLine', { phone: recipients })}
        {series.nextLocal && series.nextAt ? ` · ${t('reminders.nextLine', { time: nextTime(series) })}` : ''}
      </div>
      <p className="small" data-testid="series-made">
        {/* Made is not sent: a held or failed occurrence was made, never sent (QA33 Q33-04). */}
        {/* The times skipped are said with those made, so they add up to the times come (QA70). */}
        {timesSkipped > 0
          ? t('reminders.madeSkippedSent', {
              made: series.occurrences,
              skipped: timesSkipped,
              sent: series.sent
            })
          : t('reminders.madeSent', { made: series.occurrences, sent: series.sent })}
        {series.lastOccurrenceAt
          ? // In the series' zone, named: the customer's clock, as the next time is (QA22 Q22-01).
            ` ${t('reminders.lastLine', { time: formatDateTimeInZone(series.lastOccurrenceAt, locale, series.timezone) })}`
          : ''}
        {series.skipped > 0 ? ` ${t('reminders.skippedClosed', { count: series.skipped })}` : ''}
      </p>
      {/* Named for the series, as Schedules' rows are: several series have the same three buttons (Q25-09). */}
      <RowActions
        label={t('reminders.series.actionsFor', {
          phone: recipients,
          rule: describeRule(t, locale, series.rule, series.startLocal)
        })}
      >
        {series.status === 'active' && !stopped && series.nextLocal ? (
          <PanelToggle
            panels={panels}
            panel="skip"
            className="button button--small"
            testId={`series-skip-${series.id}`}
          >
            {t('reminders.series.skipNext')}
          </PanelToggle>
        ) : null}
        {series.status !== 'stopped' && !stopped ? (
          <PanelToggle
            panels={panels}
            panel="end"
            className="button button--small"
            testId={`series-end-${series.id}`}
          >
            {t('reminders.series.changeEnd')}
          </PanelToggle>
        ) : null}
        {series.status === 'active' && !stopped ? (
          <PanelToggle
            panels={panels}
            panel="stop"
            className="button button--small"
            testId={`series-stop-${series.id}`}
          >
            {t('reminders.stop')}
          </PanelToggle>
        ) : null}
        <PanelToggle
          panels={panels}
          panel="delete"
          className="button button--small button--danger"
          testId={`series-delete-${series.id}`}
        >
          {t('outbox.delete')}
        </PanelToggle>
      </RowActions>
      {asking === 'skip' && series.nextLocal ? (
        <ConfirmPanel
          id={`series-skip-q-${series.id}`}
          // The last of its times ends the series, not "goes on after it" (QA61).
          // A counted end counts the skipped time as one of its times (QA69).
          question={t(
            series.end?.kind !== 'times'
              ? 'reminders.series.skipConfirm'
              : series.end.passed + 1 >= series.end.times
                ? 'reminders.series.skipLastConfirm'
                : 'reminders.series.skipCountedConfirm',
            { time: nextTime(series), times: series.end?.kind === 'times' ? series.end.times : 0 }
          )}
          confirmLabel={t('reminders.series.skipIt')}
          keepLabel={t('common.keep')}
          onConfirm={() => {
            const nextLocal = series.nextLocal
            if (!nextLocal) return
            void act(
              () => call('series:skipNext', { id: series.id, nextLocal }),
              // None next: it was the last ("Next: ." said nothing, QA61).
              (after) =>
                after.nextAt
                  ? t('reminders.series.skipped', { time: nextTime(after) })
                  : t('reminders.series.skippedLast')
            )
          }}
          onKeep={panels.close}
          disabled={busy}
          confirmTestId={`series-skip-confirm-${series.id}`}
        />
      ) : null}
      {asking === 'end' ? (
        <SeriesEndPanel
          series={series}
          busy={busy}
          onSave={(end) =>
            void act(
              () => call('series:setEnd', { id: series.id, end }),
              (after) =>
                [
                  after.status === 'ended'
                    ? t('reminders.series.endSavedEnded')
                    : t('reminders.series.endSaved', { time: nextTime(after) }),
                  after.cancelledPastEnd > 0
                    ? t('reminders.series.cancelledPastEnd', { count: after.cancelledPastEnd })
                    : ''
                ]
                  .filter(Boolean)
                  .join(' ')
            )
          }
          onCancel={panels.close}
        />
      ) : null}
      {asking === 'stop' ? (
        <WithdrawQuestion
          series={series}
          action="stop"
          question={t('reminders.series.stopConfirm')}
          confirmLabel={t('reminders.stop')}
          busy={busy}
          onConfirm={(cancelMade) =>
            void act(
              async () => {
                const after = await call('series:stop', { id: series.id, cancelMade })
                setStopped(true)
                return after
              },
              (after) => withdrawn(t('reminders.series.stoppedDone'), after.cancelledMade, after.madeUnsent)
            )
          }
          onKeep={panels.close}
        />
      ) : null}
      {asking === 'delete' ? (
        <WithdrawQuestion
          series={series}
          action="delete"
          question={t('reminders.series.deleteConfirm')}
          confirmLabel={t('outbox.delete')}
          busy={busy}
          onConfirm={(cancelMade) =>
            void act(
              () => call('series:delete', { id: series.id, cancelMade }),
              (after) => withdrawn(t('outbox.deleted'), after.cancelledMade, after.madeUnsent, true),
              (after) => (after.madeUnsent ? stillToGoInOutbox(series) : null)
            )
          }
          onKeep={panels.close}
        />
      ) : null}
      <p
        ref={feedbackRef}
        tabIndex={-1}
        role="status"
        className={feedback ? `feedback feedback--${feedback.tone}` : 'feedback'}
        data-testid={`series-feedback-${series.id}`}
      >
        {feedback?.text ?? ''}
      </p>
    </li>
  )
}

/**
 * Stop or Delete asks first: what the series already made and has not sent, for when (on its own clock), and
 * whether it goes with the series (cancelled: the default) or is kept to go.
 */
function WithdrawQuestion({
  series,
  action,
  question,
  confirmLabel,
  busy,
  onConfirm,
  onKeep
}: {
  series: SeriesView
  action: 'stop' | 'delete'
  question: string
  confirmLabel: string
  busy: boolean
  onConfirm(cancelMade: boolean): void
  onKeep(): void
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const [cancelMade, setCancelMade] = useState(true)
  const made = series.madeUnsent
  const at = (iso: string): string => formatDateTimeInZone(iso, locale, series.timezone)
  const checkId = `series-${action}-cancel-made-${series.id}`
  return (
    <ConfirmPanel
      id={`series-${action}-q-${series.id}`}
      question={question}
      confirmLabel={confirmLabel}
      keepLabel={t('common.keep')}
      onConfirm={() => onConfirm(cancelMade)}
      onKeep={onKeep}
      disabled={busy}
      confirmTestId={`series-${action}-confirm-${series.id}`}
    >
      {made ? (
        <>
          <p data-testid={`series-made-unsent-${series.id}`}>
            {made.firstAt === made.lastAt
              ? t('reminders.series.madeUnsentAt', { count: made.count, time: at(made.firstAt) })
              : t('reminders.series.madeUnsentBetween', {
                  count: made.count,
                  first: at(made.firstAt),
                  last: at(made.lastAt)
                })}
          </p>
          <label className="checkbox" htmlFor={checkId}>
            <input
              id={checkId}
              type="checkbox"
              checked={cancelMade}
              onChange={(event) => setCancelMade(event.target.checked)}
            />{' '}
            {t('reminders.series.cancelMade', { count: made.count })}
          </label>
        </>
      ) : null}
    </ConfirmPanel>
  )
}

/** The end as the series has it, in the form's terms (a number of times as written in the operator's language). */
function draftOf(series: SeriesView): SeriesEndDraft {
  const end = series.end
  return {
    choice: end?.kind ?? 'never',
    lastDate: end?.kind === 'date' ? end.lastDate : '',
    times: end?.kind === 'times' ? String(end.times) : '30'
  }
}

/** "Change end": the series' end in the new-reminder form's fields, checked against its own first day. */
function SeriesEndPanel({
  series,
  busy,
  onSave,
  onCancel
}: {
  series: SeriesView
  busy: boolean
  onSave(end: ReturnType<typeof useSeriesEndCheck>['end']): void
  onCancel(): void
}): React.JSX.Element {
  const t = useT()
  const [draft, setDraft] = useState(() => draftOf(series))
  const [tried, setTried] = useState(false)
  const startDate = series.startLocal.slice(0, 10)
  // The day the core checks the last day against (QA41 Q41-06): today on the series' clock.
  const [today] = useState(() => currentDayIn(Date.now(), series.timezone))
  const { end, invalid, error } = useSeriesEndCheck(draft, startDate, tried, today)
  const legendId = `series-end-legend-${series.id}`
  function submit(event: FormEvent): void {
    event.preventDefault()
    setTried(true)
    if (!invalid) onSave(end)
  }
  return (
    <form
      className="inline-form form-grid"
      noValidate
      aria-labelledby={legendId}
      onSubmit={submit}
      onKeyDown={cancelOnEscape(onCancel, busy)}
      data-testid={`series-end-form-${series.id}`}
    >
      <p id={legendId} className="span-all">
        {t('reminders.series.changeEndLegend')}
      </p>
      <SeriesEndFields
        idPrefix={`series-end-${series.id}-end`}
        draft={draft}
        onChange={setDraft}
        startDate={startDate}
        today={today}
        zone={series.timezone}
        error={error}
      />
      <div className="actions span-all">
        <button
          type="submit"
          className="button button--primary button--small"
          {...busyButtonProps(busy)}
          data-testid={`series-end-save-${series.id}`}
        >
          {t('reminders.series.saveEnd')}
        </button>
        <button type="button" className="button button--small" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
}
