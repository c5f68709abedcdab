import { describe, expect, it } from 'vitest'
import {
  campaignFinishEstimate,
  finishEstimate,
  quotaFinishEstimate,
  runningFinishEstimate
} from './finish-estimate'
import {
  CAMPAIGN_END_CASES,
  FINISH_ESTIMATE_CASES,
  QUOTA_FINISH_CASES,
  RUNNING_FINISH_CASES
} from './finish-estimate.cases'

describe('finishEstimate answers the shared table', () => {
  it.each(FINISH_ESTIMATE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(finishEstimate(c.finishAt, c.now)).toEqual(c.expected)
  })
})

describe('quotaFinishEstimate answers the shared table', () => {
  it.each(QUOTA_FINISH_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(quotaFinishEstimate(c.input)).toEqual(c.expected)
  })
})

describe('runningFinishEstimate answers the shared table', () => {
  it.each(RUNNING_FINISH_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(runningFinishEstimate(c.finishAt, c.quotaFinish, c.now)).toEqual(c.expected)
  })
})

describe('campaignFinishEstimate answers the shared table', () => {
  it.each(CAMPAIGN_END_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(campaignFinishEstimate(c.campaign, c.now)).toEqual(c.expected)
  })
})
