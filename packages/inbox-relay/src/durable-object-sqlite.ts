// The Durable Object's SQLite (`ctx.storage.sql`) behind the same driver shape as better-sqlite3. Only the few
// members of the Workers runtime types the relay uses are declared here, so the package needs no Cloudflare types.

import type { SqlDriver, SqlValue } from './store'

export interface DurableObjectSqlCursor {
  toArray(): Record<string, unknown>[]
}

export interface DurableObjectSqlStorage {
  exec(query: string, ...bindings: unknown[]): DurableObjectSqlCursor
}

export interface DurableObjectStorageLike {
  sql: DurableObjectSqlStorage
  transactionSync<T>(closure: () => T): T
  getAlarm(): Promise<number | null>
  setAlarm(scheduledTime: number): Promise<void>
}

export function durableObjectSqlDriver(storage: DurableObjectStorageLike): SqlDriver {
  // Blobs go in as ArrayBuffer and come back as ArrayBuffer; the store speaks Uint8Array.
  const bind = (params: SqlValue[]): unknown[] =>
    params.map((value) =>
      value instanceof Uint8Array
        ? value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength)
        : value
    )
  const toRow = (row: Record<string, unknown>): Record<string, SqlValue> => {
    const out: Record<string, SqlValue> = {}
    for (const [key, value] of Object.entries(row)) {
      out[key] = value instanceof ArrayBuffer ? new Uint8Array(value) : (value as SqlValue)
    }
    return out
  }
  return {
    all: (sql, ...params) =>
      storage.sql
        .exec(sql, ...bind(params))
        .toArray()
        .map(toRow),
    run: (sql, ...params) => {
      storage.sql.exec(sql, ...bind(params)).toArray()
      // rowsWritten would count index rows too; SQLite's own count of changed rows is what the store means.
      return Number(storage.sql.exec('SELECT changes() AS changes').toArray()[0]?.changes ?? 0)
    },
    transaction: (work) => storage.transactionSync(work)
  }
}
