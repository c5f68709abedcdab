// A date field and a time field side by side (each labelled, "required" shown after a submit attempt): the one
// way the window asks for a moment, in the send panel, the schedules and the reminders.
import type { ReactNode } from 'react'
import { useT } from '../i18n'
import { zoneName } from '../i18n/dates'
import { Field } from './Field'
import { isLocalTime, wallTimeOnClock } from '../../../shared/domain/schedule-time'

/**
 * Whether both fields are filled with a moment that is no time (a year typed short: "26" is 0026, or 30 February):
 * every form asks this before it submits, and DateTimeFields says it under the date.
 */
export function isNoSuchMoment(date: string, time: string): boolean {
  return Boolean(date && time) && !isLocalTime(`${date}T${time}`)
}

interface DateTimeFieldsProps {
  /** The inputs get the ids `<idPrefix>-date` and `<idPrefix>-time`. */
  idPrefix: string
  /** 'YYYY-MM-DD' */
  date: string
  /**
   * 'HH:mm'. No seconds box, anywhere (QA47 Q47-05): the same keys give the same time in every form, and no operator
   * needs seconds (the gateway's reminders take them: the core sends :00).
   */
  time: string
  onDateChange: (date: string) => void
  onTimeChange: (time: string) => void
  /** Say "required" under an empty field (after the operator tried to submit). */
  showRequired?: boolean
  /** What is wrong with the moment as a whole (a time that has passed), said under the time. */
  error?: ReactNode
  errorTestId?: string
  timeHint?: ReactNode
  /**
   * The clock the moment is read on: a time its clocks skip (set forward) or show twice (set back) that day is said
   * under the time, with what becomes of it (01:30 in London on a spring-forward night went at 02:30 unsaid).
   */
  timeZone?: string
  testIds?: { date: string; time: string }
}

/** What the clock of `timeZone` does to the typed moment, in words, or null when it shows it once. */
function clockChange(
  t: ReturnType<typeof useT>,
  date: string,
  time: string,
  timeZone: string | undefined
): string | null {
  if (!timeZone || !date || !time) return null
  const onClock = wallTimeOnClock(`${date}T${time}`, timeZone)
  if (onClock.kind === 'skipped')
    return t('schedule.clock.skipped', { zone: zoneName(timeZone), typed: time, becomes: onClock.becomes })
  if (onClock.kind === 'twice') return t('schedule.clock.twice', { zone: zoneName(timeZone), typed: time })
  return null
}

export function DateTimeFields(props: DateTimeFieldsProps): React.JSX.Element {
  const t = useT()
  const changed = clockChange(t, props.date, props.time, props.timeZone)
  const timeHint = changed ? (
    <>
      {props.timeHint ? <>{props.timeHint} </> : null}
      <span data-testid={`${props.idPrefix}-clock-change`}>{changed}</span>
    </>
  ) : (
    props.timeHint
  )
  const required = (value: string): string | null =>
    props.showRequired && !value ? t('common.required') : null
  return (
    <>
      <Field
        id={`${props.idPrefix}-date`}
        label={t('send.schedule.date')}
        error={
          required(props.date) ??
          (isNoSuchMoment(props.date, props.time)
            ? t('desktop.error.noSuchTime', { time: `${props.date} ${props.time}` })
            : null)
        }
        errorTestId={`${props.idPrefix}-no-such-time`}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            data-testid={props.testIds?.date}
            value={props.date}
            onChange={(e) => props.onDateChange(e.target.value)}
          />
        )}
      </Field>
      <Field
        id={`${props.idPrefix}-time`}
        label={t('send.schedule.time')}
        hint={timeHint}
        error={required(props.time) ?? props.error}
        {...(props.errorTestId ? { errorTestId: props.errorTestId } : {})}
      >
        {(control) => (
          <input
            {...control}
            type="time"
            data-testid={props.testIds?.time}
            value={props.time}
            onChange={(e) => props.onTimeChange(e.target.value)}
          />
        )}
      </Field>
    </>
  )
}
