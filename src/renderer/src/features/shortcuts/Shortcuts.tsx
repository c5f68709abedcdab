// Keyboard shortcuts for the whole window (switch views, focus search, next/previous and first/last row, help) and the help panel
// that lists them, opened with "?" or from the header. Letters act only outside form fields (a list row's checkbox is
// the list's: typingIn); Alt+digit and Alt+I anywhere.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useT, type MessageKey } from '../../i18n'
import { useNavigation } from '../../stores/navigation'
import { cancelOnEscape, useEscapeAnywhere } from '../../ui/escape'
import { keepTabInside } from '../../ui/keep-tab-inside'
import { rowControlOf } from '../outbox/row-window'
import { listTakesRowEnd, type RowEnd } from './row-ends'
import { viewForAltKey } from './view-keys'
import { focusViewSearch } from './view-search'
import './shortcuts.css'

/** What the help panel lists, in order: keys as shown, and what they do. */
const SHORTCUTS: readonly { keys: string; does: MessageKey }[] = [
  { keys: 'Alt+1 … Alt+9, Alt+0', does: 'shortcuts.views' },
  { keys: 'Alt+I', does: 'shortcuts.inboxView' },
  { keys: '/', does: 'shortcuts.search' },
  { keys: 'J / K', does: 'shortcuts.rows' },
  { keys: 'Home / End', does: 'shortcuts.rowEnds' },
  // The lists of one Tab stop (outbox/row-window.ts, useRowTabStop).
  { keys: '↓ / ↑', does: 'shortcuts.listRows' },
  { keys: 'Ctrl+Enter', does: 'shortcuts.send' },
  { keys: '← / →, Delete', does: 'shortcuts.chips' },
  // The inbox's own keys (features/inbox/inbox-keys.ts), while its view is shown.
  { keys: 'Alt+↓ / Alt+↑', does: 'shortcuts.inboxConversations' },
  { keys: 'R', does: 'shortcuts.inboxReply' },
  { keys: 'M', does: 'shortcuts.inboxRead' },
  { keys: '?', does: 'shortcuts.help' },
  { keys: 'Esc', does: 'shortcuts.close' }
]

/**
 * A list row's checkbox, beside the row's own control (an Outbox row's) or in a row that is its own (an opted-out
 * number's): the list's, where the window's keys act as from the row.
 */
function rowCheckbox(target: HTMLInputElement): boolean {
  const row = target.type === 'checkbox' ? target.closest('[data-row-id]') : null
  return row !== null && (row.matches('[data-row-focus]') || row.querySelector('[data-row-focus]') !== null)
}

/**
 * Where the window's letters and Home / End are the field's: text fields, and every form control but a list row's
 * checkbox (QA row keys: from it J / K and Home / End did nothing). A form's checkbox takes no letters either, but
 * from one (Settings, a campaign's or a reminder's form, Send) J / K and Home / End moved to rows of a list the
 * operator was not in, "/" left the form for the view's search and "?" opened the panel over it.
 */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target instanceof HTMLInputElement && rowCheckbox(target)) return false
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)
}

/**
 * Rows the operator can see: not in a section left closed (Campaigns' customers, a campaign's sheet rows) nor in a
 * hidden list, whose rows Chromium will not focus (J stopped at them).
 */
const shownRow = (row: HTMLElement): boolean => row.closest('[hidden], details:not([open])') === null

const shownRows = (): HTMLElement[] =>
  [...document.querySelectorAll<HTMLElement>('#main [data-row-focus]')].filter(shownRow)

/**
 * The row J (+1) or K (-1) goes to when the focus is on no row: the first row after the focus (or inside it) in document
 * order, or the last row before it (QA41 Q41-09: from a campaign's sheet rows region J went to the view's first row, the
 * campaigns list above). With none that way, the nearest row there is; from the view itself, its first row.
 */
function rowFrom(focused: Element, rows: readonly HTMLElement[], step: 1 | -1): HTMLElement | undefined {
  if (step === 1) {
    return (
      rows.find((row) => focused.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING) ??
      rows.at(-1)
    )
  }
  // A row inside the focus follows it too, so "before" is only what precedes the focus and is not inside it.
  return (
    rows.findLast((row) => focused.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_PRECEDING) ?? rows[0]
  )
}

/**
 * The row holding the focus (the row itself or a control in it), as an index into `rows`; -1 for none. The innermost:
 * a row may hold rows of its own (a scheduled send's card, its numbers), and J from one of those went back to it.
 */
function focusedRowAt(rows: readonly HTMLElement[], focused: Element): number {
  const at = rows.findLastIndex((row) => row === focused || row.contains(focused))
  if (at >= 0) return at
  // A control beside the row's own in a list of one Tab stop (an Outbox row's checkbox): that row (QA row keys: Home /
  // End from the checkbox went to the view's first and last rows).
  const item = focused.closest('[data-row-id]')
  return item ? rows.findIndex((row) => item.contains(row)) : -1
}

/** What holds a list's rows: a list, a table (its body) or a grid. */
const LIST = 'ul, ol, tbody, table, [role="list"], [role="listbox"], [role="grid"], [role="table"]'

/** The list `row` belongs to: the nearest one around it (a row holding a list of its own is not in that one). */
const listOf = (row: HTMLElement): Element | null => row.parentElement?.closest(LIST) ?? null

/**
 * What takes the focus in `row` for a key pressed on `focused`: from a control of a row in a list of one Tab stop (a
 * row's box, a customer's Rename, an opted-out number's ×: outbox/row-window.ts) to a row of the same list, the same
 * control of `row`, as ↑ / ↓ go to; else the row itself. QA81: J from a customer's Rename and Home / End from an
 * opted-out number's box went to the row's list item, where Space ticked nothing and ↑ / ↓ walked rows with no control
 * focused.
 */
function sameControlIn(row: HTMLElement, focused: Element): HTMLElement {
  const from = focused.closest<HTMLElement>('[data-row-id]')
  const item = row.closest<HTMLElement>('[data-row-id]')
  const kind = rowControlOf(focused)
  if (!from || !item || !kind || listOf(from) !== listOf(item)) return row
  const control = item.matches(kind) ? item : item.querySelector<HTMLElement>(kind)
  // Not one of a row inside it.
  return control?.closest('[data-row-id]') === item ? control : row
}

function focusRow(row: HTMLElement, from: Element): void {
  const target = sameControlIn(row, from)
  target.focus()
  target.scrollIntoView?.({ block: 'nearest' })
}

/** Focus the next (+1) or previous (-1) row of the lists on screen, counted from the focus in document order. */
function moveRow(step: 1 | -1): boolean {
  const rows = shownRows()
  if (rows.length === 0) return false
  const focused = document.activeElement ?? document.body
  // In the open row’s detail (an inbox thread, an Outbox message, beside its list): counted from that row, the one
  // marked current (QA62: J from a thread went to the last row the list had drawn, the first "after" it in document
  // order). Its row not listed (read under "Unread only"), from its place: the rows the detail names on either side
  // of it (QA63).
  const detail = focused.closest<HTMLElement>('[data-detail-of-current-row]')
  const fromDetail = detail ? rows.findIndex((row) => row.getAttribute('aria-current') === 'true') : -1
  const beside = detail?.getAttribute(step === 1 ? 'data-next-row' : 'data-previous-row')
  const besideRow =
    fromDetail < 0 && beside
      ? rows.find((row) => row.closest('[data-row-id]')?.getAttribute('data-row-id') === beside)
      : undefined
  if (besideRow) {
    focusRow(besideRow, focused)
    return true
  }
  const at = fromDetail >= 0 ? fromDetail : focusedRowAt(rows, focused)
  const next = at < 0 ? rowFrom(focused, rows, step) : rows[Math.min(rows.length - 1, Math.max(0, at + step))]
  if (next) focusRow(next, focused)
  return true
}

/**
 * Focus the first or last row of the list the focused row is in; from no row, of the rows J / K walk (QA42: End from a
 * customer row went to the last campaign below). A list drawing only part of its rows takes the key to reach its own
 * end (row-ends.ts).
 */
function rowEnd(end: RowEnd): boolean {
  const shown = shownRows()
  const focused = document.activeElement ?? document.body
  const current = shown[focusedRowAt(shown, focused)]
  const list = current ? listOf(current) : null
  const rows = list ? shown.filter((row) => listOf(row) === list) : shown
  const row = end === 'first' ? rows[0] : rows.at(-1)
  if (!row) return false
  if (!listTakesRowEnd(row, end)) focusRow(row, focused)
  return true
}

export function Shortcuts(): React.JSX.Element | null {
  const t = useT()
  // The panel is a modal dialog, open for the view it was opened over: a view change (Alt+digit, a click on a tab)
  // closes it, the new view taking the focus (QA19 Q19-03: it stayed over the Outbox after Alt+4).
  const seq = useNavigation((state) => state.seq)
  const [openAt, setOpenAt] = useState<number | null>(null)
  const open = openAt === seq
  const cameFrom = useRef<HTMLElement | null>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  // "/" in a view without a search field: said until the next key or view.
  const [noSearchAt, setNoSearchAt] = useState<number | null>(null)
  const openNow = useRef(open)
  useLayoutEffect(() => {
    openNow.current = open
  })

  function openFrom(from: Element | null): void {
    cameFrom.current = from instanceof HTMLElement ? from : null
    setOpenAt(useNavigation.getState().seq)
  }

  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (event.defaultPrevented) return
      // What "/" said stays until the next key.
      setNoSearchAt(null)
      const view = event.altKey && !event.ctrlKey && !event.metaKey ? viewForAltKey(event.code) : undefined
      if (view) {
        event.preventDefault()
        useNavigation.getState().navigate(view)
        document.getElementById('main')?.focus()
        return
      }
      // While the panel is open, the keys that move the focus in the view would take it out of the dialog.
      if (openNow.current || event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return
      if (event.key === '?') {
        event.preventDefault()
        openFrom(document.activeElement)
      } else if (event.key === '/') {
        event.preventDefault()
        // A view without a search says so, rather than nothing (Q47-03).
        if (!focusViewSearch()) setNoSearchAt(useNavigation.getState().seq)
      } else if (event.key === 'j' || event.key === 'k') {
        if (moveRow(event.key === 'j' ? 1 : -1)) event.preventDefault()
      } else if ((event.key === 'Home' || event.key === 'End') && !event.shiftKey) {
        // Left to the browser, they scroll the page away from the focused row.
        if (rowEnd(event.key === 'Home' ? 'first' : 'last')) event.preventDefault()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  useLayoutEffect(() => {
    if (open) panelRef.current?.focus()
  }, [open])

  // A click outside puts the focus there: the panel goes, as the list under More does.
  useEffect(() => {
    if (!open) return
    const outside = (event: Event): void => {
      if (!panelRef.current?.contains(event.target as Node)) setOpenAt(null)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  function close(): void {
    setOpenAt(null)
    // Back where the operator was before asking for help.
    cameFrom.current?.focus()
  }
  // Escape closes it wherever the focus is (the panel's own list says so).
  useEscapeAnywhere(open, close)

  return (
    <>
      <button
        type="button"
        className="button button--small shortcuts-open"
        aria-haspopup="dialog"
        aria-keyshortcuts="?"
        data-testid="shortcuts-open"
        onClick={(event) => openFrom(event.currentTarget)}
      >
        {/* A narrow window shows the key that opens it (styles.css), the words left to be said. */}
        <span className="header-icon" aria-hidden="true">
          ?
        </span>
        <span className="header-words">{t('shortcuts.title')}</span>
      </button>
      <p role="status" className="shortcuts-said" data-testid="shortcuts-said">
        {noSearchAt === seq ? t('shortcuts.noSearch') : ''}
      </p>
      {open ? (
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby="shortcuts-title"
          className="card shortcuts-panel"
          data-testid="shortcuts-panel"
          tabIndex={-1}
          onKeyDown={(event) => {
            keepTabInside(event)
            // Taken here first, so that Escape closes this panel before the menu it may have opened over.
            cancelOnEscape(close)(event)
          }}
        >
          <h2 id="shortcuts-title">{t('shortcuts.title')}</h2>
          <dl className="shortcuts-list">
            {SHORTCUTS.map((shortcut) => (
              <div key={shortcut.keys}>
                <dt>
                  <kbd>{shortcut.keys}</kbd>
                </dt>
                <dd>{t(shortcut.does)}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="button" onClick={close}>
            {t('common.close')}
          </button>
        </div>
      ) : null}
    </>
  )
}
