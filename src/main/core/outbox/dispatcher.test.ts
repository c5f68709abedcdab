// Dispatcher rules against the fake gateway with a FakeClock: order, concurrency, pacing, gates, retries, failures.
import { afterEach, describe, expect, it } from 'vitest'
import { coreText } from '../../../shared/i18n/notes'
import { newTextItem } from '../store/testing/new-item'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const texts = (...values: string[]) => values.map((text) => ({ kind: 'text' as const, text }))

describe('dispatcher', () => {
  it('sends every item once, in order per recipient, and records the gateway id', async () => {
    fx = makeFixture()
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281', '6282'],
      entries: texts('one', 'two', 'three')
    })
    expect(itemIds).toHaveLength(6)
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.counts().accepted === 6)

    const byRecipient = (phone: string) =>
      fx.gateway.messages.filter((m) => m.phone === phone).map((m) => m.text)
    expect(byRecipient('6281')).toEqual(['one', 'two', 'three'])
    expect(byRecipient('6282')).toEqual(['one', 'two', 'three'])
    for (const id of itemIds) {
      const { item, history } = fx.outbox.get(id)
      const [message] = fx.gateway.accepted(id)
      expect(fx.gateway.accepted(id)).toHaveLength(1)
      expect(item.status).toBe('accepted')
      expect(item.gatewayId).toBe(message?.id)
      expect(history.map((h) => h.status)).toEqual(['queued', 'sending', 'accepted'])
    }
  })

  it('keeps at most `concurrency` sends in flight per device and spaces their starts by the pacing interval', async () => {
    fx = makeFixture({ concurrency: 2, pacingMs: 5000 })
    fx.gateway.holdSends = true
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b', 'c', 'd'], entries: texts('hi') })
    await fx.outbox.start()
    await fx.clock.advance(60_000)
    // Two in flight (held by the gateway); the third must wait for one to finish.
    expect(fx.gateway.sends()).toHaveLength(2)
    fx.gateway.holdSends = false
    fx.gateway.releaseHeld()
    await fx.runUntil(() => fx.outbox.counts().accepted === 4)
    const starts = fx.gateway.sends().map((c) => c.at)
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(5000)
  })

  it('never sends a later item to a recipient while an earlier one is waiting to retry', async () => {
    fx = makeFixture()
    fx.gateway.fail({ op: 'send', code: 'network', causeCode: 'ECONNREFUSED' })
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a'],
      entries: texts('first', 'second')
    })
    await fx.outbox.start()
    await fx.clock.advance(0)
    expect(fx.outbox.get(itemIds[0]!).item.status).toBe('queued')
    expect(fx.gateway.messages).toHaveLength(0)
    await fx.runUntil(() => fx.outbox.counts().accepted === 2)
    expect(fx.gateway.messages.map((m) => m.text)).toEqual(['first', 'second'])
  })

  it('waits while paused (globally or per device), offline, not sendable or without a client, and resumes by itself', async () => {
    let clientless = true
    fx = makeFixture({}, (gateway) => (id) => (id === 'd3' && clientless ? undefined : gateway.clientFor(id)))
    for (const deviceId of ['d1', 'd2', 'd3']) {
      await fx.outbox.enqueue({ deviceId, recipients: ['a'], entries: texts(`from ${deviceId}`) })
    }
    fx.outbox.setPaused(true)
    await fx.outbox.start()
    await fx.clock.advance(10_000)
    expect(fx.gateway.sends()).toHaveLength(0)

    fx.outbox.setPaused(true, 'd1')
    fx.outbox.setDeviceSendable('d2', false)
    fx.outbox.setPaused(false)
    await fx.clock.advance(10_000)
    expect(fx.gateway.sends()).toHaveLength(0)

    fx.outbox.setNetworkOnline(false)
    fx.outbox.setPaused(false, 'd1')
    fx.outbox.setDeviceSendable('d2', true)
    await fx.clock.advance(10_000)
    expect(fx.gateway.sends()).toHaveLength(0)

    fx.outbox.setNetworkOnline(true)
    await fx.clock.advance(0)
    expect(
      fx.gateway
        .sends()
        .map((c) => c.deviceId)
        .sort()
    ).toEqual(['d1', 'd2'])

    clientless = false
    fx.outbox.setDeviceSendable('d3', true)
    await fx.clock.advance(0)
    expect(fx.outbox.counts().accepted).toBe(3)
  })

  it('remembers an operator pause across a restart', async () => {
    fx = makeFixture()
    fx.outbox.setPaused(true, 'd1')
    fx.outbox.setPaused(true)
    const reopened = fx.reopen()
    expect(reopened.pausedState()).toEqual({ all: true, devices: ['d1'] })
  })

  it('retries transient errors with growing backoff, and honours Retry-After for the whole device only', async () => {
    fx = makeFixture()
    fx.gateway.fail({ op: 'send', deviceId: 'd1', code: 'rate_limited', retryAfterMs: 30_000 })
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b'], entries: texts('x') })
    await fx.outbox.enqueue({ deviceId: 'd2', recipients: ['a'], entries: texts('y') })
    await fx.outbox.start()
    await fx.clock.advance(0)
    // d2 is not held back by d1's rate limit; d1's other recipient waits for Retry-After too.
    expect(fx.gateway.messages.map((m) => m.deviceId)).toEqual(['d2'])
    await fx.clock.advance(29_000)
    expect(fx.gateway.sends('d1')).toHaveLength(1)
    await fx.clock.advance(1_000)
    await fx.runUntil(() => fx.outbox.counts().accepted === 3)
    expect(fx.gateway.sends('d1')[1]!.at - fx.gateway.sends('d1')[0]!.at).toBeGreaterThanOrEqual(30_000)
  })

  it("tells the device's card of the gateway's 429 hold and its next try, and no more once it ends", async () => {
    fx = makeFixture()
    fx.gateway.fail({ op: 'send', deviceId: 'd1', code: 'rate_limited', retryAfterMs: 30_000 })
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: texts('x') })
    const waitNews: string[] = []
    fx.outbox.on('deviceWaitChanged', (deviceId) => waitNews.push(deviceId))
    await fx.outbox.start()
    await fx.clock.advance(0)
    const heldAt = fx.gateway.sends('d1')[0]!.at
    expect(fx.outbox.budgetOf('d1', () => null).gatewayHoldUntil).toBe(heldAt + 30_000)
    expect(fx.outbox.budgetOf('d2', () => null).gatewayHoldUntil).toBeNull()
    expect(waitNews).toEqual(['d1'])
    await fx.clock.advance(30_000)
    await fx.runUntil(() => fx.outbox.counts().accepted === 1)
    expect(fx.outbox.budgetOf('d1', () => null).gatewayHoldUntil).toBeNull()
    expect(waitNews).toEqual(['d1', 'd1'])
  })

  it('retries refused connections with exponential backoff, never by attempt count, until the age limit', async () => {
    fx = makeFixture({ maxAgeMs: 3_600_000, backoffCapMs: 60_000 })
    fx.gateway.fail({ op: 'send', code: 'network', causeCode: 'ECONNREFUSED', times: 10_000 })
    const { itemIds } = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: texts('x') })
    const id = itemIds[0]!
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.get(id).item.status === 'failed', { stepMs: 10_000, maxSteps: 1000 })
    const starts = fx.gateway.sends().map((c) => c.at)
    const gaps = starts.slice(1).map((at, i) => at - starts[i]!)
    // Backoff grows (1 s, 2 s, 4 s … with jitter fixed at 0.5) up to the cap, then stays there.
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!)
    expect(Math.max(...gaps)).toBeLessThanOrEqual(60_000)
    expect(starts.length).toBeGreaterThan(20)
    const { item } = fx.outbox.get(id)
    expect(item.failure?.code).toBe('expired')
    expect(fx.clock.now() - Date.parse(item.createdAt)).toBeGreaterThanOrEqual(3_600_000 - 60_000)
    // The reason in English for the CLI, and as key + params for the window in the operator's language.
    expect(item.failure?.message).toMatch(/^Gave up after retrying for 1 h; last error network: /)
    expect(item.failure?.messageKey).toBe('desktop.failure.expired')
    expect(
      coreText('id', item.failure!.message, item.failure?.messageKey, item.failure?.messageParams)
    ).toMatch(
      /^Berhenti setelah mencoba ulang selama 1 jam; galat terakhir network: gateway tidak dapat dihubungi$/
    )
  })

  it('fails permanent errors at once with the reason and the gateway message; edit and retry sends it', async () => {
    fx = makeFixture()
    fx.gateway.fail({ op: 'send', code: 'rejected', gatewayMessage: 'param invalid' })
    const { itemIds } = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['bad'], entries: texts('x') })
    const id = itemIds[0]!
    await fx.outbox.start()
    await fx.clock.advance(60_000)
    expect(fx.gateway.sends()).toHaveLength(1)
    const failed = fx.outbox.get(id).item
    expect(failed.status).toBe('failed')
    // The reason in English for the CLI, and as key + params the window words in the operator's language.
    expect(failed.failure).toMatchObject({
      code: 'rejected',
      message: 'the gateway refused the request (gateway: "param invalid")',
      messageKey: 'desktop.gateway.said',
      gatewayMessage: 'param invalid'
    })
    expect(
      coreText('id', failed.failure!.message, failed.failure?.messageKey, failed.failure?.messageParams)
    ).toBe('gateway menolak permintaan (gateway: "param invalid")')

    fx.outbox.edit(id, { recipient: '6281', text: 'fixed' })
    expect(fx.outbox.retry(id).status).toBe('queued')
    await fx.clock.advance(0)
    const { item, history } = fx.outbox.get(id)
    expect(item.status).toBe('accepted')
    expect(item.failure).toBeNull()
    expect(fx.gateway.accepted(id).map((m) => [m.phone, m.text])).toEqual([['6281', 'fixed']])
    expect(history.map((h) => h.status)).toEqual([
      'queued',
      'sending',
      'failed',
      'failed',
      'queued',
      'sending',
      'accepted'
    ])
  })

  it('pauses only the device the gateway refuses (logged out) and resumes it when the app reports it back', async () => {
    fx = makeFixture()
    fx.gateway.logOut('d1')
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b', 'c'], entries: texts('x') })
    await fx.outbox.enqueue({ deviceId: 'd2', recipients: ['a', 'b', 'c'], entries: texts('y') })
    await fx.outbox.start()
    await fx.clock.advance(0)
    expect(fx.outbox.list({ deviceId: 'd1', status: ['queued'] }).total).toBe(3)
    expect(fx.outbox.list({ deviceId: 'd1', status: ['failed'] }).total).toBe(0)
    expect(fx.outbox.list({ deviceId: 'd2', status: ['accepted'] }).total).toBe(3)
    // Only the first d1 item was tried: the refusal paused the rest of d1's queue.
    expect(fx.gateway.sends('d1')).toHaveLength(1)

    fx.gateway.logIn('d1')
    fx.outbox.setDeviceSendable('d1', true)
    await fx.clock.advance(0)
    expect(fx.outbox.list({ deviceId: 'd1', status: ['accepted'] }).total).toBe(3)
  })

  it('probes a refused device now and then, so it recovers even if nobody reports it back', async () => {
    fx = makeFixture()
    fx.gateway.logOut('d1')
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b'], entries: texts('x') })
    await fx.outbox.start()
    await fx.clock.advance(0)
    expect(fx.gateway.sends('d1')).toHaveLength(1)
    await fx.clock.advance(29_000)
    expect(fx.gateway.sends('d1')).toHaveLength(1)
    await fx.clock.advance(60_000)
    expect(fx.gateway.sends('d1').length).toBeGreaterThan(1)
    fx.gateway.logIn('d1')
    await fx.runUntil(() => fx.outbox.counts().accepted === 2, { stepMs: 60_000 })
  })

  it('writes one history row and emits one event per transition', async () => {
    fx = makeFixture()
    const { itemIds } = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: texts('x') })
    const id = itemIds[0]!
    await fx.outbox.start()
    await fx.clock.advance(0)
    const events = fx.changed.filter((e) => e.id === id).map((e) => e.status)
    expect(events).toEqual(['queued', 'sending', 'accepted'])
    expect(fx.outbox.get(id).history.map((h) => h.status)).toEqual(events)
  })

  it('stop() lets a request in flight finish and records its outcome', async () => {
    fx = makeFixture()
    fx.gateway.holdSends = true
    const { itemIds } = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: texts('x') })
    await fx.outbox.start()
    await fx.clock.advance(0)
    const stopped = fx.outbox.stop()
    fx.gateway.releaseHeld()
    await stopped
    expect(fx.outbox.get(itemIds[0]!).item.status).toBe('accepted')
  })

  it('stop() never fails or deletes queued items', async () => {
    fx = makeFixture()
    fx.outbox.setPaused(true)
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b'], entries: texts('x') })
    await fx.outbox.start()
    await fx.outbox.stop()
    expect(fx.outbox.counts()).toMatchObject({ queued: 2, failed: 0, total: 2 })
  })
})

describe("a send's deferred outcome", () => {
  it('is written on its own when the transaction it shared with the next pick fails, not left in doubt', async () => {
    let fullDiskAtPick = false
    fx = makeFixture({ tracking: false })
    // A send policy runs in the transaction that also writes the first send's answer.
    fx.outbox.addPolicy({
      name: 'full disk at the pick',
      check: (item) => {
        // Only the second item's pick: the first send goes out, and its answer waits to share that pick's commit.
        if (!fullDiskAtPick || item.id !== 'row-1') return null
        fullDiskAtPick = false
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })
      }
    })
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a'],
      entries: texts('first')
    })
    await fx.outbox.add([newTextItem('row-1', { recipient: 'b', producerTag: 'campaign:c1' })])
    fullDiskAtPick = true
    await fx.outbox.start()
    await fx.runUntil(() => fx.gateway.messages.length === 1)
    for (let turn = 0; turn < 5; turn++) await new Promise(setImmediate)
    // The pick failed and rolled back; the answer was written right after it, so the item is not in doubt.
    expect(fullDiskAtPick).toBe(false)
    const first = fx.outbox.get(itemIds[0] ?? '')
    expect(first.item.status).toBe('accepted')
    expect(first.item.gatewayId).toBe(fx.gateway.messages[0]?.id)
  })
})

describe('dispatcher cost', () => {
  /** Every statement run on the database while `work` runs (better-sqlite3 has no hook after open). */
  async function statementsDuring(db: OutboxFixture['db'], work: () => Promise<void>): Promise<string[]> {
    const run: string[] = []
    const prototype = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, unknown>
    const originals = new Map<string, unknown>()
    for (const method of ['run', 'get', 'all', 'iterate']) {
      const original = prototype[method] as (...args: unknown[]) => unknown
      originals.set(method, original)
      prototype[method] = function (this: { source: string }, ...args: unknown[]) {
        run.push(this.source)
        return original.apply(this, args)
      }
    }
    try {
      await work()
    } finally {
      for (const [method, original] of originals) prototype[method] = original
    }
    return run
  }

  it('sends with one write per transition, no read of the item around it, and one commit per send', async () => {
    fx = makeFixture({ concurrency: 4, tracking: false })
    const queue = async (count: number, text: string): Promise<void> => {
      await fx.outbox.enqueue({
        deviceId: 'd1',
        recipients: Array.from({ length: count / 4 }, (_, i) => `62811${text}${i}`),
        entries: texts('1', '2', '3', '4')
      })
    }
    // Start-up's own writes (lease, checks at start) happen before the measured sends.
    await queue(8, 'a')
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.counts().accepted === 8)
    const statements = await statementsDuring(fx.db, async () => {
      await queue(40, 'b')
      await fx.runUntil(() => fx.outbox.counts().accepted === 48)
    })
    // The UPDATE guards the transition and reads the item back (RETURNING): no SELECT of it before or after.
    const itemReads = statements.filter((sql) =>
      /^SELECT id AS id\b.* FROM outbox_items WHERE id = \?$/s.test(sql)
    )
    expect(itemReads).toEqual([])
    const itemWrites = statements.filter((sql) => /^UPDATE outbox_items SET .* WHERE id = \?/s.test(sql))
    expect(itemWrites).toHaveLength(2 * 40)
    // A send's outcome shares its commit with the next send's `sending` mark: about one fsync per send, not two.
    const commits = statements.filter((sql) => sql === 'COMMIT').length
    expect(commits).toBeLessThan(1.5 * 40)
  })
})
