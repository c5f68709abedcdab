// The outbox view: filters, the virtualized list and the selected item's detail, with counts in the heading.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { OutboxItemView } from '../../../../shared/contract'
import { OUTBOX_BULK_MAX } from '../../../../shared/domain'
import {
  bucketCounts,
  HEADER_BUCKETS,
  optedOutOfScheduled,
  pausedOfQueued
} from '../../../../shared/domain/status-buckets'
import { useT } from '../../i18n'
import { errorInfo } from '../../api'
import { matchesFilters, useOutbox } from '../../stores/outbox'
import { useDevices } from '../../stores/devices'
import { keepOpenOutboxItem, keptOpenOutboxItem, reopened } from '../../stores/outbox-place'
import { useSpotKeptAcrossReload } from '../../ui/use-spot-kept-across-reload'
import { ViewHeading } from '../../ui/ViewHeading'
import { bucketLine } from './bucket-summary'
import { campaignChoiceName, useCampaignChoices } from './campaign-filter'
import { summaryFiltered, summaryScope, useFilteredCounts } from './filtered-counts'
import { OutboxBulkBar, type MatchingSelection } from './OutboxBulkBar'
import { OutboxDetail } from './OutboxDetail'
import { OutboxExport } from './OutboxExport'
import { OutboxFilters } from './OutboxFilters'
import { OutboxList } from './OutboxList'
import { SentDeletedNote } from './SentDeletedNote'
import './outbox.css'

export { prepareFirstRows } from './OutboxList'
export { restoreOutboxPlace } from '../../stores/outbox-place'

const NO_SELECTION: ReadonlyMap<string, OutboxItemView> = new Map()

export function OutboxView(): React.JSX.Element {
  const t = useT()
  // A reload comes back to the scroll and the control with the focus (QA74).
  useSpotKeptAcrossReload('outbox', 'outbox-heading')
  const [selected, setSelected] = useState<string | null>(null)
  // The message open before a reload opens again (QA19 Q19-05); one gone since is said gone, not shown as an error.
  const [reopening] = useState(keptOpenOutboxItem)
  const [reopenGone, setReopenGone] = useState(false)
  const settled = useRef(reopening === null)
  const selectAllRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (reopening === null) return
    let on = true
    const done = (gone: boolean): void => {
      if (!on) return
      settled.current = true
      reopened()
      if (gone) setReopenGone(true)
      else setSelected((now) => now ?? reopening)
    }
    useOutbox
      .getState()
      .get(reopening)
      // Another failure opens it all the same: the detail says what went wrong, and offers what it can.
      .then(
        () => done(false),
        (error: unknown) => done(errorInfo(error).code === 'not_found')
      )
    return () => {
      on = false
    }
  }, [reopening])
  useEffect(() => {
    if (selected === null && !settled.current) return
    keepOpenOutboxItem(selected)
  }, [selected])
  // Another message opened: the note on the one gone since has been read.
  const select = useCallback((id: string) => {
    setReopenGone(false)
    setSelected(id)
  }, [])
  // Leaving the Outbox closes its detail: a reload elsewhere opens none.
  useEffect(() => () => keepOpenOutboxItem(null), [])
  // New filters that leave the open message out of the list close its detail (QA68: it stayed beside "No messages
  // match", and beside a bulk bar acting on other messages). Only the filters' change: a message the list loses as it
  // moves on (sent, under "Queued") stays open while the operator follows it.
  useEffect(
    () =>
      useOutbox.subscribe((state, before) => {
        if (state.filters === before.filters) return
        setSelected((open) => {
          const item = open === null ? undefined : state.known.get(open)
          return item && !matchesFilters(item, state.filters) ? null : open
        })
      }),
    []
  )
  const filters = useOutbox((s) => s.filters)
  // QA73: under the Device and Campaign filters the summary counts what the list lists (a campaign's as its card
  // does), not the whole outbox, and names what it counts (issue 29 point 2: every summary adds up to what it counts).
  const filtered = summaryFiltered(filters)
  const filteredCounts = useFilteredCounts(filters)
  const outboxCounts = useOutbox((s) => s.counts)
  const counts = filtered ? filteredCounts : outboxCounts
  const buckets = counts ? bucketCounts(counts) : null
  const devices = useDevices((s) => s.devices)
  const campaigns = useCampaignChoices()
  const scope = summaryScope(
    filters,
    {
      device: (id) => devices.find((d) => d.id === id)?.label ?? id,
      campaign: (id) => campaignChoiceName(campaigns, id, t)
    },
    t
  )
  // Of the queued, those a pause holds, said as the header says them (an operator's probe: "3 queued (3 paused)" in
  // the header, "3 queued" here, and the Outbox looked stuck). Of a device's or a campaign's, the core's figure is not
  // its own: said only when sending is paused, which holds them all.
  const outboxPausedQueued = useOutbox((s) => s.pausedQueued)
  const sendingPaused = useOutbox((s) => s.sendingPaused)
  const queuedPaused = !buckets
    ? 0
    : filtered
      ? sendingPaused
        ? buckets.queued
        : 0
      : pausedOfQueued(buckets, outboxPausedQueued)
  // Of the scheduled, those that will not be sent, their number opted out, as the header says them (QA76). The core's
  // figure is the whole outbox's: not said of a device's or a campaign's.
  const outboxScheduledOptedOut = useOutbox((s) => s.scheduledOptedOut)
  const scheduledOptedOut = !buckets || filtered ? 0 : optedOutOfScheduled(buckets, outboxScheduledOptedOut)
  const summaryLine = buckets
    ? bucketLine(buckets, t, HEADER_BUCKETS, { queuedPaused, scheduledOptedOut })
    : null
  const total = useOutbox((s) => s.total)
  // A selection belongs to the list it was made in (other filters show other messages): it is kept with the
  // filters it was made under and reads as empty once they change.
  // `matching` is "every item these filters match": how many there were when the operator chose it, and when that
  // count was read.
  const [selection, setSelection] = useState<{
    filters: typeof filters
    items: ReadonlyMap<string, OutboxItemView>
    matching: MatchingSelection | null
  }>({ filters, items: NO_SELECTION, matching: null })
  const current = selection.filters === filters
  const checked = current ? selection.items : NO_SELECTION
  const matching = current ? selection.matching : null
  const setChecked = (items: ReadonlyMap<string, OutboxItemView>): void =>
    setSelection({ filters, items, matching: null })

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
          {summaryLine !== null && scope !== null
            ? t('outbox.summary.scoped', { scope, counts: summaryLine })
            : summaryLine}
        </p>
        <OutboxExport />
      </div>
      <OutboxFilters campaigns={campaigns} />
      <SentDeletedNote />
      <div className="outbox-bulk-head">
        <button ref={selectAllRef} type="button" className="button" disabled={!total} onClick={checkAllShown}>
          {t('outbox.bulk.selectAll')}
        </button>
        {/* The list loads as it scrolls: "all shown" may be a part of what matches; this is all of it. */}
        {checked.size > 0 && matching === null && total !== null && total > checked.size ? (
          <button
            type="button"
            className="button button--link"
            onClick={() =>
              setSelection({
                filters,
                items: checked,
                matching: { count: total, asOf: useOutbox.getState().totalAsOf }
              })
            }
          >
            {t('outbox.bulk.selectMatching', { count: total })}
          </button>
        ) : null}
        <OutboxBulkBar
          selection={checked}
          matching={matching}
          onRecount={(count) =>
            setSelection((now) => (now.matching ? { ...now, matching: { ...now.matching, count } } : now))
          }
          onClear={() => setChecked(NO_SELECTION)}
          onCleared={() => selectAllRef.current?.focus()}
        />
      </div>
      {reopenGone ? (
        <p role="status" className="muted" data-testid="outbox-reopen-gone">
          {t('outbox.reopenGone')}
        </p>
      ) : null}
      <div className={selected ? 'outbox-body outbox-body--detail' : 'outbox-body'}>
        <OutboxList selectedId={selected} onSelect={select} checked={checked} onCheck={check} />
        {selected ? (
          <OutboxDetail
            // Each message's detail is its own: an action's result line, an open form or question do not follow the
            // operator to the next message opened (QA70: "Cancelled." stayed under a Read one).
            key={selected}
            id={selected}
            onClose={() => {
              const id = selected
              setSelected(null)
              // Back to its row, unless the row is about to leave the list (it no longer matches the filters): then
              // to the view's heading, rather than to the page when the row goes.
              const { known, filters: now } = useOutbox.getState()
              const item = known.get(id)
              if (item && !matchesFilters(item, now)) {
                document.getElementById('outbox-heading')?.focus()
                return
              }
              const escaped = typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(id) : id
              document.querySelector<HTMLElement>(`[data-testid="outbox-open-${escaped}"]`)?.focus()
            }}
          />
        ) : null}
      </div>
    </section>
  )
}
