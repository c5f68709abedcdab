// What "take it back" means for one outbox message: stop it here, cancel it at the gateway, delete it for everyone,
// resend what the gateway failed, or nothing (and why); and for many (a campaign, a selection), what a take-back acts
// on and what it leaves. The window, the core and the CLI all ask these functions.
import type { OutboxStatusName } from './enums'

/**
 * The outbox statuses a take-back leaves (see OUTBOX_STATUSES): `revoked`, deleted for everyone at the gateway;
 * `cancelled_at_gateway`, cancelled while the gateway still held it.
 */
export const TAKE_BACK_STATUSES = ['revoked', 'cancelled_at_gateway'] as const
export type TakeBackStatusName = (typeof TAKE_BACK_STATUSES)[number]

/** The failure codes the outbox records when a report says the gateway itself rejected or failed a message. */
export const GATEWAY_REJECTED = 'gateway_rejected'
export const GATEWAY_FAILED = 'gateway_failed'
/** Rejected because the number is on the device's blacklist (where the opt-out list is pushed). */
export const GATEWAY_BLACKLISTED = 'gateway_blacklisted'
export const GATEWAY_FAILURE_CODES = [GATEWAY_REJECTED, GATEWAY_FAILED, GATEWAY_BLACKLISTED] as const
/**
 * How a gateway cancel was recorded before `cancelled_at_gateway` existed (a `failed` item with this code); the
 * migration that added the status moved such items to it, and a stray one still reads as cancelled at the gateway.
 */
export const GATEWAY_CANCELLED = 'gateway_cancelled'

/** The facts of an outbox item the decision needs. */
export interface TakeBackSubject {
  status: OutboxStatusName | TakeBackStatusName
  /** The gateway's message id, once the gateway accepted the message. */
  gatewayId: string | null
  /** For `failed`: why (a gateway failure code above, or the outbox's own, e.g. `unverified`, `expired`). */
  failureCode: string | null
  /**
   * For `cancelled`: the opt-out policy cancelled it (its number opted out before it left), not anyone's cancel. Only
   * a count of many asks (a single message's action is the same either way); the outbox's take-back always says.
   */
  optedOut?: boolean
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
  /** Never sent: its number opted out before it left (counted as the campaign's view counts it, not as cancelled). */
  | 'opted_out'
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
      return none(subject.optedOut === true ? 'opted_out' : 'cancelled')
    case 'cancelled_at_gateway':
      return none('cancelled_at_gateway')
    case 'revoked':
      return none('revoked')
  }
}

/** Why taking back a campaign or a selection leaves a message as it is. */
export type LeftAloneReason =
  | TakeBackNoneReason
  /** On WhatsApp already, and the operator did not ask to delete delivered messages for everyone. */
  | 'revoke_not_asked'
  /** The gateway failed it: nothing reached anyone, and a resend is the opposite of taking back. */
  | 'failed_at_gateway'

/**
 * Why a take-back request left a message as it was: the keys of its tally's `leftAlone` (the contract's TakeBackView).
 * A campaign's are LeftAloneReason; a selection's are the domain's none-reasons, or the action the message needs
 * instead of the one asked (it changed between the window's view and the core's: a queued one asked to be deleted for
 * everyone needs `stop_locally`); either's `already_asked` (an earlier request asked it), and a selection's
 * `not_found` (no longer in the outbox).
 */
export type TakeBackLeftReason =
  LeftAloneReason | Exclude<TakeBackAction, 'none'> | 'already_asked' | 'not_found'

/** Every TakeBackLeftReason, for the tables that word each one and their tests (the compiler checks it is all). */
export const TAKE_BACK_LEFT_REASONS = Object.keys({
  fate_unknown: true,
  never_reached_gateway: true,
  cancelled: true,
  opted_out: true,
  cancelled_at_gateway: true,
  revoked: true,
  revoke_not_asked: true,
  failed_at_gateway: true,
  stop_locally: true,
  cancel_at_gateway: true,
  revoke: true,
  resend_at_gateway: true,
  already_asked: true,
  not_found: true
} satisfies Record<TakeBackLeftReason, true>) as readonly TakeBackLeftReason[]

/** What taking back a campaign or a selection will do: the counts its confirmation states before anything happens. */
export interface TakeBackPlan {
  stopLocally: number
  cancelAtGateway: number
  revoke: number
  /** Of `revoke`, those the customer has read already: they will see it was deleted (QA14 Q14-12). */
  revokeRead: number
  /** Messages left as they are, by reason (only the reasons that occur). */
  leftAlone: Partial<Record<LeftAloneReason, number>>
}

/** The action a take-back of many messages applies to one: the undoing ones only, a revoke only when asked. */
export function takeBackStep(
  decision: TakeBackDecision,
  options: { revokeDelivered: boolean }
): { act: 'stop_locally' | 'cancel_at_gateway' | 'revoke' } | { leave: LeftAloneReason } {
  switch (decision.action) {
    case 'stop_locally':
    case 'cancel_at_gateway':
      return { act: decision.action }
    case 'revoke':
      return options.revokeDelivered ? { act: 'revoke' } : { leave: 'revoke_not_asked' }
    case 'resend_at_gateway':
      return { leave: 'failed_at_gateway' }
    case 'none':
      return { leave: decision.why }
  }
}

export function planTakeBack(
  subjects: Iterable<TakeBackSubject>,
  options: { revokeDelivered: boolean }
): TakeBackPlan {
  const plan: TakeBackPlan = { stopLocally: 0, cancelAtGateway: 0, revoke: 0, revokeRead: 0, leftAlone: {} }
  for (const subject of subjects) {
    const step = takeBackStep(decideTakeBack(subject), options)
    if ('leave' in step) plan.leftAlone[step.leave] = (plan.leftAlone[step.leave] ?? 0) + 1
    else if (step.act === 'stop_locally') plan.stopLocally++
    else if (step.act === 'cancel_at_gateway') plan.cancelAtGateway++
    else {
      plan.revoke++
      if (subject.status === 'read') plan.revokeRead++
    }
  }
  return plan
}
