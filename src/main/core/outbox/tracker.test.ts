// Delivery tracking with a FakeClock: realtime batches ≤ 1000, report/message for older items, forward-only statuses, backoff, retention.
import { afterEach, describe, expect, it } from 'vitest'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'
import { DEFAULT_OUTBOX_OPTIONS } from './kernel'
import { trackingGapMs } from './tracker'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const TRACK = { trackingIntervalMs: 10_000, trackingCapMs: 60_000 }

async function sendOne(text = 'x'): Promise<{ id: string; messageId: string }> {
  const { itemIds } = await fx.outbox.enqueue({
    deviceId: 'd1',
    recipients: ['6281'],
    entries: [{ kind: 'text', text }]
  })
  const id = itemIds[0]!
  await fx.clock.advance(0)
  return { id, messageId: fx.outbox.get(id).item.gatewayId! }
}

const realtimeCalls = () => fx.gateway.calls.filter((c) => c.op === 'reportRealtime')

describe('tracker', () => {
  it('follows an item to read, one transition per reported status, then stops polling', async () => {
    fx = makeFixture(TRACK)
    await fx.outbox.start()
    const { id, messageId } = await sendOne()
    fx.gateway.setStatus(messageId, 'sent')
    await fx.clock.advance(10_000)
    expect(fx.outbox.get(id).item.status).toBe('sent')
    fx.gateway.setStatus(messageId, 'read')
    await fx.clock.advance(10_000)
    const { item, history } = fx.outbox.get(id)
    expect(item.status).toBe('read')
    expect(history.map((h) => h.status)).toEqual(['queued', 'sending', 'accepted', 'sent', 'read'])
    const polls = realtimeCalls().length
    await fx.clock.advance(3_600_000)
    expect(realtimeCalls()).toHaveLength(polls)
  })

  it('never moves a status backwards (a late "sent" after "delivered" is ignored)', async () => {
    fx = makeFixture(TRACK)
    await fx.outbox.start()
    const { id, messageId } = await sendOne()
    fx.gateway.setStatus(messageId, 'delivered')
    await fx.clock.advance(10_000)
    expect(fx.outbox.get(id).item.status).toBe('delivered')
    fx.gateway.setStatus(messageId, 'sent')
    await fx.clock.advance(120_000)
    const { item, history } = fx.outbox.get(id)
    expect(item.status).toBe('delivered')
    expect(history.map((h) => h.status)).toEqual(['queued', 'sending', 'accepted', 'delivered'])
  })

  it('maps a reported "rejected" to failed (gateway_rejected) with the gateway word', async () => {
    fx = makeFixture(TRACK)
    await fx.outbox.start()
    const { id, messageId } = await sendOne()
    fx.gateway.setStatus(messageId, 'rejected')
    await fx.clock.advance(10_000)
    expect(fx.outbox.get(id).item).toMatchObject({
      status: 'failed',
      failure: { code: 'gateway_rejected', gatewayMessage: 'rejected' }
    })
  })

  it.each([
    ['cancel', 'cancelled_at_gateway'],
    ['revoke', 'revoked']
  ])('maps a reported "%s" to %s, final: tracking stops', async (status, expected) => {
    fx = makeFixture(TRACK)
    await fx.outbox.start()
    const { id, messageId } = await sendOne()
    fx.gateway.setStatus(messageId, 'sent')
    await fx.clock.advance(10_000)
    fx.gateway.setStatus(messageId, status)
    await fx.clock.advance(10_000)
    const polls = realtimeCalls().length
    await fx.clock.advance(3_600_000)
    expect(fx.outbox.get(id).item).toMatchObject({ status: expected, failure: null })
    expect(realtimeCalls()).toHaveLength(polls)
  })

  it('a revoke reaches a message already read', async () => {
    fx = makeFixture(TRACK)
    await fx.outbox.start()
    const { id, messageId } = await sendOne()
    fx.gateway.setStatus(messageId, 'read')
    await fx.clock.advance(10_000)
    expect(fx.outbox.applyGatewayStatus(messageId, 'revoke')).toBe(true)
    expect(fx.outbox.get(id).item.status).toBe('revoked')
  })

  it('asks report-realtime for at most 1000 ids per call', async () => {
    fx = makeFixture(TRACK)
    const recipients = Array.from({ length: 1200 }, (_, i) => `62812${String(i).padStart(6, '0')}`)
    await fx.outbox.enqueue({ deviceId: 'd1', recipients, entries: [{ kind: 'text', text: 'hi' }] })
    await fx.outbox.start()
    await fx.clock.advance(0)
    expect(fx.outbox.counts().accepted).toBe(1200)
    await fx.clock.advance(10_000)
    await fx.clock.advance(10_000)
    const sizes = realtimeCalls().map((c) => c.ids ?? 0)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1000)
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1200)
    // 1,200 real sends with two durable commits each: ~5 s on a quiet 2-core machine, 20+ s when it is loaded.
  }, 60_000)

  it("uses report/message by ref_id for items accepted before the gateway's current day", async () => {
    fx = makeFixture(TRACK)
    await fx.outbox.start()
    const { id, messageId } = await sendOne()
    // Past midnight in Jakarta (the clock starts at 10:00 there), and nothing reported yet.
    fx.gateway.setStatus(messageId, 'pending')
    await fx.clock.advance(15 * 3_600_000)
    fx.gateway.setStatus(messageId, 'read')
    const before = fx.gateway.calls.filter((c) => c.op === 'reportMessages' && c.refId === id).length
    await fx.clock.advance(60_000)
    expect(
      fx.gateway.calls.filter((c) => c.op === 'reportMessages' && c.refId === id).length
    ).toBeGreaterThan(before)
    expect(fx.outbox.get(id).item.status).toBe('read')
  })

  it('polls less often while nothing changes, and backs off when the reports fail', async () => {
    fx = makeFixture(TRACK)
    await fx.outbox.start()
    await sendOne()
    await fx.clock.advance(600_000)
    const quiet = realtimeCalls().map((c) => c.at)
    const gaps = quiet.slice(1).map((at, i) => at - quiet[i]!)
    expect(gaps[0]!).toBeLessThan(gaps.at(-1)!)
    expect(Math.max(...gaps)).toBeLessThanOrEqual(60_000)

    fx.gateway.fail({ op: 'reportRealtime', code: 'server_error', times: 1000 })
    const start = realtimeCalls().length
    await fx.clock.advance(600_000)
    // Backed off (1 s, 2 s, 4 s … capped at 15 min by default): far fewer calls than one per second.
    expect(realtimeCalls().length - start).toBeLessThan(15)
  })

  it('stops tracking at the retention limit, keeping the last known status', async () => {
    fx = makeFixture({ ...TRACK, trackingRetentionMs: 3_600_000 })
    await fx.outbox.start()
    const { id, messageId } = await sendOne()
    fx.gateway.setStatus(messageId, 'delivered')
    await fx.clock.advance(2 * 3_600_000)
    const polls = realtimeCalls().length
    await fx.clock.advance(5 * 3_600_000)
    expect(realtimeCalls()).toHaveLength(polls)
    expect(fx.outbox.get(id).item.status).toBe('delivered')
  })

  it('with the default options, shows a fresh message going sent → delivered → read within seconds', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const { id, messageId } = await sendOne()
    // The sandbox's pace: sent after ~3 s, delivered after ~6 s, read after ~10 s.
    await fx.clock.advance(3_000)
    fx.gateway.setStatus(messageId, 'sent')
    await fx.clock.advance(3_500)
    fx.gateway.setStatus(messageId, 'delivered')
    await fx.clock.advance(3_500)
    fx.gateway.setStatus(messageId, 'read')
    await fx.clock.advance(4_000)
    expect(fx.outbox.get(id).history.map((h) => h.status)).toEqual([
      'queued',
      'sending',
      'accepted',
      'sent',
      'delivered',
      'read'
    ])
  })
})

describe('trackingGapMs', () => {
  it('asks every few seconds while an item is fresh, every minute or so after ten minutes, at most the cap later', () => {
    expect(trackingGapMs(0, DEFAULT_OUTBOX_OPTIONS)).toBe(3_000)
    expect(trackingGapMs(20_000, DEFAULT_OUTBOX_OPTIONS)).toBe(3_000)
    expect(trackingGapMs(10 * 60_000, DEFAULT_OUTBOX_OPTIONS)).toBe(60_000)
    expect(trackingGapMs(2 * 3_600_000, DEFAULT_OUTBOX_OPTIONS)).toBe(12 * 60_000)
    expect(trackingGapMs(3 * 24 * 3_600_000, DEFAULT_OUTBOX_OPTIONS)).toBe(30 * 60_000)
  })
})

describe('statuses the gateway pushes (its tracking webhook, through the inbox relay)', () => {
  it('move an item forward at once by the id the gateway gave it, never backwards, without a poll', async () => {
    fx = makeFixture({ tracking: false })
    await fx.outbox.start()
    const { id, messageId } = await sendOne()
    expect(fx.outbox.applyGatewayStatus(messageId, 'delivered')).toBe(true)
    expect(fx.outbox.get(id).item.status).toBe('delivered')
    // A late "sent" after "delivered" changes nothing; "read" moves on.
    fx.outbox.applyGatewayStatus(messageId, 'sent')
    expect(fx.outbox.get(id).item.status).toBe('delivered')
    fx.outbox.applyGatewayStatus(messageId, 'read')
    expect(fx.outbox.get(id).item.status).toBe('read')
    expect(realtimeCalls()).toHaveLength(0)
    // A message this app never sent is not ours to change.
    expect(fx.outbox.applyGatewayStatus('someone-elses-message', 'read')).toBe(false)
  })
})

describe('a refusal for a number on the gateway blacklist (QA14 Q14-01)', () => {
  it('is recorded as the blacklist, with the gateway note, and is not retried (report poll)', async () => {
    fx = makeFixture(TRACK)
    await fx.outbox.start()
    const { id, messageId } = await sendOne()
    fx.gateway.setStatus(messageId, 'reject', 'number is on the blacklist')
    await fx.clock.advance(10_000)
    const { item } = fx.outbox.get(id)
    expect(item.status).toBe('failed')
    expect(item.failure).toMatchObject({
      code: 'gateway_blacklisted',
      messageKey: 'desktop.failure.gatewayBlacklisted',
      gatewayMessage: 'number is on the blacklist'
    })
    expect(() => fx.outbox.retry(id)).toThrow()
  })

  it('is recorded the same way when the tracking webhook brings it', async () => {
    fx = makeFixture({ tracking: false })
    await fx.outbox.start()
    const { id, messageId } = await sendOne()
    expect(fx.outbox.applyGatewayStatus(messageId, 'rejected', 'number is on the blacklist')).toBe(true)
    expect(fx.outbox.get(id).item.failure?.code).toBe('gateway_blacklisted')
    // Another refusal stays the gateway's plain rejection, which a retry may mend.
    const other = await sendOne('y')
    fx.outbox.applyGatewayStatus(other.messageId, 'rejected', 'phone not registered')
    expect(fx.outbox.get(other.id).item.failure?.code).toBe('gateway_rejected')
  })

  it('is read as the blacklist when the number is on the opt-out list, though the gateway named none (the sandbox)', async () => {
    const optedOut = new Set<string>()
    fx = makeFixture({ tracking: false, onOptOutList: (phone) => optedOut.has(phone) })
    await fx.outbox.start()
    const before = await sendOne()
    fx.outbox.applyGatewayStatus(before.messageId, 'rejected', null)
    expect(fx.outbox.get(before.id).item.failure?.code).toBe('gateway_rejected')
    // The customer wrote STOP after it was queued: the gateway's blacklist refuses it, and a Retry would be refused too.
    optedOut.add('6281')
    const after = await sendOne('y')
    fx.outbox.applyGatewayStatus(after.messageId, 'rejected', null)
    expect(fx.outbox.get(after.id).item.failure).toMatchObject({
      code: 'gateway_blacklisted',
      messageKey: 'desktop.failure.gatewayBlacklisted',
      gatewayMessage: 'rejected'
    })
    // The gateway's failure of its own is not the blacklist's.
    const failed = await sendOne('z')
    fx.outbox.applyGatewayStatus(failed.messageId, 'failed', null)
    expect(fx.outbox.get(failed.id).item.failure?.code).toBe('gateway_failed')
  })
})
