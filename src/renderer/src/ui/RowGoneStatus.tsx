// What a list says when its focused row is drawn no more (its message deleted, out of the filtered list) and
// RowsKeepPlace moved the focus beside it: what became of the row, then where the focus is, politely, in a visually
// hidden status outside the list's scroll box (a list with no row left hides that box, and a status in it with it).
// Each saying is new words in the status, the same sentence twice in a row too (two focused rows gone one after the
// other): a status whose text stays as it was is not read again.
import { Fragment, useState } from 'react'
import { useT, type MessageKey } from '../i18n'
import type { FocusMovedTo } from './RowsKeepPlace'

/** A list's words for its focused row gone. */
export interface RowGoneWords {
  /** What became of the row, read as it goes (deleted, no longer matching the filters). */
  what(row: HTMLElement): MessageKey
  /** Where the focus is now: the next row, the previous one, the list's heading. */
  to: Record<FocusMovedTo, MessageKey>
}

/** What the list said last, and which saying it was (the same words are said again as a new saying). */
export interface RowGoneSaid {
  text: string
  seq: number
}

/** RowsKeepPlace's onRowGone saying `words`, and what it said last (for RowGoneStatus). */
export function useRowGoneSaid(words: RowGoneWords): {
  said: RowGoneSaid
  onRowGone(row: HTMLElement, to: FocusMovedTo): void
} {
  const t = useT()
  const [said, setSaid] = useState<RowGoneSaid>({ text: '', seq: 0 })
  return {
    said,
    onRowGone: (row, to) =>
      setSaid((last) => ({ text: `${t(words.what(row))} ${t(words.to[to])}`, seq: last.seq + 1 }))
  }
}

/**
 * The status saying it: there before the words come, so a screen reader reads them as they do. Each saying's text is
 * put anew (keyed by its seq), so the same sentence again is a change the screen reader reads.
 */
export function RowGoneStatus({ said, testId }: { said: RowGoneSaid; testId: string }): React.JSX.Element {
  return (
    <p role="status" className="visually-hidden" data-testid={testId}>
      <Fragment key={said.seq}>{said.text}</Fragment>
    </p>
  )
}
