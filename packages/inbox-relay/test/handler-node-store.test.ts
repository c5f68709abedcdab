// The relay's behaviour suite over the Node host's store (better-sqlite3), in process.
import { describe } from 'vitest'
import { describeRelayBehaviour } from './support/relay-behaviour'
import { nodeStoreRelay } from './support/relay-fixtures'

describe('relay handler over better-sqlite3', () => {
  describeRelayBehaviour(nodeStoreRelay)
})
