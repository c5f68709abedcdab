// The gateway reminders and Sender Desk's own series a device's removal touches, named as the Reminders view words
// them: in the removal's question (the first few, then how many more), and after a removal that kept the reminders at
// the gateway, the copyable record of what the gateway goes on sending, with the gateway's ids (Sender Desk forgets
// them with the device).
import type { RemovalReminder, RemovalSeries } from '../../../../shared/contract'
import { localeOf, useLanguage, useT, type Translate } from '../../i18n'
import { useDevices, type KeptAtGateway } from '../../stores/devices'
import { CopyButton } from '../../ui/CopyButton'
import { describeGatewayStart, describePeriode, describeRule } from '../reminders/repeat-rules'

/** How many reminders (and series) the question names before it says how many more. */
const NAMED_IN_QUESTION = 3

/** A reminder by its name, how often and from when. */
function reminderLine(t: Translate, locale: string, reminder: RemovalReminder): string {
  return t('devices.remove.reminderLine', {
    name: reminder.name,
    repeat: describePeriode(t, reminder.periode, reminder.customDay),
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
      lines={reminders.map((reminder) => ({
        key: reminder.reminderId,
        text: reminderLine(t, locale, reminder)
      }))}
    />
  )
}

/** Sender Desk's own series the removal deletes, for its question: each by its name and rule, as the Reminders view. */
export function RemovalSeriesNames({ series }: { series: RemovalSeries[] }): React.JSX.Element | null {
  const t = useT()
  return (
    <FirstFew
      label={t('devices.remove.seriesList')}
      lines={series.map((one) => ({
        key: one.id,
        text: t('devices.remove.seriesLine', { name: one.name, repeat: describeRule(t, one.rule) })
      }))}
    />
  )
}

/** Every device removed in this window whose reminders the gateway keeps sending. */
export function KeptAtGatewayRecords(): React.JSX.Element | null {
  const kept = useDevices((state) => state.keptAtGateway)
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
  // One line a reminder, with its gateway id: the text the operator keeps (copied, or selected in the box).
  const text = record.reminders
    .map((reminder) =>
      t('devices.removed.keptLine', { reminder: reminderLine(t, locale, reminder), id: reminder.reminderId })
    )
    .join('\n')
  return (
    <section className="card kept-at-gateway" aria-labelledby={headingId} data-testid={headingId}>
      <h3 id={headingId}>{t('devices.removed.keptTitle')}</h3>
      <p>{t('devices.removed.kept', { count: record.reminders.length, label: record.label })}</p>
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
        <button
          type="button"
          className="button"
          onClick={() => useDevices.getState().closeKeptAtGateway(record.deviceId)}
        >
          {t('devices.removed.keptClose')}
        </button>
      </div>
    </section>
  )
}
