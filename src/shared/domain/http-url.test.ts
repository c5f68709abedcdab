import { describe, expect, it } from 'vitest'
import { httpUrlProblem, isHttpUrl } from './base-url'
import { HTTP_URL_CASES } from './http-url.cases'

describe('isHttpUrl answers the shared table', () => {
  it.each(HTTP_URL_CASES.map((c) => [c.input, c.ok] as const))('%j → %s', (input, ok) => {
    expect(isHttpUrl(input)).toBe(ok)
  })
})

describe('httpUrlProblem names what is wrong, as the shared table says', () => {
  it.each(
    HTTP_URL_CASES.filter((c) => c.problem !== undefined || c.ok).map(
      (c) => [c.input, c.problem ?? null] as const
    )
  )('%j → %s', (input, problem) => {
    expect(httpUrlProblem(input)).toBe(problem)
  })
})
