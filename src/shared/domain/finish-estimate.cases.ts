// One table for what a running campaign says about its end. The core (which makes a passed estimate again), the
// window's Overview and the CLI all ask finishEstimate; this table pins its answers.
import type { FinishEstimate } from './finish-estimate'

export interface FinishEstimateCase {
  name: string
  finishAt: number | null
  now: number
  expected: FinishEstimate
}

const NOW = Date.UTC(2026, 10, 29, 9, 0)

export const FINISH_ESTIMATE_CASES: readonly FinishEstimateCase[] = [
  {
    name: 'an end still ahead is promised',
    finishAt: NOW + 90_000,
    now: NOW,
    expected: { kind: 'at', at: NOW + 90_000 }
  },
  {
    name: 'an end due this instant is still promised',
    finishAt: NOW,
    now: NOW,
    expected: { kind: 'at', at: NOW }
  },
  {
    name: 'an end a moment gone by is late, not promised',
    finishAt: NOW - 1,
    now: NOW,
    expected: { kind: 'late' }
  },
  {
    name: 'an end made at the start and long passed is late',
    finishAt: NOW - 3 * 3_600_000,
    now: NOW,
    expected: { kind: 'late' }
  },
  { name: 'no estimate promises nothing', finishAt: null, now: NOW, expected: { kind: 'none' } }
]
