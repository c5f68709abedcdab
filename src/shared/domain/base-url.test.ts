// The base-URL rule itself, against its one table of cases.
import { describe, expect, it } from 'vitest'
import { checkBaseUrl } from './base-url'
import { BASE_URL_CASES } from './base-url.cases'

describe('checkBaseUrl', () => {
  it.each(BASE_URL_CASES.map((c) => [c.input, c] as const))('%j', (input, c) => {
    const checked = checkBaseUrl(input, { allowInsecureHttp: c.allowInsecureHttp })
    if ('value' in c.expected) expect(checked).toEqual({ ok: true, value: c.expected.value })
    else {
      expect(checked).toMatchObject({ ok: false, problem: c.expected.problem })
      expect(checked.ok ? '' : checked.message).toMatch(c.expected.message)
      expect(checked.ok ? '' : checked.message).not.toContain('abcdef123456')
    }
  })
})
