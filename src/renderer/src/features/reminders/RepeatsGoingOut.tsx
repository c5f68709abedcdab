// What Schedules says of the recurring messages (QA47 Q47-06): it lists one-off scheduled messages, and a gateway
// reminder or a series due tomorrow morning left it saying "Nothing is scheduled." with no word of them. How many go
// out from Reminders, when the next does (on the operator's clock), and the way there; nothing when none goes out.
import { call } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { useNavigation } from '../../stores/navigation'
import { useOutbox } from '../../stores/outbox'
import { useOperatorZone } from '../../stores/settings'
import { useSandboxQuery } from '../sandbox/use-sandbox-query'

export function RepeatsGoingOut(): React.JSX.Element | null {
  const t = useT()
  const locale = localeOf(useLanguage())
  const zone = useOperatorZone()
  // Every device's: a series' next time moves as it makes its messages (the outbox changes), a sandbox's as it sends.
  const outboxSeq = useOutbox((s) => s.changeSeq)
  const lists = useSandboxQuery(
    'all-devices',
    () => Promise.all([call('reminders:list', {}), call('series:list', {})]),
    outboxSeq
  )
  if (!lists.data) return null
  const [{ reminders }, { series }] = lists.data
  const going = [
    ...reminders.map((reminder) => reminder.nextAt),
    ...series.filter((one) => one.status === 'active').map((one) => one.nextAt)
  ]
  if (going.length === 0) return null
  // ISO instants in UTC compare as text.
  const next = going.filter((at): at is string => at !== null).sort()[0] ?? null
  return (
    <div className="schedules-repeats" data-testid="schedules-repeats">
      <p className="muted">
        {t('schedules.repeats', { count: going.length, time: formatDateTimeInZone(next, locale, zone) })}
      </p>
      <button type="button" className="button" onClick={() => useNavigation.getState().navigate('reminders')}>
        {t('schedules.repeats.open')}
      </button>
    </div>
  )
}
