// The inbox's keys while its view is shown (listed in the shortcuts help panel): Alt+↓ / Alt+↑ open the next or
// previous conversation (from anywhere, the reply box too, but a drop-down list), R focuses the reply box, M marks the open conversation
// read or unread. J / K and Enter move through the rows as in every list (features/shortcuts).
import { isConversationUnread } from '../../../../shared/domain'
import { useEffect, useLayoutEffect, useRef } from 'react'
import type { InboxConversationView } from '../../../../shared/contract'
import { markOpenConversation } from './read-mark'
import { REPLY_TEXT_ID } from './ReplyBox'

/** Inputs that are pressed or ticked, not typed in: R and M act from them as from a button. */
const PRESSED_INPUTS: ReadonlySet<string> = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit'
])

/**
 * Whether a key goes into what has the focus: a text field, a drop-down list. Not the file picker, a checkbox (QA71: R
 * did nothing once a file was attached, the focus left on "Attach a file…").
 */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target instanceof HTMLInputElement) return !PRESSED_INPUTS.has(target.type)
  return target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName)
}

/**
 * The conversation Alt+↓ (older) or Alt+↑ (newer) opens: the row next to the open one, found by its place in the list's
 * order (highest `activity` first) when the list does not hold it, so a refresh or a notification never sends the
 * operator back to the top (QA27 Q27-04). With none open, the first row; none past either end.
 */
export function neighbourOf(
  rows: readonly InboxConversationView[],
  open: InboxConversationView | null,
  way: 'older' | 'newer'
): InboxConversationView | undefined {
  if (!open) return rows[0]
  const at = rows.findIndex((c) => c.id === open.id)
  if (at >= 0) return rows[way === 'older' ? at + 1 : at - 1]
  return way === 'older'
    ? rows.find((c) => c.activity < open.activity)
    : rows.findLast((c) => c.activity > open.activity)
}

/** The rows on either side of the open conversation's place when the list does not hold it (else undefined). */
export function placeBetween(
  rows: readonly InboxConversationView[],
  open: InboxConversationView
): { older: number | null; newer: number | null } | undefined {
  if (rows.some((c) => c.id === open.id)) return undefined
  return {
    older: neighbourOf(rows, open, 'older')?.id ?? null,
    newer: neighbourOf(rows, open, 'newer')?.id ?? null
  }
}

export function useInboxKeys(
  rows: readonly InboxConversationView[] | null,
  open: InboxConversationView | null,
  onOpen: (conversation: InboxConversationView) => void,
  onChanged: (conversation: InboxConversationView) => void,
  /** M worked: a key gives no sign of its own, so the view says it (Q25-06). */
  onMarked: (conversation: InboxConversationView) => void
): void {
  // The handler reads the latest state without being added and removed on every change: kept as the view commits, not
  // after paint, so a key pressed in between acts on what is shown.
  const latest = useRef({ rows, open, onOpen, onChanged, onMarked })
  useLayoutEffect(() => {
    latest.current = { rows, open, onOpen, onChanged, onMarked }
  })

  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey) return
      const { rows, open, onOpen, onChanged, onMarked } = latest.current
      if (event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        // Alt+↓ on a drop-down list opens it: that stays the list's.
        if (!rows || rows.length === 0 || event.target instanceof HTMLSelectElement) return
        event.preventDefault()
        const next = neighbourOf(rows, open, event.key === 'ArrowDown' ? 'older' : 'newer')
        if (next && next.id !== open?.id) onOpen(next)
        return
      }
      if (event.altKey || typingIn(event.target) || !open) return
      if (event.key === 'r' || event.key === 'R') {
        const box = document.getElementById(REPLY_TEXT_ID)
        if (box) {
          event.preventDefault()
          box.focus()
          // On with the reply where it ends (QA62: a saved draft had the caret before it, new words went in front).
          if (box instanceof HTMLTextAreaElement) box.setSelectionRange(box.value.length, box.value.length)
        }
      } else if (event.key === 'm' || event.key === 'M') {
        event.preventDefault()
        markOpenConversation(open.id, isConversationUnread(open))
          .then((conversation) => {
            onChanged(conversation)
            onMarked(conversation)
          })
          .catch(() => undefined)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
