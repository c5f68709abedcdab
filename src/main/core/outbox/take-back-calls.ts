// The pump's take-back step on one device: settle ops in doubt through the gateway's reports, then call the next
// batch (one action, at most 100 ids, marked `calling` durably first), paced with the device's sends and never
// alongside one, and record each message's answer.
import type { ReportItem, TakeBackOutcome, TakeBackResult } from '../gateway'
import type { TakeBackAction, TakeBackOpRecord } from '../store'
import { MAX_MESSAGE_IDS_PER_CALL } from '../../../shared/domain'
import { encodeNote } from '../../../shared/i18n/notes'
import type { OutboxContext } from './context'
import { classifySendError } from './send-errors'
import { mapReportStatus } from './status'
import { applyReportStatus, REALTIME_BATCH } from './tracker'
import { OutboxError, type SendingPort } from './types'
import type { TakeBackHeldBy } from '../../../shared/contract'

/** Report/message is one call per message: bound the calls one settling round makes. */
const OLDER_CHECKS_PER_ROUND = 25

const CALL: Record<TakeBackAction, 'revokeMessages' | 'cancelMessages' | 'resendMessages'> = {
  revoke: 'revokeMessages',
  cancel: 'cancelMessages',
  resend: 'resendMessages'
}

const REFUSED_NOTE = {
  revoke: 'desktop.note.revokeRefused',
  cancel: 'desktop.note.cancelRefused',
  resend: 'desktop.note.resendRefused'
} as const

/**
 * What holds this device's take-back calls now, or null: no connection, the device (refused by the gateway, not
 * sendable, no client), or the gateway's own wait (a 429's Retry-After, a backoff after failed calls). The operator's
 * pause holds sends, not their taking back: pausing is the first thing done after a wrong send.
 */
export function takeBackHold(
  ctx: OutboxContext,
  deviceId: string,
  now: number
): Exclude<TakeBackHeldBy['reason'], 'operator'> | null {
  const block = ctx.sendBlock(deviceId)
  if (block?.reason === 'offline') return 'offline'
  if (
    (block && block.reason !== 'paused' && block.reason !== 'device-paused') ||
    !ctx.reachableClient(deviceId)
  )
    return 'device'
  const runtime = ctx.device(deviceId)
  // A call the gateway did not answer (a 5xx, a timeout) holds too while its reports are read before it is asked
  // again: up to the visibility window, with nothing else to say why the op still waits.
  const unanswered = runtime.takeBackFailures > 0
  return unanswered || now < Math.max(runtime.retryAt, runtime.takeBackRetryAt) ? 'gateway' : null
}

/**
 * Start this device's take-back work if it may run now. Returns when to look again (pacing, a backoff, the next
 * check of an op in doubt), or null when only an event can unblock it.
 */
export function takeBackDevice(ctx: OutboxContext, deviceId: string): number | null {
  const runtime = ctx.device(deviceId)
  runtime.takeBackWaiting = false
  if (runtime.takingBack) return null
  // Asked on every turn of the pump, for every device: one look finds nothing to take back, as it almost always is.
  if (!ctx.takeBackStore.hasOpenOps(deviceId)) return null
  const now = ctx.now()
  // The gateway's own wait holds new calls only (below): the ops in doubt are settled through its reports meanwhile.
  const hold = takeBackHold(ctx, deviceId, now)
  const client = ctx.reachableClient(deviceId)
  if (hold === 'offline' || hold === 'device' || !client) return null
  const store = ctx.takeBackStore
  const doubtful = store.dueInDoubt(deviceId, now, REALTIME_BATCH)
  if (doubtful.length > 0) {
    runtime.takingBack = true
    ctx.run(async () => {
      try {
        await settleInDoubt(ctx, client, doubtful)
      } finally {
        runtime.takingBack = false
      }
    })
    return null
  }
  const nextCheck = store.nextCheckAt(deviceId)
  if (!store.hasWaiting(deviceId)) return nextCheck
  // Never alongside a send of this device: the send's end wakes the pump, which comes here first. Meanwhile no new
  // send starts, so a busy device (several sends in flight) cannot keep a take-back waiting for ever.
  if (runtime.sendsInFlight > 0) {
    runtime.takeBackWaiting = true
    return null
  }
  const gate = Math.max(
    runtime.retryAt,
    runtime.takeBackRetryAt,
    runtime.lastSendAt === null ? 0 : runtime.lastSendAt + ctx.options.pacingMs
  )
  if (now < gate) return nextCheck === null ? gate : Math.min(gate, nextCheck)
  // Written (durably) before the request, like a send's `sending`: a crash from here on leaves these ops `calling`,
  // which start() turns to `in_doubt` and the gateway's reports settle before any op is asked again.
  const batch = ctx.batch(() => {
    const picked = store.nextBatch(deviceId, MAX_MESSAGE_IDS_PER_CALL)
    if (picked.length > 0)
      store.setOps(
        picked.map((op) => op.seq),
        { state: 'calling', calledAt: now, checkAt: null }
      )
    return picked
  })
  if (batch.length === 0) return nextCheck
  runtime.takingBack = true
  runtime.lastSendAt = now
  ctx.run(async () => {
    try {
      await callBatch(ctx, client, batch)
    } finally {
      runtime.takingBack = false
    }
  })
  return null
}

async function callBatch(ctx: OutboxContext, client: SendingPort, batch: TakeBackOpRecord[]): Promise<void> {
  const first = batch[0]
  if (!first) return
  const runtime = ctx.device(first.deviceId)
  const seqs = batch.map((op) => op.seq)
  let result: TakeBackResult
  try {
    result = await client[CALL[first.action]](batch.map((op) => op.gatewayId))
  } catch (error) {
    const classified = classifySendError(error)
    const now = ctx.now()
    ctx.batch(() => {
      if (classified.action === 'reconcile') {
        // It may have reached the gateway: its reports decide, never a second call in the dark. Counted as a
        // failure, so the request says the gateway did not answer until a call is answered (takeBackHold).
        runtime.takeBackFailures++
        ctx.takeBackStore.setOps(seqs, { state: 'in_doubt', checkAt: now })
      } else if (classified.action === 'fail-item') {
        for (const op of batch) settleRefused(ctx, op, classified.gatewayMessage ?? classified.message)
      } else {
        // Surely not done (a 429, a refused device, no connection): the batch waits its turn again. As a send's
        // device waits: what the gateway's Retry-After asks, else the backoff (never the longer of the two: a run of
        // short 429s grew it to minutes the gateway never asked for).
        runtime.takeBackFailures++
        runtime.takeBackRetryAt = now + (classified.retryAfterMs ?? ctx.backoff(runtime.takeBackFailures))
        ctx.takeBackStore.setOps(seqs, { state: 'waiting', calledAt: null })
      }
      finishRequests(ctx, batch)
    }, true)
    return
  }
  runtime.takeBackFailures = 0
  const byGatewayId = new Map<string, TakeBackOutcome>(result.outcomes.map((o) => [o.id, o]))
  ctx.batch(() => {
    for (const op of batch) recordOutcome(ctx, op, byGatewayId.get(op.gatewayId))
    finishRequests(ctx, batch)
  }, true)
}

function recordOutcome(ctx: OutboxContext, op: TakeBackOpRecord, outcome: TakeBackOutcome | undefined): void {
  const store = ctx.takeBackStore
  if (outcome === undefined || outcome.result === 'unknown') {
    if (outcome?.reason === 'not_attempted') {
      store.setOps([op.seq], { state: 'waiting', calledAt: null })
      return
    }
    // Not listed, an unexpected status, or its call cut short: the reports settle it.
    store.setOps([op.seq], { state: 'in_doubt', checkAt: ctx.now() })
    return
  }
  if (outcome.result === 'refused') {
    settleRefused(ctx, op, outcome.gatewayMessage)
    return
  }
  settleDone(ctx, op)
}

/** The gateway did it: the op is done and the item takes its new status. */
function settleDone(ctx: OutboxContext, op: TakeBackOpRecord): void {
  const now = ctx.now()
  ctx.takeBackStore.settleOp(op.seq, 'done', null, now)
  if (op.action === 'revoke') {
    ctx.transition(
      op.itemId,
      ['accepted', 'sent', 'delivered', 'read'],
      'revoked',
      {},
      encodeNote('desktop.note.revokedAtGateway')
    )
  } else if (op.action === 'cancel') {
    ctx.transition(
      op.itemId,
      ['accepted', 'sent'],
      'cancelled_at_gateway',
      {},
      encodeNote('desktop.note.cancelledAtGateway')
    )
  } else {
    // Queued again at the gateway: tracked afresh, as when it was first accepted.
    ctx.transition(
      op.itemId,
      ['failed'],
      'accepted',
      {
        closedAt: null,
        acceptedAt: now,
        trackAttempts: 0,
        trackNextAt: now + ctx.options.trackingIntervalMs,
        failureCode: null,
        failureMessage: null,
        failureGatewayMessage: null
      },
      encodeNote('desktop.note.resentAtGateway')
    )
  }
}

/**
 * The gateway refused: its own words are kept on the op and told on the item's timeline. A cancel refused in a
 * take-back that deletes sent messages for everyone is followed by a revoke: the message most likely left between
 * the plan and the call (or while the outbox had not tracked it yet), and the revoke's own answer will say.
 */
function settleRefused(ctx: OutboxContext, op: TakeBackOpRecord, gatewayMessage: string | null): void {
  const store = ctx.takeBackStore
  store.settleOp(op.seq, 'refused', gatewayMessage, ctx.now())
  if (op.action === 'cancel' && store.revokesDelivered(op.requestId))
    store.addOp(op.requestId, { ...op, action: 'revoke' })
  ctx.patch(op.itemId, {}, undefined, encodeNote(REFUSED_NOTE[op.action], { message: gatewayMessage ?? '' }))
}

function finishRequests(ctx: OutboxContext, ops: readonly TakeBackOpRecord[]): void {
  for (const id of new Set(ops.map((op) => op.requestId))) ctx.takeBackStore.finishIfSettled(id, ctx.now())
}

/**
 * Ops whose call may or may not have reached the gateway, settled by what its reports say now: the action's status
 * means it was done; the message's earlier state, after the visibility window, means the call never took (it is
 * asked again, its first time at the gateway); anything else is explained and never asked again.
 */
async function settleInDoubt(
  ctx: OutboxContext,
  client: SendingPort,
  ops: readonly TakeBackOpRecord[]
): Promise<void> {
  const found = new Map<string, ReportItem>()
  const asked: TakeBackOpRecord[] = []
  try {
    const page = await client.reportRealtime({
      messageIds: ops.map((op) => op.gatewayId),
      limit: REALTIME_BATCH
    })
    for (const report of page.items) found.set(report.id, report)
    asked.push(...ops.filter((op) => found.has(op.gatewayId)))
    // Not in today's report (sent on an earlier day): report/message by our ref_id, a few per round.
    for (const op of ops.filter((o) => !found.has(o.gatewayId)).slice(0, OLDER_CHECKS_PER_ROUND)) {
      const older = await client.reportMessages({ refId: op.itemId })
      const report = older.items.find((r) => r.id === op.gatewayId || r.refId === op.itemId)
      if (report) found.set(op.gatewayId, report)
      asked.push(op)
    }
  } catch {
    const runtime = ctx.device(ops[0]?.deviceId ?? '')
    runtime.takeBackFailures++
    const at = ctx.now() + ctx.backoff(runtime.takeBackFailures)
    const unasked = ops.filter((op) => !asked.includes(op)).map((op) => op.seq)
    ctx.takeBackStore.setOps(unasked, { state: 'in_doubt', checkAt: at })
  }
  ctx.batch(() => {
    for (const op of asked) settleFromReport(ctx, op, found.get(op.gatewayId))
    finishRequests(ctx, asked)
  }, true)
}

function settleFromReport(ctx: OutboxContext, op: TakeBackOpRecord, report: ReportItem | undefined): void {
  const now = ctx.now()
  const store = ctx.takeBackStore
  const windowEnd = (op.calledAt ?? 0) + ctx.options.visibilityWindowMs
  const outcome = report ? mapReportStatus(report.status) : null
  if (outcome && store.hasItem(op.itemId)) {
    const doneBy =
      (op.action === 'revoke' && outcome.kind === 'taken_back' && outcome.status === 'revoked') ||
      (op.action === 'cancel' &&
        outcome.kind === 'taken_back' &&
        outcome.status === 'cancelled_at_gateway') ||
      (op.action === 'resend' && (outcome.kind === 'pending' || outcome.kind === 'progress'))
    if (doneBy) {
      // The call took after all: the gateway did answer it, only its answer was lost.
      ctx.device(op.deviceId).takeBackFailures = 0
      if (op.action === 'resend') settleDone(ctx, op)
      else {
        store.settleOp(op.seq, 'done', null, now)
        const record = ctx.store.getItem(op.itemId)
        if (record) applyReportStatus(ctx, record, report?.status ?? '')
      }
      return
    }
  }
  if (now < windowEnd) {
    // The gateway may not show it yet: asked again within the window, and once after it.
    store.setOps([op.seq], {
      state: 'in_doubt',
      checkAt: Math.min(windowEnd, now + ctx.options.reconcileIntervalMs)
    })
    return
  }
  const untouched =
    outcome !== null &&
    ((op.action === 'revoke' && outcome.kind === 'progress') ||
      (op.action === 'cancel' && outcome.kind === 'pending'))
  if (untouched) {
    // Past the window the gateway still shows it as before: the call never took, so asking is not asking twice.
    store.setOps([op.seq], { state: 'waiting', calledAt: null, checkAt: null })
    return
  }
  const why =
    outcome === null
      ? encodeNote('desktop.takeBack.notInReports')
      : op.action === 'resend'
        ? encodeNote('desktop.takeBack.resendInDoubt', { status: report?.status ?? '' })
        : encodeNote('desktop.takeBack.reportShows', { status: report?.status ?? '' })
  store.settleOp(op.seq, 'unknown', why, now)
}

/**
 * Refuse deleting a message whose take-back (Delete for everyone, Cancel at the gateway) has not settled: deleted
 * here, its call would still go to the gateway once its device can act, with no trace of it left in Sender Desk.
 */
export function assertNoOpenTakeBack(ctx: OutboxContext, itemId: string): void {
  if (ctx.takeBackStore.itemsWithOpenOps([itemId]).size > 0)
    throw new OutboxError('taking_back', { key: 'desktop.error.takingBack' }, 'id')
}
