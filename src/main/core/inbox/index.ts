// The inbox feature's public surface: messages in from the relay (gateway-api.md §5), pulled exactly once.
export { createInbox, type Inbox, type InboxDeps } from './inbox'
export { createInboxCommands, inboxStatusView, type InboxChannel } from './commands'
export {
  InboxSync,
  DEFAULT_SYNC_OPTIONS,
  type InboxSyncOptions,
  type InboxSyncState,
  type InboxSyncStatus,
  type SyncStep
} from './sync'
export {
  vaultInboxCredentials,
  INBOX_VAULT_ENTRY,
  type InboxCredentials,
  type InboxCredentialsLoad,
  type InboxCredentialsPort,
  type IngressUrls
} from './credentials'
export { Receiving, type ReceivingDeps, type RotationOutcome } from './receiving'
export type { ConnectInput, ConnectResult } from './connect'
export { LocalRelay, LOCAL_RELAY_FOLDER, type LocalRelayAddress } from './local-relay'
export type { DeviceStatusTarget, KeywordChange, KeywordTarget, StatusTargets, TrackingTarget } from './apply'
export type { FetchPort, RelayStorage } from './relay-client'
export type { DeviceDirectory, InboxConversations, SentToChat } from './conversations'
export { createConversationCommands, type ConversationChannel } from './conversation-commands'
export { createMediaCommands, type MediaChannel } from './media-commands'
export { inboxMediaDir, type MediaFetcher } from './media-fetcher'
export {
  optOutConfirmations,
  type OptOutConfirmationDeps,
  type OptOutConfirmations
} from './opt-out-confirmation'
