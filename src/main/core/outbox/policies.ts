// Send policies: the ports the dispatcher asks, in order, before an item goes (a campaign's pacing, opt-outs, a
// device's daily cap). A policy answers "go", "wait until … because …" or "never send this, because …"; the kernel
// records the wait and its reason itself, so a restart keeps it and the window can say why an item waits.
import type { ItemRecord } from '../store'
import { encodeNote } from '../../../shared/i18n/notes'
import { formatPhoneForReading } from '../../../shared/domain/phone-display'
import { OutboxError, type OutboxErrorCode } from './types'

/**
 * Why an item was never sent because its number opted out (a campaign's opt-out policy, or its cancel of rows still
 * waiting): the item's reason, by which the producer's counts and a take-back tell it from anyone's cancel.
 */
export const OPTED_OUT_NOTE = encodeNote('desktop.note.optedOut')

/**
 * How far a wait reaches: this item alone, every queued item of the same producer on the device (a campaign's
 * pacing holds all its rows there), or the whole device (a daily cap counted across producers; kept in memory and
 * asked again after a restart, since the send log it counts is on disk).
 */
export type WaitScope = 'item' | 'producer' | 'device'

export type PolicyVerdict =
  null | { wait: { until: number; reason: string; scope: WaitScope } } | { cancel: { reason: string } }

export interface SendPolicy {
  /** For logs and tests. */
  readonly name: string
  /**
   * Asked with the item at the head of its line, inside the transaction that would mark it `sending`: answer from
   * memory or the database, never over the network. `reason` is an encoded note (see shared/i18n/notes).
   */
  check(item: ItemRecord, now: number): PolicyVerdict
  /**
   * The cancel `check` would answer at the item's turn, from what is known now (its reason, an encoded note), or null;
   * read only, asked of every waiting item a list shows, so that the window says ahead that it will not go (QA61: a
   * message scheduled before the customer's STOP read as going until its time). A policy whose check writes (a
   * campaign's pacing) leaves it out.
   */
  foreseeCancel?(item: ItemRecord): string | null
  /**
   * Of the opt-out policy: since when (ms) the item's number is on the list such that `check` would cancel it as
   * opted out, or null. QA61 follow-up: a reschedule of such a message asked nothing and kept its new time to be
   * cancelled at it (or, kept by the gateway, sent); the view says since when and the move is refused.
   */
  optedOutSince?(item: ItemRecord): number | null
}

/** A producer's refusal of a retry: its code (so a bulk reply can word it) and why (an encoded note). */
export interface RetryRefusal {
  code: Extract<OutboxErrorCode, 'producer_refused' | 'after_series_end' | 'device_removed' | 'opted_out'>
  why: string
}

/**
 * A producer's say over an operator's retry of one of its items (a campaign's row): asked before the retry is
 * written, so a row of a campaign that was cancelled or taken back is never sent again from the outbox.
 */
export interface RetryHook {
  /** Why this item may not be sent again, or null when the producer does not mind. */
  refuseRetry(item: ItemRecord): RetryRefusal | null
  /** The item is back in line, in the retry's transaction (a finished producer takes up its work again). */
  retried(item: ItemRecord): void
}

/**
 * The first refusal of a retry of `item` by the producers' hooks, or null: the one rule the retry obeys and the item's
 * view says ahead (`retryRefusal`), so the window does not offer a Retry the core would refuse.
 */
export function retryRefusalOf(hooks: readonly RetryHook[], item: ItemRecord): RetryRefusal | null {
  for (const hook of hooks) {
    const refusal = hook.refuseRetry(item)
    if (refusal !== null) return refusal
  }
  return null
}

/** The first policy that does not say "go", in the order they were given; null when every one says go. */
export function askPolicies(
  policies: readonly SendPolicy[],
  item: ItemRecord,
  now: number
): Exclude<PolicyVerdict, null> | null {
  for (const policy of policies) {
    const verdict = policy.check(item, now)
    if (verdict) return verdict
  }
  return null
}

/** A policy that only ever cancels, for `reasonOf`'s reason (a note): asked at the turn and foreseen by one rule. */
export function cancellingPolicy(name: string, reasonOf: (item: ItemRecord) => string | null): SendPolicy {
  return {
    name,
    check: (item) => {
      const reason = reasonOf(item)
      return reason === null ? null : { cancel: { reason } }
    },
    foreseeCancel: reasonOf
  }
}

/** Since when a policy finds the item's number opted out (SendPolicy.optedOutSince), or null. */
export function optedOutSinceOf(policies: readonly SendPolicy[], item: ItemRecord): number | null {
  for (const policy of policies) {
    const since = policy.optedOutSince?.(item) ?? null
    if (since !== null) return since
  }
  return null
}

/**
 * QA61 follow-up: a message whose number opted out after it was written, moved to a new time, kept it to be cancelled
 * at it as opted out (or, kept by the gateway, sent), nothing said: the move is refused (the view says since when,
 * optedOutSince). The refusal says when too (QA, carried), as an instant the window words on the operator's clock.
 */
export function assertNotOptedOut(policies: readonly SendPolicy[], item: ItemRecord): void {
  const since = optedOutSinceOf(policies, item)
  if (since === null) return
  throw new OutboxError(
    'opted_out',
    {
      key: 'desktop.error.rescheduleOptedOut',
      params: { number: formatPhoneForReading(item.recipient), optedOutAt: new Date(since).toISOString() }
    },
    'schedule'
  )
}

/** The first cancel the policies foresee for `item` at its turn (SendPolicy.foreseeCancel), or null. */
export function foreseenCancel(policies: readonly SendPolicy[], item: ItemRecord): string | null {
  for (const policy of policies) {
    const reason = policy.foreseeCancel?.(item) ?? null
    if (reason !== null) return reason
  }
  return null
}
