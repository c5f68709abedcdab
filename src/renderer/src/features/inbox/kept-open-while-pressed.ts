// A narrow window's idle reply box shows its hint and canned replies only while it has the focus (inbox.css). Pressed
// elsewhere in the thread, it lost the focus at the press and folded at once, moving what was pressed 147 px before the
// release (QA61: the first tap on a bubble's "Cancel sending" was lost, and the reply went out). Kept open until the
// press that took the focus is over; it folds just after, once the click landed.
import { useEffect, useRef, useState } from 'react'

export function useKeptOpenWhilePressed(): { keptOpen: boolean; onBlur: () => void } {
  const pressed = useRef(false)
  const [keptOpen, setKeptOpen] = useState(false)
  useEffect(() => {
    let fold: ReturnType<typeof setTimeout> | undefined
    const down = (): void => {
      pressed.current = true
    }
    const up = (): void => {
      pressed.current = false
      // After the click the release makes (dispatched in the same task), not before it.
      fold = setTimeout(() => setKeptOpen(false), 0)
    }
    document.addEventListener('pointerdown', down, true)
    document.addEventListener('pointerup', up, true)
    document.addEventListener('pointercancel', up, true)
    return () => {
      clearTimeout(fold)
      document.removeEventListener('pointerdown', down, true)
      document.removeEventListener('pointerup', up, true)
      document.removeEventListener('pointercancel', up, true)
    }
  }, [])
  return {
    keptOpen,
    onBlur: () => {
      if (pressed.current) setKeptOpen(true)
    }
  }
}
