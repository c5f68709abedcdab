// Which of several waits holds a message (or a campaign's part on a device) now: its own (a campaign's gap, a retry)
// and its device's (a daily cap counted across producers). Every view that says why something waits asks this one
// rule, so the campaign card, the Overview and the outbox never name a wait that ended (QA28 Q28-01: "Sending now"
// and "waiting between sends until <a time gone by>" while the number's daily cap held it until midnight).

/** A wait and when it ends (ms since the epoch); whatever else it carries (its reason, its code) comes along. */
export interface TimedWait {
  until: number
}

/**
 * The wait that holds now: one whose end has come holds nothing; of those still running, the one that ends last,
 * since nothing goes before every one of them has ended. A tie keeps the first given. Null when none holds.
 */
export function holdingWait<W extends TimedWait>(
  waits: readonly (W | null | undefined)[],
  now: number
): W | null {
  let holding: W | null = null
  for (const wait of waits) {
    if (!wait || wait.until <= now) continue
    if (!holding || wait.until > holding.until) holding = wait
  }
  return holding
}
