// One table for what taking back a message means in each state, run against every layer that decides it: the domain
// function, and (as they come) the outbox's take-back commands, the window's actions and the CLI.
import type { TakeBackDecision, TakeBackSubject } from './take-back'

export interface TakeBackCase {
  name: string
  subject: TakeBackSubject
  expected: TakeBackDecision
}

const GW = '5be46e84-650c-4ba1-a1a6-5647d358c43a'
const at = (
  status: TakeBackSubject['status'],
  gatewayId: string | null = null,
  failureCode: string | null = null
): TakeBackSubject => ({ status, gatewayId, failureCode })

export const TAKE_BACK_CASES: readonly TakeBackCase[] = [
  { name: 'queued here', subject: at('queued'), expected: { action: 'stop_locally' } },
  {
    name: 'scheduled (here or at the gateway)',
    subject: at('scheduled'),
    expected: { action: 'stop_locally' }
  },
  // A retry after a transient failure is queued again with no gateway id: still ours to stop.
  {
    name: 'queued for a retry',
    subject: at('queued', null, 'network'),
    expected: { action: 'stop_locally' }
  },
  {
    name: 'being sent, or its answer lost',
    subject: at('sending'),
    expected: { action: 'none', why: 'fate_unknown' }
  },
  { name: 'pending at the gateway', subject: at('accepted', GW), expected: { action: 'cancel_at_gateway' } },
  { name: 'sent', subject: at('sent', GW), expected: { action: 'revoke' } },
  { name: 'delivered', subject: at('delivered', GW), expected: { action: 'revoke' } },
  { name: 'read', subject: at('read', GW), expected: { action: 'revoke' } },
  {
    name: 'rejected by the gateway',
    subject: at('failed', GW, 'gateway_rejected'),
    expected: { action: 'resend_at_gateway' }
  },
  {
    name: 'failed by the gateway',
    subject: at('failed', GW, 'gateway_failed'),
    expected: { action: 'resend_at_gateway' }
  },
  {
    name: 'cancelled at the gateway (today: failed, gateway_cancelled)',
    subject: at('failed', GW, 'gateway_cancelled'),
    expected: { action: 'none', why: 'cancelled_at_gateway' }
  },
  {
    name: 'failed before the gateway took it',
    subject: at('failed', null, 'token_invalid'),
    expected: { action: 'none', why: 'never_reached_gateway' }
  },
  {
    name: 'failed as unverified (the reconciliation could not tell): never resent',
    subject: at('failed', GW, 'unverified'),
    expected: { action: 'none', why: 'fate_unknown' }
  },
  { name: 'cancelled here', subject: at('cancelled'), expected: { action: 'none', why: 'cancelled' } },
  // Nobody cancelled it: the opt-out policy never sent it. Counted as opted out, as the campaign's view counts it.
  {
    name: 'cancelled because its number opted out',
    subject: { ...at('cancelled'), optedOut: true },
    expected: { action: 'none', why: 'opted_out' }
  },
  {
    name: 'cancelled at the gateway (proposed status)',
    subject: at('cancelled_at_gateway', GW),
    expected: { action: 'none', why: 'cancelled_at_gateway' }
  },
  {
    name: 'deleted for everyone (proposed status)',
    subject: at('revoked', GW),
    expected: { action: 'none', why: 'revoked' }
  },
  {
    name: 'accepted without a gateway id (cannot be named there)',
    subject: at('accepted'),
    expected: { action: 'none', why: 'fate_unknown' }
  }
]
