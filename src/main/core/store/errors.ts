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
