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

/**
 * The same causes for the mailbox's entry, in the mailbox's words where the device's speak of its token (QA: the
 * Inbox gave the vault's English reason in the Indonesian window).
 */
const MAILBOX_LOCK_CAUSE_KEYS = {
  ...LOCK_CAUSE_KEYS,
  'entry-damaged': 'inbox.lock.entryDamaged',
  'file-damaged': 'inbox.lock.fileDamaged',
  'plain-not-allowed': 'inbox.lock.plainNotAllowed',
  'keyring-changed': 'inbox.lock.keyringChanged',
  'entry-mismatch': 'inbox.lock.entryMismatch'
} as const satisfies Record<VaultLockCause['code'], MessageKey>

/**
 * Why the entry is locked, a device's token's or the mailbox's keys: an encoded note when the vault gave a cause,
 * else the vault's own text.
 */
export function lockReason(
  locked: Extract<VaultLoad, { kind: 'locked' }>,
  entry: 'device' | 'mailbox' = 'device'
): string {
  if (!locked.cause) return locked.reason
  const { code, ...params } = locked.cause
  return encodeNote((entry === 'mailbox' ? MAILBOX_LOCK_CAUSE_KEYS : LOCK_CAUSE_KEYS)[code], params)
}
