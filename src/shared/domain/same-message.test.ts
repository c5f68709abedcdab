import { expect, it } from 'vitest'
import type { OutboxStatusName } from './enums'
import { isSameMessageRecently, sameMessageMatch } from './same-message'
import { SAME_MESSAGE_CASES, SAME_MESSAGE_HOUR } from './same-message.cases'

const NOW = Date.UTC(2026, 10, 29, 9, 0)

it.each(SAME_MESSAGE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
  const acceptedAt = c.earlier.hoursAgo === null ? null : NOW - c.earlier.hoursAgo * SAME_MESSAGE_HOUR
  expect(isSameMessageRecently({ ...c.earlier, acceptedAt }, c.text, NOW)).toBe(c.same)
})

// QA73: "290 got this same message" of a campaign that had sent ~30 and held ~260 in line.
it('tells a number that got the same message from one still waiting for it, got first', () => {
  const earlier = (status: OutboxStatusName, campaign: string) => ({
    status,
    acceptedAt: status === 'queued' ? null : NOW - SAME_MESSAGE_HOUR,
    text: 'Promo',
    campaign
  })
  const standing = (messages: ReturnType<typeof earlier>[]) => {
    const match = sameMessageMatch(messages, 'Promo', NOW)
    return match && [match.standing, match.earlier.campaign]
  }
  // Reported sent (the counting model's REPORTED_SENT) is got; in line or with the gateway is still waiting.
  expect(standing([earlier('delivered', 'A')])).toEqual(['got', 'A'])
  expect(standing([earlier('queued', 'A')])).toEqual(['waiting', 'A'])
  expect(standing([earlier('accepted', 'A')])).toEqual(['waiting', 'A'])
  expect(standing([earlier('queued', 'A'), earlier('sent', 'B')])).toEqual(['got', 'B'])
  expect(standing([earlier('failed', 'A')])).toBeNull()
  expect(sameMessageMatch([earlier('sent', 'A')], 'Another promo', NOW)).toBeNull()
})
