// Which messages the operator may delete from this computer's outbox (one, a selection, or every match).
import type { OutboxStatusName } from './enums'

/**
 * Not one in flight or in doubt (`sending`: deleting it would forget whether the gateway has it), nor one the gateway
 * holds without a report yet (`accepted`), nor one waiting its turn (`queued`: it may be handed over any moment, so it
 * is cancelled first and deleting never drops a message silently). A scheduled one is deletable: its schedule goes
 * with it, at the gateway too.
 */
export function deletableHere(status: OutboxStatusName): boolean {
  return status !== 'sending' && status !== 'queued' && status !== 'accepted'
}
