// The item life cycle's rules: which status follows which, and how the gateway's report statuses map onto ours.
import type { ItemStatus } from '../store'
import {
  cancellableHere,
  GATEWAY_FAILED,
  gatewayMessageWord,
  gatewayRefusalCode,
  OUTBOX_STATUSES
} from '../../../shared/domain'

/** Delivery progress; a status never moves to a lower rank because of a report. */
const RANK: Record<ItemStatus, number> = {
  scheduled: 0,
  queued: 1,
  sending: 2,
  accepted: 3,
  sent: 4,
  delivered: 5,
  read: 6,
  failed: 7,
  cancelled: 7,
  // Taken back at the gateway: final, above any progress a late report could still bring.
  cancelled_at_gateway: 8,
  revoked: 8
}

export function rank(status: ItemStatus): number {
  return RANK[status]
}

/** Statuses a report may still advance (accepted … delivered) that rank below `status`. */
export function trackableBelow(status: ItemStatus): ItemStatus[] {
  return (['accepted', 'sent', 'delivered'] as const).filter((s) => RANK[s] < RANK[status])
}

/** Still being tracked: the gateway has it, and no final status has been reported. */
export const TRACKED: readonly ItemStatus[] = ['accepted', 'sent', 'delivered']

/** What the operator may still change: not in flight, not yet handed to the gateway. */
export const EDITABLE: readonly ItemStatus[] = ['scheduled', 'queued', 'failed']
/** What the operator's Cancel stops: the domain's rule (shared/domain/operator-cancel.ts), as the window offers it. */
export const CANCELLABLE: readonly ItemStatus[] = OUTBOX_STATUSES.filter(cancellableHere)
// A revoked message was deleted for everyone on purpose: sending the same text again is not a retry.
export const RETRYABLE: readonly ItemStatus[] = ['failed', 'cancelled', 'cancelled_at_gateway']

/** Final: nothing moves an item out of these by itself (retention counts from here). */
export const FINAL: ReadonlySet<ItemStatus> = new Set([
  'read',
  'failed',
  'cancelled',
  'cancelled_at_gateway',
  'revoked'
])

export type ReportOutcome =
  | { kind: 'progress'; status: 'sent' | 'delivered' | 'read' }
  | { kind: 'failed'; code: string; gatewayStatus: string }
  /** Taken back at the gateway: deleted for everyone (`revoke`), or cancelled while it held the message. */
  | { kind: 'taken_back'; status: 'revoked' | 'cancelled_at_gateway'; gatewayStatus: string }
  | { kind: 'pending' }
  | { kind: 'unknown'; gatewayStatus: string }

/**
 * Map a report/tracking status word (its meaning: shared/domain/gateway-status-words.ts) onto the outbox life cycle;
 * the gateway's note tells a refusal for a blacklisted number from another.
 */
export function mapReportStatus(raw: string, note: string | null = null): ReportOutcome {
  switch (gatewayMessageWord(raw)) {
    case 'pending':
      return { kind: 'pending' }
    case 'sent':
      return { kind: 'progress', status: 'sent' }
    case 'delivered':
      return { kind: 'progress', status: 'delivered' }
    case 'read':
      return { kind: 'progress', status: 'read' }
    case 'cancelled':
      return { kind: 'taken_back', status: 'cancelled_at_gateway', gatewayStatus: raw }
    case 'revoked':
      return { kind: 'taken_back', status: 'revoked', gatewayStatus: raw }
    case 'rejected':
      return { kind: 'failed', code: gatewayRefusalCode(note), gatewayStatus: raw }
    case 'failed':
      return { kind: 'failed', code: GATEWAY_FAILED, gatewayStatus: raw }
    case null:
      return { kind: 'unknown', gatewayStatus: raw }
  }
}
