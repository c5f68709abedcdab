// Outbox filters: status, device, campaign, recipient, message text and date; each change asks the core for a fresh first page.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import {
  STATUS_FILTER_CHOICES,
  type HappenedEvent,
  type StatusFilterChoice
} from '../../../../shared/domain/status-buckets'
import { MAX_TEXT_SEARCH_LENGTH } from '../../../../shared/domain/limits'
import { localeOf, useLanguage, useT, type MessageKey } from '../../i18n'
import { formatCalendarDate, formatDateTimeInZone, todayIn } from '../../i18n/dates'
import { useDevices } from '../../stores/devices'
import { DIRECT_SENDS_ONLY, NO_FILTERS, useOutbox } from '../../stores/outbox'
import { useOperatorZone } from '../../stores/settings'
import { useChipRemoval } from '../../ui/chip-removal'
import { SearchField } from '../../ui/SearchField'
import { searchFits } from '../../ui/text-limit'
import { campaignChoiceName, type CampaignChoice } from './campaign-filter'
import './outbox.css'

/** How each filter is named on its chip. */
const FILTER_LABEL = {
  deviceId: 'outbox.filter.device',
  campaignId: 'outbox.filter.campaign',
  recipient: 'outbox.filter.recipient',
  text: 'outbox.filter.text',
  from: 'outbox.filter.from',
  to: 'outbox.filter.to'
} as const satisfies Record<string, MessageKey>

/** How the Overview's "today" filters are named on their chip. */
const HAPPENED_LABEL = {
  sent: 'outbox.filter.happened.sent',
  failed: 'outbox.filter.happened.failed',
  cancelled: 'outbox.filter.happened.cancelled',
  optedOut: 'outbox.filter.happened.optedOut'
} as const satisfies Record<HappenedEvent, MessageKey>

/** The same filters once their day is past: the chip says the instant they count from, not "today". */
const HAPPENED_SINCE_LABEL = {
  sent: 'outbox.filter.happened.sentSince',
  failed: 'outbox.filter.happened.failedSince',
  cancelled: 'outbox.filter.happened.cancelledSince',
  optedOut: 'outbox.filter.happened.optedOutSince'
} as const satisfies Record<HappenedEvent, MessageKey>

/** Typing in the recipient or message box waits this long before asking the core. */
export const RECIPIENT_DEBOUNCE_MS = 300

/**
 * A typed filter: shown as typed at once, asked of the core once typing pauses. Past its `max` (the contract's) it is
 * kept in the box and not asked (the core refuses it): the filter in force, on its chip, stays until it fits.
 */
function useTypedFilter(key: 'recipient' | 'text', max?: number): [string, (value: string) => void] {
  const [value, setValue] = useState(useOutbox.getState().filters[key])
  useEffect(() => {
    if (value === useOutbox.getState().filters[key]) return
    if (max !== undefined && !searchFits(value, max)) return
    const timer = setTimeout(() => useOutbox.getState().setFilters({ [key]: value }), RECIPIENT_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [key, value, max])
  return [value, setValue]
}

export function OutboxFilters({
  campaigns
}: {
  /** The campaigns offered, asked once by the view (its summary names the filtered one too). */
  campaigns: readonly CampaignChoice[]
}): React.JSX.Element {
  const t = useT()
  const filters = useOutbox((s) => s.filters)
  const setFilters = useOutbox((s) => s.setFilters)
  const devices = useDevices((s) => s.devices)
  const [recipient, setRecipient] = useTypedFilter('recipient')
  const [text, setText] = useTypedFilter('text', MAX_TEXT_SEARCH_LENGTH)
  // A removed chip or "Clear filters" takes its button away (QA N6: the focus fell to the page). "Clear filters" and
  // the last chip removed give the focus to the first filter: the first status box while they are shown, else the
  // first field, the form only when neither is there (QA74: the whole form took it, a 1053×158 outlined box).
  const formRef = useRef<HTMLFormElement>(null)
  const moreRef = useRef<HTMLDetailsElement>(null)
  const firstFilter = (): HTMLElement | null =>
    (moreRef.current?.open
      ? moreRef.current.querySelector<HTMLElement>('.status-filter input')
      : formRef.current?.querySelector<HTMLElement>('input')) ?? formRef.current
  // A removed chip: the next chip, else the first filter. QA76: a word typed on a chip went on the end of the first
  // filter ("Recipient: 0812" became "0812Halo"): the chips summarise filters already set, and take no typing.
  const { list: chipsList, removing: removingChip } = useChipRemoval(firstFilter, 'button.filter-chip', {
    typingGoesToField: false
  })
  const [clearedFrom, setClearedFrom] = useState(0)
  useLayoutEffect(() => {
    if (clearedFrom > 0) firstFilter()?.focus()
  }, [clearedFrom])

  function toggleStatus(status: StatusFilterChoice, on: boolean): void {
    const statuses = on ? [...filters.statuses, status] : filters.statuses.filter((s) => s !== status)
    setFilters({ statuses: STATUS_FILTER_CHOICES.filter((s) => statuses.includes(s)) })
  }

  const hiddenNew = useOutbox((s) => s.hiddenNew)
  const locale = localeOf(useLanguage())
  const zone = useOperatorZone()
  const labelOfDevice = (id: string): string => devices.find((d) => d.id === id)?.label ?? id
  const nameOfCampaign = (id: string): string => campaignChoiceName(campaigns, id, t)
  // Every active filter, said where the list starts and removable one by one: a filter set long ago never hides
  // what the operator looks for without saying so.
  // The typed boxes show what was typed: a removed chip clears them too.
  const typed: Record<'recipient' | 'text', (value: string) => void> = {
    recipient: setRecipient,
    text: setText
  }
  // Days in the wrong order match nothing: said at the field, not left to "No messages match" (a new operator's probe).
  const reversedDays = filters.from !== '' && filters.to !== '' && filters.to < filters.from
  const valueChips = (['deviceId', 'campaignId', 'recipient', 'text', 'from', 'to'] as const).flatMap(
    (key) => {
      const value = filters[key]
      if (!value) return []
      // A day as every other date in the window reads, not the field's ISO value (QA22 Q22-07).
      const shown =
        key === 'deviceId'
          ? labelOfDevice(value)
          : key === 'campaignId'
            ? nameOfCampaign(value)
            : key === 'from' || key === 'to'
              ? formatCalendarDate(value, locale)
              : value
      return [
        {
          key,
          text: `${t(FILTER_LABEL[key])}: ${shown}`,
          remove: () => {
            if (key === 'recipient' || key === 'text') typed[key]('')
            setFilters({ [key]: '' })
          }
        }
      ]
    }
  )
  const chips = [
    ...filters.statuses.map((status) => ({
      key: `status-${status}`,
      text: t(`status.${status}`),
      remove: () => toggleStatus(status, false)
    })),
    ...valueChips,
    // Set by the Overview's "today" numbers: said, so the operator sees why the list is narrowed to them.
    ...(filters.happened
      ? [
          {
            key: 'happened',
            text:
              filters.happened.since === todayIn(zone).since
                ? t(HAPPENED_LABEL[filters.happened.event])
                : // On the operator's clock, zone named, as every other outbox time is (where "today" began).
                  t(HAPPENED_SINCE_LABEL[filters.happened.event], {
                    since: formatDateTimeInZone(filters.happened.since, locale, zone)
                  }),
            remove: () => setFilters({ happened: null })
          }
        ]
      : [])
  ]
  const clearAll = (): void => {
    setRecipient('')
    setText('')
    setFilters(NO_FILTERS)
    setClearedFrom((n) => n + 1)
  }

  return (
    <form
      ref={formRef}
      tabIndex={-1}
      className="filters card"
      role="search"
      aria-label={t('outbox.filters')}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="filter-row">
        <div className="field">
          <label htmlFor="outbox-filter-recipient">{t('outbox.filter.recipient')}</label>
          <input
            id="outbox-filter-recipient"
            type="search"
            data-view-search
            data-testid="outbox-filter-recipient"
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
          />
        </div>
        <SearchField
          id="outbox-filter-text"
          label={t('outbox.filter.text')}
          value={text}
          max={MAX_TEXT_SEARCH_LENGTH}
          onChange={setText}
          dir="auto"
        />
      </div>
      {/* Status, device, campaign and dates fold away: the list starts a few lines below the search, not 900 px. */}
      <details ref={moreRef} className="filter-more" data-testid="outbox-filter-more">
        <summary>{t('outbox.filter.more')}</summary>
        <fieldset className="status-filter">
          <legend>{t('outbox.filter.status')}</legend>
          {/* Carried finding: "Cancelled" and "Opted out" apart, as the summary counts them. */}
          {STATUS_FILTER_CHOICES.map((status) => (
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
          {/* QA73: one campaign's messages, apart from the other campaign's and the direct sends. */}
          <div className="field">
            <label htmlFor="outbox-filter-campaign">{t('outbox.filter.campaign')}</label>
            <select
              id="outbox-filter-campaign"
              data-testid="outbox-filter-campaign"
              value={filters.campaignId}
              onChange={(e) => setFilters({ campaignId: e.target.value })}
            >
              <option value="">{t('outbox.filter.allCampaigns')}</option>
              {/* QA73: the messages not from any campaign (one-off sends, series, replies). */}
              <option value={DIRECT_SENDS_ONLY}>{t('outbox.filter.directOnly')}</option>
              {campaigns.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
              {/* One kept or opened from a campaign the list does not hold (yet, or any more): still shown picked. */}
              {filters.campaignId &&
              filters.campaignId !== DIRECT_SENDS_ONLY &&
              !campaigns.some((c) => c.id === filters.campaignId) ? (
                <option value={filters.campaignId}>{filters.campaignId}</option>
              ) : null}
            </select>
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
          <div className={reversedDays ? 'field field--error' : 'field'}>
            <label htmlFor="outbox-filter-to">{t('outbox.filter.to')}</label>
            <input
              id="outbox-filter-to"
              type="date"
              data-testid="outbox-filter-to"
              value={filters.to}
              aria-invalid={reversedDays || undefined}
              aria-describedby={reversedDays ? 'outbox-filter-to-error' : undefined}
              onChange={(e) => setFilters({ to: e.target.value })}
            />
            {reversedDays ? (
              <p id="outbox-filter-to-error" className="field-error" data-testid="outbox-filter-reversed">
                <span aria-hidden="true">⚠ </span>
                {t('outbox.filter.reversed')}
              </p>
            ) : null}
          </div>
        </div>
      </details>
      {chips.length > 0 ? (
        <div className="filter-chips" data-testid="outbox-filter-chips">
          <ul {...chipsList} aria-label={t('outbox.filter.active')}>
            {chips.map((chip, index) => (
              <li key={chip.key}>
                <button
                  type="button"
                  className="filter-chip"
                  aria-label={t('outbox.filter.remove', { filter: chip.text })}
                  onClick={() => {
                    removingChip(index)
                    chip.remove()
                  }}
                >
                  {chip.text} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button--small"
            data-testid="outbox-filter-clear"
            onClick={clearAll}
          >
            {t('outbox.filter.clear')}
          </button>
        </div>
      ) : null}
      {chips.length > 0 && hiddenNew > 0 ? (
        <p className="alert alert--warn" role="status" data-testid="outbox-hidden-new">
          {t('outbox.filter.hiddenNew', { count: hiddenNew })}{' '}
          <button type="button" className="button button--small" onClick={clearAll}>
            {t('outbox.filter.showAll')}
          </button>
        </p>
      ) : null}
    </form>
  )
}
