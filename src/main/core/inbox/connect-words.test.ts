// QA30: what the set-up says when a connect does not happen, in the operator's language, naming the right field and
// cause. Q30-04: a relay that hands out plain-http webhook addresses (the ingress secret in clear) is not used.
// Q30-05: no relay's English passed through as the sentence. Q30-06: the app's own address rule is not "the relay
// refused", and is about the relay's address, not the gateway's. Q30-07: https to a plain-http relay and a server
// that is no relay are named as such.
import { describe, expect, it } from 'vitest'
import { coreText } from '../../../shared/i18n/notes'
import { systemClock } from '../clock'
import { ApiFailure } from '../commands'
import { MemoryVault } from '../vault'
import { connectFailure, connectMailbox } from './connect'
import { vaultInboxCredentials, type InboxCredentials } from './credentials'
import { rotateMailboxSecret } from './ingress-secret'
import type { FetchPort } from './relay-client'

/** English words that must not reach an Indonesian sentence (the relay's, the address rule's, ours). */
const ENGLISH = /\b(the|address|refused|must|would|route|answered|certificate|gateway)\b/i

interface Worded {
  code: string
  field?: string
  en: string
  id: string
}

function worded(failure: ApiFailure): Worded {
  const { key, params } = failure.text ?? {}
  return {
    code: failure.code,
    field: failure.field,
    en: coreText('en', failure.message, key, params),
    id: coreText('id', failure.message, key, params)
  }
}

async function connectThrough(relayUrl: string, fetch: FetchPort, allowInsecureHttp = false) {
  const credentials = vaultInboxCredentials(new MemoryVault())
  const result = await connectMailbox(
    { relayUrl, allowInsecureHttp },
    { fetch, clock: systemClock, credentials }
  )
  if (result.kind === 'connected' || result.kind === 'already-connected') return { result, saved: true }
  const saved = (await credentials.load()).kind === 'found'
  return { result, saved, failure: worded(connectFailure(result)) }
}

function createdAnswer(base: string): Response {
  const urls = {
    incoming: `${base}/h/mbx-1/secret/incoming`,
    tracking: `${base}/h/mbx-1/secret/tracking`,
    device: `${base}/h/mbx-1/secret/device`,
    events: `${base}/m/mbx-1/events`
  }
  return Response.json(
    { mailbox: 'mbx-1', ingressSecret: 'secret', pullToken: 'pull', urls },
    { status: 201 }
  )
}

describe('webhook addresses a relay hands out (Q30-04)', () => {
  it('plain-http addresses from a relay elsewhere are refused, nothing kept, in words that say what to do', async () => {
    const { result, saved, failure } = await connectThrough('https://relay.example.com', async () =>
      createdAnswer('http://relay.example.com')
    )
    expect(result.kind).not.toBe('connected')
    expect(saved).toBe(false)
    expect(failure?.code).toBe('relay_unusable')
    expect(failure?.field).toBe('relayUrl')
    expect(failure?.en).toContain('http://')
    expect(failure?.en).toContain('--public-url')
    expect(failure?.en).not.toMatch(/refused/i)
    expect(failure?.id).not.toMatch(ENGLISH)
  })

  it('a relay on this computer may hand out loopback http addresses (the local relay, the sandbox)', async () => {
    for (const base of ['http://127.0.0.1:47331', 'http://localhost:47331']) {
      const { result } = await connectThrough(base, async () => createdAnswer(base))
      expect(result.kind).toBe('connected')
    }
  })

  it('a rotation answered with plain-http addresses keeps the old ones and says why', async () => {
    const credentials: InboxCredentials = {
      relayUrl: 'https://relay.example.com',
      mailbox: 'mbx-1',
      pullToken: 'pull-1',
      privateKeyJwk: {} as InboxCredentials['privateKeyJwk'],
      ingressUrls: { incoming: 'old-in', tracking: 'old-tr', device: 'old-dev' }
    }
    const vault = vaultInboxCredentials(new MemoryVault())
    await vault.save(credentials)
    const fetch: FetchPort = async (_url, init) => {
      const { ingressSecret } = JSON.parse(String(init.body)) as { ingressSecret: string }
      const base = `http://relay.example.com/h/mbx-1/${ingressSecret}`
      return Response.json({
        ingressSecret,
        urls: { incoming: `${base}/incoming`, tracking: `${base}/tracking`, device: `${base}/device` }
      })
    }
    const failure = await rotateMailboxSecret(credentials, {
      fetch,
      clock: systemClock,
      credentials: vault
    }).then(
      () => null,
      (error: unknown) => worded(error as ApiFailure)
    )
    expect(failure?.code).toBe('relay_unusable')
    expect(failure?.en).toContain('--public-url')
    const kept = await vault.load()
    expect(kept.kind === 'found' && kept.credentials.ingressUrls).toEqual(credentials.ingressUrls)
  })
})

describe("the app's own rule on the relay's address (Q30-05, Q30-06)", () => {
  const noRequest: FetchPort = async () => {
    throw new Error('no relay is asked for an address the rule refuses')
  }

  it.each([
    ['ftp://127.0.0.1:47332', /https:\/\//],
    ['http://192.0.2.10:47332', /pull token/]
  ])(
    '%s is refused on the address field as the address, never as the relay refusing',
    async (address, names) => {
      const { failure } = await connectThrough(address, noRequest)
      expect(failure?.code).toBe('relay_address')
      expect(failure?.field).toBe('relayUrl')
      expect(failure?.en).toMatch(/relay’s address/)
      expect(failure?.en).toMatch(names)
      expect(failure?.en).not.toMatch(/refused|gateway/i)
      expect(failure?.id).not.toMatch(ENGLISH)
      expect(failure?.id).toMatch(/alamat relay/i)
    }
  )

  it.each(['', 'http:/127.0.0.1', 'https://user:pw@relay.example.com', 'https://relay.example.com/?token=1'])(
    '"%s" is worded in both languages',
    async (address) => {
      const { failure } = await connectThrough(address, noRequest)
      expect(failure?.code).toBe('relay_address')
      expect(failure?.en).not.toMatch(/gateway/i)
      expect(failure?.id).not.toMatch(ENGLISH)
    }
  )
})

describe('what a server answered, worded by the app (Q30-05, Q30-07)', () => {
  it("a relay's 404 for an address with a path names the path, never the relay's English", async () => {
    const { failure } = await connectThrough('http://127.0.0.1:47332/x', async () =>
      Response.json({ error: 'not_found', message: 'No such route.' }, { status: 404 })
    )
    expect(failure?.field).toBe('relayUrl')
    expect(failure?.en).toContain('/x')
    expect(failure?.en).not.toContain('No such route')
    expect(failure?.id).toContain('/x')
    expect(failure?.id).not.toMatch(ENGLISH)
  })

  it("a relay's refusal with an English message keeps it out of the sentence", async () => {
    const { failure } = await connectThrough('https://relay.example.com', async () =>
      Response.json(
        { error: 'bad_public_key', message: 'The key is not a P-256 public key.' },
        { status: 400 }
      )
    )
    expect(failure?.code).toBe('relay_refused')
    expect(failure?.en).not.toContain('P-256')
    expect(failure?.id).not.toMatch(ENGLISH)
  })

  it('a server that is not a relay is named so, with /healthz to check, never "the relay refused"', async () => {
    const { failure } = await connectThrough(
      'http://127.0.0.1:47330',
      async () => new Response('<!doctype html><title>Sender Desk</title>', { status: 404 })
    )
    expect(failure?.code).toBe('relay_unusable')
    expect(failure?.en).toMatch(/not a Sender Desk relay/)
    expect(failure?.en).toContain('/healthz')
    expect(failure?.en).not.toMatch(/refused/i)
    expect(failure?.id).toContain('/healthz')
    expect(failure?.id).not.toMatch(ENGLISH)
  })

  it('https:// to a relay that speaks plain http says so, with http:// for this computer, not a certificate', async () => {
    const { failure } = await connectThrough('https://127.0.0.1:47332', async () => {
      const cause = Object.assign(new Error('wrong version number'), { code: 'ERR_SSL_WRONG_VERSION_NUMBER' })
      throw new TypeError('fetch failed', { cause })
    })
    expect(failure?.code).toBe('relay_unreachable')
    expect(failure?.en).not.toMatch(/certificate/)
    expect(failure?.en).toContain('http://')
    expect(failure?.id).not.toMatch(ENGLISH)
  })
})
