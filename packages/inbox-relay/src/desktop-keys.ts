// The desktop's side of the encryption, pure WebCrypto: make the mailbox key pair (JWK, for the vault) and open
// the events the relay hands out.

import { fromBase64Url } from './encoding'
import { EnvelopeError, openEnvelope, type JsonWebKey, type OpenedEnvelope } from './envelope'
import type { RelayEvent } from './handler'

export { generateMailboxKeyPair, EnvelopeError, ENVELOPE_VERSION } from './envelope'
export type { MailboxKeyPair, EventKind, JsonWebKey } from './envelope'

export interface OpenedEvent extends OpenedEnvelope {
  /** The body as UTF-8 text (JSON or a form, as the gateway posted it). */
  text: string
}

/** Opens one event from `GET /m/{mailbox}/events`; throws EnvelopeError when it was tampered with or not for this key. */
export async function openRelayEvent(privateKeyJwk: JsonWebKey, event: RelayEvent): Promise<OpenedEvent> {
  let envelope: Uint8Array
  try {
    envelope = fromBase64Url(event.envelope)
  } catch (error) {
    throw new EnvelopeError('The envelope is not base64url.', { cause: error })
  }
  const opened = await openEnvelope(privateKeyJwk, envelope, {
    kind: event.kind,
    receivedAt: event.receivedAt
  })
  return { ...opened, text: new TextDecoder().decode(opened.body) }
}
