// Statements prepared once a connection and reused: preparing is most of the cost of a small read or write, and the
// inbox files thousands of messages in a catch-up and answers the window's same few questions while it scrolls.
import type Database from 'better-sqlite3'

const CACHES = new WeakMap<Database.Database, Map<string, Database.Statement>>()

/** The connection's statement for `sql`, prepared the first time it is asked for. */
export function preparedOnce(db: Database.Database, sql: string): Database.Statement {
  let cache = CACHES.get(db)
  if (!cache) {
    cache = new Map()
    CACHES.set(db, cache)
  }
  let statement = cache.get(sql)
  if (!statement) {
    statement = db.prepare(sql)
    cache.set(sql, statement)
  }
  return statement
}
