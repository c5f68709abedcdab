// The outbox's public shapes: options, enqueue input, list filter, flush summary, events, its typed error and the
// text check that raises it.
import { englishText, type KeyedText } from '../commands'
import type { GatewayClient, MediaKind, Quota, TakeBackPort } from '../gateway'
import type { FileIdentity } from '../files'
import {
  MAX_TEXT_LENGTH,
  messageTextProblem,
  parseLocalTime,
  type HappenedEvent,
  type SeriesEnd,
  type StatusFilterChoice
} from '../../../shared/domain'
import type {
  OutboxCounts,
  OutboxItemView,
  OutboxStatus,
  RecurrenceRule,
  SeriesView
} from '../../../shared/contract'

export type { OutboxCounts, OutboxItemView, OutboxStatus, RecurrenceRule, SeriesView }

export interface OutboxOptions {
  /** Sends in flight at once per device. Default 1. */
  concurrency?: number
  /** Minimum gap between the starts of two sends on one device. Default 1000 ms (the app passes Settings.pacingMs). */
  pacingMs?: number
  /** Transient failures are retried until the item has waited this long since it was queued. Default 24 h. */
  maxAgeMs?: number
  /** First retry delay; doubles per failure. Default 2 s. */
  backoffBaseMs?: number
  /** Longest retry delay. Default 15 min. */
  backoffCapMs?: number
  /**
   * How long after an unanswered request the gateway may still make it visible in its reports. An item in doubt
   * is resent only after a report check made after this window says the gateway never took it. Default 2 min.
   */
  visibilityWindowMs?: number
  /** Gap between report checks while an item is in doubt. Default 15 s. */
  reconcileIntervalMs?: number
  /** A local schedule that fires this much late or more is "overdue" and follows its overdue policy. Default 2 min. */
  overdueGraceMs?: number
  /** Shortest gap between delivery-status polls of an item, used while it is fresh; later the gap is a tenth of its age. Default 3 s. */
  trackingIntervalMs?: number
  /** Longest gap between two polls of one item. Default 30 min. */
  trackingCapMs?: number
  /** Tracking stops this long after acceptance even without a final status. Default 7 days. */
  trackingRetentionMs?: number
  /** Whether this instance polls delivery statuses (the CLI's flush does not need to). Default true. */
  tracking?: boolean
  /** Final items (and their attachments) are deleted this long after they closed. Default 30 days. */
  retentionMs?: number
  /** Default 6 h. */
  retentionSweepIntervalMs?: number
  /** The gateway's own zone, which decides what "today" means for report-realtime. Default Asia/Jakarta. */
  gatewayTimeZone?: string
  /** The zone whose midnight starts a device's day (what its daily send count counts). Default: the computer's. */
  dayZoneOf?: (deviceId: string) => string
  /**
   * Whether a number is on the opt-out list, which Sender Desk gives the gateways' blacklists: a message to it the
   * gateway rejects without naming the blacklist is read as refused by it (its remedy is to lift the opt-out, not a
   * Retry that is refused again). Default: never.
   */
  onOptOutList?: (phone: string) => boolean
  /** Whether a device the app has not reported on yet may send. Default true (the CLI never reports). */
  devicesSendableByDefault?: boolean
  /** 0 ≤ r < 1, for jitter. Default Math.random. */
  random?: () => number
  /** Whether a process id is alive, for the dispatcher lease. Default: signal 0. */
  isProcessAlive?: (pid: number) => boolean
}

export type ResolvedOutboxOptions = Required<OutboxOptions>

export interface TextEntry {
  kind: 'text'
  text: string
}

export interface FileEntry {
  kind: 'file'
  /** A regular file; it is copied into the data folder at enqueue, so it may move or vanish afterwards. */
  path: string
  name: string
  mime: string
  mediaKind: MediaKind
  caption?: string
  /**
   * The identity the file had when it was added (file handles always set it): the copy is then made from that
   * exact file, opened once, refused when it changed, and its type re-checked from the copied bytes.
   */
  pinned?: FileIdentity
}

export type EnqueueEntry = TextEntry | FileEntry

export interface ScheduleSpec {
  /** Local wall-clock time 'YYYY-MM-DDTHH:mm' (seconds optional) in `timezone`. */
  localTime: string
  /** IANA name, e.g. Asia/Jakarta. */
  timezone: string
  /** 'local': the app sends at the time. 'gateway': text only, saved with the gateway's schedule API. */
  mode: 'local' | 'gateway'
  /** What a local schedule does when the app was off or asleep at its time. Default 'send'. */
  overduePolicy?: 'send' | 'hold'
}

export interface EnqueueInput {
  deviceId: string
  /** Already normalised by the caller (the gateway client's normaliseRecipients). */
  recipients: string[]
  isGroup?: boolean
  entries: EnqueueEntry[]
  schedule?: ScheduleSpec
  /** The producer that asks ('reply:<chat>'); a plain send has none. */
  producerTag?: string
  /** Ids chosen by the producer, one per entry and recipient in that order (a reply's, so a repeat is found). */
  itemIds?: readonly string[]
  /**
   * Runs in the transaction that writes the items: a throw writes none (a reply's check that its conversation is
   * still there, made where no other process can delete it before the reply is queued).
   */
  atCommit?: () => void
}

/** A recurring series: the entries go to every recipient at each occurrence of `rule` from `start`. */
export interface SeriesInput {
  deviceId: string
  recipients: string[]
  isGroup?: boolean
  entries: EnqueueEntry[]
  /** The first occurrence: local wall-clock time 'YYYY-MM-DDTHH:mm[:ss]' in an IANA zone. */
  start: { localTime: string; timezone: string }
  rule: RecurrenceRule
  /** What an occurrence does when the app was off or asleep at its time. Default 'send'. */
  overduePolicy?: 'send' | 'hold'
  /** A last day (inclusive, in `start.timezone`) or a number of times; none: until stopped (QA33 Q33-05). */
  end?: SeriesEnd
}

export interface ListFilter {
  /** The status filter's choices: `cancelled` and `optedOut` part the cancelled as the summary does. */
  status?: StatusFilterChoice[]
  deviceId?: string
  /** One campaign's messages only (QA73). */
  campaignId?: string
  /** Messages not from any campaign only (QA73: "Direct sends only"). */
  directOnly?: boolean
  /** As typed in the Recipient filter: the number holds one of its recipientSearchTerms. */
  recipient?: string
  /** …or the number of a contact whose name holds `recipient`. */
  recipientByName?: boolean
  /** Substring of the text or caption, case-insensitive. */
  text?: string
  /** ISO bounds on createdAt. */
  from?: string
  to?: string
  /** What happened since an ISO instant: the items `since` counts in that number (the store's happened-since.ts). */
  happenedSince?: { event: HappenedEvent; since: string }
  offset?: number
  limit?: number
}

export interface EditInput {
  /** Text, or the caption of a file ('' removes a caption). */
  text?: string
  recipient?: string
  schedule?: ScheduleSpec
}

export type BlockReason =
  'paused' | 'device-paused' | 'offline' | 'no-client' | 'not-sendable' | 'device-refused'

export interface FlushProgress {
  accepted: number
  failed: number
  /** Items still queued or in flight. */
  remaining: number
}

export interface FlushSummary {
  /** Items that reached the gateway (accepted or later) during the flush. */
  accepted: number
  failed: number
  remaining: { queued: number; sending: number; scheduled: number }
  /** Devices whose items could not be sent, and why. */
  blocked: { deviceId: string; reason: BlockReason; detail: string | null }[]
  timedOut: boolean
}

export interface OutboxEvents {
  itemChanged: (item: OutboxItemView) => void
  /** Many items changed at once (bulk enqueue, retention): refetch. */
  bulkChanged: (count: number) => void
  countsChanged: (counts: OutboxCounts) => void
  /** The disk filled up (sending paused, retried by itself) or has room again. */
  diskFullChanged: (full: boolean) => void
  /** The gateway refused a device (logged out, token invalid, quota spent…): its queue waits (campaigns pause on it). */
  deviceRefused: (deviceId: string, code: string, message: string) => void
  /**
   * A send failed because the device's gateway is failing (5xx, no answer, unreachable): news about the device,
   * which its own checks may not hear soon (polling steps back while statuses come by push).
   */
  gatewayFailing: (deviceId: string, code: string) => void
  /**
   * The gateway's answer to a send said how much quota the device has left (its own figure, after that send);
   * `askedAt` is when the send was asked, which orders answers that come back out of order.
   */
  quotaReported: (deviceId: string, quota: Quota, askedAt: number) => void
  /** A wait over the whole device (a daily cap, the gateway's "slow down") began, changed or ended (device-waits.ts). */
  deviceWaitChanged: (deviceId: string) => void
}

/** The events that carry news about a device a send's answer brought. */
export type DeviceNews = 'deviceRefused' | 'quotaReported' | 'gatewayFailing' | 'deviceWaitChanged'

export type OutboxErrorCode =
  | 'not_found'
  | 'invalid_state'
  | 'invalid_input'
  | 'busy'
  | 'attachment'
  /** The item's producer will not send it again (a row of a cancelled campaign). */
  | 'producer_refused'
  /** A series' item past the series' end: its producer would only cancel it again at its turn. */
  | 'after_series_end'
  /** The item's device was removed from Sender Desk: nothing would send it again. */
  | 'device_removed'
  /** A failure a retry cannot mend (a file the gateway refuses by size or type): only another file helps. */
  | 'would_fail_again'
  /** The number is on the opt-out list: a retry would send what the customer asked not to get. */
  | 'opted_out'
  /** A bulk cancel named an item cancelled before it: nothing done, and not counted as cancelled by it. */
  | 'already_cancelled'
  /** A record kept on this computer cannot be read (a take-back's, its JSON damaged): the app's data, not the input. */
  | 'store_damaged'
  /** A delete of a message whose take-back (Delete for everyone, Cancel at the gateway) has not settled yet. */
  | 'taking_back'

/** A refused outbox call, with text meant for the operator (a key the window words in its language, or as is). */
export class OutboxError extends Error {
  readonly code: OutboxErrorCode
  readonly field?: string
  readonly text?: KeyedText
  constructor(code: OutboxErrorCode, message: string | KeyedText, field?: string, cause?: unknown) {
    super(englishText(message), cause === undefined ? undefined : { cause })
    this.name = 'OutboxError'
    this.code = code
    this.field = field
    if (typeof message !== 'string') this.text = message
  }
}

/** A message's text or a caption by the domain's one rule, refused with the field it came from. */
export function assertMessageText(text: string, field: string, required: boolean): void {
  if (messageTextProblem(text, { required }) !== null)
    throw new OutboxError(
      'invalid_input',
      { key: 'desktop.error.textLength', params: { max: MAX_TEXT_LENGTH } },
      field
    )
}

/**
 * A local time 'YYYY-MM-DDTHH:mm[:ss]' read by the domain's one rule, or refused in words the window translates (the
 * domain's own error is English and names the format, which is the form's business, not the operator's).
 */
export function assertLocalTime(localTime: string, field: string): ReturnType<typeof parseLocalTime> {
  try {
    return parseLocalTime(localTime)
  } catch {
    throw new OutboxError(
      'invalid_input',
      { key: 'desktop.error.noSuchTime', params: { time: localTime.replace('T', ' ') } },
      field
    )
  }
}

/**
 * What the outbox needs from a device's gateway: send a text or a file, query reports, keep gateway-side
 * schedules, and take messages back (revoke, cancel, resend; not cancel-all, which names no message). Not the whole
 * client, so the outbox cannot grow hidden dependencies and its fakes stay small.
 */
export type SendingPort = Pick<TakeBackPort, 'revokeMessages' | 'cancelMessages' | 'resendMessages'> &
  Pick<
    GatewayClient,
    | 'sendText'
    | 'sendLocalFile'
    | 'reportMessages'
    | 'reportRealtime'
    | 'createSchedule'
    | 'updateSchedule'
    | 'cancelSchedule'
    | 'deleteSchedule'
  >
