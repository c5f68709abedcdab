// Typed failures of the store, so the shell can show a clear dialog instead of a stack trace.

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

/** True for a DiskFullError or any error (or cause of one) carrying SQLITE_FULL, ENOSPC or EDQUOT. */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DiskFullError) return true
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
