// The form that moves a scheduled message (its time, zone, overdue choice, words): Schedules' rows and send cards, and
// the Outbox's detail of a scheduled message (QA: the detail offered no Reschedule), one form and one core command.
import { useRef, useState, type FormEvent } from 'react'
import type { OutboxItemView } from '../../../../shared/contract'
import type { ErrorInfo } from '../../api'
import { localeOf, useLanguage, useT, type Translate } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { wallClockIn } from '../../i18n/wall-clock'
import type { useOutbox } from '../../stores/outbox'
import { useSettings } from '../../stores/settings'
import { DateTimeFields, isNoSuchMoment } from '../../ui/DateTimeFields'
import { Field } from '../../ui/Field'
import { cancelOnEscape } from '../../ui/escape'
import { busyButtonProps } from '../../ui/busy-button'
import { OverduePolicyField } from '../../ui/OverduePolicyField'
import { TimeZoneField } from '../../ui/TimeZoneField'
import { useFocusFirstInvalid } from '../../ui/use-focus-first-invalid'
import { useNow } from '../../ui/use-now'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import {
  DEFAULT_TIME_ZONE,
  MAX_TEXT_LENGTH,
  messageTextProblem,
  scheduleTime,
  type OverduePolicyName
} from '../../../../shared/domain'

export type EditRequest = Parameters<ReturnType<typeof useOutbox.getState>['edit']>[0]

/**
 * Hands the form the core's refusal of its Save: one about its time (gone by when the core read it, no such moment) is
 * said at the time field, and true is answered; false for one about no field of the form (its number opted out since,
 * the message moved meanwhile), which the caller says in its result line, the focus there.
 */
export type SayAtField = (refusal: ErrorInfo) => boolean

/** The core's names of the request's time (scheduler.ts, types.ts assertLocalTime), the form's time field. */
const TIME_FIELDS: ReadonlySet<string> = new Set(['schedule.localTime'])

/** What is wrong with a text (`required`) or a caption as worded, in words for its field; null when nothing. */
export function wordsProblem(words: string, required: boolean, t: ReturnType<typeof useT>): string | null {
  const problem = messageTextProblem(words, { required })
  return problem === 'empty'
    ? t('common.required')
    : problem === 'too-long'
      ? t('send.problem.textTooLong', { max: MAX_TEXT_LENGTH })
      : null
}

/**
 * What the form says first of a message whose number opted out since it was scheduled (QA61 follow-up), on the
 * operator's clock: the core refuses to move it, so Save says it again. Undefined while the number has not.
 */
export function optedOutAhead(
  item: OutboxItemView,
  t: Translate,
  locale: string,
  operatorZone: string
): { notice: string; blocksSave: true } | undefined {
  if (!item.optedOutSince) return undefined
  return {
    notice: t('schedules.optedOutAhead', {
      number: formatPhoneForReading(item.recipient),
      date: formatDateTimeInZone(item.optedOutSince, locale, operatorZone)
    }),
    blocksSave: true
  }
}

/**
 * A scheduled message's new time, zone and overdue choice (and words, `withText`), checked as the core checks them:
 * Schedules' rows and cards, and the Outbox's detail of a scheduled message, move it with this one form.
 */
export function RescheduleForm({
  item,
  withText = true,
  busy,
  optedOut,
  onCancelSending,
  onCancel,
  onSave
}: {
  item: OutboxItemView
  /** Whether its text or caption can be changed too (a send's card moves its time here, its words in RewordForm). */
  withText?: boolean
  busy: boolean
  /**
   * Its number (a send's: some of its numbers) opted out since it was scheduled, said before Save (QA61 follow-up: a
   * reschedule asked nothing, and the message was cancelled at its new time). `blocksSave`: the core refuses the move,
   * so Save says it again instead; a send's Save moves the others.
   */
  optedOut?: { notice: string; blocksSave: boolean } | undefined
  /** What helps when its number opted out: cancel it (offered beside the notice when given). */
  onCancelSending?(): void
  onCancel(): void
  /**
   * `moved`: its time, zone or overdue choice changed (not only its words). `atField`: the core's refusal goes through
   * it first (Issue 29: a time refused by the core was said in the result line only, the field unmarked).
   */
  onSave(request: EditRequest, changed: { moved: boolean }, atField: SayAtField): void
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const defaultZone = useSettings((s) => s.settings?.defaultTimezone ?? DEFAULT_TIME_ZONE)
  const startZone = item.timezone ?? defaultZone
  const start = item.scheduledAt ? wallClockIn(new Date(item.scheduledAt), startZone) : { date: '', time: '' }
  const [date, setDate] = useState(start.date)
  const [time, setTime] = useState(start.time)
  const [timezone, setTimezone] = useState(startZone)
  const [overdue, setOverdue] = useState<OverduePolicyName>(item.overduePolicy ?? 'send')
  const [text, setText] = useState(item.text ?? '')
  const [tried, setTried] = useState(false)
  // Why the core refused the time at the last Save, said at the time field until the moment changes, as the form's own
  // "This time has passed" is: the field marked and described by it, the focus on it once drawn (focusFirstInvalid).
  const [timeRefused, setTimeRefused] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const focusFirstInvalid = useFocusFirstInvalid(formRef)
  const mode = item.scheduleMode ?? 'local'
  const timeId = `resched-${item.id}-time`
  /** The domain's rule (the send form's): a time gone by would send at once, or hang at the gateway. */
  const passed = (at: number): boolean =>
    Boolean(date && time) && scheduleTime(`${date}T${time}`, timezone, at).kind === 'passed'
  // Re-read now and then, and at Save's press: a time that passes while the form is open is said at the field.
  const ticked = useNow(15_000)
  const [pressedAt, setPressedAt] = useState(0)
  const now = Math.max(ticked, pressedAt)
  const passedNow = passed(now)
  /** Another moment is another question: what was said of the refused one goes with the change. */
  function newMoment<V>(set: (value: V) => void): (value: V) => void {
    return (value) => {
      set(value)
      setTimeRefused(null)
    }
  }
  const atField: SayAtField = (refusal) => {
    if (!refusal.field || !TIME_FIELDS.has(refusal.field)) return false
    setTimeRefused(refusal.message)
    focusFirstInvalid()
    return true
  }
  const textId = `resched-text-${item.id}`
  // A text needs words; a caption may be emptied (it is then taken away). Said at the field, never dropped unsaid.
  const textProblem = withText ? wordsProblem(text, item.kind === 'text', t) : null

  const optedOutId = `schedule-opted-out-${item.id}`

  function submit(event: FormEvent): void {
    event.preventDefault()
    setTried(true)
    if (optedOut?.blocksSave) {
      // Moved, it would still not be sent: the notice is read again, its Cancel sending beside it.
      document.getElementById(optedOutId)?.focus()
      return
    }
    if (!date || !time) {
      // To the empty field, whose "Required" is then read out (QA64: the focus stayed on Save).
      document.getElementById(date ? timeId : `resched-${item.id}-date`)?.focus()
      return
    }
    if (isNoSuchMoment(date, time)) {
      document.getElementById(`resched-${item.id}-date`)?.focus()
      return
    }
    if (textProblem !== null) {
      document.getElementById(textId)?.focus()
      return
    }
    const at = Date.now()
    if (passed(at)) {
      // Read again at the press (the time may have passed since the form drew, unsaid yet), said at the field as the
      // core's refusal is; the operator picks another.
      setPressedAt(at)
      focusFirstInvalid()
      return
    }
    const request: EditRequest = {
      id: item.id,
      schedule: { localTime: `${date}T${time}`, timezone, mode, overduePolicy: overdue }
    }
    if (withText && text !== (item.text ?? '')) request.text = text
    const moved =
      date !== start.date ||
      time !== start.time ||
      timezone !== startZone ||
      overdue !== (item.overduePolicy ?? 'send')
    setTimeRefused(null)
    onSave(request, { moved }, atField)
  }

  return (
    <form
      ref={formRef}
      className="inline-form form-grid"
      onSubmit={submit}
      // Escape does what Cancel does, as in the other inline forms; the row panel gives the focus back (Q25-04).
      onKeyDown={cancelOnEscape(onCancel, busy)}
      noValidate
      data-testid={`schedule-form-${item.id}`}
    >
      {optedOut ? (
        <div className="alert alert--warn span-all">
          <p id={optedOutId} tabIndex={-1} data-testid={optedOutId}>
            {optedOut.notice}
          </p>
          {onCancelSending ? (
            <button type="button" className="button" {...busyButtonProps(busy, onCancelSending)}>
              {t('schedules.cancelSending')}
            </button>
          ) : null}
        </div>
      ) : null}
      <DateTimeFields
        idPrefix={`resched-${item.id}`}
        timeZone={timezone}
        date={date}
        time={time}
        onDateChange={newMoment(setDate)}
        onTimeChange={newMoment(setTime)}
        showRequired={tried}
        error={
          passedNow
            ? t('schedules.passed', {
                now: formatDateTimeInZone(new Date(now).toISOString(), locale, timezone)
              })
            : timeRefused
        }
        errorTestId={`schedule-passed-${item.id}`}
        testIds={{ date: 'schedule-date', time: 'schedule-time-input' }}
      />
      <TimeZoneField
        id={`resched-zone-${item.id}`}
        label={t('send.schedule.timezone')}
        testId="schedule-timezone"
        value={timezone}
        include={[startZone, defaultZone]}
        onChange={newMoment(setTimezone)}
      />
      {mode === 'local' ? (
        <OverduePolicyField id={`resched-overdue-${item.id}`} value={overdue} onChange={setOverdue} />
      ) : null}
      {withText ? (
        <Field
          id={textId}
          label={
            item.kind === 'text'
              ? t('send.text')
              : t('schedules.send.rewordCaption', { file: item.fileName ?? '' })
          }
          className="span-all"
          error={tried ? textProblem : null}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              dir="auto"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Field>
      ) : null}
      <div className="actions span-all">
        <button
          type="submit"
          className="button button--primary"
          {...busyButtonProps(busy)}
          data-testid={`schedule-save-${item.id}`}
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
