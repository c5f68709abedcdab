// The one counting model of the outbox: which bucket each status falls in, and a summary whose buckets add up to
// its total. The Overview, the outbox's summary, the send result card and campaigns count with it.
import { OUTBOX_STATUSES, type OutboxStatusName } from './enums'

/**
 * The buckets in the order a summary names them, with the header's words: `queued` is waiting its turn on this
 * computer or being handed over, `scheduled` waits for its time (whichever side keeps the schedule) — together what
 * is still waiting; from `withGateway` on the gateway has taken the message: accepted and not yet reported sent,
 * then sent, delivered, read. `failed`, `cancelled`
 * (here or at the gateway), `optedOut` (cancelled because the number opted out: nobody cancelled it) and `revoked`
 * (deleted for everyone) are their own buckets, so nothing the outbox holds is left out of a total.
 */
export const STATUS_BUCKETS = [
  'queued',
  'scheduled',
  'withGateway',
  'sent',
  'delivered',
  'read',
  'failed',
  'cancelled',
  'optedOut',
  'revoked'
] as const
export type StatusBucket = (typeof STATUS_BUCKETS)[number]

/** Every status belongs to exactly one bucket; `optedOut` is a part of one status, told by its reason. */
export const BUCKET_STATUSES: Record<StatusBucket, readonly OutboxStatusName[]> = {
  queued: ['queued', 'sending'],
  scheduled: ['scheduled'],
  withGateway: ['accepted'],
  sent: ['sent'],
  delivered: ['delivered'],
  read: ['read'],
  failed: ['failed'],
  // Cancelled here or, while the gateway still held it, there: either way it never reached the customer.
  cancelled: ['cancelled', 'cancelled_at_gateway'],
  // No status of its own: the `cancelled` whose reason is the opt-out (cancelledAsOptedOut), taken out of cancelled.
  optedOut: [],
  // Reached the customer, then deleted for everyone at the gateway.
  revoked: ['revoked']
}

const BUCKET_OF = new Map<OutboxStatusName, StatusBucket>(
  STATUS_BUCKETS.flatMap((bucket) => BUCKET_STATUSES[bucket].map((status) => [status, bucket] as const))
)

/** The bucket of a status alone (its reason unknown): a cancel is `cancelled`. See bucketOfItem. */
export function bucketOf(status: OutboxStatusName): StatusBucket {
  const bucket = BUCKET_OF.get(status)
  if (!bucket) throw new Error(`No bucket for outbox status ${status}`)
  return bucket
}

/**
 * Whether a send is in doubt: still `sending` with a next check of the gateway's reports (a 5xx or a time-out cut its
 * answer short), checked before any resend. In the queued bucket; the rows, the outbox's list and the exports say it
 * is being checked, by this one rule.
 */
export function isSendInDoubt(item: {
  status: OutboxStatusName
  nextAttemptAt: string | number | null
}): boolean {
  return item.status === 'sending' && item.nextAttemptAt !== null
}

/**
 * The failure codes of a message cancelled with a reason (its view's failure; the operator's own cancel has none): a
 * campaign's row whose number opted out, `opted_out`, and any other producer's reason, `cancelled`.
 */
export const CANCEL_REASON_CODES = ['opted_out', 'cancelled'] as const

/**
 * Whether a message was cancelled because its number opted out: nobody cancelled it, so it is not among the
 * cancelled today (QA23 Q23-04: "5 cancelled today" for five customers' STOP).
 */
export function cancelledAsOptedOut(item: { status: OutboxStatusName; failureCode: string | null }): boolean {
  return item.status === 'cancelled' && item.failureCode === 'opted_out'
}

/** The bucket of one message: by its status, but `optedOut` for a cancel because its number opted out. */
export function bucketOfItem(item: { status: OutboxStatusName; failureCode?: string | null }): StatusBucket {
  return cancelledAsOptedOut({ status: item.status, failureCode: item.failureCode ?? null })
    ? 'optedOut'
    : bucketOf(item.status)
}

/**
 * The choices of the outbox's status filter: every status, with `cancelled` parted as every summary parts it, so a
 * choice lists what its summary number counts (a carried finding: "3 cancelled · 5 opted out" over a Cancelled filter
 * that listed 8). `cancelled` is what someone cancelled; `optedOut`, right after it, the cancels because the number opted
 * out (cancelledAsOptedOut). A filter kept from before (`['cancelled']`) still reads: as the operator's cancels.
 */
export const STATUS_FILTER_CHOICES = OUTBOX_STATUSES.flatMap((status) =>
  status === 'cancelled' ? (['cancelled', 'optedOut'] as const) : ([status] as const)
)
export type StatusFilterChoice = OutboxStatusName | 'optedOut'

/** The choice of the status filter an item is listed under: its status, but `optedOut` as its bucket says. */
export function statusChoiceOf(item: {
  status: OutboxStatusName
  failureCode?: string | null
}): StatusFilterChoice {
  return bucketOfItem(item) === 'optedOut' ? 'optedOut' : item.status
}

/** The status an item of this choice has (an opted-out one is `cancelled`), for rules told by status alone. */
export function statusOfChoice(choice: StatusFilterChoice): OutboxStatusName {
  return choice === 'optedOut' ? 'cancelled' : choice
}

/**
 * What a status filter's choices ask of the items: the statuses they cover, and which part of the `cancelled` status:
 * `all` of it (both its choices, or neither), `optedOutOnly`, or `optedOutLeftOut` (the operator's and other cancels).
 */
export function statusesOfChoices(choices: readonly StatusFilterChoice[]): {
  statuses: OutboxStatusName[]
  cancelledPart: 'all' | 'optedOutOnly' | 'optedOutLeftOut'
} {
  const statuses = [...new Set(choices.map(statusOfChoice))]
  const cancelled = choices.includes('cancelled')
  const optedOut = choices.includes('optedOut')
  return {
    statuses,
    cancelledPart: cancelled === optedOut ? 'all' : optedOut ? 'optedOutOnly' : 'optedOutLeftOut'
  }
}

/** Buckets of what is still waiting, not yet taken by the gateway: its turn or its time. */
export const WAITING_BUCKETS: readonly StatusBucket[] = ['queued', 'scheduled']

/** The buckets the header counts and every outbox summary always names (QA N7: the two said the same thing apart). */
export const HEADER_BUCKETS = ['queued', 'scheduled', 'failed'] as const satisfies readonly StatusBucket[]

/**
 * Who keeps a scheduled message until its time: this computer (`here`), the gateway, which fires it even while this
 * computer is off, or nobody else yet (`notYetAtGateway`): a gateway schedule the gateway has not saved (its device
 * cannot take it now, or the call is on its way), which this computer still keeps. Only `gateway` may be called
 * "kept by the gateway" (QA40 Q40-01: an expired device's refused schedule was, and the computer could be switched
 * off). Null for a message no longer scheduled.
 */
export type ScheduleKeeper = 'here' | 'gateway' | 'notYetAtGateway'

export function scheduleKeeper(item: {
  status: OutboxStatusName
  scheduleMode: 'local' | 'gateway' | null
  savedAtGateway?: boolean | undefined
}): ScheduleKeeper | null {
  if (item.status !== 'scheduled') return null
  if (item.scheduleMode !== 'gateway') return 'here'
  return item.savedAtGateway === true ? 'gateway' : 'notYetAtGateway'
}

/** Buckets the gateway has taken (what a summary may call "reached the gateway"). */
export const REACHED_GATEWAY_BUCKETS: readonly StatusBucket[] = ['withGateway', 'sent', 'delivered', 'read']

/** Of the messages a gateway keeps on its own schedule, those it has reported sent (what countsAsSent counts). */
export const GATEWAY_REPORTED_SENT: readonly OutboxStatusName[] = [
  ...BUCKET_STATUSES.sent,
  ...BUCKET_STATUSES.delivered,
  ...BUCKET_STATUSES.read,
  ...BUCKET_STATUSES.revoked
]

/**
 * The buckets of GATEWAY_REPORTED_SENT: what a summary counts as sent, wherever a message went since (delivered, read,
 * deleted for everyone after). A campaign's "4 of 6 sent" counts these, as the Overview's "sent today" and the card's
 * "ever sent" do (QA28 Q28-05: a message deleted for everyone dropped out of "3 of 6 sent" alone).
 */
export const REPORTED_SENT_BUCKETS = [
  'sent',
  'delivered',
  'read',
  'revoked'
] as const satisfies readonly StatusBucket[]

/**
 * Whether a message the gateway has taken counts as one of its device's sends of the day (the daily cap's count): one
 * we handed over to send now counts from the hand-over, wherever it stands since; one kept by the gateway's own
 * schedule only once the gateway reports it went (sent, delivered, read, or deleted for everyone after), since until
 * then the gateway holds it unsent and it counts against no quota.
 */
export function countsAsSent(item: {
  status: OutboxStatusName
  scheduleMode: 'local' | 'gateway' | null
}): boolean {
  if (item.scheduleMode !== 'gateway') return true
  return GATEWAY_REPORTED_SENT.includes(item.status)
}

/**
 * Whether a message the gateway took counts as sent in the Overview's "sent today": once the gateway reports it went
 * (sent, delivered, read, or deleted for everyone after), whoever kept its schedule. One the gateway still holds is
 * "with the gateway, not yet sent"; one it refused or cancelled is failed or cancelled today, not sent as well
 * (QA14 Q14-04: 38 "sent today", not one of them on a customer's phone).
 */
export function countsAsSentToday(item: { status: OutboxStatusName }): boolean {
  return GATEWAY_REPORTED_SENT.includes(item.status)
}

/**
 * What the Overview's "today" counts by when it happened rather than by where items stand (issue 29): taken by the
 * gateway today and sent (countsAsSentToday), failed, cancelled, and cancelled because the number opted out
 * (`optedOut`, not among the cancelled); each message in one of them at most. Each number opens the outbox list of
 * exactly those items; the core's store holds the one definition of each (store/happened-since.ts).
 */
export const HAPPENED_EVENTS = ['sent', 'failed', 'cancelled', 'optedOut'] as const
export type HappenedEvent = (typeof HAPPENED_EVENTS)[number]

export type BucketCounts = Record<StatusBucket, number> & { total: number }

/**
 * Counts per status (a status left out counts 0) folded into buckets, with `optedOut` — of the `cancelled` status,
 * how many were cancelled because their number opted out (the core's count) — taken out of `cancelled` into its own
 * bucket; `total` is the sum of the statuses, so a summary naming every bucket always adds up to its total.
 */
export function bucketCounts(byStatus: Partial<Record<OutboxStatusName | 'optedOut', number>>): BucketCounts {
  const counts = { total: 0 } as BucketCounts
  for (const bucket of STATUS_BUCKETS) counts[bucket] = 0
  for (const status of OUTBOX_STATUSES) {
    const n = byStatus[status] ?? 0
    counts[bucketOf(status)] += n
    counts.total += n
  }
  // A part of the cancelled status, never more than it (a count read a moment apart says no more than there is).
  const optedOut = Math.max(0, Math.min(byStatus.optedOut ?? 0, byStatus.cancelled ?? 0))
  counts.optedOut = optedOut
  counts.cancelled -= optedOut
  return counts
}

/** The same for a list of items (a send's messages, a campaign's rows), each by bucketOfItem. */
export function bucketCountsOf(
  items: readonly { status: OutboxStatusName; failureCode?: string | null }[]
): BucketCounts {
  const byStatus: Partial<Record<OutboxStatusName | 'optedOut', number>> = {}
  for (const item of items) {
    byStatus[item.status] = (byStatus[item.status] ?? 0) + 1
    if (bucketOfItem(item) === 'optedOut') byStatus.optedOut = (byStatus.optedOut ?? 0) + 1
  }
  return bucketCounts(byStatus)
}

/**
 * The Overview's "sent today" in parts that add up to it: where those still in this computer's outbox are now
 * (`here`, the list the number opens), and how many were deleted from it since (the operator's Delete or the
 * retention sweep: `deleted`), still sent today and still counted, but in no list here (QA sentdeleted: after deleting
 * 2 of 12 the Overview said 12 and its list held 10, with no word why). `sent` is the core's count of today's sent by
 * status, `deleted` the part of it gone from the outbox by status when it left; never more than `sent` of a status.
 */
export function sentTodayParts(
  sent: Partial<Record<OutboxStatusName, number>>,
  deleted: Partial<Record<OutboxStatusName, number>>
): { here: BucketCounts; deleted: number; total: number } {
  const hereByStatus: Partial<Record<OutboxStatusName, number>> = {}
  let deletedCount = 0
  let total = 0
  for (const status of OUTBOX_STATUSES) {
    const n = sent[status] ?? 0
    const gone = Math.max(0, Math.min(deleted[status] ?? 0, n))
    hereByStatus[status] = n - gone
    deletedCount += gone
    total += n
  }
  return { here: bucketCounts(hereByStatus), deleted: deletedCount, total }
}

/** How many are still waiting (WAITING_BUCKETS), for the places that say "waiting" as one number. */
export function waitingCount(counts: BucketCounts): number {
  return WAITING_BUCKETS.reduce((sum, bucket) => sum + counts[bucket], 0)
}

/**
 * Of the `queued` bucket, how many a pause holds (all sending, their device, their campaign or its device part
 * paused): the core's figure, never more than the bucket, so "8 queued (8 paused)" names a part of its count and not
 * a bucket of its own, and the summary still adds up (QA walk 4, F21).
 */
export function pausedOfQueued(counts: BucketCounts, pausedQueued: number): number {
  return Math.max(0, Math.min(pausedQueued, counts.queued))
}

/**
 * Of the `scheduled` bucket, how many will not be sent: their number opted out after they were written (a campaign's
 * row: whenever), so the opt-out policy cancels them at their turn. The core's figure, never more than the bucket:
 * a part named apart, "3 scheduled (1 will not be sent: opted out)", so the summary still adds up (QA76: the header
 * said "3 scheduled" of one that never goes).
 */
export function optedOutOfScheduled(counts: BucketCounts, scheduledOptedOut: number): number {
  return Math.max(0, Math.min(scheduledOptedOut, counts.scheduled))
}

/**
 * Of the `scheduled` bucket, how many the overdue policy holds for the operator: they came due while the app was closed
 * and go only when the operator sends them ("1 held for your decision"). The core's figure (heldOverdue), never more
 * than the bucket.
 */
export function heldOfScheduled(counts: BucketCounts, heldOverdue: number): number {
  return Math.max(0, Math.min(heldOverdue, counts.scheduled))
}

/**
 * What is still to go out ("12 to send" in the tray, what Pause sending holds back): the waiting buckets, but the
 * scheduled held for the operator's decision (heldOfScheduled: they never go by themselves) and those that will not be
 * sent, their number opted out (the core counts these among the scheduled not held), each named apart as the Overview
 * names them ("1 held for your decision", "1 will not be sent: opted out"); the three add up to waitingCount (QA76
 * and after: the tray still counted such messages to send).
 */
export function toSendSplit(
  counts: BucketCounts,
  figures: { heldOverdue: number; scheduledOptedOut: number }
): { toSend: number; held: number; optedOut: number } {
  const held = heldOfScheduled(counts, figures.heldOverdue)
  const optedOut = Math.max(0, Math.min(figures.scheduledOptedOut, counts.scheduled - held))
  return { toSend: waitingCount(counts) - held - optedOut, held, optedOut }
}

/**
 * The Overview's parts of the scheduled that go by themselves (held ones aside): due later today, held past today by
 * a device's daily cap, due after today, and those that will not be sent because their number opted out (the core
 * counts these in neither `after` nor `capHeld`). Each figure no more than what is left, so the parts add up to
 * `scheduled` (QA76: "1 due later today" was a message to a number that opted out since). `after` null: the core did
 * not say which are due today, and `laterToday` counts the rest, "for later".
 */
export function scheduledSplit(figures: {
  scheduled: number
  after: number | null
  capHeld: number
  optedOut: number
}): { laterToday: number; capHeld: number; after: number | null; optedOut: number } {
  const optedOut = Math.max(0, Math.min(figures.optedOut, figures.scheduled))
  const going = figures.scheduled - optedOut
  const after = figures.after === null ? null : Math.max(0, Math.min(figures.after, going))
  const capHeld = after === null ? 0 : Math.max(0, Math.min(figures.capHeld, going - after))
  return { laterToday: going - (after ?? 0) - capHeld, capHeld, after, optedOut }
}

/**
 * Whether a producer's wait note (its key) is a pause, held until the operator resumes: the campaign paused
 * (`campaigns.wait.paused`), or its part on the item's device paused itself (`campaigns.autoPause.*`, with or without
 * the device state that paused it). A pacing wait (a gap, a batch pause, the hours, a cap) ends by itself and is not.
 */
export function isPauseWaitKey(key: string): boolean {
  return key === 'campaigns.wait.paused' || key.startsWith('campaigns.autoPause.')
}

/**
 * Whether a pause holds an item, as pausedOfQueued's figure (the core's) counts it: a queued one (not one being
 * handed over) while all sending is paused, its device is, or its producer's wait is a pause. The Outbox's row says
 * "Queued · paused" by it, under the header's "3 queued (3 paused)" (QA39: the rows said "Queued", nothing more).
 */
export function heldByPause(
  item: { status: OutboxStatusName; waitKey: string | null },
  pauses: { sendingPaused: boolean; devicePaused: boolean }
): boolean {
  if (item.status !== 'queued') return false
  return (
    pauses.sendingPaused || pauses.devicePaused || (item.waitKey !== null && isPauseWaitKey(item.waitKey))
  )
}

/**
 * The buckets a summary shows, in order: the non-empty ones, and always those `always` names (the outbox: the
 * header's HEADER_BUCKETS); the shown buckets add up to `total`, since empty ones add nothing.
 */
export function summaryBuckets(
  counts: BucketCounts,
  always: readonly StatusBucket[] = []
): { bucket: StatusBucket; count: number }[] {
  return STATUS_BUCKETS.filter((bucket) => counts[bucket] > 0 || always.includes(bucket)).map((bucket) => ({
    bucket,
    count: counts[bucket]
  }))
}

/**
 * The heading of a send's result card, from where its messages stand (their buckets): it follows every message until
 * they settle (issue 29 point 1). `waiting` to be sent, `scheduled`, `sending` (some reported sent, some still waiting
 * or held by the gateway: QA79 defect 5 said "Waiting to be sent" over "1 delivered · 2 read"), `withGateway` (taken,
 * none sent yet: QA18 Q18-02), `sent`, `failed` or `partlyFailed`, `cancelled` (here, at the gateway, or opted out),
 * `revoked` (deleted for everyone), `takenBack` (all cancelled or deleted for everyone), `partlySent` (the rest
 * cancelled before it reached anyone), `partlyTakenBack` (some deleted for everyone, some still on WhatsApp), and
 * `deleted` once none is left in the outbox. Never "sent" over a send taken back (QA79 defect 2).
 */
export type BatchHeading =
  | 'waiting'
  | 'scheduled'
  | 'sending'
  | 'withGateway'
  | 'sent'
  | 'failed'
  | 'partlyFailed'
  | 'cancelled'
  | 'revoked'
  | 'takenBack'
  | 'partlySent'
  | 'partlyTakenBack'
  | 'deleted'

/**
 * `held`: of the scheduled, those held for the operator's decision (they wait for the operator, not their time);
 * `deleted`: the send's messages deleted from the outbox since; `scheduled`: the send was a schedule.
 */
export function batchHeading(
  counts: BucketCounts,
  facts: { held: number; deleted: number; scheduled: boolean }
): BatchHeading {
  if (counts.total === 0) return facts.deleted > 0 ? 'deleted' : facts.scheduled ? 'scheduled' : 'waiting'
  const reported = REPORTED_SENT_BUCKETS.reduce((sum, bucket) => sum + counts[bucket], 0)
  const held = Math.max(0, Math.min(facts.held, counts.scheduled))
  if (counts.failed === counts.total) return 'failed'
  if (counts.failed > 0) return 'partlyFailed'
  if (counts.queued + held > 0) return reported > 0 ? 'sending' : 'waiting'
  const notSent = counts.cancelled + counts.optedOut
  if (notSent === counts.total) return 'cancelled'
  if (counts.scheduled > 0) return reported > 0 ? 'sending' : 'scheduled'
  if (counts.withGateway > 0) return reported > 0 ? 'sending' : 'withGateway'
  // Settled: on WhatsApp now, deleted for everyone, cancelled before it reached anyone, or never sent (opted out).
  const onWhatsApp = counts.sent + counts.delivered + counts.read
  if (onWhatsApp === 0) return counts.cancelled > 0 ? 'takenBack' : 'revoked'
  if (counts.revoked > 0) return 'partlyTakenBack'
  return counts.cancelled > 0 ? 'partlySent' : 'sent'
}

/**
 * The buckets no report moves a message out of: read (the last step the gateway reports), failed, cancelled (here, at
 * the gateway, or its number opted out) and deleted for everyone. Only the operator moves it on (a retry, a take-back).
 */
export const SETTLED_BUCKETS = [
  'read',
  'failed',
  'cancelled',
  'optedOut',
  'revoked'
] as const satisfies readonly StatusBucket[]

/**
 * Whether a send's messages have all settled (SETTLED_BUCKETS), so its result card promises no more progress (QA81:
 * "Progress updates here as the gateway reports it." under "Deleted for everyone"). `expected`: the send's messages;
 * `deleted`: of them, those deleted from the outbox since (nothing more comes of them). One not looked up yet, or still
 * waiting, with the gateway, sent or delivered, may still move.
 */
export function batchSettled(counts: BucketCounts, facts: { deleted: number; expected: number }): boolean {
  if (facts.expected === 0 || counts.total + facts.deleted < facts.expected) return false
  return SETTLED_BUCKETS.reduce((sum, bucket) => sum + counts[bucket], 0) === counts.total
}
