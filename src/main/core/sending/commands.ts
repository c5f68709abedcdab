/**
 * The sending feature's commands: files dropped for sending, the outbox (enqueue, list, edit, retry, cancel, pause)
 * and local recurring series. A message and a series take their files through the same checks (the file is still
 * there, and fits the device's limit), so the two can no longer disagree about what may be sent.
 */
import type {
  FileHandleView,
  OutboxBulkRefusal,
  OutboxBulkReply,
  OutboxItemView,
  OutboxListFilter,
  OutboxMatchingReply,
  OutboxStatus,
  RemovalSeries,
  SeriesView
} from '../../../shared/contract'
import {
  dayIn,
  megabytesBesideLimit,
  OUTBOX_BULK_MAX,
  placeCaptions,
  textStart
} from '../../../shared/domain'
import { encodeNote } from '../../../shared/i18n/notes'
import {
  ApiFailure,
  askedRecipients,
  normalisedRecipients,
  type Commands,
  type OptedOutDecision,
  type OptedOutLookup
} from '../commands'
import type { CoreEvents } from '../core-events'
import { requireDevice, type DeviceLookup, type DeviceMonitor, type DeviceRemovalHook } from '../devices'
import { FileChangedError, type FileHandles, type RegisteredFile } from '../files'
import {
  assertMessageText,
  fileEntryOf,
  OutboxError,
  type BulkResult,
  type EnqueueEntry,
  type EnqueueInput,
  type RetryHook
} from '../outbox'
import type { Outbox } from './outbox'
import { ExportRuns, exportTimeZone } from '../campaigns'
import { writeOutboxFile } from './outbox-export'

export type SendingChannel =
  | 'inbox:reply'
  | 'files:register'
  | 'files:release'
  | 'files:asAttachment'
  | 'files:check'
  | 'files:keepForDraft'
  | 'files:restoreDraft'
  | 'files:picture'
  | 'outbox:enqueue'
  | 'outbox:list'
  | 'outbox:scheduled'
  | 'outbox:get'
  | 'outbox:picture'
  | 'outbox:counts'
  | 'outbox:since'
  | 'outbox:export'
  | 'outbox:stopExport'
  | 'outbox:retry'
  | 'outbox:cancel'
  | 'outbox:retryMany'
  | 'outbox:cancelMany'
  | 'outbox:takeBack'
  | 'outbox:takeBackProgress'
  | 'outbox:setTakeBackPaused'
  | 'outbox:retryMatching'
  | 'outbox:cancelMatching'
  | 'outbox:matchingByDevice'
  | 'outbox:delete'
  | 'outbox:deleteMany'
  | 'outbox:edit'
  | 'outbox:release'
  | 'outbox:releaseMany'
  | 'outbox:settleSend'
  | 'outbox:settleHeld'
  | 'outbox:setPaused'
  | 'recipients:recent'
  | 'series:create'
  | 'series:list'
  | 'series:stop'
  | 'series:skipNext'
  | 'series:setEnd'
  | 'series:delete'

/** Items read per list call while collecting every match of a filter. */
const MATCHES_PER_READ = 1000

/**
 * Every item the filter matches now, of those created by `asOf` (when the operator was shown the count): a match
 * is never more than the operator confirmed. Fewer is done (a moving queue sends some meanwhile; they are reported
 * as no longer matching); more is refused with the new count, nothing done, so no item is acted on that the question
 * did not count.
 */
function matchingIds(
  outbox: Outbox,
  filter: OutboxListFilter,
  expected: number,
  asOf: string | undefined
): { ids: string[]; noLongerMatching: number } {
  const to =
    asOf === undefined || (filter.to !== undefined && Date.parse(filter.to) < Date.parse(asOf))
      ? filter.to
      : asOf
  const counted = { ...filter, ...(to !== undefined ? { to } : {}) }
  const ids: string[] = []
  let total = expected
  for (let offset = 0; offset < total; offset += MATCHES_PER_READ) {
    const page = outbox.list({ ...counted, offset, limit: MATCHES_PER_READ })
    if (offset === 0 && page.total > expected)
      throw new ApiFailure(
        'count_changed',
        { key: 'desktop.error.matchCountChanged', params: { count: page.total, expected } },
        'expected'
      )
    total = page.total
    ids.push(...page.items.map((item) => item.id))
  }
  return { ids, noLongerMatching: expected - ids.length }
}

/** A bulk action over every match, a bulk limit's worth per transaction, reported as counts. */
function onEveryMatch(
  outbox: Outbox,
  match: { ids: readonly string[]; noLongerMatching: number },
  action: (ids: string[]) => BulkResult
): OutboxMatchingReply {
  const { ids, noLongerMatching } = match
  let done = 0
  const refused = new Map<OutboxBulkRefusal, number>()
  for (let at = 0; at < ids.length; at += OUTBOX_BULK_MAX) {
    const reply = bulkReply(outbox, action(ids.slice(at, at + OUTBOX_BULK_MAX)))
    done += reply.done.length
    for (const { reason } of reply.refused) refused.set(reason, (refused.get(reason) ?? 0) + 1)
  }
  return { done, refused: [...refused].map(([reason, count]) => ({ reason, count })), noLongerMatching }
}

/** The refusal of a reply whose conversation was deleted, however the queue passed it on. */
function isConversationGone(error: unknown): boolean {
  const failure = error instanceof OutboxError ? error.cause : error
  return failure instanceof ApiFailure && failure.code === 'conversation_gone'
}

export interface SendingCommandsDeps {
  /** The devices a message may be queued for (the registry; for a terminal command, its one device). */
  registry: DeviceLookup<unknown>
  /** The devices list the window redraws after a pause. */
  monitor: Pick<DeviceMonitor, 'views'>
  files: FileHandles
  outbox: Outbox
  events: CoreEvents
  /** The file-size limit that applies to a device (resolved once, in the composition, with resolveFileLimit). */
  fileLimitFor: (deviceId: string) => number
  /** The numbers among these that are on the opt-out list (none checked when absent: a front door without one). */
  optedOut?: OptedOutLookup
  /** Whether the inbox still has a conversation (a reply names the one it answers); none checked when absent. */
  conversationExists?: (conversationId: number) => boolean
  /**
   * A Recipient filter's text finds the contacts whose name holds it too: the Outbox finds a message by the name its
   * row shows (QA14 Q14-07). Absent: by number only.
   */
  recipientsByName?: boolean
}

type EntryRequest =
  { kind: 'text'; text: string } | { kind: 'file'; handle: string; caption?: string | undefined }

function toHandleView(file: RegisteredFile): FileHandleView {
  const { handle, name, size, kind, mime, contentId, renamedFrom } = file
  return {
    handle,
    name,
    size,
    kind,
    mime,
    ...(contentId ? { contentId } : {}),
    ...(renamedFrom ? { renamedFrom } : {})
  }
}

const AT_GATEWAY: readonly OutboxStatus[] = ['accepted', 'sent', 'delivered', 'read']

/**
 * The outbox's bulk result as the window reports it: each refusal with the item's status now and why in one word,
 * so the window can say "2 already sent could not be cancelled" in the operator's language.
 */
/** A message whose copy the gateway keeps to send itself: saved there, or cancelled here and not yet there. */
function keptByGateway(item: OutboxItemView): boolean {
  if (item.scheduleMode !== 'gateway') return false
  return (item.status === 'scheduled' && item.savedAtGateway === true) || item.gatewayStillHolds === true
}

/**
 * Of the messages to delete, those whose copy the gateway keeps are cancelled there first, the calls made now and
 * awaited: deleted here while the gateway did not answer, one went out on its day and nothing said so (QA64). Answers
 * those the gateway still holds after it: cancelled here, saying so, and not to be deleted yet.
 */
async function cancelledAtGatewayFirst(
  outbox: Outbox,
  ids: readonly string[],
  events?: Pick<CoreEvents, 'emit'>
): Promise<Set<string>> {
  const keptThere = ids.flatMap((id) => {
    try {
      const { item } = outbox.get(id)
      return keptByGateway(item) ? [item] : []
    } catch {
      return [] // gone: the delete says so
    }
  })
  if (keptThere.length === 0) return new Set()
  const waiting = keptThere.filter((item) => item.status === 'scheduled').map((item) => item.id)
  if (waiting.length > 0) outbox.cancelMany(waiting)
  // QA64 follow-up: the calls counted as they end, for the window's "Cancelling at the gateway: 12 of 200".
  const owed = new Map<string, number>()
  for (const deviceId of new Set(keptThere.map((item) => item.deviceId)))
    owed.set(deviceId, outbox.owedScheduleRemovals(deviceId))
  const total = [...owed.values()].reduce((sum, n) => sum + n, 0)
  let told = -1
  const tell = (): void => {
    const left = [...owed.values()].reduce((sum, n) => sum + n, 0)
    const done = Math.min(total, Math.max(0, total - left))
    if (done === told) return
    told = done
    events?.emit('outbox:gatewayCancelProgress', { done, total })
  }
  if (total > 0) tell()
  for (const deviceId of owed.keys())
    await outbox.settleScheduleRemovals(deviceId, (left) => {
      owed.set(deviceId, left)
      tell()
    })
  return new Set(
    keptThere.filter((item) => outbox.get(item.id).item.gatewayStillHolds === true).map((item) => item.id)
  )
}

export function bulkReply(outbox: Outbox, result: BulkResult): OutboxBulkReply {
  return {
    done: result.done,
    refused: result.refused.map(({ id, code }) => {
      let status: OutboxStatus | null = null
      try {
        status = outbox.get(id).item.status
      } catch {
        // Gone (deleted meanwhile, or never existed): reported as such below.
      }
      const reason: OutboxBulkRefusal =
        code === 'producer_refused'
          ? 'producer'
          : code === 'busy'
            ? 'saving_at_gateway'
            : code === 'would_fail_again' ||
                code === 'taking_back' ||
                code === 'opted_out' ||
                code === 'already_cancelled' ||
                code === 'after_series_end' ||
                code === 'device_removed'
              ? code
              : status === null
                ? 'not_found'
                : status === 'sending'
                  ? 'sending'
                  : AT_GATEWAY.includes(status)
                    ? 'at_gateway'
                    : 'not_applicable'
      return { id, reason, status }
    })
  }
}

/**
 * A series as a device's removal names it: its message's start (else its file's name), its rule and its start's day,
 * and whether it still makes messages (its status and next time).
 */
function removalSeries(series: SeriesView): RemovalSeries {
  const text = series.entries.find((entry) => entry.text?.trim())?.text
  const fileName = series.entries.find((entry) => entry.fileName)?.fileName
  return {
    id: series.id,
    name: textStart(text ?? fileName ?? ''),
    rule: series.rule,
    startLocal: series.startLocal,
    timezone: series.timezone,
    status: series.status,
    nextAt: series.nextAt
  }
}

/**
 * A device's queue is cancelled before it goes, each message saying why; its series are dropped after, and its
 * take-back calls settled.
 */
export function sendingRemovalHook(outbox: Outbox): DeviceRemovalHook {
  return {
    preview(deviceId) {
      const series = outbox.listSeries(deviceId)
      return { series: series.length, namedSeries: series.map(removalSeries) }
    },
    async clearAtGateway(deviceId) {
      // What the gateway keeps to send itself is cancelled there first, with the device's token: cancelled here
      // only, it went out on its day (QA63). A cancel the gateway refuses keeps the device whole: its token stays to
      // cancel it with (the cancel is tried again, and by the next removal), and the operator is told.
      const keptThere = outbox
        .list({ deviceId, status: ['scheduled'], limit: 100_000 })
        .items.filter((item) => item.scheduleMode === 'gateway')
      if (keptThere.length > 0)
        outbox.cancelMany(
          keptThere.map((item) => item.id),
          encodeNote('desktop.note.cancelledDeviceRemoved')
        )
      const left = await outbox.settleScheduleRemovals(deviceId)
      if (left > 0)
        throw new ApiFailure('schedules_not_cancelled', {
          key: 'desktop.error.schedulesNotCancelled',
          params: { count: left }
        })
    },
    holdDevice(deviceId) {
      const waiting = outbox.list({ deviceId, status: ['scheduled', 'queued'], limit: 100_000 })
      outbox.cancelMany(
        waiting.items.map((item) => item.id),
        encodeNote('desktop.note.cancelledDeviceRemoved')
      )
    },
    forgetDevice(deviceId) {
      // What they made and had not sent was cancelled with the device's queue (holdDevice).
      for (const series of outbox.listSeries(deviceId)) outbox.deleteSeries(series.id, { cancelMade: false })
      outbox.settleTakeBacksOfRemovedDevice(deviceId)
    }
  }
}

/** A removed device's messages are not sent again: no device would read the line they went back to. */
export function removedDeviceRetryHook(deviceKnown: (deviceId: string) => boolean): RetryHook {
  return {
    refuseRetry: (item) =>
      deviceKnown(item.deviceId)
        ? null
        : { code: 'device_removed', why: encodeNote('desktop.error.whyDeviceRemoved') },
    retried: () => undefined
  }
}

export function createSendingCommands(deps: SendingCommandsDeps): Commands<SendingChannel> {
  const { registry, monitor, outbox, files, fileLimitFor } = deps
  /** The filter with the numbers its Recipient text names, so the list, its export and its bulk actions agree. */
  const withNamed = <F extends OutboxListFilter>(filter: F): F & { recipientByName?: boolean } =>
    filter.recipient && deps.recipientsByName ? { ...filter, recipientByName: true } : filter
  /** Exports running, so the window's Stop reaches the right one (QA15 Q15-02). */
  const exportRuns = new ExportRuns()

  /**
   * Copies the files (inside `copy`); a file that changed since it was added is refused with its name (as a key the
   * window shows in the operator's language), so they know which one to add again.
   */
  async function copyingFiles<T>(copy: () => Promise<T>): Promise<T> {
    try {
      return await copy()
    } catch (error) {
      const changed = error instanceof OutboxError ? error.cause : error
      if (!(changed instanceof FileChangedError)) throw error
      throw new ApiFailure(
        'file_changed',
        { key: 'send.fileChanged', params: { name: changed.fileName } },
        'entries'
      )
    }
  }

  /**
   * The request's entries with their files resolved and checked against the device's limit; `used` lists the
   * handles to release once the outbox has copied the files.
   */
  function resolveEntries(
    deviceId: string,
    requested: EntryRequest[]
  ): { entries: EnqueueEntry[]; used: string[] } {
    const used: string[] = []
    const limit = fileLimitFor(deviceId)
    const entries = withCaptionsPlaced(requested).map((entry): EnqueueEntry => {
      if (entry.kind === 'text') return { kind: 'text', text: entry.text }
      const file = files.get(entry.handle)
      if (!file) throw new ApiFailure('file_gone', { key: 'desktop.error.fileGone' }, 'entries')
      if (file.size > limit) {
        throw new ApiFailure(
          'too_large',
          {
            key: 'desktop.error.fileTooLarge',
            params: { name: file.name, ...megabytesBesideLimit(file.size, limit) }
          },
          'entries'
        )
      }
      used.push(file.handle)
      return fileEntryOf(file, entry.caption)
    })
    return { entries, used }
  }

  /** The entries with no caption on an audio file, by the domain's one rule (QA32 Q32-01); a file gone stays as it is. */
  const withCaptionsPlaced = (requested: readonly EntryRequest[]): EntryRequest[] =>
    placeCaptions(requested, (entry) => files.get(entry.handle)?.kind ?? null)

  /** The one opt-out ask (core commands), with this front door's list. */
  const askedRecipientsOf = (
    requested: readonly string[],
    isGroup: boolean,
    decision: OptedOutDecision | undefined,
    field?: string,
    seen?: readonly string[]
  ): string[] | null => askedRecipients(deps.optedOut, requested, isGroup, decision, field, seen)

  /** The Send view's path: the device, the recipients, the texts and files checked, the files copied, then queued. */
  async function checkedEnqueue(
    request: {
      deviceId: string
      recipients: string[]
      isGroup: boolean
      entries: EntryRequest[]
      schedule?: EnqueueInput['schedule']
    },
    producer?: { producerTag: string; itemIds: readonly string[]; atCommit?: () => void }
  ): Promise<{ itemIds: string[] }> {
    requireDevice(registry, request.deviceId)
    const recipients = normalisedRecipients(request.recipients, request.isGroup, 'recipients')
    const { entries, used } = resolveEntries(request.deviceId, request.entries)
    const result = await copyingFiles(() =>
      outbox.enqueue({
        deviceId: request.deviceId,
        recipients,
        isGroup: request.isGroup,
        entries,
        ...(request.schedule ? { schedule: request.schedule } : {}),
        ...producer
      })
    )
    // The outbox copied the files into its attachments folder; pasted originals can go.
    await files.release(used)
    return result
  }

  return {
    async 'files:register'({ sources, purpose }) {
      const { files: registered, rejected } = await files.register(sources, purpose)
      return { files: registered.map(toHandleView), rejected }
    },

    async 'files:release'({ handles }) {
      await files.release(handles)
      return { ok: true as const }
    },

    async 'files:asAttachment'({ handle }) {
      const result = await files.asAttachment(handle)
      if (!result) throw new ApiFailure('file_gone', { key: 'desktop.error.fileGone' }, 'handle')
      return 'code' in result
        ? { files: [], rejected: [result] }
        : { files: [toHandleView(result)], rejected: [] }
    },

    async 'files:check'({ files: asked }) {
      return { rejected: await files.check(asked) }
    },

    async 'files:keepForDraft'({ handles, conversationId }) {
      await files.keepForDraft(handles, conversationId)
      return { ok: true as const }
    },

    async 'files:restoreDraft'({ conversationId }) {
      const { files: restored, rejected } = await files.restoreDraft(conversationId)
      return { files: restored.map(toHandleView), rejected }
    },

    async 'files:picture'({ handle }) {
      const picture = await files.picture(handle)
      return picture && { type: picture.type, dataBase64: Buffer.from(picture.bytes).toString('base64') }
    },

    /**
     * A direct send to numbers on the opt-out list is refused until the operator said what to do
     * (the window asks, then sends again with `optedOut`): send anyway, or leave them out.
     */
    async 'outbox:enqueue'({ optedOut: decision, optedOutSeen: seen, ...request }) {
      const recipients = askedRecipientsOf(request.recipients, request.isGroup, decision, undefined, seen)
      if (recipients === null) return checkedEnqueue(request)
      // Said back, so the window's card counts those it went to (QA61: "To 2 recipients" for the one it went to).
      const kept = new Set(recipients)
      const leftOut = [...new Set(normalisedRecipients(request.recipients, false, 'recipients'))].filter(
        (phone) => !kept.has(phone)
      )
      return { ...(await checkedEnqueue({ ...request, recipients })), leftOut }
    },

    /**
     * A reply is a send to one chat with the same checks, tagged with its producer; its item ids come from the
     * request id, so a repeated request (a double click, an IPC retry, a CLI run again) finds them and adds nothing.
     * Items of that id queued for another chat or from another device are not this reply: refused, never answered as
     * already sent.
     */
    async 'inbox:reply'(request) {
      const text = request.text?.trim() ? request.text : undefined
      // An audio file carries no caption: its text goes as a message of its own after it, with an id of its own.
      const entries = withCaptionsPlaced(
        request.handle
          ? [{ kind: 'file', handle: request.handle, ...(text ? { caption: text } : {}) }]
          : [{ kind: 'text', text: text ?? '' }]
      )
      const itemIds = entries.map((_, i) => (i === 0 ? request.requestId : `${request.requestId}:${i}`))
      const recipients = normalisedRecipients([request.chatId], request.isGroup, 'chatId')
      const producerTag = `reply:${recipients[0]}`
      const already = outbox.queue.outcomes.of(itemIds)
      if (already.length > 0) {
        // The producer tag names the chat the reply was written to (an operator's edit of the number keeps it).
        if (already.some((item) => item.producerTag !== producerTag || item.deviceId !== request.deviceId)) {
          // A device this app does not know is the answer that helps, whatever the id was used for.
          requireDevice(registry, request.deviceId)
          throw new ApiFailure('reply_elsewhere', { key: 'desktop.error.replyElsewhere' }, 'requestId')
        }
        // Queued with the first request's file: this one's (a draft's file registered again) has nowhere to go.
        if (request.handle) await files.release([request.handle])
        const found = new Set(already.map((item) => item.id))
        return { itemIds: itemIds.filter((id) => found.has(id)), repeated: true }
      }
      askedRecipientsOf([request.chatId], request.isGroup, request.optedOut, 'chatId')
      // The conversation it answers may have been deleted meanwhile (the terminal's `inbox delete`): checked first,
      // and again in the transaction that queues it, so no reply is queued for a conversation that is gone.
      const { conversationId } = request
      const stillThere =
        conversationId === undefined || !deps.conversationExists
          ? undefined
          : (): void => {
              if (!deps.conversationExists?.(conversationId))
                throw new ApiFailure(
                  'conversation_gone',
                  { key: 'desktop.error.replyConversationGone' },
                  'conversationId'
                )
            }
      try {
        stillThere?.()
        const result = await checkedEnqueue(
          { deviceId: request.deviceId, recipients, isGroup: request.isGroup, entries },
          { producerTag, itemIds, ...(stillThere ? { atCommit: stillThere } : {}) }
        )
        return { itemIds: result.itemIds, repeated: false }
      } catch (error) {
        // Its file has nowhere to go: let go of it (a pasted copy deleted) and of the draft kept for it, as the
        // conversation's delete does, rather than leave them to the next start.
        if (conversationId !== undefined && isConversationGone(error)) {
          if (request.handle) await files.release([request.handle])
          await files.releaseReplyDraft(conversationId)
        }
        throw error
      }
    },

    async 'outbox:list'(request) {
      return outbox.list(withNamed(request))
    },

    async 'outbox:scheduled'({ deviceId, after, limit }) {
      return outbox.scheduled(
        limit,
        after ? { at: Date.parse(after.scheduledAt), id: after.id } : undefined,
        deviceId
      )
    },

    async 'outbox:get'({ id }) {
      return { ...outbox.get(id), openTakeBack: outbox.openTakeBackOf(id) }
    },

    async 'outbox:picture'({ id }) {
      const picture = await outbox.picture(id)
      return picture && { type: picture.type, dataBase64: Buffer.from(picture.bytes).toString('base64') }
    },

    async 'outbox:counts'(filter) {
      // A campaign's counts are its card's; with a device too, those on that device, as the Outbox lists them (QA73).
      return outbox.summaryCounts(filter)
    },

    async 'outbox:since'({ since, until }) {
      return outbox.since(Date.parse(since), until === undefined ? undefined : Date.parse(until))
    },

    async 'outbox:export'({ filter, format, language = 'en', timeZone, exportId, deviceNames = {} }) {
      const zone = exportTimeZone(timeZone)
      // A removed device by the name the window gives it, as its rows do (QA63: its raw id in the file).
      const labels = new Map([
        ...Object.entries(deviceNames),
        ...monitor.views().map((device): [string, string] => [device.id, device.label])
      ])
      return exportRuns.run(exportId, async (signal) => {
        // What the list's filter matches as the export starts, each item once (QA27 Q27-02), a page at a time.
        const file = await writeOutboxFile(
          outbox.snapshot(withNamed(filter)),
          format,
          dayIn(outbox.now(), zone),
          { timeZone: zone, deviceName: (id) => labels.get(id) ?? id, language },
          {
            signal,
            onWritten: (written, total) => {
              if (exportId) deps.events.emit('outbox:exportProgress', { exportId, written, total })
            }
          }
        )
        return {
          fileName: file.fileName,
          mime: file.mime,
          dataBase64: Buffer.from(file.bytes).toString('base64'),
          count: file.count
        }
      })
    },

    async 'outbox:stopExport'({ exportId }) {
      exportRuns.stop(exportId)
      return { ok: true as const }
    },

    async 'outbox:retry'({ id }) {
      return outbox.retry(id)
    },

    async 'outbox:cancel'({ id }) {
      // One cancelled before (elsewhere too) is refused as already cancelled: never "Cancelled." twice.
      return outbox.cancel(id, true)
    },

    async 'outbox:retryMany'({ ids }) {
      return bulkReply(outbox, outbox.retryMany(ids))
    },

    async 'outbox:cancelMany'({ ids }) {
      return bulkReply(outbox, outbox.cancelMany(ids))
    },

    async 'outbox:takeBack'({ ids, action, alsoCancelHeld }) {
      return outbox.takeBackItems(ids, action, { alsoCancelHeld })
    },

    async 'outbox:takeBackProgress'({ id }) {
      return outbox.takeBackProgress(id)
    },

    async 'outbox:setTakeBackPaused'({ id, paused }) {
      return outbox.setTakeBackPaused(id, paused)
    },

    async 'outbox:retryMatching'({ filter, expected, asOf }) {
      return onEveryMatch(outbox, matchingIds(outbox, withNamed(filter), expected, asOf), (ids) =>
        outbox.retryMany(ids)
      )
    },

    async 'outbox:cancelMatching'({ filter, expected, asOf }) {
      return onEveryMatch(outbox, matchingIds(outbox, withNamed(filter), expected, asOf), (ids) =>
        outbox.cancelMany(ids)
      )
    },

    async 'outbox:matchingByDevice'({ filter }) {
      return { devices: outbox.countByDevice(withNamed(filter)) }
    },

    async 'outbox:deleteMany'({ ids }) {
      const held = await cancelledAtGatewayFirst(outbox, ids, deps.events)
      const reply = bulkReply(outbox, outbox.deleteMany(ids.filter((id) => !held.has(id))))
      const stillHeld = [...held].map((id) => ({
        id,
        reason: 'gateway_still_holds' as const,
        status: 'cancelled' as const
      }))
      return { ...reply, refused: [...reply.refused, ...stillHeld] }
    },

    async 'outbox:delete'({ id }) {
      if ((await cancelledAtGatewayFirst(outbox, [id])).size > 0)
        throw new ApiFailure('gateway_still_holds', { key: 'desktop.error.gatewayStillHolds' }, 'id')
      outbox.delete(id)
      return { ok: true as const }
    },

    async 'outbox:edit'({ id, text, recipient, schedule }) {
      const current = outbox.get(id).item
      const normalised =
        recipient === undefined
          ? undefined
          : normalisedRecipients([recipient], current.isGroup, 'recipients')[0]
      return outbox.edit(id, {
        ...(text !== undefined ? { text } : {}),
        ...(normalised !== undefined ? { recipient: normalised } : {}),
        ...(schedule ? { schedule } : {})
      })
    },

    async 'outbox:release'({ id }) {
      return outbox.release(id)
    },

    async 'outbox:releaseMany'({ ids }) {
      return bulkReply(outbox, outbox.releaseMany(ids))
    },

    async 'outbox:settleSend'({ deviceId, createdAt, scheduledAt, action, schedule, reword }) {
      const ids = outbox
        .scheduledOfSend(deviceId, Date.parse(createdAt), Date.parse(scheduledAt))
        .map((item) => item.id)
      if (action === 'send') return bulkReply(outbox, outbox.releaseMany(ids))
      if (action === 'cancel') return bulkReply(outbox, outbox.cancelMany(ids))
      if (action === 'reword') {
        if (!reword) throw new Error('the contract asks the words of a reword')
        // The send's texts worded as the one shown, or its file's captions: another text or file of the send, or one
        // reworded on its own, keeps its own words. A text needs some; a caption may be taken away.
        const like = ids.includes(reword.like) ? outbox.get(reword.like).item : null
        if (like === null) return { done: [], refused: [] }
        assertMessageText(reword.text, 'text', like.kind === 'text')
        const same = ids.filter((id) => {
          const { item } = outbox.get(id)
          return item.kind === like.kind && item.fileName === like.fileName && item.text === like.text
        })
        return bulkReply(outbox, outbox.editMany(same, { text: reword.text }))
      }
      if (!schedule) throw new Error('the contract asks a schedule of a reschedule')
      return bulkReply(outbox, outbox.editMany(ids, { schedule }))
    },

    async 'outbox:settleHeld'({ action }) {
      const ids = outbox.heldIds()
      if (ids.length === 0) return { done: [], refused: [] }
      return bulkReply(outbox, action === 'send' ? outbox.releaseMany(ids) : outbox.cancelMany(ids))
    },

    async 'outbox:setPaused'({ paused, deviceId }) {
      if (deviceId) requireDevice(registry, deviceId)
      // The outbox announces its new counts (and pause) itself; the devices list shows each device's paused flag.
      const result = outbox.setPaused(paused, deviceId)
      deps.events.emit('devices:changed', { devices: monitor.views() })
      return result
    },

    async 'recipients:recent'() {
      return { recipients: outbox.recentRecipients(20) }
    },

    async 'series:create'({ optedOut: decision, ...request }) {
      requireDevice(registry, request.deviceId)
      const recipients =
        askedRecipientsOf(request.recipients, request.isGroup, decision) ??
        normalisedRecipients(request.recipients, request.isGroup, 'recipients')
      const { entries, used } = resolveEntries(request.deviceId, request.entries)
      const series = await copyingFiles(() =>
        outbox.createSeries({
          deviceId: request.deviceId,
          recipients,
          isGroup: request.isGroup,
          entries,
          start: request.start,
          rule: request.rule,
          ...(request.end ? { end: request.end } : {}),
          overduePolicy: request.overduePolicy
        })
      )
      // The series copied the files into the attachments folder; the handles' originals can go.
      await files.release(used)
      return series
    },

    async 'series:list'({ deviceId }) {
      return { series: outbox.listSeries(deviceId) }
    },

    async 'series:stop'({ id, cancelMade }) {
      return outbox.stopSeries(id, { cancelMade })
    },
    async 'series:skipNext'({ id, nextLocal }) {
      return outbox.skipNextSeries(id, nextLocal)
    },
    async 'series:setEnd'({ id, end }) {
      return outbox.setSeriesEnd(id, end)
    },

    async 'series:delete'({ id, cancelMade }) {
      return { ok: true as const, ...outbox.deleteSeries(id, { cancelMade }) }
    }
  }
}
