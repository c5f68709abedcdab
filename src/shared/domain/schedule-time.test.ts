import { describe, expect, it } from 'vitest'
import { scheduleTime } from './schedule-time'
import { SCHEDULE_TIME_CASES } from './schedule-time.cases'

describe('scheduleTime answers the shared table', () => {
  it.each(SCHEDULE_TIME_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(scheduleTime(c.localTime, c.timeZone, c.now)).toEqual(c.expected)
  })
})
