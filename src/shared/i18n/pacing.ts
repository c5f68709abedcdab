// The words for the domain's pacing problems, one table for the core's refusals, the CLI and the window's form.
import { PACING_RANGES, type PacingPolicy, type PacingProblem } from '../domain/pacing'
import type { MessageKey, Params } from './index'

/** Each number field's message names its whole range, so one text answers empty, fractional, low and high. */
const RANGE_KEYS = {
  minDelaySeconds: 'desktop.error.pacing.minDelay',
  maxDelaySeconds: 'desktop.error.pacing.maxDelayRange',
  batchSize: 'desktop.error.pacing.batchSize',
  batchPauseMinutes: 'desktop.error.pacing.batchPause',
  dailyCapPerDevice: 'desktop.error.pacing.dailyCap',
  'warmUp.startPerDay': 'desktop.error.pacing.warmUpStart',
  'warmUp.increasePerDay': 'desktop.error.pacing.warmUpIncrease'
} as const satisfies Record<keyof typeof PACING_RANGES, MessageKey>

/** The message for one problem of `policy` (the policy gives the zone name an unknown-zone message quotes). */
export function pacingProblemMessage(
  problem: PacingProblem,
  policy: PacingPolicy
): { key: MessageKey; params?: Params } {
  switch (problem.code) {
    case 'below_min_delay':
      return { key: 'desktop.error.pacing.maxDelay' }
    case 'not_a_clock':
      return { key: 'desktop.error.pacing.hoursFormat' }
    case 'not_after_start':
      return { key: 'desktop.error.pacing.hoursOrder' }
    case 'unknown_zone': {
      const zone: unknown = policy.workingHours?.timeZone
      return { key: 'desktop.error.unknownTimezone', params: { timezone: String(zone ?? '') } }
    }
    default: {
      const { min, max } = PACING_RANGES[problem.field]
      return { key: RANGE_KEYS[problem.field], params: { min, max } }
    }
  }
}
