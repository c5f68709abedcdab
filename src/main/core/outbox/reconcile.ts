// Settles items in doubt (a crash mid-request, a timeout, a reset, a garbled answer) through the gateway's report API by ref_id, before any resend.
//
// The remaining ambiguity, honestly: an item is resent only after a successful report query, issued once the
// visibility window (options.visibilityWindowMs, counted from the moment the request was given up on) has passed,
// finds no message carrying the item's ref_id. A duplicate is still possible when
//   1. the gateway takes longer than the window to make an accepted message visible in its reports (a request stuck
//      in the gateway's own queue, a lagging report store, or a request it started processing before we gave up and
//      committed after our last check);
//   2. the gateway does not store or echo ref_id at all (then no check can find the message);
//   3. a 429 answer is a lie (we trust a 429 to mean "not processed" and retry it without a check);
//   4. the disk loses a committed write (power loss under a lying write cache), undoing the `sending` record.
// A message is never lost to this: when the reports cannot be read at all, the item stays in doubt and, past its
// age limit, fails as `unverified` for the operator to decide, instead of being resent.
import { isGatewayError } from '../gateway'
import type { ReportItem } from '../gateway'
import type { ItemRecord } from '../store'
import type { OutboxContext } from './context'
import type { SendingPort } from './types'
import { acceptItem, requeueOrExpire } from './dispatcher'
import { sendFailureReason } from './send-errors'
import { encodeNote } from '../../../shared/i18n/notes'

const CHECKS_PER_ROUND = 20
const MAX_REPORT_PAGES = 5

/** Thrown when the reports could be read but could not answer the question (the gateway ignored the filter). */
class InconclusiveReport extends Error {}

/** Start checking this device's items in doubt whose next check is due. */
export function reconcileDevice(ctx: OutboxContext, deviceId: string): void {
  const runtime = ctx.device(deviceId)
  const now = ctx.now()
  if (runtime.reconciling || now < runtime.reconcileRetryAt) return
  const client = ctx.reachableClient(deviceId)
  if (!client) return
  const due = ctx.store.dueReconcile(deviceId, now, CHECKS_PER_ROUND)
  if (due.length === 0) return
  runtime.reconciling = true
  ctx.run(async () => {
    try {
      for (const item of due) {
        if (!(await checkItem(ctx, item, client))) break
      }
    } finally {
      runtime.reconciling = false
    }
  })
}

export function nextReconcileWakeAt(ctx: OutboxContext, deviceId: string): number | null {
  const runtime = ctx.device(deviceId)
  if (runtime.reconciling || !ctx.reachableClient(deviceId)) return null
  const at = ctx.store.nextReconcileAt(deviceId)
  return at === null ? null : Math.max(at, runtime.reconcileRetryAt)
}

/** One check; false when the reports could not be read (stop this round, back off). */
async function checkItem(ctx: OutboxContext, item: ItemRecord, client: SendingPort): Promise<boolean> {
  // The time the query is issued: only a query issued after the window may justify a resend.
  const askedAt = ctx.now()
  const runtime = ctx.device(item.deviceId)
  let found: ReportItem | undefined
  try {
    found = await findByRefId(client, item.id)
  } catch (error) {
    runtime.reconcileFailures++
    const delay = ctx.backoff(runtime.reconcileFailures)
    const now = ctx.now()
    runtime.reconcileRetryAt = now + delay
    const unanswerable = error instanceof InconclusiveReport || (isGatewayError(error) && !error.transient)
    const since = item.queuedAt ?? item.createdAt
    const overAge = now - since > ctx.options.maxAgeMs + ctx.options.visibilityWindowMs
    const current = ctx.store.getItem(item.id)
    if (current?.status !== 'sending' || current.nextAttemptAt === null) return false
    if ((unanswerable && now >= (current.reconcileUntil ?? 0)) || overAge) {
      ctx.transition(
        item.id,
        ['sending'],
        'failed',
        {
          failureCode: 'unverified',
          failureMessage: encodeNote('desktop.failure.unverified', {
            error: isGatewayError(error)
              ? sendFailureReason(error)
              : error instanceof Error
                ? error.message
                : String(error)
          }),
          failureGatewayMessage: isGatewayError(error) ? (error.gatewayMessage ?? null) : null
        },
        encodeNote('desktop.note.unverified')
      )
    } else {
      ctx.patchQuietly(item.id, { nextAttemptAt: now + delay }, ['sending'])
    }
    return false
  }
  runtime.reconcileFailures = 0
  const current = ctx.store.getItem(item.id)
  // Changed meanwhile (or resent and now in flight): nothing to settle.
  if (current?.status !== 'sending' || current.nextAttemptAt === null) return true
  if (found) {
    // One transaction with what follows from it: a take-back that left it on its way asks its call in it.
    ctx.batch(() =>
      acceptItem(
        ctx,
        item.id,
        found.id,
        found.status,
        encodeNote('desktop.note.foundInReport', { id: found.id })
      )
    )
    return true
  }
  const windowEnd = current.reconcileUntil ?? 0
  if (askedAt < windowEnd) {
    ctx.patchQuietly(
      item.id,
      { nextAttemptAt: Math.min(windowEnd, ctx.now() + ctx.options.reconcileIntervalMs) },
      ['sending']
    )
    return true
  }
  const retryAt = Math.max(ctx.now(), (current.lastAttemptAt ?? 0) + ctx.backoff(current.attempts))
  requeueOrExpire(
    ctx,
    current,
    retryAt,
    { code: 'not_received', reason: encodeNote('desktop.gateway.notReceived'), gatewayMessage: null },
    encodeNote('desktop.note.notInReport')
  )
  return true
}

/**
 * The gateway's record of the message with this ref_id, or undefined when the reports show there is none.
 * Filters client-side too: a gateway that ignores the ref_id parameter returns other messages, which are paged
 * through (boundedly) rather than mistaken for "absent".
 */
async function findByRefId(client: SendingPort, refId: string): Promise<ReportItem | undefined> {
  try {
    return await scanPages((page) => client.reportMessages({ refId, page }), refId)
  } catch (error) {
    if (!isGatewayError(error) || error.code !== 'not_supported') throw error
  }
  // No report/message on this gateway: today's realtime report, if it carries ref_id, is the next best witness.
  return scanPages((page) => client.reportRealtime({ page, limit: 1000 }), refId)
}

async function scanPages(
  fetchPage: (page: number) => Promise<{ items: ReportItem[]; totalPage: number }>,
  refId: string
): Promise<ReportItem | undefined> {
  for (let page = 1; page <= MAX_REPORT_PAGES; page++) {
    const result = await fetchPage(page)
    const hit = result.items.find((r) => r.refId === refId)
    if (hit) return hit
    if (result.items.length === 0) return undefined
    if (result.items.every((r) => r.refId === null)) {
      throw new InconclusiveReport(
        'the report does not carry ref_id, so it cannot show whether the message arrived'
      )
    }
    if (page >= result.totalPage) return undefined
  }
  throw new InconclusiveReport(
    `no answer within ${MAX_REPORT_PAGES} report pages (the gateway ignores ref_id filters)`
  )
}
