// The failure-remedy rule answers its case table.
import { describe, expect, it } from 'vitest'
import { failureRemedy } from './failure-remedy'
import { FAILURE_REMEDY_CASES } from './failure-remedy.cases'

describe('failureRemedy', () => {
  it.each(FAILURE_REMEDY_CASES)('$code → $expected', ({ code, expected }) => {
    expect(failureRemedy(code)).toBe(expected)
  })
})
