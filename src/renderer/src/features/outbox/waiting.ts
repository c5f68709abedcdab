// Why a message that has not reached the gateway is still waiting, and what a just-sent batch really did.
import type { DeviceView, OutboxItemView } from '../../../../shared/contract'
import { quotaWaitKey, stateStopsSending, stateWaitKey } from '../../../../shared/device-waits'
import {
  batchHeading,
  bucketCountsOf,
  heldByPause,
  isSendInDoubt,
  scheduleKeeper,
  summaryBuckets,
  type BatchHeading,
  type ScheduleKeeper,
  type StatusBucket
} from '../../../../shared/domain/status-buckets'
import type { MessageKey, Translate } from '../../../../shared/i18n'
import { decodeNote } from '../../../../shared/i18n/note-text'
import { bucketParts } from './bucket-summary'

/** Statuses in which the message is still on this computer, waiting to be handed to the gateway. */
export function isWaiting(item: OutboxItemView): boolean {
  return item.status === 'queued' || item.status === 'sending' || item.held
}

interface WaitingContext {
  device: DeviceView | undefined
  sendingPaused: boolean
}

/** Whether a pause holds the item (heldByPause): its badge says "· paused", as the header counts it. */
export function isHeldByPause(item: OutboxItemView, { device, sendingPaused }: WaitingContext): boolean {
  return heldByPause(
    { status: item.status, waitKey: item.waitReason?.messageKey ?? null },
    { sendingPaused, devicePaused: device?.paused === true }
  )
}
/** An instant in words, with its zone named: on `timeZone`'s clock when given (a device's day), else the operator's. */
type FormatTime = (iso: string, timeZone?: string) => string

/**
 * A reason in words; `ownLine` when it is already a line of its own, as the campaign's progress shows it ("Waiting:
 * outside working hours until 08:00", "Paused: …", "Daily cap reached; …"), so nothing is put before it.
 */
interface Reason {
  text: string
  ownLine: boolean
}

/**
 * The reason a waiting item waits, in the operator's terms, or null when it is not waiting. Most blocking first:
 * the operator's own pause, then the device's state, then a retry the core has planned.
 */
export function waitingReason(
  item: OutboxItemView,
  context: WaitingContext,
  t: Translate,
  formatTime: FormatTime
): string | null {
  return reasonOf(item, context, t, formatTime)?.text ?? null
}

/**
 * The detail's line of why a message waits: "Waiting: {reason}", or the reason alone when it is a line of its own —
 * a campaign's reasons begin with "Waiting:" or "Paused:" already, and read "Waiting: Waiting: …" inside the label
 * (QA31 Q31-03).
 */
export function waitingLine(
  item: OutboxItemView,
  context: WaitingContext,
  t: Translate,
  formatTime: FormatTime
): string | null {
  const reason = reasonOf(item, context, t, formatTime)
  if (!reason) return null
  return reason.ownLine ? reason.text : t('outbox.waiting.label', { reason: reason.text })
}

function reasonOf(
  item: OutboxItemView,
  context: WaitingContext,
  t: Translate,
  formatTime: FormatTime
): Reason | null {
  const phrase = (text: string): Reason => ({ text, ownLine: false })
  if (!isWaiting(item)) return null
  const { device } = context
  if (item.held) return phrase(t('outbox.waiting.held'))
  const stopped = stoppedReason(context, t)
  if (stopped) return phrase(stopped)
  // The gateway refused a send for quota (the core then shows none left): every message of the device waits for it.
  const noQuota = device && item.status === 'queued' ? quotaWaitKey(device) : null
  if (device && noQuota) return phrase(t(noQuota, { device: device.label }))
  // A policy holds it (a campaign's pacing or pause, a daily cap): the kernel keeps why, whatever time it holds it
  // until; a campaign's row without a reason yet goes when its campaign's pacing allows.
  if (item.status === 'queued' && item.waitReason) return policyReason(item.waitReason, t, formatTime)
  if (item.status === 'queued' && item.producer?.kind === 'campaign')
    return phrase(t('outbox.waiting.campaign', { row: item.producer.ref ?? 0 }))
  // Still "sending" with a next attempt: the request was cut short (5xx, time-out) and the gateway may have the
  // message; its reports are checked (the next check moves on quietly) before any resend, so no time is promised.
  if (isSendInDoubt(item)) return phrase(t('outbox.waiting.checking'))
  if (item.nextAttemptAt) return phrase(t('outbox.waiting.retry', { time: formatTime(item.nextAttemptAt) }))
  return null
}

/** What stops everything of the device from reaching the gateway: the operator's pause, the device's, its state. */
function stoppedReason({ device, sendingPaused }: WaitingContext, t: Translate): string | null {
  if (sendingPaused) return t('outbox.waiting.paused')
  if (device?.paused) return t('outbox.waiting.devicePaused', { device: device.label })
  // Its state, a needed scan by its cause (shared with the terminal's `outbox list` and `outbox flush`: QA80).
  const key = device ? stateWaitKey(device) : null
  return device && key ? t(key, { device: device.label }) : null
}

/**
 * The device that holds a queued message back by its state or its used-up quota, as reasonOf says it, or null: its
 * row says "Queued · waiting for Shop B" and its detail offers what helps the device (QA72: rows held by a logged-out
 * phone read as ordinary "Queued"). Not for one held by the overdue policy or a pause, which their own words say.
 */
export function holdingDevice(item: OutboxItemView, context: WaitingContext): DeviceView | null {
  const { device } = context
  if (!device || item.status !== 'queued' || item.held || isHeldByPause(item, context)) return null
  return stateStopsSending(device) || device.quota === 0 ? device : null
}

const CANCELS_AT_TURN: Partial<Record<string, MessageKey>> = {
  'desktop.note.optedOut': 'outbox.cancelsAtTurn.optedOut',
  'desktop.note.afterSeriesEnd': 'outbox.cancelsAtTurn.afterSeriesEnd'
}

/**
 * That a message still to be sent from here will be cancelled at its turn, and why (the core's `cancelsAtTurn`: its
 * number opted out after it was written, a series' end), or null: said before its time, not only once it is cancelled.
 */
export function cancelsAtTurnLine(item: OutboxItemView, t: Translate): string | null {
  const reason = item.cancelsAtTurn
  if (!reason) return null
  const own = reason.messageKey ? CANCELS_AT_TURN[reason.messageKey] : undefined
  if (own) return t(own)
  return t('outbox.cancelsAtTurn.other', {
    reason: reason.messageKey ? t(reason.messageKey as MessageKey, reason.messageParams) : reason.message
  })
}

/**
 * Why a schedule the gateway is to keep has not reached it (scheduleKeeper: `notYetAtGateway`), as a queued item's
 * reason is said; null for any other item, or when nothing stops it (its call is on its way).
 */
export function notAtGatewayReason(
  item: OutboxItemView,
  context: WaitingContext,
  t: Translate
): string | null {
  return scheduleKeeper(item) === 'notYetAtGateway' ? stoppedReason(context, t) : null
}

/**
 * What will hold a schedule this computer keeps when its time comes (sending paused, its device unable to send), as a
 * queued item's reason is said; null for any other item, or when nothing would.
 */
export function heldAtItsTimeReason(
  item: OutboxItemView,
  context: WaitingContext,
  t: Translate
): string | null {
  return scheduleKeeper(item) === 'here' ? stoppedReason(context, t) : null
}

/**
 * A policy's reason in the operator's language; an `until` time in it shown as the window shows times. A campaign's
 * reasons (campaigns.*) are the lines its progress shows alone; the queue's own (desktop.wait.*) follow "Waiting:".
 */
function policyReason(
  reason: NonNullable<OutboxItemView['waitReason']>,
  t: Translate,
  formatTime: FormatTime
): Reason {
  const key = reason.messageKey
  if (!key) return { text: reason.message, ownLine: false }
  const params = { ...reason.messageParams }
  // A param may be a note itself (the device state a campaign's part paused for): in words, in this language.
  for (const [name, value] of Object.entries(params)) {
    const nested = typeof value === 'string' ? decodeNote(value) : null
    if (nested) params[name] = t(nested.key, nested.params)
  }
  // A device's daily cap starts again at midnight in its own zone (`zone`): shown on that clock, as its card shows it.
  const zone = typeof params['zone'] === 'string' ? params['zone'] : undefined
  if (typeof params['until'] === 'string' && !Number.isNaN(Date.parse(params['until'])))
    params['until'] = formatTime(params['until'], zone)
  return { text: t(key as MessageKey, params), ownLine: key.startsWith('campaigns.') }
}

/**
 * One line for a batch just sent, by the domain's counting model: every bucket its messages are in, never "sent" for
 * what is only queued ("2 queued — Sandbox device is logged out · 1 read · 3 in all"); what was deleted since and
 * what has not been looked up yet are said as such, so the parts add up to the batch's size.
 */
export function batchSummary(
  items: OutboxItemView[],
  expected: number,
  reasonOf: (item: OutboxItemView) => string | null,
  t: Translate,
  /** A scheduled instant on its zone's clock, the zone named ("1 Jan 2030, 16:00 WIB"). */
  formatScheduled: (iso: string, timeZone: string | null) => string,
  deleted = 0
): string | null {
  if (expected === 0) return null
  const counts = bucketCountsOf(items)
  const shown = summaryBuckets(counts)
  const parts = bucketParts(counts, t)
  const at = (bucket: StatusBucket): number => shown.findIndex((part) => part.bucket === bucket)
  // A schedule is kept by whoever sends it (the domain's scheduleKeeper): one kept on this computer was not "taken"
  // by anyone yet, and one meant for the gateway is the gateway's only once it saved it (QA40 Q40-01).
  const keptBy = (keeper: ScheduleKeeper): OutboxItemView[] =>
    items.filter((i) => scheduleKeeper(i) === keeper)
  const keptHere = keptBy('here')
  const keptThere = keptBy('gateway')
  const notYetThere = keptBy('notYetAtGateway')
  const keptHerePart = (): string => {
    const time = oneScheduledTime(keptHere, formatScheduled)
    const kept = time
      ? t('send.sent.keptHereUntil', { count: keptHere.length, time })
      : t('send.sent.keptHere', { count: keptHere.length })
    // What will hold them at their time, said now (QA65: scheduled while sending was paused, "2 kept on this computer
    // until 00:18" said nothing of the pause they then waited for).
    const then = keptHere.map(reasonOf).find((r) => r !== null)
    return then ? t('send.sent.keptHereThenWaits', { kept, reason: then }) : kept
  }
  const keptTherePart = (): string => {
    const time = oneScheduledTime(keptThere, formatScheduled)
    return time
      ? t('send.sent.keptByGatewayUntil', { count: keptThere.length, time })
      : t('send.sent.keptByGateway', { count: keptThere.length })
  }
  if (notYetThere.length > 0) {
    // Said apart, with why, as a queued part is: the operator must not think the gateway holds it. With its time, as
    // the parts kept here or by the gateway say theirs (QA69: "not at the gateway yet" alone never said when).
    const why = notYetThere.map(reasonOf).find((r) => r !== null)
    const time = oneScheduledTime(notYetThere, formatScheduled)
    const count = notYetThere.length
    const notYet = time
      ? why
        ? t('send.sent.notAtGatewayYetForBecause', { count, time, reason: why })
        : t('send.sent.notAtGatewayYetFor', { count, time })
      : why
        ? t('send.sent.notAtGatewayYetBecause', { count, reason: why })
        : t('send.sent.notAtGatewayYet', { count })
    parts[at('scheduled')] = [
      ...(keptHere.length > 0 ? [keptHerePart()] : []),
      ...(keptThere.length > 0 ? [keptTherePart()] : []),
      notYet
    ].join(' · ')
  } else if (counts.scheduled > 0 && keptHere.length === counts.scheduled) {
    parts[at('scheduled')] = keptHerePart()
  } else if (counts.scheduled > 0 && keptThere.length === counts.scheduled) {
    parts[at('scheduled')] = keptTherePart()
  }
  const reason = items
    .filter(isWaiting)
    .map(reasonOf)
    .find((r) => r !== null)
  if (counts.queued > 0 && reason)
    // The bucket in the header's and Overview's word for it ("3 queued"): the Overview's "waiting" is queued and
    // scheduled together, so "3 waiting" here read as another count of the same thing (QA18 Q18-04).
    parts[at('queued')] = t('send.sent.queuedBecause', { queued: parts[at('queued')] ?? '', reason })
  if (deleted > 0) parts.push(t('send.sent.deleted', { count: deleted }))
  const unknown = expected - items.length - deleted
  if (unknown > 0) parts.push(t('send.sent.unknown', { count: unknown }))
  if (expected > 1) parts.push(t('buckets.total', { count: expected }))
  return parts.join(' · ')
}

/**
 * The time every one of these schedules is kept until, as written on its zone, or null when they differ (the
 * summary then says "until the scheduled time" rather than naming one of several).
 */
function oneScheduledTime(
  items: OutboxItemView[],
  formatScheduled: (iso: string, timeZone: string | null) => string
): string | null {
  const times = new Set(
    items.map((item) => (item.scheduledAt ? formatScheduled(item.scheduledAt, item.timezone) : ''))
  )
  const [time] = times
  return times.size === 1 && time ? time : null
}

/** Each heading of a batch just sent (the domain's batchHeading), in words. */
const HEADING_KEY: Record<BatchHeading, MessageKey> = {
  waiting: 'send.sent.queuedTitle',
  scheduled: 'send.sent.scheduledTitle',
  sending: 'send.sent.sendingTitle',
  withGateway: 'send.sent.withGatewayTitle',
  sent: 'send.sent.title',
  failed: 'send.sent.failedTitle',
  partlyFailed: 'send.sent.partlyFailedTitle',
  cancelled: 'send.sent.cancelledTitle',
  revoked: 'send.sent.revokedTitle',
  takenBack: 'send.sent.takenBackTitle',
  partlySent: 'send.sent.partlySentTitle',
  partlyTakenBack: 'send.sent.partlyTakenBackTitle',
  deleted: 'send.sent.deletedTitle'
}

/**
 * The heading of a batch just sent, from where all its items stand by the counting model (the domain's batchHeading:
 * never "Just sent" over a failure, over messages the gateway holds unsent, or over a send taken back; "Sending…" once
 * some went while others wait: QA79); deleted once none of them is left. A held overdue one waits for the operator.
 */
export function batchTitleKey(items: OutboxItemView[], scheduled: boolean, deleted = 0): MessageKey {
  const held = items.filter((i) => i.held && i.status === 'scheduled').length
  return HEADING_KEY[batchHeading(bucketCountsOf(items), { held, deleted, scheduled })]
}
