// Drawing a long list that arrives at once over several tasks, none of them long.
import { useEffect, useState } from 'react'

/**
 * How many of a list's `count` rows to draw now: `slice` at first, then `slice` more each turn of the event loop
 * until all are. Rows once drawn stay drawn; a list emptied starts again at `slice`. Draw memoised rows, so each turn
 * renders only the rows it adds (issue 29: 1,000 file rows dropped at once were drawn in one task of 60–75 ms).
 */
export function useDrawnInSlices(count: number, slice: number): number {
  const [drawn, setDrawn] = useState(slice)
  useEffect(() => {
    // An emptied list draws nothing: starting again a turn later changes nothing on screen.
    const next = count === 0 ? (drawn === slice ? null : slice) : drawn < count ? drawn + slice : null
    if (next === null) return
    const later = setTimeout(() => setDrawn(next))
    return () => clearTimeout(later)
  }, [count, drawn, slice])
  return Math.min(count, drawn)
}
