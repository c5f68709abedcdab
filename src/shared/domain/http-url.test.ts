import { describe, expect, it } from 'vitest'
import { isHttpUrl } from './base-url'
import { HTTP_URL_CASES } from './http-url.cases'

describe('isHttpUrl answers the shared table', () => {
  it.each(HTTP_URL_CASES.map((c) => [c.input, c.ok] as const))('%j → %s', (input, ok) => {
    expect(isHttpUrl(input)).toBe(ok)
  })
})
