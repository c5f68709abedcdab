// Which SQL a store prepares: tests that look at the plans of exactly the statements the store runs.
import type { SqliteDatabase } from '../database'

/**
 * From now on, the SQL of every statement `db` prepares, in order (the array fills as the store asks), and the
 * database's own prepare, which records nothing (to explain or time a statement without adding to the list).
 */
export function recordPreparedSql(db: SqliteDatabase): {
  prepared: string[]
  prepareUnrecorded: SqliteDatabase['prepare']
} {
  const prepared: string[] = []
  const prepareUnrecorded = db.prepare.bind(db) as SqliteDatabase['prepare']
  db.prepare = ((sql: string) => {
    prepared.push(sql)
    return prepareUnrecorded(sql)
  }) as typeof db.prepare
  return { prepared, prepareUnrecorded }
}
