// One table for which messages the operator's Cancel stops: the window offers and counts these, the core cancels them.
import type { OutboxStatusName } from './enums'

export const CANCELLABLE_CASES: readonly { status: OutboxStatusName; cancellable: boolean }[] = [
  { status: 'scheduled', cancellable: true },
  { status: 'queued', cancellable: true },
  { status: 'sending', cancellable: false },
  { status: 'accepted', cancellable: false },
  { status: 'sent', cancellable: false },
  { status: 'delivered', cancellable: false },
  { status: 'read', cancellable: false },
  { status: 'failed', cancellable: true },
  { status: 'cancelled', cancellable: false },
  { status: 'cancelled_at_gateway', cancellable: false },
  { status: 'revoked', cancellable: false }
]
