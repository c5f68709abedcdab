// What happened since an instant, by when it happened (the Overview's "today", issue 29), as conditions on
// outbox_items: the one definition `since()` counts by and `listItems` filters by, so a number and the list it opens
// never disagree. "Sent" is counted from the sent ledger (migration 68), which keeps this rule's messages when they
// leave the outbox (QA65): the list holds those still in it.
import { BUCKET_STATUSES, GATEWAY_REPORTED_SENT, type HappenedEvent } from '../../../shared/domain'
import type { ItemStatus } from './outbox-records'

/** Where an item the gateway took may still stand while open (its reports may still come): closed_at is unset. */
const OPEN_AT_GATEWAY: readonly ItemStatus[] = ['accepted', 'sent', 'delivered']

/** Statuses as SQL literals: the domain's own names, so nothing outside the code reaches the statement. */
function literals(statuses: readonly ItemStatus[]): string {
  return statuses.map((status) => `'${status}'`).join(', ')
}

/**
 * The items `event` happened to since `since` (ms), as a condition on outbox_items read through an index:
 * - sent: taken by the gateway since then (accepted_at) and reported sent by it (countsAsSentToday), wherever it
 *   stands now: a message read since still counts; one the gateway still holds, refused or cancelled does not. An
 *   item taken since then is either still open at the gateway or was closed after it was taken, so the closed_at
 *   index and the open statuses find all of them.
 * - failed, cancelled: closed since then in that bucket's statuses, whether or not the gateway had taken them; for
 *   cancelled, not those cancelled with `optedOutReason` (their number opted out: nobody cancelled them).
 * - optedOut: those, closed since then as `cancelled` with `optedOutReason`.
 * `+status` keeps the read on the closed_at index (the day's few), not the status index (every failed item ever).
 */
export function happenedSince(
  event: HappenedEvent,
  since: number,
  optedOutReason: string
): { where: string; params: (number | string)[] } {
  if (event === 'sent')
    return {
      where: `rowid IN (
          SELECT rowid FROM outbox_items WHERE closed_at >= ?
          UNION ALL
          SELECT rowid FROM outbox_items WHERE status IN (${literals(OPEN_AT_GATEWAY)}) AND closed_at IS NULL
        ) AND accepted_at >= ?
        AND +status IN (${literals(GATEWAY_REPORTED_SENT)})`,
      params: [since, since]
    }
  // Cancelled because the number opted out is not cancelled by anyone: the opt-out's reason is left out (QA23 Q23-04:
  // "5 cancelled today" for five customers' STOP).
  if (event === 'optedOut')
    return {
      where: `rowid IN (SELECT rowid FROM outbox_items
        WHERE closed_at >= ? AND +status = 'cancelled' AND failure_message = ?)`,
      params: [since, optedOutReason]
    }
  if (event === 'cancelled')
    return {
      where: `rowid IN (SELECT rowid FROM outbox_items
        WHERE closed_at >= ? AND +status IN (${literals(BUCKET_STATUSES[event])}) AND failure_message IS NOT ?)`,
      params: [since, optedOutReason]
    }
  return {
    where: `rowid IN (SELECT rowid FROM outbox_items
      WHERE closed_at >= ? AND +status IN (${literals(BUCKET_STATUSES[event])}))`,
    params: [since]
  }
}
