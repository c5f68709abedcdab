// One table for "has this schedule's time passed?". The send form, the Schedules view's reschedule form and the
// core's reschedule all ask scheduleTime; this table pins its answers.
import type { ScheduleTime } from './schedule-time'

export interface ScheduleTimeCase {
  name: string
  localTime: string
  timeZone: string
  now: number
  expected: ScheduleTime
}

/** 29 Nov 2026, 09:27 UTC: 17:27 in WITA (UTC+8). */
const NOW = Date.UTC(2026, 10, 29, 9, 27)
const MINUTE = 60_000

export const SCHEDULE_TIME_CASES: readonly ScheduleTimeCase[] = [
  {
    name: 'this morning in WITA has passed at 17:27 WITA (the QA walk: sent at once, announced "Scheduled.")',
    localTime: '2026-11-29T08:00',
    timeZone: 'Asia/Makassar',
    now: NOW,
    expected: { kind: 'passed', at: Date.UTC(2026, 10, 29, 0, 0) }
  },
  {
    name: 'the same wall clock is read in the chosen zone: 09:30 is ahead in UTC',
    localTime: '2026-11-29T09:30',
    timeZone: 'UTC',
    now: NOW,
    expected: { kind: 'ahead', at: NOW + 3 * MINUTE }
  },
  {
    name: '… and has passed in WITA',
    localTime: '2026-11-29T09:30',
    timeZone: 'Asia/Makassar',
    now: NOW,
    expected: { kind: 'passed', at: Date.UTC(2026, 10, 29, 1, 30) }
  },
  {
    name: 'the current minute has passed: it would not wait at all',
    localTime: '2026-11-29T17:27',
    timeZone: 'Asia/Makassar',
    now: NOW,
    expected: { kind: 'passed', at: NOW }
  },
  {
    name: 'the next minute is ahead',
    localTime: '2026-11-29T17:28',
    timeZone: 'Asia/Makassar',
    now: NOW,
    expected: { kind: 'ahead', at: NOW + MINUTE }
  },
  {
    name: 'tomorrow is ahead',
    localTime: '2026-11-30T09:29',
    timeZone: 'UTC',
    now: NOW,
    expected: { kind: 'ahead', at: Date.UTC(2026, 10, 30, 9, 29) }
  },
  {
    name: 'a time skipped by a spring-forward rolls on (02:30 → 03:30 EDT) and is judged there',
    localTime: '2026-03-08T02:30',
    timeZone: 'America/New_York',
    now: Date.UTC(2026, 2, 8, 7, 0),
    expected: { kind: 'ahead', at: Date.UTC(2026, 2, 8, 7, 30) }
  },
  {
    name: 'with seconds (the gateway reminders’ form)',
    localTime: '2026-11-29T17:26:59',
    timeZone: 'Asia/Makassar',
    now: NOW,
    expected: { kind: 'passed', at: NOW - 1000 }
  },
  {
    name: 'no such date',
    localTime: '2026-02-30T10:00',
    timeZone: 'UTC',
    now: NOW,
    expected: { kind: 'invalid' }
  },
  {
    name: 'an unknown zone',
    localTime: '2026-11-30T10:00',
    timeZone: 'Mars/Olympus',
    now: NOW,
    expected: { kind: 'invalid' }
  },
  {
    name: 'a year typed short in a date field (26 → 0026) is no day to send on, in any zone',
    localTime: '0026-12-06T20:30',
    timeZone: 'Asia/Jakarta',
    now: NOW,
    expected: { kind: 'invalid' }
  },
  {
    name: 'nor is a year before 2000 (a slip: 1926 for 2026)',
    localTime: '1926-12-06T20:30',
    timeZone: 'UTC',
    now: NOW,
    expected: { kind: 'invalid' }
  },
  {
    name: 'the first day of 2000 is a day (long gone by)',
    localTime: '2000-01-01T00:00',
    timeZone: 'UTC',
    now: NOW,
    expected: { kind: 'passed', at: Date.UTC(2000, 0, 1) }
  },
  { name: 'nothing picked yet', localTime: 'T', timeZone: 'UTC', now: NOW, expected: { kind: 'invalid' } }
]
