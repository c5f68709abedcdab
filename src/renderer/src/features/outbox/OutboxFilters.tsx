// Outbox filters: status, device, recipient, message text and date; each change asks the core for a fresh first page.
import { useEffect, useState } from 'react'
import type { OutboxStatus } from '../../../../shared/contract'
import { useT } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { NO_FILTERS, useOutbox } from '../../stores/outbox'
import { ALL_STATUSES } from './status'
import './outbox.css'

/** Typing in the recipient or message box waits this long before asking the core. */
export const RECIPIENT_DEBOUNCE_MS = 300

/** A typed filter: shown as typed at once, asked of the core once typing pauses. */
function useTypedFilter(key: 'recipient' | 'text'): [string, (value: string) => void] {
  const [value, setValue] = useState(useOutbox.getState().filters[key])
  useEffect(() => {
    if (value === useOutbox.getState().filters[key]) return
    const timer = setTimeout(() => useOutbox.getState().setFilters({ [key]: value }), RECIPIENT_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [key, value])
  return [value, setValue]
}

export function OutboxFilters(): React.JSX.Element {
  const t = useT()
  const filters = useOutbox((s) => s.filters)
  const setFilters = useOutbox((s) => s.setFilters)
  const devices = useDevices((s) => s.devices)
  const [recipient, setRecipient] = useTypedFilter('recipient')
  const [text, setText] = useTypedFilter('text')

  function toggleStatus(status: OutboxStatus, on: boolean): void {
    const statuses = on ? [...filters.statuses, status] : filters.statuses.filter((s) => s !== status)
    setFilters({ statuses: ALL_STATUSES.filter((s) => statuses.includes(s)) })
  }

  const active =
    filters.statuses.length > 0 ||
    filters.deviceId !== '' ||
    filters.recipient !== '' ||
    filters.text !== '' ||
    filters.from !== '' ||
    filters.to !== ''

  return (
    <form
      className="filters card"
      role="search"
      aria-label={t('outbox.filters')}
      onSubmit={(e) => e.preventDefault()}
    >
      <fieldset className="status-filter">
        <legend>{t('outbox.filter.status')}</legend>
        {ALL_STATUSES.map((status) => (
          <label key={status} className="toggle-chip">
            <input
              type="checkbox"
              checked={filters.statuses.includes(status)}
              data-testid={`outbox-filter-status-${status}`}
              onChange={(e) => toggleStatus(status, e.target.checked)}
            />{' '}
            {t(`status.${status}`)}
          </label>
        ))}
      </fieldset>
      <div className="filter-row">
        <div className="field">
          <label htmlFor="outbox-filter-device">{t('outbox.filter.device')}</label>
          <select
            id="outbox-filter-device"
            data-testid="outbox-filter-device"
            value={filters.deviceId}
            onChange={(e) => setFilters({ deviceId: e.target.value })}
          >
            <option value="">{t('outbox.filter.allDevices')}</option>
            {devices.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="outbox-filter-recipient">{t('outbox.filter.recipient')}</label>
          <input
            id="outbox-filter-recipient"
            type="search"
            data-testid="outbox-filter-recipient"
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="outbox-filter-text">{t('outbox.filter.text')}</label>
          <input
            id="outbox-filter-text"
            type="search"
            dir="auto"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="outbox-filter-from">{t('outbox.filter.from')}</label>
          <input
            id="outbox-filter-from"
            type="date"
            data-testid="outbox-filter-from"
            value={filters.from}
            onChange={(e) => setFilters({ from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="outbox-filter-to">{t('outbox.filter.to')}</label>
          <input
            id="outbox-filter-to"
            type="date"
            data-testid="outbox-filter-to"
            value={filters.to}
            onChange={(e) => setFilters({ to: e.target.value })}
          />
        </div>
        {active ? (
          <button
            type="button"
            className="button"
            data-testid="outbox-filter-clear"
            onClick={() => {
              setRecipient('')
              setText('')
              setFilters(NO_FILTERS)
            }}
          >
            {t('outbox.filter.clear')}
          </button>
        ) : null}
      </div>
    </form>
  )
}
