// What "take it back" means for one outbox message: stop it here, cancel it at the gateway, delete it for everyone,
// resend what the gateway failed, or nothing (and why). The window, the core and the CLI all ask this one function.
import type { OutboxStatusName } from './enums'

/**
 * Statuses a take-back leaves that the outbox does not have yet (proposed with the outbox kernel): `revoked`, deleted
 * for everyone at the gateway; `cancelled_at_gateway`, cancelled while the gateway still held it. Until they exist
 * the outbox records a gateway cancel as `failed` with GATEWAY_CANCELLED (see `outbox/status.ts`).
 */
export const TAKE_BACK_STATUSES = ['revoked', 'cancelled_at_gateway'] as const
export type TakeBackStatusName = (typeof TAKE_BACK_STATUSES)[number]

/** The failure codes the outbox records when a report says the gateway itself failed or cancelled a message. */
export const GATEWAY_FAILURE_CODES = ['gateway_rejected', 'gateway_failed'] as const
export const GATEWAY_CANCELLED = 'gateway_cancelled'

/** The facts of an outbox item the decision needs. */
export interface TakeBackSubject {
  status: OutboxStatusName | TakeBackStatusName
  /** The gateway's message id, once the gateway accepted the message. */
  gatewayId: string | null
  /** For `failed`: why (a gateway failure code above, or the outbox's own, e.g. `unverified`, `expired`). */
  failureCode: string | null
}

export type TakeBackAction =
  /** It has not left this computer (queued, scheduled here or as a gateway schedule): the outbox's own cancel. */
  | 'stop_locally'
  /** The gateway holds it, not yet sent: `cancel-message`. If the gateway says it is "not pending anymore", it left. */
  | 'cancel_at_gateway'
  /** On WhatsApp already: `revoke-message` deletes it for everyone (WhatsApp refuses messages too old). */
  | 'revoke'
  /** The gateway failed it: `resend-message` queues it there again. Never for a fate that is unknown. */
  | 'resend_at_gateway'
  | 'none'

export type TakeBackNoneReason =
  /** Being sent right now, or the answer was lost: the outbox's reconciliation settles it exactly once first. */
  | 'fate_unknown'
  /** Failed before the gateway took it: nothing to take back at the gateway (retry it in the outbox instead). */
  | 'never_reached_gateway'
  /** Cancelled here before it left. */
  | 'cancelled'
  /** Cancelled at the gateway already. */
  | 'cancelled_at_gateway'
  /** Deleted for everyone already. */
  | 'revoked'

export type TakeBackDecision =
  { action: Exclude<TakeBackAction, 'none'> } | { action: 'none'; why: TakeBackNoneReason }

const none = (why: TakeBackNoneReason): TakeBackDecision => ({ action: 'none', why })

/** The one take-back action that applies to a message in this state. */
export function decideTakeBack(subject: TakeBackSubject): TakeBackDecision {
  switch (subject.status) {
    case 'queued':
    case 'scheduled':
      return { action: 'stop_locally' }
    case 'sending':
      return none('fate_unknown')
    case 'accepted':
      // Accepted always carries the gateway's id; without one there is nothing to name at the gateway.
      return subject.gatewayId === null ? none('fate_unknown') : { action: 'cancel_at_gateway' }
    case 'sent':
    case 'delivered':
    case 'read':
      return subject.gatewayId === null ? none('fate_unknown') : { action: 'revoke' }
    case 'failed':
      if (subject.failureCode === GATEWAY_CANCELLED) return none('cancelled_at_gateway')
      if (subject.gatewayId === null) return none('never_reached_gateway')
      // Only the gateway's own word that it failed the message: `unverified` and the like are a fate unknown.
      return (GATEWAY_FAILURE_CODES as readonly (string | null)[]).includes(subject.failureCode)
        ? { action: 'resend_at_gateway' }
        : none('fate_unknown')
    case 'cancelled':
      return none('cancelled')
    case 'cancelled_at_gateway':
      return none('cancelled_at_gateway')
    case 'revoked':
      return none('revoked')
  }
}

/** What taking back a whole campaign or selection does with each action: the undoing ones, never a resend. */
export function isUndoing(decision: TakeBackDecision, options: { revokeDelivered: boolean }): boolean {
  if (decision.action === 'revoke') return options.revokeDelivered
  return decision.action === 'stop_locally' || decision.action === 'cancel_at_gateway'
}
