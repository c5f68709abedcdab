// The words for the domain's pacing problems (src/shared/domain/pacing.ts), one table for the core's refusals, the CLI
// and the window's form. The i18n layer imports nothing of ours, so a problem is taken by its shape; every layer's
// test runs the domain's case table through this table.
import type { MessageKey, Params } from './index'

/** A pacing problem as the domain reports it: its field and code, the range a number problem quotes, or the zone. */
export interface PacingProblemShape {
  field: string
  code: string
  min?: number
  max?: number
  zone?: string
}

/** Each number field's message names its whole range, so one text answers empty, fractional, low and high. */
export const PACING_RANGE_KEYS = {
  minDelaySeconds: 'desktop.error.pacing.minDelay',
  maxDelaySeconds: 'desktop.error.pacing.maxDelayRange',
  batchSize: 'desktop.error.pacing.batchSize',
  batchPauseMinutes: 'desktop.error.pacing.batchPause',
  dailyCapPerDevice: 'desktop.error.pacing.dailyCap',
  'warmUp.startPerDay': 'desktop.error.pacing.warmUpStart',
  'warmUp.increasePerDay': 'desktop.error.pacing.warmUpIncrease'
} as const satisfies Record<string, MessageKey>

/** The problems between fields, by code. */
const RULE_KEYS: Record<string, MessageKey> = {
  below_min_delay: 'desktop.error.pacing.maxDelay',
  not_a_clock: 'desktop.error.pacing.hoursFormat',
  not_after_start: 'desktop.error.pacing.hoursOrder',
  unknown_zone: 'desktop.error.unknownTimezone'
}

/** The message for one pacing problem, in the operator's language through `translate` or the window's `t`. */
export function pacingProblemMessage(problem: PacingProblemShape): { key: MessageKey; params?: Params } {
  const rule = RULE_KEYS[problem.code]
  if (rule)
    return problem.code === 'unknown_zone'
      ? { key: rule, params: { timezone: problem.zone ?? '' } }
      : { key: rule }
  const params = { min: problem.min ?? 0, max: problem.max ?? 0 }
  const key: MessageKey =
    PACING_RANGE_KEYS[problem.field as keyof typeof PACING_RANGE_KEYS] ?? 'desktop.error.pacing.outOfRange'
  return { key, params }
}
