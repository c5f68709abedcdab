// Which file-size limit applies, and how texts are counted.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_MAX_FILE_BYTES,
  formatMegabytes,
  messageTextProblem,
  resolveFileLimit,
  textLength
} from './limits'
import { TEXT_LIMIT_CASES } from './text-limit.cases'

describe('resolveFileLimit', () => {
  it('takes the device limit, then the settings, then the gateway default', () => {
    expect(resolveFileLimit(5 * 1024 * 1024, 3 * 1024 * 1024)).toBe(5 * 1024 * 1024)
    expect(resolveFileLimit(null, 3 * 1024 * 1024)).toBe(3 * 1024 * 1024)
    expect(resolveFileLimit(undefined, null)).toBe(DEFAULT_MAX_FILE_BYTES)
  })
})

describe('textLength', () => {
  it('counts an emoji as one character, as the gateway does', () => {
    expect(textLength('a😀')).toBe(2)
    expect('a😀'.length).toBe(3)
  })
})

describe('formatMegabytes', () => {
  it('shows whole and fractional megabytes', () => {
    expect(formatMegabytes(2 * 1024 * 1024)).toBe('2 MB')
    expect(formatMegabytes(5.5 * 1024 * 1024)).toBe('5.5 MB')
  })
})

describe('messageTextProblem', () => {
  it.each(TEXT_LIMIT_CASES)('$name', ({ text, required, problem }) => {
    expect(messageTextProblem(text, { required })).toBe(problem)
  })
})
