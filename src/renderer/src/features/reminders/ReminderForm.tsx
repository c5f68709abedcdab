// A new recurring message: who, what, first time and how often, kept by the gateway (`reminders:create`, text only,
// its clock) or by Sender Desk (`series:create`, files too, any time zone, weekly too).
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { forgetKeptFields, useKeptState } from '../../stores/kept-fields'
import type { FileHandleView, InvokeRequest } from '../../../../shared/contract'
import {
  GATEWAY_TIME_ZONE,
  firstTypedVariable,
  isEveryNDays,
  MAX_EVERY_N_DAYS,
  MAX_SEND_RECIPIENTS,
  MAX_SERIES_MESSAGES,
  MAX_TITLE_LENGTH,
  scheduleTime,
  splitRecipients,
  type OverduePolicyName
} from '../../../../shared/domain'
import { call, errorInfo, getApi } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatCalendarDate, formatDateTimeInZone, zoneName } from '../../i18n/dates'
import { nextHourIn } from '../../i18n/wall-clock'
import { useSettings } from '../../stores/settings'
import { busyButtonProps } from '../../ui/busy-button'
import { TypedVariableWarning } from '../../ui/TypedVariableWarning'
import { DateTimeFields, isNoSuchMoment } from '../../ui/DateTimeFields'
import { Field } from '../../ui/Field'
import { FilePickButton } from '../../ui/FilePickButton'
import { OptOutQuestion } from '../../ui/OptOutQuestion'
import { OverduePolicyField } from '../../ui/OverduePolicyField'
import { lengthError, tooLongError } from '../../ui/text-limit'
import { pickedPhotosByHandle } from '../../ui/picked-photos'
import { readTypedNumber } from '../../ui/typed-number'
import { ReminderFiles } from './ReminderFiles'
import { gatewayPeriode, localRule, REPEAT_LABEL, REPEATS, type Repeat } from './repeat-rules'
import {
  daysFrom,
  lastDateFollowingStart,
  SeriesEndFields,
  useSeriesEndCheck,
  type SeriesEndDraft
} from './SeriesEndFields'
import { TimeZoneField } from '../../ui/TimeZoneField'
import { useFocusFirstInvalid } from '../../ui/use-focus-first-invalid'
import { useNow } from '../../ui/use-now'
import { startOnClock, type StartSet } from './start-on-clock'
import { ContactPicker } from '../send/ContactPicker'
import { parseRecipients } from '../send/recipients'

export type Keeper = 'gateway' | 'local'

/** The gateway keeps reminders on its own clock; Asia/Jakarta for the accounts we know. */
const GATEWAY_ZONE = GATEWAY_TIME_ZONE

export function ReminderForm({
  deviceId,
  onCreates,
  onCreated
}: {
  deviceId: string
  /** Create was pressed: another action starts, the lists' last result lines go. */
  onCreates(): void
  onCreated(keeper: Keeper): void
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const defaultZone = useSettings((s) => s.settings?.defaultTimezone ?? GATEWAY_ZONE)
  const [keeper, setKeeper] = useState<Keeper>('gateway')
  // What is typed is kept while another view is shown (by the device), until the reminder is made.
  const keptAs = `reminder.new.${deviceId}.`
  const [to, setTo] = useKeptState(`${keptAs}to`, '')
  const [title, setTitle] = useKeptState(`${keptAs}title`, '')
  const [message, setMessage] = useKeptState(`${keptAs}message`, '')
  const typedVariable = firstTypedVariable(message)
  const [files, setFiles] = useState<FileHandleView[]>([])
  /** The photos among them as the operator picked them, by handle: their pictures are made from these. */
  const [pickedPhotos, setPickedPhotos] = useState<ReadonlyMap<string, File>>(() => new Map())
  const [rejected, setRejected] = useState<string[]>([])
  /** Files of a pick still being registered: room the series has promised them. */
  const filesBeingRegistered = useRef(0)
  // The first time as the operator set it, on the clock it was set on; null while it is the default (startDefault).
  const [startSet, setStartSet] = useState<StartSet | null>(null)
  const [timezone, setTimezone] = useState(defaultZone)
  const [repeat, setRepeat] = useState<Repeat>('daily')
  const [days, setDays] = useState('7')
  const [overdue, setOverdue] = useState<OverduePolicyName>('send')
  // An end (QA33 Q33-05): a last day or a number of times; only Sender Desk's series have one.
  const [endDraft, setEndDraft] = useState<SeriesEndDraft>({ choice: 'never', lastDate: '', times: '30' })
  // How many days after the first day the operator put the last one: kept when the first day moves past it.
  const [endSpan, setEndSpan] = useState(0)
  const [endFollowed, setEndFollowed] = useState<string | null>(null)
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  // Create keeps the focus while it works (said busy, not disabled) and an opt-out answer's button goes with the
  // question: once done, the focus goes to the line saying the reminder was made, or back to Create when it was not.
  const doneRef = useRef<HTMLParagraphElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const focusAfter = useRef<'done' | 'submit' | null>(null)
  useLayoutEffect(() => {
    if (busy || focusAfter.current === null) return
    const active = document.activeElement
    const lost = active === null || active === document.body || active === submitRef.current
    if (lost) (focusAfter.current === 'done' ? doneRef : submitRef).current?.focus()
    focusAfter.current = null
  }, [busy])
  const [error, setError] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const focusFirstInvalid = useFocusFirstInvalid(formRef)
  /** The core's question when a series names numbers on the opt-out list (asked as the Send view asks). */
  const [optOutAsk, setOptOutAsk] = useState<string | null>(null)
  // "Saved" is said for the form as it was saved (QA47 Q47-07): the draft it was said for, and gone once the form
  // changes (a field, the keeper).
  // `warn`: sent to the gateway, its answer lost (kept unconfirmed): said as a warning, not "Saved".
  const [saved, setSaved] = useState<{ text: string; draft: string; warn?: boolean } | null>(null)

  const gatewayCanRepeat = gatewayPeriode(repeat) !== null && files.length === 0
  const gatewayPossible = gatewayCanRepeat && endDraft.choice === 'never'
  // QA76: an end is Sender Desk's alone, but choosing one moved the reminder there unasked and read the time typed on
  // the gateway's clock in the app's zone (08:00 WIB shown as 01:00 UTC). The keeper stays until answered at the end.
  const effectiveKeeper: Keeper = gatewayCanRepeat ? keeper : 'local'
  const endAsksKeeper = effectiveKeeper === 'gateway' && endDraft.choice !== 'never'
  // Split as the chips are (semicolons too): "0812…; 0813…" was two chips but one recipient the core refused. A
  // number typed twice is one chip and one recipient: the gateway's reminder, which takes one, refused the copy.
  const parsedRecipients = parseRecipients(to, false)
  const recipients = parsedRecipients.map((entry) => entry.raw)
  const repeatsLeftOut = splitRecipients(to).length - recipients.length
  // Read as written: "2,5" is no whole number of days (Chromium's number input made it 25, QA19 Q19-01).
  const dayCount = readTypedNumber(days, true, language)
  // The clock the first time is read on. Read again now and then: the time may pass while the form is open.
  const now = useNow(15_000)
  const startZone = effectiveKeeper === 'gateway' ? GATEWAY_ZONE : timezone
  // Until the operator sets one, the next whole hour on that clock, following a change of keeper or zone and the
  // hours going by: the next hour on the gateway's clock (WIB) read on Jayapura's (WIT) was two hours gone, and the
  // form warned that its own first time had passed as it opened. Ahead, and the soonest a reminder set now can be.
  // Set on another clock (the keeper changed by itself): the same moment on this one, said at the time (startOnClock).
  const shownStart = startSet === null ? null : startOnClock(startSet, startZone)
  const { date, time } = shownStart ?? nextHourIn(startZone, new Date(now))
  const setStart = (part: Partial<{ date: string; time: string }>): void =>
    setStartSet({ date, time, zone: startZone, ...part })
  const { end, invalid: endInvalid, error: endError } = useSeriesEndCheck(endDraft, date, tried)
  /** The form's draft with these files, to know whether it changed since it was saved. */
  const draftWith = (attached: readonly FileHandleView[]): string =>
    JSON.stringify([
      effectiveKeeper,
      to,
      title,
      message,
      attached.map((file) => file.handle),
      date,
      time,
      timezone,
      repeat,
      days,
      endDraft,
      overdue
    ])
  const done = saved?.draft === draftWith(files) ? saved.text : ''
  // Create pressed again on the form just saved (probe 4 P1): what was typed stays for the next reminder, so a second
  // press would make the very same one and the customer would get it twice at each time. Said until the form changes.
  const [sameAgain, setSameAgain] = useState(false)

  function changeEnd(next: SeriesEndDraft): void {
    if (next.lastDate !== endDraft.lastDate) {
      setEndSpan(daysFrom(date, next.lastDate))
      setEndFollowed(null)
    }
    setEndDraft(next)
  }

  // A first day moved past the last one takes the last day along, the same number of days after it, and says so at
  // the field: the operator chose how long it runs, and a last day before the first can be no one's wish.
  function changeStartDate(next: string): void {
    setStart({ date: next })
    const moved = lastDateFollowingStart(endDraft.lastDate, next, endSpan)
    if (moved === null) return
    setEndDraft({ ...endDraft, lastDate: moved })
    setEndFollowed(moved)
  }
  // A start gone by is no error (a series begins with its next repeat) but is said at the time, as Send says it, in
  // the clock the start is read on (QA22 Q22-08).
  const startPassed =
    Boolean(date && time) && scheduleTime(`${date}T${time}`, startZone, now).kind === 'passed'
  const passedWarning = startPassed
    ? t(effectiveKeeper === 'gateway' ? 'reminders.passed.gateway' : 'reminders.passed.local', {
        now: formatDateTimeInZone(new Date(now).toISOString(), localeOf(language), startZone)
      })
    : null
  const gatewayClockHint =
    effectiveKeeper === 'gateway' ? t('reminders.gatewayClock', { zone: zoneName(GATEWAY_ZONE) }) : null
  /**
   * A keeper chosen by hand: the time shown is read on its clock, as typed (the operator sees the clock change). While
   * the end asks whether this computer should keep it, Sender Desk picked here is that answer, said "in WIB": read on
   * the app's zone, 08:00 WIB became 08:00 UTC.
   */
  function chooseKeeper(chosen: Keeper): void {
    if (chosen === 'local' && endAsksKeeper) return keepOnGatewayClock()
    setKeeper(chosen)
    if (startSet !== null) setStartSet({ date, time, zone: chosen === 'gateway' ? GATEWAY_ZONE : timezone })
  }
  /** This computer keeps it, on the gateway's clock the time was typed on (the answer to the end's question). */
  function keepOnGatewayClock(): void {
    setKeeper('local')
    setTimezone(GATEWAY_ZONE)
    if (startSet !== null) setStartSet({ date, time, zone: GATEWAY_ZONE })
  }
  /** The end's button: answered, and the focus stays at the end it was about. */
  function keepOnThisComputer(): void {
    keepOnGatewayClock()
    focusEndAfterAnswer.current = true
  }
  // The button answered goes with the question: the focus stays at the end it was about, not on the page.
  const focusEndAfterAnswer = useRef(false)
  useLayoutEffect(() => {
    if (!focusEndAfterAnswer.current || effectiveKeeper !== 'local') return
    focusEndAfterAnswer.current = false
    formRef.current?.querySelector<HTMLElement>('#reminder-end')?.focus()
  }, [effectiveKeeper])
  const endKeeperQuestion = endAsksKeeper ? (
    <>
      {t(
        endDraft.choice === 'date' ? 'reminders.end.gatewayCannot.date' : 'reminders.end.gatewayCannot.times',
        {
          zone: zoneName(GATEWAY_ZONE)
        }
      )}{' '}
      <button
        type="button"
        className="button"
        data-testid="reminder-end-keep-local"
        onClick={keepOnThisComputer}
      >
        {t('reminders.end.keepOnComputer')}
      </button>
    </>
  ) : null
  const movedAt = shownStart?.movedAt ?? null
  const movedHint =
    movedAt === null || startSet === null
      ? null
      : t('reminders.start.moved', {
          typed: formatDateTimeInZone(new Date(movedAt).toISOString(), localeOf(language), startSet.zone),
          shown: formatDateTimeInZone(new Date(movedAt).toISOString(), localeOf(language), startZone)
        })
  // Said at the field in the window's language, as Send says it; the core's refusal came in English only, under the
  // form (a new operator's probe, in Bahasa Indonesia).
  const invalidRecipient = parsedRecipients.find((entry) => entry.problem !== null)
  const problems = {
    to:
      recipients.length === 0 ||
      (effectiveKeeper === 'gateway' && recipients.length > 1) ||
      recipients.length > MAX_SEND_RECIPIENTS ||
      invalidRecipient !== undefined,
    message: files.length === 0 && !message.trim(),
    messageLength: tooLongError(t, message, files.length > 0),
    title: effectiveKeeper === 'gateway' && lengthError(t, title, MAX_TITLE_LENGTH) !== null,
    when: !date || !time || isNoSuchMoment(date, time),
    days: repeat === 'every-n-days' && !isEveryNDays(dayCount),
    end: endInvalid || endAsksKeeper
  }

  async function addFiles(list: File[]): Promise<void> {
    if (list.length === 0) return
    // A series carries so many files (the contract refused more at Create, in its own words): the rest is said here.
    const room = Math.max(0, MAX_SERIES_MESSAGES - files.length - filesBeingRegistered.current)
    const taken = list.slice(0, room)
    const leftOut = list.length - taken.length
    const tooMany =
      leftOut > 0 ? [t('reminders.files.tooMany', { count: leftOut, max: MAX_SERIES_MESSAGES })] : []
    if (taken.length === 0) return setRejected(tooMany)
    filesBeingRegistered.current += taken.length
    try {
      const reply = await getApi().registerFiles(taken)
      const photos = pickedPhotosByHandle(
        taken.map((file) => ({ file, size: file.size })),
        reply.files
      )
      setPickedPhotos((current) => new Map([...current, ...photos]))
      setFiles((current) => [...current, ...reply.files])
      setRejected([...reply.rejected.map((r) => `${r.name}: ${r.message}`), ...tooMany])
    } catch (e) {
      setError(errorInfo(e).message)
    } finally {
      filesBeingRegistered.current -= taken.length
    }
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    onCreates()
    setTried(true)
    if (done) {
      setSameAgain(true)
      return
    }
    setSaved(null)
    if (Object.values(problems).some(Boolean)) {
      focusFirstInvalid()
      return
    }
    await create()
  }

  async function create(optedOut?: 'leave-out'): Promise<void> {
    focusAfter.current = 'submit'
    setBusy(true)
    setError(null)
    setSameAgain(false)
    setOptOutAsk(null)
    const localTime = `${date}T${time}`
    try {
      let unconfirmed = false
      if (effectiveKeeper === 'gateway') {
        const periode = gatewayPeriode(repeat) ?? 'daily'
        const made = await call('reminders:create', {
          deviceId,
          phone: recipients[0] ?? '',
          message,
          start: localTime,
          periode,
          ...(title.trim() ? { title: title.trim() } : {}),
          ...(periode === 'custom' ? { customDay: dayCount } : {}),
          ...(optedOut ? { optedOut } : {})
        })
        unconfirmed = made.reminderId === null
      } else {
        const entries: InvokeRequest<'series:create'>['entries'] = files.map((file, index) => ({
          kind: 'file' as const,
          handle: file.handle,
          ...(index === 0 && message.trim() ? { caption: message } : {})
        }))
        if (files.length === 0) entries.push({ kind: 'text', text: message })
        await call('series:create', {
          deviceId,
          recipients,
          entries,
          start: { localTime, timezone },
          rule: localRule(repeat, dayCount),
          overduePolicy: overdue,
          ...(end ? { end } : {}),
          ...(optedOut ? { optedOut } : {})
        })
      }
      // What was typed stays (QA47 Q47-07): the next reminder is often this one for another number, or the same
      // kept by the other keeper. The files went with the series they were sent in. Not kept past this view, though:
      // back here later it would read as a reminder not made yet.
      forgetKeptFields(keptAs)
      setFiles([])
      setPickedPhotos(new Map())
      setRejected([])
      setTried(false)
      setSaved({
        text: unconfirmed
          ? t('reminders.created.unconfirmed')
          : effectiveKeeper === 'gateway'
            ? t('reminders.created.gateway')
            : t('reminders.created.local'),
        draft: draftWith([]),
        warn: unconfirmed
      })
      onCreated(effectiveKeeper)
      focusAfter.current = 'done'
    } catch (e) {
      const failure = errorInfo(e)
      if (failure.code === 'opted_out') setOptOutAsk(failure.message)
      else setError(failure.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      ref={formRef}
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="reminder-form"
    >
      <h3>{t('reminders.new')}</h3>
      <fieldset className="sub-fieldset">
        <legend>{t('reminders.keeper')}</legend>
        <div className="radio-row">
          <label className="radio">
            <input
              type="radio"
              name="reminder-keeper"
              data-testid="reminder-keeper-gateway"
              checked={effectiveKeeper === 'gateway'}
              disabled={effectiveKeeper !== 'gateway' && !gatewayPossible}
              onChange={() => chooseKeeper('gateway')}
            />{' '}
            {t('reminders.keeper.gateway')}
          </label>
          <label className="radio">
            <input
              type="radio"
              name="reminder-keeper"
              data-testid="reminder-keeper-local"
              checked={effectiveKeeper === 'local'}
              onChange={() => chooseKeeper('local')}
            />{' '}
            {t('reminders.keeper.local')}
          </label>
        </div>
        <p className="field-hint">
          {gatewayPossible ? t('reminders.keeper.hint') : t('reminders.keeper.localOnly')}
        </p>
        {/* The title field goes with the gateway: what was typed in it is said to be left out, not dropped unsaid. */}
        {effectiveKeeper === 'local' && title.trim() !== '' ? (
          <p className="field-hint" data-testid="reminder-title-left-out">
            {t('reminders.titleLeftOut', { title: title.trim() })}
          </p>
        ) : null}
      </fieldset>
      <div className="form-grid">
        <Field
          id="reminder-to"
          label={effectiveKeeper === 'gateway' ? t('reminders.to') : t('reminders.toMany')}
          hint={repeatsLeftOut > 0 ? t('reminders.to.repeatsLeftOut', { count: repeatsLeftOut }) : null}
          error={
            !tried || !problems.to
              ? null
              : recipients.length > MAX_SEND_RECIPIENTS
                ? t('reminders.to.tooMany', { count: recipients.length, max: MAX_SEND_RECIPIENTS })
                : invalidRecipient?.problem
                  ? t('reminders.to.invalid', {
                      entry: invalidRecipient.raw,
                      problem: t(`recipient.problem.${invalidRecipient.problem}`)
                    })
                  : recipients.length === 0
                    ? t('common.required')
                    : t('reminders.to.oneForGateway')
          }
        >
          {(control) => (
            <ContactPicker
              control={control}
              text={to}
              isGroup={false}
              onText={setTo}
              testId="reminder-to"
              chips
            />
          )}
        </Field>
        {effectiveKeeper === 'gateway' ? (
          <Field
            id="reminder-title"
            label={t('reminders.titleField')}
            error={lengthError(t, title, MAX_TITLE_LENGTH)}
          >
            {(control) => (
              <input
                {...control}
                data-testid="reminder-title"
                value={title}
                onChange={(e) => setTitle(e.target.value)}
              />
            )}
          </Field>
        ) : null}
        <Field
          id="reminder-message"
          label={files.length > 0 ? t('send.caption') : t('send.message')}
          className="span-all"
          error={problems.messageLength ?? (tried && problems.message ? t('common.required') : null)}
          hint={
            typedVariable ? (
              <TypedVariableWarning variable={typedVariable} testId="reminder-message-variables" />
            ) : null
          }
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              dir="auto"
              data-testid="reminder-message"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          )}
        </Field>
        {effectiveKeeper === 'local' ? (
          // The app's own picker, as Send's, not the browser's "Choose Files / No file chosen" in its own language
          // (probe 4 P8); each file picked is a chip with its size and a ×.
          <div className="span-all field" role="group" aria-labelledby="reminder-files-title">
            <span id="reminder-files-title" className="field-title">
              {t('send.files')}
            </span>
            <FilePickButton
              id="reminder-files"
              label={t('send.drop.choose')}
              multiple
              testId="reminder-files"
              describedBy="reminder-files-hint"
              onFiles={(picked) => void addFiles(picked)}
            />
            <p id="reminder-files-hint" className="field-hint">
              {t('reminders.files.hint')}
            </p>
          </div>
        ) : null}
        <ReminderFiles
          files={files}
          pickedPhotos={pickedPhotos}
          onRemove={(file) => {
            setFiles((current) => current.filter((f) => f.handle !== file.handle))
            setPickedPhotos((current) => withoutPhoto(current, file.handle))
            // Let go in the core too, as the Send view's × does: nothing else would until the app quits.
            call('files:release', { handles: [file.handle] }).catch(() => undefined)
          }}
        />
        {rejected.length > 0 ? (
          <p className="alert alert--warn span-all" role="alert">
            {rejected.join(' · ')}
          </p>
        ) : null}
        <DateTimeFields
          idPrefix="reminder"
          timeZone={startZone}
          date={date}
          time={time}
          onDateChange={changeStartDate}
          onTimeChange={(next) => setStart({ time: next })}
          showRequired={tried}
          timeHint={
            gatewayClockHint || movedHint || passedWarning ? (
              <>
                {gatewayClockHint}
                {movedHint ? (
                  <>
                    {gatewayClockHint ? ' ' : null}
                    <span data-testid="reminder-start-moved">{movedHint}</span>
                  </>
                ) : null}
                {passedWarning ? (
                  <span className="field-hint-warning" data-testid="reminder-passed">
                    {`⚠ ${passedWarning}`}
                  </span>
                ) : null}
              </>
            ) : undefined
          }
          testIds={{ date: 'reminder-date', time: 'reminder-time' }}
        />
        {effectiveKeeper === 'local' ? (
          <TimeZoneField
            id="reminder-zone"
            label={t('send.schedule.timezone')}
            testId="reminder-zone"
            value={timezone}
            include={[defaultZone]}
            onChange={(zone) => {
              setTimezone(zone)
              // A zone chosen by hand reads the time shown as on its clock, as Send's schedule does.
              if (startSet !== null) setStartSet({ date, time, zone })
            }}
          />
        ) : null}
        <Field id="reminder-repeat" label={t('reminders.repeat')}>
          {(control) => (
            <select
              {...control}
              data-testid="reminder-repeat"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value as Repeat)}
            >
              {REPEATS.map((choice) => (
                <option key={choice} value={choice}>
                  {t(REPEAT_LABEL[choice])}
                </option>
              ))}
            </select>
          )}
        </Field>
        {repeat === 'every-n-days' ? (
          <Field
            id="reminder-days"
            label={t('reminders.days')}
            error={tried && problems.days ? t('settings.range', { min: 1, max: MAX_EVERY_N_DAYS }) : null}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="numeric"
                data-testid="reminder-days"
                value={days}
                onChange={(e) => setDays(e.target.value)}
              />
            )}
          </Field>
        ) : null}
        <SeriesEndFields
          idPrefix="reminder-end"
          draft={endDraft}
          onChange={changeEnd}
          startDate={date}
          zone={startZone}
          error={endError}
          choiceHint={tried ? null : endKeeperQuestion}
          choiceError={tried ? endKeeperQuestion : null}
          dateNote={
            endFollowed
              ? t('reminders.end.followedStart', {
                  date: formatCalendarDate(endFollowed, localeOf(language))
                })
              : null
          }
        />
        {effectiveKeeper === 'local' ? (
          <OverduePolicyField id="reminder-overdue" value={overdue} onChange={setOverdue} />
        ) : null}
      </div>
      {optOutAsk ? (
        <OptOutQuestion
          testId="reminder-opt-out-ask"
          question={optOutAsk}
          busy={busy}
          // The gateway's reminder goes to one number: leaving it out would leave nobody.
          onLeaveOut={
            effectiveKeeper === 'local' && recipients.length > 1
              ? () => {
                  // The question goes as the series is made, its pressed answer with it: the focus waits on Create
                  // (busy meanwhile), as the Send view's does on Send, not on the page.
                  submitRef.current?.focus()
                  void create('leave-out')
                }
              : undefined
          }
        />
      ) : null}
      {error ? (
        <p className="alert alert--bad" role="alert" data-testid="reminder-error">
          {error}
        </p>
      ) : null}
      {sameAgain && done ? (
        <p className="alert alert--warn" role="alert" data-testid="reminder-same-again">
          {t('reminders.sameAgain')}
        </p>
      ) : null}
      <div className="actions">
        <button
          ref={submitRef}
          type="submit"
          className="button button--primary"
          {...busyButtonProps(busy)}
          data-testid="reminder-submit"
        >
          {t('reminders.create')}
        </button>
      </div>
      <p
        ref={doneRef}
        tabIndex={-1}
        role="status"
        className={`feedback feedback--${done && saved?.warn ? 'warn' : 'ok'}`}
        data-testid="reminder-done"
      >
        {done}
      </p>
    </form>
  )
}

/** `photos` without the one under `handle`. */
function withoutPhoto(photos: ReadonlyMap<string, File>, handle: string): ReadonlyMap<string, File> {
  const kept = new Map(photos)
  kept.delete(handle)
  return kept
}
