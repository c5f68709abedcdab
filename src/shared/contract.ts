/**
 * The one IPC contract between the operator's window and the core: every channel with zod schemas
 * for its request and reply, and every event the core pushes. The Electron preload and ipcMain
 * handlers, the browser-test harness and the renderer all derive from this file.
 */
import { z } from 'zod'
// Its own light entry: the package's index brings the sandbox server, which neither the window nor the core loads.
import { SANDBOX_DEVICE_ACTIONS } from '@sender-desk/sandbox-gateway/device-actions'
import {
  BILLING_PERIODS,
  checkPhone,
  checkReminderRepeat,
  checkSeriesEnd,
  checkSeriesEndShape,
  isEveryNDays,
  isHttpUrl,
  messageTextProblem,
  MAX_SETTABLE_FILE_BYTES,
  MIN_INCOMING_MEDIA_BYTES,
  MAX_DEVICE_DAILY_CAP,
  MAX_CAMPAIGN_ROW_FILES,
  MAX_EVERY_N_DAYS,
  MAX_SERIES_TIMES,
  MAX_COLUMN_NAME_LENGTH,
  MAX_KEYWORD_LENGTH,
  MAX_SHEET_COLUMNS,
  MAX_TEXT_LENGTH,
  MAX_SEND_RECIPIENTS,
  MAX_SEARCH_LENGTH,
  MAX_NAME_SEARCH_LENGTH,
  MAX_TEXT_SEARCH_LENGTH,
  MAX_SUPPORT_CONTACT_LENGTH,
  MAX_SEND_MESSAGES,
  MAX_FILES_PER_REGISTER,
  MAX_SERIES_MESSAGES,
  CAMPAIGN_NAME_MAX_LENGTH,
  MAX_TITLE_LENGTH,
  DEVICE_PRODUCTS,
  MESSAGE_KINDS,
  OUTBOX_BULK_MAX,
  OUTBOX_STATUSES,
  HAPPENED_EVENTS,
  STATUS_FILTER_CHOICES,
  OVERDUE_POLICIES,
  PACING_CLOCK,
  PACING_RANGES,
  PACING_TIME_ZONE_MAX_LENGTH,
  pacingProblems,
  PAYMENT_CHANNELS,
  PHONE_PROBLEMS,
  REMINDER_PERIODS,
  SCHEDULE_MODES,
  SERIES_STATUSES,
  type PacingNumberField,
  type PacingPolicy,
  type PacingProblemCode,
  type QuotaFinish,
  usableContactName
} from './domain'

// ---------------------------------------------------------------------------------------------
// Shared shapes

export const Id = z.string().min(1).max(128)

export const Quota = z.union([z.number(), z.literal('unlimited')])

// --- Shared rules (src/shared/domain) as schemas: the contract refuses what the core and window would refuse.
/** A caption (may be empty): at most 1024 characters as the gateway counts them (messageTextProblem). */
export const MessageText = z
  .string()
  .refine((text) => messageTextProblem(text, { required: false }) === null, {
    message: `Too long: the gateway accepts at most ${MAX_TEXT_LENGTH} characters.`
  })
/** A message's text: something to say (not only spaces), within the same limit (messageTextProblem). */
export const RequiredMessageText = z.string().superRefine((text, context) => {
  const problem = messageTextProblem(text, { required: true })
  if (problem !== null)
    context.addIssue({
      code: 'custom',
      message:
        problem === 'empty'
          ? 'Write something to send.'
          : `Too long: the gateway accepts at most ${MAX_TEXT_LENGTH} characters.`,
      params: { problem }
    })
})
/** One phone number by the shared rule (08…, +62…, 0062…; a mobile number valid for its country). */
export const PhoneNumber = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .superRefine((value, context) => {
    const { problem, reason } = checkPhone(value)
    if (problem !== null) {
      context.addIssue({
        code: 'custom',
        message: `"${value}" is not a valid phone number (${reason}).`,
        params: { problem }
      })
    }
  })
// --- end of shared rules

export const DeviceState = z.enum([
  'unknown', // not polled yet
  'connected',
  'disconnected', // a restart may bring it back
  'needs-scan', // phone logged out / number changed: QR scan needed
  'awaiting-activation', // scanned, waiting for the gateway's IT support
  'expired',
  'token-invalid',
  'unreachable', // network or gateway failing
  'locked' // the stored token could not be decrypted (keyring locked/changed); never overwritten
])
export type DeviceState = z.infer<typeof DeviceState>

export const DeviceView = z.object({
  id: Id,
  label: z.string(),
  baseUrl: z.string(),
  /** Masked token, e.g. '••••a1b2'. The token itself never leaves the main process. */
  tokenHint: z.string(),
  hasSecret: z.boolean(),
  sandbox: z.boolean(),
  state: DeviceState,
  /**
   * Why it is in that state, in the operator's terms (the gateway's note when it gave one), in English; with
   * stateNoteKey/stateNoteParams the window shows it in its language (issue 13).
   */
  stateNote: z.string().nullable(),
  stateNoteKey: z.string().optional(),
  stateNoteParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /**
   * Whether a phone has scanned this device since Sender Desk knew it: false from its adding until it is first seen
   * scanned (connected, or waiting for activation); absent or null when not known (devices kept from before this was
   * recorded). The gateway says "need scan qr code again" of a device never linked too; this tells the two apart.
   */
  linked: z.boolean().nullable().optional(),
  name: z.string().nullable(),
  serial: z.string().nullable(),
  sender: z.string().nullable(),
  quota: Quota.nullable(),
  expiresAt: z.string().nullable(),
  /**
   * The moment (ISO) `expiresAt` stands for on the gateway's clock (a zoneless time read in its zone, a bare date to
   * the end of that day). Absent when there is no date or it cannot be read. The window counts days to this and
   * names it, not `expiresAt` read on the computer's clock (QA64: the Overview said "subscription ended" of a device
   * the Devices card said ran to tonight).
   */
  expiresBy: z.string().optional(),
  lastCheckedAt: z.string().nullable(),
  /**
   * How often it is checked when all is well (seconds), and whether that is the slower safety cadence because its
   * statuses arrive by push (its webhooks reach a healthy inbox relay). Absent: not told (the usual setting).
   */
  checkEverySec: z.number().int().positive().optional(),
  statusPushed: z.boolean().optional(),
  /**
   * After a restart the gateway took: true while the core polls fast waiting for the state to settle (connected, or a
   * state a restart cannot change, or the settle window passed); absent otherwise. A restart's verdict waits for it.
   */
  settling: z.boolean().optional(),
  stateSince: z.string().nullable(),
  /** Sending to this device is paused by the operator. */
  paused: z.boolean(),
  /** This gateway's file-size limit; absent or null means the app-wide Settings.maxFileBytes applies. */
  maxFileBytes: z.number().int().positive().nullable().optional(),
  /** At most this many sends a day through this number, across every campaign and direct send (null: none). */
  dailyCap: z.number().int().positive().nullable().optional(),
  /**
   * Sends through it today (from the device's midnight, whoever produced them), when its day ends, and the zone whose
   * midnights start its days (the send queue's budget's: a direct send's plan starts its following days there).
   */
  sentToday: z.object({ count: z.number().int().min(0), resetsAt: z.string(), zone: z.string() }).optional(),
  /**
   * The gateway answered 429 to a send: nothing goes through this device before `until` (ISO), its next try. Absent
   * when no such hold is on.
   */
  gatewayHold: z.object({ until: z.string() }).optional()
})
export type DeviceView = z.infer<typeof DeviceView>

export const DeviceHistoryEntry = z.object({
  at: z.string(),
  state: DeviceState,
  /** In English; with noteKey/noteParams the window translates it. */
  note: z.string().nullable(),
  noteKey: z.string().optional(),
  noteParams: z.record(z.string(), z.union([z.string(), z.number()])).optional()
})

export const QrView = z.union([
  z.object({ kind: z.literal('text'), text: z.string(), fetchedAt: z.string(), refreshAfterMs: z.number() }),
  z.object({
    kind: z.literal('image'),
    /** data:image/…;base64,… — made by main from the gateway's bytes; never remote HTML. */
    dataUrl: z.string().startsWith('data:image/'),
    fetchedAt: z.string(),
    refreshAfterMs: z.number()
  })
])
export type QrView = z.infer<typeof QrView>

export const MessageKind = z.enum(MESSAGE_KINDS)
export type MessageKind = z.infer<typeof MessageKind>

export const OutboxStatus = z.enum(OUTBOX_STATUSES)
export type OutboxStatus = z.infer<typeof OutboxStatus>

export const OutboxBulkRequest = z.object({ ids: z.array(Id).min(1).max(OUTBOX_BULK_MAX) })
/**
 * Why one item of a bulk action was left as it was: already with the gateway (accepted or later), in flight now,
 * gone, or in a status the action does not apply to (e.g. retrying a queued item).
 */
/** Why a bulk action left an item: `producer`, its producer will not send it again (a cancelled campaign's row). */
/**
 * `would_fail_again`: a retry was refused because the gateway would refuse the same file again (size, type).
 * `already_cancelled`: a cancel named a message cancelled before it (nothing done; not counted as cancelled).
 * `after_series_end`: a retry of a recurring series' message past the series' end (it would be cancelled again).
 * `device_removed`: a retry of a message whose device was removed from Sender Desk (nothing would send it).
 * `saving_at_gateway`: a schedule the gateway is being asked to save right now (changed once it answers).
 * `gateway_still_holds`: a delete of a message the gateway keeps, whose cancel there it did not take: cancelled here,
 * kept (saying the gateway still holds it) until the gateway takes the cancel.
 * `taking_back`: a delete of a message whose Delete for everyone or Cancel at the gateway has not settled yet (waiting
 * for its device, say): kept, so the take-back the gateway is still to carry out stays in sight.
 */
export const OutboxBulkRefusal = z.enum([
  'at_gateway',
  'sending',
  'not_found',
  'not_applicable',
  'producer',
  'would_fail_again',
  'opted_out',
  'already_cancelled',
  'after_series_end',
  'device_removed',
  'saving_at_gateway',
  'gateway_still_holds',
  'taking_back'
])
export type OutboxBulkRefusal = z.infer<typeof OutboxBulkRefusal>
export const OutboxBulkReply = z.object({
  done: z.array(Id),
  refused: z.array(z.object({ id: Id, reason: OutboxBulkRefusal, status: OutboxStatus.nullable() }))
})
export type OutboxBulkReply = z.infer<typeof OutboxBulkReply>

/** What a take-back asks of the gateway for each message: delete it for everyone, cancel it, or resend it. */
export const TakeBackActionName = z.enum(['revoke', 'cancel', 'resend'])
const TakeBackActionTally = z.object({
  /** Revoked, cancelled or resent. */
  done: z.number().int(),
  /** The gateway refused (its own words in `explained`). */
  refused: z.number().int(),
  /** Its fate could not be settled, and it is not asked again (why in `explained`). */
  unknown: z.number().int(),
  /** Not settled yet: waiting its turn, being asked, or being checked in the reports. */
  pending: z.number().int()
})
/** A take-back request (a selection, or a producer's messages) as it stands, and its tally. */
export const TakeBackView = z.object({
  id: Id,
  state: z.enum(['running', 'paused', 'done']),
  /** 'campaign:<id>' for a campaign's take-back; null for a selection. */
  producerTag: z.string().nullable(),
  /** Messages that had not left this computer, stopped there. */
  stoppedLocally: z.number().int(),
  /** Messages left as they were, by why (the domain's reasons, `not_found`, `already_asked`, or the action they need). */
  leftAlone: z.record(z.string(), z.number().int()),
  revoke: TakeBackActionTally,
  cancel: TakeBackActionTally,
  resend: TakeBackActionTally,
  /**
   * Refusals in the gateway's own words (as they came), and unknowns with the outbox's reason (in English; with
   * messageKey/messageParams the window words it in its language), grouped.
   */
  explained: z.array(
    z.object({
      action: TakeBackActionName,
      state: z.enum(['refused', 'unknown']),
      message: z.string().nullable(),
      messageKey: z.string().optional(),
      messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      n: z.number().int()
    })
  ),
  /**
   * The ops not settled yet, by the device that carries them: the window says why they wait when that device cannot
   * act now (its subscription ended, logged out); they go once it can.
   */
  pendingByDevice: z.array(z.object({ deviceId: Id, n: z.number().int() })),
  /**
   * What holds its calls still to do now, when something does: `operator` (paused with outbox:setTakeBackPaused, the
   * only thing that pauses one; the same call resumes it), `offline` (this computer has no connection), `device` (the
   * gateway refused the device, or it cannot act: its own fix), `gateway` (the gateway asked to slow down or failed:
   * asked again by itself). The device it is about, null for the operator's pause. Sending's pause, the app's or a
   * device's, never holds a take-back. Null when nothing does; absent from a core older than it.
   */
  heldBy: z
    .object({ reason: z.enum(['operator', 'offline', 'device', 'gateway']), deviceId: Id.nullable() })
    .nullable()
    .optional(),
  /**
   * Whether its messages left on their way (`leftAlone.fate_unknown`) are taken back by it once the gateway has them: a
   * campaign's, and a whole send's (with `alsoCancelHeld`); a selection's are taken back again by the operator. Absent
   * from a core older than it.
   */
  onItsWayFollowed: z.boolean().optional()
})
export type TakeBackView = z.infer<typeof TakeBackView>
export type TakeBackHeldBy = NonNullable<TakeBackView['heldBy']>
/** What taking back a campaign would do now, for the confirmation (the domain's TakeBackPlan). */
export const TakeBackPlanView = z.object({
  stopLocally: z.number().int(),
  cancelAtGateway: z.number().int(),
  revoke: z.number().int(),
  /** Of `revoke`, those the customer has read already. */
  revokeRead: z.number().int(),
  leftAlone: z.record(z.string(), z.number().int()),
  /** The gateway calls (cancel, delete for everyone) by the device that makes them: some may not be able to now. */
  atGatewayByDevice: z.array(z.object({ deviceId: Id, n: z.number().int() }))
})
export type TakeBackPlanView = z.infer<typeof TakeBackPlanView>

/** Which outbox items a list covers (and a bulk action on everything the list matches). */
export const OutboxListFilter = z.object({
  /**
   * The status filter's choices (STATUS_FILTER_CHOICES): statuses, with `cancelled` the cancels nobody's opt-out caused
   * and `optedOut` those it did, as every summary counts them (a carried finding).
   */
  status: z.array(z.enum(STATUS_FILTER_CHOICES)).optional(),
  deviceId: Id.optional(),
  /** One campaign's messages only (QA73: two campaigns and direct sends were one list and one summary). */
  campaignId: Id.optional(),
  /** Messages not from any campaign only (QA73: the Campaign filter's "Direct sends only"). */
  directOnly: z.boolean().optional(),
  /**
   * What the operator typed in the Recipient filter: the core reads it by the shared rule (recipientSearchTerms in
   * shared/domain/recipient-search.ts; `0888` finds numbers holding 62888 or 0888), and by a contact's name holding it.
   */
  recipient: z.string().optional(),
  /** Substring of the message text or caption, case and accents aside ("cafe" finds "café": fts-fold.ts). */
  text: z.string().max(MAX_TEXT_SEARCH_LENGTH).optional(),
  /** ISO date bounds on createdAt */
  from: z.string().optional(),
  to: z.string().optional(),
  /**
   * The items `outbox:since` counts in one of its numbers (the Overview's "N sent today"), by when that happened, not
   * by when they were created: the same rule (store/happened-since.ts), so the list holds exactly that many; but
   * for "sent", those deleted or purged since (QA65: still sent, no longer in the outbox to list).
   */
  happenedSince: z
    .object({ event: z.enum(HAPPENED_EVENTS), since: z.iso.datetime({ offset: true }) })
    .optional()
})
export type OutboxListFilter = z.infer<typeof OutboxListFilter>
export const OutboxMatchingRequest = z.object({
  filter: OutboxListFilter,
  /** How many matched when the operator confirmed: never more are acted on. */
  expected: z.number().int().min(1),
  /** When that count was read: items created after it were not counted, and are left alone. */
  asOf: z.iso.datetime({ offset: true }).optional()
})
/** Counts only: a bulk action on every match may cover more items than a reply should list. */
export const OutboxMatchingReply = z.object({
  done: z.number().int(),
  refused: z.array(z.object({ reason: OutboxBulkRefusal, count: z.number().int() })),
  /** Of the count confirmed, how many no longer matched when the action ran (sent or changed meanwhile). */
  noLongerMatching: z.number().int()
})
export type OutboxMatchingReply = z.infer<typeof OutboxMatchingReply>

export const Failure = z.object({
  code: z.string(),
  /** In English; with messageKey/messageParams the window translates it (issue 13). */
  message: z.string(),
  messageKey: z.string().optional(),
  messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  gatewayMessage: z.string().nullable()
})

export const ScheduleMode = z.enum(SCHEDULE_MODES)
export const OverduePolicy = z.enum(OVERDUE_POLICIES)

export const OutboxItemView = z.object({
  id: Id,
  deviceId: Id,
  recipient: z.string(),
  isGroup: z.boolean(),
  kind: MessageKind,
  /** Message text, or the caption of a file. */
  text: z.string().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  status: OutboxStatus,
  failure: Failure.nullable(),
  gatewayId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  scheduledAt: z.string().nullable(),
  timezone: z.string().nullable(),
  scheduleMode: ScheduleMode.nullable(),
  /**
   * Of a schedule the gateway is to keep (mode 'gateway', still scheduled): whether the gateway has saved it. Until
   * then this computer keeps it (scheduleKeeper in the domain says so); absent on every other item.
   */
  savedAtGateway: z.boolean().optional(),
  /**
   * Of a cancelled schedule the gateway kept: its cancel is not confirmed at the gateway yet (it did not answer), so
   * the gateway still holds its copy, and could send it, until the cancel asked again is taken; absent otherwise.
   */
  gatewayStillHolds: z.literal(true).optional(),
  /**
   * A take-back of it (Delete for everyone, Cancel at the gateway) has not settled yet (waiting for its device, say):
   * said on the Outbox's list pages (read once for the page), its live changes and its detail; absent otherwise (the
   * inbox's and Schedules' views do not ask).
   */
  takingBack: z.literal(true).optional(),
  /**
   * Of a schedule the gateway keeps: a change made here (its words, number or time) the gateway has not taken yet (it
   * did not answer), so its saved copy would go out as it was until the change asked again is taken; absent otherwise.
   */
  gatewayChangeOwed: z.literal(true).optional(),
  overduePolicy: OverduePolicy.nullable(),
  /** Held by the overdue policy: waiting for the operator to send or cancel. */
  held: z.boolean(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  /**
   * The producer that made the item, when not a one-off send: a campaign's row (kind 'campaign', its id, the row
   * number) or a series' occurrence. A campaign decides when its rows go (its pacing, its pause), not a retry.
   */
  producer: z.object({ kind: z.string(), id: z.string(), ref: z.number().int().nullable() }).optional(),
  /** Why a send policy holds the item now (in English; with messageKey/messageParams in the window's language). */
  waitReason: z
    .object({
      message: z.string(),
      messageKey: z.string().optional(),
      messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional()
    })
    .optional(),
  /**
   * Why the core would refuse a retry of this failed or cancelled item, asked of its producer as the retry itself asks
   * (`producer_refused`: a cancelled campaign's row; `after_series_end`: a series' message past the series' end;
   * `device_removed`: its device was removed): the
   * window offers no Retry and says why (in English; with messageKey/messageParams in the window's language). Absent
   * when its producer does not mind.
   */
  retryRefusal: z
    .object({
      code: z.enum(['producer_refused', 'after_series_end', 'device_removed', 'opted_out']),
      message: z.string(),
      messageKey: z.string().optional(),
      messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional()
    })
    .optional(),
  /**
   * Of an item this computer is still to send (queued, or a schedule it keeps): why a send policy will cancel it at
   * its turn as things stand (its number opted out after it was written, a series' end), so the window says ahead
   * that it will not go (in English; with messageKey/messageParams in the window's language). Absent otherwise.
   */
  cancelsAtTurn: z
    .object({
      message: z.string(),
      messageKey: z.string().optional(),
      messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional()
    })
    .optional(),
  /**
   * Of a scheduled or queued item, whoever keeps it: since when its number is on the opt-out list such that the
   * opt-out rule will not let it go (it opted out after the message was written). Its reschedule is refused
   * (`opted_out`) and the form says so ahead, offering Cancel (QA61 follow-up). Absent otherwise.
   */
  optedOutSince: z.iso.datetime({ offset: true }).optional()
})
export type OutboxItemView = z.infer<typeof OutboxItemView>

export const OutboxHistoryEntry = z.object({
  at: z.string(),
  status: OutboxStatus,
  /** In English; with noteKey/noteParams the window translates it (issue 13: the core's notes in both languages). */
  note: z.string().nullable(),
  noteKey: z.string().optional(),
  noteParams: z.record(z.string(), z.union([z.string(), z.number()])).optional()
})

/** Items by status; `total` is their sum. */
export const OutboxStatusCounts = z.object({
  scheduled: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  accepted: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  cancelled_at_gateway: z.number().int(),
  revoked: z.number().int(),
  total: z.number().int()
}) satisfies z.ZodType<Record<OutboxStatus | 'total', number>>
export type OutboxStatusCounts = z.infer<typeof OutboxStatusCounts>

/**
 * The outbox's counts: by status, and `optedOut`, of the `cancelled`, how many were cancelled because their number
 * opted out (a part of that status, never more; the counting model names them as a bucket of their own: nobody
 * cancelled them, issue 29 point 2).
 */
export const OutboxCounts = OutboxStatusCounts.extend({ optedOut: z.number().int().nonnegative() })
/**
 * The process id of a terminal command (`sender-desk campaign start`, `outbox flush`) that holds sending on this data
 * folder: the app queues but sends nothing until it ends, then takes over by itself. Null while the app sends.
 */
export const SendingHeldBy = z.number().int().positive().nullable()
/**
 * Of the queued no pause holds, how many running campaigns hold for their pacing's long waits: outside their working
 * hours, or their daily cap spent (the Overview's "waiting" names them; a gap between two sends is no such wait).
 */
export const PacedQueued = z.object({
  outsideHours: z.number().int().nonnegative(),
  dailyCap: z.number().int().nonnegative()
})
export type PacedQueued = z.infer<typeof PacedQueued>
export type OutboxCounts = z.infer<typeof OutboxCounts>

/** What happened since an instant, by when it happened (the Overview's "today"), not by where items stand now. */
export const OutboxSince = z.object({
  /**
   * Messages the gateway took since then and reported sent (countsAsSentToday), by their status now (a read one
   * counts as read only). One it still holds, refused or cancelled is not among them. One deleted or purged since
   * still is, by its status when it left (QA65); kept a few days, so `since` is a recent day's start.
   */
  sent: OutboxStatusCounts,
  /**
   * Of `sent`, those no longer in this computer's outbox (deleted by the operator or purged since), by their status
   * when they left: counted, but in no list here (sentTodayParts says the parts; QA sentdeleted).
   */
  sentDeleted: OutboxStatusCounts,
  /** Messages that failed since then, whether or not the gateway had taken them. */
  failed: z.number().int(),
  /** Cancelled since then, here or at the gateway; not those cancelled because their number opted out. */
  cancelled: z.number().int(),
  /** Cancelled since then because their number opted out (a campaign's row): nobody cancelled them. */
  optedOut: z.number().int(),
  /** When `until` was asked: the scheduled that go only from then on (due after "today"), held ones not counted. */
  scheduledAfter: z.number().int().optional(),
  /**
   * When `until` was asked: of the scheduled due before it, those a device's daily cap holds past its day (its sends
   * today and what is in line before them use the cap up): not due "later today".
   */
  scheduledCapHeld: z.number().int().optional()
})
export type OutboxSince = z.infer<typeof OutboxSince>

export const FileHandleView = z.object({
  handle: Id,
  name: z.string(),
  size: z.number().int(),
  kind: MessageKind.exclude(['text']),
  mime: z.string(),
  /**
   * What the file holds (the SHA-256 of its bytes): the window tells a file already in its draft from a new one by
   * it. Absent for a spreadsheet registered to be read.
   */
  contentId: z.string().optional(),
  /** The operator's name for the file, when it goes out under `name` because its extension lied about its bytes. */
  renamedFrom: z.string().optional()
})
export type FileHandleView = z.infer<typeof FileHandleView>

/** Whose draft holds files kept across a restart: a conversation's reply by its id; absent, the Send view's draft. */
const DraftConversationId = z.number().int().positive().optional()

/**
 * What a file is registered for: `send` (a drop or an attachment: the gateway's size limit and types) or
 * `spreadsheet` (a campaign's list, read by the core: its own size limit; its format is checked when read).
 */
export const FileRegisterPurpose = z.enum(['send', 'spreadsheet'])
export type FileRegisterPurpose = z.infer<typeof FileRegisterPurpose>

export const FileRejection = z.object({
  name: z.string(),
  code: z.string(),
  /** In English; with messageKey/messageParams the window words it in its language (issue 13). */
  message: z.string(),
  messageKey: z.string().optional(),
  messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional()
})

/**
 * Where a file comes from. `path` is produced only by the Electron preload (webUtils from a real
 * dropped/picked File); `bytes` carries pasted images and the browser harness's files. Main
 * re-checks both (regular file, size, type by magic bytes) before it hands out a handle.
 */
export const FileSource = z.union([
  z.object({ kind: z.literal('path'), path: z.string().min(1) }),
  z.object({
    kind: z.literal('bytes'),
    name: z.string().min(1).max(255),
    mime: z.string().optional(),
    dataBase64: z.string()
  })
])
export type FileSource = z.infer<typeof FileSource>

export const Theme = z.enum(['system', 'light', 'dark'])
export const Language = z.enum(['en', 'id'])

export const Settings = z.object({
  language: Language,
  theme: Theme,
  /** Device poll interval when idle. */
  pollIntervalSec: z.number().int().min(5).max(3600),
  /** Minimum gap between two sends on one device. */
  pacingMs: z.number().int().min(0).max(600_000),
  /** Largest file accepted, per gateway default 2 MB. */
  maxFileBytes: z.number().int().min(1).max(MAX_SETTABLE_FILE_BYTES),
  notifications: z.boolean(),
  /** Do not disturb: no notification for customers' new messages (the tray and the window still count them). */
  doNotDisturb: z.boolean(),
  /** Sent once to a customer whose keyword (STOP…) put them on the opt-out list; empty: none (the default). */
  optOutConfirmation: z.string().max(MAX_TEXT_LENGTH),
  /** Largest customer's file (image, document, video, audio) the inbox downloads; larger ones are shown as such. */
  maxIncomingMediaBytes: z.number().int().min(MIN_INCOMING_MEDIA_BYTES).max(MAX_SETTABLE_FILE_BYTES),
  startAtLogin: z.boolean(),
  supportContact: z.string().max(MAX_SUPPORT_CONTACT_LENGTH),
  /** Days a final item (and its attachment) is kept. */
  retentionDays: z.number().int().min(1).max(3650),
  defaultTimezone: z.string(),
  /** Stronger-than-nothing storage of tokens when no keyring is available (explicit opt-in). */
  allowWeakTokenStorage: z.boolean()
})
export type Settings = z.infer<typeof Settings>

/** What the sandbox panel can do: the package's device actions, and the whole gateway stopping or answering again. */
export const SandboxAction = z.enum([...SANDBOX_DEVICE_ACTIONS, 'unreachable', 'reachable'])
/** How many messages one sandbox top-up buys: a whole number, within what the sandbox takes (1 to 1,000,000). */
export const SandboxTopUpAmount = z.number().int().min(1).max(1_000_000)

export const View = z.enum([
  'welcome',
  'home',
  'devices',
  'linking',
  'send',
  'outbox',
  'schedules',
  'settings',
  'campaigns',
  // Messages in (issue 25): the tray's "Messages in" line opens it.
  'inbox'
])
export type View = z.infer<typeof View>

/** The operator's answer when a direct send names numbers on the opt-out list: send to them anyway, or leave them out. */
export const OptedOutDecision = z.enum(['send', 'leave-out'])

export const EnqueueEntry = z.union([
  z.object({ kind: z.literal('text'), text: RequiredMessageText }),
  z.object({ kind: z.literal('file'), handle: Id, caption: MessageText.optional() })
])

export const ScheduleRequest = z.object({
  /** Local wall-clock time 'YYYY-MM-DDTHH:mm' (seconds optional) in `timezone`. */
  localTime: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/),
  timezone: z.string().min(1),
  mode: ScheduleMode,
  overduePolicy: OverduePolicy.default('send')
})

const Empty = z.object({}).strict()
const Ok = z.object({ ok: z.literal(true) })
/** The optional parts that keep their own state and can be damaged without stopping the app. */
/** The opt-out keyword lists, as edited (the domain's keywordsProblem decides what may be kept). */
export const OptOutKeywordLists = z.object({
  optOut: z.array(z.string().max(200)).max(100),
  optIn: z.array(z.string().max(200)).max(100)
})
export const DamagedPart = z.enum(['sandbox', 'settings', 'series', 'devices'])
/**
 * The opt-out list pushed to each device's gateway blacklist: per device, whether every number went (a gateway
 * without the blacklist API says so in `message`). A long import is pushed in the background: `background: true`.
 */
const GatewaySync = z.object({
  background: z.boolean(),
  devices: z.array(z.object({ deviceId: z.string(), ok: z.boolean(), message: z.string().nullable() }))
})

// ---------------------------------------------------------------------------------------------
// Service features (issue 9): webhooks and their inspector, auto-replies, reminders, recurring series, new devices.

const HttpUrl = z.string().trim().refine(isHttpUrl, 'must be an http(s) address')

export const WebhookSettingsView = z.object({
  deviceId: Id,
  /** Where incoming messages are POSTed ("receive message" webhook). */
  webhookUrl: z.string().nullable(),
  /** Where status changes are POSTed (tracking webhook). */
  trackingUrl: z.string().nullable(),
  /** "Get Incoming Message": without it nothing is POSTed to `webhookUrl`. */
  incoming: z.boolean(),
  /** "Get Auto Reply From Webhook": a dashboard switch on the hosted gateway; settable here for sandbox devices. */
  autoReplyFromWebhook: z.boolean(),
  /** `sandbox`: read back from the sandbox; `remembered`: what Sender Desk last saved (the gateway cannot be asked). */
  source: z.enum(['sandbox', 'remembered']),
  savedAt: z.string().nullable()
})
export type WebhookSettingsView = z.infer<typeof WebhookSettingsView>

export const WebhookAttemptView = z.object({
  at: z.string(),
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  contentType: z.string().nullable(),
  body: z.string().nullable()
})

export const WebhookDeliveryView = z.object({
  id: Id,
  kind: z.enum(['incoming', 'tracking', 'device']),
  url: z.string(),
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(WebhookAttemptView),
  nextAttemptAt: z.string().nullable(),
  /** What the sandbox sent back to the chat from the receiver's answer. */
  replies: z.array(z.string()),
  /**
   * The message a status delivery is about (by the gateway's id in its payload), so its headline can say which one:
   * the outbox's, else the sandbox's own record of what it sent (`sentBy` names a reply the gateway sent itself: an
   * auto-reply, or the webhook's answer sent back). Null or absent when neither knows it.
   */
  message: z
    .object({
      kind: MessageKind,
      text: z.string().nullable(),
      fileName: z.string().nullable(),
      sentBy: z.enum(['autoreply', 'webhook-reply']).optional()
    })
    .nullable()
    .optional(),
  /** Why the answer was not sent back: a reason to word, and the gateway's own words when it refused the reply. */
  replyNote: z
    .discriminatedUnion('reason', [
      z.object({ reason: z.enum(['reply-off', 'no-reply-asked', 'device-or-message-gone']) }),
      z.object({ reason: z.literal('gateway-refused'), gatewaySaid: z.string() })
    ])
    .nullable()
})
export type WebhookDeliveryView = z.infer<typeof WebhookDeliveryView>

/** A message the sandbox gateway sent for a sandbox device, and what made it. */
export const SandboxMessageView = z.object({
  id: Id,
  phone: z.string(),
  isGroup: z.boolean(),
  kind: MessageKind,
  text: z.string().nullable(),
  fileName: z.string().nullable(),
  status: z.string(),
  source: z.enum(['send', 'schedule', 'reminder', 'autoreply', 'webhook-reply']),
  acceptedAt: z.string(),
  updatedAt: z.string()
})
export type SandboxMessageView = z.infer<typeof SandboxMessageView>

/** A keyword chatbot rule at the gateway: an incoming message equal to `keyword` is answered with `response`. */
export const AutoReplyView = z.object({
  id: Id,
  keyword: z.string(),
  response: z.string(),
  category: z.string().nullable(),
  file: z.string().nullable()
})
export type AutoReplyView = z.infer<typeof AutoReplyView>

/** One device's keyword rules as last read from the gateway, each with the conversations it answered lately. */
export const ChatbotDeviceView = z.object({
  deviceId: Id,
  /** When the rules were read from the gateway (ISO); null when they never could be. */
  refreshedAt: z.string().nullable(),
  rules: z.array(
    z.object({
      id: Id,
      keyword: z.string(),
      response: z.string(),
      /**
       * When Sender Desk first saw the rule with these words (ISO): a message before it was not answered by it. Null
       * when it was there at the device's first read (the gateway's list has no dates).
       */
      knownSince: z.string().nullable(),
      /** The conversations where a customer wrote exactly this keyword in the last days, newest first. */
      conversationIds: z.array(z.number().int().positive())
    })
  )
})
export type ChatbotDeviceView = z.infer<typeof ChatbotDeviceView>

// zod's string lengths count code points, as the gateway does (an emoji is one character).
const AutoReplyFields = {
  keyword: z.string().trim().min(1).max(MAX_KEYWORD_LENGTH),
  response: z.string().trim().min(1).max(MAX_TEXT_LENGTH)
}

export const ReminderPeriode = z.enum(REMINDER_PERIODS)
export type ReminderPeriode = z.infer<typeof ReminderPeriode>

/** A recurring message kept by the gateway (`reminder`), as Sender Desk remembers it (the gateway cannot list them). */
export const ReminderView = z.object({
  id: Id,
  deviceId: Id,
  /**
   * The gateway's id; null when the gateway's answer to its creation was lost (a timeout, a garbled answer): it may be
   * saved there all the same, so it is kept here, unconfirmed, and a copy of it is refused until it is forgotten.
   */
  reminderId: z.string().nullable(),
  phone: z.string(),
  title: z.string().nullable(),
  message: z.string(),
  /** `YYYY-MM-DD HH:mm:ss` on the gateway's clock for the device (its `timezone`). */
  startAt: z.string(),
  periode: ReminderPeriode,
  customDay: z.number().int().nullable(),
  timezone: z.string().nullable(),
  /** The gateway's own description, e.g. `custom: send every 5 days`. */
  reminderType: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * When it next goes out (ISO): the sandbox's own next time for a sandbox device, else worked out from its start and
   * period on the gateway's clock. Null when its start cannot be read.
   */
  nextAt: z.string().nullable(),
  /** Sandbox devices only: what the sandbox has sent for it so far. */
  sandbox: z
    .object({ sentCount: z.number().int(), lastSentAt: z.string().nullable(), nextAt: z.string() })
    .nullable()
})
export type ReminderView = z.infer<typeof ReminderView>

/**
 * A gateway reminder as a device's removal names it: as the operator knows it (its title, else its message's start),
 * what the window words its schedule from, and the gateway's id (to delete it in the gateway's dashboard once Sender
 * Desk has forgotten it).
 */
export const RemovalReminder = ReminderView.pick({
  reminderId: true,
  startAt: true,
  periode: true,
  customDay: true,
  timezone: true
}).extend({ name: z.string() })
export type RemovalReminder = z.infer<typeof RemovalReminder>

/**
 * A device removed while the gateway kept its reminders ("Remove anyway"): what the gateway goes on sending, with
 * their gateway ids, kept by the core until the operator says they are deleted at the gateway.
 */
export const KeptAtGateway = z.object({
  deviceId: Id,
  /** The device's name when it was removed. */
  label: z.string(),
  reminders: z.array(RemovalReminder)
})
export type KeptAtGateway = z.infer<typeof KeptAtGateway>

/** Local wall-clock time 'YYYY-MM-DDTHH:mm' (seconds optional). */
const LocalTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/)

const ReminderFields = {
  phone: z.string().trim().min(1).max(40),
  message: RequiredMessageText,
  title: z.string().trim().max(MAX_TITLE_LENGTH).optional(),
  /** On the gateway's clock for the device (Asia/Jakarta unless the account says otherwise). */
  start: LocalTime
}

export const RecurrenceRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily') }),
  z.object({ kind: z.literal('weekly') }),
  z.object({ kind: z.literal('monthly') }),
  z.object({ kind: z.literal('yearly') }),
  z.object({
    kind: z.literal('every-n-days'),
    days: z.number().refine(isEveryNDays, `a whole number of days from 1 to ${MAX_EVERY_N_DAYS}`)
  })
])
export type RecurrenceRule = z.infer<typeof RecurrenceRule>

const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/**
 * When a series ends (QA33 Q33-05): after its last day (inclusive, `YYYY-MM-DD` in the series' zone) or after a
 * number of its times (counted from its first time ahead, made or skipped). No end: until stopped.
 */
export const SeriesEnd = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('date'), lastDate: LocalDate }),
  z.object({ kind: z.literal('times'), times: z.number() })
])
export type SeriesEnd = z.infer<typeof SeriesEnd>

/** A series' end as shown: with a number of times, how many of them have come (made or skipped). */
export const SeriesEndView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('date'), lastDate: z.string() }),
  z.object({ kind: z.literal('times'), times: z.number().int(), passed: z.number().int() })
])
export type SeriesEndView = z.infer<typeof SeriesEndView>

/**
 * What a series made that has not gone yet and still goes by itself: how many, and the first and last times they were
 * made for (ISO); null when none.
 */
export const MadeUnsent = z
  .object({ count: z.number().int().positive(), firstAt: z.string(), lastAt: z.string() })
  .nullable()
export type MadeUnsent = z.infer<typeof MadeUnsent>

/** A recurring series kept by Sender Desk: each occurrence becomes normal outbox items when it comes due. */
export const SeriesView = z.object({
  id: Id,
  deviceId: Id,
  recipients: z.array(z.string()),
  isGroup: z.boolean(),
  entries: z.array(
    z.object({
      kind: MessageKind,
      text: z.string().nullable(),
      fileName: z.string().nullable(),
      fileSize: z.number().nullable()
    })
  ),
  /** `YYYY-MM-DDTHH:mm:ss` in `timezone`: the first occurrence. */
  startLocal: z.string(),
  timezone: z.string(),
  rule: RecurrenceRule,
  overduePolicy: OverduePolicy,
  /** `ended`: its last time came (or was skipped) by its end. */
  status: z.enum(SERIES_STATUSES),
  end: SeriesEndView.nullable(),
  /** The next occurrence (ISO instant and wall clock in `timezone`); null once stopped or ended. */
  nextAt: z.string().nullable(),
  nextLocal: z.string().nullable(),
  /** Occurrences made (each a message to every recipient, sent or not yet). */
  occurrences: z.number().int(),
  /** Of the messages made, those the gateway reports went (sent, delivered, read, deleted after): the Overview's "sent". */
  sent: z.number().int(),
  /** Occurrences that came due while the app was closed and were skipped (only the latest was made). */
  skipped: z.number().int(),
  /** Occurrences the operator skipped ahead of time (Skip next), never made: with `occurrences` and `skipped`, the times come. */
  skippedByOperator: z.number().int(),
  lastOccurrenceAt: z.string().nullable(),
  /**
   * Of the messages made, those not gone yet that still go by themselves (scheduled, held or waiting in line): how
   * many and the first and last times they were made for. What a stop or delete would leave to go; null when none.
   */
  madeUnsent: MadeUnsent,
  createdAt: z.string()
})
export type SeriesView = z.infer<typeof SeriesView>

/**
 * One of Sender Desk's own series as a device's removal names it: as the operator knows it (its message's start, else
 * its file's name) and its rule, which the window words as the Reminders view does, from its start; and whether it
 * still makes messages, its status and next time (QA69: a stopped or ended one read as running).
 */
export const RemovalSeries = SeriesView.pick({
  id: true,
  rule: true,
  startLocal: true,
  timezone: true,
  status: true,
  nextAt: true
}).extend({ name: z.string() })
export type RemovalSeries = z.infer<typeof RemovalSeries>

/**
 * A running or paused campaign a device's removal touches, for the removal's question (QA77): its untried rows move
 * to its other devices (`movesTo`, their names; `moving`, how many of the device's waiting messages they are, not
 * cancelled), or, with none (`movesTo` empty, `moving` 0), it ends, cancelled with its rows not sent.
 */
export const RemovalCampaign = z.object({
  id: Id,
  name: z.string(),
  movesTo: z.array(z.string()),
  moving: z.number().int().nonnegative()
})
export type RemovalCampaign = z.infer<typeof RemovalCampaign>

/**
 * A campaign draft a device's removal touches, for the removal's question: the devices it keeps (`keeps`, their names),
 * or, with none, that it is left with no device and cannot start until one is chosen for it.
 */
export const RemovalDraft = z.object({ id: Id, name: z.string(), keeps: z.array(z.string()) })
export type RemovalDraft = z.infer<typeof RemovalDraft>

export const DeviceProduct = z.enum(DEVICE_PRODUCTS)
export const BillingPeriod = z.enum(BILLING_PERIODS)
export const PaymentChannel = z.enum(PAYMENT_CHANNELS)

/** The invoice `device/create` answers with: what to pay, where, by when. */
export const InvoiceView = z.object({
  number: z.string().nullable(),
  deviceName: z.string().nullable(),
  deviceSerial: z.string().nullable(),
  product: z.string().nullable(),
  periode: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  discount: z.number().nullable(),
  total: z.number().nullable(),
  dueDate: z.string().nullable(),
  message: z.string()
})
export type InvoiceView = z.infer<typeof InvoiceView>

/**
 * An invoice kept from a gateway's answer (`devices:invoices`). Whether it was paid is not known: the gateway never
 * tells an app, so the window says so rather than guess.
 */
export const InvoiceHistoryEntry = InvoiceView.extend({
  id: Id,
  /** When the gateway answered it (ISO). */
  createdAt: z.string(),
  /** The account's gateway. */
  baseUrl: z.string(),
  /** The device Sender Desk added for it, while it is still in the app. */
  deviceId: Id.nullable(),
  deviceLabel: z.string().nullable()
})
export type InvoiceHistoryEntry = z.infer<typeof InvoiceHistoryEntry>

// ---- campaigns (issue 16): schemas; their channels close invokeChannels and eventChannels below ----
export const ColumnMappingSchema = z.object({
  phone: z.string().min(1).max(MAX_COLUMN_NAME_LENGTH),
  // As many as a sheet may have columns: 200 here made every sheet wider than 201 columns an invalid reply.
  variables: z.array(z.string().max(MAX_COLUMN_NAME_LENGTH)).max(MAX_SHEET_COLUMNS),
  attachment: z.string().max(MAX_COLUMN_NAME_LENGTH).nullable().optional(),
  /** The column of the contacts' names: a created campaign teaches them (never over a name the operator gave). */
  name: z.string().max(MAX_COLUMN_NAME_LENGTH).nullable().optional()
})
export type ColumnMappingView = z.infer<typeof ColumnMappingSchema>

/** A pacing number as PACING_RANGES bounds it: the schema has no range of its own. */
const pacingNumber = (field: PacingNumberField) => {
  const { min, max, whole } = PACING_RANGES[field]
  return (whole ? z.number().int() : z.number()).min(min).max(max)
}
const PacingClock = z.string().regex(PACING_CLOCK, 'HH:mm')
/** English for the cross-field problems the refinement adds (the window words them from shared/i18n/pacing.ts). */
const PACING_PROBLEM_WORDS: Record<PacingProblemCode, string> = {
  not_a_number: 'must be a number',
  not_whole: 'must be a whole number',
  too_small: 'is below its range',
  too_large: 'is above its range',
  below_min_delay: 'must be at least the shortest delay',
  not_a_clock: 'must be HH:mm',
  not_after_start: 'must be after the start, on the same day',
  unknown_zone: 'is not a known time zone'
}
/** The campaign pacing policy: built from the domain's ranges, refined with its rule (pacingProblems). */
export const PacingPolicySchema = z
  .object({
    minDelaySeconds: pacingNumber('minDelaySeconds'),
    maxDelaySeconds: pacingNumber('maxDelaySeconds'),
    batchSize: pacingNumber('batchSize'),
    batchPauseMinutes: pacingNumber('batchPauseMinutes'),
    workingHours: z
      .object({
        start: PacingClock,
        end: PacingClock,
        timeZone: z.string().min(1).max(PACING_TIME_ZONE_MAX_LENGTH)
      })
      .nullable(),
    dailyCapPerDevice: pacingNumber('dailyCapPerDevice'),
    warmUp: z
      .object({
        startPerDay: pacingNumber('warmUp.startPerDay'),
        increasePerDay: pacingNumber('warmUp.increasePerDay')
      })
      .nullable()
  })
  .superRefine((policy, context) => {
    for (const problem of pacingProblems(policy)) {
      context.addIssue({
        code: 'custom',
        path: problem.field.split('.'),
        message: PACING_PROBLEM_WORDS[problem.code]
      })
    }
  }) satisfies z.ZodType<PacingPolicy>
export type PacingPolicyView = z.infer<typeof PacingPolicySchema>

/**
 * A pre-send estimate's end against the chosen devices' gateway quotas (the domain's quotaFinishEstimate): the end of
 * every row, the end of the part the quotas cover and how many wait for a renewal, every row waiting, or nothing.
 */
export const QuotaFinishView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('at'), at: z.number() }),
  z.object({
    kind: z.literal('part'),
    at: z.number().nullable(),
    covered: z.number().int().nonnegative(),
    waiting: z.number().int().nonnegative()
  }),
  z.object({ kind: z.literal('waits_for_quota'), waiting: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('none') })
]) satisfies z.ZodType<QuotaFinish>

export const RowProblemView = z.discriminatedUnion('code', [
  z.object({ code: z.literal('no_phone') }),
  /** `reason`: absent on rows checked before it was kept (shown as "invalid number" alone). */
  z.object({
    code: z.literal('invalid_phone'),
    detail: z.string(),
    reason: z.enum(PHONE_PROBLEMS).optional()
  }),
  z.object({ code: z.literal('scientific_phone'), detail: z.string() }),
  z.object({ code: z.literal('duplicate'), firstRow: z.number().int() }),
  z.object({ code: z.literal('missing_variable'), names: z.array(z.string()) }),
  z.object({ code: z.literal('too_long'), length: z.number().int(), limit: z.number().int() }),
  z.object({ code: z.literal('opted_out') }),
  z.object({ code: z.literal('already_sent') }),
  /** The number got the same message from this app within 24 hours: reported sent (shared/domain/same-message). */
  z.object({ code: z.literal('sent_recently') }),
  /**
   * QA73: the same message still waits to go to the number (in line, or with the gateway and not reported sent), in
   * `campaign` (its name) when a campaign holds it. Absent from a core older than it (those rows say sent_recently).
   */
  z.object({ code: z.literal('same_message_waiting'), campaign: z.string().optional() }),
  z.object({ code: z.literal('missing_file'), name: z.string() })
])
export type RowProblemView = z.infer<typeof RowProblemView>

/** Files picked for a campaign's attachment column: matched to each row's cell by name (trimmed, any case). */
export const CampaignRowFiles = z
  .array(z.object({ name: z.string().min(1).max(255), handle: Id }))
  .max(MAX_CAMPAIGN_ROW_FILES)

export const CheckSummaryView = z.object({
  total: z.number().int(),
  ready: z.number().int(),
  skipped: z.number().int(),
  byProblem: z.record(z.string(), z.number().int()),
  /**
   * Rows whose number got the same message within 24 hours: left out (sent_recently) unless `sendRecent`. In a draft's
   * view, the rows left out for that alone: the ones a start with `sendRecent` sends to as well.
   */
  sentRecently: z.number().int().optional(),
  /**
   * QA73 follow-up: of `sentRecently`, the rows still waiting for the same message (the rest got it), so "Before you
   * start" counts each kind apart; absent when none waits.
   */
  sentRecentlyWaiting: z.number().int().nonnegative().optional(),
  /**
   * QA73: the one campaign every row left out as still waiting for the same message waits in (the summary names it);
   * absent when they wait in several, or outside a campaign. A check asked to send anyway names it too.
   */
  sameMessageWaitingIn: z.string().optional(),
  /**
   * The sheet's blank rows left out before any row was checked (SheetView's `blankRows`), in no bucket of `total`: a
   * check's, and a campaign's view's (kept with it; there only when some). Absent from the view of a campaign imported
   * before they were kept, and from a core older than it.
   */
  blankRows: z.number().int().nonnegative().optional()
})

export const CampaignStatus = z.enum(['draft', 'running', 'paused', 'cancelled', 'finished'])
/** `rate_limited`: the gateway answered 429, and its device sends nothing before the next try (`until`). */
export const CampaignWaitCode = z.enum([
  'gap',
  'batch_pause',
  'outside_hours',
  'daily_cap',
  'paused',
  'rate_limited'
])
/** Why a campaign ended when neither the operator nor its last send ended it (QA77). */
export const CampaignEndReason = z.enum(['device_removed'])
export const AutoPauseReason = z.enum(['disconnected', 'unreachable', 'failure_rate', 'quota'])

export const CampaignView = z.object({
  id: Id,
  name: z.string(),
  fileName: z.string(),
  status: CampaignStatus,
  template: z.string(),
  mapping: ColumnMappingSchema,
  pacing: PacingPolicySchema,
  headers: z.array(z.string()),
  summary: CheckSummaryView,
  counts: z.record(z.string(), z.number().int()),
  devices: z.array(
    z.object({
      deviceId: Id,
      wait: z.object({ code: CampaignWaitCode, until: z.number().nullable() }).nullable(),
      autoPaused: AutoPauseReason.nullable(),
      /**
       * What the device check met when its state paused the part (the state, the check's note key): worded by
       * device-status.ts' table. Null when no device state paused it; absent from a core older than it.
       */
      deviceCause: z
        .object({ state: DeviceState, stateNoteKey: z.string().optional() })
        .nullable()
        .optional(),
      /** Its rows whose send is in doubt (a 5xx or a time-out): the gateway's reports are checked before a resend. */
      checking: z.number().int().optional()
    })
  ),
  /**
   * The end of every row left, and against its devices' gateway quotas as last heard (`quotaFinish`, as
   * `campaigns:check`'s): the part they cover and its end, and how many wait for the quota. `quotaFinish` is absent
   * from a core older than it.
   */
  estimate: z.object({ finishAt: z.number().nullable(), quotaFinish: QuotaFinishView.optional() }),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  /**
   * When it became finished or cancelled; null while it can send, and when not known (it ended before this was
   * kept). Absent from a core older than it.
   */
  endedAt: z.number().nullable().optional(),
  /**
   * Why it ended, when neither the operator nor its last send ended it: `device_removed`, its last device was removed
   * (its rows not sent were cancelled). Null otherwise; absent from a core older than it.
   */
  endReason: CampaignEndReason.nullable().optional(),
  /** The one file sent with every row, or null for text only. */
  attachmentName: z.string().nullable().optional(),
  /** When it was first taken back (its take-back record), or null: its status alone still reads "finished". */
  takenBackAt: z.number().nullable().optional(),
  /**
   * Its take-back the page follows with outbox:takeBackProgress (and pauses or resumes with outbox:setTakeBackPaused),
   * in any window: the newest running or paused, else the last to end, one that found nothing left to take back too
   * (its tally says so, not an older one's). Null when it has none; absent from a core older than it.
   */
  takeBackId: Id.nullable().optional(),
  /**
   * How many of its take-back's gateway calls are still to be done (a device whose subscription ended holds them until
   * it is renewed): while not 0, it is not all taken back yet.
   */
  takeBackPending: z.number().int().optional(),
  /** Paused by an open take-back question (campaigns:holdForTakeBack), not by the operator; absent otherwise. */
  heldForTakeBack: z.literal(true).optional()
})
export type CampaignView = z.infer<typeof CampaignView>

/**
 * How a draft's start moved rows by the same-message rule asked again (the 24 hours end at the start): `setAside`,
 * ready rows it left out; `readyAgain`, rows left out for that alone that it made ready (their 24 hours ran out).
 * Each counted where the core changes them, so one going and one coming do not cancel out; `setAsideRows` and
 * `readyAgainRows` are those rows' numbers (ascending), so a read before the start and the start itself can be told
 * apart by row, not by totals (one row ceasing to match as another starts leaves the totals equal).
 */
export const SameMessageMoves = z.object({
  setAside: z.number().int().nonnegative(),
  readyAgain: z.number().int().nonnegative(),
  setAsideRows: z.array(z.number().int()),
  readyAgainRows: z.array(z.number().int()),
  /**
   * QA73 follow-up: of `setAsideRows`, those still waiting for the same message (the rest got it); of
   * `readyAgainRows`, those that were waiting for it. Absent when none.
   */
  setAsideWaitingRows: z.array(z.number().int()).optional(),
  readyAgainWaitingRows: z.array(z.number().int()).optional(),
  /** The one campaign the rows of each of those two lists wait (or waited) in; absent when several, or none. */
  setAsideWaitingIn: z.string().optional(),
  readyAgainWaitingIn: z.string().optional(),
  /**
   * The rows the start would have sent whose number is on the opt-out list now (it opted out after the draft's check):
   * set aside as the check sets them aside (skipped: opted out), never queued; absent when none.
   */
  optedOutRows: z.array(z.number().int()).optional()
})
export type SameMessageMoves = z.infer<typeof SameMessageMoves>

/** One row of a draft as its start would send it (campaigns:checkDraft's `example`). */
export const DraftExample = z.object({
  rowNumber: z.number().int(),
  phone: z.string(),
  name: z.string().nullable(),
  message: z.string()
})
export type DraftExample = z.infer<typeof DraftExample>

/** A started draft: the campaign, and what its start did under the same-message rule. */
export const StartedCampaignView = CampaignView.extend({ sameMessage: SameMessageMoves })
export type StartedCampaignView = z.infer<typeof StartedCampaignView>

export const CampaignRowView = z.object({
  rowNumber: z.number().int(),
  phone: z.string().nullable(),
  phoneCell: z.string(),
  /** [column, value] in sheet order: column names are the operator's data (a record would drop one named __proto__). */
  values: z.array(z.tuple([z.string(), z.string()])),
  message: z.string(),
  problems: z.array(RowProblemView),
  status: OutboxStatus.nullable(),
  gatewayId: z.string().nullable(),
  /** The device holding the row's outbox item now (rotation may have moved it); null before it is queued. */
  deviceId: z.string().nullable(),
  sentAt: z.number().nullable(),
  failureMessage: z.string().nullable(),
  history: z.array(z.object({ at: z.number(), status: OutboxStatus })),
  /** Its take-back's gateway call is not made yet: the table says why it waits (its device, or its turn). */
  takeBackWaiting: z.boolean(),
  /**
   * Its send is in doubt (a 5xx or a time-out cut the gateway's answer short): its reports are checked before it is
   * sent again. The table says so, as the outbox says such an item.
   */
  checking: z.boolean()
})
export type CampaignRowView = z.infer<typeof CampaignRowView>

/** How a spreadsheet was read: the window says it in the operator's words (which separator, which sheet). */
export const SheetFormat = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('csv'), encoding: z.string(), delimiter: z.string() }),
  z.object({ kind: z.literal('xlsx'), sheetName: z.string() })
])
export type SheetFormat = z.infer<typeof SheetFormat>

export const SheetView = z.object({
  sheetId: Id,
  fileName: z.string(),
  headers: z.array(z.string()),
  rowCount: z.number().int(),
  /**
   * Wholly blank rows left out between the header and the last row (not in `rowCount`): with it, every row under the
   * header is accounted for. Absent from a core older than it.
   */
  blankRows: z.number().int().nonnegative().optional(),
  /** Rows above the header read as the sheet's title and left out (their row numbers and text). */
  titleRows: z.array(z.object({ row: z.number().int().positive(), text: z.string() })).optional(),
  format: SheetFormat,
  mapping: ColumnMappingSchema,
  remembered: z.boolean(),
  sample: z.array(z.array(z.string()))
})
export type SheetView = z.infer<typeof SheetView>

export const CampaignExportFormat = z.enum(['csv', 'xlsx', 'skipped'])
// ---- end of campaigns schemas ----

// ---- inbox (issue 25): messages in through the relay; their channels follow campaigns' below ----

/** Where the inbox sync stands: the core's state, flattened for the window and the tray (issue 26 draws it). */
export const InboxStatusView = z.object({
  state: z.enum([
    'not-connected',
    'credentials-locked',
    'idle',
    'connected',
    'unreachable',
    'failing',
    'auth-refused',
    'cursor-ahead'
  ]),
  /** Events still waiting on the relay after the last page (connected). */
  behind: z.number().int().nonnegative().nullable(),
  /** Since when the relay is unreachable, our side failing, or the token refused (ISO). */
  since: z.string().nullable(),
  /** When the next try is due (ISO), while unreachable or failing. */
  retryAt: z.string().nullable(),
  /** The fault as the sync saw it, in English (`no answer within 20 s`); with detailKey/detailParams when it is ours. */
  detail: z.string().nullable(),
  /** The detail's translation key and values: the window words it in the operator's language. */
  detailKey: z.string().optional(),
  detailParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  mailbox: z.string().nullable(),
  /** The relay's storage as of its last answer. */
  storage: z
    .object({
      used: z.number(),
      cap: z.number(),
      nearFull: z.boolean(),
      full: z.boolean(),
      refusedWhileFull: z.number().int()
    })
    .nullable(),
  lastContactAt: z.string().nullable(),
  messages: z.number().int(),
  unread: z.number().int(),
  /** The customers (distinct chats) the unread messages are from; one who wrote to two devices counts once. */
  unreadCustomers: z.number().int(),
  /** The conversations marked unread with no message counted (QA72); absent: none. */
  markedUnread: z.number().int().nonnegative().optional(),
  /** Events kept as refusals (bodies that did not parse or open). */
  refused: z.number().int(),
  /** Tracking and device statuses not yet applied. */
  pending: z.number().int()
})
export type InboxStatusView = z.infer<typeof InboxStatusView>

/**
 * A customer's file as the main process fetched it (never by the window): pending, fetched (the bytes come over
 * `inbox:media`), too large for the cap in Settings, failed (after retries, or the gateway said it is gone), or
 * refused (a URL off the receiving device's gateway, or not http(s)).
 */
export const InboxMediaView = z.object({
  state: z.enum(['pending', 'fetched', 'too_large', 'failed', 'refused']),
  /** image, document, video or audio, as the gateway said. */
  kind: z.string(),
  fileName: z.string().nullable(),
  /** The type to render with: told from the bytes for an image; null when unknown. */
  type: z.string().nullable(),
  /** Fetched: its size; too large: as much as was known of it. */
  bytes: z.number().int().nonnegative().nullable(),
  refusal: z.enum(['not-http', 'other-origin', 'unknown-device']).nullable(),
  /** The last failure in technical English (`HTTP 404`, `timed out`), for diagnostics. */
  note: z.string().nullable()
})
export type InboxMediaView = z.infer<typeof InboxMediaView>

export const InboxMessageView = z.object({
  number: z.number().int().positive(),
  messageId: z.string(),
  deviceSerial: z.string().nullable(),
  chatId: z.string(),
  isGroup: z.boolean(),
  groupSubject: z.string().nullable(),
  groupMember: z.string().nullable(),
  pushName: z.string().nullable(),
  text: z.string(),
  messageType: z.string(),
  mediaUrl: z.string().nullable(),
  /** When WhatsApp says it was written (ISO), when the gateway said. */
  sentAt: z.string().nullable(),
  /** When the relay received it (ISO). */
  receivedAt: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  /** The number went on the opt-out list (or came off it) because this message was exactly a keyword. */
  keywordOutcome: z.enum(['opted-out', 'opted-in']).nullable(),
  /** Its file (null or absent for a text). */
  media: InboxMediaView.nullable().optional()
})
export type InboxMessageView = z.infer<typeof InboxMessageView>

/** One conversation of the inbox (issue 26): per gateway device and chat, newest first by its newest message. */
export const InboxConversationView = z.object({
  id: z.number().int().positive(),
  /** Our device it reached, when the gateway's serial or number matches one we know (null otherwise). */
  deviceId: z.string().nullable(),
  deviceSerial: z.string().nullable(),
  devicePhone: z.string().nullable(),
  chatId: z.string(),
  isGroup: z.boolean(),
  groupSubject: z.string().nullable(),
  /** The contact's name (operator, spreadsheet, gateway or push name), null when none is known or for a group. */
  contactName: z.string().nullable(),
  pushName: z.string().nullable(),
  /** The number of its newest message (a customer's newer one has a higher number). */
  lastNumber: z.number().int().positive(),
  /**
   * Its place in the list, newest first, and the keyset of the next page (`before`): its newest message's number, or a
   * later one taken when a message to its chat joined the outbox. Only grows.
   */
  activity: z.number().int().positive(),
  lastAt: z.string(),
  lastText: z.string(),
  /** `text`, or the media kind (image, document, …) when the newest message is one. */
  lastType: z.string(),
  lastFromMe: z.boolean(),
  /**
   * The newest is the operator's message the customer will not have, by its bucket: it failed, was cancelled (here
   * or at the gateway), was not sent as the number opted out, or was deleted for everyone. The row says so, as its
   * thread does, and keeps its place among the others.
   */
  lastUnreached: z.enum(['failed', 'cancelled', 'optedOut', 'revoked']).optional(),
  /** A group's: who wrote its newest message (push name, else member number), as its thread names them; else null. */
  lastSender: z.string().nullable(),
  unread: z.number().int().nonnegative(),
  /**
   * Marked unread by the operator with no message counted (QA72: their reply is the newest, so none of the customer's
   * waits), as WhatsApp's "Mark as unread"; read, the mark goes. Absent: not marked.
   */
  markedUnread: z.boolean().optional(),
  archived: z.boolean(),
  /** Its number is on the opt-out list (the gateway refuses replies to it); never a group's. Read with the page. */
  optedOut: z.boolean()
})
export type InboxConversationView = z.infer<typeof InboxConversationView>

/** A thread's entry: a message received, or an outbox item sent to that chat from that device (live status). */
export const InboxThreadEntry = z.discriminatedUnion('direction', [
  z.object({ direction: z.literal('in'), at: z.string(), message: InboxMessageView }),
  z.object({ direction: z.literal('out'), at: z.string(), item: OutboxItemView })
])
export type InboxThreadEntry = z.infer<typeof InboxThreadEntry>

export const ContactView = z.object({
  phone: z.string(),
  name: z.string(),
  source: z.enum(['operator', 'campaign', 'gateway', 'push']),
  updatedAt: z.string()
})
export type ContactView = z.infer<typeof ContactView>

/** A contact in the window's customer list: with whether the number is on the opt-out list. */
export const CustomerView = ContactView.extend({ optedOut: z.boolean() })
export type CustomerView = z.infer<typeof CustomerView>

/** Where a page of the customer list ends: the next one starts after this name and number. */
export const CustomerPlace = z.object({ name: z.string().max(200), phone: z.string().max(40) })
export type CustomerPlace = z.infer<typeof CustomerPlace>

/**
 * The customer list narrowed to one campaign: the contacts whose number a row of its spreadsheet held (matched on the
 * one normalised form; a number no contact has is not listed). `since`: only those who wrote in their private chat
 * (`replied`) or were put on the opt-out list (`optedOut`, entries still on it) since the campaign started; nobody for
 * a campaign never started.
 */
export const CustomerCampaignFilter = z.object({
  id: Id,
  since: z.enum(['replied', 'optedOut']).optional()
})
export type CustomerCampaignFilter = z.infer<typeof CustomerCampaignFilter>

/** An entry of the opt-out list. */
export const OptOutEntry = z.object({
  phone: z.string(),
  /** operator | import | outbox | keyword (the customer's stop word); older rows may hold others. */
  source: z.string().max(40),
  addedAt: z.number(),
  /** The contact's name when the number is a known contact. */
  name: z.string().nullable(),
  /** The customer's word that opted the number out (source keyword); null otherwise and for older entries. */
  keyword: z.string().max(200).nullable()
})
export type OptOutEntry = z.infer<typeof OptOutEntry>

/** A canned reply, kept per device; its text may hold {name} and {number} (renderReplyTemplate). */
export const CannedReplyView = z.object({
  id: z.number().int().positive(),
  deviceId: z.string(),
  title: z.string(),
  text: z.string(),
  updatedAt: z.string()
})
export type CannedReplyView = z.infer<typeof CannedReplyView>

/** A contact's name as the operator types it: not empty, one line, a sane length. */
export const ContactName = z
  .string()
  .refine((name) => usableContactName(name) !== null, 'A name is one line of 1 to 100 characters.')
  .transform((name) => usableContactName(name) ?? name)
// ---- end of inbox schemas ----

// ---- inbox provisioning (issue 25, point 3): "Receive messages" per device, the mailbox's URLs, rotation ----

/** A device's part in receiving: whether its webhook and tracking URLs point to the connected mailbox. */
export const ReceivingDeviceView = z.object({
  deviceId: Id,
  /** "Receive messages" set this device's webhook URL, tracking URL and incoming=on to this mailbox. */
  receiving: z.boolean(),
  /** When it was set (ISO). */
  since: z.string().nullable(),
  /** An undo can put back what was there before (or say what it cannot). */
  canUndo: z.boolean()
})
export type ReceivingDeviceView = z.infer<typeof ReceivingDeviceView>

/** The connected mailbox as the window may see it: never its pull token or private key. */
export const ReceivingView = z.object({
  connected: z.boolean(),
  relayUrl: z.string().nullable(),
  /** The mailbox is on the relay this computer runs for the sandbox (`inbox:connectLocalRelay`). */
  onThisComputer: z.boolean(),
  mailbox: z.string().nullable(),
  /**
   * The device-status webhook URL, to paste in the gateway's dashboard (no API sets it). Null when this desktop does
   * not know the mailbox's URLs (connected before they were kept): a rotation gives new ones.
   */
  deviceStatusUrl: z.string().nullable(),
  /**
   * A rotation of the webhook secret waits for the relay's answer (it was lost): the core asks again in the background
   * until the relay answers; the current addresses keep working meanwhile, for the relay's grace (QA30 Q30-02).
   */
  secretRotationPending: z.boolean(),
  devices: z.array(ReceivingDeviceView)
})
export type ReceivingView = z.infer<typeof ReceivingView>

/** What "Receive messages" would replace on a device, as far as Sender Desk can know it. */
export const ReceivingReplaced = z.object({
  /** `sandbox`: read back from the sandbox; `remembered`: last saved by Sender Desk; `unknown`: never saved here. */
  source: z.enum(['sandbox', 'remembered', 'unknown']),
  webhookUrl: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  incoming: z.boolean(),
  /** When Sender Desk saved them (ISO); a change in the dashboard since then cannot be read back. */
  savedAt: z.string().nullable()
})
export type ReceivingReplaced = z.infer<typeof ReceivingReplaced>
// ---- end of inbox provisioning schemas ----

// ---------------------------------------------------------------------------------------------
// Channel schemas are built on first use: a fresh process (a CLI command, the app's main, the window) builds only
// the channels it calls instead of all of them at import (issue 18, start-up). Each is built once and kept.

const builtChannelNames: string[] = []

/** The channels whose schemas this process has built so far, in order (how a test sees that import builds none). */
export function builtChannels(): readonly string[] {
  return [...builtChannelNames]
}

/** An object with one enumerable, read-only property per builder, whose value the builder makes on first read. */
function builtOnFirstUse<Builders extends Record<string, () => unknown>>(
  builders: Builders
): { readonly [Name in keyof Builders]: ReturnType<Builders[Name]> } {
  const channels = {}
  for (const [name, build] of Object.entries(builders)) {
    let built: unknown
    Object.defineProperty(channels, name, {
      enumerable: true,
      get: () => {
        if (built === undefined) {
          built = build()
          builtChannelNames.push(name)
        }
        return built
      }
    })
  }
  return Object.freeze(channels) as { readonly [Name in keyof Builders]: ReturnType<Builders[Name]> }
}

// ---------------------------------------------------------------------------------------------
// Invoke channels: renderer → core, one reply each.

export const invokeChannels = builtOnFirstUse({
  /** Parts of the app that could not read what they kept (the rest runs): which, the file, and why. */
  'app:damaged': () => ({
    request: Empty,
    reply: z.object({
      parts: z.array(z.object({ part: DamagedPart, file: z.string(), message: z.string() }))
    })
  }),
  /** "Set aside and start fresh" for one damaged part: its damaged copy is kept, the part starts clean. */
  'app:startFresh': () => ({ request: z.object({ part: DamagedPart }), reply: Ok }),
  'app:bootstrap': () => ({
    request: Empty,
    reply: z.object({
      version: z.string(),
      platform: z.string(),
      firstRun: z.boolean(),
      /** How tokens are kept: keychain, session-only (no keyring) or weak (explicit opt-in). */
      secretStorage: z.enum(['keychain', 'session-only', 'weak']),
      secretStorageNote: z.string().nullable(),
      settings: Settings,
      devices: z.array(DeviceView),
      counts: OutboxCounts,
      sendingPaused: z.boolean(),
      /** See outbox:countsChanged. */
      sendingHeldBy: SendingHeldBy,
      /** Of the queued (status `queued`), how many a pause holds: see outbox:countsChanged. */
      pausedQueued: z.number().int().nonnegative(),
      pacedQueued: PacedQueued,
      /** Of the scheduled, how many their overdue policy holds for the operator: see outbox:countsChanged. */
      heldOverdue: z.number().int().nonnegative(),
      /** Of the scheduled, how many will not be sent, their number opted out: see outbox:countsChanged. */
      scheduledOptedOut: z.number().int().nonnegative(),
      sandboxRunning: z.boolean()
    })
  }),
  /**
   * The folder the app keeps its data in (the path alone), for the terminal: `sender-desk … --data-dir <path>` works
   * beside the open app on the same data.
   */
  'app:dataFolder': () => ({ request: Empty, reply: z.object({ path: z.string() }) }),
  'settings:update': () => ({ request: Settings.partial(), reply: Settings }),

  'devices:list': () => ({ request: Empty, reply: z.object({ devices: z.array(DeviceView) }) }),
  'devices:add': () => ({
    request: z.object({
      label: z.string().trim().min(1).max(80),
      baseUrl: z.string().trim().min(1).max(300),
      token: z.string().trim().min(1).max(400),
      secret: z.string().trim().max(200).optional()
    }),
    reply: DeviceView
  }),
  /** Enter a device's token again (keyring lost it, session-only storage after a restart, token changed). */
  'devices:updateToken': () => ({
    request: z.object({
      id: Id,
      token: z.string().trim().min(1).max(400),
      secret: z.string().trim().max(200).optional()
    }),
    reply: DeviceView
  }),
  /** A gateway whose plan allows bigger (or only smaller) files than the app-wide setting; null follows the setting. */
  'devices:setDailyCap': () => ({
    request: z.object({ id: Id, dailyCap: z.number().int().min(1).max(MAX_DEVICE_DAILY_CAP).nullable() }),
    reply: DeviceView
  }),
  'devices:setFileLimit': () => ({
    request: z.object({
      id: Id,
      maxFileBytes: z.number().int().min(1).max(MAX_SETTABLE_FILE_BYTES).nullable()
    }),
    reply: DeviceView
  }),
  'devices:rename': () => ({
    request: z.object({ id: Id, label: z.string().trim().min(1).max(80) }),
    reply: DeviceView
  }),
  'devices:reorder': () => ({
    request: z.object({ ids: z.array(Id) }),
    reply: z.object({ devices: z.array(DeviceView) })
  }),
  /**
   * What removing the device does to what is kept for it, for the window's question: its reminders kept at the
   * gateway (deleted there first, with its token; counted and named, oldest first) and its Sender Desk series
   * (deleted, their waiting messages cancelled; counted and named, as the Reminders view lists them), each campaign
   * sending on it and each draft naming it.
   */
  'devices:removalPreview': () => ({
    request: z.object({ id: Id }),
    reply: z.object({
      gatewayReminders: z.number().int().min(0),
      series: z.number().int().min(0),
      reminders: z.array(RemovalReminder),
      namedSeries: z.array(RemovalSeries),
      campaigns: z.array(RemovalCampaign),
      drafts: z.array(RemovalDraft)
    })
  }),
  /**
   * Deletes the device's gateway reminders at the gateway first: one the gateway does not delete keeps the device
   * (`reminder_not_deleted`, naming it) unless `keepGatewayReminders` (the gateway keeps sending them). Then
   * `keptAtGateway` names those the gateway goes on sending, with their gateway ids: Sender Desk no longer manages
   * them, and keeps only this record of them (`devices:keptAtGateway`).
   */
  'devices:remove': () => ({
    request: z.object({ id: Id, keepGatewayReminders: z.boolean().optional() }),
    reply: Ok.extend({ keptAtGateway: z.array(RemovalReminder).optional() })
  }),
  /** The removed devices whose reminders the gateway keeps sending, oldest removal first, until each is dismissed. */
  'devices:keptAtGateway': () => ({
    request: Empty,
    reply: z.object({ records: z.array(KeptAtGateway) })
  }),
  /** The operator deleted the removed device's reminders at the gateway: its record goes; the rest is answered. */
  'devices:dismissKeptAtGateway': () => ({
    request: z.object({ deviceId: Id }),
    reply: z.object({ records: z.array(KeptAtGateway) })
  }),
  'devices:refresh': () => ({ request: z.object({ id: Id }), reply: DeviceView }),
  'devices:restart': () => ({
    request: z.object({ id: Id }),
    reply: z.object({ message: z.string(), via: z.enum(['restart', 'reconnect']), device: DeviceView })
  }),
  'devices:changeNumber': () => ({
    request: z.object({ id: Id, phone: PhoneNumber }),
    reply: DeviceView
  }),
  'devices:history': () => ({
    request: z.object({ id: Id }),
    reply: z.object({ entries: z.array(DeviceHistoryEntry) })
  }),
  'devices:qr': () => ({ request: z.object({ id: Id }), reply: QrView }),
  /** The wizard is open for this device: poll fast (5 s) until linked or `linking:end`. */
  'linking:begin': () => ({ request: z.object({ id: Id }), reply: DeviceView }),
  'linking:end': () => ({ request: z.object({ id: Id }), reply: Ok }),

  'files:register': () => ({
    request: z.object({
      sources: z.array(FileSource).min(1).max(MAX_FILES_PER_REGISTER),
      purpose: FileRegisterPurpose.optional()
    }),
    reply: z.object({ files: z.array(FileHandleView), rejected: z.array(FileRejection) })
  }),
  'files:release': () => ({ request: z.object({ handles: z.array(Id) }), reply: Ok }),
  /**
   * A spreadsheet held for the operator's answer (the tray's drop, `app:navigate` `sheets`) registered instead to be
   * sent, when they chose to attach it: its send's handle, or why the gateway cannot send it (the sheet's handle is
   * gone either way).
   */
  'files:asAttachment': () => ({
    request: z.object({ handle: Id }),
    reply: z.object({ files: z.array(FileHandleView), rejected: z.array(FileRejection) })
  }),
  /**
   * Whether files the window holds by handle can still be sent as they were added (a reply's draft brought back after
   * a reload or a restart): each that cannot, refused by its name (its handle died with an earlier run, or its file
   * was moved or changed). The name is the window's, for a handle the core no longer knows.
   */
  'files:check': () => ({
    request: z.object({
      files: z
        .array(z.object({ handle: Id, name: z.string().max(1000) }))
        .min(1)
        .max(1000)
    }),
    reply: z.object({ rejected: z.array(FileRejection.extend({ handle: Id })) })
  }),
  /**
   * A draft holds these handles now: main keeps their files so the draft's files survive a restart. The draft is the
   * Send view's, or with `conversationId` the reply being written in that conversation.
   */
  'files:keepForDraft': () => ({
    request: z.object({ handles: z.array(Id).max(MAX_SEND_MESSAGES), conversationId: DraftConversationId }),
    reply: Ok
  }),
  /**
   * The draft's kept files (the Send view's, or a conversation's reply), registered again (new handles); those that
   * changed or are gone come back refused. A handle let go (`files:release`, a send) is no longer kept.
   */
  'files:restoreDraft': () => ({
    request: z.object({ conversationId: DraftConversationId }),
    reply: z.object({ files: z.array(FileHandleView), rejected: z.array(FileRejection) })
  }),

  /**
   * A registered photo's bytes, for its thumbnail in a draft the window holds no file of (kept over a restart or a
   * reload, dropped on the tray). Null for a handle that is not a photo the core holds, or one that changed since.
   */
  'files:picture': () => ({
    request: z.object({ handle: Id }),
    reply: z.object({ type: z.string(), dataBase64: z.string() }).nullable()
  }),

  /**
   * A sent photo's bytes (the copy the outbox keeps of it), for its thumbnail in a conversation's thread as a
   * customer's photo has one (QA71). Null for an item that is not a photo, one the outbox does not hold, or one whose
   * copy is gone (cleared with its item's history).
   */
  'outbox:picture': () => ({
    request: z.object({ id: Id }),
    reply: z.object({ type: z.string(), dataBase64: z.string() }).nullable()
  }),

  'outbox:enqueue': () => ({
    request: z.object({
      deviceId: Id,
      recipients: z.array(z.string().min(1).max(100)).min(1).max(MAX_SEND_RECIPIENTS),
      isGroup: z.boolean().default(false),
      entries: z.array(EnqueueEntry).min(1).max(MAX_SEND_MESSAGES),
      schedule: ScheduleRequest.optional(),
      /**
       * What to do with numbers on the opt-out list, once the operator was asked: absent, such a send is refused
       * (`opted_out`, naming how many) so that the window asks first.
       */
      optedOut: OptedOutDecision.optional(),
      /**
       * With `leave-out` answered ahead of the ask (a large send's summary named them: QA71 follow-up), the numbers it
       * named as on the list: the list holding others among the recipients at the send is refused (`opted_out`) and
       * asked, never sent to a number that opted out meanwhile.
       */
      optedOutSeen: z.array(z.string().min(1).max(100)).max(MAX_SEND_RECIPIENTS).optional()
    }),
    /** `leftOut`: the numbers on the opt-out list (as queued: 62…) the operator's "Leave them out" left out of it. */
    reply: z.object({ itemIds: z.array(Id), leftOut: z.array(z.string()).optional() })
  }),
  'outbox:list': () => ({
    request: OutboxListFilter.extend({
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(1000).default(200)
    }),
    reply: z.object({ items: z.array(OutboxItemView), total: z.number().int() })
  }),
  /**
   * Scheduled items (held ones too) soonest due first, `limit` after `after` (the due time and id of the previous
   * page's last item): the Schedules view's pages. `total` is every scheduled item (the Overview's count).
   */
  'outbox:scheduled': () => ({
    request: z
      .object({
        deviceId: Id.optional(),
        after: z.object({ scheduledAt: z.iso.datetime({ offset: true }), id: Id }).optional(),
        limit: z.number().int().min(1).max(1000).default(200)
      })
      .strict(),
    reply: z.object({
      items: z.array(OutboxItemView),
      total: z.number().int(),
      /**
       * Of a page as long as `limit`: how many scheduled messages the send of its last item holds, and to how many
       * numbers (one enqueue: the same device and creation instant, due at the same time), read past the page, so
       * its card counts them all.
       */
      lastSend: z.object({ messages: z.number().int(), numbers: z.number().int() }).optional()
    })
  }),
  'outbox:get': () => ({
    request: z.object({ id: Id }),
    reply: z.object({
      item: OutboxItemView,
      history: z.array(OutboxHistoryEntry),
      /** The take-back still carrying a call for it (asked anywhere: the thread, a campaign's), to follow; else null. */
      openTakeBack: Id.nullable().optional()
    })
  }),
  /**
   * Items by status; with `deviceId`, that device's only (what removing it would cancel); with `campaignId`, that
   * campaign's messages, as its card counts them, on every device or on `deviceId` (the Outbox's summary under its
   * Campaign and Device filters, QA73); with `directOnly`, the messages not from any campaign.
   */
  'outbox:counts': () => ({
    request: z
      .object({ deviceId: Id.optional(), campaignId: Id.optional(), directOnly: z.boolean().optional() })
      .strict(),
    reply: OutboxCounts
  }),
  /**
   * The messages the list's filters match, as a file (base64): CSV through the one safe writer or XLSX; times ISO 8601
   * with the offset of `timeZone` (the window names the settings' zone; not given, the computer's), words in `language`.
   */
  'outbox:export': () => ({
    request: z.object({
      filter: OutboxListFilter,
      format: z.enum(['csv', 'xlsx']),
      language: z.enum(['en', 'id']).optional(),
      timeZone: z.string().max(64).optional(),
      /** The window's name for this export: its `outbox:exportProgress` events carry it, `outbox:stopExport` takes it. */
      exportId: Id.optional(),
      /**
       * The window's names of devices the core no longer lists ("Gudang (removed)": it remembers their labels), for
       * the Device column as its rows say it; an id neither knows is written as it is.
       */
      deviceNames: z.record(z.string().max(200), z.string().max(300)).optional()
    }),
    reply: z.object({
      fileName: z.string(),
      mime: z.string(),
      dataBase64: z.string(),
      count: z.number().int()
    })
  }),
  /** Stops a running `outbox:export` at its next piece: it answers `export_stopped` and writes no file. */
  'outbox:stopExport': () => ({ request: z.object({ exportId: Id }), reply: Ok }),
  'outbox:since': () => ({
    request: z.object({
      since: z.iso.datetime({ offset: true }),
      until: z.iso.datetime({ offset: true }).optional()
    }),
    reply: OutboxSince
  }),
  'outbox:retry': () => ({ request: z.object({ id: Id }), reply: OutboxItemView }),
  /** A message cancelled before (elsewhere too: the terminal) is refused as `already_cancelled`, not cancelled again. */
  'outbox:cancel': () => ({ request: z.object({ id: Id }), reply: OutboxItemView }),
  'outbox:delete': () => ({ request: z.object({ id: Id }), reply: Ok }),
  /** Bulk retry/cancel of the window's selection, in one transaction and one outbox:bulkChanged. */
  'outbox:retryMany': () => ({ request: OutboxBulkRequest, reply: OutboxBulkReply }),
  'outbox:cancelMany': () => ({ request: OutboxBulkRequest, reply: OutboxBulkReply }),
  /** Deletes from this computer's outbox what the domain's deletableHere allows; the rest is reported, not failed. */
  'outbox:deleteMany': () => ({ request: OutboxBulkRequest, reply: OutboxBulkReply }),
  /**
   * The same for every item the list's filters match (its "select all"), however many; `expected` is the count the
   * operator confirmed: what still matches is done (fewer is fine: a moving queue sends some meanwhile), and more
   * than confirmed is refused (count_changed, with the new count) with nothing done.
   */
  'outbox:retryMatching': () => ({ request: OutboxMatchingRequest, reply: OutboxMatchingReply }),
  'outbox:cancelMatching': () => ({ request: OutboxMatchingRequest, reply: OutboxMatchingReply }),
  /**
   * How many items the list's filters match on each device (paging aside), however many: what a bulk action over
   * every match would reach on each, for its question (a device's quota and cap), not guessed from the loaded rows.
   */
  'outbox:matchingByDevice': () => ({
    request: z.object({ filter: OutboxListFilter }),
    reply: z.object({ devices: z.array(z.object({ deviceId: Id, count: z.number().int().min(1) })) })
  }),
  /** Edit a failed, held or not-yet-sent item (text/caption, recipient, schedule). */
  'outbox:edit': () => ({
    request: z.object({
      id: Id,
      text: MessageText.optional(),
      recipient: z.string().min(1).max(100).optional(),
      schedule: ScheduleRequest.optional()
    }),
    reply: OutboxItemView
  }),
  /** Send a held overdue item now. */
  'outbox:release': () => ({ request: z.object({ id: Id }), reply: OutboxItemView }),
  /** The same for the window's selection: one no longer held is refused, as its single release is. */
  'outbox:releaseMany': () => ({ request: OutboxBulkRequest, reply: OutboxBulkReply }),
  /**
   * One send's scheduled items due at one instant, as Schedules shows them on one card (the send: its device and the
   * instant it was made, its items' `createdAt`): sent now if held (`send`), cancelled, moved to `schedule`
   * (`reschedule`, a time gone by refused for all), or its words changed (`reword`: every text of the send worded as
   * `reword.like` is now, or every caption of its file captioned as it is, is given `reword.text`). Those that changed
   * meanwhile are refused, as in the other bulk actions.
   */
  'outbox:settleSend': () => ({
    request: z
      .object({
        deviceId: Id,
        createdAt: z.iso.datetime({ offset: true }),
        scheduledAt: z.iso.datetime({ offset: true }),
        action: z.enum(['send', 'cancel', 'reschedule', 'reword']),
        schedule: ScheduleRequest.optional(),
        // A caption may be emptied; a text may not (the core asks it of the message named by `like`).
        reword: z.object({ like: Id, text: MessageText }).strict().optional()
      })
      .strict()
      .refine((request) => (request.action === 'reschedule') === (request.schedule !== undefined), {
        message: 'a new time with reschedule, and only then',
        path: ['schedule']
      })
      .refine((request) => (request.action === 'reword') === (request.reword !== undefined), {
        message: 'the new words with reword, and only then',
        path: ['reword']
      }),
    reply: OutboxBulkReply
  }),
  /**
   * Every held overdue item at once: sent now (`send`) or cancelled (`cancel`); those that stopped being held
   * meanwhile are refused, as in the other bulk actions.
   */
  'outbox:settleHeld': () => ({
    request: z.object({ action: z.enum(['send', 'cancel']) }).strict(),
    reply: OutboxBulkReply
  }),
  /**
   * Revoke, cancel or resend a selection at the gateway: recorded, then carried by the queue like sends.
   * `alsoCancelHeld` (with `revoke`: a whole send taken back from its card): what the gateway holds is cancelled there.
   */
  'outbox:takeBack': () => ({
    request: OutboxBulkRequest.extend({ action: TakeBackActionName, alsoCancelHeld: z.boolean().optional() }),
    reply: TakeBackView
  }),
  'outbox:takeBackProgress': () => ({ request: z.object({ id: Id }), reply: TakeBackView }),
  'outbox:setTakeBackPaused': () => ({
    request: z.object({ id: Id, paused: z.boolean() }),
    reply: TakeBackView
  }),
  'outbox:setPaused': () => ({
    request: z.object({ paused: z.boolean(), deviceId: Id.optional() }),
    reply: z.object({ sendingPaused: z.boolean() })
  }),
  'recipients:recent': () => ({ request: Empty, reply: z.object({ recipients: z.array(z.string()) }) }),

  /** Start the sandbox with a device in it, named in `language` (the window's; English when not given). */
  'sandbox:start': () => ({
    request: z.object({ language: Language.optional() }),
    reply: z.object({ device: DeviceView })
  }),
  /** Whether the sandbox could start from its saved state; when not, which file and why (everything else runs). */
  'sandbox:health': () => ({
    request: Empty,
    reply: z.object({
      damaged: z.object({ file: z.string(), problem: z.string(), message: z.string() }).nullable()
    })
  }),
  /** Set the damaged saved state aside (kept beside it, renamed) and start the sandbox clean. */
  'sandbox:startFresh': () => ({ request: Empty, reply: Ok }),
  'sandbox:control': () => ({
    request: z.object({ deviceId: Id, action: SandboxAction }),
    reply: DeviceView
  }),
  /**
   * Sandbox devices: buy `amount` more messages, on top of what is left, as a package top-up at a real gateway does
   * (the sandbox's own control); the device is then checked, as "Check again" checks one after a real top-up.
   */
  'sandbox:topUp': () => ({
    request: z.object({ deviceId: Id, amount: SandboxTopUpAmount }),
    reply: DeviceView
  }),

  // Service features (issue 9)
  'webhooks:get': () => ({ request: z.object({ deviceId: Id }), reply: WebhookSettingsView }),
  /**
   * Send the given settings to the gateway (one call each) and remember them. `clear` removes addresses, which only
   * the sandbox can (its own control); the gateway's API cannot (gateway-api.md §4.1), so a hosted device refuses it.
   */
  'webhooks:update': () => ({
    request: z.object({
      deviceId: Id,
      webhookUrl: HttpUrl.optional(),
      trackingUrl: HttpUrl.optional(),
      incoming: z.boolean().optional(),
      autoReplyFromWebhook: z.boolean().optional(),
      clear: z
        .array(z.enum(['webhookUrl', 'trackingUrl']))
        .max(2)
        .optional()
    }),
    reply: WebhookSettingsView
  }),
  /** Sandbox devices: the webhook inspector (each POST, its payload, attempts and the receiver's answers). */
  'sandbox:webhookDeliveries': () => ({
    request: z.object({ deviceId: Id }),
    reply: z.object({ deliveries: z.array(WebhookDeliveryView) })
  }),
  /** Sandbox devices: the messages the sandbox gateway sent, newest first. */
  'sandbox:sent': () => ({
    request: z.object({ deviceId: Id, limit: z.number().int().min(1).max(500).default(50) }),
    reply: z.object({ messages: z.array(SandboxMessageView) })
  }),
  /** Sandbox devices: a message arrives from a contact; auto-replies answer at once, the webhook later. */
  'sandbox:receive': () => ({
    request: z
      .object({
        deviceId: Id,
        from: z.string().trim().min(1).max(40),
        /** The text; with `media` its caption, which may be empty (a voice note has none). */
        message: z.string().max(MAX_TEXT_LENGTH),
        pushName: z.string().trim().max(80).optional(),
        /** The contact sends a file of this kind, `message` its caption (the sandbox makes and serves the file). */
        media: z.enum(['image', 'document', 'video', 'audio']).optional(),
        /** Written in a WhatsApp group (`…@g.us` or the gateway's digits-dash form); `from` is then the member. */
        groupId: z.string().trim().min(1).max(100).optional(),
        groupSubject: z.string().trim().min(1).max(100).optional()
      })
      .refine((request) => request.media !== undefined || request.message.trim() !== '', {
        path: ['message'],
        message: 'a text message needs words'
      }),
    reply: z.object({
      incomingId: z.string(),
      replies: z.array(SandboxMessageView),
      webhookDeliveryId: z.string().nullable()
    })
  }),

  'autoReplies:list': () => ({
    request: z.object({ deviceId: Id, keyword: z.string().trim().max(MAX_KEYWORD_LENGTH).optional() }),
    reply: z.object({ autoReplies: z.array(AutoReplyView) })
  }),
  'autoReplies:create': () => ({
    request: z.object({ deviceId: Id, ...AutoReplyFields }),
    reply: AutoReplyView
  }),
  'autoReplies:update': () => ({
    request: z.object({ deviceId: Id, id: Id, ...AutoReplyFields }),
    reply: AutoReplyView
  }),
  'autoReplies:delete': () => ({
    request: z.object({ deviceId: Id, id: Id }),
    reply: z.object({ ok: z.literal(true), message: z.string() })
  }),
  /**
   * The chatbot view (issue 26 point 6): every device's rules from the core's copy (read again from the gateway
   * when stale) and the conversations each answered in the last `AUTO_REPLY_COUNT_DAYS`.
   */
  'autoReplies:chatbot': () => ({
    request: Empty,
    reply: z.object({ devices: z.array(ChatbotDeviceView) })
  }),

  'reminders:list': () => ({
    request: z.object({ deviceId: Id.optional() }),
    reply: z.object({ reminders: z.array(ReminderView) })
  }),
  'reminders:create': () => ({
    request: z
      .object({
        deviceId: Id,
        ...ReminderFields,
        periode: ReminderPeriode,
        customDay: z.number().optional(),
        /** As `outbox:enqueue`'s: a number on the opt-out list is refused (`opted_out`) until the operator answered. */
        optedOut: OptedOutDecision.optional()
      })
      .refine((r) => checkReminderRepeat(r.periode, r.customDay) === null, {
        message: `every N days needs N (1–${MAX_EVERY_N_DAYS}), and only then`,
        path: ['customDay']
      }),
    reply: ReminderView
  }),
  /** The gateway updates phone, start, message and title; the period stays. */
  'reminders:update': () => ({ request: z.object({ id: Id, ...ReminderFields }), reply: ReminderView }),
  /** Ask the gateway for it again (`reminder/info`). */
  'reminders:refresh': () => ({ request: z.object({ id: Id }), reply: ReminderView }),
  'reminders:delete': () => ({ request: z.object({ id: Id }), reply: Ok }),

  /** A recurring series kept by Sender Desk (text and files), in an IANA zone. */
  'series:create': () => ({
    request: z
      .object({
        deviceId: Id,
        recipients: z.array(z.string().min(1).max(100)).min(1).max(MAX_SEND_RECIPIENTS),
        isGroup: z.boolean().default(false),
        entries: z.array(EnqueueEntry).min(1).max(MAX_SERIES_MESSAGES),
        start: z.object({ localTime: LocalTime, timezone: z.string().min(1) }),
        rule: RecurrenceRule,
        overduePolicy: OverduePolicy.default('send'),
        /** Optional: a last day or a number of times (QA33 Q33-05); without it the series goes on until stopped. */
        end: SeriesEnd.optional(),
        /** As `outbox:enqueue`'s: numbers on the opt-out list are refused (`opted_out`) until the operator answered. */
        optedOut: OptedOutDecision.optional()
      })
      .refine((r) => r.end === undefined || checkSeriesEnd(r.start.localTime, r.end) === null, {
        message: `a real last day not before the first, or a whole number of times (1–${MAX_SERIES_TIMES})`,
        path: ['end']
      }),
    reply: SeriesView
  }),
  'series:list': () => ({
    request: z.object({ deviceId: Id.optional() }),
    reply: z.object({ series: z.array(SeriesView) })
  }),
  /**
   * No more occurrences. `cancelMade`: the messages it made and has not sent are cancelled with it (saying why, and
   * held back at their turn: one on the wire now is not cancelled, and not tried again if it comes back); false
   * leaves them to go. The reply says how many were cancelled.
   */
  'series:stop': () => ({
    request: z.object({ id: Id, cancelMade: z.boolean() }),
    reply: SeriesView.extend({ cancelledMade: z.number().int().nonnegative() })
  }),
  /**
   * Skip the next occurrence ahead of time; `nextLocal` is the one the operator saw as next (refused with
   * `invalid_state` on field `nextLocal` when it has become a message or was skipped meanwhile).
   */
  'series:skipNext': () => ({ request: z.object({ id: Id, nextLocal: LocalTime }), reply: SeriesView }),
  /**
   * Change when a series ends (null: until stopped). Items its occurrences past the new end made and has not sent are
   * cancelled with that reason; a later end makes more occurrences due, an ended series' from its next time ahead.
   * The start is the series' own: a last day before it is refused by the core (`invalid_input` on field `end`), a
   * stopped series with `invalid_state`.
   */
  'series:setEnd': () => ({
    request: z.object({
      id: Id,
      end: SeriesEnd.nullable().refine((end) => end === null || checkSeriesEndShape(end) === null, {
        message: `a real last day, or a whole number of times (1–${MAX_SERIES_TIMES})`
      })
    }),
    // How many of its unsent messages past the new end were cancelled: said only when some were (QA41 Q41-05).
    reply: SeriesView.extend({ cancelledPastEnd: z.number().int().nonnegative() })
  }),
  /**
   * Stop and forget a series; `cancelMade` as `series:stop`'s. The reply says how many were cancelled and, as
   * `series:stop`'s `madeUnsent`, what it made that still goes by itself (what was kept; none when cancelled).
   */
  'series:delete': () => ({
    request: z.object({ id: Id, cancelMade: z.boolean() }),
    reply: Ok.extend({ cancelledMade: z.number().int().nonnegative(), madeUnsent: MadeUnsent })
  }),

  /**
   * Order a new device (`device/create`) with an account's token: an existing device's (`accountDeviceId`) or one
   * typed in with its gateway address. When the gateway also answers the new device's token (the sandbox does), the
   * device is added and comes back ready for the linking wizard; otherwise `device` is null.
   */
  'devices:create': () => ({
    request: z
      .object({
        accountDeviceId: Id.optional(),
        baseUrl: z.string().trim().min(1).max(300).optional(),
        token: z.string().trim().min(1).max(400).optional(),
        secret: z.string().trim().max(200).optional(),
        name: z.string().trim().min(1).max(80),
        phone: PhoneNumber,
        product: DeviceProduct,
        periode: BillingPeriod.default('monthly'),
        bank: PaymentChannel,
        /** The new device's name in Sender Desk (default: `name`). */
        label: z.string().trim().min(1).max(80).optional(),
        /**
         * Ordered again though the gateway's answer to the same order was lost (it may have made the device, with its
         * invoice): the operator looked and says it is not there. Without it such an order is refused.
         */
        createAgain: z.boolean().optional()
      })
      .refine((r) => r.accountDeviceId !== undefined || (r.baseUrl !== undefined && r.token !== undefined), {
        message: 'choose a device whose account orders it, or give the gateway address and a token',
        path: ['token']
      }),
    reply: z.object({ invoice: InvoiceView, device: DeviceView.nullable() })
  }),
  /** Every invoice a gateway answered to `devices:create`, newest first (the gateway cannot list them later). */
  'devices:invoices': () => ({
    request: Empty,
    reply: z.object({ invoices: z.array(InvoiceHistoryEntry) })
  }),

  'diagnostics:get': () => ({ request: Empty, reply: z.object({ text: z.string() }) }),

  // ---- campaigns (issue 16) ----
  /**
   * A spreadsheet (CSV or XLSX) registered with purpose `spreadsheet`: the core reads the file itself (the window
   * never holds its bytes), releases the handle and keeps the parsed sheet for check and create.
   */
  'campaigns:read': () => ({
    request: z.object({ handle: Id }),
    reply: SheetView
  }),
  /**
   * Stops a `campaigns:read` still reading this handle: it ends at its next slice with `sheet_cancelled`. A handle
   * no longer being read is not an error (the read may have just finished).
   */
  'campaigns:cancelRead': () => ({ request: z.object({ handle: Id }), reply: Ok }),
  /** Check every row against a mapping and template; previews the chosen rows exactly as they will be sent. */
  'campaigns:check': () => ({
    request: z.object({
      sheetId: Id,
      mapping: ColumnMappingSchema,
      template: z.string().max(10_000),
      pacing: PacingPolicySchema.optional(),
      deviceCount: z.number().int().min(1).max(100).optional(),
      previewRows: z.array(z.number().int()).max(50).optional(),
      /** One registered file for every row (the message becomes its caption), checked against these devices' limits. */
      attachment: z.object({ handle: Id }).nullable().optional(),
      /** The chosen devices: files are checked against their limits, and the estimate holds each to its daily cap. */
      devices: z.array(Id).max(100).optional(),
      /** Registered files for the mapping's attachment column: a row naming none of them is skipped (missing_file). */
      files: CampaignRowFiles.optional(),
      /** Send to numbers that got the same message within 24 hours too (left out by default, as `sent_recently`). */
      sendRecent: z.boolean().optional()
    }),
    reply: z.object({
      summary: CheckSummaryView,
      /** Rows with a problem (first 500), for the skipped list. */
      problems: z.array(
        z.object({ rowNumber: z.number().int(), phoneCell: z.string(), problems: z.array(RowProblemView) })
      ),
      previews: z.array(
        z.object({
          rowNumber: z.number().int(),
          phone: z.string().nullable(),
          /**
           * The row's name as its sheet gives it (the mapping's name column; null without one), as checkDraft's
           * example names a saved draft's row; absent from a core older than it.
           */
          name: z.string().nullable().optional(),
          message: z.string()
        })
      ),
      /** In English (CLI); with templateErrorKey/Params the window shows it in its language (issue 13). */
      templateError: z.string().nullable(),
      templateErrorKey: z.string().optional(),
      templateErrorParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      /**
       * The end of every ready row, and against the chosen devices' gateway quotas (as last heard): when they cover
       * only part, that part's own end and how many rows wait for the quota to be renewed.
       */
      estimate: z.object({ finishAt: z.number().nullable(), quotaFinish: QuotaFinishView }).nullable(),
      /**
       * Per chosen device: what other sends (direct, series, other campaigns) have waiting to go through it before its
       * day ends. The estimate counts them against the number's daily cap; the summary says them beside it.
       */
      waitingToday: z.record(z.string(), z.number().int().min(0)).optional()
    })
  }),
  'campaigns:create': () => ({
    request: z.object({
      sheetId: Id,
      name: z.string().trim().max(CAMPAIGN_NAME_MAX_LENGTH),
      mapping: ColumnMappingSchema,
      template: z.string().min(1).max(10_000),
      pacing: PacingPolicySchema,
      devices: z.array(Id).min(1).max(100),
      /** One registered file sent with every row; kept until start copies it once for all the rows. */
      attachment: z.object({ handle: Id }).nullable().optional(),
      /** The files the attachment column names, kept until start copies each once. */
      files: CampaignRowFiles.optional(),
      /** As `campaigns:check`'s: send to numbers that got the same message within 24 hours too. */
      sendRecent: z.boolean().optional()
    }),
    reply: CampaignView
  }),
  'campaigns:list': () => ({ request: Empty, reply: z.object({ campaigns: z.array(CampaignView) }) }),
  'campaigns:get': () => ({ request: z.object({ id: Id }), reply: CampaignView }),
  /**
   * A draft as its start now would find it, for its "Before you start": its rows checked against the same-message rule
   * again (the 24 hours end now, messages still in line count) and the opt-out list, nothing written — `campaign`'s counts and summary
   * are those of a start without `sendRecent`. `estimate`: the end of the rows the start would send (with
   * `sendRecent`, those left out for the same message alone too), and against its devices' gateway quotas, as
   * `campaigns:check`'s. A draft only (invalid_state otherwise). `sameMessage`: the rows that start would set aside
   * and make ready again.
   */
  'campaigns:checkDraft': () => ({
    request: z.object({ id: Id, sendRecent: z.boolean().optional() }),
    reply: z.object({
      campaign: CampaignView,
      sameMessage: SameMessageMoves,
      estimate: z.object({ finishAt: z.number().nullable(), quotaFinish: QuotaFinishView }),
      /**
       * The first row that start would send, with the message kept for it at create (the one the start sends) and its
       * name as its sheet gives it (the mapping's name column; null without one). Null when it would send none; absent
       * from a core older than it.
       */
      example: DraftExample.nullable().optional()
    })
  }),
  /** `attachment`: the campaign's file registered again (after a restart the earlier handle is gone). */
  /**
   * Start a draft. Its rows are checked against the same-message rule again as they go (the 24 hours end now, and
   * messages still in line count): `sendRecent` sends to the numbers it leaves out too, as create's does. A row whose
   * number opted out since the draft's check is skipped as opted out, as the check skips it. The reply is the started
   * campaign, with `sameMessage`: the rows this start set aside and made ready again, each counted.
   */
  'campaigns:start': () => ({
    request: z.object({
      id: Id,
      attachment: z.object({ handle: Id }).nullable().optional(),
      files: CampaignRowFiles.optional(),
      sendRecent: z.boolean().optional()
    }),
    reply: StartedCampaignView
  }),
  /**
   * Split a draft on a quota or budget shortfall: it keeps its first `keep` ready rows, and a new draft named
   * `restName` (the window's words, in its language) takes the other ready rows, to start later.
   */
  'campaigns:split': () => ({
    request: z.object({
      id: Id,
      keep: z.number().int().min(1),
      restName: z.string().trim().max(CAMPAIGN_NAME_MAX_LENGTH)
    }),
    reply: z.object({ kept: CampaignView, rest: CampaignView })
  }),
  'campaigns:pause': () => ({ request: z.object({ id: Id }), reply: CampaignView }),
  /** Resume the campaign, or only a device's part that paused itself (`deviceId`). */
  'campaigns:resume': () => ({ request: z.object({ id: Id, deviceId: Id.optional() }), reply: CampaignView }),
  'campaigns:cancel': () => ({
    request: z.object({ id: Id }),
    reply: z.object({
      cancelledRows: z.array(z.number().int()),
      alreadyAccepted: z.array(
        z.object({
          rowNumber: z.number().int(),
          phone: z.string().nullable(),
          status: OutboxStatus,
          gatewayId: z.string().nullable()
        })
      ),
      /**
       * Rows whose messages had already ended unsent: opted out during the campaign, failed, or cancelled before (here,
       * or at the gateway by a take-back: its `status` tells the two apart, both in the `cancelled` bucket).
       */
      endedUnsent: z.array(
        z.object({
          rowNumber: z.number().int(),
          phone: z.string().nullable(),
          bucket: z.enum(['optedOut', 'failed', 'cancelled']),
          status: OutboxStatus
        })
      )
    })
  }),
  /** What taking the campaign back would do now: the counts its confirmation states. */
  'campaigns:takeBackPlan': () => ({
    request: z.object({ id: Id, revokeDelivered: z.boolean() }),
    reply: TakeBackPlanView
  }),
  /**
   * The take-back question is open: a running campaign pauses at once (nothing more leaves while the operator reads
   * it). `held`: this question paused it, and campaigns:keepAfterTakeBack runs it again. The hold is kept on disk:
   * an app closed with the question open gives the campaign back what it had on its next start.
   */
  'campaigns:holdForTakeBack': () => ({
    request: z.object({ id: Id }),
    reply: z.object({ held: z.boolean(), campaign: CampaignView })
  }),
  /** The operator kept the campaign: one the question paused runs again; any other stays as it was. */
  'campaigns:keepAfterTakeBack': () => ({ request: z.object({ id: Id }), reply: CampaignView }),
  /**
   * Take the campaign back: cancel it (nothing more leaves), cancel what the gateway holds, and delete for everyone
   * what was sent when `revokeDelivered`. Follow it with outbox:takeBackProgress.
   */
  'campaigns:takeBack': () => ({
    request: z.object({ id: Id, revokeDelivered: z.boolean() }),
    reply: TakeBackView
  }),
  /** Rows sent, delivered, read and failed over time (cumulative), for the progress chart. */
  'campaigns:progress': () => ({
    request: z.object({ id: Id }),
    reply: z.object({
      at: z.array(z.number()),
      sent: z.array(z.number().int()),
      delivered: z.array(z.number().int()),
      read: z.array(z.number().int()),
      failed: z.array(z.number().int())
    })
  }),
  /**
   * The devices a draft is dealt to, chosen again (a draft whose device was removed has none, and cannot start until
   * one is chosen). Refused once it started.
   */
  'campaigns:setDevices': () => ({
    request: z.object({ id: Id, devices: z.array(Id).min(1).max(100) }),
    reply: CampaignView
  }),
  'campaigns:setPacing': () => ({
    request: z.object({ id: Id, pacing: PacingPolicySchema }),
    reply: CampaignView
  }),
  'campaigns:rows': () => ({
    request: z.object({
      id: Id,
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(1000).default(200),
      /** Its failed rows alone (`total` counts them); every row when not given. */
      only: z.enum(['failed']).optional()
    }),
    reply: z.object({ rows: z.array(CampaignRowView), total: z.number().int() })
  }),
  'campaigns:export': () => ({
    /** `language`: the words of the export (column names, statuses, reasons); English when not given. */
    request: z.object({
      id: Id,
      format: CampaignExportFormat,
      language: z.enum(['en', 'id']).optional(),
      /** The times' zone, as `outbox:export`'s: the window names the settings' zone; not given, the computer's. */
      timeZone: z.string().max(64).optional(),
      /** As `outbox:export`'s: named by `campaigns:exportProgress`, stopped by `campaigns:stopExport`. */
      exportId: Id.optional()
    }),
    reply: z.object({ fileName: z.string(), mime: z.string(), dataBase64: z.string() })
  }),
  'campaigns:stopExport': () => ({ request: z.object({ exportId: Id }), reply: Ok }),
  /**
   * The opt-out list newest first, or a page of it (`limit`, `offset`); `search` keeps the numbers that start as it
   * reads as a number (any form Send takes) or hold its digits, else the entries whose contact name holds it.
   * `total`: how many entries match; `listed`: how many the list holds.
   */
  'optouts:list': () => ({
    request: z.object({
      search: z.string().max(MAX_NAME_SEARCH_LENGTH).optional(),
      limit: z.number().int().min(1).max(100_000).optional(),
      offset: z.number().int().min(0).optional()
    }),
    reply: z.object({
      optOuts: z.array(OptOutEntry),
      total: z.number().int().nonnegative(),
      listed: z.number().int().nonnegative()
    })
  }),
  /**
   * Which of these numbers (any form Send takes) are on the opt-out list, answered as they were asked; one that is no
   * number is not. Send marks its recipients with it before the core's refusal at Send (QA71).
   */
  'optouts:among': () => ({
    request: z.object({ phones: z.array(z.string().max(40)).max(MAX_SEND_RECIPIENTS) }),
    reply: z.object({ optedOut: z.array(z.string()) })
  }),
  /** Numbers typed, imported from a file's text (one per line or comma-separated), or from an outbox item. */
  'optouts:add': () => ({
    request: z.object({
      phones: z.array(z.string().max(40)).max(100_000),
      source: z.enum(['operator', 'import', 'outbox'])
    }),
    reply: z.object({
      added: z.number().int(),
      invalid: z.array(z.string()),
      /** Valid numbers that were on the list already (each number once, however many times it was written). */
      alreadyListed: z.number().int(),
      /** How many more times valid numbers were written than there are numbers (two spellings of one are one). */
      repeated: z.number().int(),
      gatewaySync: GatewaySync
    })
  }),
  'optouts:remove': () => ({
    request: z.object({ phone: z.string().min(1).max(40) }),
    reply: z.object({ ok: z.literal(true), gatewaySync: GatewaySync })
  }),
  /** Many numbers off the list at once; `removed`: the entries that were on it, as they were (for optouts:restore). */
  'optouts:removeMany': () => ({
    request: z.object({ phones: z.array(z.string().min(1).max(40)).min(1).max(100_000) }),
    reply: z.object({ removed: z.array(OptOutEntry), gatewaySync: GatewaySync })
  }),
  /** A removal taken back: the entries put on the list again as they were (how and when each got there). */
  'optouts:restore': () => ({
    request: z.object({
      entries: z
        .array(OptOutEntry.omit({ name: true }).extend({ phone: z.string().min(1).max(40) }))
        .max(100_000)
    }),
    reply: z.object({ restored: z.number().int(), gatewaySync: GatewaySync })
  }),
  /** The texts that put a customer on the list (and take them off again) when they are all a message says. */
  'optouts:keywords': () => ({ request: Empty, reply: OptOutKeywordLists }),
  'optouts:setKeywords': () => ({ request: OptOutKeywordLists, reply: OptOutKeywordLists }),
  // ---- end of campaigns ----
  // ---- inbox (issue 25) ----
  /** Where the inbox sync stands, and how many messages there are. */
  'inbox:status': () => ({ request: Empty, reply: InboxStatusView }),
  /** "Try now" while the relay cannot be reached: a pull at once (the follow loop's backoff set by its outcome). */
  'inbox:tryNow': () => ({ request: Empty, reply: InboxStatusView }),
  /** Messages received, newest first; `chatId` keeps one conversation (a thread), `before` pages back. */
  'inbox:list': () => ({
    request: z.object({
      limit: z.number().int().min(1).max(500).optional(),
      before: z.number().int().positive().optional(),
      chatId: z.string().min(1).max(128).optional(),
      unreadOnly: z.boolean().optional()
    }),
    reply: z.object({ messages: z.array(InboxMessageView) })
  }),
  // ---- inbox conversations, threads and contacts (issue 26) ----
  /**
   * Which conversation the window shows, and whether the window has the focus: a new message there is not notified
   * (null when no conversation is open).
   */
  'inbox:viewing': () => ({
    request: z.object({ conversationId: z.number().int().positive().nullable(), focused: z.boolean() }),
    reply: Ok
  }),
  /**
   * Conversations newest first by their last message or reply; `before` is the previous page's last `activity`;
   * `next` null on the last page.
   */
  'inbox:conversations': () => ({
    request: z.object({
      limit: z.number().int().min(1).max(500).optional(),
      before: z.number().int().positive().optional(),
      archived: z.boolean().optional(),
      unreadOnly: z.boolean().optional(),
      deviceId: z.string().min(1).max(128).optional(),
      /** Only these (the chatbot view's conversations a keyword answered). */
      conversationIds: z.array(z.number().int().positive()).max(5000).optional()
    }),
    reply: z.object({ conversations: z.array(InboxConversationView), next: z.number().int().nullable() })
  }),
  /** One conversation's messages merged with what that device sent to that chat, newest first, keyset-paged. */
  'inbox:thread': () => ({
    request: z.object({
      conversationId: z.number().int().positive(),
      limit: z.number().int().min(1).max(500).optional(),
      /** The previous page's `next`. */
      before: z.string().max(200).optional(),
      /**
       * An entry's key (thread-entry-key.ts; a search result's): the page holds every entry down to it, then `limit`
       * past it; as without it when the thread does not hold it (QA71).
       */
      through: z.string().min(1).max(200).optional(),
      /**
       * QA75: an entry's key (a search result's further back than `through` reads): a page of `limit` entries around
       * it, about half older and the rest newer, `later` where the newer ones past it start; as without it when the
       * thread does not hold it. With `through`, only when that does not reach its entry: one read opens a search
       * result, down to it or, that far back, around it.
       */
      around: z.string().min(1).max(200).optional(),
      /** QA75: a page's `later`: the `limit` entries newer than it nearest to it (its `next` is null). */
      after: z.string().max(200).optional()
    }),
    reply: z.object({
      conversation: InboxConversationView,
      entries: z.array(InboxThreadEntry),
      next: z.string().nullable(),
      /** Where the entries newer than the page start, when it does not reach the thread's end (null: it does). */
      later: z.string().nullable().optional()
    })
  }),
  /** Every message of the conversation read, or its newest one unread again. */
  'inbox:markRead': () => ({
    request: z.object({ conversationId: z.number().int().positive(), read: z.boolean() }),
    reply: InboxConversationView
  }),
  'inbox:archive': () => ({
    request: z.object({ conversationId: z.number().int().positive(), archived: z.boolean() }),
    reply: InboxConversationView
  }),
  /**
   * Deletes a conversation: the messages it received and their files leave this computer (the opt-out list and the
   * contact's name stay; what was sent to the chat stays in the outbox and leaves the thread). How many messages went.
   */
  'inbox:deleteConversation': () => ({
    request: z.object({ conversationId: z.number().int().positive() }),
    reply: z.object({ messages: z.number().int().nonnegative() })
  }),
  /**
   * Customers' messages and the operator's own (`replies`: what a conversation's thread shows as sent) whose text
   * holds `text`, one list newest first split in two (a message by `receivedAt`, a reply by its `createdAt`), and on
   * the first page the conversations by contact. `before` is the previous page's `next` (opaque). `sentRead`: how many
   * of the operator's sent messages holding the text the page read past (a page reads a bounded stretch of them).
   * Every word of `text` is looked for, in any order. Each found message names its conversation (`conversationId`),
   * whose view is in `messageConversations`, once however many of its messages the page holds (QA27 Q27-01).
   * `moreFound`: a hit past this page is already known; `next` without it means only that sent messages are left to
   * read, which may hold none (QA27 Q27-08). `conversationsMoreFound`: more conversations match than `conversations`
   * holds (the first page's `limit`): the text names too many to list, so the window asks for more of it.
   */
  'inbox:search': () => ({
    request: z.object({
      text: z.string().min(1).max(MAX_SEARCH_LENGTH),
      limit: z.number().int().min(1).max(500).optional(),
      before: z.string().min(1).max(300).optional()
    }),
    reply: z.object({
      messages: z.array(InboxMessageView.extend({ conversationId: z.number().int().positive() })),
      messageConversations: z.array(InboxConversationView),
      /** `at`: when the reply shows in its thread (a thread entry's `at`: when the gateway took it, QA38 Q38-02). */
      replies: z.array(
        z.object({ conversation: InboxConversationView, item: OutboxItemView, at: z.string() })
      ),
      conversations: z.array(InboxConversationView),
      next: z.string().nullable(),
      moreFound: z.boolean(),
      conversationsMoreFound: z.boolean(),
      sentRead: z.number().int().nonnegative()
    })
  }),
  /**
   * A reply to a chat from a device, through the send queue with the Send view's checks (producer `reply:<chat>`):
   * a text, a file (with the text as its caption), or both. The same `requestId` again is the same reply: nothing
   * more is queued, the items it queued are answered, and a file it carries is let go. Its items queued for another
   * chat or from another known device are not this reply: refused (`reply_elsewhere`, field `requestId`), nothing
   * queued; a device this app does not know is refused as such (`not_found`, field `deviceId`).
   */
  'inbox:reply': () => ({
    request: z
      .object({
        requestId: Id,
        deviceId: Id,
        chatId: z.string().min(1).max(100),
        isGroup: z.boolean().default(false),
        text: z.string().max(MAX_TEXT_LENGTH).optional(),
        handle: Id.optional(),
        /**
         * The conversation it answers, when it answers one: refused (`conversation_gone`) once it is deleted (the
         * terminal's `inbox delete`), checked in the transaction that queues it.
         */
        conversationId: z.number().int().positive().optional(),
        /** As `outbox:enqueue`'s: a number on the opt-out list is refused (`opted_out`) until the operator answered. */
        optedOut: OptedOutDecision.optional()
      })
      .refine((request) => (request.text ?? '').trim() !== '' || request.handle !== undefined, {
        message: 'A reply needs a text or a file.',
        path: ['text']
      }),
    reply: z.object({ itemIds: z.array(Id), repeated: z.boolean() })
  }),
  /** Contacts by number; `after` the previous page's last number; `search` in names and numbers. */
  'contacts:list': () => ({
    request: z.object({
      limit: z.number().int().min(1).max(1000).optional(),
      after: z.string().max(40).optional(),
      search: z.string().max(MAX_NAME_SEARCH_LENGTH).optional()
    }),
    reply: z.object({ contacts: z.array(ContactView), next: z.string().nullable() })
  }),
  /**
   * The window's customer list, a page at a time: by name, `after` the previous page's end; `search` a name's start,
   * or a number's (any form Send takes), then listed by number. Each with whether it opted out. `campaign` keeps one
   * campaign's customers (CustomerCampaignFilter); `total` is then how many it and the search keep in all, on the
   * first page only (no `after`: a later page carries the cursor only, null, and the window keeps the first page's
   * total), and null without a campaign (the whole list is not counted: 100,000 and more).
   */
  'contacts:page': () => ({
    request: z.object({
      limit: z.number().int().min(1).max(200).default(50),
      after: CustomerPlace.optional(),
      search: z.string().max(MAX_NAME_SEARCH_LENGTH).optional(),
      campaign: CustomerCampaignFilter.optional()
    }),
    reply: z.object({
      customers: z.array(CustomerView),
      next: CustomerPlace.nullable(),
      total: z.number().int().nonnegative().nullable()
    })
  }),
  /**
   * The names of many chats at once (the window's one lookup, batched and cached): a number's contact name, a group's
   * subject from the inbox; a chat with neither is left out.
   */
  'contacts:names': () => ({
    request: z.object({ chats: z.array(z.string().min(1).max(100)).max(1000) }),
    reply: z.object({ names: z.array(z.object({ chatId: z.string(), name: z.string() })) })
  }),
  /**
   * The contact picker's suggestions: contacts whose name or number holds `text`, groups whose subject holds it.
   * `optedOut` (true, else absent): the contact's number is on the opt-out list, said as it is suggested (QA71).
   */
  'contacts:suggest': () => ({
    request: z.object({
      text: z.string().trim().min(1).max(100),
      limit: z.number().int().min(1).max(50).optional()
    }),
    reply: z.object({
      suggestions: z.array(
        z.object({
          chatId: z.string(),
          name: z.string(),
          isGroup: z.boolean(),
          optedOut: z.boolean().optional()
        })
      )
    })
  }),
  /** The operator names a number: never overwritten by what is learnt later. */
  'contacts:set': () => ({
    request: z.object({ phone: z.string().min(1).max(40), name: ContactName }),
    reply: ContactView
  }),
  /**
   * Undo of a rename or a removal: the customer exactly as the window had them (name, where the name came from, when),
   * over whatever is kept now, so a name learnt from a campaign or the customer's profile stays one a later learnt
   * name may replace (contacts:set would make it the operator's, which nothing replaces).
   */
  'contacts:restore': () => ({
    request: z.object({
      phone: z.string().min(1).max(40),
      name: ContactName,
      source: ContactView.shape.source,
      updatedAt: z.iso.datetime({ offset: true })
    }),
    reply: ContactView
  }),
  /**
   * The operator adds a customer: a number kept already (under any name, from any source) is answered with what is
   * kept and left as it is, for the window to ask before renaming it (QA17 Q17-01); contacts:set renames.
   */
  'contacts:add': () => ({
    request: z.object({ phone: z.string().min(1).max(40), name: ContactName }),
    reply: z.discriminatedUnion('added', [
      z.object({ added: z.literal(true), contact: ContactView }),
      z.object({ added: z.literal(false), kept: ContactView })
    ])
  }),
  'contacts:remove': () => ({
    request: z.object({ phone: z.string().min(1).max(40) }),
    reply: z.object({ removed: z.boolean() })
  }),
  /**
   * Asked by the operator, never on its own: names from the device's contacts at the gateway are learnt (never over
   * a name the operator gave), and the names the operator gave here are added or updated there.
   */
  'contacts:syncWithGateway': () => ({
    request: z.object({ deviceId: Id }),
    reply: z.object({
      learnt: z.number().int(),
      added: z.number().int(),
      updated: z.number().int(),
      failed: z.array(z.object({ phone: z.string(), message: z.string() }))
    })
  }),
  /** A device's canned replies, by title. */
  'cannedReplies:list': () => ({
    request: z.object({ deviceId: Id }),
    reply: z.object({ replies: z.array(CannedReplyView) })
  }),
  /** A new canned reply (no id) or a change to one. */
  'cannedReplies:save': () => ({
    request: z.object({
      id: z.number().int().positive().optional(),
      deviceId: Id,
      title: z.string().trim().min(1).max(MAX_TITLE_LENGTH),
      text: z.string().min(1).max(MAX_TEXT_LENGTH)
    }),
    reply: CannedReplyView
  }),
  'cannedReplies:remove': () => ({
    request: z.object({ id: z.number().int().positive() }),
    reply: z.object({ removed: z.boolean() })
  }),
  /** A canned reply as it reads for one conversation: {name} from its contact, {number} from its chat. */
  'cannedReplies:render': () => ({
    request: z.object({ id: z.number().int().positive(), conversationId: z.number().int().positive() }),
    reply: z.object({ text: z.string(), missing: z.array(z.string()) })
  }),
  // ---- inbox media (issue 26 point 1) ----
  /** A fetched file's bytes (base64), for the window to show from a blob: URL; refused when not fetched. */
  'inbox:media': () => ({
    request: z.object({ number: z.number().int().positive() }),
    reply: z.object({ media: InboxMediaView, dataBase64: z.string() })
  }),
  /** "Try again" on a file that failed or was too large: it is fetched again (with the cap as it is now). */
  'inbox:mediaRetry': () => ({
    request: z.object({ number: z.number().int().positive() }),
    reply: InboxMediaView
  }),
  // ---- end of inbox media ----
  // ---- end of inbox ----
  // ---- inbox provisioning (issue 25, point 3) ----
  /** Connect a mailbox on a relay (a new key pair; the credentials go to the vault, never to the window). */
  'inbox:connect': () => ({
    request: z.object({
      relayUrl: z.string().trim().min(1).max(300),
      creationToken: z.string().trim().min(1).max(500).optional(),
      allowInsecureHttp: z.boolean().optional(),
      replace: z.boolean().optional()
    }),
    reply: ReceivingView
  }),
  /**
   * Connect a mailbox on a relay this computer runs (the sandbox alone can reach it): a one-click trial of messages
   * in, no terminal. `replace` as for `inbox:connect`.
   */
  'inbox:connectLocalRelay': () => ({
    request: z.object({ replace: z.boolean().optional() }).strict(),
    reply: ReceivingView
  }),
  /** The connected mailbox, its device-status URL and which devices receive through it. */
  'inbox:receiving': () => ({ request: Empty, reply: ReceivingView }),
  /** What "Receive messages" would replace on this device: the confirmation names it. */
  'inbox:provisionPreview': () => ({
    request: z.object({ deviceId: Id }),
    reply: z.object({ deviceId: Id, relayHost: z.string(), replaces: ReceivingReplaced })
  }),
  /** Set the device's webhook URL, tracking URL and incoming=on to the mailbox (through the webhooks feature). */
  'inbox:provision': () => ({ request: z.object({ deviceId: Id }), reply: ReceivingView }),
  /** Undo "Receive messages": put back what was there before; says which URLs it could not know. */
  'inbox:undoProvision': () => ({
    request: z.object({ deviceId: Id }),
    reply: z.object({
      view: ReceivingView,
      notRestored: z.array(z.enum(['webhookUrl', 'trackingUrl']))
    })
  }),
  /**
   * A new pull token for the mailbox (after a leak); the old one stops at once. Kept in the keychain: nothing of it
   * comes back here.
   */
  'inbox:rotatePullToken': () => ({ request: Empty, reply: Empty }),
  /** A new ingress secret (the old one works one more day), and the devices that used the old URLs set again. */
  'inbox:rotateSecret': () => ({
    request: z
      .object({
        /** After a leak: the old addresses stop at once (the device-status one too, until pasted anew). */
        stopOldAtOnce: z.boolean().optional()
      })
      .strict(),
    reply: z.object({
      view: ReceivingView,
      reprovisioned: z.array(Id),
      /** Why a device was not set again: English (CLI, logs); with messageKey/messageParams in the window's language. */
      failed: z.array(
        z.object({
          deviceId: Id,
          message: z.string(),
          messageKey: z.string().optional(),
          messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional()
        })
      )
    })
  })
  // ---- end of inbox provisioning ----
})

// ---------------------------------------------------------------------------------------------
// Events: core → renderer.

const ExportProgress = z.object({
  exportId: Id,
  written: z.number().int().nonnegative(),
  total: z.number().int().nonnegative()
})

export const eventChannels = builtOnFirstUse({
  'devices:changed': () => z.object({ devices: z.array(DeviceView) }),
  'outbox:itemChanged': () => z.object({ item: OutboxItemView }),
  /** Many items changed at once (bulk enqueue, retention): the renderer refetches its page. */
  'outbox:bulkChanged': () => z.object({ count: z.number().int() }),
  /**
   * How far an `outbox:deleteMany` is in cancelling, at the gateway, the schedules it keeps of the messages deleted:
   * calls ended of all it makes, once as it starts and as each ends (QA64 follow-up: 200 calls with no count shown).
   */
  'outbox:gatewayCancelProgress': () =>
    z.object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  /** How far an `outbox:export` is: rows written to the file of all it holds, at most once a piece. */
  'outbox:exportProgress': () => ExportProgress,
  /**
   * `pausedQueued`: of the queued (status `queued`), how many a pause holds (all sending, their device, their
   * campaign or its device part paused itself), never more than `counts.queued`. Also sent when only it moved (a
   * campaign paused or resumed changes no item's status). `heldOverdue`: of the scheduled, how many came due while
   * the app was closed and their policy holds for the operator to send or cancel (they never go by themselves).
   * `pacedQueued`: see PacedQueued; sent when it moves too. `scheduledOptedOut`: of the scheduled not held, how many
   * will not be sent, their number opted out since they were written (cancelled at their turn, QA76); sent when an
   * opt-out moves it too.
   */
  'outbox:countsChanged': () =>
    z.object({
      counts: OutboxCounts,
      sendingPaused: z.boolean(),
      sendingHeldBy: SendingHeldBy,
      pausedQueued: z.number().int().nonnegative(),
      pacedQueued: PacedQueued,
      heldOverdue: z.number().int().nonnegative(),
      scheduledOptedOut: z.number().int().nonnegative()
    }),
  'settings:changed': () => Settings,
  /** The shell asks the window to show a view (tray Relink → linking for that device; tray drop → send). */
  'app:navigate': () =>
    z.object({
      view: View,
      deviceId: Id.optional(),
      /** Devices: that device's card, this action of it focused (the tray's "Enter token…" and "Renew…"). */
      deviceAction: z.enum(['enterToken', 'renew']).optional(),
      /** Inbox: open this conversation (a new-message notification was clicked). */
      conversationId: z.number().int().positive().optional(),
      /** Send: files the tray registered to be sent. */
      handles: z.array(FileHandleView).optional(),
      /**
       * Send: spreadsheets dropped on the tray, registered to be read (purpose `spreadsheet`) until the operator
       * answers the window's question: imported as recipients, or attached (`files:asAttachment`).
       */
      sheets: z.array(FileHandleView).optional()
    }),
  /** Something in the sandbox gateway changed (messages, webhook deliveries): sandbox panels refetch. */
  'sandbox:changed': () => z.object({ at: z.string() }),
  // ---- campaigns (issue 16) ----
  /** A campaign's progress or state changed: its view refetches. */
  'campaigns:changed': () => z.object({ id: Id }),
  /** How far a `campaigns:read` is (0 to 1), at most once a slice: the window's reading state. */
  'campaigns:readProgress': () => z.object({ handle: Id, fraction: z.number().min(0).max(1) }),
  /** How far a `campaigns:export` of results is, as `outbox:exportProgress`. */
  'campaigns:exportProgress': () => ExportProgress,
  /** The inbox sync's state changed, or messages arrived: the inbox view and the tray redraw. */
  'inbox:changed': () => InboxStatusView,
  /** Contacts' names changed (the operator's, a campaign's spreadsheet, a sync, push names): the window's names refetch. */
  'contacts:changed': () => z.object({ at: z.string() }),
  /** The opt-out list changed (a customer's STOP or START, the operator's own change): open lists refetch. */
  'optouts:changed': () => z.object({ at: z.string() })
})

// ---------------------------------------------------------------------------------------------
// Types derived from the contract.

export type InvokeChannels = typeof invokeChannels
export type InvokeChannel = keyof InvokeChannels
export type EventChannel = keyof typeof eventChannels
export type InvokeRequest<C extends InvokeChannel> = z.input<InvokeChannels[C]['request']>
export type InvokeReply<C extends InvokeChannel> = z.output<InvokeChannels[C]['reply']>
export type ParsedRequest<C extends InvokeChannel> = z.output<InvokeChannels[C]['request']>
export type EventPayload<E extends EventChannel> = z.output<(typeof eventChannels)[E]>

export const ApiErrorShape = z.object({
  code: z.string(),
  /** In English (CLI, logs); with messageKey/messageParams the window shows it in its language (issue 13). */
  message: z.string(),
  messageKey: z.string().optional(),
  messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** Which request field was wrong, for forms. */
  field: z.string().optional(),
  /** The same refusal at more fields of the request, each in its own words: a form marks them all at once. */
  otherFields: z
    .array(
      z.object({
        field: z.string(),
        message: z.string(),
        messageKey: z.string().optional(),
        messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional()
      })
    )
    .optional()
})
export type ApiErrorShape = z.infer<typeof ApiErrorShape>

/** What crosses the wire for every invoke: a result, never a thrown transport error. */
export const InvokeResult = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: ApiErrorShape })
])
export type InvokeResult = z.infer<typeof InvokeResult>

export function isInvokeChannel(value: unknown): value is InvokeChannel {
  return typeof value === 'string' && Object.hasOwn(invokeChannels, value)
}

export function isEventChannel(value: unknown): value is EventChannel {
  return typeof value === 'string' && Object.hasOwn(eventChannels, value)
}

/** The API the window sees as `window.senderDesk` (preload in Electron, bridge script in the harness). */
export interface SenderDeskApi {
  invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeReply<C>>
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void
  /** Turn dropped/picked/pasted File objects into opaque handles (paths never reach the page). */
  registerFiles(files: File[], purpose?: FileRegisterPurpose): Promise<InvokeReply<'files:register'>>
}

/** Thrown by the window-side API when the core answers with an error. */
export class ApiError extends Error {
  readonly code: string
  readonly field?: string
  readonly messageKey?: string
  readonly messageParams?: Record<string, string | number>
  readonly otherFields?: ApiErrorShape['otherFields']
  constructor(shape: ApiErrorShape) {
    super(shape.message)
    this.name = 'ApiError'
    this.code = shape.code
    this.field = shape.field
    this.messageKey = shape.messageKey
    this.messageParams = shape.messageParams
    if (shape.otherFields) this.otherFields = shape.otherFields
  }
}
