// Canned replies, kept per device: a title to find one by and a text that may hold {name} and {number}.
import type Database from 'better-sqlite3'

export interface CannedReplyRecord {
  id: number
  deviceId: string
  title: string
  text: string
  updatedAt: number
}

interface CannedReplyRow {
  id: number
  device_id: string
  title: string
  text: string
  updated_at: number
}

const toReply = (row: CannedReplyRow): CannedReplyRecord => ({
  id: row.id,
  deviceId: row.device_id,
  title: row.title,
  text: row.text,
  updatedAt: row.updated_at
})

export class CannedRepliesStore {
  constructor(private readonly db: Database.Database) {}

  list(deviceId: string): CannedReplyRecord[] {
    const rows = this.db
      .prepare('SELECT * FROM canned_replies WHERE device_id = ? ORDER BY title COLLATE NOCASE, id')
      .all(deviceId) as CannedReplyRow[]
    return rows.map(toReply)
  }

  get(id: number): CannedReplyRecord | undefined {
    const row = this.db.prepare('SELECT * FROM canned_replies WHERE id = ?').get(id) as
      CannedReplyRow | undefined
    return row && toReply(row)
  }

  /** A new reply (no id) or a change to one; undefined when the id is not there. */
  save(
    reply: { id?: number; deviceId: string; title: string; text: string },
    now: number
  ): CannedReplyRecord | undefined {
    if (reply.id === undefined) {
      const { lastInsertRowid } = this.db
        .prepare('INSERT INTO canned_replies (device_id, title, text, updated_at) VALUES (?, ?, ?, ?)')
        .run(reply.deviceId, reply.title, reply.text, now)
      return this.get(Number(lastInsertRowid))
    }
    const changed = this.db
      .prepare('UPDATE canned_replies SET device_id = ?, title = ?, text = ?, updated_at = ? WHERE id = ?')
      .run(reply.deviceId, reply.title, reply.text, now, reply.id).changes
    return changed > 0 ? this.get(reply.id) : undefined
  }

  remove(id: number): boolean {
    return this.db.prepare('DELETE FROM canned_replies WHERE id = ?').run(id).changes > 0
  }
}
