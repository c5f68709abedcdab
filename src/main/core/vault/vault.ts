// The Vault port: where device tokens and secret keys live, and the result shapes every implementation shares.

/** What the vault keeps per device. Never leaves the main process. */
export interface DeviceSecret {
  token: string
  secret?: string
}

/** How secrets are kept right now; maps onto the contract's `secretStorage` and `secretStorageNote`. */
export type SecretStorage = 'keychain' | 'session-only' | 'weak'

export interface VaultStatus {
  storage: SecretStorage
  /** Operator-facing explanation when storage is not the keychain (how to enable a keyring, what weak means). */
  note: string | null
  /** The encryption backend in use, e.g. 'gnome_libsecret', 'kwallet', 'basic_text', 'keychain', 'dpapi'. */
  backend?: string
}

/**
 * A load never conflates "not there" with "there but unreadable": a locked secret must be shown as
 * "token locked" and must never be overwritten by a caller that took it for missing.
 */
export type VaultLoad =
  | { kind: 'found'; value: DeviceSecret; backend: string | null }
  | { kind: 'absent' }
  | { kind: 'locked'; reason: string; cause?: VaultLockCause; backend: string | null }

/**
 * Why a stored token is locked, as a code: `reason` is its English text (logs, the CLI), and the devices layer
 * words the code in the operator's language (the vault imports no translations). No cause: only the text.
 */
export type VaultLockCause =
  | { code: 'entry-damaged' }
  | { code: 'file-damaged' }
  | { code: 'plain-not-allowed' }
  | { code: 'keyring-unavailable'; backend: string }
  | { code: 'keyring-failed'; backend: string }
  | { code: 'keyring-changed'; backend: string; now: string }
  | { code: 'unreadable' }
  | { code: 'entry-mismatch' }
  | { code: 'keyring-locked' }

export interface StoreOptions {
  /** Replace an entry that exists but cannot be decrypted. Only for an explicit "enter the token again" flow. */
  replaceLocked?: boolean
}

export interface Vault {
  status(): VaultStatus
  store(deviceId: string, value: DeviceSecret, options?: StoreOptions): Promise<void>
  load(deviceId: string): Promise<VaultLoad>
  /** Removes the entry whatever its state (locked included); a missing entry is not an error. */
  erase(deviceId: string): Promise<void>
}

/** Thrown by `store` when it would overwrite a secret that exists but failed to decrypt. */
export class VaultLockedError extends Error {
  readonly deviceId: string
  constructor(deviceId: string, reason: string) {
    super(`The stored token for this device is locked (${reason}); it was left untouched.`)
    this.name = 'VaultLockedError'
    this.deviceId = deviceId
  }
}

export function isDeviceSecret(value: unknown): value is DeviceSecret {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return (
    typeof record['token'] === 'string' &&
    record['token'].length > 0 &&
    (record['secret'] === undefined || typeof record['secret'] === 'string')
  )
}

/** Why the vault file cannot be written: a newer version wrote it, or the filesystem refuses (EISDIR, EACCES…). */
export type VaultFileErrorCode = 'newer-version' | string

/** A typed refusal from the vault file itself, with a message the operator can act on (never a raw errno). */
export class VaultFileError extends Error {
  readonly code: VaultFileErrorCode
  readonly path: string
  constructor(code: VaultFileErrorCode, path: string, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = 'VaultFileError'
    this.code = code
    this.path = path
  }
}

const FS_PROBLEMS: Record<string, string> = {
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'sits under something that is not a folder',
  EACCES: 'cannot be read or written with your permissions',
  EPERM: 'cannot be read or written with your permissions',
  EROFS: 'is on a read-only disk',
  ELOOP: 'is a symbolic link loop',
  ENOSPC: 'cannot be written: the disk is full',
  EDQUOT: 'cannot be written: your disk quota is used up'
}

/** The filesystem error behind a vault read or write, typed, with its errno code kept. */
export function vaultFileError(path: string, error: unknown): VaultFileError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'EIO'
  const problem = FS_PROBLEMS[code] ?? `cannot be used (${code})`
  return new VaultFileError(code, path, `The token vault ${path} ${problem}.`, error)
}
