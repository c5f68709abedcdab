// The operator's day (QA29 Q29-03: "today" is on the operator's clock everywhere in the window), re-read at its
// midnight even when nothing else moves: a new zone is a new day too.
import { useEffect, useState } from 'react'
import { todayIn } from '../i18n/dates'
import { useOperatorZone } from '../stores/settings'

/** Today on the operator's clock (todayIn's bounds), the component drawn again at the day's end. */
export function useOperatorDay(): ReturnType<typeof todayIn> {
  const zone = useOperatorZone()
  const [midnights, setMidnights] = useState(0)
  useEffect(() => {
    const timer = setTimeout(() => setMidnights((n) => n + 1), todayIn(zone).endsAt - Date.now() + 1_000)
    return () => clearTimeout(timer)
  }, [midnights, zone])
  return todayIn(zone)
}
