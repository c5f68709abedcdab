// The realism knobs for the operator's bad days, all over the control routes: a send rate that gets the number
// banned, a phone away 14 days, the whole gateway unreachable, and a subscription that ends and is renewed.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEVICE_NOTES } from './device-lifecycle'
import { GATEWAY_MESSAGES } from './rejections'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'

let t: TestSandbox
let token: string

beforeEach(async () => {
  t = await openSandbox()
  token = t.sandbox.world.createDevice({ linked: true, quota: 'unlimited' }).token
})
afterEach(async () => {
  await t.close()
})

const send = (text: string) =>
  t.call('/api/send-message', { token, method: 'POST', body: form({ phone: '08123456789', message: text }) })
const info = async () => (await t.call(`/api/device/info?token=${token}`)).body.data

describe('the ban knob', () => {
  it('refuses sends over the rate, then bans the number: the device disconnects with a note', async () => {
    const set = await t.call('/__sandbox/device/ban-rate', { token, method: 'POST', body: { perMinute: 3 } })
    expect(set.body).toMatchObject({ ok: true, device: { banRatePerMinute: 3 } })
    for (const text of ['a', 'b', 'c']) expect((await send(text)).status).toBe(200)
    const tooFast = await send('d')
    expect(tooFast).toMatchObject({
      status: 429,
      body: { status: false, message: GATEWAY_MESSAGES.sendingTooFast }
    })
    expect((await send('e')).status).toBe(429)
    const banned = await send('f')
    expect(banned.body).toEqual({ status: false, message: DEVICE_NOTES.banned })
    expect(await info()).toMatchObject({ status: 'disconnected', note: DEVICE_NOTES.banned })
    // Only the three accepted sends exist.
    expect(t.sandbox.world.messages().map((m) => m.text)).toEqual(['a', 'b', 'c'])
    expect((await send('g')).body).toMatchObject({ status: false, message: GATEWAY_MESSAGES.notConnected })
  })

  it('lets a steady sender through: the rate is per minute', async () => {
    await t.call('/__sandbox/device/ban-rate', { token, method: 'POST', body: { perMinute: 2 } })
    for (let i = 0; i < 5; i++) {
      expect((await send(`m${i}`)).status).toBe(200)
      await t.clock.advance(31_000)
    }
    expect(await info()).toMatchObject({ status: 'connected' })
  })
})

describe('a phone away 14 days', () => {
  it('logs the device out, with a note; 13 days away does not', async () => {
    t.sandbox.world.goOffline(token)
    await t.clock.advance(13 * 24 * 3600_000)
    expect(await info()).toMatchObject({ status: 'disconnected', note: DEVICE_NOTES.offline })
    await t.clock.advance(24 * 3600_000)
    expect(await info()).toMatchObject({ status: 'disconnected', note: DEVICE_NOTES.awayTooLong })
    expect(t.sandbox.world.device(token)).toMatchObject({ state: 'needs-scan', linked: false })
    // Back online is no longer possible: a new scan is needed.
    expect((await t.call('/__sandbox/device/online', { token, method: 'POST' })).status).toBe(409)
  })
})

describe('the whole gateway unreachable', () => {
  it('drops gateway connections while on, keeps control routes, and answers again when off', async () => {
    expect(
      (await t.call('/__sandbox/unreachable', { method: 'POST', body: { unreachable: true } })).body
    ).toEqual({
      ok: true,
      unreachable: true
    })
    await expect(send('lost')).rejects.toThrow()
    await expect(fetch(`${t.sandbox.baseUrl}/api/device/info?token=${token}`)).rejects.toThrow()
    expect(t.sandbox.world.messages()).toEqual([])
    await t.call('/__sandbox/unreachable', { method: 'POST', body: { unreachable: false } })
    expect((await send('back')).status).toBe(200)
  })
})

describe('renewing an ended subscription', () => {
  it('undoes "end the subscription": a year more, back to the state it had', async () => {
    await t.call('/__sandbox/device/expire', { token, method: 'POST' })
    expect((await t.call(`/api/device/info?token=${token}`)).body.data).toMatchObject({ active: false })
    expect((await send('refused')).status).toBe(401)
    const renewed = await t.call('/__sandbox/device/renew', { token, method: 'POST' })
    expect(renewed.body).toMatchObject({ ok: true, device: { state: 'connected' } })
    expect(await info()).toMatchObject({ active: true, status: 'connected' })
    expect((await send('again')).status).toBe(200)
    // Renewing a running subscription is a mistake.
    expect((await t.call('/__sandbox/device/renew', { token, method: 'POST' })).status).toBe(409)
  })
})
