// A producer's progress over time: how many of its items had first reached sent, delivered, read or failed by each
// instant, at most `maxPoints` instants (a campaign's chart), counted in SQL from the first times step 54 keeps.
import type Database from 'better-sqlite3'
import { preparedOnce } from './prepared'

export interface ProgressPoints {
  /** Instants (ms since the epoch), ascending; each line has one cumulative count per instant. */
  at: number[]
  sent: number[]
  delivered: number[]
  read: number[]
  failed: number[]
}

/**
 * Each item counts once per line, at the first entry of its history (in the order written) whose status reaches the
 * line: a read that came without a delivered report counts as delivered then too. The instants are every distinct
 * such time; when there are more than `maxPoints`, `maxPoints` evenly spaced ones from the first to the last, each
 * round(first + span × i / (maxPoints − 1)), half up; each instant counts what happened up to it (an event between two
 * points counts at the later one).
 *
 * The first times are read in one pass over the producer's kept rows and counted here: counting them in SQL (each
 * event's point by integer arithmetic, grouped and summed by a window) sorted them twice in temporary b-trees, most of
 * its 170 ms at 50,000 rows; sorting four arrays of numbers is a few milliseconds.
 */
export function producerProgress(db: Database.Database, tag: string, maxPoints: number): ProgressPoints {
  const rows = preparedOnce(
    db,
    // An open batch's items are left out, as from every count (an item may be written already failed).
    `SELECT sent_at, delivered_at, read_at, failed_at FROM outbox_producer_reach
      WHERE producer_tag = ? AND item_id NOT IN (SELECT i.id FROM outbox_batches b JOIN outbox_items i ON i.batch_id = b.id)`
  )
    .raw(true)
    .all(tag) as (number | null)[][]
  const lines = [0, 1, 2, 3].map((line) => sortedTimes(rows, line))
  const instants = instantsOf(lines, maxPoints)
  const [sent, delivered, read, failed] = lines.map((times) => countedUpTo(times, instants)) as [
    number[],
    number[],
    number[],
    number[]
  ]
  return { at: instants, sent, delivered, read, failed }
}

/** Column `column`'s times that are set, ascending. */
function sortedTimes(rows: readonly (number | null)[][], column: number): Float64Array {
  const times = new Float64Array(rows.length)
  let n = 0
  for (const row of rows) {
    const at = row[column]
    if (at !== null && at !== undefined) times[n++] = at
  }
  return times.subarray(0, n).sort()
}

/** Every distinct time of the lines, or `maxPoints` evenly spaced from the first to the last when there are more. */
function instantsOf(lines: readonly Float64Array[], maxPoints: number): number[] {
  const distinct: number[] = []
  const next = lines.map(() => 0)
  for (;;) {
    let least = Infinity
    lines.forEach((times, line) => {
      if (next[line]! < times.length) least = Math.min(least, times[next[line]!]!)
    })
    if (least === Infinity) return distinct
    if (distinct.length === maxPoints) break
    distinct.push(least)
    lines.forEach((times, line) => {
      while (next[line]! < times.length && times[next[line]!] === least) next[line]!++
    })
  }
  const first = distinct[0]!
  const last = Math.max(...lines.map((times) => (times.length > 0 ? times[times.length - 1]! : -Infinity)))
  // round(first + span × i / m), half up, in integers (times are whole milliseconds): first + ⌊(2·span·i + m) / 2m⌋.
  const span = last - first
  const m = maxPoints - 1
  return Array.from({ length: maxPoints }, (_, i) => first + Math.floor((2 * span * i + m) / (2 * m)))
}

/** For each instant (ascending), how many of `times` (ascending) are at or before it. */
function countedUpTo(times: Float64Array, instants: readonly number[]): number[] {
  let n = 0
  return instants.map((at) => {
    while (n < times.length && times[n]! <= at) n++
    return n
  })
}
