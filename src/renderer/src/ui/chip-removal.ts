// A list of chips, each with a remove button: one Tab stop for the whole list, the arrow keys between its buttons
// (an operator's probe: 250 pasted numbers were 250 Tab stops before the message box), Delete or Backspace removes
// the chip whose button has the focus, and after a removal the focus stays with the chips instead of falling to the
// page (issue 29: focus moves to what an action produced or returns near it).
import {
  useCallback,
  useLayoutEffect,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject
} from 'react'

export interface ChipRemoval {
  /** On the chips' list: where the remove buttons (`buttons`, `.chip-remove` unless told) are found after it. */
  listRef: RefObject<HTMLUListElement | null>
  /** Called by the remove button of the chip at `index`, before the chip goes. */
  removing(index: number): void
  /** On the chips' list: the arrow keys, Home and End between its buttons; Delete and Backspace press one. */
  onKeyDown(event: KeyboardEvent<HTMLElement>): void
  /** On the chips' list: the button that has the focus is the one Tab comes back to. */
  onFocus(event: FocusEvent<HTMLElement>): void
  /** All three, to spread on the chips' list. */
  list: {
    ref: RefObject<HTMLUListElement | null>
    onKeyDown(event: KeyboardEvent<HTMLElement>): void
    onFocus(event: FocusEvent<HTMLElement>): void
  }
}

const MOVES: Record<string, (at: number, last: number) => number> = {
  ArrowRight: (at, last) => Math.min(at + 1, last),
  ArrowDown: (at, last) => Math.min(at + 1, last),
  ArrowLeft: (at) => Math.max(at - 1, 0),
  ArrowUp: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_at, last) => last
}

/**
 * The next chip's remove button takes the focus, else the previous one's, else `fallback` (the input).
 * `deleteKeys: false`: a list whose buttons do something other than remove (the Send view's recent numbers add one,
 * QA74), where Delete and Backspace must not press them.
 * A character typed on a button goes to `fallback`, the field the chips were typed in: `beforeTyping` first makes room
 * for it there (the Send view enters the number its chip shows, QA76); `typingGoesToField: false` where the fallback
 * is no field that takes new entries (the Outbox's filters), and the character does nothing.
 */
export function useChipRemoval(
  fallback: () => HTMLElement | null,
  buttons = '.chip-remove',
  {
    deleteKeys = true,
    beforeTyping,
    typingGoesToField = true
  }: { deleteKeys?: boolean; beforeTyping?: () => void; typingGoesToField?: boolean } = {}
): ChipRemoval {
  const listRef = useRef<HTMLUListElement | null>(null)
  const removedAt = useRef<number | null>(null)
  /** The button Tab lands on: the one last focused, kept in range as chips come and go. */
  const tabStop = useRef(0)
  const buttonsNow = (): HTMLElement[] => [...(listRef.current?.querySelectorAll<HTMLElement>(buttons) ?? [])]
  const makeTabStop = (all: readonly HTMLElement[], at: number): void => {
    tabStop.current = Math.max(0, Math.min(at, all.length - 1))
    // Set on the elements, not as a prop: the buttons are drawn by each list's own components.
    all.forEach((button, i) => (button.tabIndex = i === tabStop.current ? 0 : -1))
  }
  // After every render: the one that follows a removal finds the chips that are left; chips added are no Tab stop.
  useLayoutEffect(() => {
    const left = buttonsNow()
    const at = removedAt.current
    makeTabStop(left, at ?? tabStop.current)
    if (at === null) return
    removedAt.current = null
    ;(left[tabStop.current] ?? fallback())?.focus()
  })
  const onFocus = (event: FocusEvent<HTMLElement>): void => {
    const all = buttonsNow()
    const at = all.indexOf(event.target as HTMLElement)
    if (at >= 0) makeTabStop(all, at)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    const all = buttonsNow()
    const at = all.indexOf(event.target as HTMLElement)
    if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return
    if (deleteKeys && (event.key === 'Delete' || event.key === 'Backspace')) {
      event.preventDefault()
      all[at]?.click()
      return
    }
    // A character typed on a chip is meant for the field (QA65: a correction typed after removing a chip went to the
    // next chip's ×, and each space then removed a good number): the field takes the focus, and the key with it.
    // Space stays the button's press. QA76: the key never runs into what the field already holds as a chip
    // ("0857 6666 7777Halo"); the field makes room for it first, or takes no typing from its chips at all.
    if (event.key.length === 1 && event.key !== ' ') {
      if (!typingGoesToField) return
      beforeTyping?.()
      fallback()?.focus()
      return
    }
    const move = MOVES[event.key]
    if (!move) return
    event.preventDefault()
    makeTabStop(all, move(at, all.length - 1))
    all[tabStop.current]?.focus()
  }
  // The same function every render: rows drawn memoised (the Send view's files) keep it as a prop.
  const removing = useCallback((index: number): void => {
    removedAt.current = index
  }, [])
  return {
    listRef,
    removing,
    onKeyDown,
    onFocus,
    list: { ref: listRef, onKeyDown, onFocus }
  }
}
