/**
 * Notices what another process (the terminal's `sender-desk`, on the same data folder) committed to the database: the
 * core's own events come only from its own writes, so without this the window showed the terminal's changes only after
 * a reload (QA24 Q24-03). Polled through the clock; a look costs one pragma read, no I/O.
 */
import { lookEvery, type Clock } from '../clock'

/** How often the core looks: a change made in the terminal shows in the window within about a second. */
export const OTHER_PROCESS_POLL_MS = 1_000

export interface OtherProcessCommitsInput {
  clock: Clock
  /** SQLite's data_version of the core's connection (moves only with other connections' commits). */
  readVersion: () => number
  /** Once per look that found new commits, however many were made since the last. */
  onCommitted: () => void
  /** A failed look (the database closing under it, a disk error): reported, and the next look goes on. */
  onError: (error: unknown) => void
  intervalMs?: number
}

export function watchOtherProcessCommits(input: OtherProcessCommitsInput): { stop(): void } {
  const intervalMs = input.intervalMs ?? OTHER_PROCESS_POLL_MS
  let seen = input.readVersion()
  return lookEvery(input.clock, intervalMs, () => {
    try {
      const version = input.readVersion()
      if (version !== seen) {
        seen = version
        input.onCommitted()
      }
    } catch (error) {
      input.onError(error)
    }
  })
}
