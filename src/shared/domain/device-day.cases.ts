// One table of a device's days (where its daily cap starts again), run against the send queue's budget, the
// campaign's finish estimate and the direct send's plan: all must reset a capped device at the same midnights, also on
// a day of 23 or 25 hours.

export interface DeviceDayCase {
  /** The device's day zone (the send queue's `dayZoneOf`). */
  zone: string
  /** An instant on the device's first day (today). */
  now: string
  /** The midnights that end today and the two following days, in the zone, as instants. */
  midnights: readonly [string, string, string]
  why: string
}

export const DEVICE_DAY_CASES: readonly DeviceDayCase[] = [
  {
    zone: 'Europe/Berlin',
    now: '2026-10-24T10:00:00.000Z',
    // 00:00 CEST on the 25th; 00:00 CET on the 26th and 27th.
    midnights: ['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', '2026-10-26T23:00:00.000Z'],
    why: 'summer time ends on 25 October: a day of 25 hours (the estimate once ended its day an hour early)'
  },
  {
    zone: 'America/New_York',
    now: '2026-10-31T15:00:00.000Z',
    // 00:00 EDT on 1 November; 00:00 EST on the 2nd and 3rd.
    midnights: ['2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z', '2026-11-03T05:00:00.000Z'],
    why: 'clocks fall back on 1 November: a day of 25 hours'
  },
  {
    zone: 'America/New_York',
    now: '2026-03-07T15:00:00.000Z',
    // 00:00 EST on 8 March; 00:00 EDT on the 9th and 10th.
    midnights: ['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z', '2026-03-10T04:00:00.000Z'],
    why: 'clocks spring forward on 8 March: a day of 23 hours (the estimate once began the 9th an hour late)'
  },
  {
    zone: 'Australia/Lord_Howe',
    now: '2026-10-03T02:00:00.000Z',
    // 00:00 at +10:30 on 4 October; 00:00 at +11 on the 5th and 6th.
    midnights: ['2026-10-03T13:30:00.000Z', '2026-10-04T13:00:00.000Z', '2026-10-05T13:00:00.000Z'],
    why: 'a summer time of half an hour: a day of 23½ hours'
  },
  {
    zone: 'Asia/Jakarta',
    now: '2026-11-29T10:00:00.000Z',
    midnights: ['2026-11-29T17:00:00.000Z', '2026-11-30T17:00:00.000Z', '2026-12-01T17:00:00.000Z'],
    why: 'no summer time: every day 24 hours'
  }
]
