// Send policies on the kernel: asked in order before each send; the kernel keeps each wait and its reason itself
// (an item, a producer's line on a device, or the whole device) and cancels what a policy says must never go.
import { afterEach, describe, expect, it } from 'vitest'
import { encodeNote } from '../../../shared/i18n/notes'
import { newTextItem } from '../store/testing/new-item'
import type { SendPolicy } from './policies'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const HOUR = 3_600_000

describe('send policies', () => {
  it("holds a producer's line on a device with the policy's reason, durably, while other items go", async () => {
    fx = makeFixture({ pacingMs: 0 })
    let until = 0
    const asked: string[] = []
    const pacing: SendPolicy = {
      name: 'test pacing',
      check: (item, now) => {
        asked.push(item.id)
        if (item.producerTag !== 'campaign:c1' || now >= until) return null
        return {
          wait: { until, reason: encodeNote('campaigns.wait.gap', { until: 'later' }), scope: 'producer' }
        }
      }
    }
    fx.outbox.addPolicy(pacing)
    until = fx.clock.now() + HOUR
    await fx.outbox.add([
      newTextItem('row-1', { recipient: 'a', producerTag: 'campaign:c1' }),
      newTextItem('row-2', { recipient: 'b', producerTag: 'campaign:c1' }),
      newTextItem('one-off', { recipient: 'c' })
    ])
    await fx.outbox.start()
    await fx.runUntil(() => fx.gateway.messages.length === 1)
    expect(fx.gateway.messages.map((m) => m.phone)).toEqual(['c'])
    // Both rows hold, with the reason the window words; asked once for the line, not once per row.
    for (const id of ['row-1', 'row-2']) {
      const { item } = fx.outbox.get(id)
      expect(item.status).toBe('queued')
      expect(item.waitReason).toMatchObject({ messageKey: 'campaigns.wait.gap' })
    }
    expect(asked.filter((id) => id === 'row-2')).toEqual([])
    // A restart keeps the wait (it is on disk): nothing goes before its time.
    fx.crash()
    fx.reopen({ pacingMs: 0 }).addPolicy(pacing)
    await fx.outbox.start()
    await fx.clock.advance(HOUR / 2)
    expect(fx.gateway.messages).toHaveLength(1)
    await fx.clock.advance(HOUR)
    await fx.runUntil(() => fx.gateway.messages.length === 3)
    expect(fx.outbox.get('row-1').item.waitReason).toBeUndefined()
  })

  it('cancels, with its reason in the timeline, what a policy says must never be sent', async () => {
    fx = makeFixture({ pacingMs: 0 })
    fx.outbox.addPolicy({
      name: 'opt-outs',
      check: (item) =>
        item.recipient === 'stopped'
          ? { cancel: { reason: encodeNote('desktop.note.cancelledByOperator') } }
          : null
    })
    await fx.outbox.add([newTextItem('x', { recipient: 'stopped' }), newTextItem('y', { recipient: 'fine' })])
    await fx.outbox.start()
    await fx.runUntil(() => fx.gateway.messages.length === 1)
    expect(fx.gateway.messages.map((m) => m.phone)).toEqual(['fine'])
    const { item, history } = fx.outbox.get('x')
    expect(item.status).toBe('cancelled')
    expect(history.at(-1)?.noteKey).toBe('desktop.note.cancelledByOperator')
  })

  it('holds a whole device (a daily cap) without writing its rows, and says why', async () => {
    fx = makeFixture({ pacingMs: 0 })
    // The policy counts what it let go (an answer is recorded only with the next pick, so events come too late).
    let allowed = 0
    fx.outbox.addPolicy({
      name: 'cap of 1',
      check: (_item, now) => {
        if (allowed < 1) {
          allowed++
          return null
        }
        const reason = encodeNote('campaigns.wait.dailyCap', { until: '' })
        return { wait: { until: now + HOUR, reason, scope: 'device' } }
      }
    })
    await fx.outbox.add(['a', 'b', 'c'].map((r) => newTextItem(r, { recipient: r })))
    await fx.outbox.start()
    await fx.runUntil(() => fx.gateway.messages.length === 1)
    await fx.clock.advance(HOUR / 2)
    expect(fx.gateway.messages).toHaveLength(1)
    expect(fx.outbox.deviceWait('d1')?.reason).toContain('campaigns.wait.dailyCap')
    // Nothing written to the waiting items: a cap over 10,000 rows costs no update of each.
    const stored = fx.db
      .prepare(
        'SELECT wait_reason AS reason, next_attempt_at AS nextAttemptAt FROM outbox_items WHERE id = ?'
      )
      .get('b')
    expect(stored).toEqual({ reason: null, nextAttemptAt: null })
    // Its view says when the device's wait ends, which is when it is looked at again (QA28 Q28-01).
    const deviceWait = fx.outbox.deviceWait('d1')
    expect(fx.outbox.get('b').item.nextAttemptAt).toBe(new Date(deviceWait?.until ?? 0).toISOString())
    // Yet each waiting item's view says why (QA24 Q24-05: a one-off send or a reply held by the cap said only
    // "Queued"), in a list as in its detail.
    expect(fx.outbox.get('b').item.waitReason).toMatchObject({ messageKey: 'campaigns.wait.dailyCap' })
    expect(fx.outbox.list({ status: ['queued'] }).items.map((i) => i.waitReason?.messageKey)).toEqual([
      'campaigns.wait.dailyCap',
      'campaigns.wait.dailyCap'
    ])
    // So does another process on the same data folder (the terminal's `outbox list`), which runs no send round.
    const terminal = fx.otherProcess()
    expect(terminal.get('b').item.waitReason).toMatchObject({ messageKey: 'campaigns.wait.dailyCap' })
    // Once its time has passed (before any round asks again) it says nothing more, there as here.
    fx.clock.jump(HOUR)
    expect(terminal.get('c').item.waitReason).toBeUndefined()
    expect(fx.outbox.get('c').item.waitReason).toBeUndefined()
  })
})
