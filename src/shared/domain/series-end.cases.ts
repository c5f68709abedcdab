// One table for a series' end, run against every layer that checks it: the domain function, the contract's
// `series:create`, the core's series producer and the window's form.
import type { SeriesEnd, SeriesEndProblem } from './series-end'

export interface SeriesEndCase {
  start: string
  end: SeriesEnd
  expected: SeriesEndProblem | null
}

export const SERIES_END_CASES: readonly SeriesEndCase[] = [
  { start: '2026-12-01T08:00', end: { kind: 'date', lastDate: '2026-12-30' }, expected: null },
  // The start's own day is a last day: one time.
  { start: '2026-12-01T08:00', end: { kind: 'date', lastDate: '2026-12-01' }, expected: null },
  { start: '2026-12-01T08:00', end: { kind: 'date', lastDate: '2026-11-30' }, expected: 'date_before_start' },
  { start: '2026-12-01T08:00', end: { kind: 'date', lastDate: '2026-02-30' }, expected: 'date_invalid' },
  { start: '2026-12-01T08:00', end: { kind: 'date', lastDate: '30/12/2026' }, expected: 'date_invalid' },
  { start: '2026-12-01T08:00', end: { kind: 'times', times: 1 }, expected: null },
  { start: '2026-12-01T08:00', end: { kind: 'times', times: 10_000 }, expected: null },
  { start: '2026-12-01T08:00', end: { kind: 'times', times: 0 }, expected: 'times_out_of_range' },
  { start: '2026-12-01T08:00', end: { kind: 'times', times: 2.5 }, expected: 'times_out_of_range' },
  { start: '2026-12-01T08:00', end: { kind: 'times', times: 10_001 }, expected: 'times_out_of_range' }
]
