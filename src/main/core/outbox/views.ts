// Turns stored items and history into the contract's view shapes, so the API layer maps them 1:1.
import type { z } from 'zod'
import type {
  OutboxCounts,
  OutboxHistoryEntry as HistoryEntrySchema,
  OutboxItemView
} from '../../../shared/contract'
import type { HistoryRecord, ItemRecord, StatusCounts } from '../store'
import { decodeNote, translateNote } from '../../../shared/i18n/notes'

/** The contract names this shape only as a schema. */
export type OutboxHistoryEntry = z.infer<typeof HistoryEntrySchema>

const iso = (ms: number): string => new Date(ms).toISOString()
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms))

export function toItemView(item: ItemRecord): OutboxItemView {
  return {
    id: item.id,
    deviceId: item.deviceId,
    recipient: item.recipient,
    isGroup: item.isGroup,
    kind: item.kind,
    text: item.text,
    fileName: item.fileName,
    fileSize: item.fileSize,
    status: item.status,
    failure:
      item.failureCode === null
        ? null
        : {
            code: item.failureCode,
            message: item.failureMessage ?? item.failureCode,
            gatewayMessage: item.failureGatewayMessage
          },
    gatewayId: item.gatewayId,
    createdAt: iso(item.createdAt),
    updatedAt: iso(item.updatedAt),
    scheduledAt: isoOrNull(item.notBefore),
    timezone: item.timezone,
    scheduleMode: item.scheduleMode,
    overduePolicy: item.overduePolicy,
    held: item.held,
    attempts: item.attempts,
    // Only meaningful while the outbox still has something to do with the item.
    nextAttemptAt:
      item.status === 'queued' || item.status === 'sending' ? isoOrNull(item.nextAttemptAt) : null
  }
}

/** `note` in English (CLI, logs, older windows); `noteKey`/`noteParams` let the window show it in its language. */
export function toHistoryView(entry: HistoryRecord): OutboxHistoryEntry {
  const message = decodeNote(entry.note)
  return {
    at: iso(entry.at),
    status: entry.status,
    note: translateNote('en', entry.note),
    ...(message ? { noteKey: message.key, noteParams: message.params } : {})
  }
}

export function toCountsView(counts: StatusCounts): OutboxCounts {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0)
  return { ...counts, total }
}
