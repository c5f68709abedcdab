/**
 * Attack: a misbehaving gateway. It asks for a Retry-After of 31 years (which used to fail the message at once and
 * hold its device until a restart), or redirects a request carrying a message, a file and the credential to another
 * host (which used to re-post them there). Outcome: the wait is capped at 15 min and stays backoff within the item's
 * age limit, other devices keep sending, nothing is lost or sent twice; a cross-origin redirect is refused with a
 * typed error naming the target, and the other host receives nothing.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createGatewayClient } from '../../src/main/core/gateway'
import { MAX_RETRY_AFTER_MS } from '../../src/main/core/gateway/http'
import { gatewayRejection } from '../../src/main/core/gateway/testing/gateway-rejection'
import { SAMPLE_SECRET, SAMPLE_TOKEN } from '../../src/main/core/gateway/testing/samples'
import { startWireServer, type WireServer } from '../../src/main/core/gateway/testing/wire-server'
import { makeFixture, type OutboxFixture } from '../../src/main/core/outbox/testing/outbox-fixture'

const THIRTY_ONE_YEARS_S = 999_999_999
const texts = (...values: string[]) => values.map((text) => ({ kind: 'text' as const, text }))

let gateway: WireServer
let elsewhere: WireServer
beforeAll(async () => {
  gateway = await startWireServer()
  elsewhere = await startWireServer()
})
afterAll(async () => {
  await gateway.close()
  await elsewhere.close()
})
beforeEach(() => {
  gateway.reset()
  elsewhere.reset()
})

const client = () =>
  createGatewayClient({
    baseUrl: gateway.url,
    token: SAMPLE_TOKEN,
    secret: SAMPLE_SECRET,
    restartMemory: new Map()
  })

describe('Retry-After from a misbehaving gateway', () => {
  it('a 429 asking for 999,999,999 s (or a date decades away) becomes a 15 min wait', async () => {
    gateway.route('POST /api/send-message', {
      status: 429,
      headers: { 'retry-after': String(THIRTY_ONE_YEARS_S) },
      body: { status: false, message: 'slow down' }
    })
    const error = await gatewayRejection(client().sendText({ phone: '081234567890', message: 'hi' }))
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: MAX_RETRY_AFTER_MS })
    expect(MAX_RETRY_AFTER_MS).toBe(15 * 60_000)

    gateway.route('POST /api/send-message', {
      status: 429,
      headers: { 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' },
      body: ''
    })
    const dated = await gatewayRejection(client().sendText({ phone: '081234567890', message: 'hi' }))
    expect(dated.retryAfterMs).toBe(MAX_RETRY_AFTER_MS)
  })

  describe('in the outbox', () => {
    let fx: OutboxFixture
    afterEach(() => fx.close())

    it('holds only that device, only for the capped time; every message goes out exactly once', async () => {
      fx = makeFixture()
      fx.gateway.fail({
        op: 'send',
        deviceId: 'd1',
        code: 'rate_limited',
        retryAfterMs: THIRTY_ONE_YEARS_S * 1000
      })
      await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b'], entries: texts('x') })
      await fx.outbox.enqueue({ deviceId: 'd2', recipients: ['a'], entries: texts('y') })
      await fx.outbox.start()
      await fx.clock.advance(0)
      expect(fx.gateway.messages.map((m) => m.deviceId)).toEqual(['d2'])
      expect(fx.outbox.counts().failed).toBe(0)
      await fx.clock.advance(MAX_RETRY_AFTER_MS - 1000)
      expect(fx.gateway.messages.filter((m) => m.deviceId === 'd1')).toHaveLength(0)
      await fx.clock.advance(1000)
      await fx.runUntil(() => fx.outbox.counts().accepted === 3)
      const d1 = fx.gateway.messages.filter((m) => m.deviceId === 'd1').map((m) => m.phone)
      expect(d1.sort()).toEqual(['a', 'b'])
      expect(fx.outbox.counts().failed).toBe(0)
    })

    it('a wait reaching past the age limit is one more try after the capped wait, not an instant failure', async () => {
      fx = makeFixture({ maxAgeMs: 10 * 60_000 })
      fx.gateway.fail({ op: 'send', code: 'rate_limited', retryAfterMs: THIRTY_ONE_YEARS_S * 1000 })
      const { itemIds } = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: texts('x') })
      await fx.outbox.start()
      await fx.clock.advance(0)
      expect(fx.outbox.get(itemIds[0]!).item.status).toBe('queued')
      await fx.runUntil(() => fx.outbox.counts().accepted === 1, { stepMs: 60_000 })
      const [first, second] = fx.gateway.sends('d1')
      // The device honours the (capped) wait; the item is tried again then, instead of failing at the first 429.
      expect(second!.at - first!.at).toBe(MAX_RETRY_AFTER_MS)
      expect(fx.gateway.messages).toHaveLength(1)
    })
  })
})

describe('redirects to another origin', () => {
  it('a 307 on send-message is refused naming the target; the other host receives nothing', async () => {
    gateway.route('POST /api/send-message', {
      status: 307,
      headers: { location: `${elsewhere.url}/api/send-message` },
      body: ''
    })
    elsewhere.route('POST /api/send-message', { body: { status: true, message: 'stolen' } })
    const error = await gatewayRejection(client().sendText({ phone: '081234567890', message: 'secret text' }))
    expect(error).toMatchObject({
      code: 'redirect_refused',
      kind: 'permanent',
      redirectTarget: elsewhere.url
    })
    expect(error.message).toContain(elsewhere.url)
    expect(elsewhere.requests).toHaveLength(0)
  })

  it('a 308 on a file upload is refused; the file never reaches the other host', async () => {
    gateway.route('POST /api/send-image-from-local', {
      status: 308,
      headers: { location: `${elsewhere.url}/upload` },
      body: ''
    })
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])
    const error = await gatewayRejection(
      client().sendLocalFile({
        phone: '081234567890',
        kind: 'image',
        file: { name: 'photo.jpg', mime: 'image/jpeg', bytes: jpeg }
      })
    )
    expect(error).toMatchObject({ code: 'redirect_refused', redirectTarget: elsewhere.url })
    expect(elsewhere.requests).toHaveLength(0)
  })

  it('a redirect on a credential-only call (device info) is refused too', async () => {
    gateway.route('GET /api/device/info', {
      status: 302,
      headers: { location: `${elsewhere.url}/x` },
      body: ''
    })
    const error = await gatewayRejection(client().deviceInfo())
    expect(error.code).toBe('redirect_refused')
    expect(elsewhere.requests).toHaveLength(0)
  })

  it('a redirect within the gateway is still followed, keeping a 307 POST as it was', async () => {
    gateway.route('POST /api/send-message', {
      status: 307,
      headers: { location: '/v2/api/send-message' },
      body: ''
    })
    gateway.route('POST /v2/api/send-message', {
      body: {
        status: true,
        message: 'ok',
        data: { messages: [{ id: 'm1', phone: '6281234567890', status: 'pending' }] }
      }
    })
    await client().sendText({ phone: '081234567890', message: 'hi' })
    expect(gateway.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/send-message',
      'POST /v2/api/send-message'
    ])
    expect(gateway.last().form?.['message'] ?? gateway.last().json).toBeTruthy()
  })
})

describe('what a misbehaving answer is called', () => {
  it('a 429 says its status once', async () => {
    gateway.route('POST /api/send-message', { status: 429, body: { status: false, message: 'slow down' } })
    const error = await gatewayRejection(client().sendText({ phone: '081234567890', message: 'hi' }))
    expect(error.message).toBe('send-message: the gateway asks to slow down (HTTP 429): "slow down"')
  })

  it('a JSON null where an object belongs is called null, not "object"', async () => {
    gateway.route('GET /api/device/info', { status: 200, body: 'null' })
    const error = await gatewayRejection(client().deviceInfo())
    expect(error).toMatchObject({ code: 'bad_response' })
    expect(error.message).toBe('device/info: expected a JSON object, got null')
  })
})
