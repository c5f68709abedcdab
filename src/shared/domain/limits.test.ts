// Which file-size limit applies, and how texts are counted.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_MAX_FILE_BYTES,
  formatMegabytes,
  megabytesBesideLimit,
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

describe('megabytesBesideLimit', () => {
  const MB = 1024 * 1024
  it.each([
    { name: 'well over: as the limit is said', size: 3 * MB, limit: 2 * MB, said: ['3 MB', '2 MB'] },
    { name: 'a tenth over', size: 2.5 * MB, limit: 2 * MB, said: ['2.5 MB', '2 MB'] },
    {
      name: 'just over: 2.01 MB, never "2 MB" beside "2 MB"',
      size: 2.01 * MB,
      limit: 2 * MB,
      said: ['2.01 MB', '2 MB']
    },
    { name: 'over a limit with a decimal', size: 5.56 * MB, limit: 5.5 * MB, said: ['5.6 MB', '5.5 MB'] },
    {
      name: 'a few bytes over: in bytes',
      size: 2 * MB + 3,
      limit: 2 * MB,
      said: ['2,097,155 bytes', '2,097,152 bytes']
    }
  ])('$name', ({ size, limit, said }) => {
    const { size: sizeSaid, limit: limitSaid } = megabytesBesideLimit(Math.round(size), limit)
    expect([sizeSaid, limitSaid]).toEqual(said)
  })
})

describe('messageTextProblem', () => {
  it.each(TEXT_LIMIT_CASES)('$name', ({ text, required, problem }) => {
    expect(messageTextProblem(text, { required })).toBe(problem)
  })
})
