// The gateway reminders and Sender Desk's own series a device's removal touches, named as the Reminders view words
// them: in the removal's question (the first few, then how many more), and after a removal that kept the reminders at
// the gateway, the copyable record of what the gateway goes on sending, with the gateway's ids (Sender Desk no longer
// manages them; the core keeps this record, shown again after a restart or a reload, until the operator dismisses it).
import { useEffect, useState } from 'react'
import type { KeptAtGateway, RemovalReminder, RemovalSeries } from '../../../../shared/contract'
import { errorInfo } from '../../api'
import { localeOf, useLanguage, useT, type Translate } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { busyButtonProps } from '../../ui/busy-button'
import { CopyButton } from '../../ui/CopyButton'
import { describeGatewayStart, describePeriode, describeRule } from '../reminders/repeat-rules'
import { formatDateTimeInZone } from '../../i18n/dates'

/** How many reminders (and series) the question names before it says how many more. */
const NAMED_IN_QUESTION = 3

/** A reminder by its name, how often and from when. */
function reminderLine(t: Translate, locale: string, reminder: RemovalReminder): string {
  return t('devices.remove.reminderLine', {
    name: reminder.name,
    repeat: describePeriode(t, locale, reminder),
    from: describeGatewayStart(t, locale, reminder)
  })
}

/** A list the question names the first few of, then how many more. */
function FirstFew({
  label,
  lines
}: {
  label: string
  lines: readonly { key: string; text: string }[]
}): React.JSX.Element | null {
  const t = useT()
  if (lines.length === 0) return null
  const more = lines.length - NAMED_IN_QUESTION
  return (
    <ul className="removal-reminders" aria-label={label}>
      {lines.slice(0, NAMED_IN_QUESTION).map((line) => (
        <li key={line.key} dir="auto">
          {line.text}
        </li>
      ))}
      {more > 0 ? <li>{t('devices.remove.remindersMore', { count: more })}</li> : null}
    </ul>
  )
}

/** The reminders the removal deletes at the gateway, for its question. */
export function RemovalReminderNames({
  reminders
}: {
  reminders: RemovalReminder[]
}): React.JSX.Element | null {
  const t = useT()
  const locale = localeOf(useLanguage())
  return (
    <FirstFew
      label={t('devices.remove.remindersList')}
      lines={reminders.map((reminder, index) => ({
        key: reminder.reminderId ?? `unconfirmed-${index}`,
        // An unconfirmed one is not deleted there (no id to delete it by): said on its line.
        text:
          reminder.reminderId === null
            ? t('devices.removed.keptLineUnconfirmed', { reminder: reminderLine(t, locale, reminder) })
            : reminderLine(t, locale, reminder)
      }))}
    />
  )
}

/**
 * Sender Desk's own series the removal deletes, for its question: each by its name and rule, as the Reminders view,
 * and when it makes its next messages, or that it ended or was stopped (QA69: such a one read as running). Those still
 * running first: the few named are the ones the removal stops.
 */
export function RemovalSeriesNames({ series }: { series: RemovalSeries[] }): React.JSX.Element | null {
  const t = useT()
  const locale = localeOf(useLanguage())
  const running = (one: RemovalSeries): boolean => one.status === 'active' && one.nextAt !== null
  const when = (one: RemovalSeries): string =>
    running(one)
      ? t('reminders.nextLine', { time: formatDateTimeInZone(one.nextAt, locale, one.timezone) })
      : t(one.status === 'stopped' ? 'reminders.stopped' : 'reminders.ended')
  return (
    <FirstFew
      label={t('devices.remove.seriesList')}
      lines={[...series.filter(running), ...series.filter((one) => !running(one))].map((one) => ({
        key: one.id,
        text: t('devices.remove.seriesLine', {
          name: one.name,
          repeat: describeRule(t, locale, one.rule, one.startLocal),
          when: when(one)
        })
      }))}
    />
  )
}

/** Every removed device whose reminders the gateway keeps sending, as the core keeps them (read as it is shown). */
export function KeptAtGatewayRecords(): React.JSX.Element | null {
  const kept = useDevices((state) => state.keptAtGateway)
  useEffect(() => {
    // Not read: those removed in this window are still shown, and the others on the next visit.
    useDevices
      .getState()
      .readKeptAtGateway()
      .catch(() => undefined)
  }, [])
  if (kept.length === 0) return null
  return (
    <>
      {kept.map((record) => (
        <KeptAtGatewayRecord key={record.deviceId} record={record} />
      ))}
    </>
  )
}

function KeptAtGatewayRecord({ record }: { record: KeptAtGateway }): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const headingId = `kept-at-gateway-${record.deviceId}`
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  async function dismiss(): Promise<void> {
    setBusy(true)
    setFailure(null)
    try {
      await useDevices.getState().dismissKeptAtGateway(record.deviceId)
      // The record goes with the focused button: the focus goes to the view's heading, not to the page.
      document.getElementById('devices-heading')?.focus()
    } catch (error) {
      setFailure(errorInfo(error).message)
      setBusy(false)
    }
  }
  // One line a reminder, with its gateway id: the text the operator keeps (copied, or selected in the box).
  const text = record.reminders
    .map((reminder) =>
      reminder.reminderId === null
        ? t('devices.removed.keptLineUnconfirmed', { reminder: reminderLine(t, locale, reminder) })
        : t('devices.removed.keptLine', {
            reminder: reminderLine(t, locale, reminder),
            id: reminder.reminderId
          })
    )
    .join('\n')
  return (
    <section className="card kept-at-gateway" aria-labelledby={headingId} data-testid={headingId}>
      <h3 id={headingId}>{t('devices.removed.keptTitle')}</h3>
      <p>{t('devices.removed.kept', { count: record.reminders.length, label: record.label })}</p>
      <p>{t('devices.removed.keptUntil')}</p>
      <textarea
        className="message-preview"
        aria-labelledby={headingId}
        readOnly
        dir="auto"
        rows={Math.min(record.reminders.length, 8)}
        value={text}
      />
      <div className="actions">
        <CopyButton text={text} label={t('devices.removed.keptCopy')} className="button button--primary" />
        <button type="button" className="button" {...busyButtonProps(busy, () => void dismiss())}>
          {t('devices.removed.keptDone')}
        </button>
      </div>
      {failure ? (
        <p className="alert alert--bad" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  )
}
