// Where a mailbox's credentials live: the relay's address and the mailbox name (not secret), the pull token and the
// private key (secret), kept together in the vault as one entry, like a device's token. The port lets the sync and
// the CLI read them without knowing the vault.
import type { MailboxKeyPair } from '@sender-desk/inbox-relay'
import { encodeNote } from '../../../shared/i18n/notes'
import { ApiFailure, asClause } from '../commands'
import { lockReason } from '../devices'
import type { Vault } from '../vault'

export type MailboxPrivateKey = MailboxKeyPair['privateKeyJwk']

export interface InboxCredentials {
  /** The relay's base address, e.g. https://relay.example.com. */
  relayUrl: string
  mailbox: string
  pullToken: string
  privateKeyJwk: MailboxPrivateKey
  /**
   * The three ingress URLs the gateway posts to (their path carries the ingress secret), as the relay gave them at
   * creation or at the last rotation; absent for a mailbox connected before they were kept (a rotation gives them).
   */
  ingressUrls?: IngressUrls
}

export interface IngressUrls {
  incoming: string
  tracking: string
  device: string
}

export type InboxCredentialsLoad =
  | { kind: 'found'; credentials: InboxCredentials }
  | { kind: 'absent' }
  /** In the vault but unreadable now (a locked keyring): the sync waits, it never asks for a new mailbox. */
  /** `reason`: an encoded note when the vault named a cause (worded in the reader's language), else its text. */
  | { kind: 'locked'; reason: string }

export interface InboxCredentialsPort {
  load(): Promise<InboxCredentialsLoad>
  save(credentials: InboxCredentials): Promise<void>
  /** Erases the mailbox's entry and any pending pull token. */
  erase(): Promise<void>
  /**
   * The pull token a rotation proposed to the relay, kept before the relay was asked and until the vault keeps it as
   * the token: null when none is pending (or it cannot be read now).
   */
  loadPendingPullToken(): Promise<string | null>
  savePendingPullToken(token: string): Promise<void>
  erasePendingPullToken(): Promise<void>
  /**
   * The ingress secret a rotation proposed to the relay, kept before the relay was asked and until its URLs are kept
   * as the mailbox's: null when none is pending (or it cannot be read now).
   */
  loadPendingIngressSecret(): Promise<PendingIngressSecret | null>
  savePendingIngressSecret(pending: PendingIngressSecret): Promise<void>
  erasePendingIngressSecret(): Promise<void>
}

/** A proposed ingress secret, for which mailbox, and whether the rotation asked the old secret to stop at once. */
export interface PendingIngressSecret {
  secret: string
  mailbox: string
  stopOldAtOnce: boolean
}

/** The vault entry's id; not a device id (those are derived from a gateway address). */
export const INBOX_VAULT_ENTRY = 'inbox:mailbox'
/** A rotation's proposed pull token, in its own entry so the vault masks it in logs like any token. */
export const PENDING_PULL_TOKEN_ENTRY = 'inbox:pending-pull-token'
/** A rotation's proposed ingress secret: the secret as the entry's token (masked like any), the rest as its secret. */
export const PENDING_INGRESS_SECRET_ENTRY = 'inbox:pending-ingress-secret'

interface StoredPart {
  relayUrl: string
  mailbox: string
  privateKeyJwk: MailboxPrivateKey
  ingressUrls?: IngressUrls
}

function isIngressUrls(value: unknown): value is IngressUrls {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return ['incoming', 'tracking', 'device'].every((kind) => typeof record[kind] === 'string')
}

function isStoredPart(value: unknown): value is StoredPart {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return (
    typeof record['relayUrl'] === 'string' &&
    typeof record['mailbox'] === 'string' &&
    typeof record['privateKeyJwk'] === 'object' &&
    record['privateKeyJwk'] !== null &&
    (record['ingressUrls'] === undefined || isIngressUrls(record['ingressUrls']))
  )
}

/** The credentials in a vault: the pull token as the entry's token, the rest (private key included) as its secret. */
export function vaultInboxCredentials(vault: Vault): InboxCredentialsPort {
  return {
    async load() {
      const loaded = await vault.load(INBOX_VAULT_ENTRY)
      if (loaded.kind === 'absent') return { kind: 'absent' }
      // In words the window says in its language (the Inbox's "Reason:"), the vault's English for the CLI and logs.
      if (loaded.kind === 'locked') return { kind: 'locked', reason: lockReason(loaded, 'mailbox') }
      let part: unknown
      try {
        part = JSON.parse(loaded.value.secret ?? '')
      } catch {
        part = null
      }
      if (!isStoredPart(part)) return { kind: 'locked', reason: encodeNote('inbox.lock.entryDamaged') }
      return { kind: 'found', credentials: { ...part, pullToken: loaded.value.token } }
    },
    async save(credentials) {
      const part: StoredPart = {
        relayUrl: credentials.relayUrl,
        mailbox: credentials.mailbox,
        privateKeyJwk: credentials.privateKeyJwk,
        ...(credentials.ingressUrls ? { ingressUrls: credentials.ingressUrls } : {})
      }
      await vault.store(INBOX_VAULT_ENTRY, { token: credentials.pullToken, secret: JSON.stringify(part) })
    },
    async erase() {
      await vault.erase(INBOX_VAULT_ENTRY)
      await vault.erase(PENDING_PULL_TOKEN_ENTRY)
      await vault.erase(PENDING_INGRESS_SECRET_ENTRY)
    },
    async loadPendingPullToken() {
      const loaded = await vault.load(PENDING_PULL_TOKEN_ENTRY)
      return loaded.kind === 'found' ? loaded.value.token : null
    },
    savePendingPullToken: (token) => vault.store(PENDING_PULL_TOKEN_ENTRY, { token }),
    erasePendingPullToken: () => vault.erase(PENDING_PULL_TOKEN_ENTRY),
    async loadPendingIngressSecret() {
      const loaded = await vault.load(PENDING_INGRESS_SECRET_ENTRY)
      if (loaded.kind !== 'found') return null
      let part: unknown
      try {
        part = JSON.parse(loaded.value.secret ?? '')
      } catch {
        return null
      }
      const { mailbox, stopOldAtOnce } = (part ?? {}) as Record<string, unknown>
      if (typeof mailbox !== 'string' || typeof stopOldAtOnce !== 'boolean') return null
      return { secret: loaded.value.token, mailbox, stopOldAtOnce }
    },
    savePendingIngressSecret: ({ secret, mailbox, stopOldAtOnce }) =>
      vault.store(PENDING_INGRESS_SECRET_ENTRY, {
        token: secret,
        secret: JSON.stringify({ mailbox, stopOldAtOnce })
      }),
    erasePendingIngressSecret: () => vault.erase(PENDING_INGRESS_SECRET_ENTRY)
  }
}

/** The mailbox's credentials for an operator's command, or the refusal that says why there are none to use. */
export async function requireInboxCredentials(port: InboxCredentialsPort): Promise<InboxCredentials> {
  const loaded = await port.load()
  if (loaded.kind === 'locked')
    throw new ApiFailure('mailbox_locked', {
      key: 'desktop.error.mailboxLocked',
      params: { reason: asClause(loaded.reason) }
    })
  if (loaded.kind === 'absent') throw new ApiFailure('no_mailbox', { key: 'desktop.error.noMailbox' })
  return loaded.credentials
}
