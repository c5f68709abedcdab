// Follows accepted items to a final status by polling the gateway's reports (report-realtime for today, report/message before), with backoff.
import type { ReportItem, ReportMessageQuery } from '../gateway'
import type { ItemRecord, ItemStatus } from '../store'
import type { OutboxContext } from './context'
import { mapReportStatus, rank, trackableBelow } from './status'
import type { SendingPort } from './types'
import { countsAsSent, dayIn, GATEWAY_BLACKLISTED, GATEWAY_REJECTED } from '../../../shared/domain'
import { encodeNote } from '../../../shared/i18n/notes'

/** report-realtime takes at most this many ids per call. */
export const REALTIME_BATCH = 1000
/** report/message is one call per item: bound the calls one round may make on one device. */
const OLDER_PER_ROUND = 25
const APPLY_CHUNK = 200
/** The gap between two polls of an item grows to this fraction of its age: seconds while fresh, minutes later. */
const AGE_FRACTION = 0.1

/**
 * When to ask about an item again, from its age since acceptance: the interval while fresh (a sandbox message
 * goes sent → delivered → read within seconds), a tenth of its age later, never beyond the cap. The gateway's
 * limits hold because one report-realtime call per device covers up to 1000 items.
 */
export function trackingGapMs(
  ageMs: number,
  options: { trackingIntervalMs: number; trackingCapMs: number }
): number {
  const { trackingIntervalMs, trackingCapMs } = options
  return Math.min(trackingCapMs, Math.max(trackingIntervalMs, Math.round(Math.max(0, ageMs) * AGE_FRACTION)))
}

function acceptedAt(item: ItemRecord): number {
  return item.acceptedAt ?? item.updatedAt
}

/**
 * Apply a status the gateway reported for an item. Progress only moves forward (a late `sent` after `read` is
 * ignored); revoke and cancel become `revoked` and `cancelled_at_gateway`; reject/fail become `failed` with the
 * gateway's word for it. Returns the item as it now stands.
 */
export function applyReportStatus(
  ctx: OutboxContext,
  item: ItemRecord,
  raw: string,
  note: string | null = null
): ItemRecord {
  const after = applyReport(ctx, item, raw, note)
  countGatewayKeptSend(ctx, item, after)
  return after
}

/**
 * A message the gateway's own schedule held counts as one of the device's sends of the day when the gateway reports it
 * went (the dispatcher counts the others at their first `sending` mark): the device's "sent today" and the Overview's
 * then agree (QA: 34 against 33), and the number's daily budget sees every message it sent.
 */
function countGatewayKeptSend(ctx: OutboxContext, before: ItemRecord, after: ItemRecord): void {
  if (before.scheduleMode !== 'gateway' || after.status === before.status) return
  if (countsAsSent(before) || !countsAsSent(after)) return
  ctx.store.countSend(before.deviceId, ctx.now())
}

function applyReport(ctx: OutboxContext, item: ItemRecord, raw: string, note: string | null): ItemRecord {
  const outcome = mapReportStatus(raw, note)
  const now = ctx.now()
  if (outcome.kind === 'progress') {
    if (rank(outcome.status) <= rank(item.status)) return item
    const next =
      outcome.status === 'read'
        ? {}
        : { trackAttempts: 0, trackNextAt: now + trackingGapMs(now - acceptedAt(item), ctx.options) }
    return (
      ctx.transition(
        item.id,
        trackableBelow(outcome.status),
        outcome.status,
        next,
        encodeNote('desktop.note.gatewayReports', { status: raw })
      ) ?? item
    )
  }
  if (outcome.kind === 'taken_back') {
    // A revoke reaches messages already read; a cancel only those the gateway still held.
    const from: ItemStatus[] =
      outcome.status === 'revoked' ? ['accepted', 'sent', 'delivered', 'read'] : ['accepted', 'sent']
    return (
      ctx.transition(
        item.id,
        from,
        outcome.status,
        {},
        encodeNote('desktop.note.gatewayReports', { status: raw })
      ) ?? item
    )
  }
  if (outcome.kind === 'failed') {
    // The gateway's words may not name its blacklist (the sandbox's do not): a number Sender Desk put there is why.
    const code =
      outcome.code === GATEWAY_REJECTED && ctx.options.onOptOutList(item.recipient)
        ? GATEWAY_BLACKLISTED
        : outcome.code
    return (
      ctx.transition(
        item.id,
        ['accepted', 'sent'],
        'failed',
        {
          failureCode: code,
          failureMessage:
            code === GATEWAY_BLACKLISTED
              ? encodeNote('desktop.failure.gatewayBlacklisted')
              : encodeNote('desktop.failure.gatewayStatus', { status: outcome.gatewayStatus }),
          // The gateway's own words when it gave some (its note says why), else its status word.
          failureGatewayMessage: note?.trim() ? note.trim() : outcome.gatewayStatus
        },
        encodeNote('desktop.note.gatewayReports', { status: raw })
      ) ?? item
    )
  }
  return item
}

/** Start one polling round on this device if any tracked item is due. */
export function trackDevice(ctx: OutboxContext, deviceId: string): void {
  const runtime = ctx.device(deviceId)
  const now = ctx.now()
  if (runtime.tracking || now < runtime.trackingRetryAt) return
  const client = ctx.reachableClient(deviceId)
  if (!client) return
  const due = ctx.store.dueTracking(deviceId, now, REALTIME_BATCH)
  if (due.length === 0) return
  runtime.tracking = true
  ctx.run(async () => {
    try {
      await pollRound(ctx, deviceId, client, due)
    } finally {
      runtime.tracking = false
    }
  })
}

export function nextTrackingWakeAt(ctx: OutboxContext, deviceId: string): number | null {
  const runtime = ctx.device(deviceId)
  if (runtime.tracking || !ctx.reachableClient(deviceId)) return null
  const at = ctx.store.nextTrackingAt(deviceId)
  return at === null ? null : Math.max(at, runtime.trackingRetryAt)
}

async function pollRound(
  ctx: OutboxContext,
  deviceId: string,
  client: SendingPort,
  due: ItemRecord[]
): Promise<void> {
  const { trackingRetentionMs, gatewayTimeZone } = ctx.options
  const now = ctx.now()
  const today = dayIn(now, gatewayTimeZone)
  const live: ItemRecord[] = []
  ctx.batch(() => {
    for (const item of due) {
      if (now - acceptedAt(item) > trackingRetentionMs || item.gatewayId === null) {
        // Retention limit: keep the last known status, stop asking.
        ctx.patchQuietly(item.id, { trackNextAt: null, closedAt: now })
      } else live.push(item)
    }
  })
  const recent = live.filter((i) => dayIn(acceptedAt(i), gatewayTimeZone) === today)
  const recentIds = new Set(recent.map((i) => i.id))
  const older = live.filter((i) => !recentIds.has(i.id))
  const olderNow = older.slice(0, OLDER_PER_ROUND)
  // The rest of the older items come round again shortly instead of hammering report/message.
  ctx.batch(() => {
    for (const item of older.slice(OLDER_PER_ROUND))
      ctx.patchQuietly(item.id, { trackNextAt: now + trackingGapMs(now - acceptedAt(item), ctx.options) })
  })

  const found = new Map<string, ReportItem>()
  const polled: ItemRecord[] = []
  try {
    if (recent.length > 0) {
      for (const report of await realtimeReports(
        client,
        recent.map((i) => i.gatewayId ?? '')
      ))
        found.set(report.id, report)
      polled.push(...recent)
    }
    for (const item of olderNow) {
      const page = await client.reportMessages(olderReportQuery(item))
      const report = page.items.find((r) => r.refId === item.id || r.id === item.gatewayId)
      if (report) found.set(item.gatewayId ?? '', report)
      polled.push(item)
    }
    ctx.device(deviceId).trackingFailures = 0
  } catch {
    const runtime = ctx.device(deviceId)
    runtime.trackingFailures++
    const delay = ctx.backoff(runtime.trackingFailures)
    runtime.trackingRetryAt = now + delay
    const polledIds = new Set(polled.map((i) => i.id))
    const unpolled = live.filter((i) => !polledIds.has(i.id))
    ctx.batch(() => {
      for (const item of unpolled) ctx.patchQuietly(item.id, { trackNextAt: now + delay })
    })
  }

  // In chunks, each one transaction, with a turn of the event loop between them: a round may settle 1000 items.
  for (let i = 0; i < polled.length; i += APPLY_CHUNK) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve))
    ctx.batch(() => {
      for (const item of polled.slice(i, i + APPLY_CHUNK)) settle(ctx, item, found.get(item.gatewayId ?? ''))
    })
  }
}

/**
 * How report/message finds an item sent on an earlier day: by the ref_id it was sent with, but a gateway-kept schedule
 * carries none (the schedule API takes no ref_id, gateway-api.md §4.7), so it is asked by the message id its send
 * gave (`message_id`, §4.9) and the number (QA33 Q33-02: it stayed "Accepted by gateway" for good).
 */
function olderReportQuery(item: ItemRecord): ReportMessageQuery {
  if (item.scheduleMode !== 'gateway' || item.gatewayId === null) return { refId: item.id }
  return { messageId: item.gatewayId, ...(item.isGroup ? {} : { phone: item.recipient }) }
}

function settle(ctx: OutboxContext, item: ItemRecord, report: ReportItem | undefined): void {
  const current = ctx.store.getItem(item.id)
  if (!current || current.trackNextAt === null) return
  const after = report ? applyReportStatus(ctx, current, report.status, report.note) : current
  if (after.status !== current.status || after.trackNextAt === null) return
  // Nothing new: the older the item, the less often it is asked about.
  const now = ctx.now()
  const gap = trackingGapMs(now - acceptedAt(current), ctx.options)
  ctx.patchQuietly(item.id, { trackAttempts: current.trackAttempts + 1, trackNextAt: now + gap })
}

/** Statuses of today's messages by gateway id, ≤ 1000 ids per call, following extra pages the gateway announces. */
async function realtimeReports(client: SendingPort, ids: string[]): Promise<ReportItem[]> {
  const out: ReportItem[] = []
  for (let i = 0; i < ids.length; i += REALTIME_BATCH) {
    const messageIds = ids.slice(i, i + REALTIME_BATCH)
    let page = 1
    for (;;) {
      const result = await client.reportRealtime({ messageIds, limit: REALTIME_BATCH, page })
      out.push(...result.items)
      if (page >= result.totalPage || page >= 5 || result.items.length === 0) break
      page++
    }
  }
  return out
}
