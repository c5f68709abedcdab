// Send now or schedule: date, time, time zone (default from settings), local or gateway schedule, overdue policy.
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { nextHourIn } from '../../i18n/wall-clock'
import { schedulePassed, useSend } from '../../stores/send'
import { useSettings } from '../../stores/settings'
import { DateTimeFields } from '../../ui/DateTimeFields'
import { OVERDUE_LABEL } from '../../ui/OverduePolicyField'
import { TimeZoneField } from '../../ui/TimeZoneField'
import { DEFAULT_TIME_ZONE, OVERDUE_POLICIES } from '../../../../shared/domain'

export function ScheduleFields({
  showRequired,
  now,
  onSendNow
}: {
  showRequired: boolean
  /** The time the form is checked against (ms). */
  now: number
  /** The operator takes the offer to send now a message whose time has passed. */
  onSendNow(): void
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const schedule = useSend((s) => s.schedule)
  const hasFiles = useSend((s) => s.files.length > 0)
  const setSchedule = useSend((s) => s.setSchedule)
  const defaultZone = useSettings((s) => s.settings?.defaultTimezone ?? DEFAULT_TIME_ZONE)

  function enable(enabled: boolean): void {
    if (enabled) turnScheduleOn(defaultZone)
    else setSchedule({ enabled })
  }

  // Said at the field as soon as it is so, in the zone the operator chose: such a time would go out at once.
  const passed =
    schedule.enabled &&
    Boolean(schedule.date && schedule.time && schedule.timezone) &&
    schedulePassed(schedule, now)

  return (
    <fieldset className="when">
      <legend>{t('send.when')}</legend>
      <div className="radio-row">
        <label className="radio">
          <input
            type="radio"
            name="send-when"
            checked={!schedule.enabled}
            data-testid="send-when-now"
            onChange={() => enable(false)}
          />{' '}
          {t('send.when.now')}
        </label>
        <label className="radio">
          <input
            type="radio"
            name="send-when"
            checked={schedule.enabled}
            data-testid="send-when-schedule"
            onChange={() => enable(true)}
          />{' '}
          {t('send.when.schedule')}
        </label>
      </div>
      {schedule.enabled ? (
        <div className="form-grid schedule-grid">
          <DateTimeFields
            idPrefix="send-schedule"
            timeZone={schedule.timezone}
            date={schedule.date}
            time={schedule.time}
            onDateChange={(date) => setSchedule({ date })}
            onTimeChange={(time) => setSchedule({ time })}
            showRequired={showRequired}
            error={
              passed
                ? t('send.schedule.passed', {
                    now: formatDateTimeInZone(new Date(now).toISOString(), locale, schedule.timezone)
                  })
                : null
            }
            errorTestId="send-schedule-passed"
            testIds={{ date: 'send-schedule-date', time: 'send-schedule-time' }}
          />
          {passed ? (
            <div className="actions span-all">
              <button
                type="button"
                className="button"
                data-testid="send-schedule-send-now"
                onClick={onSendNow}
              >
                {t('send.schedule.sendNow')}
              </button>
            </div>
          ) : null}
          <TimeZoneField
            id="send-schedule-timezone"
            label={t('send.schedule.timezone')}
            testId="send-schedule-timezone"
            value={schedule.timezone}
            include={[defaultZone]}
            onChange={(zone) => setSchedule({ timezone: zone })}
          />
          <fieldset className="sub-fieldset">
            <legend>{t('send.schedule.mode')}</legend>
            <label className="radio">
              <input
                type="radio"
                name="send-mode"
                checked={schedule.mode === 'local'}
                id="send-schedule-mode-local"
                data-testid="send-schedule-mode-local"
                onChange={() => setSchedule({ mode: 'local' })}
              />{' '}
              {t('send.schedule.local')}
            </label>
            <label className="radio">
              <input
                type="radio"
                name="send-mode"
                checked={schedule.mode === 'gateway'}
                disabled={hasFiles}
                aria-describedby="send-mode-hint"
                data-testid="send-schedule-mode-gateway"
                onChange={() => setSchedule({ mode: 'gateway' })}
              />{' '}
              {t('send.schedule.gateway')}
            </label>
            <p id="send-mode-hint" className="field-hint">
              {hasFiles ? t('send.schedule.gatewayTextOnly') : t('send.schedule.modeHint')}
            </p>
          </fieldset>
          {schedule.mode === 'local' ? (
            <fieldset className="sub-fieldset">
              <legend>{t('send.schedule.overdue')}</legend>
              {OVERDUE_POLICIES.map((policy) => (
                <label key={policy} className="radio">
                  <input
                    type="radio"
                    name="send-overdue"
                    checked={schedule.overduePolicy === policy}
                    data-testid={`send-overdue-${policy}`}
                    onChange={() => setSchedule({ overduePolicy: policy })}
                  />{' '}
                  {t(OVERDUE_LABEL[policy])}
                </label>
              ))}
            </fieldset>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  )
}

/**
 * When → Schedule for the message being written: its zone (or the default one), the next hour unless a time is
 * there, kept by Sender Desk when files go with it. Also what Schedules' "Schedule a message" asks for (QA8: it
 * opened Send on "Send now").
 */
export function turnScheduleOn(defaultZone: string): void {
  const { schedule, files, setSchedule } = useSend.getState()
  const timezone = schedule.timezone || defaultZone
  const next = nextHourIn(timezone)
  setSchedule({
    enabled: true,
    timezone,
    date: schedule.date || next.date,
    time: schedule.time || next.time,
    mode: files.length > 0 ? 'local' : schedule.mode
  })
}
