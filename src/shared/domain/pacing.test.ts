// The pacing rule on its own case table, and the two ways a policy of unknown shape is read (a request, the store).
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PACING,
  isIanaTimeZone,
  PACING_RANGES,
  pacingProblems,
  parsePacing,
  usablePacing,
  workingHoursCarryOver,
  type PacingPolicy
} from './pacing'
import { PACING_CASES } from './pacing.cases'

describe('pacingProblems answers every pacing case', () => {
  it.each(PACING_CASES)('$name', ({ policy, problems }) => {
    const found = pacingProblems(policy)
    expect(found.map(({ field, code }) => ({ field, code }))).toEqual(problems)
    // Each problem quotes what its message needs: a number field its whole range, an unknown zone its name.
    for (const problem of found) {
      if ('min' in problem) {
        const { min, max } = PACING_RANGES[problem.field]
        expect(problem, problem.field).toMatchObject({ min, max })
      }
      if (problem.code === 'unknown_zone') expect(problem.zone).toBe(policy.workingHours?.timeZone)
    }
  })

  it('tries every number field at both edges and past them', () => {
    for (const [field, { min, max }] of Object.entries(PACING_RANGES)) {
      const valueOf = (p: PacingPolicy): unknown =>
        field.startsWith('warmUp.')
          ? p.warmUp?.[field.slice('warmUp.'.length) as 'startPerDay']
          : p[field as 'batchSize']
      const values = PACING_CASES.map((c) => valueOf(c.policy))
      expect(values, field).toContain(min)
      expect(values, field).toContain(max)
      expect(
        PACING_CASES.some((c) => c.problems.some((p) => p.field === field && p.code === 'too_small')),
        `${field} below ${min}`
      ).toBe(true)
      expect(
        PACING_CASES.some((c) => c.problems.some((p) => p.field === field && p.code === 'too_large')),
        `${field} above ${max}`
      ).toBe(true)
    }
  })
})

describe('parsePacing reads a policy of unknown shape', () => {
  it('keeps a valid policy field by field and drops what is not a field', () => {
    const parsed = parsePacing({ ...DEFAULT_PACING, extra: 'dropped' })
    expect(parsed).toEqual({ policy: DEFAULT_PACING, problems: [] })
  })

  it('names every missing or mistyped field instead of trusting it', () => {
    expect(parsePacing({}).problems.map((p) => p.field)).toEqual([
      'minDelaySeconds',
      'maxDelaySeconds',
      'batchSize',
      'batchPauseMinutes',
      'workingHours.start',
      'workingHours.end',
      'workingHours.timeZone',
      'dailyCapPerDevice',
      'warmUp.startPerDay',
      'warmUp.increasePerDay'
    ])
    expect(parsePacing('fast').policy).toBeNull()
    expect(parsePacing({ ...DEFAULT_PACING, batchSize: '20' }).problems).toEqual([
      { field: 'batchSize', code: 'not_a_number', min: 1, max: 100_000 }
    ])
  })
})

describe('usablePacing reads a stored policy back', () => {
  it('returns a valid stored policy as stored', () => {
    const stored = JSON.parse(
      JSON.stringify({ ...DEFAULT_PACING, warmUp: { startPerDay: 5, increasePerDay: 5 } })
    )
    expect(usablePacing(stored)).toEqual(stored)
  })

  it('moves numbers an older version took into their ranges, never faster than stored', () => {
    const week = 7 * 86_400
    const read = usablePacing({
      ...DEFAULT_PACING,
      minDelaySeconds: week,
      maxDelaySeconds: week,
      batchSize: 250_000,
      warmUp: { startPerDay: 2.6, increasePerDay: 0 }
    })
    expect(read).toMatchObject({
      minDelaySeconds: 86_400,
      maxDelaySeconds: 86_400,
      batchSize: 100_000,
      warmUp: { startPerDay: 3, increasePerDay: 0 }
    })
    expect(pacingProblems(read)).toEqual([])
  })

  it('falls back to the default working hours, never to "any time", when the stored ones are unusable', () => {
    const read = usablePacing({
      ...DEFAULT_PACING,
      workingHours: { start: '20:00', end: '08:00', timeZone: 'X' }
    })
    expect(read.workingHours).toEqual(DEFAULT_PACING.workingHours)
    expect(
      usablePacing({ ...DEFAULT_PACING, minDelaySeconds: -5, workingHours: null }).workingHours
    ).toBeNull()
  })
})

describe('isIanaTimeZone', () => {
  it('takes zone names in any case and refuses offsets, blanks and unknown names', () => {
    expect(isIanaTimeZone('Asia/Jakarta')).toBe(true)
    expect(isIanaTimeZone('Etc/GMT+7')).toBe(true)
    expect(isIanaTimeZone('+07:00')).toBe(false)
    expect(isIanaTimeZone(' Asia/Jakarta')).toBe(false)
    expect(isIanaTimeZone('Mars/Olympus')).toBe(false)
    expect(isIanaTimeZone(7)).toBe(false)
  })
})

// The pre-send summary's "the messages left at 20:00 wait for the next day": the day is the hours' own, not UTC's.
describe('workingHoursCarryOver', () => {
  const jakarta = { start: '08:00', end: '20:00', timeZone: 'Asia/Jakarta' }
  const newYork = { start: '08:00', end: '20:00', timeZone: 'America/New_York' }
  it.each([
    // 7 Dec 2026, 17:00 WIB to 19:00 WIB.
    {
      name: 'an end within the same day’s hours',
      hours: jakarta,
      starts: Date.UTC(2026, 11, 7, 10, 0),
      ends: Date.UTC(2026, 11, 7, 12, 0),
      carry: false
    },
    // To 8 Dec 2026, 09:20 WIB.
    {
      name: 'an end the next morning',
      hours: jakarta,
      starts: Date.UTC(2026, 11, 7, 10, 0),
      ends: Date.UTC(2026, 11, 8, 2, 20),
      carry: true
    },
    // 7 Dec 2026, 18:00 to 19:30 in New York: the next day on UTC's clock only.
    {
      name: 'a later day of UTC’s, the same day of the hours’ zone',
      hours: newYork,
      starts: Date.UTC(2026, 11, 7, 23, 0),
      ends: Date.UTC(2026, 11, 8, 0, 30),
      carry: false
    },
    {
      name: 'no hours',
      hours: null,
      starts: Date.UTC(2026, 11, 7, 10, 0),
      ends: Date.UTC(2026, 11, 9, 2, 20),
      carry: false
    }
  ])('$name', ({ hours, starts, ends, carry }) => {
    expect(workingHoursCarryOver(hours, starts, ends)).toBe(carry)
  })
})
