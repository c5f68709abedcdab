// What a list says when its focused row is drawn no more (its message deleted, out of the filtered list) and
// RowsKeepPlace moved the focus beside it: what became of the row, then where the focus is, politely, in a visually
// hidden status outside the list's scroll box (a list with no row left hides that box, and a status in it with it).
import { useState } from 'react'
import { useT, type MessageKey } from '../i18n'
import type { FocusMovedTo } from './RowsKeepPlace'

/** A list's words for its focused row gone. */
export interface RowGoneWords {
  /** What became of the row, read as it goes (deleted, no longer matching the filters). */
  what(row: HTMLElement): MessageKey
  /** Where the focus is now: the next row, the previous one, the list's heading. */
  to: Record<FocusMovedTo, MessageKey>
}

/** RowsKeepPlace's onRowGone saying `words`, and what it said last (for RowGoneStatus). */
export function useRowGoneSaid(words: RowGoneWords): {
  said: string
  onRowGone(row: HTMLElement, to: FocusMovedTo): void
} {
  const t = useT()
  const [said, setSaid] = useState('')
  return { said, onRowGone: (row, to) => setSaid(`${t(words.what(row))} ${t(words.to[to])}`) }
}

/** The status saying it: there before the words come, so a screen reader reads them as they do. */
export function RowGoneStatus({ said, testId }: { said: string; testId: string }): React.JSX.Element {
  return (
    <p role="status" className="visually-hidden" data-testid={testId}>
      {said}
    </p>
  )
}
