// One table for which messages the outbox deletes: the window offers Delete for these, and the core deletes them.
import type { OutboxStatusName } from './enums'

export const DELETABLE_CASES: readonly { status: OutboxStatusName; deletable: boolean }[] = [
  { status: 'scheduled', deletable: true },
  { status: 'queued', deletable: false },
  { status: 'sending', deletable: false },
  { status: 'accepted', deletable: false },
  { status: 'sent', deletable: true },
  { status: 'delivered', deletable: true },
  { status: 'read', deletable: true },
  { status: 'failed', deletable: true },
  { status: 'cancelled', deletable: true },
  { status: 'cancelled_at_gateway', deletable: true },
  { status: 'revoked', deletable: true }
]
