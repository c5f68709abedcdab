// Recurring series kept by Sender Desk for the device: what, to whom, how often, the next occurrence in its zone and
// how many have gone out; stop or delete.
import { useState } from 'react'
import type { SeriesView } from '../../../../shared/contract'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTime, zoneLabel } from '../../i18n/dates'
import { describeRule } from './repeat-rules'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { useRecipientsText } from '../../ui/RecipientName'

export function SeriesList({
  series,
  error,
  onChanged
}: {
  series: SeriesView[] | null
  error: ErrorInfo | null
  onChanged(): void
}): React.JSX.Element {
  const t = useT()
  return (
    <section className="card" aria-labelledby="series-heading">
      <h3 id="series-heading">{t('reminders.localList')}</h3>
      <p className="muted small">{t('reminders.localList.hint')}</p>
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error.message}
        </p>
      ) : null}
      {series !== null && series.length === 0 ? (
        <p className="empty" data-testid="series-empty">
          {t('reminders.localEmpty')}
        </p>
      ) : null}
      {series !== null && series.length > 0 ? (
        <ul className="service-list" aria-label={t('reminders.localList')}>
          {series.map((one) => (
            <SeriesRow key={one.id} series={one} onChanged={onChanged} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function SeriesRow({ series, onChanged }: { series: SeriesView; onChanged(): void }): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const recipients = useRecipientsText(series.recipients, series.isGroup)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  async function act(work: () => Promise<unknown>): Promise<void> {
    setBusy(true)
    setProblem(null)
    try {
      await work()
      setConfirming(false)
      onChanged()
    } catch (e) {
      setProblem(errorInfo(e).message)
    } finally {
      setBusy(false)
    }
  }

  const what = series.entries
    .map((entry) =>
      entry.kind === 'text'
        ? (entry.text ?? '')
        : `${entry.fileName ?? ''}${entry.text ? ` — ${entry.text}` : ''}`
    )
    .join(' · ')
  return (
    <li className="service-row" data-testid="series-row" data-id={series.id} data-status={series.status}>
      <div>
        <strong>{what}</strong> <span className="tag">{describeRule(t, series.rule)}</span>
        {series.status === 'stopped' ? <span className="tag"> {t('reminders.stopped')}</span> : null}
      </div>
      <div className="muted small">
        {t('reminders.toLine', { phone: recipients })}
        {series.nextLocal && series.nextAt
          ? ` · ${t('reminders.nextLine', {
              time: formatDateTime(series.nextAt, locale, series.timezone),
              zone: zoneLabel(series.timezone)
            })}`
          : ''}
      </div>
      <p className="small" data-testid="series-made">
        {t('reminders.made', { count: series.occurrences })}
        {series.lastOccurrenceAt
          ? ` ${t('reminders.lastLine', { time: formatDateTime(series.lastOccurrenceAt, locale) })}`
          : ''}
      </p>
      <div className="actions">
        {series.status === 'active' ? (
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            data-testid={`series-stop-${series.id}`}
            onClick={() => void act(() => call('series:stop', { id: series.id }))}
          >
            {t('reminders.stop')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--small button--danger"
          aria-expanded={confirming}
          data-testid={`series-delete-${series.id}`}
          onClick={() => setConfirming(!confirming)}
        >
          {t('outbox.delete')}
        </button>
      </div>
      {confirming ? (
        <ConfirmPanel
          id={`series-delete-q-${series.id}`}
          question={t('reminders.series.deleteConfirm')}
          confirmLabel={t('outbox.delete')}
          keepLabel={t('common.keep')}
          onConfirm={() => void act(() => call('series:delete', { id: series.id }))}
          onKeep={() => setConfirming(false)}
          disabled={busy}
          confirmTestId={`series-delete-confirm-${series.id}`}
        />
      ) : null}
      {problem ? <p className="feedback feedback--bad">{problem}</p> : null}
    </li>
  )
}
