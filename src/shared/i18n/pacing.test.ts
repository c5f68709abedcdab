// The pacing problems' words cover the domain's rule: every number field has its range message, and every problem the
// case table produces is worded in both languages with its range or zone filled in.
import { describe, expect, it } from 'vitest'
import { PACING_RANGES, pacingProblems } from '../domain/pacing'
import { PACING_CASES } from '../domain/pacing.cases'
import { translate } from './index'
import { PACING_RANGE_KEYS, pacingProblemMessage } from './pacing'

describe('pacing problem messages', () => {
  it('name a range message for every number field of the domain', () => {
    expect(Object.keys(PACING_RANGE_KEYS).sort()).toEqual(Object.keys(PACING_RANGES).sort())
  })

  it('word every problem of the case table with its range or zone filled in', () => {
    const problems = PACING_CASES.flatMap((c) => pacingProblems(c.policy))
    expect(problems.length).toBeGreaterThan(20)
    for (const problem of problems) {
      const { key, params } = pacingProblemMessage(problem)
      for (const language of ['en', 'id'] as const) {
        expect(translate(language, key, params), key).not.toMatch(/\{\w+\}/)
      }
    }
    const [batchOfNone] = pacingProblems({ ...PACING_CASES[0]!.policy, batchSize: 0 })
    const { key, params } = pacingProblemMessage(batchOfNone!)
    expect(translate('en', key, params)).toBe('A batch is a whole number of 1 to 100,000 sends.')
    expect(translate('id', key, params)).toBe(
      'Satu kelompok berisi bilangan bulat 1 sampai 100.000 pengiriman.'
    )
  })
})
