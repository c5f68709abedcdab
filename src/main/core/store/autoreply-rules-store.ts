// The devices' auto-reply rules as the gateway last listed them, and when: the inbox's chatbot view reads these
// instead of asking the gateway per thread.
import type Database from 'better-sqlite3'
import { writeTransaction } from './database'

export interface CachedAutoReplyRule {
  id: string
  keyword: string
  response: string
  /**
   * When this app first saw the rule with this keyword and response (ms): at a later read than the device's first,
   * or when the app changed it. Null when it was in the device's first read (it may be older than anything).
   */
  knownSince: number | null
}

export class AutoReplyRulesStore {
  constructor(private readonly db: Database.Database) {}

  /** The device's rules in the gateway's order, and when they were read (null: never). */
  rulesOf(deviceId: string): { rules: CachedAutoReplyRule[]; refreshedAt: number | null } {
    const rules = this.db
      .prepare(
        'SELECT rule_id AS id, keyword, response, known_since AS knownSince FROM autoreply_rules WHERE device_id = ? ORDER BY position'
      )
      .all(deviceId) as CachedAutoReplyRule[]
    const refreshed = this.db
      .prepare('SELECT refreshed_at FROM autoreply_refreshes WHERE device_id = ?')
      .get(deviceId) as { refreshed_at: number } | undefined
    return { rules, refreshedAt: refreshed?.refreshed_at ?? null }
  }

  /**
   * The gateway's whole list, replacing what was kept, in one transaction. A rule kept with the same keyword and
   * response keeps when it was first seen; a new or changed one is seen now (`at`), unless this is the device's first
   * read, where every rule may be older than anything the inbox holds.
   */
  replace(deviceId: string, rules: readonly Omit<CachedAutoReplyRule, 'knownSince'>[], at: number): void {
    writeTransaction(this.db, () => {
      const { rules: before, refreshedAt } = this.rulesOf(deviceId)
      const kept = new Map(before.map((rule) => [rule.id, rule]))
      const knownSince = (rule: Omit<CachedAutoReplyRule, 'knownSince'>): number | null => {
        if (refreshedAt === null) return null
        const previous = kept.get(rule.id)
        return previous && previous.keyword === rule.keyword && previous.response === rule.response
          ? previous.knownSince
          : at
      }
      this.db.prepare('DELETE FROM autoreply_rules WHERE device_id = ?').run(deviceId)
      const insert = this.db.prepare(
        'INSERT OR REPLACE INTO autoreply_rules (device_id, rule_id, keyword, response, position, known_since) VALUES (?, ?, ?, ?, ?, ?)'
      )
      rules.forEach((rule, position) =>
        insert.run(deviceId, rule.id, rule.keyword, rule.response, position, knownSince(rule))
      )
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
