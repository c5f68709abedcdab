// One table of campaign pacing policies, run against every layer that judges one: the domain (pacingProblems), the
// contract (PacingPolicySchema), the core (campaigns:create and campaigns:setPacing on a composed core), the window's
// pacing form, and the CLI's --delay/--batch/--hours/--cap. Each bound is tried at its edge and just past it.
import { DEFAULT_PACING, type PacingPolicy, type PacingProblemAt } from './pacing'

export interface PacingCase {
  name: string
  policy: PacingPolicy
  /** Every problem, in the order pacingProblems reports them; empty for a usable policy. */
  problems: PacingProblemAt[]
  why?: string
}

const policy = (over: Partial<PacingPolicy>): PacingPolicy => ({ ...DEFAULT_PACING, ...over })
const hours = (start: string, end: string, timeZone = 'Asia/Jakarta'): Partial<PacingPolicy> => ({
  workingHours: { start, end, timeZone }
})
const warmUp = (startPerDay: number, increasePerDay: number): Partial<PacingPolicy> => ({
  warmUp: { startPerDay, increasePerDay }
})

export const PACING_CASES: readonly PacingCase[] = [
  { name: 'the safe defaults', policy: DEFAULT_PACING, problems: [] },
  { name: 'any time of day', policy: policy({ workingHours: null }), problems: [] },
  { name: 'a warm-up of 10 a day, 5 more each day', policy: policy(warmUp(10, 5)), problems: [] },
  {
    name: 'fractions of a second and of a minute',
    policy: policy({ minDelaySeconds: 0.2, maxDelaySeconds: 0.4, batchPauseMinutes: 0.5 }),
    problems: []
  },
  {
    name: 'no delay at all (0–0 s) and no batch pause',
    policy: policy({ minDelaySeconds: 0, maxDelaySeconds: 0, batchPauseMinutes: 0 }),
    problems: []
  },
  {
    name: 'shortest delay below 0',
    policy: policy({ minDelaySeconds: -1 }),
    problems: [{ field: 'minDelaySeconds', code: 'too_small' }]
  },
  {
    name: 'longest delay below 0',
    policy: policy({ minDelaySeconds: 0, maxDelaySeconds: -1 }),
    problems: [{ field: 'maxDelaySeconds', code: 'too_small' }]
  },
  {
    name: 'a day between sends (86,400 s both ways)',
    policy: policy({ minDelaySeconds: 86_400, maxDelaySeconds: 86_400 }),
    problems: []
  },
  {
    name: 'longest delay past a day',
    policy: policy({ maxDelaySeconds: 86_401 }),
    problems: [{ field: 'maxDelaySeconds', code: 'too_large' }],
    why: 'the core took any delay and the contract refused the campaign it then showed'
  },
  {
    name: 'shortest delay past a day (the order is not judged on a number out of range)',
    policy: policy({ minDelaySeconds: 86_401, maxDelaySeconds: 86_400 }),
    problems: [{ field: 'minDelaySeconds', code: 'too_large' }]
  },
  {
    name: 'an emptied delay field',
    policy: policy({ minDelaySeconds: Number.NaN }),
    problems: [{ field: 'minDelaySeconds', code: 'not_a_number' }]
  },
  {
    name: 'an endless longest delay',
    policy: policy({ maxDelaySeconds: Number.POSITIVE_INFINITY }),
    problems: [{ field: 'maxDelaySeconds', code: 'not_a_number' }]
  },
  {
    name: 'equal shortest and longest delay',
    policy: policy({ minDelaySeconds: 30, maxDelaySeconds: 30 }),
    problems: []
  },
  {
    name: 'shortest delay above the longest',
    policy: policy({ minDelaySeconds: 31, maxDelaySeconds: 30 }),
    problems: [{ field: 'maxDelaySeconds', code: 'below_min_delay' }]
  },
  { name: 'a batch of 1', policy: policy({ batchSize: 1 }), problems: [] },
  {
    name: 'a batch of 0',
    policy: policy({ batchSize: 0 }),
    problems: [{ field: 'batchSize', code: 'too_small' }]
  },
  { name: 'a batch of 100,000', policy: policy({ batchSize: 100_000 }), problems: [] },
  {
    name: 'a batch of 100,001',
    policy: policy({ batchSize: 100_001 }),
    problems: [{ field: 'batchSize', code: 'too_large' }],
    why: 'the core and the CLI took it, the contract refused it'
  },
  {
    name: 'half a send per batch',
    policy: policy({ batchSize: 2.5 }),
    problems: [{ field: 'batchSize', code: 'not_whole' }]
  },
  {
    name: 'a negative batch pause',
    policy: policy({ batchPauseMinutes: -1 }),
    problems: [{ field: 'batchPauseMinutes', code: 'too_small' }]
  },
  { name: 'a batch pause of a day (1,440 min)', policy: policy({ batchPauseMinutes: 1_440 }), problems: [] },
  {
    name: 'a batch pause past a day',
    policy: policy({ batchPauseMinutes: 1_441 }),
    problems: [{ field: 'batchPauseMinutes', code: 'too_large' }]
  },
  { name: 'a daily cap of 1', policy: policy({ dailyCapPerDevice: 1 }), problems: [] },
  {
    name: 'a daily cap of 0',
    policy: policy({ dailyCapPerDevice: 0 }),
    problems: [{ field: 'dailyCapPerDevice', code: 'too_small' }]
  },
  { name: 'a daily cap of 1,000,000', policy: policy({ dailyCapPerDevice: 1_000_000 }), problems: [] },
  {
    name: 'a daily cap of 1,000,001',
    policy: policy({ dailyCapPerDevice: 1_000_001 }),
    problems: [{ field: 'dailyCapPerDevice', code: 'too_large' }]
  },
  {
    name: 'a daily cap of 1.5',
    policy: policy({ dailyCapPerDevice: 1.5 }),
    problems: [{ field: 'dailyCapPerDevice', code: 'not_whole' }]
  },
  { name: 'working hours 00:00–23:59', policy: policy(hours('00:00', '23:59')), problems: [] },
  {
    name: 'working hours ending when they start',
    policy: policy(hours('09:00', '09:00')),
    problems: [{ field: 'workingHours.end', code: 'not_after_start' }]
  },
  {
    name: 'overnight working hours (20:00–08:00)',
    policy: policy(hours('20:00', '08:00')),
    problems: [{ field: 'workingHours.end', code: 'not_after_start' }],
    why: 'pacing finds the next window on the same day: an overnight window would never open before midnight'
  },
  {
    name: 'a start without its leading zero',
    policy: policy(hours('8:00', '20:00')),
    problems: [{ field: 'workingHours.start', code: 'not_a_clock' }]
  },
  {
    name: 'an end at 24:00',
    policy: policy(hours('08:00', '24:00')),
    problems: [{ field: 'workingHours.end', code: 'not_a_clock' }]
  },
  {
    name: 'an emptied end time',
    policy: policy(hours('08:00', '')),
    problems: [{ field: 'workingHours.end', code: 'not_a_clock' }]
  },
  { name: 'working hours in UTC', policy: policy(hours('08:00', '20:00', 'UTC')), problems: [] },
  {
    name: 'working hours in an old zone alias (Asia/Calcutta)',
    policy: policy(hours('08:00', '20:00', 'Asia/Calcutta')),
    problems: []
  },
  {
    name: 'an unknown time zone',
    policy: policy(hours('08:00', '20:00', 'Mars/Olympus')),
    problems: [{ field: 'workingHours.timeZone', code: 'unknown_zone' }]
  },
  {
    name: 'an empty time zone',
    policy: policy(hours('08:00', '20:00', '')),
    problems: [{ field: 'workingHours.timeZone', code: 'unknown_zone' }]
  },
  {
    name: 'a UTC offset instead of a zone name',
    policy: policy(hours('08:00', '20:00', '+07:00')),
    problems: [{ field: 'workingHours.timeZone', code: 'unknown_zone' }],
    why: 'some engines take an offset where others refuse it: no layer takes it'
  },
  {
    name: 'a warm-up starting at 0 a day',
    policy: policy(warmUp(0, 5)),
    problems: [{ field: 'warmUp.startPerDay', code: 'too_small' }]
  },
  { name: 'a warm-up that never grows', policy: policy(warmUp(1, 0)), problems: [] },
  {
    name: 'a warm-up that shrinks',
    policy: policy(warmUp(10, -1)),
    problems: [{ field: 'warmUp.increasePerDay', code: 'too_small' }]
  },
  {
    name: 'a warm-up of half a send',
    policy: policy(warmUp(2.5, 1)),
    problems: [{ field: 'warmUp.startPerDay', code: 'not_whole' }],
    why: 'the core took fractions the contract refused'
  },
  { name: 'a warm-up at the top of its range', policy: policy(warmUp(1_000_000, 1_000_000)), problems: [] },
  {
    name: 'a warm-up past its range',
    policy: policy(warmUp(1_000_001, 1_000_001)),
    problems: [
      { field: 'warmUp.startPerDay', code: 'too_large' },
      { field: 'warmUp.increasePerDay', code: 'too_large' }
    ]
  },
  {
    name: 'several problems at once, each named in field order',
    policy: policy({ minDelaySeconds: 5, maxDelaySeconds: 1, ...hours('20:00', '08:00', 'Mars/Olympus') }),
    problems: [
      { field: 'maxDelaySeconds', code: 'below_min_delay' },
      { field: 'workingHours.end', code: 'not_after_start' },
      { field: 'workingHours.timeZone', code: 'unknown_zone' }
    ]
  }
]
