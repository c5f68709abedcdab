/**
 * Times as the terminal prints them: an instant on a zone's wall clock with the zone named, as `reminder create`
 * names it ("2026-11-30 08:40 (Asia/Jakarta)"), never a raw ISO string in UTC. Year first, so a list sorts and a
 * script reads it the same in every locale. The wall clock is the shared zoned-time rule's.
 */
import { computerTimeZone, instantToLocal } from '../../shared/domain'

/** "2026-11-30 08:40 (Asia/Jakarta)": `at` on `timeZone`'s clock, the computer's unless another is given. */
export function localDateTime(at: number | Date, timeZone: string = computerTimeZone()): string {
  const { date, time } = instantToLocal(typeof at === 'number' ? at : at.getTime(), timeZone)
  return `${date} ${time.slice(0, 5)} (${timeZone})`
}
