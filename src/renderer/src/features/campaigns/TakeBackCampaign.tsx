// "Take back this campaign": a confirmation that states what will be stopped, cancelled at the gateway and deleted
// for everyone, and what cannot be taken back; then the take-back's tally as the queue carries it out, with the
// gateway's refusals in its own words.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { TakeBackPlanView } from '../../../../shared/contract'
import { heldByDevice, TAKE_BACK_WARN_KEY as WARN_KEY } from '../../../../shared/take-back-holds'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { useDevices } from '../../stores/devices'
import { useT, type MessageKey } from '../../i18n'
import { useFollowedTakeBack } from '../outbox/follow-take-back'
import { LEFT_KEY, TakeBackTally } from '../outbox/TakeBackTally'
import { busyButtonProps } from '../../ui/busy-button'
import { cancelOnEscape } from '../../ui/escape'
import { showQuestionPanel } from '../../ui/ConfirmPanel'
import { ReadFailed, useReadAgain } from '../../ui/ReadFailed'

/**
 * Rows that never left (stopped here, or their number opted out; the campaign counts those as cancelled): nothing of them
 * was sent, so there is nothing to take back, and they are not listed as what "cannot be taken back" (QA N15).
 */
const NEVER_SENT: ReadonlySet<string> = new Set(['cancelled', 'opted_out'])

/** The plan's lines with something in them, each its words and count, as the other summaries leave out empty ones. */
function planLines(plan: TakeBackPlanView): [MessageKey, number][] {
  const lines: [MessageKey, number][] = [
    ['campaigns.takeBack.plan.stop', plan.stopLocally],
    ['campaigns.takeBack.plan.cancel', plan.cancelAtGateway],
    ['campaigns.takeBack.plan.revoke', plan.revoke]
  ]
  return lines.filter(([, n]) => n > 0)
}

/** How often the question's plan is read again. */
const PROGRESS_MS = 1000

export function TakeBackCampaign({
  id,
  takeBackId = null,
  offered,
  onChanged
}: {
  id: string
  /**
   * The campaign's take-back as its view names it (takeBackId): drawn afresh (the window reopened, the app restarted),
   * the page reads and follows it as the window that started it does, its tally, Pause and Resume.
   */
  takeBackId?: string | null | undefined
  /** Whether anything is left to take back: otherwise no button (a tally already drawn stays). */
  offered: boolean
  onChanged: () => void
}): React.JSX.Element {
  const t = useT()
  const devices = useDevices((s) => s.devices)
  const headingId = useId()
  const nothingId = useId()
  const [open, setOpen] = useState(false)
  const [revokeDelivered, setRevokeDelivered] = useState(false)
  const [plan, setPlan] = useState<TakeBackPlanView | null>(null)
  // Read again until it ends (a paused one too); `unread`: the reads kept failing, so no more are made. The one the
  // view names is read when none is shown, or when it names another (started from the terminal or another window);
  // that read failing is said with Try again.
  const followed = useFollowedTakeBack(id, takeBackId)
  const { view: result, follow, reading, readFailed, readAgain } = followed
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ErrorInfo | null>(null)
  // Each step's button goes away with it: the focus goes to what the step drew (the question, the tally) or, when the
  // question is put away, back to the button that asked it. Set before the state change; taken by the render that
  // shows the step.
  // 'read': Try again's, taken by the tally once what it read is drawn (dropped if it fails again: its alert takes it).
  const focusNext = useRef<'question' | 'opener' | 'tally' | 'read' | null>(null)
  // Offered beside a finished take-back's tally too: what it was not asked to take back (the messages already sent,
  // the box unticked) can be taken back still. Not while one is under way.
  const openerShown = offered && !open && (result === null || result.state === 'done')
  const questionRef = useRef<HTMLHeadingElement>(null)
  const questionPanelRef = useRef<HTMLElement>(null)
  // QA71: the question opened below the fold, its heading alone at the window's bottom edge (1100×760, 360×640): it
  // is brought into sight whole as it opens, and again as its plan is drawn (it grows from "Loading…" then).
  const showWhenPlanned = useRef(false)
  const openerRef = useRef<HTMLButtonElement>(null)
  const tallyRef = useRef<HTMLDivElement>(null)
  // Where Try again leaves the focus while it reads ("Loading…"), and the failure it may take it to.
  const readingRef = useRef<HTMLDivElement>(null)
  const failureRef = useRef<HTMLDivElement>(null)
  const [retried, setRetried] = useState(false)
  const tryAgain = useReadAgain(readFailed, readingRef, failureRef, () => {
    focusNext.current = 'read'
    setRetried(true)
    readAgain()
  })
  useLayoutEffect(() => {
    const next = focusNext.current
    if (next === null) return
    if (next === 'read' && readFailed) {
      focusNext.current = null
      return
    }
    // React can run an earlier render's effects after the request (the card around re-rendered just before the
    // answer came): that render has not drawn the step yet, so it leaves the request to the one that does (QA6 Q02).
    const shown = {
      question: open,
      opener: openerShown,
      tally: !open && result !== null,
      read: !open && result !== null && !reading
    }[next]
    if (!shown) return
    ;({ question: questionRef, opener: openerRef, tally: tallyRef, read: tallyRef })[next].current?.focus()
    focusNext.current = null
    if (next !== 'question') return
    showQuestionPanel(questionPanelRef.current, questionRef.current)
    showWhenPlanned.current = true
  })
  // Not when the operator has moved on from the question meanwhile.
  useLayoutEffect(() => {
    if (plan === null || !showWhenPlanned.current) return
    showWhenPlanned.current = false
    const panel = questionPanelRef.current
    if (panel?.contains(document.activeElement)) showQuestionPanel(panel, questionRef.current)
  }, [plan])
  // While the question is on screen the campaign sends nothing (QA14 Q14-02: rows kept leaving behind it). `held`:
  // this question paused it, so Keep (or leaving the view) runs it again; null until the core has answered.
  const [held, setHeld] = useState<boolean | null>(null)
  // Every device's part had paused itself (a phone offline, a quota): Keep leaves it paused, not sending (QA64).
  const [partsStopped, setPartsStopped] = useState(false)
  // The same, for the handlers and leaving the view (set where the hold is taken or given back).
  const heldRef = useRef(false)
  const release = (): void => {
    if (!heldRef.current) return
    heldRef.current = false
    setHeld(null)
    call('campaigns:keepAfterTakeBack', { id })
      .then(onChanged)
      .catch((e: unknown) => setError(errorInfo(e)))
  }
  const openQuestion = (next: boolean): void => {
    focusNext.current = next ? 'question' : 'opener'
    setOpen(next)
    if (!next) {
      release()
      return
    }
    setHeld(null)
    setPlan(null)
    call('campaigns:holdForTakeBack', { id })
      .then((reply) => {
        heldRef.current = reply.held
        setHeld(reply.held)
        const parts = reply.campaign.devices
        setPartsStopped(parts.length > 0 && parts.every((part) => part.autoPaused !== null))
        if (reply.held) onChanged()
      })
      .catch((e: unknown) => {
        setHeld(false)
        setError(errorInfo(e))
      })
  }
  // Leaving the view with the question open keeps the campaign, as Keep does.
  useEffect(
    () => () => {
      if (!heldRef.current) return
      heldRef.current = false
      call('campaigns:keepAfterTakeBack', { id }).catch(() => undefined)
    },
    [id]
  )

  // The plan is read once the hold is in place, and again while the question is open: the gateway still sends what
  // it holds, which moves rows from "cancelled there" to "already on WhatsApp".
  const [planTick, setPlanTick] = useState(0)
  useEffect(() => {
    if (!open || held === null) return
    let on = true
    call('campaigns:takeBackPlan', { id, revokeDelivered })
      .then((next) => on && setPlan(next))
      .catch((e: unknown) => on && setError(errorInfo(e)))
    const again = setTimeout(() => on && setPlanTick((n) => n + 1), PROGRESS_MS)
    return () => {
      on = false
      clearTimeout(again)
    }
  }, [open, held, id, revokeDelivered, planTick])

  async function takeBack(): Promise<void> {
    setBusy(true)
    setError(null)
    try {
      follow(await call('campaigns:takeBack', { id, revokeDelivered }))
      // Taken back: the campaign is cancelled, nothing to run again.
      heldRef.current = false
      setHeld(null)
      focusNext.current = 'tally'
      setOpen(false)
      onChanged()
    } catch (e) {
      setError(errorInfo(e))
    } finally {
      setBusy(false)
    }
  }

  const warnings = heldByDevice(plan?.atGatewayByDevice ?? [], devices)
  // Nothing to stop, cancel or delete: "Take back" would do nothing (QA4 F17). Said why, and what would change it.
  const nothingToDo = plan !== null && plan.stopLocally + plan.cancelAtGateway + plan.revoke === 0
  // Rows on their way are followed up by the take-back once the gateway has them, as its tally says after: said so, not
  // listed as what cannot be taken back. With nothing to do the question cannot be confirmed: they cannot be then.
  const onItsWay = nothingToDo ? 0 : (plan?.leftAlone['fate_unknown'] ?? 0)
  const left = Object.entries(plan?.leftAlone ?? {}).filter(
    ([reason, n]) => n > 0 && !NEVER_SENT.has(reason) && !(reason === 'fate_unknown' && onItsWay > 0)
  )
  // …yet named apart, so every row of the campaign is accounted for (QA14 Q14-11: 11 of 12 were).
  const neverSent = Object.entries(plan?.leftAlone ?? {})
    .filter(([reason]) => NEVER_SENT.has(reason))
    .reduce((sum, [, n]) => sum + n, 0)
  const nothingKey: MessageKey =
    !revokeDelivered && (plan?.leftAlone.revoke_not_asked ?? 0) > 0
      ? 'campaigns.takeBack.nothingUnlessTicked'
      : 'campaigns.takeBack.nothing'
  return (
    <div className="campaign-takeback" data-testid="campaign-takeback">
      {openerShown ? (
        <button
          ref={openerRef}
          type="button"
          className="button button--danger"
          onClick={() => openQuestion(true)}
        >
          {t('campaigns.takeBack.open')}
        </button>
      ) : null}
      {open ? (
        // Escape is Keep, as in the app's other questions (QA63: it did nothing, the campaign kept paused).
        <section
          ref={questionPanelRef}
          role="dialog"
          aria-labelledby={headingId}
          className="card"
          onKeyDown={(event) => cancelOnEscape(() => openQuestion(false), busy)(event)}
        >
          <h4 id={headingId} ref={questionRef} tabIndex={-1}>
            {t('campaigns.takeBack.confirmTitle')}
          </h4>
          <label>
            <input
              type="checkbox"
              checked={revokeDelivered}
              onChange={(e) => setRevokeDelivered(e.target.checked)}
            />{' '}
            {t('campaigns.takeBack.revokeDelivered')}
          </label>
          {held ? (
            <p className="muted">
              {t(partsStopped ? 'campaigns.takeBack.heldPartsStopped' : 'campaigns.takeBack.held', {
                keep: t('common.keep')
              })}
            </p>
          ) : null}
          {plan ? (
            // What will be done, a line with nothing in it left out (QA81: "0 not sent yet will not be sent", "0
            // waiting…", "0 already sent…" above "Nothing to take back"); with none, that nothing will be and why.
            <div data-testid="campaign-takeback-plan">
              {nothingToDo ? (
                <p id={nothingId} className="muted">
                  {t(nothingKey)}
                </p>
              ) : (
                <ul>
                  {planLines(plan).map(([key, n]) => (
                    <li key={key}>{t(key, { n })}</li>
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <p role="status">{t('campaigns.loading')}</p>
          )}
          {plan && plan.revoke > 0 ? (
            // The Outbox's own warning for deleting for everyone, and how many customers read theirs (QA14 Q14-12).
            <p className="alert alert--warn" data-testid="campaign-takeback-revoke-shows">
              {[
                t('outbox.takeBack.revokeShows', { count: plan.revoke }),
                plan.revokeRead > 0 ? t('campaigns.takeBack.revokeRead', { n: plan.revokeRead }) : null
              ]
                .filter((part) => part !== null)
                .join(' ')}
            </p>
          ) : null}
          {onItsWay > 0 ? (
            <p data-testid="campaign-takeback-on-its-way">
              {t('campaigns.takeBack.onItsWay', { count: onItsWay })}
            </p>
          ) : null}
          {warnings.map((w) => (
            <p key={w.device} className="alert alert--warn" data-testid="campaign-takeback-device-waits">
              {t(WARN_KEY[w.hold], { n: w.n, device: w.device })}
            </p>
          ))}
          {left.length > 0 ? (
            <>
              <p>{t('campaigns.takeBack.cannot')}</p>
              <ul data-testid="campaign-takeback-cannot">
                {left.map(([reason, n]) => (
                  <li key={reason}>{LEFT_KEY[reason] ? t(LEFT_KEY[reason], { n }) : `${n} ${reason}`}</li>
                ))}
              </ul>
            </>
          ) : null}
          {neverSent > 0 ? (
            <p className="muted" data-testid="campaign-takeback-never-sent">
              {t('campaigns.takeBack.neverSent', { n: neverSent })}
            </p>
          ) : null}
          <div className="form-actions">
            <button
              type="button"
              className="button button--danger"
              disabled={plan === null || nothingToDo}
              aria-describedby={nothingToDo ? nothingId : undefined}
              {...busyButtonProps(busy)}
              onClick={() => void takeBack()}
            >
              {t('campaigns.takeBack.confirm')}
            </button>
            <button type="button" className="button" onClick={() => openQuestion(false)}>
              {t('common.keep')}
            </button>
          </div>
        </section>
      ) : null}
      <TakeBackTally
        followed={followed}
        line={tallyRef}
        testId="campaign-takeback"
        unreadSays={t('campaigns.takeBack.unread')}
      >
        {readFailed || (retried && reading) ? (
          <div ref={readingRef} tabIndex={-1}>
            {readFailed ? (
              <ReadFailed
                ref={failureRef}
                testId="campaign-takeback-read-error"
                says={t('campaigns.takeBack.readFailed', { why: readFailed.message })}
                // Its record damaged here (the core says what is true of it, and what to do): read again, the same.
                onRetry={readFailed.code === 'store_damaged' ? undefined : tryAgain}
              />
            ) : (
              <p role="status">{t('campaigns.takeBack.loading')}</p>
            )}
          </div>
        ) : null}
      </TakeBackTally>
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  )
}
