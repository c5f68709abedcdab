import { describe, expect, it } from 'vitest'
import { budgetLeftToday, planDirectSend, quotaShortfall } from './send-budget'
import { DIRECT_SEND_CASES, PLAN_NOW } from './send-budget.cases'

describe('planDirectSend answers the shared table', () => {
  it.each(DIRECT_SEND_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(
      planDirectSend({
        device: c.device,
        recipients: c.recipients,
        messages: c.recipients * c.perRecipient,
        pacingMs: c.pacingMs,
        now: PLAN_NOW
      })
    ).toEqual(c.expected)
  })
})

describe('the budget both pre-send summaries count with', () => {
  it('what the daily cap leaves today, never below zero; no cap, no budget', () => {
    expect(budgetLeftToday({ dailyCap: 200, sentToday: { count: 37, resetsAt: '' } })).toBe(163)
    expect(budgetLeftToday({ dailyCap: 5, sentToday: { count: 9, resetsAt: '' } })).toBe(0)
    expect(budgetLeftToday({ dailyCap: 5 })).toBe(5)
    expect(budgetLeftToday({ dailyCap: null, sentToday: { count: 9, resetsAt: '' } })).toBeNull()
  })

  it('quotas add up across devices; one unlimited or unknown quota is no shortfall', () => {
    expect(quotaShortfall([{ quota: 10 }, { quota: 5 }], 20)).toEqual({ quota: 15, short: 5 })
    expect(quotaShortfall([{ quota: 10 }, { quota: 5 }], 15)).toEqual({ quota: 15, short: 0 })
    expect(quotaShortfall([{ quota: 10 }, { quota: 'unlimited' }], 99)).toEqual({ quota: Infinity, short: 0 })
    expect(quotaShortfall([{ quota: null }], 99)).toEqual({ quota: Infinity, short: 0 })
  })
})
