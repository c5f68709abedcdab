// Recurring series kept by Sender Desk (for files, and gateways without reminders): a rule and a start in an IANA
// zone; when an occurrence comes due it becomes normal outbox items, scheduled at that occurrence's time, which the
// scheduler then queues (or holds, by the overdue policy) like any local schedule.
import { randomUUID } from 'node:crypto'
import { isoOrNull } from '../clock'
import type { RecurrenceRule, SeriesView } from '../../../shared/contract'
import { UNSENT, type NewItem, type SeriesRecord, type SeriesStore } from '../store'
import { checkRule, nextOccurrence, occurrenceAt, occurrenceLocal } from './recurrence'
import { isValidTimeZone, parseLocalTime } from '../../../shared/domain'
import { OutboxError, type SendQueue } from '../outbox'
import { encodeNote } from '../../../shared/i18n/notes'

/** A series made more than this many occurrences at once only when many came due together (app asleep). */
const SERIES_PER_ROUND = 50

export function ruleOf(record: Pick<SeriesRecord, 'ruleKind' | 'ruleDays'>): RecurrenceRule {
  return record.ruleKind === 'every-n-days'
    ? { kind: 'every-n-days', days: record.ruleDays ?? 1 }
    : { kind: record.ruleKind }
}

/** `YYYY-MM-DDTHH:mm` → `YYYY-MM-DDTHH:mm:00`, checked. */
export function normaliseStart(localTime: string, timezone: string): string {
  if (!isValidTimeZone(timezone))
    throw new OutboxError(
      'invalid_input',
      { key: 'desktop.error.unknownTimezone', params: { timezone } },
      'start.timezone'
    )
  try {
    const w = parseLocalTime(localTime)
    const pad = (n: number, width = 2): string => String(n).padStart(width, '0')
    return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`
  } catch (error) {
    throw new OutboxError('invalid_input', (error as Error).message, 'start.localTime')
  }
}

export function checkSeriesRule(rule: RecurrenceRule): void {
  try {
    checkRule(rule)
  } catch (error) {
    throw new OutboxError('invalid_input', (error as Error).message, 'rule')
  }
}

/** The first occurrence still ahead of `now` (a start in the past begins with the next one). */
export function firstOccurrence(
  startLocal: string,
  timezone: string,
  rule: RecurrenceRule,
  now: number
): { index: number; at: number } {
  const next = nextOccurrence(startLocal, timezone, rule, now - 1)
  return { index: next.index, at: next.at }
}

/** `sent`: of the messages it made, those the gateway reports went (the producer counts them by its tag). */
export function toSeriesView(record: SeriesRecord, sent: number): SeriesView {
  const rule = ruleOf(record)
  return {
    id: record.id,
    deviceId: record.deviceId,
    recipients: record.recipients,
    isGroup: record.isGroup,
    entries: record.entries.map((entry) => ({
      kind: entry.kind,
      text: entry.text,
      fileName: entry.fileName,
      fileSize: entry.fileSize
    })),
    startLocal: record.startLocal,
    timezone: record.timeZone,
    rule,
    overduePolicy: record.overduePolicy,
    status: record.status,
    nextAt: isoOrNull(record.nextAt),
    nextLocal:
      record.status === 'active' && record.nextAt !== null
        ? occurrenceLocal(record.startLocal, rule, record.nextIndex)
        : null,
    occurrences: record.occurrences,
    sent,
    skipped: record.skipped,
    lastOccurrenceAt: isoOrNull(record.lastOccurrenceAt),
    createdAt: new Date(record.createdAt).toISOString()
  }
}

/**
 * The series' ticker: every due occurrence becomes items, written in one transaction with the series' advance (a
 * crash between the two made the occurrence again). When several came due while the app was off, only the latest
 * is made (one reminder, not a burst of stale ones) and the skipped ones are noted on its items. Answers when the
 * next round should look again: at once when more series are due than one round handles, else the next due time.
 */
export function materialiseDueSeries(
  queue: Pick<SendQueue, 'addNow' | 'now'>,
  series: SeriesStore
): number | null {
  const now = queue.now()
  const due = series.due(now, SERIES_PER_ROUND)
  for (const record of due) {
    const rule = ruleOf(record)
    const following = nextOccurrence(record.startLocal, record.timeZone, rule, now)
    const index = Math.max(record.nextIndex, following.index - 1)
    const at = occurrenceAt(record.startLocal, record.timeZone, rule, index)
    const local = occurrenceLocal(record.startLocal, rule, index)
    const skipped = index - record.nextIndex
    // Numbered as the series counts what it made ("Made N times"): a start that had passed, or occurrences skipped
    // while the app was off, are not messages (QA22 Q22-08); the skipped ones are said beside the number.
    const occurrence = record.occurrences + 1
    const note =
      skipped > 0
        ? encodeNote('desktop.note.occurrenceSkipped', { occurrence, skipped })
        : encodeNote('desktop.note.occurrence', { occurrence })
    const items: NewItem[] = []
    for (const entry of record.entries) {
      for (const recipient of record.recipients) {
        items.push({
          id: randomUUID(),
          deviceId: record.deviceId,
          recipient,
          isGroup: record.isGroup,
          kind: entry.kind,
          text: entry.text,
          attachmentSha256: entry.attachmentSha256,
          fileName: entry.fileName,
          fileMime: entry.fileMime,
          fileSize: entry.fileSize,
          status: 'scheduled',
          ...UNSENT,
          queuedAt: null,
          createdAt: now,
          notBefore: at,
          scheduledLocal: local,
          timezone: record.timeZone,
          scheduleMode: 'local',
          overduePolicy: record.overduePolicy,
          producerTag: `series:${record.id}`,
          note
        })
      }
    }
    queue.addNow(items, {
      recipients: record.recipients.map((recipient) => ({ recipient, isGroup: record.isGroup })),
      atCommit: () => {
        series.linkItems(
          record.id,
          index,
          items.map((item) => item.id)
        )
        series.patch(record.id, {
          nextIndex: following.index,
          nextAt: following.at,
          occurrences: occurrence,
          skipped: record.skipped + skipped,
          lastOccurrenceAt: at,
          updatedAt: now
        })
      }
    })
  }
  if (due.length === SERIES_PER_ROUND) return now + 1
  const next = series.nextDueAt()
  return next !== null && next > now ? next : null
}
