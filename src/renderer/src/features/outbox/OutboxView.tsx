// The outbox view: filters, the virtualized list and the selected item's detail, with counts in the heading.
import { useState } from 'react'
import type { OutboxItemView } from '../../../../shared/contract'
import { OUTBOX_BULK_MAX } from '../../../../shared/domain'
import { useT } from '../../i18n'
import { useOutbox } from '../../stores/outbox'
import { ViewHeading } from '../../ui/ViewHeading'
import { OutboxBulkBar } from './OutboxBulkBar'
import { OutboxDetail } from './OutboxDetail'
import { OutboxFilters } from './OutboxFilters'
import { OutboxList } from './OutboxList'
import './outbox.css'

const NO_SELECTION: ReadonlyMap<string, OutboxItemView> = new Map()

export function OutboxView(): React.JSX.Element {
  const t = useT()
  const [selected, setSelected] = useState<string | null>(null)
  const counts = useOutbox((s) => s.counts)
  const filters = useOutbox((s) => s.filters)
  const total = useOutbox((s) => s.total)
  // A selection belongs to the list it was made in (other filters show other messages): it is kept with the
  // filters it was made under and reads as empty once they change.
  const [selection, setSelection] = useState<{
    filters: typeof filters
    items: ReadonlyMap<string, OutboxItemView>
  }>({ filters, items: NO_SELECTION })
  const checked = selection.filters === filters ? selection.items : NO_SELECTION
  const setChecked = (items: ReadonlyMap<string, OutboxItemView>): void => setSelection({ filters, items })

  function check(item: OutboxItemView, on: boolean): void {
    const next = new Map(checked)
    if (on) next.set(item.id, item)
    else next.delete(item.id)
    setChecked(next)
  }

  /** The rows loaded for these filters (the list is virtualized: what has been fetched), up to one request's worth. */
  function checkAllShown(): void {
    const { pages } = useOutbox.getState()
    const next = new Map<string, OutboxItemView>()
    const pageNumbers = Object.keys(pages)
      .map(Number)
      .sort((a, b) => a - b)
    for (const item of pageNumbers.flatMap((n) => pages[n]?.items ?? [])) {
      if (next.size >= OUTBOX_BULK_MAX) break
      next.set(item.id, item)
    }
    setChecked(next)
  }

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
      <div className="outbox-bulk-head">
        <button type="button" className="button" disabled={!total} onClick={checkAllShown}>
          {t('outbox.bulk.selectAll')}
        </button>
        <OutboxBulkBar selection={checked} onClear={() => setChecked(NO_SELECTION)} />
      </div>
      <div className={selected ? 'outbox-body outbox-body--detail' : 'outbox-body'}>
        <OutboxList selectedId={selected} onSelect={setSelected} checked={checked} onCheck={check} />
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
