// Which trees a write touched: the pages in the WAL, for the bench and the tests that count them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DATABASE_FILE, type SqliteDatabase } from '../database'

/**
 * Every page written to the WAL since it was last reset, per b-tree (table or index) it belongs to at the end, from
 * the frame headers (a 32-byte file header, then per frame a 24-byte header starting with the page number) and
 * SQLite's dbstat table. A page freed and reused by another tree meanwhile counts for its last owner: good enough
 * to see which trees a send writes to.
 */
export function walPagesByTree(db: SqliteDatabase, dataDir: string): Map<string, number> {
  const wal = readFileSync(join(dataDir, `${DATABASE_FILE}-wal`))
  const pageSize = db.pragma('page_size', { simple: true }) as number
  const owners = db.prepare('SELECT name, pageno FROM dbstat').all() as { name: string; pageno: number }[]
  const ownerOf = new Map(owners.map(({ name, pageno }) => [pageno, name]))
  const pages = new Map<string, number>()
  for (let offset = 32; offset + 24 + pageSize <= wal.length; offset += 24 + pageSize) {
    const tree = ownerOf.get(wal.readUInt32BE(offset)) ?? '(free)'
    pages.set(tree, (pages.get(tree) ?? 0) + 1)
  }
  return pages
}
