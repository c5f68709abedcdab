// The virtualized outbox list: only the rows in view (and a few either side) exist in the DOM; pages of rows are fetched with `outbox:list` as they scroll into view.
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { OutboxItemView } from '../../../../shared/contract'
import { coreMessage } from '../../api'
import { localeOf, translate, useLanguage, useT, type Translate } from '../../i18n'
import { formatCompactDateTime, formatCompactTimeAfter, formatDateTimeInZone } from '../../i18n/dates'
import { useDevices } from '../../stores/devices'
import { removedLabelAround, useDeviceNaming } from './device-name'
import { useNavigation } from '../../stores/navigation'
import { itemAt, NO_FILTERS, PAGE_SIZE, useOutbox, type OutboxFilters } from '../../stores/outbox'
import { currentLanguage, operatorZone, useOperatorZone } from '../../stores/settings'
import { shownStatus } from './status'
import { StatusBadge } from './StatusBadge'
import { useHoldingDevice, usePauseHolds } from './pause-holds'
import { useChatName, wantName } from '../../stores/contact-names'
import { RecipientLabel, recipientText } from '../../ui/RecipientName'
import {
  rowIndexes,
  rowControlOf,
  rowLayout,
  useRowTabStop,
  useRowWindow,
  type RowLayout,
  type TallerRow
} from './row-window'
import { useRowEndsReached, type RowEnd } from '../shortcuts/row-ends'
import { RowsKeepPlace } from '../../ui/RowsKeepPlace'
import { RowGoneStatus, useRowGoneSaid, type RowGoneWords } from '../../ui/RowGoneStatus'
import './outbox.css'

/** A row's height (px): rows are laid out without measuring, so 100,000 rows scroll smoothly. */
export const ROW_HEIGHT = 68
/**
 * A narrow row's (outbox.css's --row-layout): who, what with its status, and the date with the device on one line
 * (QA75 follow-up: 80 px for every row, room for a device's long name on two lines, left five rows in sight at 360×640,
 * not six). A row whose last line takes more lines is taller alone (useTallerRows).
 */
export const NARROW_ROW_HEIGHT = 64

/**
 * The rows' height for the layout outbox.css gives them (--row-layout, by the list's width and the window's), read
 * again as the list is resized; the first row shown stays first when it changes.
 */
function useRowHeight(
  scrollRef: React.RefObject<HTMLElement | null>,
  rowsRef: React.RefObject<HTMLElement | null>
): number {
  const [height, setHeight] = useState(ROW_HEIGHT)
  useLayoutEffect(() => {
    const box = scrollRef.current
    const rows = rowsRef.current
    if (!box || !rows) return
    const measure = (): void => {
      const narrow = getComputedStyle(rows).getPropertyValue('--row-layout').trim() === 'narrow'
      setHeight(narrow ? NARROW_ROW_HEIGHT : ROW_HEIGHT)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const resized = new ResizeObserver(measure)
    resized.observe(box)
    return () => resized.disconnect()
  }, [scrollRef, rowsRef])
  const shown = useRef(height)
  useLayoutEffect(() => {
    const box = scrollRef.current
    if (box && shown.current !== height) box.scrollTop = (box.scrollTop / shown.current) * height
    shown.current = height
  }, [scrollRef, height])
  return height
}

/** The px each drawn message's row needs beyond the rows' height, by its id, measured at that height. */
interface Extras {
  base: number
  byId: ReadonlyMap<string, number>
}

/**
 * The rows that need more than `base` px, measured as they are drawn: a narrow row's last line wraps a long device
 * name ("Toko Sembako … (removed)", 80 characters at most) onto two or three lines rather than cut it (QA75
 * follow-up), and only that row is taller. Its button grows to what it holds (outbox.css: min-height); measured after
 * each drawing and as the list's width changes. A row measured above the viewport moves the rows under it down: the
 * box is scrolled by as much, so what is read stays put (RowsKeepPlace does so for a focused row).
 */
function useTallerRows(
  scrollRef: React.RefObject<HTMLElement | null>,
  rowsRef: React.RefObject<HTMLElement | null>,
  base: number,
  pages: Record<number, { items: OutboxItemView[] }>
): { layout: RowLayout; extraOf(id: string | undefined): number } {
  const [extras, setExtras] = useState<Extras>({ base, byId: new Map() })
  // Measured at another height (the list turned narrow or wide): measured again as they are drawn.
  const byId = extras.base === base ? extras.byId : EMPTY_EXTRAS
  const layout = useMemo(() => {
    const taller: TallerRow[] = []
    if (byId.size > 0)
      for (const [page, { items }] of Object.entries(pages))
        items.forEach((item, at) => {
          const extra = byId.get(item.id)
          if (extra) taller.push({ index: Number(page) * PAGE_SIZE + at, extra })
        })
    return rowLayout(base, taller)
  }, [base, byId, pages])
  // What the rows were when they were measured: the rows above the viewport then moved the ones in it.
  const known = useRef({ layout, extras })
  useLayoutEffect(() => {
    known.current = { layout, extras }
  }, [layout, extras])
  const shift = useRef(0)

  const measure = useCallback((): void => {
    const box = scrollRef.current
    const rows = rowsRef.current
    if (!box || !rows) return
    const { layout: laidOut, extras: now } = known.current
    const was = now.base === base ? now.byId : EMPTY_EXTRAS
    const top = laidOut.indexAt(box.scrollTop)
    let next: Map<string, number> | null = null
    let moved = 0
    for (const row of rows.querySelectorAll<HTMLElement>('[data-item-id]')) {
      const button = row.querySelector<HTMLElement>('.row-button')
      if (!button) continue
      const id = row.dataset.itemId!
      const extra = Math.max(0, Math.ceil(neededHeight(button) - base - 0.5))
      const before = was.get(id) ?? 0
      if (extra === before) continue
      next ??= new Map(was)
      if (extra > 0) next.set(id, extra)
      else next.delete(id)
      if (Number(row.dataset.index) < top) moved += extra - before
    }
    if (next) {
      shift.current += moved
      setExtras({ base, byId: next })
    } else if (now.base !== base) setExtras({ base, byId: was })
  }, [scrollRef, rowsRef, base])

  // After every drawing: rows drawn, their words changed (a language, a device's name, a status).
  useLayoutEffect(measure)
  useLayoutEffect(() => {
    const box = scrollRef.current
    if (!box || typeof ResizeObserver === 'undefined') return
    // A width wraps a row's last line anew.
    const resized = new ResizeObserver(() => measure())
    resized.observe(box)
    return () => resized.disconnect()
  }, [scrollRef, measure])
  useLayoutEffect(() => {
    const box = scrollRef.current
    const moved = shift.current
    shift.current = 0
    // A focused row is kept in its place by RowsKeepPlace.
    const focused =
      box?.contains(document.activeElement) && document.activeElement?.closest('[data-row-focus]')
    if (box && moved !== 0 && !focused) box.scrollTop += moved
  }, [scrollRef, extras])

  const extraOf = useCallback(
    (id: string | undefined) => (id === undefined ? 0 : (byId.get(id) ?? 0)),
    [byId]
  )
  return { layout, extraOf }
}

const EMPTY_EXTRAS: ReadonlyMap<string, number> = new Map()

/**
 * The height a row's button needs: its parts' extent and its padding. Not its own height, which is at least the row's
 * (min-height): a row made taller would stay so after its words got shorter.
 */
function neededHeight(button: HTMLElement): number {
  let top = Infinity
  let bottom = -Infinity
  for (const part of button.querySelectorAll<HTMLElement>(
    '.row-recipient, .row-what, .row-status, .row-time'
  )) {
    const box = part.getBoundingClientRect()
    if (box.height === 0) continue
    top = Math.min(top, box.top)
    bottom = Math.max(bottom, box.bottom)
  }
  if (bottom < top) return 0
  const style = getComputedStyle(button)
  return bottom - top + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)
}

/**
 * What takes the focus in the drawn row at `index` (Home / End: useRowEndsReached): its checkbox from a checkbox (QA
 * row keys), else its button.
 */
const rowFocusTarget = (index: number, from: Element | null): string =>
  `[data-index="${index}"] ${rowControlOf(from) ?? '[data-row-focus]'}`

/**
 * Rows fetched beyond the rendered ones, either way: a fling reaches the next page after its request has answered,
 * so the rows scrolling in are drawn with their content rather than "Loading…" (issue #18).
 */
export const PREFETCH_ROWS = 100
/** Rows drawn beyond the viewport, either way: a scroll of a few rows finds them drawn already. */
const OVERSCAN_ROWS = 10

/** Where the message `id` is in the loaded pages, or -1. */
function indexOfItem(pages: Record<number, { items: OutboxItemView[] }>, id: string | null): number {
  if (id === null) return -1
  for (const [page, { items }] of Object.entries(pages)) {
    const at = items.findIndex((item) => item.id === id)
    if (at >= 0) return Number(page) * PAGE_SIZE + at
  }
  return -1
}

/**
 * Makes, once the first page is in and the window is idle, what drawing the first rows makes the first time: the Intl
 * formatters of their times, libphonenumber's first readings of their numbers (its code compiled, its patterns built),
 * the total's wording; and asks their contacts' names. Made in the click's task instead, they were about a third of a
 * fresh window's first open of the outbox (issue #29); once made they are kept (dates.ts's cache, RecipientName's,
 * libphonenumber's and the engine's own, the names' store). Called when the outbox's code has loaded, as the shell
 * prefetches it.
 */
export function prepareFirstRows(): void {
  const prepare = (): void => {
    const { pages, generation, total } = useOutbox.getState()
    const page = pages[0]
    if (page?.generation !== generation) return
    const language = currentLanguage()
    const t: Translate = (key, params) => translate(language, key, params)
    const locale = localeOf(language)
    const zone = operatorZone()
    if (total !== null) t('outbox.total', { count: total })
    // The rows the first draw can show (a window's height and the overscan), each as its row words it: the
    // formatters need one row per kind of moment, the numbers are kept as read (RecipientName's readableChat).
    for (const item of page.items.slice(0, Math.ceil(window.innerHeight / ROW_HEIGHT) + OVERSCAN_ROWS)) {
      rowTime(item, locale, t, zone)
      compactRowTime(item, locale, t, zone)
      statusTime(item, locale, zone)
      narrowStatusTime(item, locale, zone)
      t('outbox.bulk.select', { recipient: recipientText(null, item.recipient, item.isGroup) })
      // Their names too: asked at the click, the request's checking was part of its task, and the rows were drawn
      // again when the answer came.
      wantName(item.recipient)
    }
  }
  const whenIdle = (): void => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(prepare, { timeout: 1000 })
    else setTimeout(prepare, 0)
  }
  const { pages, generation } = useOutbox.getState()
  if (pages[0]?.generation === generation) return whenIdle()
  const stop = useOutbox.subscribe((state) => {
    if (state.pages[0]?.generation !== state.generation) return
    stop()
    whenIdle()
  })
}

interface OutboxListProps {
  /** The item open in the detail pane. */
  selectedId: string | null
  onSelect(id: string): void
  /** The items ticked for a bulk action (apart from the one open in the detail). */
  checked: ReadonlyMap<string, OutboxItemView>
  onCheck(item: OutboxItemView, checked: boolean): void
}

export function OutboxList({ selectedId, onSelect, checked, onCheck }: OutboxListProps): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const total = useOutbox((s) => s.total)
  const pages = useOutbox((s) => s.pages)
  const generation = useOutbox((s) => s.generation)
  const filters = useOutbox((s) => s.filters)
  const listError = useOutbox((s) => s.listError)
  const ensureRange = useOutbox((s) => s.ensureRange)
  const devices = useDevices((s) => s.devices)
  const heldByPause = usePauseHolds()
  const holdingDeviceOf = useHoldingDevice()
  const listed = useMemo(() => new Set(devices.map((d) => d.id)), [devices])
  // A removed device's message among those loaded: every row names its device then, the one left's too (QA69: its rows
  // lost their name beside "Front desk (removed)", as if they had none).
  const removedListed = useMemo(
    () => Object.values(pages).some((page) => page.items.some((item) => !listed.has(item.deviceId))),
    [pages, listed]
  )
  const namingOf = useDeviceNaming(t)
  const parentRef = useRef<HTMLDivElement>(null)
  const rowsRef = useRef<HTMLDivElement>(null)
  const count = total ?? 0
  const rowHeight = useRowHeight(parentRef, rowsRef)
  const { layout, extraOf } = useTallerRows(parentRef, rowsRef, rowHeight, pages)

  const { first, last } = useRowWindow(parentRef, count, layout, OVERSCAN_ROWS)

  useEffect(() => {
    // No rows to draw yet (the total unknown, or the box not measured): the first page, which says the total.
    if (last < first) {
      ensureRange(0, 0)
      return
    }
    // The rows on screen are asked for first: the answers come back in order, and a deep jump waited behind the
    // page before it.
    ensureRange(first, last)
    ensureRange(Math.max(0, first - PREFETCH_ROWS), last + PREFETCH_ROWS)
  }, [first, last, generation, ensureRange])

  useEffect(() => {
    if (parentRef.current) parentRef.current.scrollTop = 0
  }, [filters])

  // Home/End (the window's, over every list) take the focus to the list's first/last row, not the first/last drawn.
  const rowEnd = useCallback(
    (end: RowEnd) => {
      if (count === 0) return null
      const index = end === 'first' ? 0 : count - 1
      return { key: index, top: layout.offsetOf(index) }
    },
    [count, layout]
  )
  useRowEndsReached(parentRef, rowEnd, rowFocusTarget)

  // The list's one Tab stop, the message last focused or opened, and where it is now: drawn wherever it is
  // (useRowTabStop), else the first row drawn.
  const { stopId, onFocus, onKeyDown } = useRowTabStop(selectedId)
  const kept = useMemo(() => indexOfItem(pages, stopId), [pages, stopId])
  const tabStop = kept >= 0 ? kept : first
  // The focused row's message deleted, or out of the filtered list: RowsKeepPlace moved the focus beside it, and this
  // says what happened and where the focus is.
  const { said: rowGone, onRowGone } = useRowGoneSaid(ROW_GONE_WORDS)
  // A message is drawn once: while the pages are asked again one by one, one may still hold a message the page
  // before it has moved in; the second one is keyed by its place.
  const drawn = new Set<string>()

  return (
    <div className="outbox-list">
      <p className="muted small" aria-live="polite" data-testid="outbox-total">
        {total === null ? t('outbox.loading') : t('outbox.total', { count: total })}
      </p>
      {listError ? (
        <p className="alert alert--bad" role="alert">
          {coreMessage(listError, language)}
        </p>
      ) : null}
      {total === 0 ? <EmptyOutbox filtered={!sameFilters(filters, NO_FILTERS)} /> : null}
      <div
        ref={parentRef}
        className="outbox-scroll"
        data-testid="outbox-scroll"
        // An empty list is not drawn as a large blank box.
        hidden={total === 0}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
      >
        <RowsKeepPlace headingId="outbox-heading" onRowGone={onRowGone}>
          <div
            ref={rowsRef}
            role="list"
            aria-label={t('outbox.listLabel')}
            className="outbox-rows"
            style={{ height: layout.heightOf(count) }}
          >
            {rowIndexes(first, last, kept).map((index) => {
              const item = itemAt(pages, index)
              const key = item && !drawn.has(item.id) ? `item:${item.id}` : `at:${index}`
              if (item) drawn.add(item.id)
              // With one device the name says nothing, unless a removed device's messages are listed too.
              const device = item && (listed.size > 1 || removedListed) ? namingOf(item.deviceId) : null
              return (
                <OutboxRow
                  key={key}
                  index={index}
                  start={layout.offsetOf(index)}
                  height={rowHeight + extraOf(item?.id)}
                  setSize={count}
                  item={item}
                  selected={item !== undefined && item.id === selectedId}
                  tabStop={index === tabStop}
                  checked={item !== undefined && checked.has(item.id)}
                  deviceName={device?.name ?? null}
                  deviceRemoved={device?.removed === true}
                  paused={item !== undefined && heldByPause(item)}
                  waitingFor={item ? (holdingDeviceOf(item)?.label ?? null) : null}
                  onSelect={onSelect}
                  onCheck={onCheck}
                />
              )
            })}
          </div>
        </RowsKeepPlace>
      </div>
      <RowGoneStatus said={rowGone} testId="outbox-row-gone" />
    </div>
  )
}

/** What became of the focused row's message, and where the focus went from it, in words. */
const ROW_GONE_WORDS: RowGoneWords = {
  what(row) {
    const id = row.closest<HTMLElement>('[data-item-id]')?.dataset.itemId
    // Deleted here, or (deleted elsewhere: the terminal, another window) gone from a list no filter narrows.
    const { gone, filters } = useOutbox.getState()
    const deleted = (id !== undefined && gone.has(id)) || sameFilters(filters, NO_FILTERS)
    return deleted ? 'outbox.rowGone.deleted' : 'outbox.rowGone.filtered'
  },
  to: {
    next: 'outbox.rowGone.toNext',
    previous: 'outbox.rowGone.toPrevious',
    heading: 'outbox.rowGone.toHeading'
  }
}

interface OutboxRowProps {
  index: number
  /** Offset from the top of the list (px). */
  start: number
  height: number
  setSize: number
  /** Undefined while its page is being fetched. */
  item: OutboxItemView | undefined
  selected: boolean
  /** The list's one Tab stop (useRowTabStop): its checkbox and its button are in the Tab order, no other row's. */
  tabStop: boolean
  checked: boolean
  /** The device's label when there are several devices to tell apart, else null. */
  deviceName: string | null
  /** The device was removed: its remembered label is marked so. */
  deviceRemoved: boolean
  /** A pause holds it: its badge says so. */
  paused: boolean
  /** The label of the device that holds it queued (logged out, unreachable…): its badge says so, else null. */
  waitingFor: string | null
  onSelect(id: string): void
  onCheck(item: OutboxItemView, checked: boolean): void
}

/**
 * One row. Memoised: the list draws again on every scroll event of a fling, and only the rows coming into view
 * (or whose item, selection or tick changed) need drawing again, not every row on screen (issue #18).
 */
const OutboxRow = memo(function OutboxRow({
  index,
  start,
  height,
  setSize,
  item,
  selected,
  tabStop,
  checked,
  deviceName,
  deviceRemoved,
  paused,
  waitingFor,
  onSelect,
  onCheck
}: OutboxRowProps): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const zone = useOperatorZone()
  const name = useChatName(item?.recipient)

  function describe(shown: OutboxItemView): string {
    const what =
      shown.kind === 'text'
        ? (shown.text ?? '')
        : `${shown.fileName ?? ''}${shown.text ? ` — ${shown.text}` : ''}`
    return `${t(`kind.${shown.kind}`)}: ${what}`
  }

  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className="outbox-row"
      data-testid="outbox-row"
      data-index={index}
      data-item-id={item?.id}
      data-row-id={item?.id}
      style={{ height, transform: `translateY(${start}px)` }}
    >
      {item ? (
        // QA row keys: the label around the box is its pointer target (styles.css .row-check), 24×24 px at least.
        <label className="row-check">
          <input
            type="checkbox"
            id={`outbox-check-${item.id}`}
            aria-label={t('outbox.bulk.select', {
              recipient: recipientText(name, item.recipient, item.isGroup)
            })}
            // Named with what and when too, from the row's own lines: two messages to one number read apart (QA25
            // Q25-10). Referenced, not copied: the customer's text is not the window's words.
            aria-labelledby={`outbox-check-${item.id} outbox-what-${item.id} outbox-time-${item.id}`}
            checked={checked}
            tabIndex={tabStop ? 0 : -1}
            onChange={(event) => onCheck(item, event.target.checked)}
          />
        </label>
      ) : null}
      {item ? (
        <button
          type="button"
          className={selected ? 'row-button row-button--selected' : 'row-button'}
          aria-current={selected ? 'true' : undefined}
          tabIndex={tabStop ? 0 : -1}
          data-testid={`outbox-open-${item.id}`}
          data-row-focus
          onClick={() => onSelect(item.id)}
        >
          <span className="row-main">
            <span className={item.isGroup ? 'row-recipient row-recipient--group' : 'row-recipient'}>
              {item.isGroup ? <span className="tag">{t('outbox.group')}</span> : null}
              <RecipientLabel name={name} chatId={item.recipient} isGroup={item.isGroup} />
            </span>
            <span className="row-what" dir="auto" id={`outbox-what-${item.id}`}>
              {describe(item)}
            </span>
          </span>
          <span className="row-side">
            <span className="row-status">
              <StatusBadge
                status={shownStatus(item)}
                held={item.held}
                paused={paused}
                waitingFor={waitingFor}
                testId="outbox-status"
                failureCode={item.failure?.code ?? null}
                gatewayStillHolds={item.gatewayStillHolds === true}
                takingBack={item.takingBack === true}
              />
              {hasStatusTime(item) ? (
                <time
                  className="row-status-time"
                  dateTime={item.updatedAt}
                  data-testid="outbox-row-status-time"
                >
                  {statusTime(item, locale, zone)}
                </time>
              ) : null}
              {/* A narrow row shows this one: beside a badge the full time left the text no room (QA38 Q38-03). */}
              {hasStatusTime(item) ? (
                <span className="row-status-time-short" aria-hidden="true">
                  {narrowStatusTime(item, locale, zone)}
                </span>
              ) : null}
            </span>
            <span className="row-time" data-testid="outbox-row-time">
              {/* A narrow window shows this one instead of the full one, which was cut to "29 Nov 2026, …" (QA N21);
                  first, whole, the device's name wrapping after it. */}
              <span className="row-time-compact">{compactRowTime(item, locale, t, zone)}</span>
              {deviceName !== null || waitingFor !== null ? (
                <span className="row-time-compact-separator">{' · '}</span>
              ) : null}
              {/* A narrow row's badge says "Queued" alone: the device it waits for is named here, in place of its
                  name (the same device). */}
              {waitingFor !== null ? (
                <span className="row-device-part row-device-part--waiting" title={waitingFor}>
                  {t('outbox.row.waitingFor', { device: waitingFor })}
                </span>
              ) : null}
              {/* Its own span: the date beside it is read whole. Its title says a name too long for a row's two
                  lines whole. */}
              {deviceName !== null ? (
                <span
                  className={
                    waitingFor !== null ? 'row-device-part row-device-part--held' : 'row-device-part'
                  }
                  title={deviceName}
                >
                  <span className="row-device">
                    <DeviceName name={deviceName} removed={deviceRemoved} />
                  </span>
                  <span className="row-device-separator">{' · '}</span>
                </span>
              ) : null}
              <span className="row-time-full" id={`outbox-time-${item.id}`}>
                {rowTime(item, locale, t, zone)}
              </span>
            </span>
          </span>
        </button>
      ) : (
        <span className="row-loading">{t('outbox.rowLoading')}</span>
      )}
    </div>
  )
})

/**
 * The device's name; a removed one's mark apart from it, never split from its name nor cut (QA69: "Toko Batik
 * Pekalongan Ca…" hid the "(removed)" that said its messages' device was gone).
 */
function DeviceName({ name, removed }: { name: string; removed: boolean }): React.JSX.Element {
  const t = useT()
  if (!removed) return <span className="row-device-name">{name}</span>
  const { before, after } = removedLabelAround(t)
  return (
    <>
      {before ? <span className="row-device-mark">{before}</span> : null}
      <span className="row-device-name">{name}</span>
      {after ? <span className="row-device-mark">{after}</span> : null}
    </>
  )
}

/**
 * A row's moment: when the message was created ("Created …"), the time the list is ordered by and its date filter
 * filters by (QA22 Q22-03: dated by its last change, a message read on 2 Dec but created on 1 Dec was missing from
 * the 2 Dec list); while it waits for its schedule, the time it is due ("for …", after its "Scheduled" badge) on the
 * schedule's own clock, as Schedules says it (QA N8). Each with its zone named: beside "for … WIT", a bare time read as
 * any of three (QA22 Q22-04); the rest on the operator's clock, the one the date filter's days and the export are on
 * (QA27 Q27-03). When its status came is statusTime's, beside the badge.
 */
function rowTime(item: OutboxItemView, locale: string, t: Translate, zone: string): string {
  if (item.status === 'scheduled' && item.scheduledAt)
    return t('outbox.row.scheduledFor', {
      time: formatDateTimeInZone(item.scheduledAt, locale, item.timezone)
    })
  return t('outbox.row.created', { time: formatDateTimeInZone(item.createdAt, locale, zone) })
}

/**
 * When the row's status came, read after its badge ("Failed 2 Dec, 14:02 WIB"): an operator scanning failures sees
 * when each failed without opening it. Compact in every width, with the operator's zone named as the created time
 * names it, and through the created time's own cached formatter (formatCompactDateTime): one more formatted time a
 * row, no formatter of its own. A message waiting for its schedule has none: its row says when it is due.
 */
function hasStatusTime(item: OutboxItemView): boolean {
  // Nor one still as it was made: its status came when it was created, which the row says under it (a queued send of
  // 30 read "Queued 6 Dec, 02:23 UTC" over "Created 6 Dec 2026, 02:23 UTC" on every row).
  return !(item.status === 'scheduled' && item.scheduledAt) && item.updatedAt !== item.createdAt
}

function statusTime(item: OutboxItemView, locale: string, zone: string): string {
  return hasStatusTime(item) ? formatCompactDateTime(item.updatedAt, locale, zone, true) : ''
}

/** The status's time in a narrow row: the created time under it names the date (when the same) and the zone. */
function narrowStatusTime(item: OutboxItemView, locale: string, zone: string): string {
  return hasStatusTime(item) ? formatCompactTimeAfter(item.updatedAt, item.createdAt, locale, zone) : ''
}

/**
 * The same moment for a narrow window: no year when it is this year's, and a schedule without "for" (its badge says
 * "Scheduled"), still on its own clock with its zone named.
 */
function compactRowTime(item: OutboxItemView, locale: string, t: Translate, zone: string): string {
  if (item.status === 'scheduled' && item.scheduledAt)
    return formatCompactDateTime(item.scheduledAt, locale, item.timezone, true)
  return t('outbox.row.created', { time: formatCompactDateTime(item.createdAt, locale, zone, true) })
}

function sameFilters(a: OutboxFilters, b: OutboxFilters): boolean {
  return (
    a.statuses.length === b.statuses.length &&
    a.deviceId === b.deviceId &&
    a.recipient === b.recipient &&
    a.text === b.text &&
    a.from === b.from &&
    a.to === b.to &&
    a.happened?.event === b.happened?.event &&
    a.happened?.since === b.happened?.since
  )
}

/** An empty outbox says why it is empty and what to do next, rather than looking broken. */
function EmptyOutbox({ filtered }: { filtered: boolean }): React.JSX.Element {
  const t = useT()
  return (
    <div className="empty" data-testid="outbox-empty">
      <p>{filtered ? t('outbox.empty') : t('outbox.empty.none')}</p>
      {filtered ? (
        <button type="button" className="button" onClick={() => useOutbox.getState().setFilters(NO_FILTERS)}>
          {t('outbox.empty.clear')}
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          onClick={() => useNavigation.getState().navigate('send')}
        >
          {t('outbox.empty.write')}
        </button>
      )}
    </div>
  )
}
