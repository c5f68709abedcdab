// The conversation's traffic rule answers its case table, and the table names every status.
import { describe, expect, it } from 'vitest'
import { OUTBOX_STATUSES } from './enums'
import { countsAsConversationTraffic } from './conversation-traffic'
import { CONVERSATION_TRAFFIC_CASES } from './conversation-traffic.cases'

describe('countsAsConversationTraffic', () => {
  it.each(CONVERSATION_TRAFFIC_CASES)(
    '$status, taken by the gateway: $takenByGateway → $counts',
    ({ status, takenByGateway, counts }) => {
      expect(countsAsConversationTraffic({ status, acceptedAt: takenByGateway ? 1_000 : null })).toBe(counts)
    }
  )

  it('has a case for every status', () => {
    expect(new Set(CONVERSATION_TRAFFIC_CASES.map((c) => c.status))).toEqual(new Set(OUTBOX_STATUSES))
  })
})
