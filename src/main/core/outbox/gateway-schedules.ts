// Keeps gateway schedules (text items the gateway fires itself, even while the PC is off) in sync: create, update, cancel, delete.
import type { ScheduleInput } from '../gateway'
import type { GatewayScheduleRecord, ItemRecord, ScheduleOp } from '../store'
import type { OutboxContext } from './context'
import { classifySendError } from './send-errors'
import { instantToLocal } from '../../../shared/domain'
import { OutboxError, type SendingPort } from './types'
import { encodeNote } from '../../../shared/i18n/notes'

const CALLS_PER_ROUND = 10

/** Calls that add or change sends wait while sending is paused; calls that remove them never wait. */
function allowedOps(ctx: OutboxContext, deviceId: string): ScheduleOp[] {
  const block = ctx.sendBlock(deviceId)
  if (!ctx.reachableClient(deviceId)) return []
  return block && block.reason !== 'device-refused'
    ? ['cancel', 'delete']
    : ['create', 'update', 'cancel', 'delete']
}

export function syncDevice(ctx: OutboxContext, deviceId: string): void {
  const runtime = ctx.device(deviceId)
  if (runtime.syncing) return
  const client = ctx.reachableClient(deviceId)
  if (!client) return
  const rows = ctx.store.dueScheduleSync(deviceId, ctx.now(), CALLS_PER_ROUND, allowedOps(ctx, deviceId))
  if (rows.length === 0) return
  runtime.syncing = true
  ctx.run(async () => {
    try {
      // Creates and updates in order; cancels and deletes a few at a time (removalsInLanes).
      const removals = rows.filter((row) => isRemoval(row.pendingOp))
      for (const row of rows) if (!isRemoval(row.pendingOp)) await syncRow(ctx, row, client)
      await removalsInLanes(ctx, removals, client, () => undefined)
    } finally {
      runtime.syncing = false
    }
  })
}

export function nextSyncWakeAt(ctx: OutboxContext, deviceId: string): number | null {
  if (ctx.device(deviceId).syncing) return null
  const at = ctx.store.nextScheduleSyncAt(deviceId, allowedOps(ctx, deviceId))
  return at === null ? null : Math.max(at, ctx.now() + 1)
}

/**
 * How many cancels or deletes of schedules a device owes the gateway now (its schedules cancelled or deleted here):
 * what settleScheduleRemovals is to call.
 */
export function owedScheduleRemovals(ctx: OutboxContext, deviceId: string): number {
  return owedRemovals(ctx, deviceId).length
}

const owedRemovals = (ctx: OutboxContext, deviceId: string): GatewayScheduleRecord[] =>
  ctx.store.dueScheduleSync(deviceId, Number.MAX_SAFE_INTEGER, 100_000, ['cancel', 'delete'])

/**
 * QA64 follow-up: a delete of a send of 200 the gateway keeps waited for 200 calls one after another. The gateway
 * publishes no rate ("respect rate limits"), so a small bound, and a 429 starts no new call (the rest stay owed).
 */
const REMOVALS_AT_ONCE = 3

const isRemoval = (op: ScheduleOp | null): boolean => op === 'cancel' || op === 'delete'

/**
 * `rows`' calls (cancels, deletes), REMOVALS_AT_ONCE at a time, `onCallEnded` told as each ends; once the gateway
 * asks to slow down (429), none is started (the rest stay owed, asked again after its wait).
 */
async function removalsInLanes(
  ctx: OutboxContext,
  rows: readonly GatewayScheduleRecord[],
  client: SendingPort,
  onCallEnded: () => void
): Promise<void> {
  const left = [...rows]
  let slowDownUntil: number | null = null
  const lane = async (): Promise<void> => {
    while (slowDownUntil === null) {
      const row = left.shift()
      if (row === undefined) return
      const answer = await syncRow(ctx, row, client)
      if (answer?.slowDownUntil !== undefined) slowDownUntil = answer.slowDownUntil
      onCallEnded()
    }
  }
  await Promise.all(Array.from({ length: REMOVALS_AT_ONCE }, lane))
  // Those not called wait as long as the one answered 429, so the next round does not call them meanwhile.
  const until: number | null = slowDownUntil
  if (until !== null)
    for (const row of left) ctx.store.patchSchedule(row.id, { nextSyncAt: until, updatedAt: ctx.now() })
}

/**
 * The calls owed to the gateway that cancel or delete the device's schedules, each made once now and awaited, however
 * long its backoff had still to run: a device being removed, before its token goes (QA63: cancelled here only, they
 * stayed at the gateway and went out on their day). A few at a time (removalsInLanes); `onOwed` is told how many are
 * still owed as they go, a round already under way included. Answers how many are still owed (refused, asked to wait,
 * or no client).
 */
export async function settleScheduleRemovals(
  ctx: OutboxContext,
  deviceId: string,
  onOwed: (owed: number) => void = () => undefined
): Promise<number> {
  const runtime = ctx.device(deviceId)
  const tell = (): void => onOwed(owedScheduleRemovals(ctx, deviceId))
  // A round already on its way ends first: no row is called twice at once.
  while (runtime.syncing) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    tell()
  }
  const client = ctx.reachableClient(deviceId)
  if (client) {
    runtime.syncing = true
    try {
      const rows = owedRemovals(ctx, deviceId)
      // The gateway asked to slow down (a 429 on one of them, its wait still running): none is started now.
      const now = ctx.now()
      const slowedDown = rows.some(
        (row) => row.lastError?.startsWith('rate_limited') === true && (row.nextSyncAt ?? 0) > now
      )
      if (!slowedDown) await removalsInLanes(ctx, rows, client, tell)
    } finally {
      runtime.syncing = false
    }
  }
  tell()
  return owedScheduleRemovals(ctx, deviceId)
}

// ------------------------------------------------------------------------ planning (inside API transactions)

/** A new gateway-mode item: owe the gateway a create. */
export function planCreate(ctx: OutboxContext, item: ItemRecord): void {
  ctx.store.insertSchedule({
    itemId: item.id,
    deviceId: item.deviceId,
    scheduleId: null,
    messageId: null,
    pendingOp: 'create',
    attempts: 0,
    nextSyncAt: ctx.now(),
    lastError: null,
    updatedAt: ctx.now()
  })
}

/** The item's text, recipient or time changed: update the gateway's copy (or create it with the new content). */
export function planUpdate(ctx: OutboxContext, itemId: string): void {
  const row = ctx.store.scheduleForItem(itemId)
  if (!row) return
  ctx.store.patchSchedule(row.id, {
    pendingOp: row.pendingOp === 'create' ? 'create' : 'update',
    attempts: 0,
    nextSyncAt: ctx.now(),
    updatedAt: ctx.now()
  })
}

/**
 * The item is cancelled, deleted or moved to a local schedule: cancel or delete the gateway's copy. A create that
 * never happened is simply dropped. 'delete' detaches the row from the item, which may be gone by the time the
 * call succeeds.
 */
export function planRemoval(ctx: OutboxContext, itemId: string, op: 'cancel' | 'delete'): void {
  const row = ctx.store.scheduleForItem(itemId)
  if (!row) return
  if (row.pendingOp === 'create') {
    ctx.store.deleteSchedule(row.id)
    return
  }
  if (row.pendingOp === null && row.scheduleId === null) {
    // Saved, but the gateway gave no id to address it by.
    ctx.store.patchSchedule(row.id, {
      lastError: 'the gateway gave no schedule id; remove it in the dashboard'
    })
    return
  }
  ctx.store.patchSchedule(row.id, {
    pendingOp: op,
    itemId: op === 'delete' ? null : itemId,
    attempts: 0,
    nextSyncAt: ctx.now(),
    updatedAt: ctx.now()
  })
}

/** Refuse operator changes while the item's schedule call is on the wire (its outcome decides what to do). */
export function assertNoScheduleCall(ctx: OutboxContext, itemId: string): void {
  if (ctx.scheduleCallsInFlight.has(itemId)) {
    throw new OutboxError(
      'busy',
      'This schedule is being saved at the gateway right now; try again in a moment.'
    )
  }
}

// ---------------------------------------------------------------------------------------------- calls

export function scheduleInput(item: ItemRecord): ScheduleInput {
  const timezone = item.timezone ?? 'UTC'
  // The resolved instant (after DST roll-forward) in the item's zone, so the gateway fires when we said it would.
  const { date, time } = instantToLocal(item.notBefore ?? 0, timezone)
  return { phone: item.recipient, message: item.text ?? '', date, time, timezone, isGroup: item.isGroup }
}

/** Makes the row's owed call; answers until when to wait when the gateway asked to slow down (429). */
async function syncRow(
  ctx: OutboxContext,
  row: GatewayScheduleRecord,
  client: SendingPort
): Promise<{ slowDownUntil: number } | void> {
  const item = row.itemId ? ctx.store.getItem(row.itemId) : undefined
  const op = row.pendingOp
  if (op === null) return
  if ((op === 'create' || op === 'update') && item?.status !== 'scheduled') {
    ctx.store.patchSchedule(row.id, { pendingOp: null, updatedAt: ctx.now() })
    return
  }
  const guard = row.itemId
  if (guard) ctx.scheduleCallsInFlight.add(guard)
  try {
    await callGateway(ctx, row, op, item, client)
  } catch (error) {
    const retryAt = onCallFailed(ctx, row, op, item, error)
    if (retryAt !== null && classifySendError(error).code === 'rate_limited')
      return { slowDownUntil: retryAt }
  } finally {
    if (guard) ctx.scheduleCallsInFlight.delete(guard)
  }
}

async function callGateway(
  ctx: OutboxContext,
  row: GatewayScheduleRecord,
  op: ScheduleOp,
  item: ItemRecord | undefined,
  client: SendingPort
): Promise<void> {
  const done = { pendingOp: null, attempts: 0, lastError: null, nextSyncAt: null }
  if (op === 'create' && item) {
    const result = await client.createSchedule(scheduleInput(item))
    const messageId = result.messages[0]?.id ?? null
    const scheduleId = result.scheduleId ?? messageId
    ctx.store.patchSchedule(row.id, { ...done, scheduleId, messageId, updatedAt: ctx.now() })
    ctx.patch(
      item.id,
      {},
      undefined,
      encodeNote('desktop.note.savedAtGateway', { schedule: scheduleId ?? '(no id)' })
    )
    return
  }
  if (op === 'update' && item) {
    const result = await client.updateSchedule(row.scheduleId ?? '', scheduleInput(item))
    ctx.store.patchSchedule(row.id, {
      ...done,
      messageId: result.messages[0]?.id ?? row.messageId,
      updatedAt: ctx.now()
    })
    ctx.patch(
      item.id,
      { failureCode: null, failureMessage: null, failureGatewayMessage: null },
      undefined,
      encodeNote('desktop.note.updatedAtGateway')
    )
    return
  }
  if (op === 'cancel') {
    await client.cancelSchedule(row.scheduleId ?? '')
    ctx.store.patchSchedule(row.id, { ...done, updatedAt: ctx.now() })
    if (item) ctx.patch(item.id, {}, undefined, encodeNote('desktop.note.cancelledAtGateway'))
    return
  }
  if (op === 'delete') {
    await client.deleteSchedule(row.scheduleId ?? '')
    ctx.store.deleteSchedule(row.id)
  }
}

function onCallFailed(
  ctx: OutboxContext,
  row: GatewayScheduleRecord,
  op: ScheduleOp,
  item: ItemRecord | undefined,
  error: unknown
): number | null {
  const failure = classifySendError(error)
  const now = ctx.now()
  // `described` stays in the schedule's record (logs, diagnostics); the item's failure and notes carry the reason
  // as an encoded note, worded in the operator's language.
  const described = `${failure.code}: ${failure.message}`
  const { reason } = failure
  /** Asked again later: when (answered by onCallFailed, so a 429 holds the device's other removals as long). */
  const retry = (): number => {
    const attempts = row.attempts + 1
    const delay = Math.max(ctx.backoff(attempts), failure.retryAfterMs ?? 0)
    ctx.store.patchSchedule(row.id, {
      attempts,
      nextSyncAt: now + delay,
      lastError: described,
      updatedAt: now
    })
    return now + delay
  }
  if (op === 'create') {
    if (failure.action === 'retry' || failure.action === 'pause-device') return retry()
    ctx.store.deleteSchedule(row.id)
    if (!item) return null
    if (failure.action === 'reconcile') {
      // The schedule API takes no ref_id and nothing lists schedules: an unanswered create cannot be checked,
      // and a blind retry could schedule the message twice. The operator decides.
      ctx.transition(
        item.id,
        ['scheduled'],
        'failed',
        {
          failureCode: 'schedule_unconfirmed',
          failureMessage: encodeNote('desktop.failure.scheduleUnconfirmed', { error: reason }),
          failureGatewayMessage: failure.gatewayMessage
        },
        reason
      )
      return null
    }
    ctx.transition(
      item.id,
      ['scheduled'],
      'failed',
      {
        failureCode: failure.code,
        failureMessage: reason,
        failureGatewayMessage: failure.gatewayMessage
      },
      reason
    )
    return null
  }
  // Update, cancel and delete address the schedule by id, so repeating them is harmless.
  if (failure.action !== 'fail-item') return retry()
  ctx.store.patchSchedule(row.id, { pendingOp: null, lastError: described, nextSyncAt: null, updatedAt: now })
  if (item) {
    ctx.patch(
      item.id,
      {
        failureCode: `gateway_${op}_failed`,
        failureMessage: encodeNote('desktop.failure.scheduleOpFailed', { op, error: reason }),
        failureGatewayMessage: failure.gatewayMessage
      },
      undefined,
      reason
    )
  }
  return null
}
