// Recurring series kept by Sender Desk (for files, and gateways without reminders): a rule and a start in an IANA
// zone; when an occurrence comes due it becomes normal outbox items, scheduled at that occurrence's time, which the
// scheduler then queues (or holds, by the overdue policy) like any local schedule.
import { randomUUID } from 'node:crypto'
import { isoOrNull } from '../clock'
import type {
  MadeUnsent,
  RecurrenceRule,
  SeriesEnd,
  SeriesEndView,
  SeriesView
} from '../../../shared/contract'
import { UNSENT, type NewItem, type SeriesRecord, type SeriesStore } from '../store'
import {
  checkRule,
  lastOccurrenceOnOrBefore,
  nextOccurrence,
  occurrenceAt,
  occurrenceLocal
} from './recurrence'
import { checkSeriesEnd, isValidTimeZone, MAX_SERIES_TIMES } from '../../../shared/domain'
import { assertLocalTime, OutboxError, type SendQueue } from '../outbox'
import { encodeNote } from '../../../shared/i18n/notes'

const SERIES_TAG_PREFIX = 'series:'
/** The producer tag of a series' items, by which it asks the kernel for their outcomes. */
export const seriesTag = (id: string): string => SERIES_TAG_PREFIX + id
export const isSeriesTag = (tag: string | null): boolean => tag?.startsWith(SERIES_TAG_PREFIX) ?? false

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
  const w = assertLocalTime(localTime, 'start.localTime')
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0')
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`
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

/**
 * The number of the series' last occurrence by `end` (QA33 Q33-05), its first being `firstIndex`: times count from
 * the first one ahead; a last day takes every occurrence on its wall clock up to that day. Refused when the end is
 * not a real one, is before the start, or leaves no occurrence ahead (a last day already gone).
 */
export function lastIndexOf(
  startLocal: string,
  rule: RecurrenceRule,
  firstIndex: number,
  end: SeriesEnd
): number {
  const problem = checkSeriesEnd(startLocal, end)
  if (problem !== null)
    throw new OutboxError(
      'invalid_input',
      problem === 'date_before_start'
        ? { key: 'desktop.error.seriesEndBeforeStart' }
        : { key: 'desktop.error.seriesEndInvalid', params: { max: MAX_SERIES_TIMES } },
      'end'
    )
  if (end.kind === 'times') return firstIndex + end.times - 1
  const last = lastOccurrenceOnOrBefore(startLocal, rule, end.lastDate)
  if (last < firstIndex)
    throw new OutboxError('invalid_input', { key: 'desktop.error.seriesEndPassed' }, 'end')
  return last
}

/**
 * The number of the series' first time ahead when it was made, which its times count from: kept with a number of
 * times (its last one less the times), found again from when it was made otherwise (as create found it).
 */
export function firstIndexOf(
  record: Pick<
    SeriesRecord,
    'endTimes' | 'lastIndex' | 'startLocal' | 'timeZone' | 'ruleKind' | 'ruleDays' | 'createdAt'
  >
): number {
  if (record.endTimes !== null && record.lastIndex !== null) return record.lastIndex - record.endTimes + 1
  return firstOccurrence(record.startLocal, record.timeZone, ruleOf(record), record.createdAt).index
}

function endView(record: SeriesRecord): SeriesEndView | null {
  if (record.endDate !== null) return { kind: 'date', lastDate: record.endDate }
  if (record.endTimes === null || record.lastIndex === null) return null
  // Counted from its first time ahead: made, skipped while closed or skipped by the operator alike.
  const firstIndex = record.lastIndex - record.endTimes + 1
  const passed = Math.min(record.nextIndex, record.lastIndex + 1) - firstIndex
  return { kind: 'times', times: record.endTimes, passed: Math.max(0, passed) }
}

/**
 * What the series made that still goes by itself, from `going` (the times those messages were made for): how many, the
 * first and last of those times; null when none. What a stop or delete leaves to go, said by both.
 */
export function madeUnsentOf(
  record: Pick<SeriesRecord, 'lastOccurrenceAt' | 'createdAt'>,
  going: readonly (number | null)[]
): MadeUnsent {
  // Each was made for its occurrence's time; one without (none is) counts as made at the series' last time.
  const times = going.map((at) => at ?? record.lastOccurrenceAt ?? record.createdAt)
  return times.length === 0
    ? null
    : {
        count: times.length,
        firstAt: new Date(times.reduce((a, b) => Math.min(a, b))).toISOString(),
        lastAt: new Date(times.reduce((a, b) => Math.max(a, b))).toISOString()
      }
}

/**
 * `sent`: of the messages it made, those the gateway reports went (the producer counts them by its tag); `going`: the
 * times those it made that still go by themselves were made for.
 */
export function toSeriesView(
  record: SeriesRecord,
  sent: number,
  going: readonly (number | null)[] = []
): SeriesView {
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
    end: endView(record),
    nextAt: isoOrNull(record.nextAt),
    nextLocal:
      record.status === 'active' && record.nextAt !== null
        ? occurrenceLocal(record.startLocal, rule, record.nextIndex)
        : null,
    occurrences: record.occurrences,
    sent,
    skipped: record.skipped,
    skippedByOperator: record.skippedByOperator,
    lastOccurrenceAt: isoOrNull(record.lastOccurrenceAt),
    madeUnsent: madeUnsentOf(record, going),
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
    // None after the end: of those due, the latest one within it (QA33 Q33-05).
    const latest = Math.max(record.nextIndex, following.index - 1)
    const index = record.lastIndex === null ? latest : Math.min(latest, record.lastIndex)
    const ends = record.lastIndex !== null && index >= record.lastIndex
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
          producerTag: seriesTag(record.id),
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
          ...(ends
            ? { status: 'ended', nextIndex: index + 1, nextAt: null }
            : { nextIndex: following.index, nextAt: following.at }),
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
