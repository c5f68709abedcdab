// What Schedules says of the recurring messages (QA47 Q47-06): it lists one-off scheduled messages, and a gateway
// reminder or a series due tomorrow morning left it saying "Nothing is scheduled." with no word of them. How many go
// out from Reminders, when the next does (on the operator's clock), and the way there; nothing when none goes out.
import { call } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { GATEWAY_TIME_ZONE } from '../../../../shared/domain'
import { formatDateTime, formatDateTimeInZone } from '../../i18n/dates'
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
  // Each next time on the clock it is kept on (a gateway's reminder on the gateway's, a series on its zone's), as
  // Reminders writes it (probe 4 P10: "11:00 UTC" here was "18:00 WIB" there, read as two times).
  const going = [
    ...reminders.map((reminder) => ({ at: reminder.nextAt, zone: reminder.timezone ?? GATEWAY_TIME_ZONE })),
    ...series.filter((one) => one.status === 'active').map((one) => ({ at: one.nextAt, zone: one.timezone }))
  ]
  if (going.length === 0) return null
  // ISO instants in UTC compare as text.
  const next =
    going
      .filter((entry): entry is { at: string; zone: string } => entry.at !== null)
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))[0] ?? null
  // The operator's clock beside it when it reads otherwise there, as Schedules' cards say it.
  const time =
    next === null
      ? formatDateTimeInZone(null, locale, zone)
      : formatDateTime(next.at, locale, next.zone) === formatDateTime(next.at, locale, zone)
        ? formatDateTimeInZone(next.at, locale, next.zone)
        : `${formatDateTimeInZone(next.at, locale, next.zone)} ${t('schedules.yourTime', {
            time: formatDateTimeInZone(next.at, locale, zone)
          })}`
  return (
    <div className="schedules-repeats" data-testid="schedules-repeats">
      <p className="muted">{t('schedules.repeats', { count: going.length, time })}</p>
      <button type="button" className="button" onClick={() => useNavigation.getState().navigate('reminders')}>
        {t('schedules.repeats.open')}
      </button>
    </div>
  )
}
