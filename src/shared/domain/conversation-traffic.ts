// QA76: which of the operator's messages are a conversation's traffic, the one rule its place in the Inbox's list and
// its row's last message follow. A message counts once the gateway took it (it went out), at when it took it, and
// keeps counting whatever came of it there (sent, read, failed or cancelled at the gateway, deleted for everyone): a
// row it moved up keeps showing it. One still waiting for its turn or its time, or cancelled, opted out or failed
// before the gateway took it, never went out: it neither moves the conversation nor hides the customer's last words.
import { BUCKET_STATUSES } from './status-buckets'
import type { OutboxStatusName } from './enums'

/**
 * Statuses of a message not gone out (yet): waiting its turn, being handed over, or waiting for its time. One retried
 * after the gateway took it once is waiting again, its earlier time with the gateway kept: it counts when it goes.
 */
export const NOT_YET_TRAFFIC_STATUSES: readonly OutboxStatusName[] = [
  ...BUCKET_STATUSES.queued,
  ...BUCKET_STATUSES.scheduled
]

/** The status a message enters when the gateway takes it: from then on it is its conversation's traffic. */
export const TAKEN_BY_GATEWAY_STATUS: OutboxStatusName = 'accepted'

/** Whether the operator's message is its conversation's traffic (see the file's head); `acceptedAt`: when the gateway took it. */
export function countsAsConversationTraffic(item: {
  status: OutboxStatusName
  acceptedAt: number | string | null
}): boolean {
  return item.acceptedAt !== null && !NOT_YET_TRAFFIC_STATUSES.includes(item.status)
}
