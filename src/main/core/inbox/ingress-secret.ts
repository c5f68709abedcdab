// Rotating the mailbox's ingress secret (the one in the webhook URLs) so that an answer lost on the way back never
// leaves the relay on a secret this computer does not know. The new secret is drawn here and kept in the vault
// (encrypted, its own entry) BEFORE the relay is asked to take it (packages/inbox-relay/README.md, "Rotation"):
// asking again with it — the operator's retry, or the next start — is the same answer, and the old secret keeps the
// grace the first rotation gave it.
import { randomBytes } from 'node:crypto'
import { encodeNote } from '../../../shared/i18n/notes'
import type { Clock } from '../clock'
import { ApiFailure } from '../commands'
import type { InboxCredentials, InboxCredentialsPort, IngressUrls, PendingIngressSecret } from './credentials'
import { faultDetail, rotateIngressSecret, type FetchPort } from './relay-client'

/** 32 random bytes, base64url: the size of the secrets the relay draws itself. */
function newIngressSecret(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * A new ingress secret for the connected mailbox, its URLs kept in the vault in place of the old ones. The old secret
 * keeps working for the relay's grace period (a day): time to set the new URLs in the gateway, the device-status one
 * by hand in its dashboard. After a leak, `stopOldAtOnce` ends the old one now. A secret left pending by a rotation
 * whose answer was lost is proposed again (the relay may hold it already: it then answers the same, changing nothing).
 */
export async function rotateMailboxSecret(
  credentials: InboxCredentials,
  deps: { fetch: FetchPort; clock: Clock; credentials: InboxCredentialsPort },
  options: { stopOldAtOnce?: boolean } = {}
): Promise<IngressUrls> {
  const pending = await deps.credentials.loadPendingIngressSecret()
  const resumed = pending !== null && pending.mailbox === credentials.mailbox ? pending : null
  const proposal: PendingIngressSecret = {
    secret: resumed?.secret ?? newIngressSecret(),
    mailbox: credentials.mailbox,
    // Once asked to stop the old secret at once (a leak), a retry asks the same: the relay may have done it already.
    stopOldAtOnce: options.stopOldAtOnce === true || resumed?.stopOldAtOnce === true
  }
  // Kept before the relay hears of it; a keychain that refuses stops the rotation here, with nothing changed.
  await deps.credentials.savePendingIngressSecret(proposal)
  const rotated = await rotateIngressSecret(
    {
      baseUrl: credentials.relayUrl,
      mailbox: credentials.mailbox,
      pullToken: credentials.pullToken,
      fetch: deps.fetch,
      clock: deps.clock
    },
    proposal.secret,
    proposal.stopOldAtOnce ? { graceSeconds: 0 } : {}
  )
  // Nothing answered (or the answer was lost): the relay may have taken it. The pending secret stays, so the next
  // rotation or the next start asks again with it and both sides end on the same secret.
  if (rotated.kind === 'network')
    throw new ApiFailure('relay_unreachable', {
      key: 'desktop.error.rotateUnreachable',
      params: { detail: rotated.detail }
    })
  if (rotated.kind === 'outdated') {
    // The relay took nothing (it knows no proposals): the current URLs stay the mailbox's; nothing is left pending.
    await deps.credentials.erasePendingIngressSecret()
    throw new ApiFailure('relay_outdated', { key: 'desktop.error.relayOutdatedSecret' })
  }
  // The relay took the secret but hands out plain-http addresses: none reaches the gateway; the pending secret stays,
  // so a rotation after the relay is given its https:// address ends on the same secret.
  if (rotated.kind === 'unusable')
    throw new ApiFailure('relay_unusable', {
      key: 'desktop.error.relayUnusable',
      params: { detail: rotated.detail }
    })
  if (rotated.kind !== 'rotated') {
    const detail =
      rotated.kind === 'auth-refused' ? encodeNote('inbox.fault.pullTokenRefused') : faultDetail(rotated)
    throw new ApiFailure('relay_refused', { key: 'desktop.error.relayRefused', params: { detail } })
  }
  const { incoming, tracking, device } = rotated.rotated.urls
  const ingressUrls = { incoming, tracking, device }
  // The URLs first, then the pending entry: a failure between the two leaves a retry that changes nothing.
  await deps.credentials.save({ ...credentials, ingressUrls })
  await deps.credentials.erasePendingIngressSecret()
  return ingressUrls
}

/** Whether a rotation of this mailbox's secret waits to be finished, and how it asked the old secret to end. */
export async function pendingSecretRotation(
  port: InboxCredentialsPort,
  mailbox: string
): Promise<{ stopOldAtOnce: boolean } | null> {
  const pending = await port.loadPendingIngressSecret()
  if (pending === null) return null
  // Left by a mailbox since replaced: nothing to finish (the new mailbox's relay never heard of it).
  if (pending.mailbox !== mailbox) {
    await port.erasePendingIngressSecret()
    return null
  }
  return { stopOldAtOnce: pending.stopOldAtOnce }
}
