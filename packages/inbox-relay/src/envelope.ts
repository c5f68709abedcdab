// End-to-end encryption of relay events, WebCrypto only (Workers and Node both have it): the relay seals each webhook
// body to the mailbox's public key at ingress; only the desktop, holding the private key, opens it.
//
// Envelope v1 (bytes):  0x01 | ephemeral P-256 public key, raw uncompressed (65) | AES-GCM IV (12) | ciphertext+tag
//   key  = HKDF-SHA-256(ikm = ECDH(ephemeral private, mailbox public), salt = ephemeral public || mailbox public,
//                       info = "sender-desk/inbox-relay/v1") → AES-256-GCM
//   aad  = "sender-desk/inbox-relay/v1" | 0x00 | kind | 0x00 | receivedAt (decimal ms)
//   plaintext = u16 big-endian length of the content type | content type (UTF-8) | body bytes
// The AAD binds the metadata the relay stores in the clear, so a relay that swaps an event's kind or time is caught.

// Types only (erased at build): the project compiles with Node's lib, whose WebCrypto types live under node:crypto.
import type { webcrypto } from 'node:crypto'

type CryptoKey = webcrypto.CryptoKey
type CryptoKeyPair = webcrypto.CryptoKeyPair
type KeyUsage = webcrypto.KeyUsage
export type JsonWebKey = webcrypto.JsonWebKey

export const ENVELOPE_VERSION = 1
const INFO = 'sender-desk/inbox-relay/v1'
const PUBLIC_KEY_BYTES = 65
const IV_BYTES = 12
const TAG_BYTES = 16
const HEADER_BYTES = 1 + PUBLIC_KEY_BYTES + IV_BYTES
const CURVE = { name: 'ECDH', namedCurve: 'P-256' } as const

export type EventKind = 'incoming' | 'tracking' | 'device'

/** What the envelope's authenticated data covers besides the ciphertext: stored in the clear next to it. */
export interface EnvelopeBinding {
  kind: EventKind
  receivedAt: number
}

export interface OpenedEnvelope {
  contentType: string
  body: Uint8Array
}

/** A mailbox key pair as JWK: the public half goes to the relay, the private half into the desktop's vault. */
export interface MailboxKeyPair {
  publicKeyJwk: JsonWebKey
  privateKeyJwk: JsonWebKey
}

export class EnvelopeError extends Error {
  override readonly name = 'EnvelopeError'
}

const encoder = new TextEncoder()

export async function generateMailboxKeyPair(): Promise<MailboxKeyPair> {
  const pair = (await crypto.subtle.generateKey(CURVE, true, ['deriveBits'])) as CryptoKeyPair
  return {
    publicKeyJwk: await crypto.subtle.exportKey('jwk', pair.publicKey),
    privateKeyJwk: await crypto.subtle.exportKey('jwk', pair.privateKey)
  }
}

/** Checks a public key offered for a mailbox and imports it; throws EnvelopeError when it is not a P-256 ECDH key. */
export async function importMailboxPublicKey(jwk: unknown): Promise<CryptoKey> {
  if (typeof jwk !== 'object' || jwk === null) throw new EnvelopeError('The public key must be a JWK object.')
  const key = jwk as JsonWebKey
  if (key.kty !== 'EC' || key.crv !== 'P-256' || key.d !== undefined) {
    throw new EnvelopeError('The public key must be a P-256 EC public JWK (without "d").')
  }
  try {
    return await crypto.subtle.importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: key.x, y: key.y },
      CURVE,
      true,
      []
    )
  } catch (error) {
    throw new EnvelopeError('The public key is not a valid P-256 point.', { cause: error })
  }
}

export async function sealEnvelope(
  recipient: CryptoKey,
  content: OpenedEnvelope,
  binding: EnvelopeBinding
): Promise<Uint8Array> {
  const ephemeral = (await crypto.subtle.generateKey(CURVE, true, ['deriveBits'])) as CryptoKeyPair
  const ephemeralRaw = new Uint8Array(await crypto.subtle.exportKey('raw', ephemeral.publicKey))
  const recipientRaw = new Uint8Array(await crypto.subtle.exportKey('raw', recipient))
  const shared = await crypto.subtle.deriveBits(
    { name: 'ECDH', public: recipient },
    ephemeral.privateKey,
    256
  )
  const key = await contentKey(shared, ephemeralRaw, recipientRaw, ['encrypt'])
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: associatedData(binding) },
      key,
      framePlaintext(content)
    )
  )
  return concat([Uint8Array.of(ENVELOPE_VERSION), ephemeralRaw, iv, ciphertext])
}

/** Opens an envelope with the mailbox's private key; throws EnvelopeError on any tampering or a wrong key. */
export async function openEnvelope(
  privateKeyJwk: JsonWebKey,
  envelope: Uint8Array,
  binding: EnvelopeBinding
): Promise<OpenedEnvelope> {
  if (envelope.length < HEADER_BYTES + TAG_BYTES + 2) throw new EnvelopeError('The envelope is too short.')
  if (envelope[0] !== ENVELOPE_VERSION) throw new EnvelopeError(`Unknown envelope version ${envelope[0]}.`)
  const ephemeralRaw = envelope.slice(1, 1 + PUBLIC_KEY_BYTES)
  const iv = envelope.slice(1 + PUBLIC_KEY_BYTES, HEADER_BYTES)
  const ciphertext = envelope.slice(HEADER_BYTES)
  try {
    const { privateKey, recipientRaw } = await mailboxKeyOf(privateKeyJwk)
    const ephemeral = await crypto.subtle.importKey('raw', ephemeralRaw, CURVE, false, [])
    const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: ephemeral }, privateKey, 256)
    const key = await contentKey(shared, ephemeralRaw, recipientRaw, ['decrypt'])
    const plaintext = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv, additionalData: associatedData(binding) },
        key,
        ciphertext
      )
    )
    return unframePlaintext(plaintext)
  } catch (error) {
    if (error instanceof EnvelopeError) throw error
    throw new EnvelopeError('The envelope cannot be opened: tampered, or sealed to another key.', {
      cause: error
    })
  }
}

/** The mailbox's private key imported, and its public half raw: what every envelope of that mailbox opens with. */
interface MailboxKey {
  privateKey: CryptoKey
  recipientRaw: Uint8Array
}

/**
 * Imported once per JWK object, not once per envelope: importing a P-256 key validates its point synchronously, and
 * doing it twice per event made a catch-up of 10,000 events spend most of its time (and its event-loop blocks) there.
 * Keyed by the object, so a key the caller drops is dropped here too.
 */
const importedKeys = new WeakMap<JsonWebKey, Promise<MailboxKey>>()

function mailboxKeyOf(privateKeyJwk: JsonWebKey): Promise<MailboxKey> {
  let imported = importedKeys.get(privateKeyJwk)
  if (imported === undefined) {
    imported = importMailboxKey(privateKeyJwk)
    importedKeys.set(privateKeyJwk, imported)
    // A key that does not import is not kept: the next envelope tries again (and fails the same way).
    imported.catch(() => importedKeys.delete(privateKeyJwk))
  }
  return imported
}

async function importMailboxKey(privateKeyJwk: JsonWebKey): Promise<MailboxKey> {
  const privateKey = await crypto.subtle.importKey('jwk', privateKeyJwk, CURVE, true, ['deriveBits'])
  const publicKey = await crypto.subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', x: privateKeyJwk.x, y: privateKeyJwk.y },
    CURVE,
    true,
    []
  )
  return { privateKey, recipientRaw: new Uint8Array(await crypto.subtle.exportKey('raw', publicKey)) }
}

async function contentKey(
  shared: ArrayBuffer,
  ephemeralRaw: Uint8Array,
  recipientRaw: Uint8Array,
  usages: KeyUsage[]
): Promise<CryptoKey> {
  const ikm = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey'])
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: concat([ephemeralRaw, recipientRaw]), info: encoder.encode(INFO) },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    usages
  )
}

function associatedData({ kind, receivedAt }: EnvelopeBinding): Uint8Array<ArrayBuffer> {
  return encoder.encode(`${INFO}\u0000${kind}\u0000${receivedAt}`)
}

function framePlaintext({ contentType, body }: OpenedEnvelope): Uint8Array<ArrayBuffer> {
  const type = encoder.encode(contentType)
  if (type.length > 0xffff) throw new EnvelopeError('The content type is too long.')
  return concat([Uint8Array.of(type.length >> 8, type.length & 0xff), type, body])
}

function unframePlaintext(plaintext: Uint8Array): OpenedEnvelope {
  const typeLength = ((plaintext[0] ?? 0) << 8) | (plaintext[1] ?? 0)
  if (plaintext.length < 2 + typeLength) throw new EnvelopeError('The envelope content is malformed.')
  return {
    contentType: new TextDecoder().decode(plaintext.slice(2, 2 + typeLength)),
    body: plaintext.slice(2 + typeLength)
  }
}

export function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
