// The relay's behaviour suite over the Durable Object's SQLite, in workerd through miniflare (no network).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeRelayBehaviour, SUITE_LIMITS } from './support/relay-behaviour'
import { durableObjectStoreRelay, type RelayUnderTest } from './support/relay-fixtures'

describe('relay handler over a Durable Object', () => {
  describeRelayBehaviour(durableObjectStoreRelay)
})

describe('a Durable Object for a name that is no mailbox', () => {
  let relay: RelayUnderTest
  beforeAll(async () => {
    relay = await durableObjectStoreRelay(SUITE_LIMITS)
  })
  afterAll(async () => {
    await relay.close()
  })

  it('writes nothing when strangers post to, pull from or purge a made-up name', async () => {
    const name = 'made-up-mailbox-name'
    const posted = await relay.fetch(`/h/${name}/guessed-secret/incoming`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"X"}'
    })
    expect([posted.status, posted.text]).toEqual([404, ''])
    expect(
      (await relay.fetch(`/m/${name}/events`, { headers: { authorization: 'Bearer guess' } })).status
    ).toBe(401)
    await relay.maintain(name)
    // Each name has an object of its own: had it made its tables, every made-up name would cost storage for good.
    expect(JSON.parse((await relay.fetch(`/__test/${name}/tables`)).text)).toEqual([])
  })
})
