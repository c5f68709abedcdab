// Local schedules: due times from a wall-clock time and IANA zone, and what happens when they come (or came while the app was off).
import type { ItemKind, ItemPatch, ItemRecord } from '../store'
import type { OutboxContext } from './context'
import { acceptItem } from './dispatcher'
import { isValidTimeZone, localTimeToInstant, scheduleTime } from '../../../shared/domain'
import { assertLocalTime, OutboxError, type ScheduleSpec } from './types'
import { encodeNote } from '../../../shared/i18n/notes'

export type ScheduleFields = Pick<
  ItemPatch,
  'notBefore' | 'scheduledLocal' | 'timezone' | 'scheduleMode' | 'overduePolicy'
>

/**
 * What a retry makes of an item: one whose schedule is still ahead is scheduled again for it, its history saying so
 * (QA70: "retried by the operator" for the window's "Schedule again"); any other is queued, retried.
 */
export function retryOutcome(item: ItemRecord, now: number): { scheduledAgain: boolean; note: string } {
  const scheduledAgain = item.scheduleMode !== null && item.notBefore !== null && item.notBefore > now
  return {
    scheduledAgain,
    note: encodeNote(
      scheduledAgain ? 'desktop.note.scheduledAgainByOperator' : 'desktop.note.retriedByOperator'
    )
  }
}

/**
 * A time gone by would go out at once, or sit at the gateway as a schedule it never fires: the operator picks another
 * (the reschedule form asks the same rule first).
 */
export function assertScheduleAhead(schedule: ScheduleSpec, now: number): void {
  if (scheduleTime(schedule.localTime, schedule.timezone, now).kind === 'passed')
    throw new OutboxError('invalid_input', { key: 'desktop.error.schedulePassed' }, 'schedule.localTime')
}

/** Validate a schedule and compute its due instant (DST rules in timezone.ts). */
export function resolveSchedule(spec: ScheduleSpec, kind: ItemKind): ScheduleFields & { notBefore: number } {
  if (!isValidTimeZone(spec.timezone)) {
    throw new OutboxError(
      'invalid_input',
      { key: 'desktop.error.unknownTimezone', params: { timezone: spec.timezone } },
      'schedule.timezone'
    )
  }
  assertLocalTime(spec.localTime, 'schedule.localTime')
  if (spec.mode === 'gateway' && kind !== 'text') {
    throw new OutboxError(
      'invalid_input',
      "The gateway's schedule API takes text messages only; schedule files locally.",
      'schedule.mode'
    )
  }
  return {
    notBefore: localTimeToInstant(spec.localTime, spec.timezone),
    scheduledLocal: spec.localTime,
    timezone: spec.timezone,
    scheduleMode: spec.mode,
    overduePolicy: spec.overduePolicy ?? 'send'
  }
}

/**
 * How late, as a note in the window's language (QA13 Q13-02: "terlambat 3 days"): the note's `delay` param is itself
 * an encoded note, worded with the language's plurals and decimal sign ("1.5 h", "1,5 jam").
 */
function describeDelay(ms: number): string {
  const minutes = Math.round(ms / 60_000)
  if (minutes < 120) return encodeNote('desktop.note.delay.minutes', { count: minutes })
  const hours = Math.round(minutes / 6) / 10
  return hours < 48
    ? encodeNote('desktop.note.delay.hours', { count: hours })
    : encodeNote('desktop.note.delay.days', { count: Math.round(hours / 24) })
}

/** One transaction per round; a larger backlog (a thousand items due at once) continues on the next turn. */
const PROMOTIONS_PER_ROUND = 100

/**
 * Move scheduled items whose time has come: local ones into the queue (or, when overdue past the grace period
 * with policy 'hold', hold them for the operator); gateway ones the gateway fires itself, so they become
 * `accepted` and are tracked, unless they never reached the gateway, in which case they are sent from here.
 * Returns whether more are due than one round handles.
 */
export function promoteDue(ctx: OutboxContext, now: number): boolean {
  // Items whose gateway schedule is being created right now wait for that call to settle (it wakes the pump).
  const due = ctx.store
    .dueScheduled(now, PROMOTIONS_PER_ROUND + ctx.scheduleCallsInFlight.size)
    .filter((item) => !ctx.scheduleCallsInFlight.has(item.id))
    .slice(0, PROMOTIONS_PER_ROUND)
  if (due.length === 0) return false
  ctx.batch(() => {
    for (const item of due) promoteOne(ctx, item, now)
  })
  return due.length === PROMOTIONS_PER_ROUND
}

function promoteOne(ctx: OutboxContext, item: ItemRecord, now: number): void {
  if (item.scheduleMode === 'gateway') {
    const row = ctx.store.scheduleForItem(item.id)
    if (row && row.pendingOp !== 'create') {
      // The gateway sends the copy it holds: a change made here that never reached it is said, not passed off as sent.
      const changeNeverTaken = row.pendingOp === 'update'
      if (changeNeverTaken) {
        ctx.store.patchSchedule(row.id, {
          pendingOp: null,
          lastError: 'due time passed before the update reached the gateway'
        })
      }
      acceptItem(
        ctx,
        item.id,
        row.messageId ?? row.scheduleId ?? item.id,
        null,
        encodeNote(
          changeNeverTaken ? 'desktop.note.dueAtGatewayChangeNotTaken' : 'desktop.note.dueAtGateway',
          {
            schedule: row.scheduleId ?? ''
          }
        ),
        // The gateway sent it at its time, the app closed or not: dated then, not when the app noticed.
        item.notBefore ?? now
      )
      return
    }
    // Never saved at the gateway (offline until now): drop the pending create and send it like a local one, saying so
    // (QA65: it turned into a plain queued message, and nothing said the gateway never had it).
    if (row) ctx.store.deleteSchedule(row.id)
  }
  const notAtGateway = item.scheduleMode === 'gateway'
  const late = now - (item.notBefore ?? now)
  const overdue = late > ctx.options.overdueGraceMs
  if (overdue && item.overduePolicy === 'hold') {
    ctx.patch(
      item.id,
      { held: true },
      ['scheduled'],
      encodeNote('desktop.note.overdueHeld', { delay: describeDelay(late) })
    )
    return
  }
  ctx.transition(
    item.id,
    ['scheduled'],
    'queued',
    { queuedAt: now, nextAttemptAt: null },
    overdue
      ? encodeNote(notAtGateway ? 'desktop.note.overdueNotAtGateway' : 'desktop.note.overdueSending', {
          delay: describeDelay(late)
        })
      : encodeNote(notAtGateway ? 'desktop.note.dueNotAtGateway' : 'desktop.note.due')
  )
}

/**
 * The next due time after the instant `promoteDue` read up to (a due item waiting on its gateway call is woken by
 * that call's end). Not "after now": on a loaded machine an item can come due between that read and this question,
 * and would then get no wake at all; its time, already passed, arms an immediate one.
 */
export function nextScheduledWakeAt(ctx: OutboxContext, readUpTo: number): number | null {
  return ctx.store.nextScheduledAt(readUpTo)
}
