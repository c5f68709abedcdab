// A reminder's first time set on one clock and read on another: the keeper changed by itself (weekly makes Sender Desk
// keep it; an end asks first, QA76) and with it the clock, the gateway's (WIB) or the series' zone. Shown as the same moment
// on the clock it is read on now: the same digits were an hour or more away, said nowhere (QA58).
import { instantToLocal, localTimeToInstant } from '../../../../shared/domain'

/** The first time as the operator set it, and the clock it was set on. */
export interface StartSet {
  date: string
  time: string
  zone: string
}

/** The start as `zone` shows it, with the moment it was moved for, or null when it shows as set. */
export function startOnClock(
  set: StartSet,
  zone: string
): { date: string; time: string; movedAt: number | null } {
  const asSet = { date: set.date, time: set.time, movedAt: null }
  if (set.zone === zone) return asSet
  let at: number
  try {
    at = localTimeToInstant(`${set.date}T${set.time}`, set.zone)
  } catch {
    // Not a time yet (a field emptied): nothing to move.
    return asSet
  }
  const shown = instantToLocal(at, zone)
  const time = shown.time.slice(0, 5)
  return shown.date === set.date && time === set.time ? asSet : { date: shown.date, time, movedAt: at }
}
