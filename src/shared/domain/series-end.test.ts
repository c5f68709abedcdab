import { describe, expect, it } from 'vitest'
import { checkSeriesEnd } from './series-end'
import { SERIES_END_CASES } from './series-end.cases'

describe('checkSeriesEnd answers the shared table', () => {
  it.each(SERIES_END_CASES.map((c) => [c.start, c.end, c.expected] as const))(
    'from %s, end %j → %s',
    (start, end, expected) => {
      expect(checkSeriesEnd(start, end)).toBe(expected)
    }
  )
})
