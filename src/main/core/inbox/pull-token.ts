// Rotating the mailbox's pull token (after it leaked) without ever locking the desktop out of its own mailbox. The
// new token is drawn here and kept in the vault (encrypted, its own entry) BEFORE the relay is asked to take it
// (packages/inbox-relay/README.md, "Rotation"): if the app dies, or the keychain fails to keep the token as the
// mailbox's, after the relay took it, the sync finds the pending token on its next pull and adopts it.
import { randomBytes } from 'node:crypto'
import { encodeNote } from '../../../shared/i18n/notes'
import type { Clock } from '../clock'
import { ApiFailure } from '../commands'
import type { InboxCredentials, InboxCredentialsPort } from './credentials'
import { faultDetail, rotatePullToken, type FetchPort } from './relay-client'

/** 32 random bytes, base64url: the size of the tokens the relay draws itself. */
function newPullToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Keeps a token the relay took as the mailbox's, then lets the pending entry go (in that order: never neither). */
export async function adoptPullToken(
  credentials: InboxCredentials,
  token: string,
  port: InboxCredentialsPort
): Promise<void> {
  if (credentials.pullToken !== token) await port.save({ ...credentials, pullToken: token })
  await port.erasePendingPullToken()
}

/**
 * A new pull token for the connected mailbox; the old one stops at once. A token left pending by a rotation that was
 * interrupted is proposed again (the relay may hold it already: asked under it, the relay answers the same).
 */
export async function rotateMailboxPullToken(
  credentials: InboxCredentials,
  deps: { fetch: FetchPort; clock: Clock; credentials: InboxCredentialsPort }
): Promise<void> {
  const pending = await deps.credentials.loadPendingPullToken()
  const proposed = pending !== null && pending !== credentials.pullToken ? pending : newPullToken()
  // Kept before the relay hears of it; a keychain that refuses stops the rotation here, with nothing changed.
  await deps.credentials.savePendingPullToken(proposed)
  const under = (pullToken: string) => ({
    baseUrl: credentials.relayUrl,
    mailbox: credentials.mailbox,
    pullToken,
    fetch: deps.fetch,
    clock: deps.clock
  })
  let rotated = await rotatePullToken(under(credentials.pullToken), proposed)
  // Refused under the old token: an earlier try's rotation reached the relay, and the proposed token is the one now.
  if (rotated.kind === 'auth-refused') rotated = await rotatePullToken(under(proposed), proposed)
  if (rotated.kind === 'network')
    throw new ApiFailure('relay_unreachable', {
      key: 'desktop.error.pullTokenRotateUnreachable',
      params: { detail: rotated.detail }
    })
  if (rotated.kind === 'outdated') {
    // The relay took nothing (it knows no proposals): the old token stays the mailbox's; nothing is left pending.
    await deps.credentials.erasePendingPullToken()
    throw new ApiFailure('relay_outdated', { key: 'desktop.error.relayOutdatedPullToken' })
  }
  if (rotated.kind !== 'rotated') {
    const detail =
      rotated.kind === 'auth-refused' ? encodeNote('inbox.fault.pullTokenRefused') : faultDetail(rotated)
    throw new ApiFailure('relay_refused', { key: 'desktop.error.relayRefused', params: { detail } })
  }
  await adoptPullToken(credentials, proposed, deps.credentials)
}
