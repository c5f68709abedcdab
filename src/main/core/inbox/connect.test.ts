// Connecting to a relay that cannot be reached is worded by its cause, never as the relay's refusal (QA: "The relay
// refused: the connection failed (ENOTFOUND)" for an address where no server answers); a relay's real HTTP refusal
// keeps its words.
import { describe, expect, it } from 'vitest'
import { systemClock } from '../clock'
import { MemoryVault } from '../vault'
import type { ApiFailure } from '../commands'
import { connectMailbox, connectFailure } from './connect'
import { rotateMailboxSecret } from './ingress-secret'
import { vaultInboxCredentials, type InboxCredentials } from './credentials'
import type { FetchPort } from './relay-client'

/** A fetch that fails as Node's does: a TypeError whose cause carries the system's code. */
function failingFetch(code: string): FetchPort {
  return async () => {
    throw new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) })
  }
}

async function connectThrough(fetch: FetchPort): Promise<{ code: string; message: string; field?: string }> {
  const result = await connectMailbox(
    { relayUrl: 'https://relay.example' },
    { fetch, clock: systemClock, credentials: vaultInboxCredentials(new MemoryVault()) }
  )
  if (result.kind !== 'refused' && result.kind !== 'unreachable') throw new Error(result.kind)
  const failure = connectFailure(result)
  return { code: failure.code, message: failure.message, field: failure.field }
}

describe('a relay that cannot be reached', () => {
  it.each([
    ['ENOTFOUND', 'Cannot connect: no server answers at relay.example. Check the address.'],
    ['EAI_AGAIN', 'Cannot connect: no server answers at relay.example. Check the address.'],
    ['ECONNREFUSED', 'Cannot connect: relay.example takes no connections on its port. Check the address.'],
    ['ETIMEDOUT', 'Cannot connect: the connection to relay.example timed out. Check the address.'],
    [
      'CERT_HAS_EXPIRED',
      'Cannot connect: the secure connection to relay.example failed (its certificate is not accepted). Check the address.'
    ]
  ])('%s is worded by its cause, on the address', async (code, words) => {
    expect(await connectThrough(failingFetch(code))).toEqual({
      code: 'relay_unreachable',
      message: words,
      field: 'relayUrl'
    })
  })

  it("a failure without a cause of its own names the relay, never the system's words (QA F18)", async () => {
    const failed = await connectThrough(async () => {
      throw new TypeError('fetch failed', { cause: new Error('bad port') })
    })
    expect(failed.message).toBe('Cannot connect: relay.example could not be reached. Check the address.')
  })

  it('a relay that answers with a refusal is still the relay refusing', async () => {
    const refused = await connectThrough(async () => new Response('busy', { status: 503 }))
    expect(refused).toEqual({
      code: 'relay_refused',
      message: 'The relay refused: the relay answered HTTP 503.',
      field: 'relayUrl'
    })
  })
})

// QA21 Q21-01: rotating while the relay is down said "The relay refused: … takes no connections"; nothing refused
// anything, and an operator rotating after a leak read it as the relay rejecting the rotation.
describe('rotating the secret', () => {
  const credentials = {
    relayUrl: 'https://relay.example',
    mailbox: 'mbx-1',
    pullToken: 'pull-1',
    privateKeyJwk: {} as InboxCredentials['privateKeyJwk'],
    ingressUrls: { incoming: 'old-in', tracking: 'old-tr', device: 'old-dev' }
  }

  async function rotateThrough(fetch: FetchPort): Promise<{ code: string; message: string; kept: unknown }> {
    const vault = vaultInboxCredentials(new MemoryVault())
    await vault.save(credentials)
    const failure = await rotateMailboxSecret(credentials, {
      fetch,
      clock: systemClock,
      credentials: vault
    }).then(
      () => {
        throw new Error('rotated')
      },
      (error: unknown) => error as ApiFailure
    )
    const kept = await vault.load()
    return {
      code: failure.code,
      message: failure.message,
      kept: kept.kind === 'found' ? kept.credentials.ingressUrls : kept.kind
    }
  }

  it('a relay that cannot be reached is said so, with what to do, and the old addresses stay', async () => {
    expect(await rotateThrough(failingFetch('ECONNREFUSED'))).toEqual({
      code: 'relay_unreachable',
      message:
        'The rotation is not finished: the relay’s answer did not come back (relay.example takes no connections on its port). This computer kept the new secret and asks the relay again by itself until it answers, so both end on the same one; the current addresses keep working meanwhile.',
      kept: credentials.ingressUrls
    })
  })

  it('a relay that answers with a refusal is still the relay refusing', async () => {
    const refused = await rotateThrough(async () => new Response('', { status: 401 }))
    expect(refused.code).toBe('relay_refused')
    expect(refused.message).toMatch(/^The relay refused: /)
  })
})

// QA21 Q21-05: a wrong creation token was reported as a missing one ("the relay needs its creation token"), on the
// address field: the operator who had just typed a token was told to give one, and pointed at the wrong field.
describe('a relay that asks for its creation token', () => {
  async function connectWith(creationToken?: string) {
    const result = await connectMailbox(
      { relayUrl: 'https://relay.example', ...(creationToken ? { creationToken } : {}) },
      {
        fetch: async () => new Response('', { status: 401 }),
        clock: systemClock,
        credentials: vaultInboxCredentials(new MemoryVault())
      }
    )
    if (result.kind !== 'refused' && result.kind !== 'unreachable') throw new Error(result.kind)
    const failure = connectFailure(result)
    return { message: failure.message, field: failure.field }
  }

  it('a token given and refused is said refused, on the token field', async () => {
    expect(await connectWith('wrong-token')).toEqual({
      message: 'The relay refused: the relay refused the creation token.',
      field: 'creationToken'
    })
  })

  it('no token given is said needed, on the token field where it goes', async () => {
    expect(await connectWith()).toEqual({
      message: 'The relay refused: the relay needs its creation token.',
      field: 'creationToken'
    })
  })
})
