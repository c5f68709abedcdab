// One table of which wait holds: an item's (or a campaign part's) own wait against its device's, run by the domain,
// the outbox's item view and the campaign's part view, so they all name the same wait.

export interface HoldingWaitCase {
  /** Its own wait's end, in ms from now (negative: ended), or null for none. */
  own: number | null
  /** The device's wait's end (a daily cap), likewise. */
  device: number | null
  holds: 'own' | 'device' | null
  why: string
}

const SECOND = 1000
const HOUR = 3_600_000

export const HOLDING_WAIT_CASES: readonly HoldingWaitCase[] = [
  { own: null, device: null, holds: null, why: 'nothing waits: it goes now' },
  {
    own: -30 * SECOND,
    device: 5 * HOUR,
    holds: 'device',
    why: 'QA28 Q28-01: the gap ended; the daily cap holds it until midnight'
  },
  { own: 4 * SECOND, device: 5 * HOUR, holds: 'device', why: 'the cap ends after the gap: the cap holds it' },
  {
    own: 10 * HOUR,
    device: 5 * HOUR,
    holds: 'own',
    why: 'its own wait (closed hours, a pause) ends after the cap: that is what holds it'
  },
  { own: 4 * SECOND, device: null, holds: 'own', why: 'only its own gap' },
  { own: 4 * SECOND, device: -HOUR, holds: 'own', why: "the device's cap ended (a new day): only its gap" },
  { own: -SECOND, device: null, holds: null, why: 'its gap ended and nothing else holds it: it goes now' },
  { own: -SECOND, device: -HOUR, holds: null, why: 'an ended wait never holds, however it reads' },
  { own: 0, device: null, holds: null, why: 'a wait ends at its time' },
  { own: HOUR, device: HOUR, holds: 'own', why: 'ending together: its own' }
]
