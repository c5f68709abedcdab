// Exactly-once: items in doubt (crash mid-request, timeout, reset, 5xx, garbled answer) are settled by ref_id before any resend.
import { afterEach, describe, expect, it } from 'vitest'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const one = async (recipient = 'a', text = 'x'): Promise<string> => {
  const { itemIds } = await fx.outbox.enqueue({
    deviceId: 'd1',
    recipients: [recipient],
    entries: [{ kind: 'text', text }]
  })
  return itemIds[0]!
}

describe('reconcile', () => {
  it('after a crash once the gateway had accepted: finds it by ref_id and records it, without resending', async () => {
    fx = makeFixture()
    fx.gateway.holdAnswers = true
    const id = await one()
    await fx.outbox.start()
    await fx.clock.advance(0)
    expect(fx.outbox.get(id).item.status).toBe('sending')
    fx.crash()
    fx.gateway.releaseHeld()

    fx.reopen()
    await fx.outbox.start()
    await fx.clock.advance(0)
    const { item, history } = fx.outbox.get(id)
    expect(item.status).toBe('accepted')
    expect(item.gatewayId).toBe(fx.gateway.accepted(id)[0]?.id)
    expect(fx.gateway.sends()).toHaveLength(1)
    expect(fx.gateway.calls.some((c) => c.op === 'reportMessages' && c.refId === id)).toBe(true)
    expect(history.at(-1)?.note).toMatch(/found in the gateway's report/)
  })

  it('after a crash before the gateway got it: keeps checking through the visibility window, then resends once', async () => {
    fx = makeFixture({ visibilityWindowMs: 60_000, reconcileIntervalMs: 10_000 })
    fx.gateway.holdSends = true
    const id = await one()
    await fx.outbox.start()
    await fx.clock.advance(0)
    fx.crash()
    fx.gateway.holdSends = false

    fx.reopen()
    await fx.outbox.start()
    await fx.clock.advance(59_000)
    // Checked repeatedly, never resent inside the window.
    expect(fx.gateway.calls.filter((c) => c.op === 'reportMessages').length).toBeGreaterThan(1)
    expect(fx.gateway.sends()).toHaveLength(1)
    expect(fx.outbox.get(id).item.status).toBe('sending')

    await fx.runUntil(() => fx.outbox.get(id).item.status === 'accepted', { stepMs: 1000 })
    expect(fx.gateway.accepted(id)).toHaveLength(1)
    expect(fx.gateway.sends()).toHaveLength(2)
    const notes = fx.outbox.get(id).history.map((h) => h.note ?? '')
    expect(notes.some((n) => /not in the gateway's report/.test(n))).toBe(true)
  })

  it.each(['timeout', 'bad_response', 'server_error'] as const)(
    'a %s after the gateway handled the request is settled from the report, not resent',
    async (code) => {
      fx = makeFixture()
      fx.gateway.fail({ op: 'send', code, afterHandling: true })
      const id = await one()
      await fx.outbox.start()
      await fx.runUntil(() => fx.outbox.get(id).item.status === 'accepted')
      expect(fx.gateway.accepted(id)).toHaveLength(1)
      expect(fx.gateway.sends()).toHaveLength(1)
    }
  )

  it('a connection reset (not a refusal) is treated as in doubt', async () => {
    fx = makeFixture()
    fx.gateway.fail({ op: 'send', code: 'network', causeCode: 'ECONNRESET', afterHandling: true })
    const id = await one()
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.get(id).item.status === 'accepted')
    expect(fx.gateway.sends()).toHaveLength(1)
  })

  it('a 5xx before the gateway handled it is resent once the window has passed', async () => {
    fx = makeFixture({ visibilityWindowMs: 30_000 })
    fx.gateway.fail({ op: 'send', code: 'server_error' })
    const id = await one()
    await fx.outbox.start()
    await fx.clock.advance(29_000)
    expect(fx.gateway.sends()).toHaveLength(1)
    await fx.runUntil(() => fx.outbox.get(id).item.status === 'accepted')
    expect(fx.gateway.sends()).toHaveLength(2)
    expect(fx.gateway.accepted(id)).toHaveLength(1)
  })

  it('an item in doubt holds back later items to the same recipient, not to others', async () => {
    fx = makeFixture({ visibilityWindowMs: 60_000 })
    fx.gateway.fail({ op: 'send', code: 'timeout' })
    const first = await one('a', 'first')
    const second = await one('a', 'second')
    const other = await one('b', 'other')
    await fx.outbox.start()
    await fx.clock.advance(10_000)
    expect(fx.outbox.get(first).item.status).toBe('sending')
    expect(fx.outbox.get(second).item.status).toBe('queued')
    expect(fx.outbox.get(other).item.status).toBe('accepted')
    await fx.runUntil(() => fx.outbox.get(second).item.status === 'accepted', { stepMs: 1000 })
    expect(fx.gateway.messages.filter((m) => m.phone === 'a').map((m) => m.text)).toEqual(['first', 'second'])
  })

  it('never resends while the reports cannot be read; checks again with backoff', async () => {
    fx = makeFixture({ visibilityWindowMs: 10_000 })
    fx.gateway.fail({ op: 'send', code: 'timeout' })
    fx.gateway.fail({ op: 'reportMessages', code: 'server_error', times: 6 })
    const id = await one()
    await fx.outbox.start()
    await fx.clock.advance(20_000)
    expect(fx.gateway.sends()).toHaveLength(1)
    expect(fx.outbox.get(id).item.status).toBe('sending')
    await fx.runUntil(() => fx.outbox.get(id).item.status === 'accepted', { stepMs: 5000 })
    expect(fx.gateway.calls.filter((c) => c.op === 'reportMessages').length).toBeGreaterThanOrEqual(7)
    expect(fx.gateway.accepted(id)).toHaveLength(1)
  })

  it('fails as unverified, instead of resending, when the gateway neither filters nor echoes ref_id', async () => {
    fx = makeFixture({ visibilityWindowMs: 10_000 })
    fx.gateway.reportsWithoutRefId = true
    fx.gateway.ignoreRefIdFilter = true
    await one('b', 'an earlier message, so the report is not empty')
    await fx.outbox.start()
    await fx.clock.advance(0)
    fx.gateway.fail({ op: 'send', code: 'timeout' })
    const id = await one()
    await fx.runUntil(() => fx.outbox.get(id).item.status === 'failed', { stepMs: 5000 })
    expect(fx.outbox.get(id).item.failure?.code).toBe('unverified')
    expect(fx.gateway.sends().filter((c) => c.refId === id)).toHaveLength(1)
  })

  it('filters reports itself when the gateway ignores the ref_id parameter', async () => {
    fx = makeFixture({ visibilityWindowMs: 10_000 })
    fx.gateway.ignoreRefIdFilter = true
    for (let i = 0; i < 15; i++) await one(`other${i}`)
    await fx.outbox.start()
    await fx.clock.advance(0)
    fx.gateway.fail({ op: 'send', code: 'timeout', afterHandling: true })
    fx.gateway.fail({ op: 'send', code: 'timeout' })
    const found = await one('a', 'taken')
    const absent = await one('b', 'lost')
    await fx.runUntil(() => [found, absent].every((id) => fx.outbox.get(id).item.status === 'accepted'), {
      stepMs: 1000
    })
    expect(fx.gateway.accepted(found)).toHaveLength(1)
    expect(fx.gateway.accepted(absent)).toHaveLength(1)
    expect(fx.gateway.sends().filter((c) => c.refId === found)).toHaveLength(1)
  })

  it("falls back to today's realtime report when report/message does not exist", async () => {
    fx = makeFixture()
    fx.gateway.reportMessagesMissing = true
    fx.gateway.fail({ op: 'send', code: 'timeout', afterHandling: true })
    const id = await one()
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.get(id).item.status === 'accepted')
    expect(fx.gateway.calls.some((c) => c.op === 'reportRealtime')).toBe(true)
    expect(fx.gateway.sends()).toHaveLength(1)
  })

  it('refuses to delete or cancel an item in doubt', async () => {
    fx = makeFixture()
    fx.gateway.fail({ op: 'send', code: 'timeout' })
    fx.gateway.fail({ op: 'reportMessages', code: 'server_error', times: 100 })
    const id = await one()
    await fx.outbox.start()
    await fx.clock.advance(0)
    expect(() => fx.outbox.delete(id)).toThrow(/being sent/)
    expect(() => fx.outbox.cancel(id)).toThrow(/being sent/)
  })
})
