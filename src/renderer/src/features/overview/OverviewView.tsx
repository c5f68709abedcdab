// The overview the window and the tray open first: each device's state, quota and expiry, and today's numbers.
import { useEffect, useState } from 'react'
import type { DeviceView, OutboxStatus } from '../../../../shared/contract'
import { call } from '../../api'
import { useT, type MessageKey } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { NO_FILTERS, useOutbox } from '../../stores/outbox'
import { useNavigation } from '../../stores/navigation'
import { ViewHeading } from '../../ui/ViewHeading'
import { StateBadge } from '../devices/StateBadge'
import './overview.css'
import { quotaText } from '../devices/quota-text'

/** Today's numbers, each counting the statuses it names (a read message was also sent and delivered). */
const TODAY: { key: MessageKey; statuses: OutboxStatus[] }[] = [
  { key: 'overview.today.queued', statuses: ['queued', 'sending'] },
  { key: 'overview.today.sent', statuses: ['accepted', 'sent'] },
  { key: 'overview.today.delivered', statuses: ['delivered'] },
  { key: 'overview.today.read', statuses: ['read'] },
  { key: 'overview.today.failed', statuses: ['failed'] }
]

const DAY_MS = 24 * 3_600_000

/** Whole days until the device's subscription ends, or null when the gateway did not say. */
export function daysLeft(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null
  const at = Date.parse(expiresAt)
  return Number.isNaN(at) ? null : Math.floor((at - now) / DAY_MS)
}

function startOfToday(): string {
  const now = new Date()
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString()
}

function useTodayNumbers(): number[] | null {
  const counts = useOutbox((s) => s.counts)
  const [numbers, setNumbers] = useState<number[] | null>(null)
  useEffect(() => {
    let on = true
    const from = startOfToday()
    // One cheap call per number (limit 1: only the total is read); refreshed whenever the outbox counts move.
    Promise.all(TODAY.map((row) => call('outbox:list', { status: row.statuses, from, offset: 0, limit: 1 })))
      .then((replies) => {
        if (on) setNumbers(replies.map((r) => r.total))
      })
      .catch(() => {
        if (on) setNumbers(null)
      })
    return () => {
      on = false
    }
  }, [counts])
  return numbers
}

function FleetRow({ device, now }: { device: DeviceView; now: number }): React.JSX.Element {
  const t = useT()
  const days = daysLeft(device.expiresAt, now)
  const quota = quotaText(device.quota, t)
  return (
    <li className="fleet-row" data-testid={`fleet-${device.id}`}>
      <span className="fleet-label">{device.label}</span>
      <StateBadge state={device.state} />
      <span className="fleet-facts muted">
        {t('overview.quota', { quota })}
        {' · '}
        {days === null
          ? t('overview.expiry.unknown')
          : days < 0
            ? t('overview.expiry.past')
            : t('overview.expiry.days', { count: days })}
      </span>
    </li>
  )
}

export function OverviewView(): React.JSX.Element {
  const t = useT()
  const devices = useDevices((s) => s.devices)
  const numbers = useTodayNumbers()
  // Days to expiry are counted from when the view opened; a day's drift while it stays open does not matter.
  const [now] = useState(() => Date.now())

  function openOutbox(statuses: OutboxStatus[]): void {
    useOutbox.getState().setFilters({ ...NO_FILTERS, statuses })
    useNavigation.getState().navigate('outbox')
  }

  return (
    <section className="view overview" aria-labelledby="overview-heading" data-testid="view-home">
      <ViewHeading id="overview-heading">{t('overview.title')}</ViewHeading>
      <section className="card overview-today" aria-labelledby="today-title">
        <h3 id="today-title">{t('overview.today')}</h3>
        <ul className="today-numbers">
          {TODAY.map((row, index) => (
            <li key={row.key}>
              <button
                type="button"
                className="today-number"
                data-testid={`today-${row.statuses[0]}`}
                onClick={() => openOutbox(row.statuses)}
              >
                <span className="today-count">{numbers ? numbers[index] : '–'}</span>
                <span className="today-label">{t(row.key)}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="card overview-fleet" aria-labelledby="fleet-title">
        <h3 id="fleet-title">{t('overview.fleet')}</h3>
        {devices.length === 0 ? (
          <p className="muted">{t('overview.fleet.none')}</p>
        ) : (
          <ul className="fleet">
            {devices.map((device) => (
              <FleetRow key={device.id} device={device} now={now} />
            ))}
          </ul>
        )}
      </section>
    </section>
  )
}
