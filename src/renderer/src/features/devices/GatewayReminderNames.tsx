// The gateway reminders a device's removal touches, named as the Reminders view words them: in the removal's question
// (the first few, then how many more), and after a removal that kept them at the gateway, the copyable record of what
// the gateway goes on sending, with the gateway's ids (Sender Desk forgets them with the device).
import type { RemovalReminder } from '../../../../shared/contract'
import { localeOf, useLanguage, useT, type Translate } from '../../i18n'
import { useDevices, type KeptAtGateway } from '../../stores/devices'
import { CopyButton } from '../../ui/CopyButton'
import { describeGatewayStart, describePeriode } from '../reminders/repeat-rules'

/** How many reminders the question names before it says how many more. */
const NAMED_IN_QUESTION = 3

/** A reminder by its name, how often and from when. */
function reminderLine(t: Translate, locale: string, reminder: RemovalReminder): string {
  return t('devices.remove.reminderLine', {
    name: reminder.name,
    repeat: describePeriode(t, reminder.periode, reminder.customDay),
    from: describeGatewayStart(t, locale, reminder)
  })
}

/** The reminders the removal deletes at the gateway, for its question. */
export function RemovalReminderNames({
  reminders
}: {
  reminders: RemovalReminder[]
}): React.JSX.Element | null {
  const t = useT()
  const locale = localeOf(useLanguage())
  if (reminders.length === 0) return null
  const more = reminders.length - NAMED_IN_QUESTION
  return (
    <ul className="removal-reminders" aria-label={t('devices.remove.remindersList')}>
      {reminders.slice(0, NAMED_IN_QUESTION).map((reminder) => (
        <li key={reminder.reminderId} dir="auto">
          {reminderLine(t, locale, reminder)}
        </li>
      ))}
      {more > 0 ? <li>{t('devices.remove.remindersMore', { count: more })}</li> : null}
    </ul>
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
