// The send-queue kernel's public surface: the queue over an open database and a client per device, the narrow port
// producers get, the send-policy port, and the shapes and errors they share.
export { createSendQueue, type SendQueue, type QueuePort, type ProducerOutcomes } from './send-queue'
export {
  DEFAULT_OUTBOX_OPTIONS,
  processAlive,
  type KernelInput,
  type AddOptions,
  type Ticker
} from './kernel'
export type { FlushOptions } from './flush'
export { type BulkResult, type ItemMove } from './operator-actions'
export {
  cancellingPolicy,
  OPTED_OUT_NOTE,
  type SendPolicy,
  type PolicyVerdict,
  type RetryHook,
  type WaitScope
} from './policies'
export { distinctCopies } from './file-copies'
export { AttachmentsGoneError, assertCopiesPresent } from './batches'
export { resolveSchedule } from './scheduler'
export { nextChunkSize, yieldToEventLoop } from './turns'
export {
  OutboxError,
  assertMessageText,
  assertLocalTime,
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
  type SendingPort
} from './types'
export type { SweepResult } from './retention'
export { fileEntryOf } from './file-entry'
export { sendFailureReason } from './send-errors'
export type { OutboxHistoryEntry } from './views'
// A file the operator picked that changed since: producers refuse it in the kernel's words.
export { FileChangedError } from '../files'
