// The series producer: recurring messages kept here (for files, and gateways without reminders). Its record and
// files are written when created; each due occurrence becomes scheduled items through the queue's ticker.
import { randomUUID } from 'node:crypto'
import type { MadeUnsent, SeriesEnd, SeriesView } from '../../../shared/contract'
import { cancellableHere, GATEWAY_REPORTED_SENT, textStart } from '../../../shared/domain'
import { formatPhoneForReading } from '../../../shared/domain/phone-display'
import { encodeNote } from '../../../shared/i18n/notes'
import {
  AttachmentsGoneError,
  assertCopiesPresent,
  cancellingPolicy,
  distinctCopies,
  FileChangedError,
  OutboxError,
  type FileEntry,
  type SendQueue,
  type SeriesInput
} from '../outbox'
import {
  SeriesStore,
  type ItemRecord,
  type SeriesEntryRecord,
  type SeriesRecord,
  type SeriesWithdrawal,
  type StoredAttachment
} from '../store'
import { checkMessageRequest } from './message-rules'
import {
  checkSeriesRule,
  firstIndexOf,
  firstOccurrence,
  isSeriesTag,
  lastIndexOf,
  madeUnsentOf,
  materialiseDueSeries,
  normaliseStart,
  ruleOf,
  seriesTag,
  toSeriesView
} from './series'
import { nextOccurrence, occurrenceAt, occurrenceLocal } from './recurrence'

/** Why an item a series made was never sent: its occurrence is past the series' end as changed since. */
const AFTER_SERIES_END_NOTE = encodeNote('desktop.note.afterSeriesEnd')
/** Why an item a series made was never sent: the operator stopped or deleted the series and cancelled it with it. */
const WITHDRAWN_NOTES: Record<SeriesWithdrawal, string> = {
  stopped: encodeNote('desktop.note.seriesStoppedMade'),
  deleted: encodeNote('desktop.note.seriesDeletedMade')
}

type SeriesQueue = Pick<
  SendQueue,
  | 'addNow'
  | 'addPolicy'
  | 'addRetryHook'
  | 'addTicker'
  | 'cancelMany'
  | 'copyFiles'
  | 'now'
  | 'wake'
  | 'database'
  | 'announceBulk'
  | 'dataDir'
  | 'releaseCopies'
  | 'outcomes'
>

export function createSeriesProducer(queue: SeriesQueue) {
  /**
   * The series as the window sees it, with how many of its messages the gateway reports went (QA33 Q33-04) and what
   * it made that still goes by itself (what a stop or delete would leave).
   */
  const view = (record: SeriesRecord): SeriesView => {
    const tag = seriesTag(record.id)
    return toSeriesView(
      record,
      queue.outcomes
        .counts(tag)
        .reduce((sum, { status, n }) => sum + (GATEWAY_REPORTED_SENT.includes(status) ? n : 0), 0),
      goingTimes(record.id)
    )
  }
  /** The times the messages the series made that still go by themselves were made for (its record gone or not). */
  const goingTimes = (id: string): (number | null)[] =>
    queue.outcomes
      .unsent(seriesTag(id))
      .filter((item) => cancellableHere(item.status))
      .map((item) => item.notBefore)
  const store = new SeriesStore(queue.database)
  queue.addTicker(() => materialiseDueSeries(queue, store))
  // The durable side of an end: at its turn, an item an occurrence past the series' stored end made is cancelled,
  // saying why, instead of sent, whatever left it in line: the app killed between setEnd's write and its cancel, a
  // send in flight at the change that comes back to be tried again, one a restart's reconcile puts back in line.
  const pastEnd = (item: ItemRecord): string | null =>
    isSeriesTag(item.producerTag) && store.madePastEnd(item.id) ? AFTER_SERIES_END_NOTE : null
  queue.addPolicy(cancellingPolicy('series end', pastEnd))
  // The operator's retry of such an item would only put it back in line to be cancelled again at its turn, with the
  // same note: refused up front, saying why. One a later end takes in again is the operator's to retry.
  queue.addRetryHook({
    refuseRetry: (item) =>
      isSeriesTag(item.producerTag) && store.madePastEnd(item.id)
        ? { code: 'after_series_end', why: encodeNote('desktop.error.whyAfterSeriesEnd') }
        : null,
    // A message the series' stop or delete withdrew, retried by the operator, is theirs to send after all.
    retried: (item) => {
      if (isSeriesTag(item.producerTag)) store.unwithdraw(item.id)
    }
  })
  // The durable side of a stop or delete that cancelled what the series had made: such an item is cancelled at its
  // turn, saying why, whatever left it in line (the app killed between the stop's write and its cancel, a send on
  // the wire at the stop that comes back to be tried again, one a restart's reconcile puts back in line).
  const withdrawn = (item: ItemRecord): string | null => {
    const why = isSeriesTag(item.producerTag) ? store.withdrawnAs(item.id) : null
    return why === null ? null : WITHDRAWN_NOTES[why]
  }
  queue.addPolicy(cancellingPolicy('series withdrawn', withdrawn))

  function mustGet(id: string) {
    const record = store.get(id)
    if (!record) throw new OutboxError('not_found', { key: 'desktop.error.seriesGone', params: { id } }, 'id')
    return record
  }

  /** Every file of the series copied, keyed by path; a copy a sweep removed meanwhile is made once more. */
  async function insertWithCopies(
    insert: (copies: Map<string, StoredAttachment>) => void,
    files: readonly FileEntry[]
  ): Promise<void> {
    const copies = await queue.copyFiles(files)
    // Checked in the transaction that first references the copies (from then on no sweep can remove them).
    const write = (): void =>
      queue.database
        .transaction(() => {
          assertCopiesPresent(queue.dataDir, distinctCopies(copies.values()))
          insert(copies)
        })
        .immediate()
    try {
      write()
    } catch (error) {
      if (!(error instanceof AttachmentsGoneError)) throw error
      const again = files.filter((entry) => error.sha256s.includes(copies.get(entry.path)?.sha256 ?? ''))
      for (const [path, copy] of await queue.copyFiles(again)) {
        const name = again.find((entry) => entry.path === path)?.name ?? path
        if (copy.sha256 !== copies.get(path)?.sha256)
          throw new OutboxError('attachment', new FileChangedError(name).message, 'entries')
      }
      write()
    }
  }

  /**
   * A series that would send a number what an active one kept for the device already sends it, at the same times, is
   * refused, naming that one and the numbers they share: each would get every message twice at every time.
   */
  function refuseCopy(
    made: Pick<
      SeriesRecord,
      'deviceId' | 'recipients' | 'startLocal' | 'timeZone' | 'ruleKind' | 'ruleDays' | 'entries'
    >
  ): void {
    const sameEntry = (a: SeriesEntryRecord, b: SeriesEntryRecord | undefined): boolean =>
      b !== undefined &&
      a.kind === b.kind &&
      (a.text ?? '') === (b.text ?? '') &&
      a.attachmentSha256 === b.attachmentSha256
    for (const kept of store.list(made.deviceId)) {
      const sameTimes =
        kept.startLocal === made.startLocal &&
        kept.timeZone === made.timeZone &&
        kept.ruleKind === made.ruleKind &&
        kept.ruleDays === made.ruleDays
      const sameMessages =
        kept.entries.length === made.entries.length &&
        kept.entries.every((entry, i) => sameEntry(entry, made.entries[i]))
      if (kept.status !== 'active' || !sameTimes || !sameMessages) continue
      const shared = made.recipients.filter((recipient) => kept.recipients.includes(recipient))
      const [first] = kept.entries
      if (shared.length > 0)
        throw new OutboxError(
          'invalid_input',
          {
            key: 'desktop.error.seriesExists',
            params: {
              series: first?.kind === 'text' ? textStart(first.text ?? '') : (first?.fileName ?? ''),
              numbers: shared.map(formatPhoneForReading).join(', ')
            }
          },
          'recipients'
        )
    }
  }

  /** A recurring series kept here: files are copied now; each occurrence becomes items when it comes due. */
  async function create(request: SeriesInput): Promise<SeriesView> {
    const recipients = checkMessageRequest(request)
    checkSeriesRule(request.rule)
    const startLocal = normaliseStart(request.start.localTime, request.start.timezone)
    const now = queue.now()
    const first = firstOccurrence(startLocal, request.start.timezone, request.rule, now)
    const end = request.end ?? null
    const lastIndex = end === null ? null : lastIndexOf(startLocal, request.rule, first.index, end)
    const id = randomUUID()
    const entriesOf = (copies: Map<string, StoredAttachment>): SeriesEntryRecord[] =>
      request.entries.map((entry) => {
        if (entry.kind === 'text') {
          const none = { attachmentSha256: null, fileName: null, fileMime: null, fileSize: null }
          return { kind: 'text', text: entry.text, ...none }
        }
        const copy = copies.get(entry.path)
        return {
          kind: entry.mediaKind,
          text: entry.caption || null,
          attachmentSha256: copy?.sha256 ?? null,
          fileName: entry.name,
          fileMime: entry.mime,
          fileSize: copy?.size ?? null
        }
      })
    const ruleDays = request.rule.kind === 'every-n-days' ? request.rule.days : null
    await insertWithCopies(
      (copies) => {
        // In the transaction that writes it: two made at once from two windows are not both let through.
        const made = { deviceId: request.deviceId, recipients, startLocal, timeZone: request.start.timezone }
        const entries = entriesOf(copies)
        refuseCopy({ ...made, ruleKind: request.rule.kind, ruleDays, entries })
        store.insert(
          {
            id,
            deviceId: request.deviceId,
            recipients,
            isGroup: request.isGroup ?? false,
            startLocal,
            timeZone: request.start.timezone,
            ruleKind: request.rule.kind,
            ruleDays,
            overduePolicy: request.overduePolicy ?? 'send',
            status: 'active',
            endDate: end?.kind === 'date' ? end.lastDate : null,
            endTimes: end?.kind === 'times' ? end.times : null,
            lastIndex,
            nextIndex: first.index,
            nextAt: first.at,
            occurrences: 0,
            skipped: 0,
            skippedByOperator: 0,
            lastOccurrenceAt: null,
            createdAt: now,
            updatedAt: now,
            entries
          },
          distinctCopies(copies.values())
        )
      },
      request.entries.filter((e): e is FileEntry => e.kind === 'file')
    )
    queue.announceBulk(0)
    queue.wake()
    return view(mustGet(id))
  }

  /**
   * `change` (a stop, a delete) in one transaction with, when `cancelMade`, the withdrawal of what the series made and
   * has not sent: written there, it holds at each item's turn (the policy above) whatever happens after. Then those
   * that can be are cancelled at once, saying why, so the window sees them so: not in that transaction (the cancel
   * runs the queue). One on the wire is not cancelled (nor counted); held back if it comes back. How many were.
   */
  function withdrawMade(
    id: string,
    why: SeriesWithdrawal,
    cancelMade: boolean,
    change: (record: SeriesRecord) => void
  ): number {
    const cancellable = queue.database
      .transaction(() => {
        const record = mustGet(id)
        const made = cancelMade ? queue.outcomes.unsent(seriesTag(id)) : []
        store.withdraw(
          id,
          made.map((item) => item.id),
          why
        )
        change(record)
        return made.filter((item) => cancellableHere(item.status)).map((item) => item.id)
      })
      .immediate()
    const cancelled =
      cancellable.length > 0 ? queue.cancelMany(cancellable, WITHDRAWN_NOTES[why]).done.length : 0
    queue.announceBulk(0)
    queue.wake()
    return cancelled
  }

  /**
   * No more occurrences (an ended series stays ended); what it made and has not sent is cancelled with it when
   * `cancelMade`, else it stays to go.
   */
  function stop(id: string, { cancelMade }: { cancelMade: boolean }): SeriesView & { cancelledMade: number } {
    const cancelledMade = withdrawMade(id, 'stopped', cancelMade, (record) => {
      if (record.status === 'active')
        store.patch(id, { status: 'stopped', nextAt: null, updatedAt: queue.now() })
    })
    return { ...view(mustGet(id)), cancelledMade }
  }

  /**
   * Skip the next occurrence before it comes (a holiday): nothing is made for it and the series goes on with the one
   * after. `seenNextLocal` is the occurrence the operator saw as next: when it has become a message (or was skipped)
   * meanwhile, the call is refused rather than skip the one after it unseen.
   */
  function skipNext(id: string, seenNextLocal: string): SeriesView {
    queue.database
      .transaction(() => {
        const record = mustGet(id)
        if (record.status !== 'active' || record.nextAt === null) {
          throw new OutboxError('invalid_state', { key: 'desktop.error.seriesNotActive' }, 'id')
        }
        const rule = ruleOf(record)
        if (
          occurrenceLocal(record.startLocal, rule, record.nextIndex) !==
          normaliseStart(seenNextLocal, record.timeZone)
        ) {
          throw new OutboxError('invalid_state', { key: 'desktop.error.seriesNextMoved' }, 'nextLocal')
        }
        // Counted, so the row says the times skipped beside those made (QA70).
        const skippedByOperator = record.skippedByOperator + 1
        // Skipping the last one by its end ends the series (QA33 Q33-05).
        if (record.lastIndex !== null && record.nextIndex >= record.lastIndex) {
          store.patch(id, {
            status: 'ended',
            nextIndex: record.nextIndex + 1,
            nextAt: null,
            skippedByOperator,
            updatedAt: queue.now()
          })
          return
        }
        const following = nextOccurrence(record.startLocal, record.timeZone, rule, record.nextAt)
        store.patch(id, {
          nextIndex: following.index,
          nextAt: following.at,
          skippedByOperator,
          updatedAt: queue.now()
        })
      })
      .immediate()
    queue.announceBulk(0)
    queue.wake()
    return view(mustGet(id))
  }

  /**
   * The first time a number of times counts from. QA70 follow-up: the times that went by while the series had ended
   * were never its to make, yet counted as its times ("10 of 10 times" beside "Made 2 times"): given more times than it
   * has made or skipped, it counts only those, so the rest come from `nextIndex`. Fewer, or a last day, count from its
   * first time as before (what it made past a shorter end is cancelled by its index).
   */
  function countsFrom(record: SeriesRecord, nextIndex: number, end: SeriesEnd): number {
    const firstIndex = firstIndexOf(record)
    const counted = record.occurrences + record.skipped + record.skippedByOperator
    if (end.kind !== 'times' || end.times <= counted) return firstIndex
    return Math.max(firstIndex, nextIndex - counted)
  }

  /**
   * Change when the series ends, or whether it does. What its occurrences past the new end made and has not sent is
   * cancelled, saying why; a later end lets more occurrences come due as usual, an ended series' from its next time
   * ahead (those between its old end and now were never its to make). A stopped series stays as it was.
   */
  function setEnd(id: string, end: SeriesEnd | null): SeriesView & { cancelledPastEnd: number } {
    const lastIndex = queue.database
      .transaction(() => {
        const record = mustGet(id)
        if (record.status === 'stopped')
          throw new OutboxError('invalid_state', { key: 'desktop.error.seriesStopped' }, 'id')
        const rule = ruleOf(record)
        const now = queue.now()
        const nextIndex =
          record.status === 'ended'
            ? Math.max(record.nextIndex, firstOccurrence(record.startLocal, record.timeZone, rule, now).index)
            : record.nextIndex
        const last =
          end === null ? null : lastIndexOf(record.startLocal, rule, countsFrom(record, nextIndex, end), end)
        store.patch(id, {
          endDate: end?.kind === 'date' ? end.lastDate : null,
          endTimes: end?.kind === 'times' ? end.times : null,
          lastIndex: last,
          ...(last !== null && nextIndex > last
            ? { status: 'ended', nextAt: null }
            : {
                status: 'active',
                nextIndex,
                nextAt: occurrenceAt(record.startLocal, record.timeZone, rule, nextIndex)
              }),
          updatedAt: now
        })
        return last
      })
      .immediate()
    // After the end is written, so the ticker (run by the cancel) makes none past it either; the window sees them
    // cancelled at once. Not in the end's transaction (the cancel runs the queue): a crash in between leaves them
    // to the end's send policy above, which cancels each at its turn.
    const madePast = lastIndex === null ? [] : store.itemIdsAfter(id, lastIndex)
    const unsent = queue.outcomes
      .of(madePast)
      .filter((item) => cancellableHere(item.status))
      .map((item) => item.id)
    const cancelledPastEnd =
      unsent.length > 0 ? queue.cancelMany(unsent, AFTER_SERIES_END_NOTE).done.length : 0
    queue.announceBulk(0)
    queue.wake()
    return { ...view(mustGet(id)), cancelledPastEnd }
  }

  /**
   * Stop and forget a series (its files go once no item needs them); `cancelMade` as stop's. Says, as stop does, what
   * it made that still goes: its messages stay in the outbox under its tag when the series is gone.
   */
  function remove(
    id: string,
    { cancelMade }: { cancelMade: boolean }
  ): { cancelledMade: number; madeUnsent: MadeUnsent } {
    let held: string[] = []
    // The record as it was, for the times of what still goes (read in the delete's transaction, as stop's view is).
    const gone: { record?: SeriesRecord } = {}
    const cancelledMade = withdrawMade(id, 'deleted', cancelMade, (record) => {
      gone.record = record
      held = store.delete(id)
    })
    queue.releaseCopies(held)
    return {
      cancelledMade,
      madeUnsent: gone.record ? madeUnsentOf(gone.record, goingTimes(id)) : null
    }
  }

  return {
    /** Series whose stored rows cannot be read (set aside in place, never due): which, in which file, and why. */
    damaged: () => store.damaged(),
    /** "Start fresh": forget the damaged series; the files only they held go once nothing else needs them. */
    removeDamaged(): void {
      queue.releaseCopies(store.removeDamaged())
      queue.announceBulk(0)
    },
    create,
    /** Newest first; optionally one device's. */
    list: (deviceId?: string): SeriesView[] => store.list(deviceId).map(view),
    stop,
    skipNext,
    setEnd,
    delete: remove
  }
}
