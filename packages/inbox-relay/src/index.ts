// The inbox relay's public API: the fetch-style handler over a store, the Node host, and the desktop's key and
// envelope helpers. The Cloudflare Worker entry is `./worker` (see wrangler.toml). Everything else is internal.

export { createRelay, isMailboxName, EVENT_KINDS } from './handler'
export type {
  CreatedMailbox,
  EventsAnswer,
  Relay,
  RelayEvent,
  RelayOptions,
  RelayStorageReport
} from './handler'
export { startNodeRelay } from './node-host'
export type { NodeRelay, NodeRelayOptions } from './node-host'
export { RelayDataDirLockedError } from './node-sqlite'
export { DEFAULT_LIMITS } from './limits'
export type { RelayLimits } from './limits'
export type { RateLimit } from './rate-limit'
export type { RelayClock } from './clock'
export type { RelayStore } from './store'
export { generateMailboxKeyPair, openRelayEvent, EnvelopeError, ENVELOPE_VERSION } from './desktop-keys'
export type { EventKind, MailboxKeyPair, OpenedEvent } from './desktop-keys'
