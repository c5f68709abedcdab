// The counting model's cases: counts per status and the buckets they must make, adding up to the total. Every
// layer that summarises the outbox runs this table (the domain, the window's summaries).
import type { OutboxStatusName } from './enums'
import type { BatchHeading, BucketCounts } from './status-buckets'

export interface StatusBucketCase {
  name: string
  byStatus: Partial<Record<OutboxStatusName, number>>
  /** Of the `cancelled` status, how many were cancelled because their number opted out (the core's `optedOut`). */
  optedOut?: number
  expected: BucketCounts
}

const none = {
  queued: 0,
  scheduled: 0,
  withGateway: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  cancelled: 0,
  optedOut: 0,
  revoked: 0,
  total: 0
}

export const STATUS_BUCKET_CASES: StatusBucketCase[] = [
  { name: 'an empty outbox', byStatus: {}, expected: none },
  {
    // Issue 29: "1 waiting · 6 sent · 0 failed · 207 in all" left out 200 cancelled and 1 scheduled.
    name: 'the summary that did not add up: cancelled and scheduled are counted',
    byStatus: { scheduled: 1, queued: 1, read: 6, cancelled: 200 },
    expected: { ...none, queued: 1, scheduled: 1, read: 6, cancelled: 200, total: 208 }
  },
  {
    // QA N7: the outbox's summary called a scheduled message "waiting" where the header said "scheduled".
    name: 'queued and being sent are queued, scheduled is scheduled (the header’s words)',
    byStatus: { scheduled: 3, queued: 4, sending: 5 },
    expected: { ...none, queued: 9, scheduled: 3, total: 12 }
  },
  {
    name: 'accepted is with the gateway, not yet sent',
    byStatus: { accepted: 2, sent: 1 },
    expected: { ...none, withGateway: 2, sent: 1, total: 3 }
  },
  {
    name: 'a read message is counted once, as read (not also as sent and delivered)',
    byStatus: { sent: 1, delivered: 2, read: 3 },
    expected: { ...none, sent: 1, delivered: 2, read: 3, total: 6 }
  },
  {
    name: 'taken back: a cancel at the gateway is a cancel, a message deleted for everyone its own bucket',
    byStatus: { cancelled: 2, cancelled_at_gateway: 3, revoked: 4, read: 1 },
    expected: { ...none, cancelled: 5, revoked: 4, read: 1, total: 10 }
  },
  {
    // Issue 29 point 2: the Outbox's "207 cancelled" counted five customers' STOP, whose campaign rows nobody
    // cancelled. Of the cancelled, those cancelled because their number opted out are a bucket of their own, as the
    // campaign's cards name them; the summary still adds up to its total.
    name: 'cancelled because the number opted out: its own bucket, taken out of cancelled',
    byStatus: { cancelled: 7, cancelled_at_gateway: 1, read: 2 },
    optedOut: 5,
    expected: { ...none, cancelled: 3, optedOut: 5, read: 2, total: 10 }
  },
  {
    name: 'every status at once',
    byStatus: {
      scheduled: 1,
      queued: 2,
      sending: 3,
      accepted: 4,
      sent: 5,
      delivered: 6,
      read: 7,
      failed: 8,
      cancelled: 9,
      cancelled_at_gateway: 10,
      revoked: 11
    },
    expected: {
      queued: 5,
      scheduled: 1,
      withGateway: 4,
      sent: 5,
      delivered: 6,
      read: 7,
      failed: 8,
      cancelled: 19,
      optedOut: 0,
      revoked: 11,
      total: 66
    }
  }
]

/**
 * A message the gateway took since the day began, as a device's daily count of sends sees it (countsAsSent): one
 * handed over to send now counts from the hand-over, one kept by the gateway's own schedule once reported sent.
 */
export interface DailySendCase {
  name: string
  status: OutboxStatusName
  /** Who keeps its schedule: the gateway's own, ours, or none (sent at once). */
  scheduleMode: 'gateway' | 'local' | null
  counted: boolean
}

export const DAILY_SEND_CASES: DailySendCase[] = [
  { name: 'handed over by us and not yet reported', status: 'accepted', scheduleMode: null, counted: true },
  { name: 'our schedule, handed over when due', status: 'accepted', scheduleMode: 'local', counted: true },
  { name: 'handed over and read since', status: 'read', scheduleMode: null, counted: true },
  {
    // QA: the device's count said 34 while 33 had gone; the 34th waited in the gateway's schedule.
    name: 'kept by the gateway’s own schedule, not yet reported sent',
    status: 'accepted',
    scheduleMode: 'gateway',
    counted: false
  },
  { name: 'kept by the gateway, reported sent', status: 'sent', scheduleMode: 'gateway', counted: true },
  { name: 'kept by the gateway, reported read', status: 'read', scheduleMode: 'gateway', counted: true },
  {
    name: 'kept by the gateway, deleted for everyone after it went',
    status: 'revoked',
    scheduleMode: 'gateway',
    counted: true
  },
  {
    name: 'kept by the gateway, cancelled there before it went',
    status: 'cancelled_at_gateway',
    scheduleMode: 'gateway',
    counted: false
  },
  {
    name: 'kept by the gateway, reported failed there',
    status: 'failed',
    scheduleMode: 'gateway',
    counted: false
  }
]

/**
 * A message the gateway took since the day began, as the Overview's "sent today" sees it: sent once the gateway
 * reports it went, wherever it stands since (QA14 Q14-04: 38 "sent today", not one of them on a customer's phone).
 * The rest is named elsewhere: with the gateway (not yet sent), failed today, cancelled today.
 */
export interface SentTodayCase {
  name: string
  status: OutboxStatusName
  /** Who keeps its schedule: the gateway's own, ours, or none (sent at once). */
  scheduleMode: 'gateway' | 'local' | null
  sentToday: boolean
}

export const SENT_TODAY_CASES: SentTodayCase[] = [
  {
    // QA14 Q14-04: the campaign card said "with the gateway, not yet sent" of 8 the Overview called sent.
    name: 'handed over and held by the gateway, not yet reported sent',
    status: 'accepted',
    scheduleMode: null,
    sentToday: false
  },
  {
    name: 'our schedule, handed over when due, not yet reported',
    status: 'accepted',
    scheduleMode: 'local',
    sentToday: false
  },
  { name: 'handed over and reported sent', status: 'sent', scheduleMode: null, sentToday: true },
  { name: 'handed over and read since', status: 'read', scheduleMode: null, sentToday: true },
  { name: 'handed over, delivered since', status: 'delivered', scheduleMode: 'local', sentToday: true },
  {
    name: 'kept by the gateway’s own schedule, not yet reported sent',
    status: 'accepted',
    scheduleMode: 'gateway',
    sentToday: false
  },
  { name: 'kept by the gateway, reported read', status: 'read', scheduleMode: 'gateway', sentToday: true },
  { name: 'deleted for everyone after it went', status: 'revoked', scheduleMode: null, sentToday: true },
  {
    // QA14 Q14-04: counted as sent and as cancelled today.
    name: 'cancelled at the gateway before it went (a take-back)',
    status: 'cancelled_at_gateway',
    scheduleMode: null,
    sentToday: false
  },
  {
    // QA14 Q14-04: a reply the gateway refused was counted as sent and as failed today.
    name: 'refused by the gateway after it took it',
    status: 'failed',
    scheduleMode: null,
    sentToday: false
  }
]

/**
 * The Overview's "sent today" in parts (sentTodayParts): where those still in this computer's outbox are now, and how
 * many were deleted from it since (the operator's Delete, or the retention sweep): still sent today and still counted,
 * but no list here can show them. The parts add up to the total the number says.
 */
export interface SentTodayPartsCase {
  name: string
  /** The ledger's count of today's sent, by their status now (or when they left). */
  sent: Partial<Record<OutboxStatusName, number>>
  /** Of them, those no longer in this computer's outbox, by their status when they left. */
  deleted: Partial<Record<OutboxStatusName, number>>
  expected: { here: Partial<BucketCounts>; deleted: number; total: number }
}

export const SENT_TODAY_PARTS_CASES: SentTodayPartsCase[] = [
  {
    name: 'nothing deleted: all of them are here',
    sent: { read: 6, revoked: 1 },
    deleted: {},
    expected: { here: { read: 6, revoked: 1, total: 7 }, deleted: 0, total: 7 }
  },
  {
    // QA sentdeleted: after deleting 2 of 12 the Overview said 12 and the list it opened held 10, with no word why.
    name: 'two of twelve deleted: ten here, two named as deleted, twelve in all',
    sent: { delivered: 8, read: 4 },
    deleted: { delivered: 2 },
    expected: { here: { delivered: 6, read: 4, total: 10 }, deleted: 2, total: 12 }
  },
  {
    name: 'all of them deleted',
    sent: { read: 3 },
    deleted: { read: 3 },
    expected: { here: { total: 0 }, deleted: 3, total: 3 }
  },
  {
    // Two reads a moment apart never say more were deleted than were sent.
    name: 'a deleted count above the sent counts no more than them',
    sent: { read: 1 },
    deleted: { read: 2, sent: 1 },
    expected: { here: { total: 0 }, deleted: 1, total: 1 }
  }
]

export interface ScheduleKeeperCase {
  name: string
  item: {
    status: OutboxStatusName
    scheduleMode: 'local' | 'gateway' | null
    savedAtGateway?: boolean | undefined
  }
  expected: 'here' | 'gateway' | 'notYetAtGateway' | null
}

/** Who keeps a scheduled message until its time (scheduleKeeper): what the window may call "kept by the gateway". */
export const SCHEDULE_KEEPER_CASES: ScheduleKeeperCase[] = [
  {
    name: 'a schedule this computer keeps',
    item: { status: 'scheduled', scheduleMode: 'local' },
    expected: 'here'
  },
  {
    name: 'a gateway schedule the gateway saved',
    item: { status: 'scheduled', scheduleMode: 'gateway', savedAtGateway: true },
    expected: 'gateway'
  },
  {
    // QA40 Q40-01: an expired device's gateway refused it, and the window said "1 kept by the gateway until …".
    name: 'a gateway schedule the gateway has not saved is not kept by it',
    item: { status: 'scheduled', scheduleMode: 'gateway', savedAtGateway: false },
    expected: 'notYetAtGateway'
  },
  {
    name: 'a gateway schedule nobody said was saved is not kept by it either',
    item: { status: 'scheduled', scheduleMode: 'gateway' },
    expected: 'notYetAtGateway'
  },
  {
    name: 'a message no longer scheduled has no keeper',
    item: { status: 'accepted', scheduleMode: 'gateway', savedAtGateway: true },
    expected: null
  }
]

export interface HeldByPauseCase {
  name: string
  item: { status: OutboxStatusName; waitKey: string | null }
  pauses: { sendingPaused: boolean; devicePaused: boolean }
  held: boolean
}

const NO_PAUSE = { sendingPaused: false, devicePaused: false }

/** Which items a pause holds (heldByPause): what the header's "(N paused)" counts and a row's "· paused" says. */
export const HELD_BY_PAUSE_CASES: HeldByPauseCase[] = [
  {
    name: 'a paused campaign’s queued row',
    item: { status: 'queued', waitKey: 'campaigns.wait.paused' },
    pauses: NO_PAUSE,
    held: true
  },
  {
    name: 'a queued row of a campaign part that paused itself when its device dropped',
    item: { status: 'queued', waitKey: 'campaigns.autoPause.wasState' },
    pauses: NO_PAUSE,
    held: true
  },
  {
    name: 'a queued row waiting out its campaign’s gap is not paused',
    item: { status: 'queued', waitKey: 'campaigns.wait.gap' },
    pauses: NO_PAUSE,
    held: false
  },
  {
    name: 'a queued row at a daily cap is not paused',
    item: { status: 'queued', waitKey: 'desktop.wait.deviceDailyCap' },
    pauses: NO_PAUSE,
    held: false
  },
  {
    name: 'any queued message while all sending is paused',
    item: { status: 'queued', waitKey: null },
    pauses: { sendingPaused: true, devicePaused: false },
    held: true
  },
  {
    name: 'a queued message on a paused device',
    item: { status: 'queued', waitKey: null },
    pauses: { sendingPaused: false, devicePaused: true },
    held: true
  },
  {
    name: 'a message being handed over is past the pause',
    item: { status: 'sending', waitKey: 'campaigns.wait.paused' },
    pauses: { sendingPaused: true, devicePaused: true },
    held: false
  },
  {
    name: 'a scheduled message waits for its time, not the pause',
    item: { status: 'scheduled', waitKey: null },
    pauses: { sendingPaused: true, devicePaused: false },
    held: false
  },
  {
    name: 'a queued message nothing pauses',
    item: { status: 'queued', waitKey: null },
    pauses: NO_PAUSE,
    held: false
  }
]

export interface ScheduledSplitCase {
  name: string
  /** The scheduled that go by themselves and the core's parts of them (see scheduledSplit). */
  figures: { scheduled: number; after: number | null; capHeld: number; optedOut: number }
  expected: { laterToday: number; capHeld: number; after: number | null; optedOut: number }
}

/**
 * The Overview's parts of the scheduled (scheduledSplit): they add up to the scheduled, each message in one of them.
 * The core counts a message whose number opted out in neither `after` nor `capHeld`.
 */
export const SCHEDULED_SPLIT_CASES: ScheduledSplitCase[] = [
  {
    // QA76: "3 waiting (1 due later today, 2 after today)", the one due later today to a number that opted out since.
    name: 'one to a number that opted out since it was written is not due later today: it will not be sent',
    figures: { scheduled: 3, after: 2, capHeld: 0, optedOut: 1 },
    expected: { laterToday: 0, capHeld: 0, after: 2, optedOut: 1 }
  },
  {
    name: 'none opted out: due later today, held by a daily cap, after today',
    figures: { scheduled: 5, after: 1, capHeld: 3, optedOut: 0 },
    expected: { laterToday: 1, capHeld: 3, after: 1, optedOut: 0 }
  },
  {
    name: 'every part at once',
    figures: { scheduled: 7, after: 2, capHeld: 1, optedOut: 3 },
    expected: { laterToday: 1, capHeld: 1, after: 2, optedOut: 3 }
  },
  {
    // Figures read a moment apart say no more than there are: the opted out first, then after today, then the cap.
    name: 'figures read a moment apart never make more parts than there are scheduled',
    figures: { scheduled: 2, after: 3, capHeld: 1, optedOut: 1 },
    expected: { laterToday: 0, capHeld: 0, after: 1, optedOut: 1 }
  },
  {
    name: 'when the core did not say which are due today, the rest are for later, the opted out still apart',
    figures: { scheduled: 3, after: null, capHeld: 0, optedOut: 1 },
    expected: { laterToday: 2, capHeld: 0, after: null, optedOut: 1 }
  },
  {
    name: 'nothing scheduled',
    figures: { scheduled: 0, after: 0, capHeld: 0, optedOut: 2 },
    expected: { laterToday: 0, capHeld: 0, after: 0, optedOut: 0 }
  }
]

export interface ToSendCase {
  name: string
  /**
   * The outbox's counts by status, and the core's figures of the scheduled held for the operator's decision and of
   * those (not held) that will not be sent.
   */
  byStatus: Partial<Record<OutboxStatusName, number>>
  heldOverdue: number
  scheduledOptedOut: number
  expected: { toSend: number; held: number; optedOut: number }
}

/**
 * The tray's "12 to send" (toSendSplit): what is still waiting (queued, being handed over, scheduled) but the scheduled
 * held for the operator's decision and those that will not be sent, their number opted out, named apart; the three add
 * up to what is waiting.
 */
export const TO_SEND_CASES: ToSendCase[] = [
  {
    // Since QA76 the Overview said "3 waiting (2 after today, 1 will not be sent: opted out)"; the tray "5 to send".
    name: 'a scheduled message whose number opted out since is not to send: it is named apart',
    byStatus: { queued: 1, sending: 1, scheduled: 3 },
    heldOverdue: 0,
    scheduledOptedOut: 1,
    expected: { toSend: 4, held: 0, optedOut: 1 }
  },
  {
    name: 'none opted out: every waiting message is to send',
    byStatus: { queued: 4, sending: 1, scheduled: 2, sent: 9, failed: 1 },
    heldOverdue: 0,
    scheduledOptedOut: 0,
    expected: { toSend: 7, held: 0, optedOut: 0 }
  },
  {
    name: 'all the scheduled opted out and nothing queued: nothing to send',
    byStatus: { scheduled: 2 },
    heldOverdue: 0,
    scheduledOptedOut: 2,
    expected: { toSend: 0, held: 0, optedOut: 2 }
  },
  {
    // Read a moment apart from the counts: never more than the scheduled bucket, so the parts still add up.
    name: 'a figure above the scheduled bucket says no more than there are scheduled',
    byStatus: { queued: 3, scheduled: 1 },
    heldOverdue: 0,
    scheduledOptedOut: 4,
    expected: { toSend: 3, held: 0, optedOut: 1 }
  },
  {
    // The Overview says "1 held for your decision": it never goes by itself, so it is not to send (nor what a pause
    // holds back); the tray counted it among those to send.
    name: 'a scheduled message held for the operator’s decision is not to send: it is named apart',
    byStatus: { queued: 2, sending: 1, scheduled: 4 },
    heldOverdue: 1,
    scheduledOptedOut: 1,
    expected: { toSend: 5, held: 1, optedOut: 1 }
  },
  {
    name: 'all the scheduled held and nothing queued: nothing to send',
    byStatus: { scheduled: 2, sent: 3 },
    heldOverdue: 2,
    scheduledOptedOut: 0,
    expected: { toSend: 0, held: 2, optedOut: 0 }
  },
  {
    // The core counts the opted out among the scheduled not held: read a moment apart, the parts still add up.
    name: 'figures above the scheduled bucket say no more than there are scheduled, the held first',
    byStatus: { queued: 1, scheduled: 2 },
    heldOverdue: 2,
    scheduledOptedOut: 1,
    expected: { toSend: 1, held: 2, optedOut: 0 }
  }
]

export interface BatchHeadingCase {
  name: string
  /** Where a send's messages stand now, by status (`optedOut`: of the cancelled, those whose number opted out). */
  byStatus: Partial<Record<OutboxStatusName, number>>
  optedOut?: number
  /** Of the scheduled, how many are held for the operator's decision (they wait for the operator, not their time). */
  held?: number
  /** Deleted from the outbox since (known by their ids only). */
  deleted?: number
  /** The send was scheduled. */
  scheduled?: boolean
  expected: BatchHeading
}

/**
 * The heading of a send's result card (batchHeading), from its messages' buckets: it follows every message until they
 * settle (issue 29 point 1), never "Just sent" over what is still waiting, what was taken back, or what never left.
 */
export const BATCH_HEADING_CASES: BatchHeadingCase[] = [
  { name: 'nothing looked up yet', byStatus: {}, expected: 'waiting' },
  { name: 'a scheduled send not looked up yet', byStatus: {}, scheduled: true, expected: 'scheduled' },
  { name: 'all of it deleted from the outbox since', byStatus: {}, deleted: 2, expected: 'deleted' },
  { name: 'all queued', byStatus: { queued: 2, sending: 1 }, expected: 'waiting' },
  {
    name: 'queued, one taken by the gateway, none sent yet',
    byStatus: { queued: 1, accepted: 1 },
    expected: 'waiting'
  },
  {
    // QA79 defect 5: "Waiting to be sent" over "3 queued · 1 delivered · 2 read".
    name: 'some queued, some already sent: sending',
    byStatus: { queued: 3, delivered: 1, read: 2 },
    expected: 'sending'
  },
  {
    name: 'one being handed over, one read: sending',
    byStatus: { sending: 1, read: 1 },
    expected: 'sending'
  },
  {
    name: 'a held overdue one and a read one: sending',
    byStatus: { scheduled: 1, read: 1 },
    held: 1,
    expected: 'sending'
  },
  { name: 'all with the gateway', byStatus: { accepted: 3 }, expected: 'withGateway' },
  {
    name: 'with the gateway, one cancelled there',
    byStatus: { accepted: 1, cancelled_at_gateway: 1 },
    expected: 'withGateway'
  },
  {
    name: 'some with the gateway, some sent: sending',
    byStatus: { accepted: 2, sent: 2 },
    expected: 'sending'
  },
  { name: 'all sent on', byStatus: { sent: 1, delivered: 1, read: 1 }, expected: 'sent' },
  { name: 'sent, one number opted out', byStatus: { read: 2, cancelled: 1 }, optedOut: 1, expected: 'sent' },
  { name: 'all failed', byStatus: { failed: 2 }, expected: 'failed' },
  { name: 'some failed', byStatus: { failed: 1, accepted: 1 }, expected: 'partlyFailed' },
  { name: 'some failed, some still queued', byStatus: { failed: 1, queued: 1 }, expected: 'partlyFailed' },
  {
    name: 'all cancelled, here or at the gateway',
    byStatus: { cancelled: 1, cancelled_at_gateway: 1 },
    expected: 'cancelled'
  },
  { name: 'all opted out', byStatus: { cancelled: 2 }, optedOut: 2, expected: 'cancelled' },
  { name: 'scheduled', byStatus: { scheduled: 2 }, scheduled: true, expected: 'scheduled' },
  {
    name: 'scheduled, one taken by the gateway',
    byStatus: { scheduled: 1, accepted: 1 },
    expected: 'scheduled'
  },
  { name: 'scheduled, one already sent: sending', byStatus: { scheduled: 1, read: 1 }, expected: 'sending' },
  { name: 'all deleted for everyone', byStatus: { revoked: 2 }, expected: 'revoked' },
  {
    // QA79 defect 2: "Just sent" over "2 cancelled · 1 deleted for everyone".
    name: 'all taken back: some cancelled before they left, some deleted for everyone',
    byStatus: { cancelled: 2, revoked: 1 },
    expected: 'takenBack'
  },
  {
    name: 'all taken back, one cancelled at the gateway',
    byStatus: { cancelled_at_gateway: 1, revoked: 1 },
    expected: 'takenBack'
  },
  {
    // QA79 defect 1: the one the gateway held went out and was read; the other was deleted for everyone.
    name: 'one read, one deleted for everyone: partly taken back',
    byStatus: { read: 1, revoked: 1 },
    expected: 'partlyTakenBack'
  },
  {
    name: 'one read, one cancelled before it left: partly sent',
    byStatus: { read: 1, cancelled: 1 },
    expected: 'partlySent'
  },
  {
    name: 'one read, one cancelled at the gateway: partly sent',
    byStatus: { read: 1, cancelled_at_gateway: 1 },
    expected: 'partlySent'
  },
  {
    name: 'read, cancelled and deleted for everyone: partly taken back',
    byStatus: { read: 1, cancelled: 1, revoked: 1 },
    expected: 'partlyTakenBack'
  }
]

export interface BatchSettledCase {
  name: string
  /** Where the send's messages looked up stand now, by status. */
  byStatus: Partial<Record<OutboxStatusName, number>>
  optedOut?: number
  /** Deleted from the outbox since (known by their ids only). */
  deleted?: number
  /** The send's messages, looked up or not. */
  expected: number
  settled: boolean
}

/**
 * Whether a send's messages have settled (batchSettled): its result card then promises no more progress (QA81: it did
 * under "Deleted for everyone"). A message sent or delivered may still be read; one not looked up yet may be anything.
 */
export const BATCH_SETTLED_CASES: BatchSettledCase[] = [
  { name: 'nothing looked up yet', byStatus: {}, expected: 2, settled: false },
  { name: 'one of two looked up, read', byStatus: { read: 1 }, expected: 2, settled: false },
  { name: 'queued', byStatus: { queued: 1, sending: 1 }, expected: 2, settled: false },
  { name: 'scheduled', byStatus: { scheduled: 2 }, expected: 2, settled: false },
  { name: 'with the gateway', byStatus: { accepted: 1, read: 1 }, expected: 2, settled: false },
  {
    name: 'sent and delivered: they may still be read',
    byStatus: { sent: 1, delivered: 1 },
    expected: 2,
    settled: false
  },
  { name: 'all read', byStatus: { read: 2 }, expected: 2, settled: true },
  { name: 'all deleted for everyone', byStatus: { revoked: 2 }, expected: 2, settled: true },
  {
    name: 'taken back: cancelled here, at the gateway, deleted for everyone',
    byStatus: { cancelled: 1, cancelled_at_gateway: 1, revoked: 1 },
    expected: 3,
    settled: true
  },
  {
    name: 'read, one opted out',
    byStatus: { read: 1, cancelled: 1 },
    optedOut: 1,
    expected: 2,
    settled: true
  },
  { name: 'failed', byStatus: { failed: 1, read: 1 }, expected: 2, settled: true },
  {
    name: 'one deleted from the outbox, the other read',
    byStatus: { read: 1 },
    deleted: 1,
    expected: 2,
    settled: true
  },
  { name: 'all deleted from the outbox', byStatus: {}, deleted: 2, expected: 2, settled: true },
  {
    name: 'one deleted from the outbox, the other delivered',
    byStatus: { delivered: 1 },
    deleted: 1,
    expected: 2,
    settled: false
  }
]
