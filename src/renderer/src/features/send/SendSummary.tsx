// What a large direct send is about to do, asked before it goes (issue 29): the recipients after the same numbers are
// merged, the messages, the device with what its daily cap leaves today and its gateway quota, when it starts (a
// schedule) and when the last message would start at the outbox's pace (or the gateway fires them all, for a gateway
// schedule), in the window's zone or the schedule's with the zone named. A quota that does not cover the messages is
// named, and sending anyway is the operator's choice, as in a campaign's summary.
import { useLayoutEffect, useRef } from 'react'
import type { DeviceView } from '../../../../shared/contract'
import type { DirectSendPlan, DirectSendSchedule, QuotaFinish } from '../../../../shared/domain'
import { formatList, localeOf, useLanguage, useT } from '../../i18n'
import { formatCount, formatDateTimeInZone } from '../../i18n/dates'
import { BudgetWarnings, deviceBudgetText, quotaFinishText } from '../../ui/budget-words'
import { busyButtonProps } from '../../ui/busy-button'
import { isSendable } from '../../../../shared/device-status'

export function SendSummary({
  recipients,
  optedOut,
  repeatsLeftOut,
  messages,
  typedVariable,
  device,
  plan,
  finish,
  schedule,
  pacingMs,
  waiting,
  timeZone,
  busy,
  onSend,
  onBack
}: {
  recipients: number
  /** Of `recipients`, those on the opt-out list: not sent, so named beside the count (QA: the numbers did not add up). */
  optedOut: number
  /** Typed numbers left out as a repeat of an earlier one (each is sent once). */
  repeatsLeftOut: number
  messages: number
  /** A "{name}" typed in the text or the caption, which goes out as written (null: none). */
  typedVariable: string | null
  device: DeviceView
  plan: DirectSendPlan
  /** The end against the device's gateway quota (the domain's directSendFinish): a time, a part's, or none. */
  finish: QuotaFinish
  /** Scheduled for later (null: sent now). */
  schedule: DirectSendSchedule | null
  pacingMs: number
  /** Messages already in line for the device, which this send goes after (its end counts them). */
  waiting: number
  timeZone: string
  busy: boolean
  onSend: () => void
  onBack: () => void
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  const list = (labels: readonly string[]): string => formatList(labels, language)
  const first = useRef<HTMLButtonElement>(null)
  // The summary takes the Send button's place: the focus moves to its answer, not to the page's start.
  useLayoutEffect(() => first.current?.focus(), [])
  const count = (n: number): string => formatCount(n, locale)
  const at = (instant: number): string =>
    formatDateTimeInZone(new Date(instant).toISOString(), locale, timeZone)
  return (
    <div
      className="send-presend"
      role="group"
      aria-labelledby="send-presend-title"
      data-testid="send-presend"
    >
      <h3 id="send-presend-title">{t(schedule ? 'send.presend.scheduleTitle' : 'send.presend.title')}</h3>
      <dl className="terms-beside-values">
        <dt>{t('campaigns.presend.recipients')}</dt>
        <dd data-testid="send-presend-recipients">
          {optedOut > 0
            ? t('send.presend.recipientsOptedOut', {
                count: recipients,
                sent: recipients - optedOut,
                optedOut
              })
            : count(recipients)}
          {repeatsLeftOut > 0 ? ` ${t('send.recipients.repeatsLeftOut', { count: repeatsLeftOut })}` : null}
        </dd>
        <dt>{t('send.presend.messages')}</dt>
        <dd data-testid="send-presend-messages">{count(messages)}</dd>
        <dt>{t('campaigns.presend.devices')}</dt>
        <dd data-testid="send-presend-device">{deviceBudgetText(t, device, count)}</dd>
        {schedule ? (
          <>
            <dt>{t('send.presend.starts')}</dt>
            <dd data-testid="send-presend-starts">{at(plan.startAt)}</dd>
          </>
        ) : null}
        <dt>{t('campaigns.presend.finish')}</dt>
        <dd data-testid="send-presend-finish">
          {quotaFinishText(t, finish, at, [device], list)}
          {finish.kind === 'waits_for_quota' ? null : (
            <span className="field-hint">
              {' '}
              {schedule?.mode === 'gateway'
                ? t('send.presend.gatewayFires')
                : waiting > 0
                  ? t('send.presend.paceAfter', { seconds: pacingMs / 1000, waiting: count(waiting) })
                  : t('send.presend.pace', { seconds: pacingMs / 1000 })}
            </span>
          )}
          {/* The end is counted from now: a device that cannot send now starts them later (a walk read an end a minute
              away from a device the gateway could not reach). */}
          {!schedule && !isSendable(device.state) ? (
            <span className="field-hint send-presend-device-down" data-testid="send-presend-device-down">
              {t('send.presend.deviceDown', { device: device.label })}
            </span>
          ) : null}
        </dd>
      </dl>
      {typedVariable ? (
        // Said again here: the field's hint is out of sight once the summary is up, and this goes to every recipient.
        <p className="alert alert--warn" data-testid="send-presend-variables">
          {`⚠ ${t('send.text.variables', { variable: typedVariable })}`}
        </p>
      ) : null}
      <BudgetWarnings
        t={t}
        count={count}
        list={list}
        messages={messages}
        devices={[device]}
        leftOnFirstDay={plan.afterFirstDay > 0 ? messages - plan.afterFirstDay : null}
        capDay={schedule ? 'scheduled' : 'today'}
        testIdPrefix="send-presend"
      />
      <div className="actions">
        <button
          ref={first}
          type="button"
          className="button button--primary"
          data-testid="send-presend-confirm"
          {...busyButtonProps(busy, onSend)}
        >
          {schedule
            ? plan.quotaShort > 0
              ? t('send.presend.scheduleAnyway')
              : t('send.presend.schedule', { count: messages })
            : plan.quotaShort > 0
              ? t('send.presend.sendAnyway')
              : t('send.presend.send', { count: messages })}
        </button>
        <button type="button" className="button" data-testid="send-presend-back" onClick={onBack}>
          {t('campaigns.presend.back')}
        </button>
      </div>
    </div>
  )
}
