// The vault's lock causes in the operator's language: the vault gives a code (it imports no translations) and
// this words it as a note, nested in the device's "Token locked: {reason}" note.
import type { MessageKey } from '../../../shared/i18n'
import { encodeNote } from '../../../shared/i18n/notes'
import type { VaultLoad, VaultLockCause } from '../vault'

const LOCK_CAUSE_KEYS = {
  'entry-damaged': 'desktop.device.lock.entryDamaged',
  'file-damaged': 'desktop.device.lock.fileDamaged',
  'plain-not-allowed': 'desktop.device.lock.plainNotAllowed',
  'keyring-unavailable': 'desktop.device.lock.keyringUnavailable',
  'keyring-failed': 'desktop.device.lock.keyringFailed',
  'keyring-changed': 'desktop.device.lock.keyringChanged',
  unreadable: 'desktop.device.lock.unreadable',
  'entry-mismatch': 'desktop.device.lock.entryMismatch',
  'keyring-locked': 'desktop.device.lock.keyringLocked'
} as const satisfies Record<VaultLockCause['code'], MessageKey>

/** Why the token is locked: an encoded note when the vault gave a cause, else the vault's own text. */
export function lockReason(locked: Extract<VaultLoad, { kind: 'locked' }>): string {
  if (!locked.cause) return locked.reason
  const { code, ...params } = locked.cause
  return encodeNote(LOCK_CAUSE_KEYS[code], params)
}
