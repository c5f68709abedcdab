// Typed failures of the store, so the shell can show a clear dialog instead of a stack trace.
import { statfsSync } from 'node:fs'
import { unreadableJsonReason } from '../private-files'

export { unreadableJsonReason }

export type StoreErrorCode = 'newer-version' | 'corrupt' | 'readonly' | 'locked' | 'migration-failed'

/** Why the database could not be opened or migrated. */
export class StoreError extends Error {
  readonly code: StoreErrorCode
  /** For 'newer-version': the schema version found on disk and the newest this build understands. */
  readonly foundVersion?: number
  readonly supportedVersion?: number

  constructor(
    code: StoreErrorCode,
    message: string,
    extra: { foundVersion?: number; supportedVersion?: number; cause?: unknown } = {}
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause })
    this.name = 'StoreError'
    this.code = code
    this.foundVersion = extra.foundVersion
    this.supportedVersion = extra.supportedVersion
  }
}

/** Error codes that mean "no room left": SQLite's own, and the filesystem's (disk full, quota used up). */
const DISK_FULL_CODES: ReadonlySet<string> = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT'])

/** The disk (or the user's quota) is full: nothing was lost, the write that failed was rolled back. */
export class DiskFullError extends Error {
  readonly code = 'disk_full'
  constructor(cause?: unknown) {
    super(
      'The disk is full: free some space and try again (nothing was lost).',
      cause === undefined ? undefined : { cause }
    )
    this.name = 'DiskFullError'
  }
}

/**
 * Below this much room, an I/O error from SQLite is taken as the disk being full. SQLite reports ENOSPC as
 * SQLITE_FULL only from a plain write; growing the WAL index (SQLITE_IOERR_SHMSIZE), truncating or syncing on a full
 * disk read "disk I/O error", and better-sqlite3 does not pass on the errno. A write of SQLite's needs at most a few
 * megabytes, so an I/O error with less than this left is the disk, not the hardware.
 */
export const DISK_FULL_BELOW_BYTES = 8 * 1024 * 1024

/** The file-system port behind the classification: free bytes for this user on the volume holding `folder`. */
export type FreeSpaceProbe = (folder: string) => number | null

const statfsProbe: FreeSpaceProbe = (folder) => {
  try {
    const stats = statfsSync(folder)
    return stats.bavail * stats.bsize
  } catch {
    return null
  }
}

let freeSpace: FreeSpaceProbe = statfsProbe
/** Folders of every database this process opened: where an I/O error's cause is looked for. Kept after close, so
 * a failure is still classified once the command that met it has closed its database. */
const databaseFolders = new Set<string>()

/** Called by openDatabase: an SQLITE_IOERR is checked against this folder's free space. */
export function watchDatabaseFolder(folder: string): void {
  databaseFolders.add(folder)
}

/** Tests only: stand in for the file system's free-space answer (fault injection); returns the undo. */
export function replaceFreeSpaceProbe(probe: FreeSpaceProbe): () => void {
  freeSpace = probe
  return () => {
    freeSpace = statfsProbe
  }
}

function ioErrorFromFullDisk(code: string): boolean {
  if (code !== 'SQLITE_IOERR' && !code.startsWith('SQLITE_IOERR_')) return false
  for (const folder of databaseFolders) {
    const free = freeSpace(folder)
    if (free !== null && free < DISK_FULL_BELOW_BYTES) return true
  }
  return false
}

/**
 * True for a DiskFullError or any error (or cause of one) carrying SQLITE_FULL, ENOSPC or EDQUOT, or an SQLite I/O
 * error while a database's volume has (almost) no room left: one condition, however the full disk showed.
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DiskFullError) return true
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (DISK_FULL_CODES.has(code) || ioErrorFromFullDisk(code))) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * A store kept for one feature (the settings, a recurring series) could not be read: that feature is damaged, the
 * rest of the app runs. Names the file and what in it, and why, so the operator (or support) can act.
 */
export class DamagedStoreError extends Error {
  readonly code = 'store_damaged'
  constructor(
    /** Which feature's store: 'settings', 'series'. */
    readonly store: string,
    /** The file it lives in (the database, for stores kept in it). */
    readonly file: string,
    /** What inside the file: a settings key, a series id. */
    readonly part: string,
    readonly reason: string
  ) {
    super(`The ${store} kept in ${file} (${part}) are damaged: ${reason}.`)
    this.name = 'DamagedStoreError'
  }
}
