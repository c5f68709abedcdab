// The store's public surface: open the database, the outbox, settings and inbox tables, and app-managed attachment files.
export {
  openDatabase,
  pendingDataUpdate,
  otherConnectionsVersion,
  DATABASE_FILE,
  LATEST_SCHEMA_VERSION,
  type DataUpdateProgress,
  type OpenDatabaseOptions,
  type SqliteDatabase
} from './database'
export { watchOtherProcessCommits, OTHER_PROCESS_POLL_MS } from './other-process-commits'
export { checkpointInBackground, type BackgroundCheckpoints } from './background-checkpoints'
export { StoreError, DiskFullError, DamagedStoreError, isDiskFull, type StoreErrorCode } from './errors'
export { migrate, migrations, schemaVersion, type Migration, type MigrationStep } from './migrations'
export {
  OutboxStore,
  ITEM_STATUSES,
  campaignTag,
  type ItemRecord,
  UNSENT,
  type ItemPatch,
  type ItemStatus,
  type ItemKind,
  type NewItem,
  type HistoryRecord,
  type ItemFilter,
  type StatusCounts,
  type GatewayScheduleRecord,
  type AttachmentRecord,
  type ActiveCount,
  type ScheduleOp,
  type OpenBatchRecord,
  type ItemOutcome,
  type SendLogCounts
} from './outbox-store'
export { SENDS_KEPT_MS } from './outbox-send-counts-store'
export type { ChatPlace } from './outbox-records'
export type { ProgressPoints } from './outbox-progress'
export { producerRefsIn, type ProducerRefsPage } from './outbox-producer-refs'
export { producerUnsent, type UnsentItem } from './outbox-producer-unsent'
export { producerLatestTakeBack, producerOpenTakeBacks } from './outbox-producer-takebacks'
export {
  arrived,
  followOnItsWay,
  followsOnItsWay,
  requestFollowing,
  sentAgain
} from './outbox-takeback-on-its-way'
export {
  OutboxTakeBackStore,
  type TakeBackAction,
  type TakeBackOpState,
  type TakeBackRequestState,
  type TakeBackRequestRecord,
  type TakeBackOpRecord,
  type NewTakeBackOp,
  type TakeBackSubjectRecord
} from './outbox-takeback-store'
export { SettingsStore } from './settings-store'
export { GatewayBlacklistStore, type ConfirmationWaitRecord } from './gateway-blacklist-store'
export {
  InboxConversationsStore,
  deviceKeyOf,
  type ArrivedMessage,
  type ConversationRecord,
  type ConversationFilter,
  type FoundMessage
} from './inbox-conversations-store'
export {
  InboxMediaStore,
  MEDIA_STATES,
  type MediaJob,
  type MediaRecord,
  type MediaState
} from './inbox-media-store'
export { ContactsStore, type ContactRecord, type ContactSource } from './contacts-store'
export { CannedRepliesStore, type CannedReplyRecord } from './canned-replies-store'
export { AutoReplyRulesStore, type CachedAutoReplyRule } from './autoreply-rules-store'
export {
  SeriesStore,
  type SeriesRecord,
  type SeriesEntryRecord,
  type SeriesPatch,
  type SeriesRuleKind,
  type SeriesWithdrawal
} from './series-store'
export { ReminderStore, type ReminderRecord, type ReminderPeriode } from './reminder-store'
export { InvoiceStore, type InvoiceRecord } from './invoice-store'
export {
  storeAttachment,
  storeAttachmentFrom,
  AttachmentTooLongError,
  type CopiedAttachment,
  readAttachment,
  removeAttachmentFile,
  removeStrayAttachmentFiles,
  attachmentPath,
  attachmentsDir,
  hasAttachment,
  AttachmentError,
  type StoredAttachment,
  type AttachmentErrorCode
} from './attachments'
export {
  CampaignStore,
  type CampaignRecord,
  type CampaignRowRecord,
  type CampaignRowResult,
  type CampaignDeviceRecord,
  type CampaignStatus,
  type CampaignEndReason,
  type ContactNameFromRow,
  type ImportingCampaign,
  type OptOutRecord
} from './campaign-store'
export {
  InboxStore,
  type InboxCounts,
  type InboxEventKind,
  type InboxMessageRecord,
  type InboxRefusalRecord,
  type NewInboxEvent,
  type NewInboxMessage,
  type PendingInboxEvent
} from './inbox-store'
