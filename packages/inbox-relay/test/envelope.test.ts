// The sealed-event format on its own: what the relay seals at ingress the desktop opens, and nothing else opens.
import { describe, expect, it, vi } from 'vitest'
import {
  EnvelopeError,
  generateMailboxKeyPair,
  importMailboxPublicKey,
  openEnvelope,
  sealEnvelope
} from '../src/envelope'
import { fromBase64Url, toBase64Url } from '../src/encoding'

const binding = { kind: 'incoming', receivedAt: 1_767_600_000_000 } as const

describe('mailbox envelopes', () => {
  it('opens what was sealed to the key, bytes and content type intact, with the private key kept as JSON', async () => {
    const keys = await generateMailboxKeyPair()
    const vaulted = JSON.parse(JSON.stringify(keys.privateKeyJwk)) as typeof keys.privateKeyJwk
    const body = Uint8Array.from({ length: 300 }, (_, i) => i % 256)
    const envelope = await sealEnvelope(
      await importMailboxPublicKey(keys.publicKeyJwk),
      { contentType: 'multipart/form-data; boundary=b', body },
      binding
    )
    const opened = await openEnvelope(vaulted, envelope, binding)
    expect(opened.contentType).toBe('multipart/form-data; boundary=b')
    expect([...opened.body]).toEqual([...body])
  })

  it('imports the mailbox key once for a page of envelopes, not for each one (a catch-up opens thousands)', async () => {
    const keys = await generateMailboxKeyPair()
    const recipient = await importMailboxPublicKey(keys.publicKeyJwk)
    const content = { contentType: 'application/json', body: new TextEncoder().encode('{"id":"X"}') }
    const envelopes = await Promise.all(
      Array.from({ length: 5 }, () => sealEnvelope(recipient, content, binding))
    )
    const imports = vi.spyOn(crypto.subtle, 'importKey')
    try {
      for (const envelope of envelopes) await openEnvelope(keys.privateKeyJwk, envelope, binding)
      // importKey is overloaded; its calls are read as (format, key data, algorithm).
      const calls = imports.mock.calls as unknown as [string, unknown, unknown][]
      const jwkImports = calls.filter(([format]) => format === 'jwk')
      // The private key and its public half, once; each envelope imports only its own ephemeral key (raw).
      expect(jwkImports).toHaveLength(2)
      expect(calls.filter(([format, , algorithm]) => format === 'raw' && algorithm !== 'HKDF')).toHaveLength(
        5
      )
      // Another key (another JWK object) is imported for itself, and opens nothing sealed to the first.
      const other = await generateMailboxKeyPair()
      await expect(openEnvelope(other.privateKeyJwk, envelopes[0]!, binding)).rejects.toBeInstanceOf(
        EnvelopeError
      )
    } finally {
      imports.mockRestore()
    }
  })

  it('seals the same body differently each time (a fresh ephemeral key and IV per event)', async () => {
    const keys = await generateMailboxKeyPair()
    const recipient = await importMailboxPublicKey(keys.publicKeyJwk)
    const content = { contentType: 'application/json', body: new TextEncoder().encode('{"id":"X"}') }
    const [a, b] = await Promise.all([
      sealEnvelope(recipient, content, binding),
      sealEnvelope(recipient, content, binding)
    ])
    expect(Buffer.from(a!).equals(Buffer.from(b!))).toBe(false)
    expect(Buffer.from(a!.slice(1, 66)).equals(Buffer.from(b!.slice(1, 66)))).toBe(false)
  })

  it('refuses an unknown version, a short envelope and any flipped byte', async () => {
    const keys = await generateMailboxKeyPair()
    const content = { contentType: 'application/json', body: new TextEncoder().encode('{"id":"Y"}') }
    const envelope = await sealEnvelope(await importMailboxPublicKey(keys.publicKeyJwk), content, binding)
    const version2 = envelope.slice()
    version2[0] = 2
    await expect(openEnvelope(keys.privateKeyJwk, version2, binding)).rejects.toThrow(
      /Unknown envelope version 2/
    )
    await expect(openEnvelope(keys.privateKeyJwk, envelope.slice(0, 40), binding)).rejects.toThrow(
      /too short/
    )
    for (const position of [1, 40, 66, 70, 78, envelope.length - 1]) {
      const flipped = envelope.slice()
      flipped[position]! ^= 0x80
      await expect(openEnvelope(keys.privateKeyJwk, flipped, binding)).rejects.toBeInstanceOf(EnvelopeError)
    }
  })

  it('takes only a P-256 public key for a mailbox', async () => {
    const keys = await generateMailboxKeyPair()
    await expect(importMailboxPublicKey(keys.publicKeyJwk)).resolves.toBeDefined()
    const refused = [
      null,
      keys.privateKeyJwk,
      { ...keys.publicKeyJwk, crv: 'P-384' },
      { kty: 'RSA', n: 'x', e: 'AQAB' },
      { ...keys.publicKeyJwk, y: keys.publicKeyJwk.x }
    ]
    for (const jwk of refused) await expect(importMailboxPublicKey(jwk)).rejects.toBeInstanceOf(EnvelopeError)
  })
})

describe('base64url on the wire', () => {
  it('reads every byte back from the relay’s encoding and refuses any character outside the alphabet', () => {
    const bytes = Uint8Array.from({ length: 259 }, (_, i) => (i * 7) % 256)
    const text = toBase64Url(bytes)
    expect(text).toBe(Buffer.from(bytes).toString('base64url'))
    expect([...fromBase64Url(text)]).toEqual([...bytes])
    expect(fromBase64Url('').length).toBe(0)
    for (const bad of [
      `${text}=`,
      text.replace(/^./, '+'),
      `${text.slice(0, 8)}/${text.slice(9)}`,
      'ab cd',
      'abé',
      `${text}\n`
    ])
      expect(() => fromBase64Url(bad), bad).toThrow('Not base64url.')
  })
})
