// The inbox's status events: a healthy relay's pulls move the "Last successful pull" the window shows, minute by
// minute (an operator's probe: it stood still for minutes until something else changed), without an event for every
// long poll.
import { expect, it } from 'vitest'
import { statusEventKey } from './inbox'

const status = (lastContactAt: number | null): Parameters<typeof statusEventKey>[0] => ({
  state: { kind: 'connected', behind: 0 },
  mailbox: 'mb-1',
  cursor: 12,
  storage: null,
  lastContactAt,
  received: 3,
  duplicates: 0,
  counts: {
    messages: 3,
    unread: 1,
    unreadCustomers: 1,
    markedUnread: 0,
    refused: 0,
    pending: 0,
    duplicates: 0
  }
})

it('tells pulls in another minute apart, and not those within the minute the window shows', () => {
  const at = Date.UTC(2026, 11, 2, 13, 28, 3)
  expect(statusEventKey(status(at + 25_000))).toBe(statusEventKey(status(at)))
  expect(statusEventKey(status(at + 60_000))).not.toBe(statusEventKey(status(at)))
  expect(statusEventKey(status(null))).not.toBe(statusEventKey(status(at)))
  // Anything else that moves is an event of its own.
  expect(statusEventKey({ ...status(at), cursor: 13 })).not.toBe(statusEventKey(status(at)))
})
