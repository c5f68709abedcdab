// The app's settings as JSON values under string keys, kept in the same database as the outbox. A value that cannot
// be read is a DamagedStoreError for its key alone; setAside keeps it under another key so the key starts fresh.
import type Database from 'better-sqlite3'
import { DamagedStoreError, unreadableJsonReason } from './errors'

export class SettingsStore {
  constructor(private readonly db: Database.Database) {}

  /** The value under `key`; a damaged one throws DamagedStoreError naming the database file and the key. */
  get<T = unknown>(key: string): T | undefined {
    const raw = this.raw(key)
    if (raw === undefined) return undefined
    const reason = unreadableJsonReason(raw)
    if (reason !== null) throw new DamagedStoreError('settings', this.db.name, key, reason)
    return JSON.parse(raw) as T
  }

  /**
   * Keeps the value under `key` as it is, under `<key>.damaged-<at>`, and removes it from `key`, in one
   * transaction; returns the key it was kept under (null when there was nothing).
   */
  setAside(key: string, at: number): string | null {
    return this.db
      .transaction(() => {
        const raw = this.raw(key)
        if (raw === undefined) return null
        const kept = `${key}.damaged-${at}`
        this.db
          .prepare(
            'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'
          )
          .run(kept, raw)
        this.delete(key)
        return kept
      })
      .immediate()
  }

  private raw(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      { value: string } | undefined
    return row?.value
  }

  set(key: string, value: unknown): void {
    if (value === undefined) {
      this.delete(key)
      return
    }
    this.db
      .prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'
      )
      .run(key, JSON.stringify(value))
  }

  /**
   * Writes what `change` makes of the value under `key` (undefined deletes it), read and written in one transaction:
   * another process's write comes before or after, not between. A damaged value is set aside first (as `setAside`,
   * stamped `at`) and `change` gets undefined. Answers what was written.
   */
  update<T>(key: string, at: number, change: (value: unknown) => T | undefined): T | undefined {
    return this.db
      .transaction(() => {
        const raw = this.raw(key)
        let value: unknown
        if (raw !== undefined && unreadableJsonReason(raw) === null) value = JSON.parse(raw)
        else if (raw !== undefined) this.setAside(key, at)
        const next = change(value)
        this.set(key, next)
        return next
      })
      .immediate()
  }

  /** Several keys in one transaction, so a settings form never lands half-saved. */
  setMany(values: Record<string, unknown>): void {
    this.db
      .transaction(() => {
        for (const [key, value] of Object.entries(values)) this.set(key, value)
      })
      .immediate()
  }

  delete(key: string): void {
    this.db.prepare('DELETE FROM settings WHERE key = ?').run(key)
  }

  /** Every readable value (a damaged one is left out: get() names it). */
  all(): Record<string, unknown> {
    const rows = this.db.prepare('SELECT key, value FROM settings ORDER BY key').all() as {
      key: string
      value: string
    }[]
    return Object.fromEntries(
      rows
        .filter((r) => unreadableJsonReason(r.value) === null)
        .map((r) => [r.key, JSON.parse(r.value) as unknown])
    )
  }
}
