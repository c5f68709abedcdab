// Keyboard shortcuts for the whole window (switch views, focus search, next/previous row, help) and the help panel
// that lists them, opened with "?" or from the header. Letters act only outside text fields; Alt+digit and Alt+I
// anywhere.
import { useEffect, useRef, useState } from 'react'
import { useT, type MessageKey } from '../../i18n'
import { useNavigation } from '../../stores/navigation'
import { viewForAltKey } from './view-keys'
import './shortcuts.css'

/** What the help panel lists, in order: keys as shown, and what they do. */
const SHORTCUTS: readonly { keys: string; does: MessageKey }[] = [
  { keys: 'Alt+1 … Alt+9, Alt+0', does: 'shortcuts.views' },
  { keys: 'Alt+I', does: 'shortcuts.inboxView' },
  { keys: '/', does: 'shortcuts.search' },
  { keys: 'J / K', does: 'shortcuts.rows' },
  { keys: 'Home / End', does: 'shortcuts.rowEnds' },
  { keys: 'Ctrl+Enter', does: 'shortcuts.send' },
  // The inbox's own keys (features/inbox/inbox-keys.ts), while its view is shown.
  { keys: 'Alt+↓ / Alt+↑', does: 'shortcuts.inboxConversations' },
  { keys: 'R', does: 'shortcuts.inboxReply' },
  { keys: 'M', does: 'shortcuts.inboxRead' },
  { keys: '?', does: 'shortcuts.help' },
  { keys: 'Esc', does: 'shortcuts.close' }
]

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)
}

/** Focus the next (+1) or previous (-1) row of the list on screen; the first row when none has focus. */
function moveRow(step: 1 | -1): boolean {
  const rows = [...document.querySelectorAll<HTMLElement>('#main [data-row-focus]')]
  if (rows.length === 0) return false
  const at = rows.findIndex((row) => row === document.activeElement || row.contains(document.activeElement))
  const next = rows[at < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, at + step))]
  next?.focus()
  next?.scrollIntoView?.({ block: 'nearest' })
  return true
}

export function Shortcuts(): React.JSX.Element | null {
  const t = useT()
  const [open, setOpen] = useState(false)
  const cameFrom = useRef<HTMLElement | null>(null)
  const panelRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (event.defaultPrevented) return
      const view = event.altKey && !event.ctrlKey && !event.metaKey ? viewForAltKey(event.code) : undefined
      if (view) {
        event.preventDefault()
        useNavigation.getState().navigate(view)
        document.getElementById('main')?.focus()
        return
      }
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return
      if (event.key === '?') {
        event.preventDefault()
        cameFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
        setOpen(true)
      } else if (event.key === '/') {
        const search = document.querySelector<HTMLElement>('#main input[type="search"]')
        if (search) {
          event.preventDefault()
          search.focus()
        }
      } else if (event.key === 'j' || event.key === 'k') {
        if (moveRow(event.key === 'j' ? 1 : -1)) event.preventDefault()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  useEffect(() => {
    if (open) panelRef.current?.focus()
  }, [open])

  function close(): void {
    setOpen(false)
    // Back where the operator was before asking for help.
    cameFrom.current?.focus()
  }

  return (
    <>
      <button
        type="button"
        className="button button--small shortcuts-open"
        aria-haspopup="dialog"
        aria-keyshortcuts="?"
        data-testid="shortcuts-open"
        onClick={(event) => {
          cameFrom.current = event.currentTarget
          setOpen(true)
        }}
      >
        {t('shortcuts.title')}
      </button>
      {open ? (
        <div
          ref={panelRef}
          role="dialog"
          aria-labelledby="shortcuts-title"
          className="card shortcuts-panel"
          data-testid="shortcuts-panel"
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault()
              close()
            }
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
