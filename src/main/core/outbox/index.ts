// The outbox's public surface: create one over an open database and a client per device.
export {
  createOutbox,
  DEFAULT_OUTBOX_OPTIONS,
  type Outbox,
  type CreateOutboxInput,
  type FlushOptions,
  type BulkResult,
  processAlive
} from './outbox'
export { nextChunkSize } from './turns'
export {
  OutboxError,
  type OutboxErrorCode,
  type OutboxOptions,
  type EnqueueInput,
  type EnqueueEntry,
  type SeriesInput,
  type TextEntry,
  type FileEntry,
  type ScheduleSpec,
  type ListFilter,
  type EditInput,
  type FlushProgress,
  type FlushSummary,
  type BlockReason,
  type OutboxEvents,
  type SendingPort,
  type SendGate
} from './types'
export type { SweepResult } from './retention'
export { fileEntryOf } from './file-entry'
export { sendFailureReason } from './send-errors'
export type { OutboxHistoryEntry } from './views'
export { createSendingCommands, sendingRemovalHook } from './commands'
export type { SendingChannel, SendingCommandsDeps } from './commands'
