// The outbox view: filters, the virtualized list and the selected item's detail, with counts in the heading.
import { useState } from 'react'
import { useT } from '../../i18n'
import { useOutbox } from '../../stores/outbox'
import { ViewHeading } from '../../ui/ViewHeading'
import { OutboxDetail } from './OutboxDetail'
import { OutboxFilters } from './OutboxFilters'
import { OutboxList } from './OutboxList'
import './outbox.css'

export function OutboxView(): React.JSX.Element {
  const t = useT()
  const [selected, setSelected] = useState<string | null>(null)
  const counts = useOutbox((s) => s.counts)

  return (
    <section className="view outbox" aria-labelledby="outbox-heading" data-testid="view-outbox">
      <div className="view-head">
        <ViewHeading id="outbox-heading">{t('outbox.title')}</ViewHeading>
        <p className="muted small" data-testid="outbox-counts">
          {t('outbox.countsLine', {
            waiting: counts.queued + counts.sending,
            sent: counts.accepted + counts.sent + counts.delivered + counts.read,
            failed: counts.failed,
            total: counts.total
          })}
        </p>
      </div>
      <OutboxFilters />
      <div className={selected ? 'outbox-body outbox-body--detail' : 'outbox-body'}>
        <OutboxList selectedId={selected} onSelect={setSelected} />
        {selected ? (
          <OutboxDetail
            id={selected}
            onClose={() => {
              const id = selected
              setSelected(null)
              const escaped = typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(id) : id
              document.querySelector<HTMLElement>(`[data-testid="outbox-open-${escaped}"]`)?.focus()
            }}
          />
        ) : null}
      </div>
    </section>
  )
}
