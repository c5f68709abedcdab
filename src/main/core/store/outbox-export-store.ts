// An export's reads (QA27 Q27-02): the items a list filter matches when it starts, newest first, a page at a time
// below the last row read by (created_at, rowid), neither of which ever changes. Paged by offset, every send queued
// meanwhile shifted the pages (rows twice, others left out), and so did a retry (it takes a new seq). Not one read
// transaction over the whole export: the core has one connection, and a second one's snapshot held for a long
// export would keep the WAL from being checkpointed meanwhile; this holds nothing open between pages.
import { ItemFilter, ItemRecord, ITEM_LIST, Row, toItem } from './outbox-records'
import { OutboxScheduledStore } from './outbox-scheduled-store'

/** Where an export stands: the newest row at its start, the batches being written then, the last row it read. */
export interface ExportCursor {
  readonly upToRowid: number
  readonly openBatches: readonly string[]
  readonly after: { createdAt: number; rowid: number } | null
}

export class OutboxExportStore extends OutboxScheduledStore {
  /**
   * How many items `filter` matches now, and where reading them starts: both read in one snapshot, the store's batch
   * (IMMEDIATE, as every transaction of the main process: it waits for another writer instead of failing BUSY).
   */
  exportStart(filter: ItemFilter): { total: number; cursor: ExportCursor } {
    return this.batch(() => {
      const { total } = this.listItems({ ...filter, offset: 0, limit: 1 })
      const newest = this.prepare('SELECT MAX(rowid) AS n FROM outbox_items').get() as { n: number | null }
      const open = this.prepare('SELECT id FROM outbox_batches').all() as { id: string }[]
      return { total, cursor: { upToRowid: newest.n ?? 0, openBatches: open.map((b) => b.id), after: null } }
    })
  }

  /**
   * The next `limit` items below the cursor that `filter` matches now, and the cursor after them. Items queued since
   * the start are past `upToRowid`; those of a batch still being written then stay out when it is done.
   */
  exportPage(
    filter: ItemFilter,
    cursor: ExportCursor,
    limit: number
  ): { items: ItemRecord[]; cursor: ExportCursor } {
    // Read a chunk newest first, as a page is (a common Recipient name walks the outbox, not all its contacts).
    const { pageWhere, pageParams } = this.matchWhere(filter)
    const conditions = [...pageWhere, 'rowid <= ?']
    const values = [...pageParams, cursor.upToRowid]
    if (cursor.openBatches.length > 0) {
      conditions.push('(batch_id IS NULL OR batch_id NOT IN (SELECT value FROM json_each(?)))')
      values.push(JSON.stringify(cursor.openBatches))
    }
    if (cursor.after) {
      // The first term bounds the created_at index range; the second breaks ties by rowid.
      conditions.push('created_at <= ?', '(created_at < ? OR rowid < ?)')
      values.push(cursor.after.createdAt, cursor.after.createdAt, cursor.after.rowid)
    }
    const rows = this.prepare(
      `SELECT rowid AS exportRowid, ${ITEM_LIST} FROM outbox_items WHERE ${conditions.join(' AND ')}
       ORDER BY created_at DESC, rowid DESC LIMIT ?`
    ).all(...values, limit) as Row[]
    const last = rows.at(-1)
    const items = rows.map(({ exportRowid: _rowid, ...row }) => toItem(row))
    return {
      items,
      cursor: last
        ? { ...cursor, after: { createdAt: Number(last.createdAt), rowid: Number(last.exportRowid) } }
        : cursor
    }
  }
}
