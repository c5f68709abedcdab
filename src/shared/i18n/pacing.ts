// The words for the domain's pacing problems (src/shared/domain/pacing.ts), one table for the core's refusals, the CLI
// and the window's form; every layer's test runs the domain's case table through it.
import type { MessageKey, Params } from './index'

/**
 * A pacing problem as the domain's PacingProblem carries it, written out here because strings import nothing else of
 * ours: a field or code the domain gains and this does not know fails to type-check where a problem is passed in.
 */
export type PacingProblemShape =
  | {
      field:
        | 'minDelaySeconds'
        | 'maxDelaySeconds'
        | 'batchSize'
        | 'batchPauseMinutes'
        | 'dailyCapPerDevice'
        | 'warmUp.startPerDay'
        | 'warmUp.increasePerDay'
      code: 'not_a_number' | 'not_whole' | 'too_small' | 'too_large'
      min: number
      max: number
    }
  | { field: 'maxDelaySeconds'; code: 'below_min_delay' }
  | { field: 'workingHours.start' | 'workingHours.end'; code: 'not_a_clock' }
  | { field: 'workingHours.end'; code: 'not_after_start' }
  | { field: 'workingHours.timeZone'; code: 'unknown_zone'; zone: string }

type RangeProblem = Extract<PacingProblemShape, { min: number }>

/** Each number field's message names its whole range, so one text answers empty, fractional, low and high. */
export const PACING_RANGE_KEYS: Record<RangeProblem['field'], MessageKey> = {
  minDelaySeconds: 'desktop.error.pacing.minDelay',
  maxDelaySeconds: 'desktop.error.pacing.maxDelayRange',
  batchSize: 'desktop.error.pacing.batchSize',
  batchPauseMinutes: 'desktop.error.pacing.batchPause',
  dailyCapPerDevice: 'desktop.error.pacing.dailyCap',
  'warmUp.startPerDay': 'desktop.error.pacing.warmUpStart',
  'warmUp.increasePerDay': 'desktop.error.pacing.warmUpIncrease'
}

/** The message for one pacing problem, in the operator's language through `translate` or the window's `t`. */
export function pacingProblemMessage(problem: PacingProblemShape): { key: MessageKey; params?: Params } {
  switch (problem.code) {
    case 'below_min_delay':
      return { key: 'desktop.error.pacing.maxDelay' }
    case 'not_a_clock':
      return { key: 'desktop.error.pacing.hoursFormat' }
    case 'not_after_start':
      return { key: 'desktop.error.pacing.hoursOrder' }
    case 'unknown_zone':
      return { key: 'desktop.error.unknownTimezone', params: { timezone: problem.zone } }
    default:
      return { key: PACING_RANGE_KEYS[problem.field], params: { min: problem.min, max: problem.max } }
  }
}
