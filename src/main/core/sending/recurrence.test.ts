// Recurrence math: wall-clock occurrences across DST, month ends and leap years, and the next occurrence after an instant.
import { describe, expect, it } from 'vitest'
import {
  checkRule,
  lastOccurrenceOnOrBefore,
  nextOccurrence,
  occurrenceAt,
  occurrenceLocal,
  type RecurrenceRule
} from './recurrence'

const HOUR = 3_600_000
const locals = (start: string, rule: RecurrenceRule, count: number): string[] =>
  Array.from({ length: count }, (_, i) => occurrenceLocal(start, rule, i))

describe('occurrenceLocal', () => {
  it('monthly stays on the start day, clamped to short months: Jan 31 → Feb 28/29 → Mar 31 → Apr 30', () => {
    expect(locals('2026-01-31T09:00:00', { kind: 'monthly' }, 5)).toEqual([
      '2026-01-31T09:00:00',
      '2026-02-28T09:00:00',
      '2026-03-31T09:00:00',
      '2026-04-30T09:00:00',
      '2026-05-31T09:00:00'
    ])
    expect(occurrenceLocal('2028-01-31T09:00', { kind: 'monthly' }, 1)).toBe('2028-02-29T09:00:00')
    expect(occurrenceLocal('2026-11-30T09:00', { kind: 'monthly' }, 3)).toBe('2027-02-28T09:00:00')
    expect(occurrenceLocal('2026-12-15T09:00', { kind: 'monthly' }, 13)).toBe('2028-01-15T09:00:00')
  })

  it('yearly from Feb 29 is Feb 28 in common years and Feb 29 again in leap years', () => {
    expect(locals('2028-02-29T07:30:00', { kind: 'yearly' }, 5)).toEqual([
      '2028-02-29T07:30:00',
      '2029-02-28T07:30:00',
      '2030-02-28T07:30:00',
      '2031-02-28T07:30:00',
      '2032-02-29T07:30:00'
    ])
  })

  it('daily, weekly and every N days count calendar days, across month and year ends', () => {
    expect(locals('2026-12-30T23:59:59', { kind: 'daily' }, 3)).toEqual([
      '2026-12-30T23:59:59',
      '2026-12-31T23:59:59',
      '2027-01-01T23:59:59'
    ])
    expect(occurrenceLocal('2026-02-25T08:00', { kind: 'weekly' }, 1)).toBe('2026-03-04T08:00:00')
    expect(occurrenceLocal('2026-01-01T08:00', { kind: 'every-n-days', days: 5 }, 3)).toBe(
      '2026-01-16T08:00:00'
    )
    expect(occurrenceLocal('2026-01-01T08:00', { kind: 'every-n-days', days: 1000 }, 1)).toBe(
      '2028-09-27T08:00:00'
    )
  })

  it('refuses every N days outside 1–1000 and negative occurrence numbers', () => {
    expect(() => checkRule({ kind: 'every-n-days', days: 0 })).toThrow(RangeError)
    expect(() => checkRule({ kind: 'every-n-days', days: 1001 })).toThrow(RangeError)
    expect(() => checkRule({ kind: 'every-n-days', days: 1.5 })).toThrow(RangeError)
    expect(() => occurrenceLocal('2026-01-01T08:00', { kind: 'daily' }, -1)).toThrow(RangeError)
    expect(() => occurrenceLocal('2026-02-30T08:00', { kind: 'daily' }, 0)).toThrow(RangeError)
  })
})

describe('occurrenceAt (DST-safe)', () => {
  it('a daily 08:00 in New York stays 08:00 local across spring forward and fall back', () => {
    const rule: RecurrenceRule = { kind: 'daily' }
    const start = '2026-03-07T08:00'
    const at = (i: number): string => new Date(occurrenceAt(start, 'America/New_York', rule, i)).toISOString()
    expect(at(0)).toBe('2026-03-07T13:00:00.000Z') // EST, UTC-5
    expect(at(1)).toBe('2026-03-08T12:00:00.000Z') // EDT, UTC-4: only 23 hours later
    expect(
      occurrenceAt(start, 'America/New_York', rule, 1) - occurrenceAt(start, 'America/New_York', rule, 0)
    ).toBe(23 * HOUR)
    const fall = '2026-10-31T08:00'
    expect(
      occurrenceAt(fall, 'America/New_York', rule, 1) - occurrenceAt(fall, 'America/New_York', rule, 0)
    ).toBe(25 * HOUR)
  })

  it('a time skipped by spring forward moves forward by the gap; a doubled one means the first', () => {
    // 02:30 does not exist in New York on 2026-03-08.
    const skipped = occurrenceAt('2026-03-07T02:30', 'America/New_York', { kind: 'daily' }, 1)
    expect(new Date(skipped).toISOString()).toBe('2026-03-08T07:30:00.000Z') // 03:30 EDT
    // 01:30 happens twice in London on 2026-10-25: the first (BST, UTC+1).
    const doubled = occurrenceAt('2026-10-24T01:30', 'Europe/London', { kind: 'daily' }, 1)
    expect(new Date(doubled).toISOString()).toBe('2026-10-25T00:30:00.000Z')
  })

  it('monthly in a zone with DST keeps the wall time on both sides of it', () => {
    const at = (i: number): string =>
      new Date(occurrenceAt('2026-01-31T09:00', 'Europe/Berlin', { kind: 'monthly' }, i)).toISOString()
    expect([at(0), at(1), at(2), at(3)]).toEqual([
      '2026-01-31T08:00:00.000Z',
      '2026-02-28T08:00:00.000Z',
      '2026-03-31T07:00:00.000Z',
      '2026-04-30T07:00:00.000Z'
    ])
  })
})

describe('nextOccurrence', () => {
  const jakarta = 'Asia/Jakarta'

  it('is the start while the start is ahead, then the first occurrence strictly after the instant', () => {
    const start = '2026-01-15T10:00'
    const startAt = Date.parse('2026-01-15T03:00:00Z')
    expect(nextOccurrence(start, jakarta, { kind: 'daily' }, startAt - 1)).toMatchObject({
      index: 0,
      at: startAt
    })
    expect(nextOccurrence(start, jakarta, { kind: 'daily' }, startAt)).toMatchObject({
      index: 1,
      local: '2026-01-16T10:00:00'
    })
    expect(nextOccurrence(start, jakarta, { kind: 'daily' }, startAt + 36 * HOUR)).toMatchObject({
      index: 2,
      local: '2026-01-17T10:00:00'
    })
  })

  it('finds far-future occurrences of every kind without drifting', () => {
    const after = Date.parse('2036-06-15T00:00:00Z')
    expect(nextOccurrence('2026-01-31T09:00', jakarta, { kind: 'monthly' }, after)).toMatchObject({
      index: 125,
      local: '2036-06-30T09:00:00'
    })
    expect(nextOccurrence('2028-02-29T09:00', jakarta, { kind: 'yearly' }, after)).toMatchObject({
      index: 9,
      local: '2037-02-28T09:00:00'
    })
    expect(nextOccurrence('2026-01-01T00:00', jakarta, { kind: 'weekly' }, after).local).toBe(
      '2036-06-19T00:00:00'
    )
    const custom = nextOccurrence('2026-01-01T00:00', jakarta, { kind: 'every-n-days', days: 7 }, after)
    expect(custom.local).toBe('2036-06-19T00:00:00')
    expect(nextOccurrence('2026-03-07T08:00', 'America/New_York', { kind: 'daily' }, after).local).toBe(
      '2036-06-15T08:00:00'
    )
  })
})

describe('lastOccurrenceOnOrBefore (a series ending on a day, QA33 Q33-05)', () => {
  it('finds the last occurrence on the day itself, inclusive, for every rule', () => {
    expect(lastOccurrenceOnOrBefore('2026-12-01T08:00:00', { kind: 'daily' }, '2026-12-30')).toBe(29)
    expect(lastOccurrenceOnOrBefore('2026-12-01T08:00:00', { kind: 'daily' }, '2026-12-01')).toBe(0)
    expect(lastOccurrenceOnOrBefore('2026-12-01T08:00:00', { kind: 'weekly' }, '2026-12-21')).toBe(2)
    expect(lastOccurrenceOnOrBefore('2026-01-31T09:00:00', { kind: 'monthly' }, '2026-04-29')).toBe(2)
    expect(lastOccurrenceOnOrBefore('2026-01-31T09:00:00', { kind: 'monthly' }, '2026-04-30')).toBe(3)
    expect(
      lastOccurrenceOnOrBefore('2026-12-01T08:00:00', { kind: 'every-n-days', days: 10 }, '2027-01-10')
    ).toBe(4)
    expect(lastOccurrenceOnOrBefore('2026-12-01T08:00:00', { kind: 'daily' }, '2053-12-01')).toBe(9862)
  })

  it('answers -1 when the first occurrence is after the day', () => {
    expect(lastOccurrenceOnOrBefore('2026-12-01T08:00:00', { kind: 'daily' }, '2026-11-30')).toBe(-1)
  })
})
