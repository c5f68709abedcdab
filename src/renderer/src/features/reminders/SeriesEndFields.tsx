// A series' end as the window asks for it (QA33 Q33-05): never, a last day or a number of times, checked with the
// domain's checkSeriesEnd against the series' first day. The new-reminder form and a series' "Change end" share it.
import type { ReactNode } from 'react'
import type { SeriesEnd } from '../../../../shared/contract'
import { checkSeriesEnd, MAX_SERIES_TIMES } from '../../../../shared/domain'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatCalendarDate, zoneName } from '../../i18n/dates'
import { Field } from '../../ui/Field'
import { readTypedNumber } from '../../ui/typed-number'
import { END_CHOICES, END_LABEL, type EndChoice } from './repeat-rules'

export interface SeriesEndDraft {
  choice: EndChoice
  /** `YYYY-MM-DD`, or '' while none is picked. */
  lastDate: string
  /** As typed. */
  times: string
}

const DAY_MS = 86_400_000
const dayNumber = (day: string): number =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) / DAY_MS : Number.NaN

/** Whole days from `start` to `last` (0 when either is no day yet, or the last is before the start). */
export function daysFrom(start: string, last: string): number {
  const days = dayNumber(last) - dayNumber(start)
  return Number.isFinite(days) && days > 0 ? days : 0
}

/**
 * The last day once the first day moved to `start`: kept while it is still on or after it (a day the operator chose
 * to stop on); else `span` days after the new first day, the length the operator had chosen. Null: kept.
 */
export function lastDateFollowingStart(lastDate: string, start: string, span: number): string | null {
  const first = dayNumber(start)
  if (!Number.isFinite(first) || !Number.isFinite(dayNumber(lastDate)) || lastDate >= start) return null
  return new Date((first + span) * DAY_MS).toISOString().slice(0, 10)
}

/**
 * The end the draft asks for (null: never), and whether it is one the series can have, from `startDate` on. `today`
 * (`YYYY-MM-DD` on the series' clock), for a series already made: a last day before it has passed (QA41 Q41-06).
 */
export function useSeriesEndCheck(
  draft: SeriesEndDraft,
  startDate: string,
  tried: boolean,
  today?: string
): { end: SeriesEnd | null; invalid: boolean; error: string | null } {
  const t = useT()
  const language = useLanguage()
  const end: SeriesEnd | null =
    draft.choice === 'date'
      ? { kind: 'date', lastDate: draft.lastDate }
      : draft.choice === 'times'
        ? { kind: 'times', times: readTypedNumber(draft.times, true, language) }
        : null
  const missingDate = draft.choice === 'date' && !draft.lastDate
  const problem = end === null || missingDate ? null : checkSeriesEnd(startDate, end)
  const passed = problem === null && today !== undefined && end?.kind === 'date' && end.lastDate < today
  const error = missingDate
    ? tried
      ? t('reminders.end.dateMissing')
      : null
    : problem === 'date_before_start'
      ? // Said at once: both days are in sight.
        t('reminders.end.beforeStart', { start: formatCalendarDate(startDate, localeOf(language)) })
      : passed
        ? // Said at once, as the core would refuse it.
          t('desktop.error.seriesEndPassed')
        : tried && problem === 'date_invalid'
          ? t('reminders.end.dateMissing')
          : tried && problem === 'times_out_of_range'
            ? t('settings.range', { min: 1, max: MAX_SERIES_TIMES })
            : null
  return { end, invalid: missingDate || problem !== null || passed, error }
}

export function SeriesEndFields({
  idPrefix,
  draft,
  onChange,
  startDate,
  zone,
  error,
  dateNote,
  choiceHint,
  choiceError,
  today
}: {
  /** The controls get `<idPrefix>`, `<idPrefix>-date` and `<idPrefix>-times` as ids and test ids. */
  idPrefix: string
  draft: SeriesEndDraft
  onChange(draft: SeriesEndDraft): void
  /** The series' first day, `YYYY-MM-DD`: no last day before it. */
  startDate: string
  zone: string
  error: string | null
  /** Said under the last day beside its hint (it moved with the first day). */
  dateNote?: ReactNode
  /** Said at the end's choice itself (QA76: an end the keeper cannot have is asked about there); as its error, marked. */
  choiceHint?: ReactNode
  choiceError?: ReactNode
  /** Today on the series' clock, `YYYY-MM-DD`, for a series already made: no last day before it either. */
  today?: string
}): React.JSX.Element {
  const t = useT()
  return (
    <>
      <Field id={idPrefix} label={t('reminders.end')} hint={choiceHint} error={choiceError}>
        {(control) => (
          <select
            {...control}
            data-testid={idPrefix}
            value={draft.choice}
            onChange={(e) => onChange({ ...draft, choice: e.target.value as EndChoice })}
          >
            {END_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(END_LABEL[choice])}
              </option>
            ))}
          </select>
        )}
      </Field>
      {draft.choice === 'date' ? (
        <Field
          id={`${idPrefix}-date`}
          label={t('reminders.end.lastDate')}
          hint={
            <>
              {t('reminders.end.lastDate.hint', { zone: zoneName(zone) })}
              {dateNote ? <span data-testid={`${idPrefix}-date-note`}> {dateNote}</span> : null}
            </>
          }
          error={error}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              data-testid={`${idPrefix}-date`}
              value={draft.lastDate}
              min={(today && today > startDate ? today : startDate) || undefined}
              onChange={(e) => onChange({ ...draft, lastDate: e.target.value })}
            />
          )}
        </Field>
      ) : null}
      {draft.choice === 'times' ? (
        <Field id={`${idPrefix}-times`} label={t('reminders.end.count')} error={error}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              data-testid={`${idPrefix}-times`}
              value={draft.times}
              onChange={(e) => onChange({ ...draft, times: e.target.value })}
            />
          )}
        </Field>
      ) : null}
    </>
  )
}
