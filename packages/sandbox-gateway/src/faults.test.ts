// Every fault kind as a plain fetch sees it, plus times, probability, method/path matching and applyAfterHandling.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { form, openSandbox, waitUntil, type TestSandbox } from './sandbox-fixture'

let t: TestSandbox
let token: string

beforeEach(async () => {
  t = await openSandbox()
  token = t.sandbox.world.createDevice({ linked: true }).token
})
afterEach(() => t.close())

const send = (phone = '08123456789'): ReturnType<TestSandbox['call']> =>
  t.call('/api/send-message', {
    token,
    method: 'POST',
    body: form({ phone, message: 'hello', ref_id: 'r-1' })
  })

describe('fault kinds', () => {
  it('latency delays the answer by latencyMs on the injected clock', async () => {
    t.sandbox.faults.add({ path: '/api/device/info', kind: 'latency', latencyMs: 5_000 })
    let settled = false
    const pending = t.call('/api/device/info', { token }).then((res) => {
      settled = true
      return res
    })
    await waitUntil(() => t.clock.pending > 0)
    await t.clock.advance(4_999)
    expect(settled).toBe(false)
    await t.clock.advance(1)
    const res = await pending
    expect(res.body.status).toBe(true)
  })

  it('status answers 500 in the gateway envelope and 502 as an nginx page', async () => {
    t.sandbox.faults.add({ path: '/api/send-message', kind: 'status', status: 500, times: 1 })
    const first = await send()
    expect(first.status).toBe(500)
    expect(first.body).toEqual({ status: false, message: 'Server Error' })
    t.sandbox.faults.add({ path: '/api/send-message', kind: 'status', status: 502, times: 1 })
    const second = await send()
    expect(second.status).toBe(502)
    expect(second.text).toContain('502 Bad Gateway')
    expect(second.body).toBeUndefined()
    // Neither request was applied.
    expect(t.sandbox.world.messages()).toHaveLength(0)
  })

  it('rate-limit answers 429 with a Retry-After header', async () => {
    t.sandbox.faults.add({ path: '/api/send-message', kind: 'rate-limit', retryAfterSec: 7 })
    const res = await send()
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('7')
    expect(res.body.status).toBe(false)
  })

  it('hang never answers; the client gets out only by aborting', async () => {
    t.sandbox.faults.add({ path: '/api/send-message', kind: 'hang', times: 1 })
    const controller = new AbortController()
    const pending = fetch(`${t.sandbox.baseUrl}/api/send-message`, {
      method: 'POST',
      headers: { authorization: token },
      body: form({ phone: '08123456789', message: 'x' }),
      signal: controller.signal
    })
    // The rule is used up once the request reached the server.
    await waitUntil(() => t.sandbox.faults.list().length === 0)
    await t.clock.advance(60 * 60 * 1000)
    controller.abort()
    await expect(pending).rejects.toThrow(/abort/i)
    expect(t.sandbox.world.messages()).toHaveLength(0)
  })

  it('reset drops the connection so fetch rejects', async () => {
    t.sandbox.faults.add({ path: '/api/send-message', kind: 'reset' })
    await expect(send()).rejects.toThrow()
    expect(t.sandbox.world.messages()).toHaveLength(0)
  })

  it('truncate ends the body halfway: a 200 whose JSON does not parse', async () => {
    t.sandbox.faults.add({ path: '/api/device/info', kind: 'truncate' })
    const res = await t.call('/api/device/info', { token })
    expect(res.status).toBe(200)
    expect(res.text.length).toBeGreaterThan(0)
    expect(() => JSON.parse(res.text)).toThrow()
  })

  it('garbage answers a 200 "JSON" that is HTML noise', async () => {
    t.sandbox.faults.add({ path: '/api/device/info', kind: 'garbage' })
    const res = await t.call('/api/device/info', { token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(res.text).toMatch(/^<!DOCTYPE html>/)
    expect(res.body).toBeUndefined()
  })
})

describe('fault rules', () => {
  it('times: applies that many times, then the rule is gone', async () => {
    t.sandbox.faults.add({ path: '/api/send-message', kind: 'status', status: 503, times: 2 })
    expect((await send()).status).toBe(503)
    expect((await send()).status).toBe(503)
    expect((await send()).status).toBe(200)
    expect(t.sandbox.faults.list()).toEqual([])
  })

  it('probability: drawn from the seeded random, the same pattern for the same seed', async () => {
    const pattern = async (sandbox: TestSandbox, deviceToken: string): Promise<number[]> => {
      sandbox.sandbox.faults.add({ path: '*', kind: 'status', status: 500, probability: 0.5 })
      const statuses: number[] = []
      for (let i = 0; i < 24; i++)
        statuses.push((await sandbox.call('/api/device/info', { token: deviceToken })).status)
      return statuses
    }
    const first = await pattern(t, token)
    expect(first).toContain(500)
    expect(first).toContain(200)
    const other = await openSandbox()
    try {
      const otherToken = other.sandbox.world.createDevice({ linked: true }).token
      expect(await pattern(other, otherToken)).toEqual(first)
    } finally {
      await other.close()
    }
  })

  it('probability 0 never applies', async () => {
    t.sandbox.faults.add({ path: '*', kind: 'reset', probability: 0 })
    for (let i = 0; i < 5; i++) expect((await t.call('/api/device/info', { token })).status).toBe(200)
  })

  it('matches by method, by normalised path and by prefix; remove and clear take rules away', async () => {
    const faults = t.sandbox.faults
    const postOnly = faults.add({ path: '/api/send-message', method: 'post', kind: 'status', status: 500 })
    expect((await t.call(`/api/send-message?token=${token}&phone=08123456789&message=hi`)).status).toBe(200)
    expect((await t.call('//api//send-message/', { token, method: 'POST', body: form({}) })).status).toBe(500)
    expect(faults.remove(postOnly)).toBe(true)
    expect(faults.remove(postOnly)).toBe(false)

    faults.add({ path: '/api/device/*', kind: 'status', status: 500 })
    expect((await t.call('/api/device/info', { token })).status).toBe(500)
    expect((await send()).status).toBe(200)
    faults.clear()
    expect((await t.call('/api/device/info', { token })).status).toBe(200)
  })

  it('never applies to the /__sandbox/ control routes', async () => {
    t.sandbox.faults.add({ path: '*', kind: 'reset' })
    const res = await t.call('/__sandbox/messages')
    expect(res.body).toEqual({ ok: true, messages: [] })
  })

  it('rejects an invalid rule', () => {
    expect(() => t.sandbox.faults.add({ path: '*', kind: 'explode' as 'reset' })).toThrow()
    expect(() => t.sandbox.faults.add({ path: '*', kind: 'status', probability: 2 })).toThrow()
  })
})

describe('applyAfterHandling: the gateway did the work, then the answer failed', () => {
  it('status 500 after the message was accepted', async () => {
    t.sandbox.faults.add({
      path: '/api/send-message',
      kind: 'status',
      status: 500,
      applyAfterHandling: true,
      times: 1
    })
    const res = await send()
    expect(res.status).toBe(500)
    expect(t.sandbox.world.messages()).toMatchObject([{ refId: 'r-1', status: 'pending' }])
    expect(t.sandbox.world.acceptedLog()).toHaveLength(1)
  })

  it('reset after the message was accepted', async () => {
    t.sandbox.faults.add({ path: '/api/send-message', kind: 'reset', applyAfterHandling: true })
    await expect(send()).rejects.toThrow()
    expect(t.sandbox.world.messages()).toHaveLength(1)
  })

  it('truncate cuts the real answer', async () => {
    t.sandbox.faults.add({ path: '/api/send-message', kind: 'truncate', applyAfterHandling: true })
    const res = await send()
    const [message] = t.sandbox.world.messages()
    expect(message).toBeDefined()
    expect(() => JSON.parse(res.text)).toThrow()
    expect(res.text.startsWith('{"status":true,"message":"Message is pending')).toBe(true)
  })

  it('latency after the message was accepted: accepted before the answer arrives', async () => {
    t.sandbox.faults.add({
      path: '/api/send-message',
      kind: 'latency',
      latencyMs: 30_000,
      applyAfterHandling: true
    })
    let settled = false
    const pending = send().then((res) => {
      settled = true
      return res
    })
    await waitUntil(() => t.sandbox.world.messages().length === 1)
    // Two timers: the message's progress and the response delay.
    await waitUntil(() => t.clock.pending === 2)
    await t.clock.advance(29_999)
    expect(settled).toBe(false)
    await t.clock.advance(1)
    expect((await pending).body.status).toBe(true)
  })

  it('hang after the message was accepted', async () => {
    t.sandbox.faults.add({ path: '/api/send-message', kind: 'hang', applyAfterHandling: true })
    const controller = new AbortController()
    const pending = fetch(`${t.sandbox.baseUrl}/api/send-message`, {
      method: 'POST',
      headers: { authorization: token },
      body: form({ phone: '08123456789', message: 'x' }),
      signal: controller.signal
    })
    await waitUntil(() => t.sandbox.world.messages().length === 1)
    controller.abort()
    await expect(pending).rejects.toThrow(/abort/i)
  })
})

describe('faults over the control routes', () => {
  it('POST /__sandbox/faults adds a rule and DELETE clears them', async () => {
    const added = await t.call('/__sandbox/faults', {
      method: 'POST',
      body: { path: '/api/send-message', kind: 'rate-limit', retryAfterSec: 3 }
    })
    expect(added.body).toMatchObject({ ok: true, id: expect.any(String) })
    expect((await send()).status).toBe(429)
    expect((await t.call('/__sandbox/faults', { method: 'DELETE' })).body).toEqual({ ok: true })
    expect((await send()).status).toBe(200)
    const invalid = await t.call('/__sandbox/faults', { method: 'POST', body: { path: '*', kind: 'nope' } })
    expect(invalid.status).toBe(400)
    expect(invalid.body.ok).toBe(false)
  })
})
