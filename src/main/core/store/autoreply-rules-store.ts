// The devices' auto-reply rules as the gateway last listed them, and when: the inbox's chatbot view reads these
// instead of asking the gateway per thread.
import type Database from 'better-sqlite3'
import { writeTransaction } from './database'

export interface CachedAutoReplyRule {
  id: string
  keyword: string
  response: string
}

export class AutoReplyRulesStore {
  constructor(private readonly db: Database.Database) {}

  /** The device's rules in the gateway's order, and when they were read (null: never). */
  rulesOf(deviceId: string): { rules: CachedAutoReplyRule[]; refreshedAt: number | null } {
    const rules = this.db
      .prepare(
        'SELECT rule_id AS id, keyword, response FROM autoreply_rules WHERE device_id = ? ORDER BY position'
      )
      .all(deviceId) as CachedAutoReplyRule[]
    const refreshed = this.db
      .prepare('SELECT refreshed_at FROM autoreply_refreshes WHERE device_id = ?')
      .get(deviceId) as { refreshed_at: number } | undefined
    return { rules, refreshedAt: refreshed?.refreshed_at ?? null }
  }

  /** The gateway's whole list, replacing what was kept, in one transaction. */
  replace(deviceId: string, rules: readonly CachedAutoReplyRule[], at: number): void {
    writeTransaction(this.db, () => {
      this.db.prepare('DELETE FROM autoreply_rules WHERE device_id = ?').run(deviceId)
      const insert = this.db.prepare(
        'INSERT OR REPLACE INTO autoreply_rules (device_id, rule_id, keyword, response, position) VALUES (?, ?, ?, ?, ?)'
      )
      rules.forEach((rule, position) => insert.run(deviceId, rule.id, rule.keyword, rule.response, position))
      this.db
        .prepare(
          'INSERT INTO autoreply_refreshes (device_id, refreshed_at) VALUES (?, ?) ON CONFLICT(device_id) DO UPDATE SET refreshed_at = excluded.refreshed_at'
        )
        .run(deviceId, at)
    })
  }

  /** A removed device's rules go with it. */
  forget(deviceId: string): void {
    writeTransaction(this.db, () => {
      this.db.prepare('DELETE FROM autoreply_rules WHERE device_id = ?').run(deviceId)
      this.db.prepare('DELETE FROM autoreply_refreshes WHERE device_id = ?').run(deviceId)
    })
  }
}
