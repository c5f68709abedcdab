// Focus after a chip's remove button took its chip (and itself) away: the operator keeps working from the chips
// instead of the focus falling to the page (issue 29: focus moves to what an action produced or returns near it).
import { useLayoutEffect, useRef, type RefObject } from 'react'

export interface ChipRemoval {
  /** On the chips' list: where the remove buttons (`buttons`, `.chip-remove` unless told) are found after it. */
  listRef: RefObject<HTMLUListElement | null>
  /** Called by the remove button of the chip at `index`, before the chip goes. */
  removing(index: number): void
}

/** The next chip's remove button takes the focus, else the previous one's, else `fallback` (the input). */
export function useChipRemoval(fallback: () => HTMLElement | null, buttons = '.chip-remove'): ChipRemoval {
  const listRef = useRef<HTMLUListElement | null>(null)
  const removedAt = useRef<number | null>(null)
  // After every render: the one that follows a removal finds the chips that are left.
  useLayoutEffect(() => {
    const at = removedAt.current
    if (at === null) return
    removedAt.current = null
    const left = listRef.current?.querySelectorAll<HTMLElement>(buttons) ?? []
    const next = left.length > 0 ? left[Math.min(at, left.length - 1)] : undefined
    ;(next ?? fallback())?.focus()
  })
  return {
    listRef,
    removing: (index) => {
      removedAt.current = index
    }
  }
}
