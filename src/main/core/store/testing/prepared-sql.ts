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

/**
 * The details of SQLite's plan for `sql`, asked through `prepare` (recordPreparedSql's unrecorded one), every
 * parameter given `fill`: a plan follows the SQL and the schema, whatever values are bound.
 */
export function queryPlan(prepare: SqliteDatabase['prepare'], sql: string, fill: unknown): string[] {
  const parameters = Array.from(sql.matchAll(/\?/g), () => fill)
  const rows = prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as { detail: string }[]
  return rows.map((row) => row.detail)
}
