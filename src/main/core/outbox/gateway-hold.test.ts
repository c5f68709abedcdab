// The gateway's 429 hold outlives the process that met it: a restart on the same database, or another process sending
// for the device (the terminal), sends nothing before the time the gateway asked for, and the record ends after it.
import { afterEach, expect, it } from 'vitest'
import { decodeNote, encodeNote } from '../../../shared/i18n/notes'
import { MAX_RETRY_AFTER_MS } from '../gateway'
import { SettingsStore } from '../store'
import { GATEWAY_RATE_LIMITED_NOTE, storedDeviceWaits } from './device-waits'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const texts = (...values: string[]) => values.map((text) => ({ kind: 'text' as const, text }))

/** One send on d1 answered 429 with Retry-After 60 s: when the gateway said the device may send again. */
async function metRateLimit(): Promise<number> {
  fx.gateway.fail({ op: 'send', deviceId: 'd1', code: 'rate_limited', retryAfterMs: 60_000 })
  await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['6281200000001'], entries: texts('first') })
  await fx.outbox.start()
  await fx.clock.advance(0)
  expect(fx.gateway.sends('d1')).toHaveLength(1)
  return fx.gateway.sends('d1')[0]!.at + 60_000
}

it('sends nothing for a device before the time the gateway asked for, after a restart on the same database', async () => {
  fx = makeFixture()
  const until = await metRateLimit()
  await fx.clock.advance(5_000)
  await fx.outbox.stop()

  // The app starts again: its devices unknown until the monitor reports them sendable (as compose wires it).
  const restarted = fx.reopen({ devicesSendableByDefault: false })
  await restarted.start()
  restarted.setDeviceSendable('d1', true)
  await restarted.enqueue({ deviceId: 'd1', recipients: ['6281200000002'], entries: texts('second') })
  await fx.clock.advance(0)
  // The window's words and the hold are one: the new row says the gateway's time, and waits for it.
  const [waiting] = restarted.list({ status: ['queued'] }).items.filter((i) => i.recipient.endsWith('0002'))
  expect(waiting?.waitReason?.messageKey).toBe('desktop.wait.gatewayRateLimited')
  expect(waiting?.nextAttemptAt).toBe(new Date(until).toISOString())

  await fx.clock.advance(until - fx.clock.now() - 1)
  expect(fx.gateway.sends('d1')).toHaveLength(1)
  await fx.runUntil(() => restarted.counts().accepted === 2)
  expect(
    Math.min(
      ...fx.gateway
        .sends('d1')
        .slice(1)
        .map((s) => s.at)
    )
  ).toBeGreaterThanOrEqual(until)
  // Passed, the hold is cleared from the record, not left to say a time gone by.
  expect(storedDeviceWaits(new SettingsStore(fx.db))).toEqual({})
})

it('keeps a held device held when it comes back or the network does, as the gateway asked', async () => {
  fx = makeFixture()
  const until = await metRateLimit()
  fx.outbox.setDeviceSendable('d1', false)
  fx.outbox.setDeviceSendable('d1', true)
  fx.outbox.setNetworkOnline(false)
  fx.outbox.setNetworkOnline(true)
  await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['6281200000002'], entries: texts('second') })
  await fx.clock.advance(until - fx.clock.now() - 1)
  expect(fx.gateway.sends('d1')).toHaveLength(1)
  const stored = storedDeviceWaits(new SettingsStore(fx.db)).d1
  expect(stored?.until).toBe(until)
  expect(decodeNote(stored?.reason ?? '')?.params).toEqual({ until: new Date(until).toISOString() })
  await fx.runUntil(() => fx.outbox.counts().accepted === 2)
})

it('holds no longer than any Retry-After could when the recorded time is far ahead (the clock was set back)', async () => {
  fx = makeFixture()
  const settings = new SettingsStore(fx.db)
  const farAhead = fx.clock.now() + 3 * 3_600_000
  settings.set('outbox.deviceWaits', {
    d1: {
      until: farAhead,
      reason: encodeNote(GATEWAY_RATE_LIMITED_NOTE, { until: new Date(farAhead).toISOString() })
    }
  })
  await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['6281200000001'], entries: texts('first') })
  await fx.outbox.start()
  await fx.clock.advance(0)
  const longest = fx.clock.now() + MAX_RETRY_AFTER_MS
  // Said again with the time it now holds to, in the record and in its words.
  const stored = storedDeviceWaits(settings).d1
  expect(stored?.until).toBe(longest)
  expect(decodeNote(stored?.reason ?? '')?.params).toEqual({ until: new Date(longest).toISOString() })
  await fx.clock.advance(MAX_RETRY_AFTER_MS - 1)
  expect(fx.gateway.sends('d1')).toHaveLength(0)
  await fx.runUntil(() => fx.outbox.counts().accepted === 1, { stepMs: 1_000 })
})
