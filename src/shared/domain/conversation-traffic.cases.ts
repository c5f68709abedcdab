// QA76: one table for which of the operator's messages move their conversation and are its row's last message: by
// where the message stands and whether the gateway ever took it (accepted_at). The core's store reads by the same rule.
import type { OutboxStatusName } from './enums'

export const CONVERSATION_TRAFFIC_CASES: readonly {
  status: OutboxStatusName
  takenByGateway: boolean
  counts: boolean
}[] = [
  // Waiting for its time, its turn, or being handed over: not gone out.
  { status: 'scheduled', takenByGateway: false, counts: false },
  { status: 'queued', takenByGateway: false, counts: false },
  { status: 'sending', takenByGateway: false, counts: false },
  // Retried after the gateway took it once: waiting again, it counts when it goes again.
  { status: 'queued', takenByGateway: true, counts: false },
  { status: 'scheduled', takenByGateway: true, counts: false },
  // Gone out.
  { status: 'accepted', takenByGateway: true, counts: true },
  { status: 'sent', takenByGateway: true, counts: true },
  { status: 'delivered', takenByGateway: true, counts: true },
  { status: 'read', takenByGateway: true, counts: true },
  { status: 'revoked', takenByGateway: true, counts: true },
  // Gone out, then failed or cancelled at the gateway: it moved the row, which says how it ended.
  { status: 'failed', takenByGateway: true, counts: true },
  { status: 'cancelled_at_gateway', takenByGateway: true, counts: true },
  // Never gone out: cancelled (or opted out) here, or refused before the gateway took it.
  { status: 'cancelled', takenByGateway: false, counts: false },
  { status: 'failed', takenByGateway: false, counts: false }
]
