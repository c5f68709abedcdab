// Local wall-clock times to instants across zones and DST changes, with the roll-forward and first-occurrence rules.
import { describe, expect, it, vi } from 'vitest'
import {
  computerTimeZone,
  dayBoundsIn,
  dayIn,
  currentDayIn,
  instantToLocal,
  isValidTimeZone,
  localTimeToInstant,
  recentComputerTimeZone,
  wallTimeOnClock
} from './zoned-time'

const at = (local: string, zone: string) => new Date(localTimeToInstant(local, zone)).toISOString()

describe('localTimeToInstant', () => {
  it('converts fixed-offset zones', () => {
    expect(at('2026-01-15T10:00', 'Asia/Jakarta')).toBe('2026-01-15T03:00:00.000Z')
    expect(at('2026-01-15T00:00:30', 'Asia/Jakarta')).toBe('2026-01-14T17:00:30.000Z')
    expect(at('2026-06-01T09:15', 'Asia/Kolkata')).toBe('2026-06-01T03:45:00.000Z')
    expect(at('2026-06-01T09:15', 'UTC')).toBe('2026-06-01T09:15:00.000Z')
  })

  it('handles America/New_York spring-forward: a nonexistent time rolls forward by the gap', () => {
    expect(at('2026-03-08T01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z')
    expect(at('2026-03-08T02:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z')
    expect(at('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z')
    expect(at('2026-03-08T03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z')
    expect(at('2026-03-08T03:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z')
  })

  it('handles America/New_York fall-back: an ambiguous time takes its first occurrence', () => {
    expect(at('2026-11-01T00:59', 'America/New_York')).toBe('2026-11-01T04:59:00.000Z')
    expect(at('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z')
    expect(at('2026-11-01T02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z')
  })

  it('handles other zones and hemispheres', () => {
    expect(at('2026-03-29T01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z')
    expect(at('2026-10-25T01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z')
    // Sydney: DST ends 2026-04-05 03:00 → 02:00; 02:30 happens twice, first in AEDT (+11).
    expect(at('2026-04-05T02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z')
  })

  it('refuses unknown zones and impossible dates', () => {
    expect(isValidTimeZone('Asia/Jakarta')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus')).toBe(false)
    expect(isValidTimeZone('')).toBe(false)
    expect(() => localTimeToInstant('2026-01-01T10:00', 'Mars/Olympus')).toThrow(/time zone/)
    expect(() => localTimeToInstant('2026-02-30T10:00', 'UTC')).toThrow(/No such date/)
    expect(() => localTimeToInstant('2026-01-01 10:00', 'UTC')).toThrow(/Not a local time/)
  })
})

// A time typed for a spring-forward night was moved an hour on without a word (a new operator's probe: 01:30 in London
// on 28 Mar 2027 was kept until 02:30); the forms now say what becomes of such a time.
describe('wallTimeOnClock: whether a typed time comes once, never or twice that day', () => {
  it.each([
    ['2026-01-15T10:00', 'Asia/Jakarta', { kind: 'once' }],
    ['2027-03-28T01:30', 'Europe/London', { kind: 'skipped', becomes: '02:30' }],
    ['2027-03-28T00:59', 'Europe/London', { kind: 'once' }],
    ['2027-03-28T02:00', 'Europe/London', { kind: 'once' }],
    ['2026-03-08T02:00', 'America/New_York', { kind: 'skipped', becomes: '03:00' }],
    ['2026-03-08T02:59', 'America/New_York', { kind: 'skipped', becomes: '03:59' }],
    ['2027-10-31T01:30', 'Europe/London', { kind: 'twice' }],
    ['2026-04-05T02:30', 'Australia/Sydney', { kind: 'twice' }],
    ['2026-11-01T00:59', 'America/New_York', { kind: 'once' }],
    // Lord Howe moves by half an hour.
    ['2026-10-04T02:15', 'Australia/Lord_Howe', { kind: 'skipped', becomes: '02:45' }]
  ])('%s in %s', (localTime, zone, expected) => {
    expect(wallTimeOnClock(localTime, zone)).toEqual(expected)
  })

  it('says nothing of what is no time or no zone', () => {
    expect(wallTimeOnClock('2026-02-30T10:00', 'UTC')).toEqual({ kind: 'once' })
    expect(wallTimeOnClock('2026-01-01T10:00', 'Mars/Olympus')).toEqual({ kind: 'once' })
  })
})

describe('instantToLocal and dayIn', () => {
  it('gives the wall clock and calendar day in a zone', () => {
    const instant = Date.parse('2026-01-14T17:00:00Z')
    expect(instantToLocal(instant, 'Asia/Jakarta')).toEqual({ date: '2026-01-15', time: '00:00:00' })
    expect(dayIn(instant, 'Asia/Jakarta')).toBe('2026-01-15')
    expect(dayIn(instant - 1, 'Asia/Jakarta')).toBe('2026-01-14')
    expect(instantToLocal(Date.parse('2026-11-01T06:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-01',
      time: '01:30:00'
    })
  })
})

describe('dayBoundsIn and currentDayIn (the last day kept per zone)', () => {
  it('answer each instant with its own day, asked across midnights and in any order', () => {
    const zone = 'America/New_York'
    const lastOfSeventh = Date.parse('2026-03-08T04:59:59.999Z') // 23:59:59.999 EST, 7 March
    const firstOfEighth = Date.parse('2026-03-08T05:00:00.000Z') // 00:00 EST, 8 March
    expect(currentDayIn(lastOfSeventh, zone)).toBe('2026-03-07')
    expect(currentDayIn(firstOfEighth, zone)).toBe('2026-03-08')
    expect(currentDayIn(lastOfSeventh, zone)).toBe('2026-03-07')
    // 8 March springs forward: 23 hours, from its midnight to the next.
    const eighth = dayBoundsIn(firstOfEighth + 3_600_000, zone)
    expect(eighth).toEqual({
      day: '2026-03-08',
      start: firstOfEighth,
      end: Date.parse('2026-03-09T04:00:00.000Z')
    })
    expect(currentDayIn(eighth.end - 1, zone)).toBe('2026-03-08')
    expect(currentDayIn(eighth.end, zone)).toBe('2026-03-09')
    // Another zone keeps its own day.
    expect(currentDayIn(firstOfEighth, 'Asia/Jakarta')).toBe(dayIn(firstOfEighth, 'Asia/Jakarta'))
    expect(currentDayIn(firstOfEighth, zone)).toBe('2026-03-08')
  })
})

describe('recentComputerTimeZone', () => {
  it('is the computer’s zone, read again once its last reading is a minute old', () => {
    expect(recentComputerTimeZone(1_000)).toBe(computerTimeZone())
    const read = vi.spyOn(Intl, 'DateTimeFormat')
    recentComputerTimeZone(60_999)
    expect(read).not.toHaveBeenCalled()
    recentComputerTimeZone(61_000)
    expect(read).toHaveBeenCalledTimes(1)
    read.mockRestore()
  })
})
