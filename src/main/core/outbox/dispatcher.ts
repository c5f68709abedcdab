// Sends queued items per device: bounded concurrency, pacing, per-recipient order, retries with backoff, and the accepted record.
import type { SendResult } from '../gateway'
import { readAttachment, type ItemRecord } from '../store'
import type { OutboxContext } from './context'
import { classifySendError, isGatewayFailing, type ClassifiedSendError } from './send-errors'
import type { SendingPort } from './types'
import { applyReportStatus } from './tracker'
import { askPolicies, type PolicyVerdict } from './policies'
import { adoptStoredGatewayHold, holdForGateway, recordDeviceWait } from './device-waits'
import { carriesCaption } from '../../../shared/domain'
import { encodeNote } from '../../../shared/i18n/notes'

/**
 * Start as many sends on this device as its gates allow. Returns when it should be looked at again
 * (a pacing or Retry-After gate, the next retry time), or null when only an event can unblock it
 * (a send completing, the operator resuming, the app reporting the device back).
 */
export function fillDevice(ctx: OutboxContext, deviceId: string): number | null {
  const runtime = ctx.device(deviceId)
  // The gateway's 429 hold as recorded: perhaps met by this app before a restart, or by a terminal command.
  adoptStoredGatewayHold(ctx, deviceId)
  const { concurrency, pacingMs } = ctx.options
  for (;;) {
    if (runtime.sendsInFlight >= concurrency) return null
    // A take-back call of this device is in flight, or waits for the sends in flight: sends wait for it.
    if (runtime.takingBack || runtime.takeBackWaiting) return null
    const now = ctx.now()
    const block = ctx.sendBlock(deviceId)
    // A refused device gets one probe now and then, so a queue recovers even if nobody reports the device back.
    const probing = block?.reason === 'device-refused'
    if (block && !probing) return null
    if (probing && runtime.sendsInFlight > 0) return null
    const gate = Math.max(
      runtime.retryAt,
      runtime.lastSendAt === null ? 0 : runtime.lastSendAt + pacingMs,
      probing ? runtime.probeAt : 0,
      runtime.policyWait?.until ?? 0
    )
    if (now < gate) return ctx.store.hasQueued(deviceId) ? gate : null
    // A device-wide wait that has ended holds nothing: said so now, even if no row is due yet to ask the policies.
    if (runtime.policyWait && runtime.policyWait.until <= now) recordDeviceWait(ctx, deviceId, null)
    // One transaction: the outcomes of sends that just came back (deferred to share this commit), then the pick
    // and its `sending` mark. The request starts only after the commit.
    const pick = ctx.withDeferredOutcomes(() => pickNext(ctx, deviceId, now))
    if (pick === 'again') continue
    if (typeof pick === 'number' || pick === null) return pick
    const { item, client } = pick
    runtime.sendsInFlight++
    runtime.lastSendAt = now
    if (probing) runtime.probeAt = now + probeDelay(ctx, runtime.refusals + 1)
    ctx.run(async () => {
      try {
        await sendItem(ctx, item, client)
      } finally {
        runtime.sendsInFlight--
      }
    })
    if (probing) return null
  }
}

/**
 * The next item this device sends, marked `sending`; 'again' when the one looked at was not it (a policy holds or
 * cancelled it, someone else moved it); else when to look again (null: when an event says so).
 */
function pickNext(
  ctx: OutboxContext,
  deviceId: string,
  now: number
): { item: ItemRecord; client: SendingPort } | 'again' | number | null {
  const candidate = ctx.store.nextSendable(deviceId, now)
  if (!candidate) {
    const due = ctx.store.nextHeadDueAt(deviceId)
    return due === null ? null : Math.max(due, now + 1)
  }
  const verdict = askPolicies(ctx.policies, candidate, now)
  // A device-wide wait asked again and still holding is kept, not ended and begun again: only a change is news.
  if (!verdict || 'cancel' in verdict || verdict.wait.scope !== 'device')
    recordDeviceWait(ctx, deviceId, null)
  if (verdict) return applyVerdict(ctx, candidate, verdict, now)
  const client = ctx.reachableClient(deviceId)
  if (!client) return null
  // Written (durably) before the request: a crash from here on leaves the item in `sending`, which start()
  // reconciles through the report API instead of resending blindly.
  const attempt = candidate.attempts + 1
  const item = ctx.transition(
    candidate.id,
    ['queued'],
    'sending',
    {
      attempts: attempt,
      lastAttemptAt: now,
      nextAttemptAt: null,
      reconcileUntil: null,
      waitReason: null,
      // A produced item's retry window starts when its turn comes, not when its producer queued it (a campaign's
      // last row may wait days behind its pacing).
      ...(candidate.producerTag !== null && attempt === 1 ? { queuedAt: now } : {})
    },
    attempt === 1 ? null : encodeNote('desktop.note.attempt', { attempt })
  )
  // Counted with the mark, in its transaction: a device's daily cap sees every send once (a retry is the same send).
  if (item && attempt === 1) ctx.store.countSend(deviceId, now)
  return item ? { item, client } : 'again'
}

/** What a policy said, recorded by the kernel: the wait and its reason (durably, but for a device's), or the cancel. */
function applyVerdict(
  ctx: OutboxContext,
  item: ItemRecord,
  verdict: Exclude<PolicyVerdict, null>,
  now: number
): 'again' | number {
  if ('cancel' in verdict) {
    // The reason is why it was never sent: the item's failure (the outbox and a campaign's row say it) and its timeline.
    const { reason } = verdict.cancel
    ctx.transition(
      item.id,
      ['queued'],
      'cancelled',
      { held: false, waitReason: null, failureMessage: reason },
      reason
    )
    return 'again'
  }
  const { reason, scope } = verdict.wait
  const until = Math.max(verdict.wait.until, now + 1)
  if (scope === 'device') {
    recordDeviceWait(ctx, item.deviceId, { until, reason })
    return until
  }
  // The other items of the device go on meanwhile.
  if (scope === 'producer' && item.producerTag !== null)
    ctx.store.deferProducer(item.producerTag, item.deviceId, until, reason)
  else ctx.store.deferItem(item.id, until, reason)
  return 'again'
}

function probeDelay(ctx: OutboxContext, refusals: number): number {
  // Starts around 30 s and doubles to the backoff cap: cheap for a device that stays logged out for days.
  return Math.min(ctx.options.backoffCapMs, Math.max(30_000, ctx.backoff(refusals + 4)))
}

async function sendItem(ctx: OutboxContext, item: ItemRecord, client: SendingPort): Promise<void> {
  let bytes: Uint8Array | undefined
  if (item.kind !== 'text') {
    try {
      bytes = await readAttachment(ctx.dataDir, item.attachmentSha256 ?? '')
    } catch (error) {
      ctx.transition(
        item.id,
        ['sending'],
        'failed',
        {
          failureCode: 'attachment_missing',
          // The file by name only: the system's error (its path, its errno) goes to the log, not the reason.
          failureMessage: item.fileName
            ? encodeNote('desktop.failure.attachmentMissing', { file: item.fileName })
            : encodeNote('desktop.failure.attachmentMissingUnnamed'),
          failureGatewayMessage: null
        },
        encodeNote('desktop.note.attachmentMissing')
      )
      ctx.logger.warn(`outbox: the queued copy of item ${item.id}'s file could not be read`, error)
      return
    }
  }
  let result: SendResult
  const askedAt = ctx.now()
  try {
    const flags = { isGroup: item.isGroup, refId: item.id }
    result =
      item.kind === 'text'
        ? await client.sendText({ phone: item.recipient, message: item.text ?? '', ...flags })
        : await client.sendLocalFile({
            phone: item.recipient,
            kind: item.kind,
            file: {
              name: item.fileName ?? 'file',
              mime: item.fileMime ?? undefined,
              bytes: bytes ?? new Uint8Array()
            },
            // An audio item queued with a caption before the rule (QA32 Q32-01) goes without it: the gateway takes
            // none, its other files carried it, and failing it at every try would help no one.
            caption: carriesCaption(item.kind) ? (item.text ?? undefined) : undefined,
            maxFileBytes: ctx.fileLimitFor(item.deviceId),
            ...flags
          })
  } catch (error) {
    handleSendError(ctx, item, classifySendError(error))
    return
  }
  const runtime = ctx.device(item.deviceId)
  runtime.failures = 0
  runtime.refused = null
  runtime.refusals = 0
  // The gateway owns the quota and says what is left in its answer: the device's figure follows sends, not polls.
  if (result.quota !== null) ctx.deviceNews('quotaReported', item.deviceId, result.quota, askedAt)
  const message = result.messages.find((m) => m.phone === item.recipient) ?? result.messages[0]
  if (!message?.id) {
    handleSendError(ctx, item, {
      action: 'reconcile',
      code: 'bad_response',
      message: 'the gateway answered without a message id',
      reason: encodeNote('desktop.gateway.noMessageId'),
      gatewayMessage: result.message || null,
      retryAfterMs: null
    })
    return
  }
  // Written with the next item's `sending` mark (one commit for both), at the latest when this send's work ends.
  ctx.deferOutcome(() => acceptItem(ctx, item.id, message.id, message.status, null))
}

/** The gateway has the message: record its id and start tracking. Shared with the reconciler. */
export function acceptItem(
  ctx: OutboxContext,
  itemId: string,
  gatewayId: string,
  reportedStatus: string | null,
  note: string | null,
  /** When the gateway took it, if before now: a schedule it kept fired at its due time (QA13 Q13-05). */
  takenAt?: number
): ItemRecord | undefined {
  const now = ctx.now()
  const acceptedAt = Math.min(takenAt ?? now, now)
  const item = ctx.transition(
    itemId,
    ['sending', 'scheduled'],
    'accepted',
    {
      gatewayId,
      acceptedAt,
      trackNextAt: now + ctx.options.trackingIntervalMs,
      trackAttempts: 0,
      nextAttemptAt: null,
      reconcileUntil: null,
      failureCode: null,
      failureMessage: null,
      failureGatewayMessage: null
    },
    note ?? encodeNote('desktop.note.gatewayId', { id: gatewayId }),
    acceptedAt
  )
  return item && reportedStatus ? applyReportStatus(ctx, item, reportedStatus) : item
}

function handleSendError(ctx: OutboxContext, item: ItemRecord, error: ClassifiedSendError): void {
  const now = ctx.now()
  const runtime = ctx.device(item.deviceId)
  // The operator's reason (an encoded note), nested in each timeline note so it reads in their language.
  const described = error.reason
  if (isGatewayFailing(error)) ctx.deviceNews('gatewayFailing', item.deviceId, error.code)
  switch (error.action) {
    case 'retry': {
      runtime.failures++
      runtime.retryAt = Math.max(runtime.retryAt, now + (error.retryAfterMs ?? ctx.backoff(runtime.failures)))
      if (error.code === 'rate_limited') holdForGateway(ctx, item.deviceId, runtime.retryAt)
      const wanted = now + Math.max(ctx.backoff(item.attempts), error.retryAfterMs ?? 0)
      // A gateway's "wait" is backoff, never a verdict: if it reaches past the item's age limit, the last try
      // happens at the limit instead of failing the item now.
      const deadline = (item.queuedAt ?? item.createdAt) + ctx.options.maxAgeMs
      const at = error.retryAfterMs !== null && now < deadline ? Math.min(wanted, deadline) : wanted
      requeueOrExpire(ctx, item, at, error, described)
      return
    }
    case 'reconcile': {
      runtime.failures++
      runtime.retryAt = Math.max(runtime.retryAt, now + (error.retryAfterMs ?? ctx.backoff(runtime.failures)))
      ctx.patch(
        item.id,
        { reconcileUntil: now + ctx.options.visibilityWindowMs, nextAttemptAt: now },
        ['sending'],
        encodeNote('desktop.note.checkingReports', { error: described })
      )
      return
    }
    case 'fail-item':
      ctx.transition(
        item.id,
        ['sending'],
        'failed',
        {
          failureCode: error.code,
          failureMessage: error.reason,
          failureGatewayMessage: error.gatewayMessage
        },
        described
      )
      return
    case 'pause-device':
      runtime.refused = { code: error.code, message: error.message }
      runtime.refusals++
      runtime.probeAt = now + probeDelay(ctx, runtime.refusals)
      ctx.transition(
        item.id,
        ['sending'],
        'queued',
        { nextAttemptAt: null },
        encodeNote('desktop.note.deviceQueueWaits', { error: described })
      )
      ctx.deviceNews('deviceRefused', item.deviceId, error.code, error.gatewayMessage ?? error.message)
      return
  }
}

/** Back in line for another try at `at`, unless the item has been retried for longer than its age allows. */
export function requeueOrExpire(
  ctx: OutboxContext,
  item: ItemRecord,
  at: number,
  error: Pick<ClassifiedSendError, 'code' | 'reason' | 'gatewayMessage'>,
  note: string
): void {
  const since = item.queuedAt ?? item.createdAt
  if (at - since > ctx.options.maxAgeMs) {
    const hours = Math.round((ctx.options.maxAgeMs / 3_600_000) * 10) / 10
    ctx.transition(
      item.id,
      ['sending'],
      'failed',
      {
        failureCode: 'expired',
        failureMessage: encodeNote('desktop.failure.expired', {
          hours,
          code: error.code,
          error: error.reason
        }),
        failureGatewayMessage: error.gatewayMessage
      },
      encodeNote('desktop.note.retryWindowUsed', { error: note })
    )
    return
  }
  ctx.transition(
    item.id,
    ['sending'],
    'queued',
    { nextAttemptAt: at, reconcileUntil: null },
    encodeNote('desktop.note.retryIn', { error: note, seconds: Math.ceil((at - ctx.now()) / 1000) })
  )
}
