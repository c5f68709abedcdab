import { expect, it } from 'vitest'
import { isSameMessageRecently } from './same-message'
import { SAME_MESSAGE_CASES, SAME_MESSAGE_HOUR } from './same-message.cases'

const NOW = Date.UTC(2026, 10, 29, 9, 0)

it.each(SAME_MESSAGE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
  const acceptedAt = c.earlier.hoursAgo === null ? null : NOW - c.earlier.hoursAgo * SAME_MESSAGE_HOUR
  expect(isSameMessageRecently({ ...c.earlier, acceptedAt }, c.text, NOW)).toBe(c.same)
})
