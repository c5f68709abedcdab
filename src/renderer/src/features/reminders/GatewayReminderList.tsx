// The gateway reminders Sender Desk created for the device: what, to whom, from when and how often; for sandbox
// devices how often the sandbox has sent it; edit, ask the gateway again, delete.
import { useRef, useState, type FormEvent } from 'react'
import type { ReminderView } from '../../../../shared/contract'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { lengthError, tooLongError } from '../../ui/text-limit'
import { MAX_TITLE_LENGTH } from '../../../../shared/domain'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { formatDateTimeInZone, zoneName } from '../../i18n/dates'
import { GATEWAY_TIME_ZONE } from '../../../../shared/domain/enums'
import { DateTimeFields, isNoSuchMoment } from '../../ui/DateTimeFields'
import { Field } from '../../ui/Field'
import { describeGatewayStart, describePeriode } from './repeat-rules'
import { PanelToggle, RowActions, useResultGoesWhenStarted, useRowPanel } from '../../ui/RowActions'
import { busyButtonProps } from '../../ui/busy-button'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { cancelOnEscape } from '../../ui/escape'
import { ListStatus } from '../../ui/ListStatus'
import { useRecipientsText } from '../../ui/RecipientName'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import { useRowLeftLine } from '../../ui/use-row-left-line'
import { RowsKeepPlace } from '../../ui/RowsKeepPlace'
import { useDevices } from '../../stores/devices'
import { scanCause } from '../../../../shared/device-status'

export function GatewayReminderList({
  deviceLabel,
  reminders,
  error,
  actionsElsewhere,
  onChanged,
  onRetry
}: {
  /** The device whose reminders these are: the empty list names it. */
  deviceLabel: string
  reminders: ReminderView[] | null
  error: ErrorInfo | null
  /** Actions started elsewhere in the view (a new reminder's Create): each puts the last result lines away. */
  actionsElsewhere: number
  onChanged(): void
  /** Reads the list again after a failed read. */
  onRetry(): void
}): React.JSX.Element {
  const t = useT()
  const headingRef = useRef<HTMLHeadingElement>(null)
  // A deleted reminder leaves the list with the button pressed: the row after it takes the focus (RowsKeepPlace: the
  // one before for the last, the heading for none left), and the line says what was done without taking it, as in
  // Schedules (QA74: the line took it, and the next Tab went to "Skip to content").
  const { left, announce, clear, lineRef } = useRowLeftLine<{ text: string }>()
  useResultGoesWhenStarted(actionsElsewhere, clear)
  return (
    <section className="card" aria-labelledby="gateway-reminders-heading">
      <h3 id="gateway-reminders-heading" ref={headingRef} tabIndex={-1}>
        {t('reminders.gatewayList')}
      </h3>
      <p className="muted small">{t('reminders.gatewayList.hint')}</p>
      <ListStatus
        items={reminders}
        error={error}
        emptyText={t('reminders.empty', { device: deviceLabel })}
        emptyTestId="reminders-empty"
        onRetry={onRetry}
        waitsOn={headingRef}
      />
      <RowsKeepPlace headingId="gateway-reminders-heading">
        {reminders !== null && reminders.length > 0 ? (
          <ul className="service-list" aria-label={t('reminders.gatewayList')}>
            {reminders.map((reminder) => (
              <ReminderRow
                actionsElsewhere={actionsElsewhere}
                key={reminder.id}
                reminder={reminder}
                onChanged={(leaving) => {
                  onChanged()
                  if (leaving) announce({ text: leaving })
                }}
              />
            ))}
          </ul>
        ) : null}
      </RowsKeepPlace>
      <p ref={lineRef} tabIndex={-1} role="status" className="muted small" data-testid="reminders-result">
        {left?.text ?? ''}
      </p>
    </section>
  )
}

function ReminderRow({
  reminder,
  actionsElsewhere,
  onChanged
}: {
  actionsElsewhere: number
  reminder: ReminderView
  /** `leaving`: what the action did, when it takes the row out of the list (deleted). */
  onChanged(leaving?: string): void
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const recipient = useRecipientsText([reminder.phone])
  const panels = useRowPanel<'edit' | 'delete'>()
  const [busy, setBusy] = useState(false)
  const [feedback, setFeedback] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null)
  const feedbackRef = useRef<HTMLParagraphElement>(null)
  const actionStarts = useFocusAfterAction(busy, feedbackRef)
  useResultGoesWhenStarted(actionsElsewhere, () => setFeedback(null))

  async function act(work: () => Promise<unknown>, done: string, leaves = false): Promise<void> {
    actionStarts()
    setBusy(true)
    setFeedback(null)
    try {
      await work()
      panels.close()
      setFeedback({ tone: 'ok', text: done })
      onChanged(leaves ? `${recipient}: ${done}` : undefined)
    } catch (e) {
      setFeedback({ tone: 'bad', text: errorInfo(e).message })
    } finally {
      setBusy(false)
    }
  }

  // The gateway cannot send it while its device needs a scan (QA69: the row said nothing of it), said by why, as the
  // Outbox words a device that waits on a scan.
  const device = useDevices((s) => s.devices.find((one) => one.id === reminder.deviceId))
  const waitsScan = device ? scanCause(device) : null
  const sandbox = reminder.sandbox
  // Sent to the gateway, its answer lost: it may be there, under an id not known here.
  const unconfirmed = reminder.reminderId === null
  // Shown on the gateway's clock, like the start time (its default one when it names none, not the computer's).
  const when = (iso: string | null): string =>
    formatDateTimeInZone(iso, locale, reminder.timezone ?? GATEWAY_TIME_ZONE)
  return (
    // A J / K stop, named by its title and how often (a list item takes no name from what it holds).
    <li
      className="service-row"
      data-testid="reminder-row"
      data-id={reminder.id}
      data-sent-count={sandbox?.sentCount ?? ''}
      data-row-focus
      tabIndex={-1}
      aria-labelledby={`reminder-head-${reminder.id}`}
    >
      <div id={`reminder-head-${reminder.id}`}>
        <strong>{reminder.title || reminder.message}</strong>{' '}
        <span className="tag">{describePeriode(t, locale, reminder)}</span>
      </div>
      <div className="muted small">
        {t('reminders.toLine', { phone: recipient })} · {describeGatewayStart(t, locale, reminder)}
      </div>
      {reminder.title ? <div>{reminder.message}</div> : null}
      {unconfirmed ? (
        <p className="alert alert--warn" data-testid="reminder-unconfirmed">
          {t('reminders.unconfirmed')}
        </p>
      ) : null}
      {device && waitsScan ? (
        <p className="alert alert--warn" data-testid="reminder-device-waits">
          {t(waitsScan === 'logged-out' ? 'reminders.deviceLoggedOut' : 'reminders.deviceNeedsScan', {
            device: device.label
          })}
        </p>
      ) : null}
      {sandbox ? (
        <p className="small" data-testid="reminder-sandbox">
          {sandbox.sentCount === 0
            ? t('reminders.sandbox.none', { next: when(sandbox.nextAt) })
            : t('reminders.sandbox.sent', {
                count: sandbox.sentCount,
                last: when(sandbox.lastSentAt),
                next: when(sandbox.nextAt)
              })}
        </p>
      ) : null}
      <RowActions label={t('reminders.actionsFor', { phone: recipient })}>
        {/* Unconfirmed, there is no id to change it or ask about it by: only forgetting it here is offered. */}
        {unconfirmed ? null : (
          <>
            <PanelToggle
              panels={panels}
              panel="edit"
              className="button button--small"
              testId={`reminder-edit-${reminder.id}`}
            >
              {t('autoReplies.edit')}
            </PanelToggle>
            <button
              type="button"
              className="button button--small"
              data-testid={`reminder-refresh-${reminder.id}`}
              {...busyButtonProps(
                busy,
                () => void act(() => call('reminders:refresh', { id: reminder.id }), t('reminders.refreshed'))
              )}
            >
              {t('reminders.refresh')}
            </button>
          </>
        )}
        <PanelToggle
          panels={panels}
          panel="delete"
          className="button button--small button--danger"
          testId={`reminder-delete-${reminder.id}`}
        >
          {unconfirmed ? t('reminders.forget') : t('outbox.delete')}
        </PanelToggle>
      </RowActions>
      {panels.open === 'delete' ? (
        <ConfirmPanel
          id={`reminder-delete-q-${reminder.id}`}
          question={unconfirmed ? t('reminders.forget.confirm') : t('reminders.delete.confirm')}
          confirmLabel={unconfirmed ? t('reminders.forget') : t('outbox.delete')}
          keepLabel={t('common.keep')}
          onConfirm={() =>
            void act(
              () => call('reminders:delete', { id: reminder.id }),
              unconfirmed ? t('reminders.forgotten') : t('outbox.deleted'),
              true
            )
          }
          onKeep={panels.close}
          disabled={busy}
          confirmTestId={`reminder-delete-confirm-${reminder.id}`}
        />
      ) : null}
      {panels.open === 'edit' ? (
        <EditReminder
          reminder={reminder}
          busy={busy}
          onCancel={panels.close}
          onSave={(request) => void act(() => call('reminders:update', request), t('reminders.saved'))}
        />
      ) : null}
      <p
        ref={feedbackRef}
        tabIndex={-1}
        role="status"
        className={feedback ? `feedback feedback--${feedback.tone}` : 'feedback'}
      >
        {feedback?.text ?? ''}
      </p>
    </li>
  )
}

type UpdateRequest = Parameters<typeof call<'reminders:update'>>[1]

function EditReminder({
  reminder,
  busy,
  onCancel,
  onSave
}: {
  reminder: ReminderView
  busy: boolean
  onCancel(): void
  onSave(request: UpdateRequest): void
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  // Written as everywhere else, not as the gateway keeps it ("6281234567091", probe 4 P7); sent as kept while unchanged.
  const shownPhone = formatPhoneForReading(reminder.phone)
  const [phone, setPhone] = useState(shownPhone)
  const [title, setTitle] = useState(reminder.title ?? '')
  const [message, setMessage] = useState(reminder.message)
  const [date, setDate] = useState(reminder.startAt.slice(0, 10))
  // Hours and minutes, as every time field asks (QA47 Q47-05); the seconds the reminder has are kept unless the
  // operator changes the time.
  const savedTime = reminder.startAt.slice(11, 19)
  const [time, setTime] = useState(savedTime.slice(0, 5))
  const [tried, setTried] = useState(false)

  function submit(event: FormEvent): void {
    event.preventDefault()
    setTried(true)
    if (!phone.trim() || !message.trim() || tooLongError(t, message) || !date || !time) return
    if (isNoSuchMoment(date, time)) {
      document.getElementById(`r-${reminder.id}-date`)?.focus()
      return
    }
    if (lengthError(t, title, MAX_TITLE_LENGTH)) return
    const start = `${date}T${time === savedTime.slice(0, 5) ? savedTime : time}`
    onSave({
      id: reminder.id,
      phone: phone === shownPhone ? reminder.phone : phone.trim(),
      message,
      title: title.trim(),
      start
    })
  }

  const id = reminder.id
  return (
    <form
      className="inline-form form-grid"
      noValidate
      onSubmit={submit}
      // Escape does what Cancel does, as in the other inline forms; the row panel gives the focus back to Edit (Q47-02).
      onKeyDown={cancelOnEscape(onCancel, busy)}
      data-testid={`reminder-form-${id}`}
    >
      <Field
        id={`r-phone-${id}`}
        label={t('reminders.to')}
        error={tried && !phone.trim() ? t('common.required') : null}
      >
        {(control) => <input {...control} value={phone} onChange={(e) => setPhone(e.target.value)} />}
      </Field>
      <Field
        id={`r-title-${id}`}
        label={t('reminders.titleField')}
        error={lengthError(t, title, MAX_TITLE_LENGTH)}
      >
        {(control) => (
          <input {...control} dir="auto" value={title} onChange={(e) => setTitle(e.target.value)} />
        )}
      </Field>
      <Field
        id={`r-message-${id}`}
        label={t('send.message')}
        className="span-all"
        error={tooLongError(t, message) ?? (tried && !message.trim() ? t('common.required') : null)}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            dir="auto"
            data-testid="reminder-edit-message"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}
      </Field>
      <DateTimeFields
        idPrefix={`r-${id}`}
        timeZone={reminder.timezone ?? GATEWAY_TIME_ZONE}
        date={date}
        time={time}
        onDateChange={setDate}
        onTimeChange={setTime}
        // The time is on the gateway's clock, as the create form says (QA22 Q22-10).
        timeHint={t('reminders.gatewayClock', { zone: zoneName(reminder.timezone ?? GATEWAY_TIME_ZONE) })}
      />
      {/* The gateway's update takes no repeat (gateway-api 4.8): said, with what to do, rather than no field at all. */}
      <p className="field-hint span-all" data-testid={`reminder-repeat-fixed-${id}`}>
        {t('reminders.edit.repeatFixed', {
          // On the day being typed: the gateway repeats from the start it is given (QA69 follow-up).
          repeat: describePeriode(t, locale, { ...reminder, startAt: date })
        })}
      </p>
      <div className="actions span-all">
        <button
          type="submit"
          className="button button--primary"
          {...busyButtonProps(busy)}
          data-testid={`reminder-save-${id}`}
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
