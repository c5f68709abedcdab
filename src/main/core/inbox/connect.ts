// Connecting the desktop to a relay: a fresh key pair (the private half never leaves this computer), a new mailbox
// created with the public half, and the credentials kept in the vault. The answer carries the three webhook URLs to
// set in the gateway — shown once, as the relay shows them once.
import { generateMailboxKeyPair } from '@sender-desk/inbox-relay'
import { checkBaseUrl, type BaseUrlProblem } from '../../../shared/domain'
import type { MessageKey } from '../../../shared/i18n'
import { encodeNote } from '../../../shared/i18n/notes'
import type { Clock } from '../clock'
import { ApiFailure } from '../commands'
import type { InboxCredentialsPort } from './credentials'
import { createRelayMailbox, faultDetail, type FetchPort } from './relay-client'

export interface ConnectInput {
  relayUrl: string
  /** The relay's creation token, when it has one. */
  creationToken?: string
  /** Plain http:// to another computer (the pull token would travel unencrypted); loopback needs no opt-in. */
  allowInsecureHttp?: boolean
  /** Replace a mailbox already connected (its events not yet pulled stay on the relay, unread by this desktop). */
  replace?: boolean
}

export type ConnectResult =
  | {
      kind: 'connected'
      relayUrl: string
      mailbox: string
      urls: { incoming: string; tracking: string; device: string }
    }
  | { kind: 'already-connected'; relayUrl: string; mailbox: string }
  /** `field`: the form's field the refusal is about (the creation token), else the relay's address. */
  | { kind: 'refused'; detail: string; field?: 'creationToken' }
  /** No relay answered at all (its name unknown, nothing listening, timed out, a failed secure connection). */
  | { kind: 'unreachable'; detail: string }
  /** This computer's own rule refused the relay's address: no relay was asked. */
  | { kind: 'bad-address'; detail: string }
  /** Something answered, but no relay this computer can use (no relay at all, or plain-http webhook addresses). */
  | { kind: 'unusable'; detail: string }

export type ConnectFailure = Extract<
  ConnectResult,
  { kind: 'refused' | 'unreachable' | 'bad-address' | 'unusable' }
>

/** The address rule's problems in words about the relay's address (the rule's own English is about gateways). */
const ADDRESS_PROBLEM: Readonly<Record<BaseUrlProblem, MessageKey>> = {
  empty: 'inbox.relayAddress.empty',
  not_a_url: 'inbox.relayAddress.notAUrl',
  scheme: 'inbox.relayAddress.scheme',
  credentials: 'inbox.relayAddress.credentials',
  query: 'inbox.relayAddress.query',
  insecure_http: 'inbox.relayAddress.insecureHttp'
}

/**
 * The operator's words for a connect that did not happen, on the address field (on the token's when the refusal is
 * about the creation token): a refusal is the relay's (or the address rule's) answer; an unreachable relay said
 * nothing, so it is worded by the cause, never as a refusal.
 */
export function connectFailure(result: ConnectFailure): ApiFailure {
  const params = { detail: result.detail }
  switch (result.kind) {
    case 'unreachable':
      return new ApiFailure(
        'relay_unreachable',
        { key: 'desktop.error.relayUnreachable', params },
        'relayUrl'
      )
    case 'bad-address':
      return new ApiFailure('relay_address', { key: 'desktop.error.relayAddress', params }, 'relayUrl')
    case 'unusable':
      return new ApiFailure('relay_unusable', { key: 'desktop.error.relayUnusable', params }, 'relayUrl')
    case 'refused':
      return new ApiFailure(
        'relay_refused',
        { key: 'desktop.error.relayRefused', params },
        result.field ?? 'relayUrl'
      )
  }
}

export async function connectMailbox(
  input: ConnectInput,
  deps: { fetch: FetchPort; clock: Clock; credentials: InboxCredentialsPort }
): Promise<ConnectResult> {
  const checked = checkBaseUrl(input.relayUrl, { allowInsecureHttp: input.allowInsecureHttp })
  if (!checked.ok) return { kind: 'bad-address', detail: encodeNote(ADDRESS_PROBLEM[checked.problem]) }
  const existing = await deps.credentials.load()
  if (existing.kind === 'found' && !input.replace) {
    const { relayUrl, mailbox } = existing.credentials
    return { kind: 'already-connected', relayUrl, mailbox }
  }
  const keys = await generateMailboxKeyPair()
  const created = await createRelayMailbox({
    relayUrl: checked.value,
    publicKeyJwk: keys.publicKeyJwk,
    creationToken: input.creationToken,
    fetch: deps.fetch,
    clock: deps.clock
  })
  if (created.kind === 'network') return { kind: 'unreachable', detail: created.detail }
  if (created.kind === 'auth-refused')
    return { kind: 'refused', detail: encodeNote('inbox.fault.creationTokenRefused'), field: 'creationToken' }
  if (created.kind === 'creation-refused')
    return { kind: 'refused', detail: created.detail, field: 'creationToken' }
  if (created.kind === 'refused' || created.kind === 'unusable') return created
  if (created.kind !== 'created') return { kind: 'refused', detail: faultDetail(created) }
  const { mailbox, pullToken, urls } = created.created
  await deps.credentials.save({
    relayUrl: checked.value,
    mailbox,
    pullToken,
    privateKeyJwk: keys.privateKeyJwk,
    // Kept so that "Receive messages" can set them in the gateway later, and show the device-status one again.
    ingressUrls: { incoming: urls.incoming, tracking: urls.tracking, device: urls.device }
  })
  return { kind: 'connected', relayUrl: checked.value, mailbox, urls }
}
