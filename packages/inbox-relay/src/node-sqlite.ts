// The Node host's SQLite: one better-sqlite3 file in the data folder, private (0600 in a 0700 folder) and held in
// exclusive locking mode, so a second relay pointed at the same folder is refused instead of sharing it.

import Database from 'better-sqlite3'
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import { join } from 'node:path'
import type { SqlDriver, SqlValue } from './store'

export const RELAY_DATABASE_FILE = 'relay.sqlite'

export class RelayDataDirLockedError extends Error {
  override readonly name = 'RelayDataDirLockedError'
}

export interface NodeSqlite {
  driver: SqlDriver
  close(): void
}

export function openNodeSqlite(dataDir: string): NodeSqlite {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const path = join(dataDir, RELAY_DATABASE_FILE)
  // Created by us with 0600, so SQLite never creates it with the umask's mode; it holds only ciphertext and hashes,
  // but the mailbox list and sizes are still nobody else's business.
  closeSync(openSync(path, 'a', 0o600))
  chmodSync(path, 0o600)
  const db = new Database(path)
  try {
    db.pragma('busy_timeout = 0')
    // Exclusive mode takes the lock at the first write and keeps it until close (and a killed process loses it):
    // the lock is the database's own, not a lock file that a crash leaves behind.
    db.pragma('locking_mode = EXCLUSIVE')
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.exec('BEGIN EXCLUSIVE; COMMIT')
  } catch (error) {
    db.close()
    const code = (error as { code?: unknown }).code
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
      throw new RelayDataDirLockedError(`The relay data folder ${dataDir} is in use by another relay.`, {
        cause: error
      })
    }
    throw error
  }
  if (existsSync(`${path}-wal`)) chmodSync(`${path}-wal`, 0o600)
  const statements = new Map<string, Database.Statement>()
  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql)
    if (statement === undefined) {
      statement = db.prepare(sql)
      statements.set(sql, statement)
    }
    return statement
  }
  const bind = (params: SqlValue[]): unknown[] =>
    params.map((value) =>
      value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value
    )
  const driver: SqlDriver = {
    all: (sql, ...params) => prepare(sql).all(...bind(params)) as Record<string, SqlValue>[],
    run: (sql, ...params) => prepare(sql).run(...bind(params)).changes,
    transaction: (work) => db.transaction(work)()
  }
  return { driver, close: () => db.close() }
}
