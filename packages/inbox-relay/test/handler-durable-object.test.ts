// The relay's behaviour suite over the Durable Object's SQLite, in workerd through miniflare (no network).
import { describe } from 'vitest'
import { describeRelayBehaviour } from './support/relay-behaviour'
import { durableObjectStoreRelay } from './support/relay-fixtures'

describe('relay handler over a Durable Object', () => {
  describeRelayBehaviour(durableObjectStoreRelay)
})
