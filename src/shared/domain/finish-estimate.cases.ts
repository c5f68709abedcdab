// One table for what a running campaign says about its end. The core (which makes a passed estimate again), the
// window's Overview and the CLI all ask finishEstimate; this table pins its answers.
import type {
  CampaignEndFacts,
  FinishEstimate,
  QuotaFinish,
  quotaFinishEstimate,
  RunningFinish
} from './finish-estimate'

export interface FinishEstimateCase {
  name: string
  finishAt: number | null
  now: number
  expected: FinishEstimate
}

const NOW = Date.UTC(2026, 10, 29, 9, 0)

export const FINISH_ESTIMATE_CASES: readonly FinishEstimateCase[] = [
  {
    name: 'an end still ahead is promised',
    finishAt: NOW + 90_000,
    now: NOW,
    expected: { kind: 'at', at: NOW + 90_000 }
  },
  {
    name: 'an end due this instant is still promised',
    finishAt: NOW,
    now: NOW,
    expected: { kind: 'at', at: NOW }
  },
  {
    name: 'an end a moment gone by is late, not promised',
    finishAt: NOW - 1,
    now: NOW,
    expected: { kind: 'late' }
  },
  {
    name: 'an end made at the start and long passed is late',
    finishAt: NOW - 3 * 3_600_000,
    now: NOW,
    expected: { kind: 'late' }
  },
  { name: 'no estimate promises nothing', finishAt: null, now: NOW, expected: { kind: 'none' } }
]

export interface QuotaFinishCase {
  name: string
  input: Parameters<typeof quotaFinishEstimate>[0]
  expected: QuotaFinish
}

/** What the pre-send summaries (a campaign's, a large direct send's) say of the end against the gateway quota. */
export const QUOTA_FINISH_CASES: readonly QuotaFinishCase[] = [
  {
    name: 'a quota that covers every message: the end of them all',
    input: { messages: 30, covered: 30, finishAt: NOW + 90_000, coveredFinishAt: NOW + 90_000 },
    expected: { kind: 'at', at: NOW + 90_000 }
  },
  {
    name: 'a quota spent (0): every message waits for it, no time is promised',
    input: { messages: 30, covered: 0, finishAt: NOW + 90_000, coveredFinishAt: null },
    expected: { kind: 'waits_for_quota', waiting: 30 }
  },
  {
    name: 'a quota that covers part: the end of that part, and the rest waits',
    input: { messages: 30, covered: 10, finishAt: NOW + 90_000, coveredFinishAt: NOW + 27_000 },
    expected: { kind: 'part', at: NOW + 27_000, covered: 10, waiting: 20 }
  },
  {
    name: 'a part covered with no estimate of it still says the rest waits',
    input: { messages: 30, covered: 10, finishAt: null, coveredFinishAt: null },
    expected: { kind: 'part', at: null, covered: 10, waiting: 20 }
  },
  {
    name: 'an unlimited or unknown quota covers all (counted as more than the messages)',
    input: { messages: 30, covered: Infinity, finishAt: NOW + 90_000, coveredFinishAt: NOW + 90_000 },
    expected: { kind: 'at', at: NOW + 90_000 }
  },
  {
    name: 'no estimate and a quota that covers all promises nothing',
    input: { messages: 30, covered: 30, finishAt: null, coveredFinishAt: null },
    expected: { kind: 'none' }
  },
  {
    name: 'nothing to send promises nothing',
    input: { messages: 0, covered: 0, finishAt: null, coveredFinishAt: null },
    expected: { kind: 'none' }
  }
]

export interface RunningFinishCase {
  name: string
  finishAt: number | null
  quotaFinish: QuotaFinish | undefined
  now: number
  expected: RunningFinish
}

/**
 * What a running campaign says of its end (its page, the Overview, the CLI) from the core's estimate against its
 * devices' gateway quotas left: the pre-send summary's answer, with a time gone by never promised.
 */
export const RUNNING_FINISH_CASES: readonly RunningFinishCase[] = [
  {
    name: 'a quota that covers every row left: the end of them all',
    finishAt: NOW + 90_000,
    quotaFinish: { kind: 'at', at: NOW + 90_000 },
    now: NOW,
    expected: { kind: 'at', at: NOW + 90_000 }
  },
  {
    name: 'a quota nearly used up: the end of the part it covers, and the rest waits for it',
    finishAt: NOW + 3_600_000,
    quotaFinish: { kind: 'part', at: NOW + 60_000, covered: 100, waiting: 400 },
    now: NOW,
    expected: { kind: 'part', at: NOW + 60_000, covered: 100, waiting: 400 }
  },
  {
    name: "the covered part's end gone by: no time for it until the estimate is made again",
    finishAt: NOW + 3_600_000,
    quotaFinish: { kind: 'part', at: NOW - 1, covered: 100, waiting: 400 },
    now: NOW,
    expected: { kind: 'part', at: null, covered: 100, waiting: 400 }
  },
  {
    name: 'a quota spent: every row left waits for it, no time is promised',
    finishAt: NOW + 3_600_000,
    quotaFinish: { kind: 'waits_for_quota', waiting: 500 },
    now: NOW,
    expected: { kind: 'waits_for_quota', waiting: 500 }
  },
  {
    name: 'the end of every row gone by with the quota covering them: late',
    finishAt: NOW - 1,
    quotaFinish: { kind: 'at', at: NOW - 1 },
    now: NOW,
    expected: { kind: 'late' }
  },
  {
    name: 'a core older than the quota estimate: the end of every row, as before',
    finishAt: NOW + 90_000,
    quotaFinish: undefined,
    now: NOW,
    expected: { kind: 'at', at: NOW + 90_000 }
  },
  {
    name: 'nothing left to send promises nothing',
    finishAt: null,
    quotaFinish: { kind: 'none' },
    now: NOW,
    expected: { kind: 'none' }
  }
]

export interface CampaignEndCase {
  name: string
  campaign: CampaignEndFacts
  now: number
  expected: RunningFinish
}

const GOING = [{ autoPaused: null }] as const

/** Whether a campaign has an end at all, before its estimate is read (the window's and the terminal's status). */
export const CAMPAIGN_END_CASES: readonly CampaignEndCase[] = [
  {
    name: 'a running campaign promises its estimated end',
    campaign: { status: 'running', devices: GOING, finishAt: NOW + 90_000 },
    now: NOW,
    expected: { kind: 'at', at: NOW + 90_000 }
  },
  {
    name: 'a running campaign past its estimate is late',
    campaign: { status: 'running', devices: GOING, finishAt: NOW - 60_000 },
    now: NOW,
    expected: { kind: 'late' }
  },
  {
    name: 'a paused campaign has no end, whatever its estimate',
    campaign: { status: 'paused', devices: GOING, finishAt: NOW + 90_000 },
    now: NOW,
    expected: { kind: 'none' }
  },
  {
    name: "a running campaign whose every device's part paused itself has no end",
    campaign: { status: 'running', devices: [{ autoPaused: 'disconnected' }], finishAt: NOW + 90_000 },
    now: NOW,
    expected: { kind: 'none' }
  },
  {
    name: 'a running campaign with one device still going keeps its end',
    campaign: {
      status: 'running',
      devices: [{ autoPaused: 'disconnected' }, { autoPaused: null }],
      finishAt: NOW + 90_000
    },
    now: NOW,
    expected: { kind: 'at', at: NOW + 90_000 }
  },
  {
    name: 'a finished campaign has no end to promise',
    campaign: { status: 'finished', devices: GOING, finishAt: NOW + 90_000 },
    now: NOW,
    expected: { kind: 'none' }
  },
  {
    name: "a running campaign's end is held to its devices' quotas: the covered part's, the rest waiting",
    campaign: {
      status: 'running',
      devices: GOING,
      finishAt: NOW + 3_600_000,
      quotaFinish: { kind: 'part', at: NOW + 60_000, covered: 100, waiting: 400 }
    },
    now: NOW,
    expected: { kind: 'part', at: NOW + 60_000, covered: 100, waiting: 400 }
  },
  {
    name: 'a paused campaign whose quota is spent promises nothing either',
    campaign: {
      status: 'paused',
      devices: GOING,
      finishAt: NOW + 3_600_000,
      quotaFinish: { kind: 'waits_for_quota', waiting: 500 }
    },
    now: NOW,
    expected: { kind: 'none' }
  }
]
