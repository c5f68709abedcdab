// The failure-remedy rule answers its case table.
import { describe, expect, it } from 'vitest'
import { failureRemedy, gatewayFileMaximum, gatewayRefusalCode } from './failure-remedy'
import {
  FAILURE_REMEDY_CASES,
  GATEWAY_FILE_MAXIMUM_CASES,
  GATEWAY_REFUSAL_CASES
} from './failure-remedy.cases'

describe('failureRemedy', () => {
  it.each(FAILURE_REMEDY_CASES)('$code → $expected', ({ code, expected }) => {
    expect(failureRemedy(code)).toBe(expected)
  })
})

describe('gatewayFileMaximum (QA7 Q7-14)', () => {
  it.each(GATEWAY_FILE_MAXIMUM_CASES)('"$said" → $bytes', ({ said, bytes }) => {
    expect(gatewayFileMaximum(said)).toBe(bytes)
  })
})

describe('gatewayRefusalCode (QA14 Q14-01)', () => {
  it.each(GATEWAY_REFUSAL_CASES)('"$note" → $code', ({ note, code }) => {
    expect(gatewayRefusalCode(note)).toBe(code)
  })
})
