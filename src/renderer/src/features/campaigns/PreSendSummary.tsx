// What Start is about to do, asked before anything is created: recipients, skipped rows, the devices with today's
// budget left (their daily cap less what they sent today) and their gateway quota, and the estimated end in its zone.
// A quota or a day's budget that does not cover the messages is named; the operator starts anyway, or splits: the
// rows that can go now start, the rest become a new draft for later (issue 27, points 1 and 6).
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import type { DeviceView } from '../../../../shared/contract'
import {
  budgetLeftToday,
  messagesThatFitNow,
  quotaCovers,
  quotaFinishEstimate,
  quotaShortfall,
  workingHoursCarryOver,
  workingHoursOpenAt,
  zoneName,
  type PacingPolicy,
  type QuotaFinish
} from '../../../../shared/domain'
import { formatList, localeOf, useLanguage, useT, type Translate } from '../../i18n'
import { formatClockTime, formatCount, formatDateTimeInZone, formatSoonInZone } from '../../i18n/dates'
import { BudgetWarnings, deviceBudgetText, quotaFinishText } from '../../ui/budget-words'
import { busyButtonProps } from '../../ui/busy-button'
import { cancelOnEscape } from '../../ui/escape'
import { useNow } from '../../ui/use-now'
import { useOutbox } from '../../stores/outbox'
import { isSendable } from '../../../../shared/device-status'
import { waitsUntilKey } from '../devices/device-choice'
import { skippedReasons } from './problems'

/** A chosen device with what other sends have waiting on it today (the check's `waitingToday`), which share its cap. */
export type ChosenDevice = DeviceView & { waitingToday?: number }

/**
 * The end the form and the summary both say: the check's estimate read against the chosen devices' quotas now (the
 * part they cover has its own end, as the core planned it, when the check planned that same part).
 */
export function campaignFinish(
  devices: readonly ChosenDevice[],
  ready: number,
  finishAt: number | null,
  quotaFinish: QuotaFinish | null
): QuotaFinish {
  const quota = quotaCovers(devices)
  const coveredFinishAt =
    quotaFinish?.kind === 'part' && quotaFinish.covered === Math.min(quota, ready) ? quotaFinish.at : null
  return quotaFinishEstimate({ messages: ready, covered: quota, finishAt, coveredFinishAt })
}

/**
 * The recipients of the same message lately, each kind counted apart (QA73 follow-up: "got it or are already waiting
 * to get it" in one phrase read as all of them having it): those who got it, then those still waiting, in the campaign
 * they wait in when it is one.
 */
function recentWords(count: number, waiting: number, waitingIn: string | undefined, t: Translate): string {
  const got = count - Math.min(waiting, count)
  const waitingNow = count - got
  return [
    got > 0 ? t('campaigns.presend.recentGot', { count: got }) : '',
    waitingNow === 0
      ? ''
      : waitingIn
        ? t('campaigns.presend.recentWaitingIn', { count: waitingNow, campaign: waitingIn })
        : t('campaigns.presend.recentWaiting', { count: waitingNow })
  ]
    .filter((sentence) => sentence !== '')
    .join(' ')
}

export function PreSendSummary({
  ready,
  skipped,
  skippedWhy,
  waitingIn,
  blankRows = 0,
  devices,
  finishAt,
  quotaFinish,
  timeZone,
  workingHours,
  campaignDailyCap,
  busy,
  restName,
  recent,
  message,
  onStart,
  onSplit,
  onBack
}: {
  ready: number
  skipped: number
  /** Skipped rows per reason (the check's `byProblem`), said beside the count as step 3 says them. */
  skippedWhy: Record<string, number>
  /** The one campaign the rows still waiting for the same message wait in (the summary's sameMessageWaitingIn). */
  waitingIn?: string | undefined
  /** The sheet's blank rows, left out before the check: named, so every row under the header is accounted for. */
  blankRows?: number
  devices: readonly ChosenDevice[]
  /** `working`: the check for the form as it is now has not answered yet, so no end is known (QA23 Q23-03). */
  finishAt: number | null | 'working'
  /**
   * The core's estimate against the chosen devices' quotas (null: none): the end of the part they cover, taken when
   * it is of the part the devices' quotas cover now (a quota heard since the check plans another part).
   */
  quotaFinish: QuotaFinish | null
  timeZone: string
  /** The campaign's working hours: when they are closed now, the summary says sending starts when they open. */
  workingHours: PacingPolicy['workingHours']
  /** The campaign's own most sends a day per device, beside each number's cap (QA 2026-11-29: only that showed). */
  campaignDailyCap: number
  busy: boolean
  /** What the draft of the rows left for later is called, when the operator splits. */
  restName: string
  /**
   * Recipients who got this same message from this app in the last 24 hours or are waiting to get it (QA17 Q17-04,
   * QA73), `waiting` of them still waiting (in `waitingIn` when one campaign), and whether they are sent to again
   * (left out by default): asked here when there are any and the operator can still choose.
   */
  recent?: { count: number; waiting?: number; sendAnyway: boolean; onChange: (sendAnyway: boolean) => void }
  /** What is sent (a saved draft's: one row's message as its start sends it, QA81), said under "Message". */
  message?: ReactNode
  onStart: () => void
  /** Start the first `now` ready rows and keep the rest as a new draft. */
  onSplit: (now: number) => void
  onBack: () => void
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  const list = (labels: readonly string[]): string => formatList(labels, language)
  const first = useRef<HTMLButtonElement>(null)
  const sendingPaused = useOutbox((s) => s.sendingPaused)
  const count = (n: number): string => formatCount(n, locale)
  const reasons = skipped > 0 ? skippedReasons(skippedWhy, t, waitingIn) : ''
  // Short only when the set's quotas are all counts and their sum leaves some out; "may be short" (a quota not known)
  // is said in the warning, but neither moves the focus nor makes Start "Start anyway": nothing known is short.
  const { short } = quotaShortfall(devices, ready)
  const budgets = devices.map(budgetLeftToday)
  const budgetToday = budgets.every((b) => b !== null)
    ? budgets.reduce<number>((sum, b) => sum + (b ?? 0), 0)
    : null
  const fitNow = messagesThatFitNow(devices, ready)
  // Whether the hours are closed now, on the clock the end is asked again by (each minute: a summary read past 08:00
  // said sending waited for 08:00).
  const now = useNow(60_000)
  // Every chosen number's cap spent for today: nothing goes before its next day, so the hours' opening is read from
  // there (QA58: "starts when the hours open, 08:00" while the cap held the campaign to tomorrow).
  const capsSpentUntil = capsSpentUntilOf(devices, budgets)
  const opensAt =
    capsSpentUntil === null
      ? workingHoursOpenAt(workingHours, now)
      : (workingHoursOpenAt(workingHours, capsSpentUntil) ?? capsSpentUntil)
  // The picker warned of each chosen device that cannot send now; the summary says it again before Start, and
  // promises no end while none of them can send (QA N05: "Estimated end 19:16" on an expired device alone).
  const waiting = devices.filter((d) => !isSendable(d.state))
  const noneSends = devices.length > 0 && waiting.length === devices.length
  // A draft whose only device was removed has none to send from: no pace, so no end until one is chosen (the core
  // gives none either; a time, or "the quota is spent" of no quota at all, was said).
  const noDevice = devices.length === 0
  const noEnd = noneSends || noDevice
  // null: the check has not answered yet.
  const finish = finishAt === 'working' ? null : campaignFinish(devices, ready, finishAt, quotaFinish)
  const finishInstant = !noEnd && (finish?.kind === 'at' || finish?.kind === 'part') ? finish.at : null
  // The summary replaces the Start button: the focus moves to its answer, not to the page's start. Over the quota
  // that answer is the safe one, as in every risky question (ConfirmPanel's Keep): Split, else Go back; a stray Enter
  // on "Start anyway" sent the rows the quota does not cover into failures (QA11-16).
  const split = useRef<HTMLButtonElement>(null)
  const back = useRef<HTMLButtonElement>(null)
  // As the summary opened: a quota re-read while it is open does not move the operator's focus.
  const [overQuotaAtOpen] = useState(short > 0)
  useLayoutEffect(() => {
    const answer = overQuotaAtOpen ? (split.current ?? back.current) : first.current
    answer?.focus()
  }, [overQuotaAtOpen])

  return (
    <div
      className="campaign-presend"
      role="group"
      aria-labelledby="campaign-presend-title"
      data-testid="campaign-presend"
      // Escape backs out as Go back does, as every other question in the window (QA37 Q37-04).
      onKeyDown={cancelOnEscape(onBack, busy)}
    >
      <h4 id="campaign-presend-title">{t('campaigns.presend.title')}</h4>
      <dl className="terms-beside-values">
        <dt>{t('campaigns.presend.recipients')}</dt>
        <dd>{count(ready)}</dd>
        <dt>{t('campaigns.presend.skipped')}</dt>
        <dd>
          {reasons ? t('campaigns.presend.skippedWhy', { count: count(skipped), reasons }) : count(skipped)}
        </dd>
        {blankRows > 0 ? (
          <>
            <dt>{t('campaigns.presend.blank')}</dt>
            <dd>{count(blankRows)}</dd>
          </>
        ) : null}
        {recent && recent.count > 0 ? (
          <>
            <dt>{t('campaigns.presend.recent')}</dt>
            <dd data-testid="campaign-presend-recent">
              <p id="campaign-presend-recent-count">
                {recentWords(recent.count, recent.waiting ?? 0, waitingIn, t)}
              </p>
              <div role="radiogroup" aria-labelledby="campaign-presend-recent-count">
                <label>
                  <input
                    type="radio"
                    name="campaign-presend-recent"
                    checked={!recent.sendAnyway}
                    disabled={busy}
                    onChange={() => recent.onChange(false)}
                  />{' '}
                  {t('campaigns.presend.recentLeaveOut')}
                </label>{' '}
                <label>
                  <input
                    type="radio"
                    name="campaign-presend-recent"
                    checked={recent.sendAnyway}
                    disabled={busy}
                    onChange={() => recent.onChange(true)}
                  />{' '}
                  {t('campaigns.presend.recentSendAnyway')}
                </label>
              </div>
            </dd>
          </>
        ) : null}
        {message ? (
          <>
            <dt>{t('campaigns.presend.message')}</dt>
            <dd>{message}</dd>
          </>
        ) : null}
        <dt>{t('campaigns.presend.finish')}</dt>
        <dd>
          {noDevice
            ? t('campaigns.presend.finishNoDevice')
            : noneSends
              ? t('common.unknown')
              : finish === null
                ? t('campaigns.estimate.working')
                : quotaFinishText(
                    t,
                    finish,
                    (instant) => formatDateTimeInZone(new Date(instant).toISOString(), locale, timeZone),
                    devices,
                    list
                  )}
          {/* The estimate runs from when sending goes on (QA61: "Estimated end 12:12" while all sending was paused,
              said only after Start). */}
          {sendingPaused && !noEnd ? (
            <span data-testid="campaign-presend-paused"> {t('campaigns.presend.sendingPaused')}</span>
          ) : null}
        </dd>
        <dt>{t('campaigns.presend.hours')}</dt>
        <dd data-testid="campaign-presend-hours">
          {hoursText(workingHours, finishInstant, opensAt ?? now, locale, t)}
        </dd>
        {opensAt !== null && (workingHours || capsSpentUntil !== null) && !noEnd ? (
          // No wrapper: the list is a two-column grid, and a wrapper took one cell and moved every later pair (QA15 Q15-06).
          <>
            <dt>{t('campaigns.presend.starts')}</dt>
            <dd data-testid="campaign-presend-starts">
              {t(
                capsSpentUntil === null
                  ? 'campaigns.presend.startsWhenOpen'
                  : 'campaigns.presend.startsAfterCap',
                {
                  time: formatSoonInZone(opensAt, locale, workingHours?.timeZone ?? timeZone)
                }
              )}
            </dd>
          </>
        ) : null}
        <dt>{t('campaigns.presend.campaignCap')}</dt>
        <dd data-testid="campaign-presend-cap">
          {/* "Within each number's own daily cap" only when a chosen number has one (QA N13: named beside none). */}
          {t(
            budgets.some((b) => b !== null)
              ? 'campaigns.presend.campaignCapValue'
              : 'campaigns.presend.campaignCapAlone',
            { cap: count(campaignDailyCap) }
          )}
        </dd>
        <dt>{t('campaigns.presend.devices')}</dt>
        <dd>
          {noDevice ? (
            t('desktop.error.draftNoDevice')
          ) : (
            <ul>
              {devices.map((d) => (
                <li key={d.id}>{deviceBudgetText(t, d, count)}</li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {waiting.map((d) => (
        <p key={d.id} className="alert alert--warn" data-testid="campaign-presend-device-waits">
          {t('campaigns.part', { device: d.label, state: t(waitsUntilKey(d.state)) })}
        </p>
      ))}
      {noneSends ? (
        <p className="alert alert--bad" data-testid="campaign-presend-none-sends">
          {t('campaigns.presend.noDeviceSends')}
        </p>
      ) : null}
      {/* No device has no caps or quota to fall short of ("Today's daily caps allow 0 of 3" was said). */}
      {noDevice ? null : (
        <BudgetWarnings
          t={t}
          count={count}
          list={list}
          messages={ready}
          devices={devices}
          leftOnFirstDay={budgetToday}
          testIdPrefix="campaign"
        />
      )}
      {fitNow !== null ? (
        <p className="muted" id="campaign-split-explain">
          {t('campaigns.presend.splitExplain', {
            now: fitNow,
            later: count(ready - fitNow),
            name: restName
          })}
        </p>
      ) : null}
      {busy ? (
        // Many rows take seconds to go in line: say so rather than only greying the buttons (QA15 Q15-08).
        <p role="status" className="muted" data-testid="campaign-presend-starting">
          {t('campaigns.presend.starting')}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          ref={first}
          type="button"
          className="button button--primary"
          data-testid="campaign-confirm-start"
          {...busyButtonProps(busy, onStart)}
        >
          {short > 0 ? t('campaigns.presend.startAnyway') : t('campaigns.start', { count: ready })}
        </button>
        {fitNow !== null ? (
          <button
            ref={split}
            type="button"
            className="button"
            data-testid="campaign-split"
            aria-describedby="campaign-split-explain"
            {...busyButtonProps(busy, () => onSplit(fitNow))}
          >
            {t('campaigns.presend.split', { now: count(fitNow), later: count(ready - fitNow) })}
          </button>
        ) : null}
        <button ref={back} type="button" className="button" onClick={onBack}>
          {t('campaigns.presend.back')}
        </button>
      </div>
    </div>
  )
}

/**
 * The campaign's sending hours in their zone, or any time of day, as its page says them once it runs; with the end
 * on a later day than sending starts, that nothing goes between the close and the next opening (QA77 5c: the summary
 * said "8 Dec 2026, 09:20" of a send started the evening before, and the hours only after Start).
 */
function hoursText(
  hours: PacingPolicy['workingHours'],
  endsAt: number | null,
  startsAt: number,
  locale: string,
  t: Translate
): string {
  if (!hours) return t('campaigns.presend.hoursAny')
  const words = {
    start: formatClockTime(hours.start, locale),
    end: formatClockTime(hours.end, locale),
    zone: zoneName(hours.timeZone)
  }
  return endsAt !== null && workingHoursCarryOver(hours, startsAt, endsAt)
    ? t('campaigns.presend.hoursCarryOver', words)
    : t('campaigns.presend.hoursValue', words)
}

/**
 * When the chosen numbers' next day starts, if every one of them has spent today's daily cap (what they sent and what
 * waits on them), or null while one may still send today or has no cap.
 */
function capsSpentUntilOf(
  devices: readonly ChosenDevice[],
  budgets: readonly (number | null)[]
): number | null {
  if (devices.length === 0 || !budgets.every((left) => left === 0)) return null
  const resets = devices.map((d) => Date.parse(d.sentToday?.resetsAt ?? ''))
  return resets.every((at) => !Number.isNaN(at)) ? Math.min(...resets) : null
}
