// Opens the app's SQLite database in a data folder: private file modes, WAL, pragmas and forward-only migrations.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import { StoreError, watchDatabaseFolder } from './errors'
import {
  LATEST_SCHEMA_VERSION,
  migrate,
  migrations as defaultMigrations,
  schemaVersion,
  type Migration,
  type MigrationStep
} from './migrations'

export type SqliteDatabase = Database.Database

/**
 * Every transaction that may write begins IMMEDIATE: a deferred one that reads first and then writes cannot wait for
 * another connection's write lock (SQLite skips the busy handler when a read transaction upgrades, to avoid a
 * deadlock), so it failed at once with SQLITE_BUSY whatever the busy timeout, as a second process taking the data
 * folder's lease or a reader's migration check did. Nested calls become savepoints.
 */
export function writeTransaction<T>(db: Database.Database, fn: () => T): T {
  return db.transaction(fn).immediate()
}

/**
 * A transaction whose commit waits for no fsync (synchronous=NORMAL for it alone), for writes nothing relies on
 * before a later synced commit: the chunks of a long write before the one that makes it visible. In WAL mode that
 * later commit's fsync makes them durable too, and a power cut before it loses only the newest commits, never one
 * in the middle, so a half-written write loses its tail or everything, and is rolled back at start either way.
 * The fsync was 20-50 ms of each chunk's block on a busy machine.
 */
export function transactionUnsynced<T>(db: Database.Database, fn: () => T): T {
  const synchronous = db.pragma('synchronous', { simple: true }) as number
  db.pragma('synchronous = NORMAL')
  try {
    return writeTransaction(db, fn)
  } finally {
    db.pragma(`synchronous = ${synchronous}`)
  }
}

export const DATABASE_FILE = 'sender-desk.db'

export interface OpenDatabaseOptions {
  /** The app's data folder; created (mode 0700) when missing. */
  dataDir: string
  fileName?: string
  /** Tests only: a different migration list. */
  migrations?: readonly Migration[]
  /** Hears an update of a database an older version wrote (never a new one's creation): see DataUpdateProgress. */
  onUpdate?: (progress: DataUpdateProgress) => void
}

/**
 * What an update of an existing database is doing, for an operator who would otherwise wait on a silent start (a
 * step can take half a minute with a million contacts): the copy kept as it was (when one is made), each step
 * before it runs, then done with the whole update's time. All of it is one transaction: stopped at any point, the
 * database stays as it was, and the next start runs the update again.
 */
export type DataUpdateProgress =
  { phase: 'backup' } | ({ phase: 'step' } & MigrationStep) | { phase: 'done'; steps: number; ms: number }

/**
 * Whether opening the data folder's database will update it, read without changing anything: its version and the
 * newest one, or null for a missing or new database, an up-to-date one, one from a newer version or one that cannot
 * be read (the open itself says what is wrong with those).
 */
export function pendingDataUpdate(
  dataDir: string,
  options: { fileName?: string; migrations?: readonly Migration[] } = {}
): { from: number; to: number } | null {
  const path = join(dataDir, options.fileName ?? DATABASE_FILE)
  const latest = (options.migrations ?? defaultMigrations).length
  if (!existsSync(path)) return null
  let db: SqliteDatabase | undefined
  try {
    db = new Database(path, { readonly: true, fileMustExist: true })
    const from = schemaVersion(db)
    return from > 0 && from < latest ? { from, to: latest } : null
  } catch {
    return null
  } finally {
    db?.close()
  }
}

/**
 * A folder and its missing parents, made one level at a time: Node's `mkdirSync(…, { recursive: true })` never returns
 * when a parent exists but refuses new entries with ENOENT (a data folder under /proc: QA10 Q10-01, a CLI that spun
 * for minutes). Here that ENOENT is thrown, naming the folder (syscall "mkdir").
 */
function makeFolder(dir: string, mode: number): void {
  try {
    mkdirSync(dir, { mode })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST' && statSync(dir).isDirectory()) return
    const parent = dirname(dir)
    if (code !== 'ENOENT' || parent === dir || existsSync(parent)) throw error
    makeFolder(parent, mode)
    mkdirSync(dir, { mode })
  }
}

/**
 * Open (creating when needed) the database, refuse one written by a newer build, and migrate it forward.
 * synchronous=FULL on purpose: the outbox writes `sending` before every request, and that row must survive a
 * power cut or a resend could skip reconciliation and duplicate a message. WAL keeps those commits cheap.
 */
export function openDatabase(options: OpenDatabaseOptions): SqliteDatabase {
  const migrationList = options.migrations ?? defaultMigrations
  makeFolder(options.dataDir, 0o700)
  const path = join(options.dataDir, options.fileName ?? DATABASE_FILE)
  createPrivateFile(path)
  watchDatabaseFolder(options.dataDir)

  let db: SqliteDatabase
  try {
    db = new Database(path)
  } catch (error) {
    throw translateSqliteError(error, path)
  }
  try {
    db.pragma('busy_timeout = 5000')
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    // What is deleted or rewritten is overwritten with zeros, and so are the stale copies a page keeps of cells it
    // moved: a deleted conversation's words must not stay readable in the file. Only on from a connection's first
    // write does it catch the copies (on for the delete alone, a test found dozens left); it costs a memset per free.
    db.pragma('secure_delete = ON')
    const started = performance.now()
    const updating = schemaVersion(db) > 0
    const report = updating ? options.onUpdate : undefined
    backUpBeforeMigrating(db, path, migrationList.length, () => report?.({ phase: 'backup' }))
    const steps = migrate(db, migrationList, report && ((step) => report({ phase: 'step', ...step })))
    if (steps > 0) report?.({ phase: 'done', steps, ms: performance.now() - started })
    keepNewestBackupOnly(path)
    // SQLite creates -wal/-shm with the main file's mode, but an older install may have left looser ones.
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(path + suffix)) chmodSync(path + suffix, 0o600)
    }
    return db
  } catch (error) {
    db.close()
    throw error instanceof StoreError ? error : translateSqliteError(error, path)
  }
}

export { LATEST_SCHEMA_VERSION, StoreError }

/**
 * SQLite's count of commits by OTHER connections to this database file (`PRAGMA data_version`): it moves when
 * another process (the terminal) committed, never with this connection's own writes, and reading it costs no I/O.
 */
export function otherConnectionsVersion(db: SqliteDatabase): number {
  return db.pragma('data_version', { simple: true }) as number
}

/**
 * Before migrating an existing database forward, keep a copy of it as it was (`<file>.schema-<n>.bak`, once per
 * version): an operator who goes back to the older version finds it refused as "newer" and can restore this copy.
 */
function backUpBeforeMigrating(db: SqliteDatabase, path: string, latest: number, onBackup: () => void): void {
  const current = schemaVersion(db)
  if (current === 0 || current >= latest) return
  const backup = `${path}.schema-${current}.bak`
  if (existsSync(backup)) return
  onBackup()
  db.prepare('VACUUM INTO ?').run(backup)
  chmodSync(backup, 0o600)
}

/**
 * Once migrated, only the newest copy is kept (the database as it was before the latest update). Each copy is the
 * whole database, so an install updated a dozen times kept a dozen, and each still held every conversation an
 * operator had deleted since (a customer asking to be forgotten). An older copy is only of use to go back more than
 * one update, and restoring it would lose everything since; a failed migration throws before this, keeping them all.
 */
function keepNewestBackupOnly(path: string): void {
  const prefix = `${basename(path)}.schema-`
  const versions = readdirSync(dirname(path))
    .map((name) => (name.startsWith(prefix) ? /^(\d+)\.bak$/.exec(name.slice(prefix.length)) : null))
    .filter((match) => match !== null)
    .map((match) => Number(match[1]))
  const newest = Math.max(...versions)
  for (const version of versions) {
    if (version === newest) continue
    try {
      rmSync(`${path}.schema-${version}.bak`, { force: true })
    } catch {
      // Held open by another program (Windows refuses the delete): the app starts anyway, the next start tries again.
    }
  }
}

function createPrivateFile(path: string): void {
  // Creating the file ourselves with 0600 means SQLite never creates it (or its WAL) with the umask's mode.
  closeSync(openSync(path, 'a', 0o600))
  chmodSync(path, 0o600)
}

function translateSqliteError(error: unknown, path: string): unknown {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') {
    return new StoreError('corrupt', `The database at ${path} is damaged or is not a Sender Desk database.`, {
      cause: error
    })
  }
  if (code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM') {
    return new StoreError(
      'readonly',
      `The database at ${path} cannot be written (check the folder's permissions).`,
      {
        cause: error
      }
    )
  }
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return new StoreError('locked', `The database at ${path} is locked by another process.`, { cause: error })
  }
  return error
}
