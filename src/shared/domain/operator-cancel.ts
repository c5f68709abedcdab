// Which messages the operator's Cancel still stops (one, a ticked selection, or every match): the core cancels these
// and the window offers Cancel for them and counts them in its question.
import type { OutboxStatusName } from './enums'

/**
 * Not yet handed to the gateway: scheduled (a held overdue one too), waiting its turn, or failed (cancelled, it is
 * not retried). One in flight or with the gateway is past stopping here (the gateway's own cancel or revoke is the
 * take-back's), and one cancelled already stays as it is.
 */
export function cancellableHere(status: OutboxStatusName): boolean {
  return status === 'scheduled' || status === 'queued' || status === 'failed'
}
