import { describe, expect, it } from 'vitest'
import {
  budgetLeftToday,
  dealtParts,
  directSendFinish,
  messagesThatFitNow,
  planDirectSend,
  quotaCovers,
  quotaShortfall,
  type QuotaRunOut
} from './send-budget'
import { QUOTA_SHORTFALL_CASES } from '../quota-topped-up.cases'
import { DIRECT_SEND_CASES, PLAN_NOW } from './send-budget.cases'
import { DEVICE_DAY_CASES } from './device-day.cases'

describe('planDirectSend answers the shared table', () => {
  it.each(DIRECT_SEND_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(
      planDirectSend({
        device: c.device,
        recipients: c.recipients,
        messages: c.recipients * c.perRecipient,
        pacingMs: c.pacingMs,
        now: PLAN_NOW,
        schedule: c.schedule,
        waiting: c.waiting
      })
    ).toEqual(c.expected)
  })
})

describe("planDirectSend starts a capped device's following days at the send queue's midnights", () => {
  const HOUR = 3_600_000
  const pacingMs = 5_000
  it.each(DEVICE_DAY_CASES)('sent now: $zone, $why', ({ zone, now, midnights }) => {
    const [first, second, third] = midnights.map(Date.parse) as [number, number, number]
    // Its cap is 2 a day and both went out today: messages 1–2 go at its next midnight, 3–4 the one after, 5 the next.
    const device = { quota: null, dailyCap: 2, sentToday: { count: 2, resetsAt: midnights[0], zone } }
    const lastGoesAt = (messages: number): number =>
      planDirectSend({ device, recipients: messages, messages, pacingMs, now: Date.parse(now) }).finishAt
    expect([1, 2, 3, 4, 5].map(lastGoesAt)).toEqual([
      first,
      first + pacingMs,
      second,
      second + pacingMs,
      third
    ])
  })

  it.each(DEVICE_DAY_CASES)('scheduled for a following day: $zone, $why', ({ zone, now, midnights }) => {
    const [first, second, third] = midnights.map(Date.parse) as [number, number, number]
    const device = { quota: null, dailyCap: 2, sentToday: { count: 2, resetsAt: midnights[0], zone } }
    // Starting an hour into the second or third day: that day's whole cap (2), then the next day's midnight.
    const lastOfThreeGoesAt = (at: number): number =>
      planDirectSend({
        device,
        recipients: 3,
        messages: 3,
        pacingMs,
        now: Date.parse(now),
        schedule: { at, mode: 'local' }
      }).finishAt
    expect(lastOfThreeGoesAt(first + HOUR)).toBe(second)
    expect(lastOfThreeGoesAt(second + HOUR)).toBe(third)
  })
})

describe('the budget both pre-send summaries count with', () => {
  it('what the daily cap leaves today, never below zero; no cap, no budget', () => {
    expect(
      budgetLeftToday({ dailyCap: 200, sentToday: { count: 37, resetsAt: '', zone: 'Asia/Jakarta' } })
    ).toBe(163)
    expect(
      budgetLeftToday({ dailyCap: 5, sentToday: { count: 9, resetsAt: '', zone: 'Asia/Jakarta' } })
    ).toBe(0)
    expect(budgetLeftToday({ dailyCap: 5 })).toBe(5)
    expect(
      budgetLeftToday({ dailyCap: null, sentToday: { count: 9, resetsAt: '', zone: 'Asia/Jakarta' } })
    ).toBeNull()
    // What other sends already queued for today counts as sent (QA28 Q28-07), and never below nothing left.
    const today = { count: 3, resetsAt: '', zone: 'Asia/Jakarta' }
    expect(budgetLeftToday({ dailyCap: 8, sentToday: today, waitingToday: 3 })).toBe(2)
    expect(budgetLeftToday({ dailyCap: 8, sentToday: today, waitingToday: 7 })).toBe(0)
    expect(budgetLeftToday({ dailyCap: null, sentToday: today, waitingToday: 7 })).toBeNull()
  })

  it("a split starts what the quota and today's caps both allow; nothing short or nothing to start is no split", () => {
    const capped = (quota: number | 'unlimited' | null, dailyCap: number | null, sent = 0) => ({
      quota,
      dailyCap,
      sentToday: { count: sent, resetsAt: '', zone: 'Asia/Jakarta' }
    })
    // The quota is the smaller: 5 now of 12.
    expect(messagesThatFitNow([capped(5, 200, 37)], 12)).toBe(5)
    // Today's cap is the smaller, added up across devices: (10 - 8) + (10 - 7) = 5 now.
    expect(messagesThatFitNow([capped(100, 10, 8), capped('unlimited', 10, 7)], 12)).toBe(5)
    // One device without a cap, or with an unknown quota, limits nothing of its kind.
    expect(messagesThatFitNow([capped(null, null), capped(3, 10)], 12)).toBeNull()
    expect(messagesThatFitNow([capped(4, null)], 12)).toBe(4)
    // Everything fits, or nothing can go today: nothing to split.
    expect(messagesThatFitNow([capped(12, 12)], 12)).toBeNull()
    expect(messagesThatFitNow([capped(0, 200)], 12)).toBeNull()
    expect(messagesThatFitNow([capped(50, 10, 10)], 12)).toBeNull()
  })

  // What the set covers between them, as rotation gives a spent device's rows to the others: the estimate's part.
  it('quotas add up for what the set covers; one unlimited or unknown quota covers every message', () => {
    expect(quotaCovers([{ quota: 10 }, { quota: 5 }])).toBe(15)
    expect(quotaCovers([{ quota: 10 }, { quota: 'unlimited' }])).toBe(Infinity)
    expect(quotaCovers([{ quota: null }])).toBe(Infinity)
  })
})

describe('quotaShortfall counts the set’s quotas together, as rotation sends the rows (the shared table)', () => {
  it.each(QUOTA_SHORTFALL_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const answer = quotaShortfall(c.devices, c.messages)
    const { kind } = answer
    const runsOut = (a: { runsOut: readonly QuotaRunOut<(typeof c.devices)[number]>[] }) =>
      a.runsOut.map(({ device, covers, part, short }) => {
        // What a device is short of is its part less what its quota covers.
        expect(short).toBe(part - covers)
        return { id: device.id, covers, part }
      })
    expect(
      answer.kind === 'short'
        ? { kind, covered: answer.covered, short: answer.short, runsOut: runsOut(answer) }
        : answer.kind === 'unknown'
          ? {
              kind,
              covered: answer.covered,
              unknown: answer.unknown.map((d) => d.id),
              runsOut: runsOut(answer)
            }
          : { kind }
    ).toEqual(c.expected)
    // The number short is the set's, and only when it is known.
    expect(answer.short).toBe(c.expected.kind === 'short' ? c.expected.short : 0)
  })
})

// A device's part is what the campaign's start deals it: row i to device i % n (campaigns.ts start).
describe('dealtParts counts each device’s rows as the start deals them in turn', () => {
  it.each([
    [1, 12],
    [2, 7],
    [3, 100],
    [5, 3],
    [4, 0]
  ])('%i devices, %i rows', (devices, rows) => {
    const dealt = Array.from({ length: devices }, () => 0)
    for (let row = 0; row < rows; row++) dealt[row % devices]! += 1
    expect(dealtParts(devices, rows)).toEqual(dealt)
  })
})

describe('directSendFinish says the end only for what the quota covers', () => {
  const device = (quota: number | 'unlimited') => ({ quota, dailyCap: null })
  const input = (quota: number | 'unlimited') => ({
    device: device(quota),
    recipients: 30,
    messages: 30,
    pacingMs: 3000,
    now: PLAN_NOW
  })
  it('a spent quota: every message waits for it', () => {
    expect(directSendFinish(input(0))).toEqual({ kind: 'waits_for_quota', waiting: 30 })
  })
  it('a quota of 10: the tenth starts 27 s in, 20 wait', () => {
    expect(directSendFinish(input(10))).toEqual({
      kind: 'part',
      at: PLAN_NOW + 27_000,
      covered: 10,
      waiting: 20
    })
  })
  it('an unlimited quota: the end of them all', () => {
    expect(directSendFinish(input('unlimited'))).toEqual({ kind: 'at', at: PLAN_NOW + 87_000 })
  })
})
