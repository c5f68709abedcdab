// A campaign's progress over time, for its chart: how many rows had been sent, delivered, read or had failed at each
// moment, counted by the send queue from the first times its status history keeps (so it is the same after a restart,
// and matches the export), never by walking every row's history here: a 50,000-row campaign is read at every refresh.
import type { ProducerOutcomes } from '../outbox'
import type { ProgressPoints } from '../store'

/** Instants (ms since the epoch), ascending, and per line one cumulative count per instant. */
export type ProgressSeries = ProgressPoints

/** A long campaign is drawn from at most this many points (the last point is always exact). */
export const MAX_POINTS = 400

/** The chart's lines for the items the producer tagged `tag` (a campaign's: tagOf). */
export function progressSeries(outcomes: Pick<ProducerOutcomes, 'progress'>, tag: string): ProgressSeries {
  return outcomes.progress(tag, MAX_POINTS)
}
