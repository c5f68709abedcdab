// The Schedules view's read (QA33 Q33-01): scheduled items soonest due first, a page at a time after the keyset
// (not_before, seq) of the previous page's last, read in that order from outbox_items_scheduled_by_due. The newest-
// first list gave the 500 made last, which hid the ones due soonest when an operator schedules a week in order.
import { FENCED_ROWIDS, ItemRecord, Row, SELECT_ITEM, toItem, unfenced } from './outbox-records'
import { OutboxListsStore } from './outbox-lists-store'

/** The page's SQL: parameters (after.at, after.id)?, deviceId?, limit. */
export function scheduledByDueSql(keyset: boolean, device: boolean, fenced = false): string {
  const where = [
    "status = 'scheduled'",
    // The page ends at an item by its id; its place in line is read here. One deleted since starts its instant over
    // (the window drops those it has): read twice rather than left out.
    ...(keyset
      ? [
          '(not_before, seq) > (?, COALESCE((SELECT after_item.seq FROM outbox_items after_item WHERE after_item.id = ?), -1))'
        ]
      : []),
    ...(device ? ['device_id = ?'] : []),
    ...(fenced ? [`rowid NOT IN ${FENCED_ROWIDS}`] : [])
  ]
  return `${SELECT_ITEM} INDEXED BY outbox_items_scheduled_by_due WHERE ${where.join(' AND ')}
    ORDER BY not_before, seq LIMIT ?`
}

/**
 * The scheduled item (aliased `alias`) goes nowhere: the opt-out policy cancels it at its turn (campaigns.ts,
 * optedOutSince, whose SQL twin this is): its number is on the opt-out list and it is a campaign's row, or was written
 * before its number opted out. A primary-key probe of opt_outs. QA76: such a message read as "due later today".
 */
export const optedOutAhead = (alias: string): string =>
  `${alias}.is_group = 0 AND EXISTS (SELECT 1 FROM opt_outs o WHERE o.phone = ${alias}.recipient
     AND (o.added_at > ${alias}.created_at OR ${alias}.producer_tag GLOB 'campaign:*'))`

/** The count of the scheduled that go by themselves (not held) and will not be sent; `from`: due at ? or later. */
export function scheduledOptedOutSql(from: boolean): string {
  return `SELECT COUNT(*) AS n FROM outbox_items i INDEXED BY outbox_items_scheduled_by_due
    WHERE i.status = 'scheduled' AND i.held = 0${from ? ' AND i.not_before >= ?' : ''}
      AND ${optedOutAhead('i')} AND ${unfenced('i')}`
}

export class OutboxScheduledStore extends OutboxListsStore {
  /**
   * Up to `limit` scheduled items (held ones too) soonest due first, after `after` (the due time and id of the
   * previous page's last item); `total` is every scheduled item, from the kept counts the Overview reads. An open
   * batch's items are not there yet (nor in the counts).
   */
  scheduledByDue(
    limit: number,
    after?: { at: number; id: string },
    deviceId?: string
  ): { items: ItemRecord[]; total: number } {
    const rows = this.prepare(
      scheduledByDueSql(after !== undefined, deviceId !== undefined, this.anyBatchOpen())
    ).all(
      ...(after ? [after.at, after.id] : []),
      ...(deviceId === undefined ? [] : [deviceId]),
      limit
    ) as Row[]
    return { items: rows.map(toItem), total: this.counts(deviceId).scheduled }
  }

  /**
   * The scheduled items of one send (one enqueue: its device and the instant it was made) due at `notBefore`, in line
   * order, whether each is held, and to whom: what Schedules shows as one card. An open batch's items are not there yet.
   */
  scheduledOfSend(
    deviceId: string,
    createdAt: number,
    notBefore: number
  ): { id: string; held: boolean; recipient: string }[] {
    const fenced = this.anyBatchOpen() ? ` AND rowid NOT IN ${FENCED_ROWIDS}` : ''
    const rows = this.prepare(
      `SELECT id, held, recipient FROM outbox_items INDEXED BY outbox_items_scheduled_by_due
        WHERE status = 'scheduled' AND not_before = ? AND device_id = ? AND created_at = ?${fenced}
        ORDER BY not_before, seq`
    ).all(notBefore, deviceId, createdAt) as { id: string; held: number; recipient: string }[]
    return rows.map((row) => ({ id: row.id, held: row.held === 1, recipient: row.recipient }))
  }

  /**
   * The scheduled not held that will not be sent, their number opted out (optedOutAhead), due at `from` or later when
   * given: the header's "(1 will not be sent: opted out)" and, from the day's end, those not "after today" (QA76). It
   * reads the scheduled items' index only, with a probe of the opt-out list for each.
   */
  scheduledOptedOut(from?: number): number {
    const row = this.prepare(scheduledOptedOutSql(from !== undefined)).get(
      ...(from === undefined ? [] : [from])
    ) as { n: number }
    return row.n
  }
}
