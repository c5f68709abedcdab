// Turns stored items and history into the contract's view shapes, so the API layer maps them 1:1.
import type { z } from 'zod'
import type {
  OutboxCounts,
  OutboxHistoryEntry as HistoryEntrySchema,
  OutboxItemView,
  OutboxStatusCounts
} from '../../../shared/contract'
import type {
  HistoryRecord,
  ItemFilter,
  ItemRecord,
  OutboxStore,
  OutboxTakeBackStore,
  SettingsStore,
  StatusCounts
} from '../store'
import { campaignTag } from '../store'
import { OutboxError, type ListFilter } from './types'
import { storedDeviceWaits } from './device-waits'
import {
  foreseenCancel,
  OPTED_OUT_NOTE,
  optedOutSinceOf,
  retryRefusalOf,
  type RetryHook,
  type SendPolicy
} from './policies'
import { RETRYABLE } from './status'
import { scheduledCapHeld, type DeviceBudgetDeps } from './device-budget'
import { holdingWait, type CANCEL_REASON_CODES } from '../../../shared/domain'
import type { MessageKey, Params } from '../../../shared/i18n'
import { decodeNote, noteFields, translateNote } from '../../../shared/i18n/notes'

/** The contract names this shape only as a schema. */
export type OutboxHistoryEntry = z.infer<typeof HistoryEntrySchema>

const iso = (ms: number): string => new Date(ms).toISOString()
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms))
/** The last instant a JavaScript Date can hold. */
const LAST_DATE_MS = 8.64e15

/**
 * Views of items as the contract shows them: a queued item says the wait that holds it, its own or its device's (the
 * waits read once for the lot, so a page of a thousand rows costs one read); one a retry could take says whether its
 * producer would refuse that retry (the retry's own rule, retryRefusalOf).
 */
export function itemViews(
  ctx: {
    settings: SettingsStore
    store: Pick<OutboxStore, 'scheduleForItem'>
    retryHooks: readonly RetryHook[]
    policies: readonly SendPolicy[]
    now(): number
  },
  takingBack: ReadonlySet<string> = new Set()
): (item: ItemRecord) => OutboxItemView {
  const now = ctx.now()
  const waits = storedDeviceWaits(ctx.settings)
  return (item) => {
    const view = toItemView(item, now, waits[item.deviceId] ?? null)
    const refusal = RETRYABLE.includes(item.status) ? retryRefusalOf(ctx.retryHooks, item) : null
    // Only what this computer still sends is asked at its turn: a schedule the gateway keeps fires there.
    const foreseen = sentAtItsTurnHere(item) ? foreseenCancel(ctx.policies, item) : null
    // Whoever keeps it: a reschedule says it ahead and is refused (QA61 follow-up).
    const optedOutSince =
      item.status === 'scheduled' || item.status === 'queued' ? optedOutSinceOf(ctx.policies, item) : null
    return {
      ...view,
      ...(foreseen !== null ? { cancelsAtTurn: messageOf(foreseen) } : {}),
      ...(optedOutSince !== null ? { optedOutSince: iso(optedOutSince) } : {}),
      ...(item.status === 'scheduled' && item.scheduleMode === 'gateway'
        ? { savedAtGateway: savedAtGateway(ctx.store, item.id) }
        : {}),
      ...(item.status === 'scheduled' && item.scheduleMode === 'gateway' && changeOwed(ctx.store, item.id)
        ? { gatewayChangeOwed: true as const }
        : {}),
      ...(item.status === 'cancelled' && item.scheduleMode === 'gateway' && cancelOwed(ctx.store, item.id)
        ? { gatewayStillHolds: true as const }
        : {}),
      ...(takingBack.has(item.id) ? { takingBack: true as const } : {}),
      ...(refusal !== null
        ? {
            retryRefusal: { code: refusal.code, ...messageOf(refusal.why) }
          }
        : {})
    }
  }
}

/**
 * One item as the list shows it (its row's live update, its detail): with its take-back, as pageViews has it, so the
 * row's "being taken back" does not go with the item's next change.
 */
export function oneView(ctx: Parameters<typeof pageViews>[0], item: ItemRecord): OutboxItemView {
  return itemViews(ctx, ctx.takeBackStore.itemsWithOpenOps([item.id]))(item)
}

/** A page of the list: which of its items a take-back has not settled for is read once, for the page. */
export function pageViews(
  ctx: Parameters<typeof itemViews>[0] & { takeBackStore: Pick<OutboxTakeBackStore, 'itemsWithOpenOps'> },
  items: readonly ItemRecord[]
): OutboxItemView[] {
  return items.map(itemViews(ctx, ctx.takeBackStore.itemsWithOpenOps(items.map((item) => item.id))))
}

/** Whether the dispatcher is still to ask the policies before the item goes: queued, or a schedule kept here. */
function sentAtItsTurnHere(item: ItemRecord): boolean {
  return item.status === 'queued' || (item.status === 'scheduled' && item.scheduleMode !== 'gateway')
}

/**
 * Whether the gateway has saved an item's schedule: its create answered (a later update still owed leaves the saved
 * one there). The scheduler's rule too: such a schedule is the gateway's to fire, any other is sent from here.
 */
function savedAtGateway(store: Pick<OutboxStore, 'scheduleForItem'>, itemId: string): boolean {
  const row = store.scheduleForItem(itemId)
  return row !== undefined && row.pendingOp !== 'create'
}

/**
 * Whether a saved schedule still owes the gateway a change made here (planUpdate), as cancelOwed: not asked yet (its
 * device unreachable or paused holds the call), or asked and not taken.
 */
function changeOwed(store: Pick<OutboxStore, 'scheduleForItem'>, itemId: string): boolean {
  return store.scheduleForItem(itemId)?.pendingOp === 'update'
}

/** Whether a cancelled item's schedule still owes the gateway its cancel (gateway-schedules.ts planRemoval). */
function cancelOwed(store: Pick<OutboxStore, 'scheduleForItem'>, itemId: string): boolean {
  return store.scheduleForItem(itemId)?.pendingOp === 'cancel'
}

/**
 * What holds a queued item now (holding-wait.ts): its own wait (a policy's, or a retry's time) or its device's
 * (`deviceWait`, a daily cap: no row is written for it), whichever ends last; an ended one holds nothing (QA28 Q28-01:
 * the row's gap, ended, was said over the cap that held it till midnight). A held item waits for the operator alone.
 */
function holdingOf(
  item: ItemRecord,
  deviceWait: { until: number; reason: string } | null,
  now: number
): { until: number; reason: string | null } | null {
  const own =
    item.nextAttemptAt !== null || item.waitReason !== null
      ? { until: item.nextAttemptAt ?? Number.POSITIVE_INFINITY, reason: item.waitReason }
      : null
  return holdingWait([own, item.held ? null : deviceWait], now)
}

export function toItemView(
  item: ItemRecord,
  now: number,
  deviceWait: { until: number; reason: string } | null = null
): OutboxItemView {
  const holding = item.status === 'queued' ? holdingOf(item, deviceWait, now) : null
  const waitReason = holding?.reason ?? null
  // Only meaningful while the outbox still has something to do with the item: a queued one's is when what holds it
  // ends (never a time gone by); a sending one's is the next check of a send in doubt. A paused campaign holds its
  // rows "until resumed" (beyond any date), which is no time to show.
  const nextAttemptAt =
    item.status === 'queued'
      ? (holding?.until ?? null)
      : item.status === 'sending'
        ? item.nextAttemptAt
        : null
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
    failure: failureOf(item),
    gatewayId: item.gatewayId,
    createdAt: iso(item.createdAt),
    updatedAt: iso(item.updatedAt),
    scheduledAt: isoOrNull(item.notBefore),
    timezone: item.timezone,
    scheduleMode: item.scheduleMode,
    overduePolicy: item.overduePolicy,
    held: item.held,
    attempts: item.attempts,
    nextAttemptAt: nextAttemptAt !== null && nextAttemptAt <= LAST_DATE_MS ? iso(nextAttemptAt) : null,
    ...producerOf(item),
    ...(waitReason !== null
      ? {
          waitReason: messageOf(waitReason)
        }
      : {})
  }
}

/**
 * Why the item did not go: its failure, or the reason it was cancelled with (a producer's, as a campaign's opt-out:
 * code `opted_out`, another's `cancelled`: CANCEL_REASON_CODES), so the outbox's detail and export say it rather than an empty reason (QA23 Q23-04). The
 * operator's own cancel keeps none: its status says it all.
 */
function failureOf(item: ItemRecord): OutboxItemView['failure'] {
  const code =
    item.failureCode ?? (item.status === 'cancelled' ? cancelReasonCode(item.failureMessage) : null)
  if (code === null) return null
  return {
    code,
    message: translateNote('en', item.failureMessage) ?? code,
    ...keyOf(item.failureMessage, 'messageKey', 'messageParams'),
    gatewayMessage: item.failureGatewayMessage
  }
}

/** A cancel's reason as a failure code: `opted_out` for the opt-out's (the window tells those apart by it). */
function cancelReasonCode(reason: string | null): (typeof CANCEL_REASON_CODES)[number] | null {
  if (reason === null) return null
  return reason === OPTED_OUT_NOTE ? 'opted_out' : 'cancelled'
}

/** A producer's tag ('<kind>:<id>') as the view names it; nothing for a one-off send. */
function producerOf(item: ItemRecord): Pick<OutboxItemView, 'producer'> {
  if (item.producerTag === null) return {}
  const colon = item.producerTag.indexOf(':')
  const kind = colon < 0 ? item.producerTag : item.producerTag.slice(0, colon)
  const id = colon < 0 ? '' : item.producerTag.slice(colon + 1)
  return { producer: { kind, id, ref: item.producerRef } }
}

/** `note` in English (CLI, logs, older windows); `noteKey`/`noteParams` let the window show it in its language. */
export function toHistoryView(entry: HistoryRecord): OutboxHistoryEntry {
  return {
    at: iso(entry.at),
    status: entry.status,
    ...noteFields(entry.note, 'note', 'noteKey', 'noteParams')
  }
}

/** A stored note's key and params under the view's field names, or nothing for plain text. */
/** An encoded note as a view's message: in English, with its key and params for the window's language. */
function messageOf(note: string): { message: string; messageKey?: MessageKey; messageParams?: Params } {
  return { message: translateNote('en', note) ?? note, ...keyOf(note, 'messageKey', 'messageParams') }
}

function keyOf<K extends string, P extends string>(
  stored: string | null,
  keyField: K,
  paramsField: P
): Partial<Record<K, MessageKey> & Record<P, Params>> {
  const message = decodeNote(stored)
  return message
    ? ({ [keyField]: message.key, [paramsField]: message.params } as Record<K, MessageKey> &
        Record<P, Params>)
    : {}
}

export function toStatusCountsView(counts: StatusCounts): OutboxStatusCounts {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0)
  return { ...counts, total }
}

/**
 * Where things stand, on every device or on one: by status, and of the cancelled those whose number opted out (the
 * counting model's bucket of their own). Both kept by triggers: a read of a few rows, on every change while sending.
 */
export function countsView(
  store: Pick<OutboxStore, 'counts' | 'optedOutCount'>,
  deviceId?: string
): OutboxCounts {
  return { ...toStatusCountsView(store.counts(deviceId)), optedOut: store.optedOutCount(deviceId) }
}

/**
 * One campaign's messages in the outbox by status, and of its cancelled those whose number opted out: what its card
 * counts of them (campaigns.ts reads the same two), so the Outbox's summary under its Campaign filter says the card's
 * numbers (QA73). With `deviceId` (the Device filter too), those on that device: the summary counts what the list
 * lists. Read by the producer index: a campaign's own items, not the outbox.
 */
export function campaignCountsView(
  store: Pick<OutboxStore, 'campaignCounts'>,
  campaignId: string,
  deviceId?: string
): OutboxCounts {
  const { byStatus, optedOut } = store.campaignCounts(campaignTag(campaignId), deviceId)
  return { ...toStatusCountsView(byStatus), optedOut }
}

/** The filters the Outbox's summary counts by (QA73): a search, dates or statuses narrow the list, not the summary. */
export type SummaryFilter = Pick<ListFilter, 'deviceId' | 'campaignId' | 'directOnly'>

/**
 * The Outbox's summary: on every device or the filtered one, of every message or the filtered campaign's (its card's
 * counts), so it adds up to the list's total under those filters (issue 29 point 2).
 */
export function summaryCountsView(
  store: Pick<OutboxStore, 'counts' | 'optedOutCount' | 'campaignCounts'>,
  { deviceId, campaignId, directOnly }: SummaryFilter
): OutboxCounts {
  if (campaignId !== undefined) return campaignCountsView(store, campaignId, deviceId)
  if (!directOnly) return countsView(store, deviceId)
  // "Direct sends only" (QA73): the kept counts less every campaign's, each read by an index (not a scan).
  const campaigns = store.campaignCounts(null, deviceId)
  const all = store.counts(deviceId)
  for (const status of Object.keys(all) as (keyof StatusCounts)[]) all[status] -= campaigns.byStatus[status]
  return { ...toStatusCountsView(all), optedOut: store.optedOutCount(deviceId) - campaigns.optedOut }
}

/** The list's filter as the store reads it: its ISO bounds as instants (an unreadable one is refused), a page at most 1000. */
export function toItemFilter(filter: ListFilter): ItemFilter {
  const toMs = (value: string | undefined, field: string): number | undefined => {
    if (value === undefined) return undefined
    const ms = Date.parse(value)
    if (Number.isNaN(ms))
      throw new OutboxError('invalid_input', { key: 'desktop.error.notADate', params: { value } }, field)
    return ms
  }
  return {
    status: filter.status,
    deviceId: filter.deviceId,
    campaignId: filter.campaignId,
    directOnly: filter.directOnly,
    recipient: filter.recipient,
    recipientByName: filter.recipientByName,
    text: filter.text,
    from: toMs(filter.from, 'from'),
    to: toMs(filter.to, 'to'),
    ...(filter.happenedSince && {
      happenedSince: {
        event: filter.happenedSince.event,
        since: toMs(filter.happenedSince.since, 'happenedSince') ?? 0,
        optedOutReason: OPTED_OUT_NOTE
      }
    }),
    offset: filter.offset ?? 0,
    limit: Math.min(filter.limit ?? 200, 1000)
  }
}

/**
 * What happened since an instant (the Overview's "today"): by when messages were sent, not where they are now; with
 * `until` (the day's end), also how many scheduled go only from then on (not today's waiting, QA13 Q13-07), and how
 * many due before it a device's daily cap holds past its day (`budget`: null while no cap is plugged in). Neither
 * counts those that will not be sent, their number opted out since (QA76): the Overview names them apart.
 */
export function sinceView(
  store: OutboxStore,
  since: number,
  until: number | undefined,
  budget: DeviceBudgetDeps | null,
  now: number
) {
  const { sent, sentDeleted, failed, cancelled, optedOut } = store.since(since, OPTED_OUT_NOTE)
  return {
    sent: toStatusCountsView(sent),
    sentDeleted: toStatusCountsView(sentDeleted),
    failed,
    cancelled,
    optedOut,
    ...(until === undefined
      ? {}
      : {
          scheduledAfter: store.scheduledFrom(until) - store.scheduledOptedOut(until),
          scheduledCapHeld: budget ? scheduledCapHeld(budget, store, until, now) : 0
        })
  }
}
